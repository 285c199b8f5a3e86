/* test_firehose_local: RMA whose local buffer lies outside every segment (heap, stack), many
 * times, over a transport that must register local buffers (the ofi transport under
 * GEX_OFI_FORCE_MR_LOCAL=1 or a provider with FI_MR_LOCAL): firehose's local pins (docs/firehose.md).
 *
 *   test_firehose_local [budget=B] [expect=firehose|trace|none]
 *
 * Every rank puts to and gets from its own slice of its right neighbour's segment, from and into
 * page-aligned heap buffers and a page-aligned stack buffer, and checks every byte it gets back:
 *  phase 1, reuse: a working set of 11 regions (fits the budget), 20 rounds of NBI batches and
 *    blocking put/get: each region must be registered once, every later use is a hit;
 *  phase 2, eviction: 20 more one-page buffers, B+4 > the budget, cycled 3 times with blocking
 *    ops: least-recently-used victims, never more than B registrations at once (the transport
 *    checks that at every move);
 *  in-segment and oversized buffers: never firehose (the segment's registration; a registration for
 *    the one operation).
 * Every byte received is checked. With expect=firehose the program also runs a model of the region
 * variant's local cache (LRU, budget B = GASNET_FIREHOSE_MAXVICTIM_R) and prints what the statistics
 * must show ("diag expect rank R: KIND count=C bytes=B", checked by tests/diag/diag_check.py):
 * exactly one registration per region while the working set fits, the hits, the victims.
 * expect=trace: the kinds GEX_TRACE records as events (RMA, and one firehose.move per registration
 * change). expect=none: only the RMA counts (no firehose line may appear: checked by --absent). */
#include <stdlib.h>

#include "test_util.h"

#define PAGE 4096u
#define MAXREG 64

/* ---- the model: firehose's region-variant local cache, one region per buffer ---------------- */
static struct {
  uintptr_t addr[MAXREG];
  size_t len[MAXREG];
  int refc[MAXREG];
  int cached[MAXREG];
  int fifo[MAXREG]; /* idle regions, least recently released first */
  int nfifo, counted, budget;
} M;
static unsigned long hit_n, hit_b, miss_n, miss_b, pin_n, pin_b, unpin_n, unpin_b, move_n, move_b;
static int nregions;

static int model_region(void *addr, size_t len) {
  CHECK(nregions < MAXREG);
  M.addr[nregions] = (uintptr_t)addr, M.len[nregions] = len;
  return nregions++;
}
static void fifo_remove(int r) {
  int i = 0;
  while (M.fifo[i] != r) i++;
  for (; i + 1 < M.nfifo; i++) M.fifo[i] = M.fifo[i + 1];
  M.nfifo--;
}
static void model_pin(int r) {
  if (M.cached[r]) {
    if (M.refc[r]++ == 0) fifo_remove(r);
    hit_n++, hit_b += M.len[r];
    return;
  }
  /* a miss: one move that pins it and unpins the least recently released while over budget */
  M.cached[r] = 1, M.refc[r] = 1, M.counted++;
  miss_n++, miss_b += M.len[r];
  pin_n++, pin_b += M.len[r];
  move_n++, move_b += M.len[r];
  while (M.counted > M.budget) {
    CHECKF(M.nfifo > 0, "model: the budget of %d regions is too small for the pins in use", M.budget);
    int v = M.fifo[0];
    fifo_remove(v);
    M.cached[v] = 0, M.counted--;
    unpin_n++, unpin_b += M.len[v];
    move_b += M.len[v];
  }
}
static void model_release(int r) {
  if (--M.refc[r] == 0) M.fifo[M.nfifo++] = r;
}

/* ---- the workload ---------------------------------------------------------------------------- */
static gex_TM_t tm;
static gex_Rank_t me, peer;
static char *remote; /* this rank's slice of the peer's segment */
static unsigned long put_b_n, put_b_b, get_b_n, get_b_b, put_i_n, put_i_b, get_i_n, get_i_b;

/* The part of a buffer an operation moves: it starts inside the first page and ends inside the last
 * one, so the range rounds out to exactly the buffer's pages (its region). */
static size_t range_off(unsigned k) { return 1 + (k * 37u) % 2000; }
static size_t range_len(size_t len, unsigned k) { return len - range_off(k) - (k * 53u) % 2000; }

static void put_blocking(char *src, size_t n, size_t roff) {
  CHECK_EQ(gex_RMA_PutBlocking(tm, peer, remote + roff, src, n, 0), 0);
  put_b_n++, put_b_b += n;
}
static void get_blocking(char *dst, size_t n, size_t roff) {
  CHECK_EQ(gex_RMA_GetBlocking(tm, dst, peer, remote + roff, n, 0), 0);
  get_b_n++, get_b_b += n;
}

/* A blocking round trip through region `sr` (source) and `dr` (destination, of the same size): the
 * pins happen in program order and each is released before the next op pins (the model's order). */
static void round_trip(int sr, int dr, size_t roff, uint64_t seed, unsigned k) {
  CHECK_EQ(M.len[sr], M.len[dr]);
  char *src = (char *)M.addr[sr], *dst = (char *)M.addr[dr];
  size_t off = range_off(k), n = range_len(M.len[sr], k), doff = off;
  test_fill(src + off, n, seed);
  model_pin(sr);
  put_blocking(src + off, n, roff);
  model_release(sr);
  memset(dst + doff, 0xEE, n);
  model_pin(dr);
  get_blocking(dst + doff, n, roff);
  model_release(dr);
  CHECK_PATTERN(dst + doff, n, seed);
}

static int parse_arg(int argc, char **argv, const char *key, const char *dflt, char *out, size_t outn) {
  size_t kl = strlen(key);
  snprintf(out, outn, "%s", dflt);
  for (int i = 1; i < argc; i++)
    if (!strncmp(argv[i], key, kl) && argv[i][kl] == '=') {
      snprintf(out, outn, "%s", argv[i] + kl + 1);
      return 1;
    }
  return 0;
}

static void expect(const char *kind, unsigned long count, unsigned long bytes) {
  fprintf(stderr, "diag expect rank %u: %s count=%lu bytes=%lu\n", (unsigned)me, kind, count, bytes);
}

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_EP_t ep;
  test_init("FH_LOCAL", &argc, &argv, &client, &ep, &tm);
  char arg[64];
  parse_arg(argc, argv, "budget", "16", arg, sizeof arg);
  M.budget = atoi(arg);
  parse_arg(argc, argv, "expect", "none", arg, sizeof arg);
  const int expect_fh = !strcmp(arg, "firehose"), expect_trace = !strcmp(arg, "trace");
  me = gex_TM_QueryRank(tm);
  gex_Rank_t np = gex_TM_QuerySize(tm);
  peer = (me + 1) % np;
  const size_t slice = 512 * 1024;
  char *seg = (char *)test_attach(tm, slice * np, NULL);
  void *bases[TEST_MAX_RANKS];
  test_segment_table(tm, bases, NULL);
  remote = (char *)bases[peer] + slice * me;
  test_barrier(tm);

  /* phase 1: 6 sources, 4 destinations on the heap (dst[j] as large as src[j]), one stack buffer
   * for both directions */
  char stackbuf[2 * PAGE] __attribute__((aligned(PAGE)));
  int src[6], dst[4], stk;
  for (int i = 0; i < 6; i++) {
    size_t len = (size_t)(i % 3 + 1) * PAGE;
    char *b = (char *)aligned_alloc(PAGE, len);
    CHECK(b != NULL);
    src[i] = model_region(b, len);
  }
  for (int j = 0; j < 4; j++) {
    size_t len = (size_t)(j % 3 + 1) * PAGE;
    char *b = (char *)aligned_alloc(PAGE, len);
    CHECK(b != NULL);
    dst[j] = model_region(b, len);
  }
  stk = model_region(stackbuf, sizeof stackbuf);
  CHECK(((uintptr_t)stackbuf & (PAGE - 1)) == 0);

  for (unsigned round = 0; round < 20; round++) {
    /* NBI batches: several pins held at once (all fit the budget, so no victims here) */
    for (int i = 0; i < 6; i++) {
      char *b = (char *)M.addr[src[i]];
      size_t off = range_off(round + i), n = range_len(M.len[src[i]], round + i);
      test_fill(b + off, n, test_seed(me, round, i, 1));
      model_pin(src[i]);
      CHECK_EQ(gex_RMA_PutNBI(tm, peer, remote + (size_t)i * 16384, b + off, n, GEX_EVENT_DEFER, 0), 0);
      put_i_n++, put_i_b += n;
    }
    gex_NBI_Wait(GEX_EC_PUT, 0);
    for (int i = 0; i < 6; i++) model_release(src[i]);
    size_t got_n[4];
    for (int j = 0; j < 4; j++) {
      char *b = (char *)M.addr[dst[j]];
      size_t off = range_off(round + j), n = range_len(M.len[dst[j]], round + j);
      got_n[j] = n;
      memset(b + off, 0xEE, n);
      model_pin(dst[j]);
      CHECK_EQ(gex_RMA_GetNBI(tm, b + off, peer, remote + (size_t)j * 16384, n, 0), 0);
      get_i_n++, get_i_b += n;
    }
    gex_NBI_Wait(GEX_EC_GET, 0);
    for (int j = 0; j < 4; j++) {
      model_release(dst[j]);
      CHECK_PATTERN((char *)M.addr[dst[j]] + range_off(round + j), got_n[j], test_seed(me, round, j, 1));
    }
    /* blocking: every region in a fixed order (which also fixes the order of the idle FIFO) */
    for (int i = 0; i < 6; i++) round_trip(src[i], dst[i % 3], 128 * 1024 + (size_t)i * 16384, test_seed(me, round, i, 2), round + i);
    round_trip(stk, stk, 256 * 1024, test_seed(me, round, 0, 3), round);
    /* from and into this rank's own segment (its own slice, which no peer writes): the segment's
     * registration, never a firehose pin */
    test_fill(seg + slice * me, 3000, test_seed(me, round, 0, 4));
    put_blocking(seg + slice * me, 3000, 300 * 1024);
    memset(seg + slice * me + 8192, 0, 3000);
    get_blocking(seg + slice * me + 8192, 3000, 300 * 1024);
    CHECK_PATTERN(seg + slice * me + 8192, 3000, test_seed(me, round, 0, 4));
  }

  /* larger than a firehose region (GASNET_FIREHOSE_MAXREGION_SIZE=64KB in the test): registered
   * for the one operation, not cached */
  {
    size_t big = 96 * 1024;
    char *b = (char *)malloc(big);
    CHECK(b != NULL);
    for (unsigned k = 0; k < 3; k++) {
      test_fill(b, big, test_seed(me, k, 7, 5));
      put_blocking(b, big, 320 * 1024);
      memset(b, 0, big);
      get_blocking(b, big, 320 * 1024);
      CHECK_PATTERN(b, big, test_seed(me, k, 7, 5));
    }
    free(b);
  }

  /* phase 2: more one-page buffers than the budget, cycled: least-recently-used victims */
  int ev[MAXREG];
  const int W = M.budget + 4;
  CHECK(nregions + W <= MAXREG);
  for (int w = 0; w < W; w++) {
    char *b = (char *)aligned_alloc(PAGE, PAGE);
    CHECK(b != NULL);
    ev[w] = model_region(b, PAGE);
  }
  for (unsigned round = 0; round < 3; round++)
    for (int w = 0; w < W; w++) round_trip(ev[w], ev[(w + 1) % W], 400 * 1024, test_seed(me, round, w, 6), round + w);

  test_barrier(tm);
  expect("rma.put.blocking", put_b_n, put_b_b);
  expect("rma.get.blocking", get_b_n, get_b_b);
  expect("rma.put.nbi", put_i_n, put_i_b);
  expect("rma.get.nbi", get_i_n, get_i_b);
  if (expect_fh) {
    expect("firehose.local.hit", hit_n, hit_b);
    expect("firehose.local.miss", miss_n, miss_b);
    expect("firehose.pin", pin_n, pin_b);
    if (unpin_n) expect("firehose.unpin", unpin_n, unpin_b);
  }
  if (expect_fh || expect_trace) expect("firehose.move", move_n, move_b); /* the one traced kind */
  TEST_LOG("rank %u: %d regions, %lu hits, %lu misses, %lu registrations, %lu victims (budget %d)", (unsigned)me,
           nregions, hit_n, miss_n, pin_n, unpin_n, M.budget);
  test_barrier(tm);
  test_finish(tm, "test_firehose_local");
  return 0;
}
