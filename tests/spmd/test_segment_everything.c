/* test_segment_everything: RMA to any address of a peer (GEX_SEGMENT_EVERYTHING=1) over the ofi
 * transport, whose target memory firehose pins at the peer (remote pins; docs/firehose.md).
 *
 *   test_segment_everything [expect=stats] [maxregion=BYTES] [vis]
 *
 * Every rank publishes, in its own segment, the addresses of buffers outside it: page-aligned heap
 * buffers of 1 to 3 pages, one larger than a firehose region (maxregion=, the test's
 * GASNET_FIREHOSE_MAXREGION_SIZE: the runtime splits it), an unaligned malloc buffer and a
 * page-aligned buffer on main's stack. For 10 rounds each rank puts into its right neighbour's
 * buffers and each owner checks every byte; then each owner refills them and the left neighbour
 * gets them back and checks every byte.
 *
 * expect=stats: also prints what GEX_STATS must show (tests/diag/diag_check.py): the RMA counts,
 * one firehose.remote.miss per region the runtime's pieces name (each pinned once, by one AM),
 * and one firehose.remote.hit per piece moved (the first touch is a miss, then its retry hits;
 * every later round hits, costing no AM). Without GEX_SEGMENT_EVERYTHING the same program would
 * die on the first put (the address is outside the segment).
 *
 * vis: first a gex_VIS_VectorPutBlocking into the neighbour's first buffer; over shared memory
 * that must end the job with the same error as the RMA put (a neighbour's memory outside its
 * segment is not mapped here). */
#include <stdint.h>
#include <stdlib.h>

#include <gasnet_vis.h>

#include "test_util.h"

#define PAGE 4096u
#define NBUF 7
#define ROUNDS 10

static gex_TM_t tm;
static gex_Rank_t me, left, right;

static void expect(const char *kind, unsigned long count, unsigned long bytes) {
  fprintf(stderr, "diag expect rank %u: %s count=%lu bytes=%lu\n", (unsigned)me, kind, count, bytes);
}

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_EP_t ep;
  test_init("SEG_EVERYTHING", &argc, &argv, &client, &ep, &tm);
  int expect_stats = 0, vis = 0;
  size_t maxregion = 256 * 1024;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "expect=stats")) expect_stats = 1;
    if (!strcmp(argv[i], "vis")) vis = 1;
    if (!strncmp(argv[i], "maxregion=", 10)) maxregion = (size_t)strtoull(argv[i] + 10, NULL, 10);
  }
  me = gex_TM_QueryRank(tm);
  gex_Rank_t np = gex_TM_QuerySize(tm);
  right = (me + 1) % np, left = (me + np - 1) % np;
  CHECK(np >= 2);
  uint64_t *seg = (uint64_t *)test_attach(tm, 64 * 1024, NULL);
  void *bases[TEST_MAX_RANKS];
  test_segment_table(tm, bases, NULL);

  /* this rank's buffers outside the segment */
  char stackbuf[2 * PAGE] __attribute__((aligned(PAGE)));
  char *buf[NBUF];
  size_t len[NBUF];
  int aligned[NBUF];
  for (int b = 0; b < 3; b++) {
    len[b] = (size_t)(b + 1) * PAGE;
    buf[b] = (char *)aligned_alloc(PAGE, len[b]);
    aligned[b] = 1;
  }
  len[3] = 2 * maxregion + 5 * PAGE; /* three pieces */
  buf[3] = (char *)aligned_alloc(PAGE, len[3]);
  aligned[3] = 1;
  len[4] = 10000;
  buf[4] = (char *)malloc(len[4] + 64) + 8; /* unaligned */
  aligned[4] = 0;
  len[5] = sizeof stackbuf;
  buf[5] = stackbuf;
  aligned[5] = 1;
  len[6] = 3 * PAGE - 100; /* an unaligned range of an aligned buffer: inside its region */
  buf[6] = buf[2] + 50;
  aligned[6] = 1;
  for (int b = 0; b < NBUF; b++) CHECK(buf[b] != NULL);
  for (int b = 0; b < NBUF; b++) seg[b] = (uint64_t)(uintptr_t)buf[b], seg[NBUF + b] = len[b];
  test_barrier(tm);

  /* the right neighbour's buffers (read from its segment: the ordinary path) */
  uint64_t theirs[2 * NBUF];
  CHECK_EQ(gex_RMA_GetBlocking(tm, theirs, right, bases[right], sizeof theirs, 0), 0);
  for (int b = 0; b < NBUF; b++) CHECK_EQ(theirs[NBUF + b], len[b]); /* every rank made the same sizes */
  if (vis) {
    static char src[64];
    gex_Memvec_t d = {(void *)(uintptr_t)theirs[0], sizeof src}, sv = {src, sizeof src};
    gex_VIS_VectorPutBlocking(tm, right, 1, &d, 1, &sv, 0);
    fprintf(stderr, "the VIS put outside the neighbour's segment was not refused\n");
    return 1;
  }

  /* the pieces the runtime cuts (a remote pin's limit, less a page) and the regions they name */
  const size_t piece = maxregion - PAGE;
  /* per buffer: pieces, and the bytes of the regions they name (each piece's range rounded out to
   * pages at the peer: what firehose pins there and counts) */
  unsigned long pieces[NBUF], region_bytes[NBUF], all_pieces = 0;
  for (int b = 0; b < NBUF; b++) {
    pieces[b] = region_bytes[b] = 0;
    for (size_t off = 0; off < len[b]; off += piece) {
      size_t n = len[b] - off < piece ? len[b] - off : piece;
      uintptr_t a = (uintptr_t)theirs[b] + off;
      uintptr_t a0 = a & ~(uintptr_t)(PAGE - 1), a1 = (a + n + PAGE - 1) & ~(uintptr_t)(PAGE - 1);
      pieces[b]++, region_bytes[b] += a1 - a0;
    }
    all_pieces += pieces[b];
  }
  unsigned long put_n = 0, put_b = 0, get_n = 0, get_b = 0, putnb_n = 0, putnb_b = 0, getnbi_n = 0, getnbi_b = 0;
  char *scratch = (char *)malloc(len[3]);
  char *local_seg_dst = (char *)seg + 4096; /* gets land in this rank's segment: no local pin question */
  CHECK(scratch != NULL);

  for (unsigned round = 0; round < ROUNDS; round++) {
    /* puts into the right neighbour's heap and stack */
    for (int b = 0; b < NBUF; b++) {
      char *dst = (char *)(uintptr_t)theirs[b];
      test_fill(scratch, len[b], test_seed(me, round, b, 1));
      if (b % 2) {
        gex_Event_Wait(gex_RMA_PutNB(tm, right, dst, scratch, len[b], GEX_EVENT_NOW, 0));
        putnb_n++, putnb_b += len[b];
      } else {
        CHECK_EQ(gex_RMA_PutBlocking(tm, right, dst, scratch, len[b], 0), 0);
        put_n++, put_b += len[b];
      }
      if (b == 2) { /* buf 6 overlaps buf 2: check buf 2 before the next put changes it */
        test_barrier(tm);
        CHECK_PATTERN(buf[2], len[2], test_seed(left, round, 2, 1));
        test_barrier(tm);
      }
    }
    test_barrier(tm);
    for (int b = 0; b < NBUF; b++)
      if (b != 2) CHECK_PATTERN(buf[b], len[b], test_seed(left, round, b, 1));
    test_barrier(tm);
    /* the owner refills; the left neighbour gets them back */
    for (int b = 0; b < 6; b++) test_fill(buf[b], len[b], test_seed(me, round, b, 2));
    test_barrier(tm);
    for (int b = 0; b < 6; b++) {
      char *src = (char *)(uintptr_t)theirs[b];
      char *dst = b == 3 ? scratch : local_seg_dst;
      memset(dst, 0, len[b]);
      if (b % 2) {
        CHECK_EQ(gex_RMA_GetNBI(tm, dst, right, src, len[b], 0), 0);
        gex_NBI_Wait(GEX_EC_GET, 0);
        getnbi_n++, getnbi_b += len[b];
      } else {
        CHECK_EQ(gex_RMA_GetBlocking(tm, dst, right, src, len[b], 0), 0);
        get_n++, get_b += len[b];
      }
      CHECK_PATTERN(dst, len[b], test_seed(right, round, b, 2));
    }
    test_barrier(tm);
  }
  (void)aligned;

  if (expect_stats) {
    /* misses: every region once (buf 6 lies inside buf 2's region, pinned before it: hits only);
     * hits: every piece every round, puts (all buffers) and gets (all but buf 6) */
    unsigned long miss_n = 0, miss_b = 0, hit_n = 0, hit_b = 0;
    for (int b = 0; b < NBUF; b++) {
      if (b != 6) miss_n += pieces[b], miss_b += region_bytes[b];
      unsigned long uses = b == 6 ? ROUNDS : 2 * ROUNDS;
      hit_n += uses * pieces[b], hit_b += uses * region_bytes[b];
    }
    expect("rma.put.blocking", put_n, put_b);
    expect("rma.put.nb", putnb_n, putnb_b);
    expect("rma.get.blocking", get_n + 1, get_b + sizeof theirs); /* + the address table */
    expect("rma.get.nbi", getnbi_n, getnbi_b);
    expect("firehose.remote.miss", miss_n, miss_b);
    expect("firehose.remote.hit", hit_n, hit_b);
  }
  TEST_LOG("rank %u: %lu pieces per round", (unsigned)me, all_pieces);
  test_barrier(tm);
  test_finish(tm, "test_segment_everything");
  return 0;
}
