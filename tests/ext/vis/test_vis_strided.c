/* test_vis_strided: gex_VIS_Strided{Put,Get}{Blocking,NB,NBI} to the right-hand neighbour.
 *  - 2-D block transpose (permuted strides), transpose plus reflection (negative strides), row
 *    reflection with one whole row per element, 3-byte cells, elements larger than one AM Medium
 *    piece, and a 3-D sub-block, each checked element by element at the receiver, with every byte
 *    around and between the elements checked untouched;
 *  - the same shapes read back with StridedGet (transpose, negative source strides, a 3-D
 *    sub-block of the peer's array, large elements);
 *  - the metadata arrays are overwritten right after an NB/NBI initiation returns (the spec says
 *    they are consumed before return);
 *  - degenerate cases: elemsz == 0 and count[i] == 0 with NULL addresses and an invalid tm are
 *    no-ops, stridelevels == 0 copies elemsz contiguous bytes, a single element.
 * Every shape runs in every completion form (three rounds, forms rotated). */
#include "vis_common.h"

#define R 131 /* rows of the source matrix */
#define C 97  /* columns */
#define MAT (R * C * 8)
#define SUB (128 * 1024) /* one sub-slot of the inbox per shape */
#define PAD 64           /* guard bytes before each shape's region */
enum { S_T, S_TR, S_ROWS, S_CELL3, S_BIG, S_3D, S_DEGEN, S_COUNT };
/* 3-D array Y[D2][D1][D0] of 4-byte cells and an n2 x n1 x n0 block in it */
#define D0 13
#define D1 11
#define D2 9
#define N0 7
#define N1 6
#define N2 5
#define BIG_ELEM 10000
#define BIG_DST0 10240
#define BIG_DST1 40960

static uint8_t *inbox(gex_Rank_t src, int shape) { return seg + inbox_off(src) + (size_t)shape * SUB + PAD; }
static uint8_t *rinbox(int shape) { return remote_at(right, inbox_off(me) + (size_t)shape * SUB + PAD); }
static uint64_t source_seed(gex_Rank_t src, int round) { return test_seed(src, (uint64_t)round, 0xA, 7); }

/* Runs one StridedPut in `form` to `rank`; copies of the metadata are trashed right after the
 * initiation returns, before completion. */
static void strided_put(int form, gex_Rank_t rank, void *dst, const ptrdiff_t *dststrides, void *src,
                        const ptrdiff_t *srcstrides, size_t elemsz, const size_t *count, size_t levels) {
  ptrdiff_t ds[4], ss[4];
  size_t cnt[4];
  CHECK(levels <= 4);
  memcpy(ds, dststrides, levels * sizeof(ptrdiff_t));
  memcpy(ss, srcstrides, levels * sizeof(ptrdiff_t));
  memcpy(cnt, count, levels * sizeof(size_t));
  gex_Event_t ev = GEX_EVENT_INVALID;
  switch (form) {
    case FORM_BLOCKING:
      CHECK_EQ(gex_VIS_StridedPutBlocking(tm, rank, dst, ds, src, ss, elemsz, cnt, levels, 0), 0);
      break;
    case FORM_NB:
      ev = gex_VIS_StridedPutNB(tm, rank, dst, ds, src, ss, elemsz, cnt, levels, 0);
      CHECK(ev != GEX_EVENT_NO_OP);
      break;
    default:
      CHECK_EQ(gex_VIS_StridedPutNBI(tm, rank, dst, ds, src, ss, elemsz, cnt, levels, 0), 0);
      break;
  }
  memset(ds, 0x5c, sizeof ds);
  memset(ss, 0x5c, sizeof ss);
  memset(cnt, 0x5c, sizeof cnt);
  if (form == FORM_NB) gex_Event_Wait(ev);
  if (form == FORM_NBI) gex_NBI_Wait(GEX_EC_PUT, 0);
}

static void strided_get(int form, void *dst, const ptrdiff_t *dststrides, gex_Rank_t rank, void *src,
                        const ptrdiff_t *srcstrides, size_t elemsz, const size_t *count, size_t levels) {
  ptrdiff_t ds[4], ss[4];
  size_t cnt[4];
  CHECK(levels <= 4);
  memcpy(ds, dststrides, levels * sizeof(ptrdiff_t));
  memcpy(ss, srcstrides, levels * sizeof(ptrdiff_t));
  memcpy(cnt, count, levels * sizeof(size_t));
  gex_Event_t ev = GEX_EVENT_INVALID;
  switch (form) {
    case FORM_BLOCKING:
      CHECK_EQ(gex_VIS_StridedGetBlocking(tm, dst, ds, rank, src, ss, elemsz, cnt, levels, 0), 0);
      break;
    case FORM_NB:
      ev = gex_VIS_StridedGetNB(tm, dst, ds, rank, src, ss, elemsz, cnt, levels, 0);
      CHECK(ev != GEX_EVENT_NO_OP);
      break;
    default:
      CHECK_EQ(gex_VIS_StridedGetNBI(tm, dst, ds, rank, src, ss, elemsz, cnt, levels, 0), 0);
      break;
  }
  memset(ds, 0x5c, sizeof ds);
  memset(ss, 0x5c, sizeof ss);
  memset(cnt, 0x5c, sizeof cnt);
  if (form == FORM_NB) gex_Event_Wait(ev);
  if (form == FORM_NBI) gex_NBI_Wait(GEX_EC_GET, 0);
}

/* CHECK that [from, to) of p is all guard bytes. */
static void check_guard(const uint8_t *p, size_t from, size_t to, const char *what) {
  for (size_t k = from; k < to; k++)
    CHECKF(p[k] == GUARD_BYTE, "%s: byte %zu outside the elements was overwritten (0x%02x)", what, k, p[k]);
}

/* ---- puts ---- */
static void issue_puts(int round, const uint8_t *A) {
  uint8_t *src = (uint8_t *)malloc(MAT);
  CHECK(src != NULL);
  memcpy(src, A, MAT);
  { /* transpose: T[j][i] = A[i][j] */
    const size_t count[2] = {C, R};
    const ptrdiff_t ss[2] = {8, C * 8}, ds[2] = {R * 8, 8};
    strided_put((round + S_T) % FORM_COUNT, right, rinbox(S_T), ds, src, ss, 8, count, 2);
  }
  { /* transpose and reflection: T2[C-1-j][R-1-i] = A[i][j] */
    const size_t count[2] = {C, R};
    const ptrdiff_t ss[2] = {8, C * 8}, ds[2] = {-(R * 8), -8};
    strided_put((round + S_TR) % FORM_COUNT, right, rinbox(S_TR) + ((C - 1) * R + (R - 1)) * 8, ds, src, ss, 8, count, 2);
  }
  { /* row reflection, one row per element: F[R-1-i] = A[i] */
    const size_t count[1] = {R};
    const ptrdiff_t ss[1] = {C * 8}, ds[1] = {-(C * 8)};
    strided_put((round + S_ROWS) % FORM_COUNT, right, rinbox(S_ROWS) + (R - 1) * C * 8, ds, src, ss, C * 8, count, 1);
  }
  { /* transpose of 3-byte cells */
    const size_t count[2] = {C, R};
    const ptrdiff_t ss[2] = {3, C * 3}, ds[2] = {R * 3, 3};
    strided_put((round + S_CELL3) % FORM_COUNT, right, rinbox(S_CELL3), ds, src, ss, 3, count, 2);
  }
  { /* elements larger than a packed piece, contiguous at the source, spaced at the target */
    const size_t count[2] = {3, 2};
    const ptrdiff_t ss[2] = {BIG_ELEM, 3 * BIG_ELEM}, ds[2] = {BIG_DST0, BIG_DST1};
    strided_put((round + S_BIG) % FORM_COUNT, right, rinbox(S_BIG), ds, src, ss, BIG_ELEM, count, 2);
  }
  { /* 3-D: a dense N2 x N1 x N0 block of 4-byte cells into Y[2..][4..][5..] */
    const size_t count[3] = {N0, N1, N2};
    const ptrdiff_t ss[3] = {4, N0 * 4, N1 * N0 * 4}, ds[3] = {4, D0 * 4, D1 * D0 * 4};
    strided_put((round + S_3D) % FORM_COUNT, right, rinbox(S_3D) + ((2 * D1 + 4) * D0 + 5) * 4, ds, src, ss, 4, count, 3);
  }
  { /* stridelevels == 0: 777 contiguous bytes, strides and count NULL */
    CHECK_EQ(gex_VIS_StridedPutBlocking(tm, right, rinbox(S_DEGEN), NULL, src + 5, NULL, 777, NULL, 0, 0), 0);
    /* a single element of a 2-level shape */
    const size_t count[2] = {1, 1};
    const ptrdiff_t ss[2] = {1000, 1000}, ds[2] = {-3000, 7000};
    strided_put((round + S_DEGEN) % FORM_COUNT, right, rinbox(S_DEGEN) + 2048, ds, src + 11, ss, 5, count, 2);
  }
  free(src);
}

static void verify_puts(int round) {
  const gex_Rank_t src = left;
  uint8_t *A = (uint8_t *)malloc(MAT);
  CHECK(A != NULL);
  test_fill(A, MAT, source_seed(src, round));
  const uint8_t *p;
  p = inbox(src, S_T);
  for (size_t i = 0; i < R; i++)
    for (size_t j = 0; j < C; j++)
      CHECKF(!memcmp(p + (j * R + i) * 8, A + (i * C + j) * 8, 8), "round %d transpose: T[%zu][%zu] != A[%zu][%zu]", round, j,
             i, i, j);
  check_guard(p - PAD, 0, PAD, "transpose");
  check_guard(p, MAT, SUB - PAD, "transpose");
  p = inbox(src, S_TR);
  for (size_t i = 0; i < R; i++)
    for (size_t j = 0; j < C; j++)
      CHECKF(!memcmp(p + ((C - 1 - j) * R + (R - 1 - i)) * 8, A + (i * C + j) * 8, 8),
             "round %d transpose+reflection: element (%zu,%zu) misplaced", round, i, j);
  check_guard(p - PAD, 0, PAD, "transpose+reflection");
  check_guard(p, MAT, SUB - PAD, "transpose+reflection");
  p = inbox(src, S_ROWS);
  for (size_t i = 0; i < R; i++)
    CHECKF(!memcmp(p + (R - 1 - i) * C * 8, A + i * C * 8, C * 8), "round %d row reflection: row %zu", round, i);
  check_guard(p - PAD, 0, PAD, "row reflection");
  check_guard(p, MAT, SUB - PAD, "row reflection");
  p = inbox(src, S_CELL3);
  for (size_t i = 0; i < R; i++)
    for (size_t j = 0; j < C; j++)
      CHECKF(!memcmp(p + (j * R + i) * 3, A + (i * C + j) * 3, 3), "round %d 3-byte transpose: cell (%zu,%zu)", round, i, j);
  check_guard(p - PAD, 0, PAD, "3-byte transpose");
  check_guard(p, R * C * 3, SUB - PAD, "3-byte transpose");
  p = inbox(src, S_BIG);
  check_guard(p - PAD, 0, PAD, "large elements");
  for (size_t b = 0; b < 2; b++)
    for (size_t a = 0; a < 3; a++) {
      size_t off = b * BIG_DST1 + a * BIG_DST0;
      CHECKF(!memcmp(p + off, A + (b * 3 + a) * BIG_ELEM, BIG_ELEM), "round %d large element (%zu,%zu)", round, a, b);
      size_t next = (a < 2) ? off + BIG_DST0 : (b + 1) * BIG_DST1;
      check_guard(p, off + BIG_ELEM, b == 1 && a == 2 ? SUB - PAD : next, "large elements");
    }
  p = inbox(src, S_3D);
  for (size_t k = 0; k < D2; k++)
    for (size_t j = 0; j < D1; j++)
      for (size_t i = 0; i < D0; i++) {
        const uint8_t *cell = p + ((k * D1 + j) * D0 + i) * 4;
        if (k >= 2 && k < 2 + N2 && j >= 4 && j < 4 + N1 && i >= 5 && i < 5 + N0) {
          const uint8_t *want = A + (((k - 2) * N1 + (j - 4)) * N0 + (i - 5)) * 4;
          CHECKF(!memcmp(cell, want, 4), "round %d 3-D block: Y[%zu][%zu][%zu]", round, k, j, i);
        } else {
          check_guard(cell, 0, 4, "3-D block (outside the block)");
        }
      }
  check_guard(p - PAD, 0, PAD, "3-D block");
  check_guard(p, D2 * D1 * D0 * 4, SUB - PAD, "3-D block");
  p = inbox(src, S_DEGEN);
  CHECKF(!memcmp(p, A + 5, 777), "round %d stridelevels=0 copy", round);
  check_guard(p - PAD, 0, PAD, "stridelevels=0");
  check_guard(p, 777, 2048, "stridelevels=0");
  CHECKF(!memcmp(p + 2048, A + 11, 5), "round %d single element", round);
  check_guard(p, 2048 + 5, SUB - PAD, "single element");
  free(A);
}

/* ---- gets (from the right-hand neighbour's export region, checked here) ---- */
static void gets(int round) {
  const uint8_t *E = export_image(right);
  uint8_t *rE = remote_at(right, export_off());
  uint8_t *buf = (uint8_t *)malloc(MAT + 2 * PAD);
  CHECK(buf != NULL);
  uint8_t *d = buf + PAD;
  int form;

  form = (round + 0) % FORM_COUNT; /* transpose */
  memset(buf, GUARD_BYTE, MAT + 2 * PAD);
  {
    const size_t count[2] = {C, R};
    const ptrdiff_t ss[2] = {8, C * 8}, ds[2] = {R * 8, 8};
    strided_get(form, d, ds, right, rE, ss, 8, count, 2);
  }
  for (size_t i = 0; i < R; i++)
    for (size_t j = 0; j < C; j++)
      CHECKF(!memcmp(d + (j * R + i) * 8, E + (i * C + j) * 8, 8), "round %d %s transpose get: (%zu,%zu)", round,
             form_name[form], i, j);
  check_guard(buf, 0, PAD, "transpose get");
  check_guard(d, MAT, MAT + PAD, "transpose get");

  form = (round + 1) % FORM_COUNT; /* negative source strides: L[i][j] = E[R-1-i][C-1-j] */
  memset(buf, GUARD_BYTE, MAT + 2 * PAD);
  {
    const size_t count[2] = {C, R};
    const ptrdiff_t ss[2] = {-8, -(C * 8)}, ds[2] = {8, C * 8};
    strided_get(form, d, ds, right, rE + ((R - 1) * C + (C - 1)) * 8, ss, 8, count, 2);
  }
  for (size_t i = 0; i < R; i++)
    for (size_t j = 0; j < C; j++)
      CHECKF(!memcmp(d + (i * C + j) * 8, E + ((R - 1 - i) * C + (C - 1 - j)) * 8, 8),
             "round %d %s reflected get: (%zu,%zu)", round, form_name[form], i, j);
  check_guard(buf, 0, PAD, "reflected get");
  check_guard(d, MAT, MAT + PAD, "reflected get");

  form = (round + 2) % FORM_COUNT; /* 3-D sub-block [3..][2..][4..] of E as uint32 X[D2][D1][D0], rows as elements */
  memset(buf, GUARD_BYTE, MAT + 2 * PAD);
  {
    const size_t count[2] = {N1, N2};
    const ptrdiff_t ss[2] = {D0 * 4, D1 * D0 * 4}, ds[2] = {N0 * 4, N1 * N0 * 4};
    strided_get(form, d, ds, right, rE + ((3 * D1 + 2) * D0 + 4) * 4, ss, N0 * 4, count, 2);
  }
  for (size_t k = 0; k < N2; k++)
    for (size_t j = 0; j < N1; j++)
      for (size_t i = 0; i < N0; i++)
        CHECKF(!memcmp(d + ((k * N1 + j) * N0 + i) * 4, E + (((k + 3) * D1 + (j + 2)) * D0 + (i + 4)) * 4, 4),
               "round %d %s 3-D sub-block get: (%zu,%zu,%zu)", round, form_name[form], k, j, i);
  check_guard(buf, 0, PAD, "3-D get");
  check_guard(d, N2 * N1 * N0 * 4, MAT + PAD, "3-D get");

  form = (round + 1) % FORM_COUNT; /* large elements, spaced at the source */
  memset(buf, GUARD_BYTE, MAT + 2 * PAD);
  {
    const size_t count[2] = {2, 2};
    const ptrdiff_t ss[2] = {12500, 30000}, ds[2] = {12000, 24000};
    strided_get(form, d, ds, right, rE + 17, ss, 12000, count, 2);
  }
  for (size_t b = 0; b < 2; b++)
    for (size_t a = 0; a < 2; a++)
      CHECKF(!memcmp(d + b * 24000 + a * 12000, E + 17 + b * 30000 + a * 12500, 12000), "round %d %s large get (%zu,%zu)",
             round, form_name[form], a, b);
  check_guard(d, 48000, MAT + PAD, "large get");

  /* stridelevels == 0 get, NB */
  memset(buf, GUARD_BYTE, MAT + 2 * PAD);
  {
    gex_Event_t ev = gex_VIS_StridedGetNB(tm, d, NULL, right, rE + 1001, NULL, 555, NULL, 0, 0);
    CHECK(ev != GEX_EVENT_NO_OP);
    gex_Event_Wait(ev);
  }
  CHECK(!memcmp(d, E + 1001, 555));
  check_guard(buf, 0, PAD, "stridelevels=0 get");
  check_guard(d, 555, MAT + PAD, "stridelevels=0 get");
  free(buf);
  free((void *)E);
}

/* ---- no-ops ---- */
static void degenerate_noops(void) {
  const size_t count[3] = {4, 0, 2};
  const ptrdiff_t strides[3] = {8, 64, 512};
  /* elemsz == 0: every other argument is ignored */
  CHECK_EQ(gex_VIS_StridedPutBlocking(GEX_TM_INVALID, 12345, NULL, NULL, NULL, NULL, 0, NULL, 7, 0), 0);
  CHECK_EQ(gex_VIS_StridedPutNBI(GEX_TM_INVALID, 12345, NULL, NULL, NULL, NULL, 0, NULL, 7, 0), 0);
  CHECK(gex_VIS_StridedPutNB(GEX_TM_INVALID, 12345, NULL, NULL, NULL, NULL, 0, NULL, 7, 0) == GEX_EVENT_INVALID);
  CHECK_EQ(gex_VIS_StridedGetBlocking(GEX_TM_INVALID, NULL, NULL, 12345, NULL, NULL, 0, NULL, 7, 0), 0);
  CHECK_EQ(gex_VIS_StridedGetNBI(GEX_TM_INVALID, NULL, NULL, 12345, NULL, NULL, 0, NULL, 7, 0), 0);
  CHECK(gex_VIS_StridedGetNB(GEX_TM_INVALID, NULL, NULL, 12345, NULL, NULL, 0, NULL, 7, 0) == GEX_EVENT_INVALID);
  /* a zero count: tm, rank and addresses are ignored (the arrays stay valid) */
  CHECK_EQ(gex_VIS_StridedPutBlocking(GEX_TM_INVALID, 12345, NULL, strides, NULL, strides, 8, count, 3, 0), 0);
  CHECK_EQ(gex_VIS_StridedPutNBI(GEX_TM_INVALID, 12345, NULL, strides, NULL, strides, 8, count, 3, 0), 0);
  CHECK(gex_VIS_StridedPutNB(GEX_TM_INVALID, 12345, NULL, strides, NULL, strides, 8, count, 3, 0) == GEX_EVENT_INVALID);
  CHECK_EQ(gex_VIS_StridedGetBlocking(GEX_TM_INVALID, NULL, strides, 12345, NULL, strides, 8, count, 3, 0), 0);
  CHECK_EQ(gex_VIS_StridedGetNBI(GEX_TM_INVALID, NULL, strides, 12345, NULL, strides, 8, count, 3, 0), 0);
  CHECK(gex_VIS_StridedGetNB(GEX_TM_INVALID, NULL, strides, 12345, NULL, strides, 8, count, 3, 0) == GEX_EVENT_INVALID);
  gex_NBI_Wait(GEX_EC_ALL, 0);
}

int main(int argc, char **argv) {
  vis_init("test_vis_strided", &argc, &argv, S_COUNT * SUB, 128 * 1024);
  degenerate_noops();
  uint8_t *A = (uint8_t *)malloc(MAT);
  CHECK(A != NULL);
  for (int round = 0; round < FORM_COUNT; round++) {
    guard_inbox(left);
    test_barrier(tm);
    test_fill(A, MAT, source_seed(me, round));
    issue_puts(round, A);
    gets(round);
    test_barrier(tm);
    verify_puts(round);
    test_barrier(tm);
    TEST_LOG("round %d done", round);
  }
  free(A);
  test_finish(tm, "test_vis_strided");
  return 0;
}
