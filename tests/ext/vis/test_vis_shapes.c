/* test_vis_shapes: gex_VIS_Strided{Put,Get} with random shapes, against a copy made element by
 * element here. The library rewrites a shape before it moves data (dimensions of count 1 dropped,
 * dimensions that continue each other merged, a dimension contiguous on both sides joined to the
 * element): each case mixes those with dimensions that must stay, on either side, with up to 11
 * dimensions (more than the library keeps without an allocation). Per case:
 *  - the destination window at the right-hand neighbour is first set to a guard pattern; after
 *    the StridedPut it is read back whole and must equal the expected image: the elements where
 *    the reference puts them, the guard everywhere else;
 *  - a StridedGet of the same shape reads the elements back into a cleared local buffer laid out
 *    like the source; the element bytes must equal the source, the rest stay cleared.
 * Completion forms rotate (Blocking, NB, NBI) case by case. Also the Vector and Indexed forms:
 * lists of equal shape with adjacent entries among them (merged into one copy), lists of the
 * same count cut differently, and one entry each. Built twice: against the debug library and against the release one, where
 * gasnet_vis.h copies the one-region cases (Strided counts all 1, one entry each) inline. */
#include "vis_common.h"

#define MAX_LEVELS 11
#define WINDOW (48 * 1024) /* bytes of each side's extent at most */
#define CASES 300

typedef struct {
  size_t elemsz, levels;
  size_t count[MAX_LEVELS];
  ptrdiff_t dst[MAX_LEVELS], src[MAX_LEVELS]; /* strides */
} shape_t;

/* Runs `body` for every element in order (dimension 0 fastest), with its byte offsets `doff` and
 * `soff` from the destination and source bases. */
#define FOR_EACH_ELEMENT(sh, body)                                                      \
  do {                                                                                  \
    size_t idx_[MAX_LEVELS] = {0};                                                      \
    for (;;) {                                                                          \
      ptrdiff_t d_ = 0, s_ = 0;                                                         \
      for (size_t k_ = 0; k_ < (sh)->levels; ++k_) {                                    \
        d_ += (ptrdiff_t)idx_[k_] * (sh)->dst[k_];                                      \
        s_ += (ptrdiff_t)idx_[k_] * (sh)->src[k_];                                      \
      }                                                                                 \
      { const ptrdiff_t doff = d_, soff = s_; (void)doff, (void)soff; body; }           \
      size_t k_ = 0;                                                                    \
      while (k_ < (sh)->levels && ++idx_[k_] == (sh)->count[k_]) idx_[k_++] = 0;        \
      if (k_ == (sh)->levels) break;                                                    \
    }                                                                                   \
  } while (0)

/* A stride for dimension k on one side: packed (continues dimension k-1, so the two may merge),
 * padded, or, for dimension 0, the element size (contiguous); one in six is negative (the base is
 * then not the lowest address the section touches). */
static ptrdiff_t pick_stride(test_rng_t *r, size_t elemsz, const size_t *count, const ptrdiff_t *strides, size_t k) {
  ptrdiff_t packed = (ptrdiff_t)elemsz;
  if (k > 0) packed = strides[k - 1] * (ptrdiff_t)count[k - 1];
  if (packed < 0) packed = -packed;
  const ptrdiff_t s = test_rng_range(r, 0, 2) ? packed : packed + (ptrdiff_t)test_rng_range(r, 1, 9);
  return test_rng_range(r, 0, 5) == 0 ? -s : s;
}

/* The lowest offset from the base any element starts at (<= 0), and the bytes from there to the
 * end of the highest element. */
static ptrdiff_t lowest(const shape_t *sh, const ptrdiff_t *strides) {
  ptrdiff_t lo = 0;
  for (size_t k = 0; k < sh->levels; ++k)
    if (strides[k] < 0) lo += (ptrdiff_t)(sh->count[k] - 1) * strides[k];
  return lo;
}
static size_t extent(const shape_t *sh, const ptrdiff_t *strides) {
  size_t e = sh->elemsz;
  for (size_t k = 0; k < sh->levels; ++k)
    e += (sh->count[k] - 1) * (size_t)(strides[k] < 0 ? -strides[k] : strides[k]);
  return e;
}

static void random_shape(test_rng_t *r, shape_t *sh) {
  for (;;) {
    static const size_t sizes[] = {1, 2, 3, 4, 8, 12, 16, 40, 64, 100, 200};
    sh->elemsz = sizes[test_rng_range(r, 0, 10)];
    sh->levels = test_rng_range(r, 0, MAX_LEVELS);
    for (size_t k = 0; k < sh->levels; ++k) {
      sh->count[k] = test_rng_range(r, 0, 3) == 0 ? 1 : test_rng_range(r, 2, sh->levels > 6 ? 2 : 5);
      sh->dst[k] = pick_stride(r, sh->elemsz, sh->count, sh->dst, k);
      sh->src[k] = pick_stride(r, sh->elemsz, sh->count, sh->src, k);
    }
    if (extent(sh, sh->dst) <= WINDOW && extent(sh, sh->src) <= WINDOW) return;
  }
}

static void strided_put(int form, void *dst, shape_t *sh, void *src) {
  switch (form) {
    case FORM_BLOCKING:
      CHECK_EQ(gex_VIS_StridedPutBlocking(tm, right, dst, sh->dst, src, sh->src, sh->elemsz, sh->count, sh->levels, 0), 0);
      break;
    case FORM_NB:
      gex_Event_Wait(gex_VIS_StridedPutNB(tm, right, dst, sh->dst, src, sh->src, sh->elemsz, sh->count, sh->levels, 0));
      break;
    default:
      CHECK_EQ(gex_VIS_StridedPutNBI(tm, right, dst, sh->dst, src, sh->src, sh->elemsz, sh->count, sh->levels, 0), 0);
      gex_NBI_Wait(GEX_EC_PUT, 0);
  }
}

/* Reads the elements at `remote` (laid out by sh->dst) into `local` (laid out by sh->src). */
static void strided_get(int form, void *local, shape_t *sh, void *remote) {
  switch (form) {
    case FORM_BLOCKING:
      CHECK_EQ(gex_VIS_StridedGetBlocking(tm, local, sh->src, right, remote, sh->dst, sh->elemsz, sh->count, sh->levels, 0), 0);
      break;
    case FORM_NB:
      gex_Event_Wait(gex_VIS_StridedGetNB(tm, local, sh->src, right, remote, sh->dst, sh->elemsz, sh->count, sh->levels, 0));
      break;
    default:
      CHECK_EQ(gex_VIS_StridedGetNBI(tm, local, sh->src, right, remote, sh->dst, sh->elemsz, sh->count, sh->levels, 0), 0);
      gex_NBI_Wait(GEX_EC_GET, 0);
  }
}

static void strided_cases(void) {
  test_rng_t r;
  test_rng_seed(&r, test_seed(me, 0x5a, 0xe5, 3));
  uint8_t *src = seg + export_off();              /* my pattern stream: the source */
  uint8_t *dst = remote_at(right, inbox_off(me)); /* my slot at the neighbour */
  uint8_t *expect = malloc(WINDOW), *back = malloc(WINDOW), *got = malloc(WINDOW);
  CHECK(expect && back && got);
  size_t folded = 0;
  for (int c = 0; c < CASES; ++c) {
    shape_t sh;
    random_shape(&r, &sh);
    const int form = c % FORM_COUNT;
    const size_t dext = extent(&sh, sh.dst), sext = extent(&sh, sh.src);
    const ptrdiff_t dlo = lowest(&sh, sh.dst), slo = lowest(&sh, sh.src); /* image index = offset - lo */
    int contiguous = 1; /* element n at n * elemsz on both sides: one copy for the library */
    ptrdiff_t at = 0;
    FOR_EACH_ELEMENT(&sh, {
      contiguous &= doff == at && soff == at;
      at += (ptrdiff_t)sh.elemsz;
    });
    folded += contiguous;
    /* the guard, then the put, then the whole window read back */
    memset(expect, GUARD_BYTE, dext);
    CHECK_EQ(gex_RMA_PutBlocking(tm, right, dst, expect, dext, 0), 0);
    strided_put(form, dst - dlo, &sh, src - slo);
    FOR_EACH_ELEMENT(&sh, { memcpy(expect + (doff - dlo), src + (soff - slo), sh.elemsz); });
    CHECK_EQ(gex_RMA_GetBlocking(tm, back, right, dst, dext, 0), 0);
    for (size_t i = 0; i < dext; ++i)
      CHECKF(back[i] == expect[i], "case %d (%s, elemsz %zu, %zu levels): put byte %zu is %u, expected %u", c,
             form_name[form], sh.elemsz, sh.levels, i, back[i], expect[i]);
    /* the same elements read back into a cleared buffer laid out like the source */
    memset(got, 0, sext);
    strided_get(form, got - slo, &sh, dst - dlo);
    memset(back, 0, sext);
    FOR_EACH_ELEMENT(&sh, { memcpy(back + (soff - slo), src + (soff - slo), sh.elemsz); });
    for (size_t i = 0; i < sext; ++i)
      CHECKF(got[i] == back[i], "case %d (%s, elemsz %zu, %zu levels): get byte %zu is %u, expected %u", c,
             form_name[form], sh.elemsz, sh.levels, i, got[i], back[i]);
  }
  CHECK_GE(folded, 10); /* enough wholly contiguous cases among the random ones */
  free(expect), free(back), free(got);
}

/* Vector and Indexed lists: Vector entries of 1-24 bytes, Indexed ones of one size from 1 to 520
 * (each copy the library picks for a size: one load or store, in line, memcpy); two entries in
 * three adjacent to the previous one (on both sides, so the copies merge, or, one in five of
 * those, on one side only), the rest apart, the
 * first two entries adjacent in some rounds and apart in others (the library walks the two cases
 * differently); of equal shape, or (Vector) the source's lengths in reverse order: the same count
 * and total, the pieces cut differently (the library's quick walk must hand those to the general
 * one). Put to the neighbour, then read back whole and with a Get of the same lists into a
 * cleared buffer laid out like the source. */
static void list_cases(void) {
  enum { N = 200 }; /* entries per list at most; the last third of the rounds 1-8 (gasnet_vis.h copies those in line) */
  test_rng_t r;
  test_rng_seed(&r, test_seed(me, 0x11, 0x57, 5));
  uint8_t *src = seg + export_off();
  uint8_t *dst = remote_at(right, inbox_off(me));
  gex_Memvec_t dv[N], sv[N], lv[N];
  void *di[N], *si[N], *li[N];
  size_t lens[N];
  uint8_t *expect = malloc(WINDOW), *back = malloc(WINDOW), *got = malloc(WINDOW), *stream = malloc(WINDOW);
  CHECK(expect && back && got && stream);
  for (int round = 0; round < 36; ++round) {
    const int kind = round % 3, indexed = kind == 1, reversed = kind == 2;
    static const size_t sizes[] = {1, 2, 4, 8, 13, 24, 64, 100, 200, 520};
    const size_t fixed = indexed ? sizes[test_rng_range(&r, 0, 9)] : 0;
    const int form = (round / 3) % FORM_COUNT, cap = (int)(WINDOW / (fixed + 64));
    const int n = round >= 24 ? 1 + round % 8 : cap < N ? cap : N, phase = (int)test_rng_range(&r, 0, 1) * 2;
    for (int i = 0; i < n; ++i) lens[i] = indexed ? fixed : test_rng_range(&r, 1, 24);
    size_t doff = 0, soff = 0, total = 0;
    for (int i = 0; i < n; ++i) {
      const size_t slen = reversed ? lens[n - 1 - i] : lens[i];
      if ((i + phase) % 3 == 0) doff += test_rng_range(&r, 1, 40), soff += test_rng_range(&r, 1, 40);
      else if (i > 0 && test_rng_range(&r, 0, 4) == 0) /* adjacent on one side only: no merge */
        *(test_rng_range(&r, 0, 1) ? &doff : &soff) += test_rng_range(&r, 1, 40);
      dv[i].gex_addr = di[i] = dst + doff, dv[i].gex_len = lens[i];
      sv[i].gex_addr = si[i] = src + soff, sv[i].gex_len = slen;
      lv[i].gex_addr = li[i] = got + soff, lv[i].gex_len = slen;
      memcpy(stream + total, src + soff, slen); /* the source's bytes in order */
      doff += lens[i], soff += slen, total += slen;
    }
    CHECK(doff <= WINDOW && soff <= WINDOW);
    memset(expect, GUARD_BYTE, doff);
    CHECK_EQ(gex_RMA_PutBlocking(tm, right, dst, expect, doff, 0), 0);
    for (int i = 0, at = 0; i < n; at += (int)lens[i], ++i) memcpy(expect + ((uint8_t *)dv[i].gex_addr - dst), stream + at, lens[i]);
    gex_Event_t ev = GEX_EVENT_INVALID;
    if (indexed) {
      if (form == FORM_BLOCKING) CHECK_EQ(gex_VIS_IndexedPutBlocking(tm, right, n, di, fixed, n, si, fixed, 0), 0);
      else if (form == FORM_NB) ev = gex_VIS_IndexedPutNB(tm, right, n, di, fixed, n, si, fixed, 0);
      else CHECK_EQ(gex_VIS_IndexedPutNBI(tm, right, n, di, fixed, n, si, fixed, 0), 0);
    } else {
      if (form == FORM_BLOCKING) CHECK_EQ(gex_VIS_VectorPutBlocking(tm, right, n, dv, n, sv, 0), 0);
      else if (form == FORM_NB) ev = gex_VIS_VectorPutNB(tm, right, n, dv, n, sv, 0);
      else CHECK_EQ(gex_VIS_VectorPutNBI(tm, right, n, dv, n, sv, 0), 0);
    }
    gex_Event_Wait(ev);
    gex_NBI_Wait(GEX_EC_PUT, 0);
    CHECK_EQ(gex_RMA_GetBlocking(tm, back, right, dst, doff, 0), 0);
    for (size_t i = 0; i < doff; ++i)
      CHECKF(back[i] == expect[i], "%s put round %d (%s): byte %zu is %u, expected %u", indexed ? "Indexed" : "Vector",
             round, form_name[form], i, back[i], expect[i]);
    /* and back: the local entries receive the source's bytes, the gaps stay cleared */
    memset(got, 0, soff);
    ev = GEX_EVENT_INVALID;
    if (indexed) {
      if (form == FORM_BLOCKING) CHECK_EQ(gex_VIS_IndexedGetBlocking(tm, n, li, fixed, right, n, di, fixed, 0), 0);
      else if (form == FORM_NB) ev = gex_VIS_IndexedGetNB(tm, n, li, fixed, right, n, di, fixed, 0);
      else CHECK_EQ(gex_VIS_IndexedGetNBI(tm, n, li, fixed, right, n, di, fixed, 0), 0);
    } else {
      if (form == FORM_BLOCKING) CHECK_EQ(gex_VIS_VectorGetBlocking(tm, n, lv, right, n, dv, 0), 0);
      else if (form == FORM_NB) ev = gex_VIS_VectorGetNB(tm, n, lv, right, n, dv, 0);
      else CHECK_EQ(gex_VIS_VectorGetNBI(tm, n, lv, right, n, dv, 0), 0);
    }
    gex_Event_Wait(ev);
    gex_NBI_Wait(GEX_EC_GET, 0);
    memset(back, 0, soff);
    for (int i = 0; i < n; ++i) memcpy(back + ((uint8_t *)sv[i].gex_addr - src), sv[i].gex_addr, sv[i].gex_len);
    for (size_t i = 0; i < soff; ++i)
      CHECKF(got[i] == back[i], "%s get round %d (%s): byte %zu is %u, expected %u", indexed ? "Indexed" : "Vector",
             round, form_name[form], i, got[i], back[i]);
  }
  free(expect), free(back), free(got), free(stream);
}

int main(int argc, char **argv) {
  vis_init("test_vis_shapes", &argc, &argv, WINDOW, WINDOW);
  strided_cases();
  list_cases();
  test_finish(tm, "test_vis_shapes");
  return 0;
}
