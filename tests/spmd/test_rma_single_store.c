/* A naturally aligned RMA of 1, 2, 4 or 8 bytes is one store (put) or one load (get), on every
 * path: never a memcpy, which for 2..8 bytes stores (and loads) the same bytes twice, so that a
 * writer interrupted between the two stores undoes a peer's newer write (test_rma_handover.c
 * shows the effect, which needs millions of handovers to appear; this test checks the cause
 * deterministically).
 *
 * The program defines memcpy and memmove itself, so every call the library makes to them lands
 * here (an executable's definition takes precedence over libc's), and records the calls that
 * move 1, 2, 4 or 8 aligned bytes into or out of a segment of the job. Then it does puts and
 * gets of those widths in every form (Blocking, NB, NBI, Val, VIS) to its neighbour; with
 * GEX_FORCE_AM=1 the copy happens in the target's handler, which is checked the same way. No
 * such call may be seen on any rank.
 */
#include "test_util.h"

#include <gasnet_vis.h>

static struct {
  uintptr_t lo, hi;
} g_segs[TEST_MAX_RANKS * 2];
static int g_nsegs = 0;
static volatile long g_small_copies = 0;
static volatile size_t g_last_width = 0;

static int in_a_segment(const void *p) {
  const uintptr_t a = (uintptr_t)p;
  for (int i = 0; i < g_nsegs; ++i)
    if (a >= g_segs[i].lo && a < g_segs[i].hi) return 1;
  return 0;
}

static void note(void *d, const void *s, size_t n) {
  if ((n == 1 || n == 2 || n == 4 || n == 8) && g_nsegs) {
    const uintptr_t da = (uintptr_t)d, sa = (uintptr_t)s;
    if ((in_a_segment(d) && da % n == 0) || (in_a_segment(s) && sa % n == 0)) {
      g_small_copies++;
      g_last_width = n;
    }
  }
}

/* Byte loops through volatile pointers: the compiler must not turn them back into memcpy. */
void *memmove(void *d, const void *s, size_t n) {
  note(d, s, n);
  volatile unsigned char *dp = (volatile unsigned char *)d;
  const volatile unsigned char *sp = (const volatile unsigned char *)s;
  if (dp < sp) {
    for (size_t i = 0; i < n; ++i) dp[i] = sp[i];
  } else {
    for (size_t i = n; i > 0; --i) dp[i - 1] = sp[i - 1];
  }
  return d;
}
void *memcpy(void *d, const void *s, size_t n) { return memmove(d, s, n); }

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_EP_t ep;
  gex_TM_t tm;
  test_init("rma_single_store", &argc, &argv, &client, &ep, &tm);
  gex_Segment_t seg;
  test_attach(tm, 1 << 16, &seg);
  const gex_Rank_t me = gex_TM_QueryRank(tm), n = gex_TM_QuerySize(tm);
  const gex_Rank_t peer = (me + 1) % n;
  void *bases[TEST_MAX_RANKS];
  uintptr_t sizes[TEST_MAX_RANKS];
  test_segment_table(tm, bases, sizes);
  for (gex_Rank_t r = 0; r < n; ++r) {
    void *owner = NULL, *local = NULL;
    uintptr_t size = 0;
    if (gex_Segment_QueryBound(tm, r, &owner, &local, &size) != 0) continue;
    g_segs[g_nsegs].lo = (uintptr_t)owner, g_segs[g_nsegs].hi = (uintptr_t)owner + size, ++g_nsegs;
    if (local && local != owner) g_segs[g_nsegs].lo = (uintptr_t)local, g_segs[g_nsegs].hi = (uintptr_t)local + size, ++g_nsegs;
  }
  test_barrier(tm);

  char *remote = (char *)bases[peer];
  uint64_t local_buf[4] = {0};
  static const size_t widths[] = {1, 2, 4, 8};
  for (size_t w = 0; w < 4; ++w) {
    const size_t width = widths[w];
    char *dst = remote + 64 * (w + 1);
    const uint64_t value = 0x0102030405060708ull;
    gex_RMA_PutBlocking(tm, peer, dst, &value, width, 0);
    gex_RMA_GetBlocking(tm, local_buf, peer, dst, width, 0);
    gex_Event_Wait(gex_RMA_PutNB(tm, peer, dst, &value, width, GEX_EVENT_DEFER, 0));
    gex_Event_Wait(gex_RMA_GetNB(tm, local_buf, peer, dst, width, 0));
    gex_RMA_PutNBI(tm, peer, dst, &value, width, GEX_EVENT_DEFER, 0);
    gex_RMA_GetNBI(tm, local_buf, peer, dst, width, 0);
    gex_NBI_Wait(GEX_EC_ALL, 0);
    gex_RMA_PutBlockingVal(tm, peer, dst, value, width, 0);
    CHECK_EQ(gex_RMA_GetBlockingVal(tm, peer, dst, width, 0), value & (width == 8 ? ~0ull : ((1ull << (8 * width)) - 1)));
    gex_Event_Wait(gex_RMA_PutNBVal(tm, peer, dst, value, width, 0));
    gex_RMA_PutNBIVal(tm, peer, dst, value, width, 0);
    gex_NBI_Wait(GEX_EC_ALL, 0);
    /* VIS: one element of `width` bytes. */
    void *dsts[1] = {dst};
    size_t dstlens[1] = {width};
    void *srcs[1] = {(void *)&value};
    size_t srclens[1] = {width};
    gex_VIS_VectorPutBlocking(tm, peer, 1, (gex_Memvec_t[]){{dsts[0], dstlens[0]}}, 1,
                              (gex_Memvec_t[]){{srcs[0], srclens[0]}}, 0);
    gex_VIS_VectorGetBlocking(tm, 1, (gex_Memvec_t[]){{local_buf, width}}, peer, 1, (gex_Memvec_t[]){{dst, width}}, 0);
    CHECKF(g_small_copies == 0, "width %zu: %ld copies of %zu aligned bytes into or out of a segment went through memcpy",
           width, (long)g_small_copies, (size_t)g_last_width);
  }
  test_barrier(tm); /* with GEX_FORCE_AM=1 the targets' handlers have run by now */
  CHECKF(g_small_copies == 0, "%ld small aligned copies into or out of a segment went through memcpy (last: %zu bytes)",
         (long)g_small_copies, (size_t)g_last_width);
  test_finish(tm, "rma_single_store");
  return 0;
}
