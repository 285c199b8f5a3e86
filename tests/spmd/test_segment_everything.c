/* test_segment_everything: RMA to any address of a peer (GEX_SEGMENT_EVERYTHING=1) over the ofi
 * transport, whose target memory firehose pins at the peer (remote pins; docs/firehose.md).
 *
 *   test_segment_everything [expect=stats] [maxregion=BYTES] [vis | visok]
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
 * segment is not mapped here).
 *
 * visok (over ofi, where VIS reaches any address of a peer): first VIS into the neighbour's heap
 * and stack: a vector put of two pieces, an indexed get of them back, and a strided put of 8
 * rows of 100 bytes a page apart; the owner checks every byte of what it was sent, and the
 * bytes around it stay as they were. */
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
  int expect_stats = 0, vis = 0, visok = 0;
  size_t maxregion = 256 * 1024;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "expect=stats")) expect_stats = 1;
    if (!strcmp(argv[i], "vis")) vis = 1;
    if (!strcmp(argv[i], "visok")) visok = 1;
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

  char *local_seg_dst = (char *)seg + 4096; /* gets land in this rank's segment: no local pin question */
  if (visok) {
    char *local = local_seg_dst;
    static char vsrc[2][1000], rows[8 * 100];
    test_fill(vsrc[0], sizeof vsrc[0], test_seed(me, 100, 1, 0));
    test_fill(vsrc[1], sizeof vsrc[1], test_seed(me, 100, 5, 0));
    test_fill(rows, sizeof rows, test_seed(me, 100, 3, 0));
    for (int b = 0; b < 6; b++) memset(buf[b], 0x5c, len[b]);
    test_barrier(tm);
    /* vector put: 1000 bytes into the neighbour's heap (buf 1), 1000 into its stack (buf 5) */
    char *h = (char *)(uintptr_t)theirs[1] + 100, *st = (char *)(uintptr_t)theirs[5] + 3000;
    gex_Memvec_t dv[2] = {{h, 1000}, {st, 1000}}, sv[2] = {{vsrc[0], 1000}, {vsrc[1], 1000}};
    CHECK_EQ(gex_VIS_VectorPutBlocking(tm, right, 2, dv, 2, sv, 0), 0);
    /* strided put: 8 rows (elements) of 100 bytes, a page apart in the neighbour's buf 3 */
    const ptrdiff_t dstrides[1] = {PAGE}, sstrides[1] = {100};
    const size_t count[1] = {8};
    CHECK_EQ(gex_VIS_StridedPutBlocking(tm, right, (char *)(uintptr_t)theirs[3] + 7, dstrides, rows, sstrides, 100,
                                        count, 1, 0), 0);
    test_barrier(tm);
    CHECK_PATTERN(buf[1] + 100, 1000, test_seed(left, 100, 1, 0));
    CHECK_PATTERN(buf[5] + 3000, 1000, test_seed(left, 100, 5, 0));
    for (size_t i = 0; i < len[1]; i++)
      if (i < 100 || i >= 1100) CHECKF(buf[1][i] == 0x5c, "heap byte %zu around the VIS piece changed", i);
    for (int r = 0; r < 8; r++) {
      CHECK_PATTERN_AT(buf[3] + 7 + (size_t)r * PAGE, 100, test_seed(left, 100, 3, 0), (size_t)r * 100);
      CHECKF(buf[3][(size_t)r * PAGE + 6] == 0x5c && buf[3][(size_t)r * PAGE + 107] == 0x5c,
             "bytes around strided row %d changed", r);
    }
    test_barrier(tm);
    /* indexed get of both pieces back, into this rank's segment */
    void *srcl[2] = {h, st}, *dstl[1] = {local};
    memset(local, 0, 2000);
    CHECK_EQ(gex_VIS_IndexedGetBlocking(tm, 1, dstl, 2000, right, 2, srcl, 1000, 0), 0);
    CHECK_PATTERN(local, 1000, test_seed(me, 100, 1, 0));
    CHECK_PATTERN(local + 1000, 1000, test_seed(me, 100, 5, 0));
    test_barrier(tm);
    TEST_LOG("rank %u: VIS to the neighbour's heap and stack checked", (unsigned)me);
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
