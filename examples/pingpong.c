/* pingpong: latency and bandwidth between rank 0 and rank 1.
 *
 *   build/tools/gexrun/gexrun -n 2 build/examples/pingpong [-n ITERATIONS]
 *
 * Rank 0 measures, rank 1 answers (its handlers run while it waits in a barrier, which polls);
 * any further ranks only take part in the barriers. Measured:
 *   - AM Short round trip: a Request to rank 1 whose handler sends a Reply back;
 *   - RMA PutBlocking and GetBlocking of 8 bytes into rank 1's segment;
 *   - Put bandwidth from 8 B to 4 MiB, blocking (one Put at a time) and NBI (all Puts in flight,
 *     then one gex_NBI_Wait); then the last 4 MiB are read back with GetBlocking and checked.
 * MB/s is 10^6 bytes per second. Exit code 0 when the check passed.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, gethostname under -std=c11 */
#include <gasnetex.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define PING_HANDLER (GEX_AM_INDEX_BASE + 0)
#define PONG_HANDLER (GEX_AM_INDEX_BASE + 1)
#define MAX_MSG ((size_t)4 << 20)

static gex_TM_t team;
static volatile uint64_t pongs = 0;

static void ping_handler(gex_Token_t token) { gex_AM_ReplyShort0(token, PONG_HANDLER, 0); }
static void pong_handler(gex_Token_t token) {
  (void)token;
  pongs = pongs + 1; /* handlers of one rank run one at a time here: no atomic needed */
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void barrier(void) { gex_Event_Wait(gex_Coll_BarrierNB(team, 0)); }

static const char *size_name(size_t bytes, char *buf, size_t len) {
  if (bytes >= (1u << 20) && bytes % (1u << 20) == 0) snprintf(buf, len, "%zu MiB", bytes >> 20);
  else if (bytes >= 1024 && bytes % 1024 == 0) snprintf(buf, len, "%zu KiB", bytes >> 10);
  else snprintf(buf, len, "%zu B", bytes);
  return buf;
}

static void usage(const char *prog) {
  printf("usage: %s [-n ITERATIONS]\n"
         "  Run with 2 ranks: gexrun -n 2 %s  (or GASNET_PSHM_NODES=2 %s)\n"
         "  -n ITERATIONS  operations timed per latency test and per message size (default 10000;\n"
         "                 large messages use fewer, at most 256 MiB per size)\n",
         prog, prog, prog);
}

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_EP_t ep;
  gex_Client_Init(&client, &ep, &team, "pingpong", &argc, &argv, 0);
  gex_Rank_t me = gex_TM_QueryRank(team), ranks = gex_TM_QuerySize(team);

  long iters = 10000;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-n") && i + 1 < argc) {
      iters = strtol(argv[++i], NULL, 10);
    } else {
      int help = !strcmp(argv[i], "-h") || !strcmp(argv[i], "--help");
      if (me == 0 && !help) fprintf(stderr, "pingpong: unknown option '%s'\n", argv[i]);
      if (me == 0) usage(argv[0]);
      gasnet_exit(help ? 0 : 2);
    }
  }
  if (iters < 1) {
    if (me == 0) fprintf(stderr, "pingpong: -n must be at least 1\n");
    gasnet_exit(2);
  }

  gex_AM_Entry_t handlers[] = {
      {PING_HANDLER, (gex_AM_Fn_t)ping_handler, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQUEST, 0, NULL, "ping"},
      {PONG_HANDLER, (gex_AM_Fn_t)pong_handler, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REPLY, 0, NULL, "pong"},
  };
  gex_EP_RegisterHandlers(ep, handlers, sizeof handlers / sizeof handlers[0]);

  /* Every rank attaches a segment big enough for the largest message (the RMA target) plus one
   * page; the largest message shrinks if the runtime cannot give that much. */
  uintptr_t page = GASNET_PAGESIZE;
  size_t max_msg = MAX_MSG;
  while (max_msg > 8 && max_msg + page > gasnet_getMaxLocalSegmentSize()) max_msg /= 2;
  gex_Segment_t segment;
  gex_Segment_Attach(&segment, team, (uintptr_t)max_msg + page); /* collective, with a barrier */

  gex_Rank_t peer = ranks > 1 ? 1 : 0;
  void *peer_seg = NULL;
  uintptr_t peer_seg_size = 0;
  gex_Event_Wait(gex_EP_QueryBoundSegmentNB(team, peer, &peer_seg, NULL, &peer_seg_size, 0));
  barrier(); /* handlers are registered everywhere */

  char *src = (char *)malloc(max_msg), *back = (char *)malloc(max_msg);
  if (!src || !back) {
    fprintf(stderr, "pingpong: out of memory\n");
    gasnet_exit(1);
  }
  char host[64] = "?";
  gethostname(host, sizeof host);
  if (me == 0) {
    printf("libgex pingpong: rank 0 <-> rank %u (job of %u on %s), %ld iterations\n", (unsigned)peer,
           (unsigned)ranks, host, iters);
    if (ranks == 1) printf("(one rank: it talks to itself; run it with gexrun -n 2)\n");
    printf("\n  %-24s %9s %9s %14s\n", "latency", "size", "iters", "time/op (us)");
  }

  /* AM Short round trip: Request, Reply, wait for the Reply handler to count it. */
  long warmup = iters < 100 ? iters : 100;
  if (me == 0) {
    for (long i = 0; i < warmup; i++) {
      uint64_t want = pongs + 1;
      gex_AM_RequestShort0(team, peer, PING_HANDLER, 0);
      GASNET_BLOCKUNTIL(pongs == want);
    }
    double t0 = now();
    for (long i = 0; i < iters; i++) {
      uint64_t want = pongs + 1;
      gex_AM_RequestShort0(team, peer, PING_HANDLER, 0);
      GASNET_BLOCKUNTIL(pongs == want);
    }
    double t = now() - t0;
    printf("  %-24s %9s %9ld %14.3f\n", "AM Short round trip", "-", iters, 1e6 * t / iters);
  }
  barrier();

  /* 8-byte blocking Put and Get: each returns when the data is at the target (Put) or here (Get). */
  if (me == 0) {
    uint64_t word = 0x0123456789abcdefull;
    for (long i = 0; i < warmup; i++) gex_RMA_PutBlocking(team, peer, peer_seg, &word, sizeof word, 0);
    double t0 = now();
    for (long i = 0; i < iters; i++) gex_RMA_PutBlocking(team, peer, peer_seg, &word, sizeof word, 0);
    double t = now() - t0;
    printf("  %-24s %9s %9ld %14.3f\n", "RMA PutBlocking", "8 B", iters, 1e6 * t / iters);
    t0 = now();
    for (long i = 0; i < iters; i++) gex_RMA_GetBlocking(team, &word, peer, peer_seg, sizeof word, 0);
    t = now() - t0;
    printf("  %-24s %9s %9ld %14.3f\n", "RMA GetBlocking", "8 B", iters, 1e6 * t / iters);
    printf("\n  %-24s %9s %9s %14s %14s\n", "Put bandwidth", "size", "iters", "blocking MB/s", "NBI MB/s");
  }
  barrier();

  /* Put bandwidth: the same destination each time, as a streaming test does. */
  static const size_t sizes[] = {8, 64, 512, 4096, 65536, (size_t)1 << 20, (size_t)4 << 20};
  size_t last = 0;
  for (size_t k = 0; k < sizeof sizes / sizeof sizes[0] && sizes[k] <= max_msg; k++) {
    size_t size = sizes[k];
    if (me == 0) {
      long n = iters;
      long cap = (long)(((size_t)256 << 20) / size);
      if (n > cap) n = cap;
      if (n < 4) n = 4;
      for (size_t i = 0; i < size; i++) src[i] = (char)(i * 7 + size);
      gex_RMA_PutBlocking(team, peer, peer_seg, src, size, 0); /* warm-up */
      double t0 = now();
      for (long i = 0; i < n; i++) gex_RMA_PutBlocking(team, peer, peer_seg, src, size, 0);
      double tb = now() - t0;
      t0 = now();
      for (long i = 0; i < n; i++) gex_RMA_PutNBI(team, peer, peer_seg, src, size, GEX_EVENT_DEFER, 0);
      gex_NBI_Wait(GEX_EC_PUT, 0);
      double tn = now() - t0;
      char name[32];
      printf("  %-24s %9s %9ld %14.1f %14.1f\n", "", size_name(size, name, sizeof name), n,
             (double)size * n / tb / 1e6, (double)size * n / tn / 1e6);
      fflush(stdout);
    }
    last = size;
    barrier();
  }

  int ok = 1;
  if (me == 0) {
    char name[32];
    gex_RMA_GetBlocking(team, back, peer, peer_seg, last, 0);
    ok = memcmp(back, src, last) == 0;
    printf("\n  check: the last %s Put, read back from rank %u with GetBlocking: %s\n",
           size_name(last, name, sizeof name), (unsigned)peer, ok ? "intact" : "CORRUPTED");
    fflush(stdout);
  }
  barrier();
  free(src);
  free(back);
  gasnet_exit(ok ? 0 : 1);
  return 0;
}
