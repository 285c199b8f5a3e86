/* gexbench-firehose: what firehose's registration cache saves (docs/firehose.md, "Measured").
 * Rank 0 puts to rank 1 (blocking gex_RMA_PutBlocking), over ofi:
 *   GEX_TRANSPORTS=ofi FI_PROVIDER=tcp GEX_OFI_FORCE_MR_LOCAL=1 [GEX_SEGMENT_EVERYTHING=1] \
 *     gexrun -n 2 gexbench-firehose
 * and prints one line per case and size: the median and the mean time of one put, in microseconds
 * (the median: on a shared 2-core VM the mean is mostly scheduling noise).
 *   segment     the source inside rank 0's segment (the segment's registration)
 *   first       a fresh, never used heap buffer per put (a firehose miss: fi_mr_reg)
 *   repeated    the same heap buffer every time (a hit)
 *   thrash      3 buffers cycled with GASNET_FIREHOSE_MAXVICTIM_R=2 set by the caller: every put
 *               registers and evicts (what registering per operation costs)
 * With GEX_SEGMENT_EVERYTHING=1, also the destination outside rank 1's segment:
 *   remote-first     a fresh heap page of rank 1 per put (a remote miss: one AM round trip)
 *   remote-repeated  the same heap buffer of rank 1 (a remote hit, no AM)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gasnetex.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#define FRESH 256
#define ITERS 2000
#define PAGE 4096

static gex_TM_t tm;
static double samples[ITERS];

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}
static void report(const char *name, size_t n, int count) {
  double sum = 0;
  for (int i = 0; i < count; i++) sum += samples[i];
  qsort(samples, (size_t)count, sizeof samples[0], cmp);
  printf("firehose_put %-16s %6zu B  median %8.2f us  mean %8.2f us\n", name, n, samples[count / 2] * 1e6,
         sum / count * 1e6);
}
/* Times `count` puts; `put(i)` issues the i-th. */
#define TIMED(name, n, count, put_i)           \
  do {                                         \
    for (int i = 0; i < (count); i++) {        \
      double t0_ = now();                      \
      put_i;                                   \
      samples[i] = now() - t0_;                \
    }                                          \
    report(name, n, count);                    \
  } while (0)

static void barrier(void) { gex_Event_Wait(gex_Coll_BarrierNB(tm, 0)); }

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_EP_t ep;
  gex_Segment_t seg;
  if (gex_Client_Init(&client, &ep, &tm, "fhbench", &argc, &argv, 0) != GASNET_OK) return 1;
  if (gex_Segment_Attach(&seg, tm, 8 << 20) != GASNET_OK) return 1;
  const gex_Rank_t me = gex_TM_QueryRank(tm);
  void *base1 = NULL;
  gex_Segment_QueryBound(tm, 1, &base1, NULL, NULL);
  char *mine = (char *)gex_Segment_QueryAddr(seg);
  const char *ev = getenv("GEX_SEGMENT_EVERYTHING");
  const int everything = ev && atoi(ev) == 1;
  const size_t sizes[] = {8, 4096, 65536};
  /* rank 1's heap for the everything cases: FRESH pages and one 64 KiB buffer, published in its segment */
  if (me == 1) {
    uint64_t *tab = (uint64_t *)mine;
    char *fresh = (char *)aligned_alloc(PAGE, (size_t)FRESH * 3 * 65536);
    char *rep = (char *)aligned_alloc(PAGE, 65536);
    memset(fresh, 1, (size_t)FRESH * 3 * 65536);
    tab[0] = (uint64_t)(uintptr_t)fresh, tab[1] = (uint64_t)(uintptr_t)rep;
  }
  barrier();
  if (me == 0) {
    uint64_t tab[2];
    gex_RMA_GetBlocking(tm, tab, 1, base1, sizeof tab, 0);
    char *dst = (char *)base1 + 65536;
    for (unsigned si = 0; si < 3; si++) {
      const size_t n = sizes[si];
      /* in the segment */
      for (int i = 0; i < 100; i++) gex_RMA_PutBlocking(tm, 1, dst, mine + 4096, n, 0);
      TIMED("segment", n, ITERS, gex_RMA_PutBlocking(tm, 1, dst, mine + 4096, n, 0));
      /* first touch: a fresh page-aligned buffer per put */
      char *fresh = (char *)aligned_alloc(PAGE, (size_t)FRESH * (n < PAGE ? PAGE : n));
      memset(fresh, 2, (size_t)FRESH * (n < PAGE ? PAGE : n));
      TIMED("first", n, FRESH, gex_RMA_PutBlocking(tm, 1, dst, fresh + (size_t)i * (n < PAGE ? PAGE : n), n, 0));
      /* repeated: the same heap buffer (pinned by its first put) */
      TIMED("repeated", n, ITERS, gex_RMA_PutBlocking(tm, 1, dst, fresh, n, 0));
      /* thrash: 3 buffers cycled (every put a miss when MAXVICTIM_R=2) */
      TIMED("thrash", n, ITERS, gex_RMA_PutBlocking(tm, 1, dst, fresh + (size_t)(i % 3) * (n < PAGE ? PAGE : n), n, 0));
      free(fresh);
      if (everything) {
        char *rfresh = (char *)(uintptr_t)tab[0] + (size_t)si * FRESH * 65536;
        TIMED("remote-first", n, FRESH, gex_RMA_PutBlocking(tm, 1, rfresh + (size_t)i * 65536, mine + 4096, n, 0));
        char *rrep = (char *)(uintptr_t)tab[1];
        gex_RMA_PutBlocking(tm, 1, rrep, mine + 4096, n, 0);
        TIMED("remote-repeated", n, ITERS, gex_RMA_PutBlocking(tm, 1, rrep, mine + 4096, n, 0));
      }
    }
    fflush(stdout);
  }
  barrier();
  gasnet_exit(0);
  return 0;
}
