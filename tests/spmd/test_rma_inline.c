/* The inline fast path of gasnetex.h (docs/internals.md, "Inline fast path"): in a release
 * build, puts and gets on the primordial team to a load/store peer are loads and stores in this
 * program's own code, and everything else calls the library.
 *
 *  - the RMA entry points are function-like macros here, and &gex_RMA_PutBlocking still names
 *    the library's function;
 *  - the variables it reads are the last cache line of a block at the start of a page, and this
 *    program's own zero-initialized globals follow the block, the peer map starts half way into
 *    a page (all away from the offsets a copy to a page-aligned buffer stores to);
 *  - gexi_fast_map is set once the segments are known when the job reaches every peer by
 *    load/store, and NULL with statistics or tracing on (GEX_STATS, GEX_TRACE: they must see
 *    every transfer), under GEX_SEGMENT_EVERYTHING (the inline path does not test the range) or
 *    with GEX_FORCE_AM=1 (no peer is load/store);
 *  - every form (Blocking, NB, NBI, the Val forms) moves the right bytes for sizes 1..600 (every
 *    size to 16, then both sides of the inline copy's boundaries) at every alignment, through
 *    the fast path, through a split team (the library) and through the library's own function
 *    pointers, checked byte for byte at the owner.
 */
#include "test_util.h"

#if !defined(gex_RMA_PutBlocking) || !defined(gex_RMA_GetNB) || !defined(gex_RMA_PutNBVal)
#error "a release build with GCC should get gasnetex.h's inline RMA fast path"
#endif

static gex_TM_t tm;
static gex_Rank_t me, np;
static char *seg;
static const size_t kArea = 32768;

/* Sizes: every one to 16 (the single-word cases and memcpy), then both sides of each boundary of
 * the inline copy (16-byte pieces to 64 bytes, memcpy above; VIS pieces to 128). */
enum { kMaxSize = 600 };
static size_t next_size(size_t n) {
  static const size_t larger[] = {17, 24, 31, 32, 33, 40, 47, 48, 49, 63, 64, 65, 80,
                                  96, 97, 100, 113, 127, 128, 129, 513, kMaxSize, 0};
  if (n < 16) return n + 1;
  for (size_t i = 0; larger[i]; ++i)
    if (larger[i] > n) return larger[i];
  return kMaxSize + 1;
}

static unsigned char pattern(gex_Rank_t from, size_t off, unsigned round) {
  return (unsigned char)(test_mix64(((uint64_t)from << 40) ^ ((uint64_t)round << 20) ^ off) & 0xff);
}

/* Rank `me` writes into its slice of every peer's area with `how`, then every owner checks. */
typedef void (*put_fn)(gex_TM_t t, gex_Rank_t peer, void *dest, const void *src, size_t n);

static void put_blocking(gex_TM_t t, gex_Rank_t p, void *d, const void *s, size_t n) { gex_RMA_PutBlocking(t, p, d, s, n, 0); }
static void put_nbi(gex_TM_t t, gex_Rank_t p, void *d, const void *s, size_t n) {
  gex_Event_t lc = (gex_Event_t)(uintptr_t)0x77;
  CHECK_EQ(gex_RMA_PutNBI(t, p, d, s, n, &lc, 0), 0);
  gex_NBI_Wait(GEX_EC_PUT, 0);
  gex_Event_Wait(lc);
}
static void put_nb(gex_TM_t t, gex_Rank_t p, void *d, const void *s, size_t n) {
  gex_Event_t lc = (gex_Event_t)(uintptr_t)0x77;
  gex_Event_Wait(gex_RMA_PutNB(t, p, d, s, n, &lc, 0));
  gex_Event_Wait(lc);
}
static void put_val(gex_TM_t t, gex_Rank_t p, void *d, const void *s, size_t n) {
  if (n > sizeof(gex_RMA_Value_t)) return put_blocking(t, p, d, s, n);
  gex_RMA_Value_t v = 0;
  memcpy(&v, s, n); /* little endian: the low-order n bytes */
  switch ((uintptr_t)d % 3) {
    case 0: CHECK_EQ(gex_RMA_PutBlockingVal(t, p, d, v, n, 0), 0); break;
    case 1: CHECK_EQ(gex_RMA_PutNBIVal(t, p, d, v, n, 0), 0); gex_NBI_Wait(GEX_EC_PUT, 0); break;
    default: gex_Event_Wait(gex_RMA_PutNBVal(t, p, d, v, n, 0)); break;
  }
}
static void put_library(gex_TM_t t, gex_Rank_t p, void *d, const void *s, size_t n) {
  int (*fn)(gex_TM_t, gex_Rank_t, void *, const void *, size_t, gex_Flags_t) = &gex_RMA_PutBlocking;
  CHECK_EQ(fn(t, p, d, s, n, 0), 0);
}

static void get_check(gex_TM_t t, gex_Rank_t p, const unsigned char *at, const unsigned char *expect, size_t n, int form) {
  unsigned char got[kMaxSize];
  memset(got, 0xee, sizeof got);
  switch (form) {
    case 0: CHECK_EQ(gex_RMA_GetBlocking(t, got, p, (void *)at, n, 0), 0); break;
    case 1: CHECK_EQ(gex_RMA_GetNBI(t, got, p, (void *)at, n, 0), 0); gex_NBI_Wait(GEX_EC_GET, 0); break;
    case 2: gex_Event_Wait(gex_RMA_GetNB(t, got, p, (void *)at, n, 0)); break;
    default:
      if (n <= sizeof(gex_RMA_Value_t)) {
        gex_RMA_Value_t v = gex_RMA_GetBlockingVal(t, p, (void *)at, n, 0);
        memcpy(got, &v, n);
      } else {
        CHECK_EQ((gex_RMA_GetBlocking)(t, got, p, (void *)at, n, 0), 0);
      }
  }
  CHECKF(memcmp(got, expect, n) == 0, "get form %d of %zu bytes from rank %u: wrong bytes", form, n, (unsigned)p);
}

/* One round: every rank puts a pattern into its own slice of every rank's area (sizes 1..600 at
 * every alignment, one form per round), then every owner checks its area and every rank reads
 * the peers' areas back with every get form. `team` may be a split team: ranks are then
 * translated, but the bytes must be the same. */
static void round_trip(gex_TM_t team, put_fn how, unsigned round) {
  const gex_Rank_t tsize = gex_TM_QuerySize(team);
  const size_t slice = kArea / (size_t)np;
  unsigned char src[kMaxSize];
  for (gex_Rank_t tp = 0; tp < tsize; ++tp) {
    const gex_Rank_t jr = gex_TM_TranslateRankToJobrank(team, tp);
    void *remote = NULL;
    CHECK(gex_Segment_QueryBound(tm, jr, &remote, NULL, NULL) == 0);
    size_t off = (size_t)me * slice;
    for (size_t n = 1; n <= kMaxSize && off + n + 8 <= ((size_t)me + 1) * slice; n = next_size(n)) {
      for (size_t k = 0; k < n; ++k) src[k] = pattern(me, off + k, round);
      how(team, tp, (char *)remote + off, src, n);
      off += n + (n % 7); /* every alignment in turn */
    }
  }
  test_barrier(tm);
  /* The owner checks what each writer left in its slice. */
  for (gex_Rank_t w = 0; w < np; ++w) {
    size_t off = (size_t)w * slice;
    for (size_t n = 1; n <= kMaxSize && off + n + 8 <= ((size_t)w + 1) * slice; n = next_size(n)) {
      if (gex_TM_TranslateJobrankToRank(team, w) != GEX_RANK_INVALID && gex_TM_TranslateJobrankToRank(team, me) != GEX_RANK_INVALID)
        for (size_t k = 0; k < n; ++k)
          CHECKF((unsigned char)seg[off + k] == pattern(w, off + k, round),
                 "round %u: byte %zu of rank %u's %zu-byte put at offset %zu is wrong", round, k, (unsigned)w, n, off);
      off += n + (n % 7);
    }
  }
  /* Gets of a peer's slices with every form. */
  for (gex_Rank_t tp = 0; tp < tsize; ++tp) {
    const gex_Rank_t jr = gex_TM_TranslateRankToJobrank(team, tp);
    void *remote = NULL;
    CHECK(gex_Segment_QueryBound(tm, jr, &remote, NULL, NULL) == 0);
    for (gex_Rank_t w = 0; w < np; ++w) {
      if (gex_TM_TranslateJobrankToRank(team, w) == GEX_RANK_INVALID) continue;
      size_t off = (size_t)w * slice;
      int form = 0;
      for (size_t n = 1; n <= kMaxSize && off + n + 8 <= ((size_t)w + 1) * slice; n = next_size(n)) {
        unsigned char expect[kMaxSize];
        for (size_t k = 0; k < n; ++k) expect[k] = pattern(w, off + k, round);
        get_check(team, tp, (const unsigned char *)remote + off, expect, n, form++ % 4);
        off += n + (n % 7);
      }
    }
  }
  test_barrier(tm);
}

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_EP_t ep;
  test_init("test_rma_inline", &argc, &argv, &client, &ep, &tm);
  me = gex_TM_QueryRank(tm);
  np = gex_TM_QuerySize(tm);
  CHECK(gexi_fast_map == NULL); /* no segment yet */
  /* The variables the inline path loads, and this program's own globals, sit away from the page
   * offsets that a copy to a page-aligned buffer stores to first (gasnetex.h: 4K aliasing). */
  CHECKF(((uintptr_t)&gexi_fast & 4095) == 0 && ((uintptr_t)&gexi_fast_map & 4095) == GEXI_FAST_PATH_BYTES - 64 &&
             ((uintptr_t)&gexi_fast_size & 4095) >= GEXI_FAST_PATH_BYTES - 64,
         "gexi_fast is at page offset %u, its variables at %u, not the last line of a block at a page's start",
         (unsigned)((uintptr_t)&gexi_fast & 4095), (unsigned)((uintptr_t)&gexi_fast_map & 4095));
  /* (AddressSanitizer lays out instrumented globals its own way.) */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TEST_ASAN 1
#endif
#endif
#if !defined(TEST_ASAN) && !defined(__SANITIZE_ADDRESS__)
  CHECKF((uintptr_t)&me >= (uintptr_t)&gexi_fast + GEXI_FAST_PATH_BYTES && (uintptr_t)&me < (uintptr_t)&gexi_fast + 4096,
         "this program's .bss (me at %p) does not follow the fast path's block (%p)", (void *)&me, (void *)&gexi_fast);
#endif
  gex_Segment_t s;
  CHECK(gex_Segment_Attach(&s, tm, 1 << 16) == GASNET_OK);
  seg = (char *)gex_Segment_QueryAddr(s);
  memset(seg, 0, kArea);

  /* When the fast path is on: only with every peer load/store and no statistics or tracing. */
  const char *stats = getenv("GEX_STATS"), *trace = getenv("GEX_TRACE"), *force = getenv("GEX_FORCE_AM");
  const char *everything = getenv("GEX_SEGMENT_EVERYTHING");
  const int diag = (stats && *stats && strcmp(stats, "0")) || (trace && *trace);
  if (diag) {
    CHECKF(gexi_fast_map == NULL, "statistics or tracing are on, but the inline fast path is too");
  } else if (everything && atoi(everything)) {
    /* An inline put or get does not test the range: an address outside the segment must reach
       the library, so the fast path is off. */
    CHECKF(gexi_fast_map == NULL, "GEX_SEGMENT_EVERYTHING is on, but the inline fast path is too");
  } else {
    CHECK(gexi_fast_map != NULL);
    CHECKF(((uintptr_t)gexi_fast_map & 4095) == 2048, "the peer map starts at page offset %u, not half way in",
           (unsigned)((uintptr_t)gexi_fast_map & 4095));
    CHECK(gexi_fast_tm == tm);
    CHECK_EQ(gexi_fast_size, np);
    /* Set exactly for the neighbours (this host's ranks), unless everything goes over AMs. */
    gex_RankInfo_t *nbrs = NULL;
    gex_Rank_t n_nbrs = 0, my_idx = 0;
    gex_System_QueryNbrhdInfo(&nbrs, &n_nbrs, &my_idx);
    for (gex_Rank_t r = 0; r < np; ++r) {
      int neighbour = 0;
      for (gex_Rank_t i = 0; i < n_nbrs; ++i) neighbour |= nbrs[i].gex_jobrank == r;
      const int load_store = gexi_fast_map[r].size != 0;
      CHECKF(load_store == (neighbour && !(force && atoi(force))), "rank %u: peer map entry %s", (unsigned)r,
             load_store ? "set for a peer that is not load/store" : "empty for a neighbour");
    }
  }
  test_barrier(tm);

  put_fn forms[] = {put_blocking, put_nbi, put_nb, put_val, put_library};
  unsigned round = 1;
  for (size_t f = 0; f < sizeof forms / sizeof forms[0]; ++f) round_trip(tm, forms[f], round++);
  /* A split team (odd and even ranks, reversed): the same calls go to the library. */
  gex_TM_t half;
  gex_TM_Split(&half, tm, (int)(me % 2), (int)(np - me), NULL, 0, GEX_FLAG_TM_NO_SCRATCH);
  for (size_t f = 0; f < sizeof forms / sizeof forms[0]; ++f) round_trip(half, forms[f], round++);
  test_barrier(tm);

  test_finish(tm, "test_rma_inline");
  return 0;
}
