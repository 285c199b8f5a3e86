/* Broadcast and reductions, checked against a serial reference computed locally:
 *  - broadcast from every root, nbytes 1..1 MiB (several AM chunks), src==dst on the root, src NULL
 *    on non-roots;
 *  - ReduceToOne (several roots) and ReduceToAll for every built-in DT x {ADD, MULT, MIN, MAX} and
 *    the integer DTs x {AND, OR, XOR}, dt_cnt 1 and 1000, in place (src==dst) too. Values are
 *    chosen so that floating-point results are exact in any association order;
 *  - GEX_OP_USER on GEX_DT_USER (max with index, user_cdata checked), on a built-in DT, and
 *    GEX_OP_USER_NC (string concatenation and 2x2 matrix product: order matters);
 *  - large reductions with src and dst in the bound segment (read in place in shared memory), each
 *    rank overwriting its src as soon as its call returns;
 *  - the same on a sub-team (odd/even split), so non-primordial teams are covered. */
#include "coll_test.h"

static gex_TM_t world;
static gex_Rank_t me, np;

static const gex_DT_t dts[] = {GEX_DT_I32, GEX_DT_U32, GEX_DT_I64, GEX_DT_U64, GEX_DT_FLT, GEX_DT_DBL};
static const char *dt_names[] = {"I32", "U32", "I64", "U64", "FLT", "DBL"};
static const size_t dt_sizes[] = {4, 4, 8, 8, 4, 8};
static const gex_OP_t ops[] = {GEX_OP_ADD, GEX_OP_MULT, GEX_OP_MIN, GEX_OP_MAX, GEX_OP_AND, GEX_OP_OR, GEX_OP_XOR};
static const char *op_names[] = {"ADD", "MULT", "MIN", "MAX", "AND", "OR", "XOR"};

/* The contribution of team rank r to element i, as a double (exact in every DT). */
static double value(gex_OP_t op, int is_signed, int is_float, gex_Rank_t r, size_t i, unsigned salt) {
  uint64_t s = (uint64_t)r * 1000003u + i * 7919u + salt * 104729u + 1;
  uint64_t h = rng_next(&s);
  if (op == GEX_OP_MULT) { /* products of these stay small and exact */
    static const double f[] = {1, 2, 1, 0.5, -1, 3};
    static const double n[] = {1, 2, 1, 3, 1, 2};
    double v = is_float ? f[h % 6] : n[h % 6];
    if (!is_float && is_signed && (h >> 8) % 3 == 0) v = -v;
    return v;
  }
  if (op == GEX_OP_AND || op == GEX_OP_OR || op == GEX_OP_XOR) return (double)(h >> 40); /* 24 bits */
  double v = (double)((h >> 20) % 2001); /* 0..2000 */
  if (is_signed || is_float) v -= 1000;
  if (is_float) v /= 4; /* quarters: sums stay exact */
  return v;
}

static void store(gex_DT_t dt, void *p, size_t i, double v) {
  switch (dt) {
    case GEX_DT_I32: ((int32_t *)p)[i] = (int32_t)v; break;
    case GEX_DT_U32: ((uint32_t *)p)[i] = (uint32_t)(int64_t)v; break;
    case GEX_DT_I64: ((int64_t *)p)[i] = (int64_t)v; break;
    case GEX_DT_U64: ((uint64_t *)p)[i] = (uint64_t)(int64_t)v; break;
    case GEX_DT_FLT: ((float *)p)[i] = (float)v; break;
    case GEX_DT_DBL: ((double *)p)[i] = v; break;
  }
}

/* ref[i] = ref[i] (op) x[i] in the DT's own arithmetic (unsigned wraparound for integers). */
#define FOLD(T, U)                                                        \
  do {                                                                    \
    T *a = (T *)ref;                                                      \
    const T *b = (const T *)x;                                            \
    for (size_t i = 0; i < cnt; ++i) {                                    \
      switch (op) {                                                       \
        case GEX_OP_ADD: a[i] = (T)((U)a[i] + (U)b[i]); break;            \
        case GEX_OP_MULT: a[i] = (T)((U)a[i] * (U)b[i]); break;           \
        case GEX_OP_MIN: a[i] = a[i] < b[i] ? a[i] : b[i]; break;         \
        case GEX_OP_MAX: a[i] = a[i] > b[i] ? a[i] : b[i]; break;         \
        default: fold_bits(op, &a[i], &b[i], sizeof(T)); break;           \
      }                                                                   \
    }                                                                     \
  } while (0)

static void fold_bits(gex_OP_t op, void *a, const void *b, size_t sz) {
  uint64_t x = 0, y = 0;
  memcpy(&x, a, sz);
  memcpy(&y, b, sz);
  x = op == GEX_OP_AND ? (x & y) : op == GEX_OP_OR ? (x | y) : (x ^ y);
  memcpy(a, &x, sz);
}

static void fold(gex_DT_t dt, gex_OP_t op, void *ref, const void *x, size_t cnt) {
  switch (dt) {
    case GEX_DT_I32: FOLD(int32_t, uint32_t); break;
    case GEX_DT_U32: FOLD(uint32_t, uint32_t); break;
    case GEX_DT_I64: FOLD(int64_t, uint64_t); break;
    case GEX_DT_U64: FOLD(uint64_t, uint64_t); break;
    case GEX_DT_FLT: FOLD(float, float); break;
    case GEX_DT_DBL: FOLD(double, double); break;
  }
}

static void fill(gex_DT_t d, int di, gex_OP_t op, gex_Rank_t r, void *buf, size_t cnt, unsigned salt) {
  int is_signed = d == GEX_DT_I32 || d == GEX_DT_I64, is_float = di >= 4;
  for (size_t i = 0; i < cnt; ++i) store(d, buf, i, value(op, is_signed, is_float, r, i, salt));
}

static void test_broadcast(gex_TM_t tm) {
  gex_Rank_t n = gex_TM_QuerySize(tm), my = gex_TM_QueryRank(tm);
  static const size_t sizes[] = {1, 8, 4096, 100003, 1 << 20};
  unsigned char *buf = malloc(1 << 20), *src = malloc(1 << 20);
  for (size_t si = 0; si < sizeof sizes / sizeof *sizes; ++si) {
    size_t nb = sizes[si];
    for (gex_Rank_t root = 0; root < n; ++root) {
      if (nb == (1 << 20) && root != 0 && root != n - 1) continue; /* keep the run short */
      int in_place = (root + si) % 2;
      memset(buf, 0xee, nb);
      if (my == root)
        for (size_t i = 0; i < nb; ++i) (in_place ? buf : src)[i] = (unsigned char)(i * 31 + root * 7 + si);
      const void *s = my == root ? (in_place ? buf : src) : NULL;
      gex_Event_t ev = gex_Coll_BroadcastNB(tm, root, buf, s, nb, 0);
      if (root % 2) wait_poll(ev); else gex_Event_Wait(ev);
      for (size_t i = 0; i < nb; ++i)
        CHECKF(buf[i] == (unsigned char)(i * 31 + root * 7 + si), "broadcast nbytes=%zu root=%u: byte %zu is 0x%x",
               nb, (unsigned)root, i, buf[i]);
    }
  }
  free(buf);
  free(src);
}

static void test_builtin(gex_TM_t tm, unsigned salt) {
  gex_Rank_t n = gex_TM_QuerySize(tm), my = gex_TM_QueryRank(tm);
  static const size_t cnts[] = {1, 1000};
  char *src = malloc(8000), *dst = malloc(8000), *ref = malloc(8000), *x = malloc(8000);
  unsigned iter = 0;
  for (int di = 0; di < 6; ++di) {
    for (int oi = 0; oi < 7; ++oi) {
      if (oi >= 4 && di >= 4) continue; /* bitwise ops are for integers only */
      for (int ci = 0; ci < 2; ++ci, ++iter) {
        gex_DT_t dt = dts[di];
        gex_OP_t op = ops[oi];
        size_t cnt = cnts[ci], sz = dt_sizes[di];
        fill(dt, di, op, 0, ref, cnt, salt + iter);
        for (gex_Rank_t r = 1; r < n; ++r) {
          fill(dt, di, op, r, x, cnt, salt + iter);
          fold(dt, op, ref, x, cnt);
        }
        /* ReduceToAll, out of place then in place */
        fill(dt, di, op, my, src, cnt, salt + iter);
        memset(dst, 0x5a, cnt * sz);
        gex_Event_Wait(gex_Coll_ReduceToAllNB(tm, dst, src, dt, sz, cnt, op, NULL, NULL, 0));
        CHECKF(memcmp(dst, ref, cnt * sz) == 0, "ReduceToAll %s %s cnt=%zu: wrong result", dt_names[di], op_names[oi], cnt);
        gex_Event_Wait(gex_Coll_ReduceToAllNB(tm, src, src, dt, sz, cnt, op, NULL, NULL, 0));
        CHECKF(memcmp(src, ref, cnt * sz) == 0, "ReduceToAll in place %s %s cnt=%zu", dt_names[di], op_names[oi], cnt);
        /* ReduceToOne at a root that moves around, in place on the root every other time */
        gex_Rank_t root = (gex_Rank_t)(iter % n);
        int in_place = iter % 2;
        fill(dt, di, op, my, src, cnt, salt + iter);
        memset(dst, 0x5a, cnt * sz);
        char *out = my == root ? (in_place ? src : dst) : NULL;
        wait_poll(gex_Coll_ReduceToOneNB(tm, root, out, src, dt, sz, cnt, op, NULL, NULL, 0));
        if (my == root)
          CHECKF(memcmp(out, ref, cnt * sz) == 0, "ReduceToOne root=%u %s %s cnt=%zu", (unsigned)root, dt_names[di],
                 op_names[oi], cnt);
      }
    }
  }
  free(src);
  free(dst);
  free(ref);
  free(x);
}

/* Vectors larger than one AM payload: the engine moves them in chunks. */
static void test_large(gex_TM_t tm) {
  gex_Rank_t n = gex_TM_QuerySize(tm), my = gex_TM_QueryRank(tm);
  const size_t cnt = 20011; /* 160 KB of U64 */
  uint64_t *src = malloc(cnt * 8), *dst = malloc(cnt * 8);
  for (size_t i = 0; i < cnt; ++i) src[i] = (uint64_t)my * 1000003u + i;
  gex_Event_Wait(gex_Coll_ReduceToAllNB(tm, dst, src, GEX_DT_U64, 8, cnt, GEX_OP_ADD, NULL, NULL, 0));
  for (size_t i = 0; i < cnt; ++i)
    CHECKF(dst[i] == (uint64_t)n * (n - 1) / 2 * 1000003u + i * n, "large ReduceToAll element %zu", i);
  memset(dst, 0, cnt * 8);
  gex_Event_Wait(gex_Coll_ReduceToOneNB(tm, n - 1, my == n - 1 ? dst : NULL, src, GEX_DT_U64, 8, cnt, GEX_OP_MAX, NULL,
                                        NULL, 0));
  if (my == n - 1)
    for (size_t i = 0; i < cnt; ++i) CHECKF(dst[i] == (uint64_t)(n - 1) * 1000003u + i, "large ReduceToOne element %zu", i);
  free(src);
  free(dst);
}

/* The same in the bound segment, below and above one 16 KiB chunk: in shared memory a leaf's output
 * is then read from its src where it lies (no staging), and rank 0 of a reduction to rank 0
 * combines straight into dst. Every rank overwrites its src as soon as its call returns, so a leaf
 * that completed before its parent had read its src shows in the result. */
static void test_large_in_segment(gex_TM_t tm, uint64_t *seg) {
  gex_Rank_t n = gex_TM_QuerySize(tm), my = gex_TM_QueryRank(tm);
  static const size_t cnts[] = {1000, 1025, 2048, 5000, 20011};
  uint64_t *src = seg, *dst = seg + 20011;
  for (size_t ci = 0; ci < sizeof cnts / sizeof cnts[0]; ++ci) {
    const size_t cnt = cnts[ci];
    const uint64_t sum_base = (uint64_t)n * (n - 1) / 2 * 1000003u;
    for (int pass = 0; pass < 3; ++pass) {
      const gex_Rank_t root = pass == 0 ? 0 : n - 1;
      const int in_place = pass == 2 && my == root;
      for (size_t i = 0; i < cnt; ++i) src[i] = (uint64_t)my * 1000003u + i * n + ci;
      memset(dst, 0, cnt * 8);
      uint64_t *out = my == root ? (in_place ? src : dst) : NULL;
      gex_Event_Wait(gex_Coll_ReduceToOneNB(tm, root, out, src, GEX_DT_U64, 8, cnt, GEX_OP_ADD, NULL, NULL, 0));
      if (!in_place) memset(src, 0xa5, cnt * 8);
      if (my == root)
        for (size_t i = 0; i < cnt; ++i)
          CHECKF(out[i] == sum_base + (i * n + ci) * n, "in-segment ReduceToOne root=%u cnt=%zu element %zu: %llu",
                 (unsigned)root, cnt, i, (unsigned long long)out[i]);
    }
    for (size_t i = 0; i < cnt; ++i) src[i] = (uint64_t)my * 1000003u + i * n + ci;
    gex_Event_Wait(gex_Coll_ReduceToAllNB(tm, dst, src, GEX_DT_U64, 8, cnt, GEX_OP_ADD, NULL, NULL, 0));
    memset(src, 0xa5, cnt * 8);
    for (size_t i = 0; i < cnt; ++i)
      CHECKF(dst[i] == sum_base + (i * n + ci) * n, "in-segment ReduceToAll cnt=%zu element %zu", cnt, i);
  }
  team_barrier(tm);
}

/* ---- user operations ---------------------------------------------------------------------------- */

typedef struct {
  double val;
  int32_t idx;
  int32_t pad;
} maxloc_t;

static int maxloc_cdata;
static size_t maxloc_calls, maxloc_count_other;

static void maxloc(const void *arg1, void *arg2_and_out, size_t count, const void *cdata) {
  CHECK(cdata == &maxloc_cdata);
  const maxloc_t *x = arg1;
  maxloc_t *y = arg2_and_out;
  for (size_t i = 0; i < count; ++i)
    if (x[i].val > y[i].val || (x[i].val == y[i].val && x[i].idx < y[i].idx)) y[i] = x[i];
  ++maxloc_calls;
}

static void dbl_sum(const void *arg1, void *arg2_and_out, size_t count, const void *cdata) {
  CHECK(cdata == NULL);
  const double *x = arg1;
  double *y = arg2_and_out;
  for (size_t i = 0; i < count; ++i) y[i] = x[i] + y[i];
}

/* Concatenation: y = x . y (non-commutative). */
typedef struct {
  uint8_t len;
  char s[71];
} str_t;

static void concat(const void *arg1, void *arg2_and_out, size_t count, const void *cdata) {
  (void)cdata;
  const str_t *x = arg1;
  str_t *y = arg2_and_out;
  for (size_t i = 0; i < count; ++i) {
    str_t r;
    CHECK(x[i].len + y[i].len <= (int)sizeof r.s);
    r.len = (uint8_t)(x[i].len + y[i].len);
    memcpy(r.s, x[i].s, x[i].len);
    memcpy(r.s + x[i].len, y[i].s, y[i].len);
    y[i] = r;
  }
}

/* 2x2 matrices over uint32 (mod 2^32): y = x * y (non-commutative). */
static void matmul(const void *arg1, void *arg2_and_out, size_t count, const void *cdata) {
  (void)cdata;
  const uint32_t *x = arg1;
  uint32_t *y = arg2_and_out;
  for (size_t i = 0; i < count; ++i, x += 4, y += 4) {
    uint32_t r[4] = {x[0] * y[0] + x[1] * y[2], x[0] * y[1] + x[1] * y[3], x[2] * y[0] + x[3] * y[2],
                     x[2] * y[1] + x[3] * y[3]};
    memcpy(y, r, sizeof r);
  }
}

static void test_user(gex_TM_t tm) {
  gex_Rank_t n = gex_TM_QuerySize(tm), my = gex_TM_QueryRank(tm);
  static const size_t cnts[] = {1, 1000};
  for (int ci = 0; ci < 2; ++ci) {
    size_t cnt = cnts[ci];
    /* max with index on a user type */
    maxloc_t *in = malloc(cnt * sizeof *in), *out = malloc(cnt * sizeof *out);
    for (size_t i = 0; i < cnt; ++i) {
      in[i].val = (double)((my * 7 + i * 3) % (n + 2)); /* ties happen: the lowest index wins */
      in[i].idx = (int32_t)my;
      in[i].pad = 0;
    }
    maxloc_calls = 0;
    gex_Event_Wait(gex_Coll_ReduceToAllNB(tm, out, in, GEX_DT_USER, sizeof(maxloc_t), cnt, GEX_OP_USER, maxloc,
                                          &maxloc_cdata, 0));
    for (size_t i = 0; i < cnt; ++i) {
      double best = -1;
      int32_t bi = -1;
      for (gex_Rank_t r = 0; r < n; ++r) {
        double v = (double)((r * 7 + i * 3) % (n + 2));
        if (v > best) best = v, bi = (int32_t)r;
      }
      CHECKF(out[i].val == best && out[i].idx == bi, "maxloc[%zu] = (%g,%d), want (%g,%d)", i, out[i].val, out[i].idx,
             best, bi);
    }
    if (n > 1 && my == 0) CHECK(maxloc_calls > 0); /* rank 0 combines its children */
    (void)maxloc_count_other;
    free(in);
    free(out);

    /* GEX_OP_USER on a built-in DT, ToOne at the last rank */
    double *d = malloc(cnt * sizeof *d), *dr = malloc(cnt * sizeof *dr);
    for (size_t i = 0; i < cnt; ++i) d[i] = my + 0.25 * i;
    gex_Event_Wait(gex_Coll_ReduceToOneNB(tm, n - 1, my == n - 1 ? dr : NULL, d, GEX_DT_DBL, 8, cnt, GEX_OP_USER,
                                          dbl_sum, NULL, 0));
    if (my == n - 1)
      for (size_t i = 0; i < cnt; ++i) CHECK(dr[i] == (double)n * (n - 1) / 2 + 0.25 * i * n);
    free(d);
    free(dr);

    /* Concatenation: element i of rank r is the letter 'a' + (r + i) % 26 */
    str_t *s = malloc(cnt * sizeof *s), *sr = malloc(cnt * sizeof *sr);
    for (size_t i = 0; i < cnt; ++i) {
      memset(&s[i], 0, sizeof s[i]);
      s[i].len = 1;
      s[i].s[0] = (char)('a' + (my + i) % 26);
    }
    for (int pass = 0; pass < 2; ++pass) {
      gex_Rank_t root = pass ? n - 1 : 0;
      memset(sr, 0, cnt * sizeof *sr);
      if (pass == 0)
        gex_Event_Wait(gex_Coll_ReduceToAllNB(tm, sr, s, GEX_DT_USER, sizeof(str_t), cnt, GEX_OP_USER_NC, concat, NULL, 0));
      else
        gex_Event_Wait(gex_Coll_ReduceToOneNB(tm, root, my == root ? sr : NULL, s, GEX_DT_USER, sizeof(str_t), cnt,
                                              GEX_OP_USER_NC, concat, NULL, 0));
      if (pass == 0 || my == root)
        for (size_t i = 0; i < cnt; ++i) {
          CHECK_EQ(sr[i].len, n);
          for (gex_Rank_t r = 0; r < n; ++r)
            CHECKF(sr[i].s[r] == (char)('a' + (r + i) % 26), "concat[%zu] = '%.*s': out of rank order", i,
                   (int)sr[i].len, sr[i].s);
        }
    }
    free(s);
    free(sr);

    /* Matrix product M_0 M_1 ... M_{n-1}, M_r = [[r+1, 1], [i, 2]] */
    uint32_t *m = malloc(cnt * 16), *mr = malloc(cnt * 16);
    for (size_t i = 0; i < cnt; ++i) {
      m[4 * i] = my + 1, m[4 * i + 1] = 1, m[4 * i + 2] = (uint32_t)i, m[4 * i + 3] = 2;
    }
    gex_Event_Wait(gex_Coll_ReduceToAllNB(tm, m, m, GEX_DT_USER, 16, cnt, GEX_OP_USER_NC, matmul, NULL, 0));
    for (size_t i = 0; i < cnt; ++i) {
      uint32_t ref[4] = {1, 0, 0, 1};
      for (gex_Rank_t r = 0; r < n; ++r) {
        uint32_t b[4] = {r + 1, 1, (uint32_t)i, 2};
        uint32_t t[4] = {ref[0] * b[0] + ref[1] * b[2], ref[0] * b[1] + ref[1] * b[3], ref[2] * b[0] + ref[3] * b[2],
                         ref[2] * b[1] + ref[3] * b[3]};
        memcpy(ref, t, sizeof t);
      }
      CHECKF(memcmp(ref, m + 4 * i, 16) == 0, "matrix product [%zu] out of order", i);
    }
    free(m);
    free(mr);
  }
}

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_EP_t ep;
  CHECK(gex_Client_Init(&client, &ep, &world, "test_coll", &argc, &argv, 0) == GASNET_OK);
  me = gex_TM_QueryRank(world);
  np = gex_TM_QuerySize(world);
  gex_Segment_t seg;
  CHECK(gex_Segment_Attach(&seg, world, 1 << 20) == GASNET_OK);
  uint64_t *seg_words = gex_Segment_QueryAddr(seg);

  test_broadcast(world);
  test_builtin(world, 1);
  test_large(world);
  test_large_in_segment(world, seg_words);
  test_user(world);

  /* Sub-team: odd and even jobranks, reversed */
  gex_TM_t half;
  gex_TM_Split(&half, world, (int)(me % 2), -(int)me, NULL, 0, GEX_FLAG_TM_NO_SCRATCH);
  test_broadcast(half);
  test_builtin(half, 2);
  test_large(half);
  test_large_in_segment(half, seg_words);
  test_user(half);
  gex_TM_Destroy(half, NULL, 0);

  team_barrier(world);
  if (me == 0) printf("test_coll: OK (%u ranks)\n", (unsigned)np);
  return 0;
}
