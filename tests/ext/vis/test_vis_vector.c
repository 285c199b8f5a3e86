/* test_vis_vector: scatter/gather with gex_VIS_Vector{Put,Get} and gex_VIS_Indexed{Put,Get} in
 * every completion form, to and from the right-hand neighbour.
 *  - Vector: the source and destination lists have different counts and piece sizes (equal
 *    totals), with zero-length entries mixed in and pieces that touch (gap 0) or not; three size
 *    classes: thousands of tiny pieces, medium pieces, pieces larger than one AM Medium.
 *  - Indexed: dstlen != srclen with dstcount*dstlen == srccount*srclen.
 *  The receiver recomputes every layout from the seeds and checks each destination byte against
 *  the source stream, and every gap byte untouched.
 *  - GEX_FLAG_ENABLE_LEAF_LC: VectorPutNB / IndexedPutNB / StridedPutNB with
 *    gex_Event_QueryLeaf(root, GEX_EC_LC) (stable, waitable, source reusable after it), and the NBI
 *    forms with gex_NBI_Wait(GEX_EC_LC).
 *  - Degenerate: zero counts with NULL lists, zero lengths. */
#include "vis_common.h"

#define SLOT (1024 * 1024)
#define HALF (SLOT / 2)
#define EXPORT (512 * 1024)
#define MAXP 4096 /* pieces per list */
#define ROUNDS 9

typedef struct {
  size_t count;
  size_t off[MAXP]; /* offset of each piece in its region */
  size_t len[MAXP];
  size_t span; /* bytes of the region the layout covers */
} layout_t;

typedef struct {
  layout_t dst, src;
  size_t total;
} vec_spec_t;

/* Cuts `total` bytes into `count` pieces (some zero-length), placed with random gaps. */
static void make_layout(test_rng_t *r, layout_t *l, size_t count, size_t total, size_t maxgap) {
  l->count = count;
  size_t left_bytes = total, pos = 0;
  for (size_t i = 0; i < count; i++) {
    size_t n;
    if (i + 1 == count) n = left_bytes;
    else if (test_rng_next(r) % 8 == 0) n = 0;
    else {
      size_t avg = total / count;
      n = (size_t)test_rng_range(r, 0, 2 * avg + 1);
      if (n > left_bytes) n = left_bytes;
    }
    left_bytes -= n;
    pos += (size_t)test_rng_range(r, 0, maxgap);
    l->off[i] = pos;
    l->len[i] = n;
    pos += n;
  }
  l->span = pos;
}

static void vec_spec(vec_spec_t *v, int round, gex_Rank_t src, gex_Rank_t dst, int get) {
  test_rng_t r;
  test_rng_seed(&r, test_seed((uint64_t)round, src, dst, 0x7EC + (uint64_t)get));
  size_t scount, dcount;
  switch (round % 3) {
    case 0: /* thousands of tiny pieces: several packed Mediums */
      v->total = (size_t)test_rng_range(&r, 20000, 40000);
      scount = (size_t)test_rng_range(&r, 1500, MAXP);
      dcount = (size_t)test_rng_range(&r, 1000, MAXP);
      break;
    case 1: /* medium pieces */
      v->total = (size_t)test_rng_range(&r, 1, 60000);
      scount = (size_t)test_rng_range(&r, 1, 40);
      dcount = (size_t)test_rng_range(&r, 1, 40);
      break;
    default: /* pieces larger than one Medium */
      v->total = (size_t)test_rng_range(&r, 100000, 300000);
      scount = (size_t)test_rng_range(&r, 1, 5);
      dcount = (size_t)test_rng_range(&r, 1, 5);
      break;
  }
  make_layout(&r, &v->src, scount, v->total, 9);
  make_layout(&r, &v->dst, dcount, v->total, 9);
  CHECK(v->src.span < HALF - 64 && v->dst.span < HALF - 64);
}

static uint64_t stream_seed(int round, gex_Rank_t src) { return test_seed((uint64_t)round, src, 0x5712, 3); }

static gex_Memvec_t *memvecs(const layout_t *l, uint8_t *base) {
  gex_Memvec_t *v = (gex_Memvec_t *)malloc((l->count + 1) * sizeof(gex_Memvec_t));
  CHECK(v != NULL);
  for (size_t i = 0; i < l->count; i++) {
    v[i].gex_addr = l->len[i] ? base + l->off[i] : NULL;
    v[i].gex_len = l->len[i];
  }
  return v;
}

/* Checks that the region holds the stream at the layout's pieces and guard bytes elsewhere. */
static void verify_region(const uint8_t *region, size_t region_bytes, const layout_t *l, const uint8_t *stream,
                          const char *what, int round) {
  size_t pos = 0, prev_end = 0;
  for (size_t i = 0; i < l->count; i++) {
    for (size_t k = prev_end; k < l->off[i]; k++)
      CHECKF(region[k] == GUARD_BYTE, "round %d %s: gap byte %zu before piece %zu overwritten", round, what, k, i);
    for (size_t k = 0; k < l->len[i]; k++)
      CHECKF(region[l->off[i] + k] == stream[pos + k], "round %d %s: piece %zu (of %zu) byte %zu: got 0x%02x want 0x%02x",
             round, what, i, l->count, k, region[l->off[i] + k], stream[pos + k]);
    pos += l->len[i];
    prev_end = l->off[i] + l->len[i];
  }
  for (size_t k = prev_end; k < region_bytes; k++)
    CHECKF(region[k] == GUARD_BYTE, "round %d %s: byte %zu after the last piece overwritten", round, what, k);
}

static void wait_form(int form, gex_Event_t ev, gex_EC_t ec) {
  if (form == FORM_NB) {
    CHECK(ev != GEX_EVENT_NO_OP);
    gex_Event_Wait(ev);
  } else if (form == FORM_NBI) {
    gex_NBI_Wait(ec, 0);
  }
}

/* ---- Vector ---- */
static void vector_round(int round) {
  const int form = round % FORM_COUNT;
  vec_spec_t *v = (vec_spec_t *)malloc(sizeof *v);
  CHECK(v != NULL);
  /* Put: my concatenated stream into the right-hand neighbour's slot (first half) */
  vec_spec(v, round, me, right, 0);
  uint8_t *stream = (uint8_t *)malloc(v->total + 1);
  CHECK(stream != NULL);
  test_fill(stream, v->total, stream_seed(round, me));
  uint8_t *srcbuf = (uint8_t *)malloc(v->src.span + 1);
  CHECK(srcbuf != NULL);
  for (size_t i = 0, pos = 0; i < v->src.count; pos += v->src.len[i], i++) memcpy(srcbuf + v->src.off[i], stream + pos, v->src.len[i]);
  gex_Memvec_t *sl = memvecs(&v->src, srcbuf), *dl = memvecs(&v->dst, remote_at(right, inbox_off(me)));
  gex_Event_t ev = GEX_EVENT_INVALID;
  if (form == FORM_BLOCKING)
    CHECK_EQ(gex_VIS_VectorPutBlocking(tm, right, v->dst.count, dl, v->src.count, sl, 0), 0);
  else if (form == FORM_NB)
    ev = gex_VIS_VectorPutNB(tm, right, v->dst.count, dl, v->src.count, sl, 0);
  else
    CHECK_EQ(gex_VIS_VectorPutNBI(tm, right, v->dst.count, dl, v->src.count, sl, 0), 0);
  wait_form(form, ev, GEX_EC_PUT);
  free(sl), free(dl), free(srcbuf), free(stream);

  /* Get: a gather from the right-hand neighbour's export region into local pieces */
  vec_spec(v, round, right, me, 1);
  uint8_t *E = export_image(right);
  uint8_t *dstbuf = (uint8_t *)malloc(HALF);
  CHECK(dstbuf != NULL);
  memset(dstbuf, GUARD_BYTE, HALF);
  sl = memvecs(&v->src, remote_at(right, export_off()));
  dl = memvecs(&v->dst, dstbuf);
  if (form == FORM_BLOCKING)
    CHECK_EQ(gex_VIS_VectorGetBlocking(tm, v->dst.count, dl, right, v->src.count, sl, 0), 0);
  else if (form == FORM_NB)
    ev = gex_VIS_VectorGetNB(tm, v->dst.count, dl, right, v->src.count, sl, 0);
  else
    CHECK_EQ(gex_VIS_VectorGetNBI(tm, v->dst.count, dl, right, v->src.count, sl, 0), 0);
  wait_form(form, ev, GEX_EC_GET);
  /* the expected stream: the source pieces of the export image, concatenated */
  stream = (uint8_t *)malloc(v->total + 1);
  CHECK(stream != NULL);
  for (size_t i = 0, pos = 0; i < v->src.count; pos += v->src.len[i], i++) memcpy(stream + pos, E + v->src.off[i], v->src.len[i]);
  verify_region(dstbuf, HALF, &v->dst, stream, "VectorGet", round);
  free(sl), free(dl), free(dstbuf), free(stream), free(E), free(v);
}

static void vector_verify(int round) {
  vec_spec_t *v = (vec_spec_t *)malloc(sizeof *v);
  CHECK(v != NULL);
  vec_spec(v, round, left, me, 0);
  uint8_t *stream = (uint8_t *)malloc(v->total + 1);
  CHECK(stream != NULL);
  test_fill(stream, v->total, stream_seed(round, left));
  verify_region(seg + inbox_off(left), HALF, &v->dst, stream, "VectorPut", round);
  free(stream), free(v);
}

/* ---- Indexed: dstlen = u*a, srclen = u*b, dstcount = b*m, srccount = a*m ---- */
typedef struct {
  size_t dstlen, srclen, dstcount, srccount, total;
  size_t doff[MAXP], soff[MAXP];
} idx_spec_t;

static void idx_spec(idx_spec_t *x, int round, gex_Rank_t src, gex_Rank_t dst, int get) {
  test_rng_t r;
  test_rng_seed(&r, test_seed((uint64_t)round, src, dst, 0x1D0 + (uint64_t)get));
  size_t u = (size_t)test_rng_range(&r, 1, (round % 3 == 2) ? 4000 : 24);
  size_t a = (size_t)test_rng_range(&r, 1, 5), b = (size_t)test_rng_range(&r, 1, 5);
  size_t m = (size_t)test_rng_range(&r, 1, (round % 3 == 2) ? 3 : 150);
  x->dstlen = u * a, x->srclen = u * b, x->dstcount = b * m, x->srccount = a * m, x->total = u * a * b * m;
  size_t pos = 0;
  for (size_t i = 0; i < x->dstcount; i++) {
    pos += (size_t)test_rng_range(&r, 0, 5);
    x->doff[i] = pos;
    pos += x->dstlen;
  }
  CHECK(pos < HALF);
  pos = 0;
  for (size_t i = 0; i < x->srccount; i++) {
    pos += (size_t)test_rng_range(&r, 0, 5);
    x->soff[i] = pos;
    pos += x->srclen;
  }
  CHECK(pos < HALF);
}

static layout_t *idx_layout(const size_t *off, size_t count, size_t len) {
  layout_t *l = (layout_t *)malloc(sizeof *l);
  CHECK(l != NULL);
  l->count = count;
  for (size_t i = 0; i < count; i++) l->off[i] = off[i], l->len[i] = len;
  return l;
}

static void **addr_list(const size_t *off, size_t count, uint8_t *base) {
  void **v = (void **)malloc((count + 1) * sizeof(void *));
  CHECK(v != NULL);
  for (size_t i = 0; i < count; i++) v[i] = base + off[i];
  return v;
}

static void indexed_round(int round) {
  const int form = (round + 1) % FORM_COUNT;
  idx_spec_t *x = (idx_spec_t *)malloc(sizeof *x);
  CHECK(x != NULL);
  idx_spec(x, round, me, right, 0);
  uint8_t *stream = (uint8_t *)malloc(x->total);
  CHECK(stream != NULL);
  test_fill(stream, x->total, stream_seed(round, me) ^ 1);
  uint8_t *srcbuf = (uint8_t *)malloc(HALF);
  CHECK(srcbuf != NULL);
  for (size_t i = 0; i < x->srccount; i++) memcpy(srcbuf + x->soff[i], stream + i * x->srclen, x->srclen);
  void **sl = addr_list(x->soff, x->srccount, srcbuf), **dl = addr_list(x->doff, x->dstcount, remote_at(right, inbox_off(me) + HALF));
  gex_Event_t ev = GEX_EVENT_INVALID;
  if (form == FORM_BLOCKING)
    CHECK_EQ(gex_VIS_IndexedPutBlocking(tm, right, x->dstcount, dl, x->dstlen, x->srccount, sl, x->srclen, 0), 0);
  else if (form == FORM_NB)
    ev = gex_VIS_IndexedPutNB(tm, right, x->dstcount, dl, x->dstlen, x->srccount, sl, x->srclen, 0);
  else
    CHECK_EQ(gex_VIS_IndexedPutNBI(tm, right, x->dstcount, dl, x->dstlen, x->srccount, sl, x->srclen, 0), 0);
  wait_form(form, ev, GEX_EC_PUT);
  free(sl), free(dl), free(srcbuf), free(stream);

  idx_spec(x, round, right, me, 1);
  uint8_t *E = export_image(right);
  uint8_t *dstbuf = (uint8_t *)malloc(HALF);
  CHECK(dstbuf != NULL);
  memset(dstbuf, GUARD_BYTE, HALF);
  sl = addr_list(x->soff, x->srccount, remote_at(right, export_off()));
  dl = addr_list(x->doff, x->dstcount, dstbuf);
  if (form == FORM_BLOCKING)
    CHECK_EQ(gex_VIS_IndexedGetBlocking(tm, x->dstcount, dl, x->dstlen, right, x->srccount, sl, x->srclen, 0), 0);
  else if (form == FORM_NB)
    ev = gex_VIS_IndexedGetNB(tm, x->dstcount, dl, x->dstlen, right, x->srccount, sl, x->srclen, 0);
  else
    CHECK_EQ(gex_VIS_IndexedGetNBI(tm, x->dstcount, dl, x->dstlen, right, x->srccount, sl, x->srclen, 0), 0);
  wait_form(form, ev, GEX_EC_GET);
  stream = (uint8_t *)malloc(x->total);
  CHECK(stream != NULL);
  for (size_t i = 0; i < x->srccount; i++) memcpy(stream + i * x->srclen, E + x->soff[i], x->srclen);
  layout_t *l = idx_layout(x->doff, x->dstcount, x->dstlen);
  verify_region(dstbuf, HALF, l, stream, "IndexedGet", round);
  free(l), free(sl), free(dl), free(dstbuf), free(stream), free(E), free(x);
}

static void indexed_verify(int round) {
  idx_spec_t *x = (idx_spec_t *)malloc(sizeof *x);
  CHECK(x != NULL);
  idx_spec(x, round, left, me, 0);
  uint8_t *stream = (uint8_t *)malloc(x->total);
  CHECK(stream != NULL);
  test_fill(stream, x->total, stream_seed(round, left) ^ 1);
  layout_t *l = idx_layout(x->doff, x->dstcount, x->dstlen);
  verify_region(seg + inbox_off(left) + HALF, HALF, l, stream, "IndexedPut", round);
  free(l), free(stream), free(x);
}

/* ---- GEX_FLAG_ENABLE_LEAF_LC ---- */
#define LC_BYTES 50000
static uint64_t lc_seed(gex_Rank_t src, int which) { return test_seed(src, (uint64_t)which, 0x1eaf, 9); }

static void leaf_lc(void) {
  guard_inbox(left);
  test_barrier(tm);
  uint8_t *dst = remote_at(right, inbox_off(me));
  uint8_t *src = (uint8_t *)malloc(LC_BYTES);
  CHECK(src != NULL);
  /* VectorPutNB: 3 source pieces into 2 destination pieces */
  test_fill(src, LC_BYTES, lc_seed(me, 0));
  {
    gex_Memvec_t sl[3] = {{src, 100}, {src + 100, 9000}, {src + 9100, 900}};
    gex_Memvec_t dl[2] = {{dst, 5000}, {dst + 6000, 5000}};
    gex_Event_t root = gex_VIS_VectorPutNB(tm, right, 2, dl, 3, sl, GEX_FLAG_ENABLE_LEAF_LC);
    CHECK(root != GEX_EVENT_NO_OP);
    gex_Event_t lc = gex_Event_QueryLeaf(root, GEX_EC_LC);
    CHECK(lc != GEX_EVENT_NO_OP);
    CHECK(gex_Event_QueryLeaf(root, GEX_EC_LC) == lc); /* a query: the same leaf every time */
    gex_Event_Wait(lc);
    memset(src, 0x11, LC_BYTES); /* the source is reusable once LC is signalled */
    gex_Event_Wait(root);
  }
  /* IndexedPutNB with the leaf waited in an array call together with its root */
  test_fill(src, LC_BYTES, lc_seed(me, 1));
  {
    void *sl[4] = {src, src + 3000, src + 6000, src + 9000};
    void *dl[3] = {dst + 12000, dst + 16000, dst + 20000};
    gex_Event_t evs[2];
    evs[0] = gex_VIS_IndexedPutNB(tm, right, 3, dl, 4000, 4, sl, 3000, GEX_FLAG_ENABLE_LEAF_LC);
    CHECK(evs[0] != GEX_EVENT_NO_OP);
    evs[1] = gex_Event_QueryLeaf(evs[0], GEX_EC_LC);
    gex_Event_Wait(evs[1]);
    memset(src, 0x22, LC_BYTES);
    evs[1] = GEX_EVENT_INVALID;
    gex_Event_WaitAll(evs, 2, 0);
    CHECK(evs[0] == GEX_EVENT_INVALID);
  }
  /* StridedPutNB: 10 rows of 500 bytes, spread out at the target */
  test_fill(src, LC_BYTES, lc_seed(me, 2));
  {
    const size_t count[1] = {10};
    const ptrdiff_t ss[1] = {500}, ds[1] = {600};
    gex_Event_t root = gex_VIS_StridedPutNB(tm, right, dst + 30000, ds, src, ss, 500, count, 1, GEX_FLAG_ENABLE_LEAF_LC);
    CHECK(root != GEX_EVENT_NO_OP);
    gex_Event_t lc = gex_Event_QueryLeaf(root, GEX_EC_LC);
    gex_Event_Wait(lc);
    memset(src, 0x33, LC_BYTES);
    gex_Event_Wait(root);
  }
  /* NBI with ENABLE_LEAF_LC: GROUP semantics, gex_NBI_Wait(GEX_EC_LC) */
  test_fill(src, LC_BYTES, lc_seed(me, 3));
  {
    gex_Memvec_t sl[2] = {{src, 20000}, {src + 20000, 20000}};
    gex_Memvec_t dl[1] = {{dst + 40000, 40000}};
    CHECK_EQ(gex_VIS_VectorPutNBI(tm, right, 1, dl, 2, sl, GEX_FLAG_ENABLE_LEAF_LC), 0);
    gex_NBI_Wait(GEX_EC_LC, 0);
    memset(src, 0x44, LC_BYTES);
    gex_NBI_Wait(GEX_EC_PUT, 0);
  }
  free(src);
  test_barrier(tm);
  /* check what the left-hand neighbour sent */
  const uint8_t *in = seg + inbox_off(left);
  uint8_t *want = (uint8_t *)malloc(LC_BYTES);
  CHECK(want != NULL);
  test_fill(want, LC_BYTES, lc_seed(left, 0));
  CHECK(!memcmp(in, want, 5000) && !memcmp(in + 6000, want + 5000, 5000));
  CHECK_BYTES(in + 5000, 1000, GUARD_BYTE);
  test_fill(want, LC_BYTES, lc_seed(left, 1));
  for (int i = 0; i < 3; i++) CHECK(!memcmp(in + 12000 + 4000 * i, want + 4000 * i, 4000));
  test_fill(want, LC_BYTES, lc_seed(left, 2));
  for (int i = 0; i < 10; i++) {
    CHECK(!memcmp(in + 30000 + 600 * i, want + 500 * i, 500));
    CHECK_BYTES(in + 30000 + 600 * i + 500, 100, GUARD_BYTE);
  }
  test_fill(want, LC_BYTES, lc_seed(left, 3));
  CHECK(!memcmp(in + 40000, want, 40000));
  CHECK_BYTES(in + 80000, 1000, GUARD_BYTE);
  free(want);
  test_barrier(tm);
}

/* ---- degenerate Vector / Indexed ---- */
static void degenerate(void) {
  uint8_t *dst = remote_at(right, inbox_off(me));
  gex_Memvec_t empty[2] = {{NULL, 0}, {dst, 0}};
  CHECK_EQ(gex_VIS_VectorPutBlocking(tm, right, 0, NULL, 0, NULL, 0), 0);
  CHECK_EQ(gex_VIS_VectorGetBlocking(tm, 0, NULL, right, 0, NULL, 0), 0);
  CHECK(gex_VIS_VectorPutNB(tm, right, 0, NULL, 2, empty, 0) == GEX_EVENT_INVALID);
  CHECK(gex_VIS_VectorGetNB(tm, 2, empty, right, 0, NULL, 0) == GEX_EVENT_INVALID);
  CHECK_EQ(gex_VIS_VectorPutNBI(tm, right, 2, empty, 2, empty, 0), 0);
  CHECK_EQ(gex_VIS_IndexedPutBlocking(tm, right, 0, NULL, 8, 0, NULL, 8, 0), 0);
  CHECK_EQ(gex_VIS_IndexedGetNBI(tm, 0, NULL, 16, right, 0, NULL, 4, 0), 0);
  CHECK(gex_VIS_IndexedGetNB(tm, 0, NULL, 0, right, 0, NULL, 0, 0) == GEX_EVENT_INVALID);
  gex_NBI_Wait(GEX_EC_ALL, 0);
}

int main(int argc, char **argv) {
  vis_init("test_vis_vector", &argc, &argv, SLOT, EXPORT);
  degenerate();
  for (int round = 0; round < ROUNDS; round++) {
    guard_inbox(left);
    test_barrier(tm);
    vector_round(round);
    indexed_round(round);
    test_barrier(tm);
    vector_verify(round);
    indexed_verify(round);
    test_barrier(tm);
  }
  TEST_LOG("vector and indexed rounds done");
  leaf_lc();
  test_finish(tm, "test_vis_vector");
  return 0;
}
