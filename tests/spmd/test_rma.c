/* test_rma: Put/Get in every completion style, ring and all-to-all, random sizes (1 B .. 1 MiB) at
 * random unaligned offsets, local buffers in malloc memory and in the segment; NBI with 1000
 * outstanding operations, access regions, value forms, event arrays, QueryLeaf, TM-pairs.
 * Every transfer is checked byte for byte, including the guard bytes around it. */
#include "test_util.h"

#define MIB (1024 * 1024)
#define MAXXFER MIB
#define SLOT (MIB + 8192)   /* inbox slot per source */
#define EXPORT (MIB + 8192) /* region each rank fills once and everyone reads */
#define LOCALSZ (MIB + 8192)
#define GUARD 16
#define GUARD_BYTE 0xA5
#define NBI_OPS 1000

static gex_Client_t client;
static gex_EP_t ep;
static gex_TM_t tm;
static gex_Rank_t me, np, left, right;
static uint8_t *seg;                   /* my segment */
static void *peer_seg[TEST_MAX_RANKS]; /* owner addresses */

/* segment layout */
static size_t inbox_off(gex_Rank_t src) { return (size_t)src * SLOT; }
static size_t export_off(void) { return (size_t)np * SLOT; }
static size_t local_off(void) { return export_off() + EXPORT; }
static size_t seg_bytes(void) { return local_off() + LOCALSZ; }
static uint8_t *remote(gex_Rank_t r, size_t off) { return (uint8_t *)peer_seg[r] + off; }
static uint64_t export_seed(gex_Rank_t owner) { return test_seed(owner, 0xE7, 0, 1); }

enum { P_BLOCKING, P_NB_LC, P_NB_DEFER, P_NB_NOW, P_NBI_DEFER, P_NBI_GROUP, P_NBI_NOW, P_NMODES };
static const char *const put_mode_name[P_NMODES] = {"Blocking", "NB(&lc)", "NB(DEFER)", "NB(NOW)",
                                                    "NBI(DEFER)", "NBI(GROUP)", "NBI(NOW)"};

/* What src writes to dst in a round: deterministic, so the target can check it on its own. */
typedef struct {
  size_t size, off; /* off: inside the source's inbox slot at dst */
  uint64_t seed;
  int in_segment; /* local source buffer in my segment rather than malloc memory */
} xfer_t;

static xfer_t xfer_spec(unsigned round, gex_Rank_t src, gex_Rank_t dst, int big) {
  test_rng_t r;
  test_rng_seed(&r, test_seed(round, src, dst, 0x5EED));
  xfer_t x;
  unsigned lg = (unsigned)(test_rng_next(&r) % 21);
  x.size = big ? MAXXFER : (size_t)(1 + test_rng_next(&r) % ((uint64_t)1 << lg));
  x.off = GUARD + (size_t)(test_rng_next(&r) % (SLOT - MAXXFER - 2 * GUARD));
  x.seed = test_rng_next(&r);
  x.in_segment = (int)(test_rng_next(&r) & 1);
  return x;
}

static void guard_inbox(const xfer_t *x, gex_Rank_t src) {
  memset(seg + inbox_off(src) + x->off - GUARD, GUARD_BYTE, x->size + 2 * GUARD);
}

static void verify_inbox(const xfer_t *x, gex_Rank_t src, const char *what) {
  uint8_t *p = seg + inbox_off(src) + x->off;
  size_t bad = test_find_mismatch_at(p, x->size, x->seed, 0);
  CHECKF(bad == (size_t)-1, "%s from %u: %zu bytes at offset %zu differ at byte %zu", what, (unsigned)src, x->size,
         x->off, bad);
  CHECK_BYTES(p - GUARD, GUARD, GUARD_BYTE);
  CHECK_BYTES(p + x->size, GUARD, GUARD_BYTE);
}

/* Issues one Put in the given mode.  Returns an event to wait on (or INVALID); for modes whose local
 * completion is known at return (Blocking, NOW, &lc after waiting, GROUP after NBI_Wait(LC)) the
 * source is scribbled over to prove it is no longer read. */
static gex_Event_t put_one(int mode, gex_TM_t t, gex_Rank_t dst, void *dest, uint8_t *src, size_t n) {
  gex_Event_t lc = GEX_EVENT_NO_OP, root = GEX_EVENT_INVALID;
  switch (mode) {
    case P_BLOCKING:
      CHECK_EQ(gex_RMA_PutBlocking(t, dst, dest, src, n, 0), 0);
      memset(src, 0x11, n);
      break;
    case P_NB_LC:
      root = gex_RMA_PutNB(t, dst, dest, src, n, &lc, 0);
      CHECK(root != GEX_EVENT_NO_OP);
      CHECK(lc != GEX_EVENT_NO_OP);
      gex_Event_Wait(lc);
      memset(src, 0x12, n);
      break;
    case P_NB_DEFER:
      root = gex_RMA_PutNB(t, dst, dest, src, n, GEX_EVENT_DEFER, 0);
      CHECK(root != GEX_EVENT_NO_OP);
      break;
    case P_NB_NOW:
      root = gex_RMA_PutNB(t, dst, dest, src, n, GEX_EVENT_NOW, 0);
      CHECK(root != GEX_EVENT_NO_OP);
      memset(src, 0x14, n);
      break;
    case P_NBI_DEFER:
      CHECK_EQ(gex_RMA_PutNBI(t, dst, dest, src, n, GEX_EVENT_DEFER, 0), 0);
      break;
    case P_NBI_GROUP:
      CHECK_EQ(gex_RMA_PutNBI(t, dst, dest, src, n, GEX_EVENT_GROUP, 0), 0);
      gex_NBI_Wait(GEX_EC_LC, 0);
      memset(src, 0x16, n);
      break;
    case P_NBI_NOW:
      CHECK_EQ(gex_RMA_PutNBI(t, dst, dest, src, n, GEX_EVENT_NOW, 0), 0);
      memset(src, 0x17, n);
      break;
  }
  return root;
}

/* ---- Put ring / all-to-all ---- */
static uint8_t *mbufs; /* np source buffers of MAXXFER in malloc memory */

static void put_round(unsigned round, int all_to_all, int mode) {
  /* guard what will be written into my inbox this round */
  for (gex_Rank_t s = 0; s < np; s++) {
    if (!all_to_all && s != left) continue;
    xfer_t x = xfer_spec(round, s, me, !all_to_all && round % 4 == 0);
    guard_inbox(&x, s);
  }
  test_barrier(tm);
  gex_Event_t evs[TEST_MAX_RANKS];
  size_t nev = 0;
  for (gex_Rank_t i = 0; i < np; i++) {
    gex_Rank_t d = all_to_all ? (me + i) % np : right;
    if (!all_to_all && i) break;
    xfer_t x = xfer_spec(round, me, d, !all_to_all && round % 4 == 0);
    /* the segment scratch area holds one buffer, so segment sources are used one at a time */
    int seg_src = x.in_segment && (!all_to_all || mode == P_BLOCKING);
    uint8_t *src = seg_src ? seg + local_off() + (x.off & 4095) : mbufs + (size_t)d * (MAXXFER + 4096) + (x.off & 4095);
    test_fill(src, x.size, x.seed);
    gex_Event_t ev = put_one(mode, tm, d, remote(d, inbox_off(me) + x.off), src, x.size);
    if (seg_src) { /* the one segment buffer is reused: complete this Put first */
      gex_Event_Wait(ev);
      if (mode == P_NBI_DEFER) gex_NBI_Wait(GEX_EC_PUT, 0);
    } else {
      evs[nev++] = ev;
    }
  }
  if (nev) gex_Event_WaitAll(evs, nev, 0);
  for (size_t i = 0; i < nev; i++) CHECK(evs[i] == GEX_EVENT_INVALID);
  if (mode >= P_NBI_DEFER) gex_NBI_Wait(all_to_all ? (GEX_EC_PUT | GEX_EC_GET) : GEX_EC_PUT, 0);
  CHECK_EQ(gex_NBI_Test(GEX_EC_ALL, 0), 0);
  test_barrier(tm);
  for (gex_Rank_t s = 0; s < np; s++) {
    if (!all_to_all && s != left) continue;
    xfer_t x = xfer_spec(round, s, me, !all_to_all && round % 4 == 0);
    verify_inbox(&x, s, put_mode_name[mode]);
  }
}

/* ---- Gets ---- */
enum { G_BLOCKING, G_NB_WAIT, G_NB_TEST, G_NBI, G_NMODES };

static void get_round(unsigned round, int all_to_all, int mode) {
  gex_Event_t evs[TEST_MAX_RANKS];
  /* zeroed only so GCC's -Wmaybe-uninitialized (release build) sees them set: entries 0..nops-1 are */
  uint8_t *dst[TEST_MAX_RANKS] = {0};
  xfer_t xs[TEST_MAX_RANKS] = {0};
  gex_Rank_t from[TEST_MAX_RANKS] = {0};
  size_t nops = 0;
  for (gex_Rank_t i = 0; i < np; i++) {
    gex_Rank_t s = all_to_all ? (me + np - i) % np : left;
    if (!all_to_all && i) break;
    xfer_t x = xfer_spec(round + 1000, s, me, !all_to_all && round % 4 == 1);
    x.off = (size_t)(x.seed % (EXPORT - x.size)); /* any offset inside the exported region */
    int seg_dst = x.in_segment && !all_to_all;
    uint8_t *d = seg_dst ? seg + local_off() : mbufs + (size_t)i * (MAXXFER + 4096);
    d += GUARD + 1 + (x.seed >> 40) % 31; /* unaligned, room for the guard in front */
    memset(d - GUARD, GUARD_BYTE, x.size + 2 * GUARD);
    uint8_t *src = remote(s, export_off() + x.off);
    gex_Event_t ev = GEX_EVENT_INVALID;
    switch (mode) {
      case G_BLOCKING: CHECK_EQ(gex_RMA_GetBlocking(tm, d, s, src, x.size, 0), 0); break;
      case G_NB_WAIT:
      case G_NB_TEST:
        ev = gex_RMA_GetNB(tm, d, s, src, x.size, 0);
        CHECK(ev != GEX_EVENT_NO_OP);
        break;
      case G_NBI: CHECK_EQ(gex_RMA_GetNBI(tm, d, s, src, x.size, 0), 0); break;
    }
    evs[nops] = ev;
    dst[nops] = d;
    xs[nops] = x;
    from[nops] = s;
    nops++;
  }
  if (mode == G_NB_WAIT) {
    for (size_t i = 0; i < nops; i++) gex_Event_Wait(evs[i]);
  } else if (mode == G_NB_TEST) {
    for (size_t i = 0; i < nops; i++) TEST_POLL_UNTIL(gex_Event_Test(evs[i]) == 0, 30);
  } else if (mode == G_NBI) {
    gex_NBI_Wait(GEX_EC_GET, 0);
  }
  CHECK_EQ(gex_NBI_Test(GEX_EC_ALL, 0), 0);
  for (size_t i = 0; i < nops; i++) {
    size_t bad = test_find_mismatch_at(dst[i], xs[i].size, export_seed(from[i]), xs[i].off);
    CHECKF(bad == (size_t)-1, "Get mode %d from %u: %zu bytes at export offset %zu differ at byte %zu", mode,
           (unsigned)from[i], xs[i].size, xs[i].off, bad);
    CHECK_BYTES(dst[i] - GUARD, GUARD, GUARD_BYTE);
    CHECK_BYTES(dst[i] + xs[i].size, GUARD, GUARD_BYTE);
  }
}

/* ---- 1000 outstanding NBI operations ---- */
static void test_many_nbi(void) {
  const size_t psz = 24, stride = 32;
  uint8_t *src = (uint8_t *)malloc(NBI_OPS * psz);
  uint8_t *gdst = (uint8_t *)malloc(NBI_OPS * stride);
  CHECK(src && gdst);
  uint64_t seed = test_seed(me, right, 1000, 7);
  memset(seg + inbox_off(left), GUARD_BYTE, NBI_OPS * stride);
  test_barrier(tm);
  test_fill(src, NBI_OPS * psz, seed);
  for (size_t i = 0; i < NBI_OPS; i++)
    CHECK_EQ(gex_RMA_PutNBI(tm, right, remote(right, inbox_off(me) + i * stride), src + i * psz, psz, GEX_EVENT_DEFER, 0), 0);
  for (size_t i = 0; i < NBI_OPS; i++)
    CHECK_EQ(gex_RMA_GetNBI(tm, gdst + i * stride, left, remote(left, export_off() + i * 997), psz + 8, 0), 0);
  gex_NBI_Wait(GEX_EC_PUT | GEX_EC_GET, 0);
  CHECK_EQ(gex_NBI_Test(GEX_EC_ALL, 0), 0);
  for (size_t i = 0; i < NBI_OPS; i++) CHECK_PATTERN_AT(gdst + i * stride, psz + 8, export_seed(left), i * 997);
  test_barrier(tm);
  uint64_t lseed = test_seed(left, me, 1000, 7);
  for (size_t i = 0; i < NBI_OPS; i++) {
    uint8_t *p = seg + inbox_off(left) + i * stride;
    CHECK_PATTERN_AT(p, psz, lseed, i * psz);
    CHECK_BYTES(p + psz, stride - psz, GUARD_BYTE);
  }
  test_barrier(tm);

  /* GROUP: local completion via gex_NBI_Wait(GEX_EC_LC), then the source is overwritten */
  seed ^= 0xF00D;
  lseed ^= 0xF00D;
  test_fill(src, NBI_OPS * psz, seed);
  for (size_t i = 0; i < NBI_OPS; i++)
    CHECK_EQ(gex_RMA_PutNBI(tm, right, remote(right, inbox_off(me) + i * stride), src + i * psz, psz, GEX_EVENT_GROUP, 0), 0);
  gex_NBI_Wait(GEX_EC_LC, 0);
  memset(src, 0x77, NBI_OPS * psz);
  gex_NBI_Wait(GEX_EC_PUT, 0);
  CHECK_EQ(gex_NBI_Test(GEX_EC_ALL, 0), 0);
  test_barrier(tm);
  for (size_t i = 0; i < NBI_OPS; i++) CHECK_PATTERN_AT(seg + inbox_off(left) + i * stride, psz, lseed, i * psz);
  test_barrier(tm);

  /* access region: NBI Puts and Gets collected into one event */
  seed ^= 0xBEEF;
  lseed ^= 0xBEEF;
  test_fill(src, NBI_OPS * psz, seed);
  memset(gdst, 0, NBI_OPS * stride);
  gex_NBI_BeginAccessRegion(0);
  for (size_t i = 0; i < 200; i++) {
    CHECK_EQ(gex_RMA_PutNBI(tm, right, remote(right, inbox_off(me) + i * stride), src + i * psz, psz, GEX_EVENT_DEFER, 0), 0);
    CHECK_EQ(gex_RMA_GetNBI(tm, gdst + i * stride, left, remote(left, export_off() + 5 + i * 301), psz, 0), 0);
  }
  gex_Event_t region = gex_NBI_EndAccessRegion(0);
  CHECK(region != GEX_EVENT_NO_OP);
  gex_Event_Wait(region);
  for (size_t i = 0; i < 200; i++) CHECK_PATTERN_AT(gdst + i * stride, psz, export_seed(left), 5 + i * 301);
  CHECK_EQ(gex_NBI_Test(GEX_EC_ALL, 0), 0);
  test_barrier(tm);
  for (size_t i = 0; i < 200; i++) CHECK_PATTERN_AT(seg + inbox_off(left) + i * stride, psz, lseed, i * psz);
  /* an empty region */
  gex_NBI_BeginAccessRegion(0);
  gex_Event_Wait(gex_NBI_EndAccessRegion(0));
  test_barrier(tm);
  free(src);
  free(gdst);
}

/* ---- value forms ---- */
static uint64_t val_of(gex_Rank_t src, int form, int k) { return test_seed(src, form, k, 0x7A1); }

static void test_val(void) {
  static const size_t widths[4] = {1, 2, 4, 8};
  uint8_t *mine = seg + inbox_off(left); /* what left writes into me */
  memset(mine, GUARD_BYTE, 3 * 4 * 16 + 16);
  test_barrier(tm);
  for (int form = 0; form < 3; form++) {
    for (int k = 0; k < 4; k++) {
      uint8_t *dest = remote(right, inbox_off(me) + 16 + (size_t)(form * 4 + k) * 16);
      gex_RMA_Value_t v = val_of(me, form, k);
      if (form == 0) {
        CHECK_EQ(gex_RMA_PutBlockingVal(tm, right, dest, v, widths[k], 0), 0);
      } else if (form == 1) {
        gex_Event_t ev = gex_RMA_PutNBVal(tm, right, dest, v, widths[k], 0);
        CHECK(ev != GEX_EVENT_NO_OP);
        gex_Event_Wait(ev);
      } else {
        CHECK_EQ(gex_RMA_PutNBIVal(tm, right, dest, v, widths[k], 0), 0);
      }
    }
  }
  gex_NBI_Wait(GEX_EC_PUT, 0);
  /* read back what I wrote with GetBlockingVal */
  for (int form = 0; form < 3; form++)
    for (int k = 0; k < 4; k++) {
      uint8_t *dest = remote(right, inbox_off(me) + 16 + (size_t)(form * 4 + k) * 16);
      uint64_t v = val_of(me, form, k), mask = widths[k] == 8 ? ~(uint64_t)0 : (((uint64_t)1 << (8 * widths[k])) - 1);
      gex_RMA_Value_t got = gex_RMA_GetBlockingVal(tm, right, dest, widths[k], 0);
      CHECKF(got == (v & mask), "GetBlockingVal(%zu) = 0x%" PRIx64 ", expected 0x%" PRIx64, widths[k], (uint64_t)got,
             v & mask);
    }
  test_barrier(tm);
  CHECK_BYTES(mine, 16, GUARD_BYTE);
  for (int form = 0; form < 3; form++)
    for (int k = 0; k < 4; k++) {
      uint8_t *p = mine + 16 + (size_t)(form * 4 + k) * 16;
      uint64_t v = val_of(left, form, k);
      uint8_t expect[8];
      switch (widths[k]) { /* the nbytes-wide integer, in native representation */
        case 1: { uint8_t x = (uint8_t)v; memcpy(expect, &x, 1); break; }
        case 2: { uint16_t x = (uint16_t)v; memcpy(expect, &x, 2); break; }
        case 4: { uint32_t x = (uint32_t)v; memcpy(expect, &x, 4); break; }
        default: memcpy(expect, &v, 8); break;
      }
      CHECKF(memcmp(p, expect, widths[k]) == 0, "Put*Val form %d width %zu wrote the wrong bytes", form, widths[k]);
      CHECK_BYTES(p + widths[k], 16 - widths[k], GUARD_BYTE); /* exactly nbytes written */
    }
  /* GetBlockingVal of known bytes in the exported region */
  for (int k = 0; k < 4; k++) {
    size_t off = 8 * (size_t)(k + 3);
    uint8_t bytes[8];
    test_fill_at(bytes, 8, export_seed(left), off);
    uint64_t expect = 0;
    switch (widths[k]) {
      case 1: { uint8_t x; memcpy(&x, bytes, 1); expect = x; break; }
      case 2: { uint16_t x; memcpy(&x, bytes, 2); expect = x; break; }
      case 4: { uint32_t x; memcpy(&x, bytes, 4); expect = x; break; }
      default: memcpy(&expect, bytes, 8); break;
    }
    CHECK_EQ(gex_RMA_GetBlockingVal(tm, left, remote(left, export_off() + off), widths[k], 0), expect);
  }
  test_barrier(tm);
}

/* ---- event arrays, QueryLeaf ---- */
#define K 12
static void start_gets(gex_Event_t *ev, uint8_t *buf, size_t *offs) {
  for (size_t i = 0; i < K; i++) {
    gex_Rank_t s = (gex_Rank_t)((me + i) % np);
    offs[i] = (size_t)(test_seed(i, s, me, 3) % (EXPORT - 4096));
    memset(buf + i * 4096, 0, 4096);
    ev[i] = gex_RMA_GetNB(tm, buf + i * 4096, s, remote(s, export_off() + offs[i]), 1000 + i, 0);
    CHECK(ev[i] != GEX_EVENT_NO_OP);
  }
}
static void check_gets(uint8_t *buf, size_t *offs, gex_Event_t *ev, int only_done) {
  for (size_t i = 0; i < K; i++) {
    if (only_done && ev[i] != GEX_EVENT_INVALID) continue;
    gex_Rank_t s = (gex_Rank_t)((me + i) % np);
    CHECK_PATTERN_AT(buf + i * 4096, 1000 + i, export_seed(s), offs[i]);
  }
}
static size_t count_invalid(gex_Event_t *ev, size_t n) {
  size_t c = 0;
  for (size_t i = 0; i < n; i++) c += ev[i] == GEX_EVENT_INVALID;
  return c;
}

static void test_events(void) {
  uint8_t *buf = (uint8_t *)malloc(K * 4096);
  size_t offs[K];
  gex_Event_t ev[K];
  CHECK(buf != NULL);

  CHECK_EQ(gex_Event_Test(GEX_EVENT_INVALID), 0);
  gex_Event_Wait(GEX_EVENT_INVALID);
  gex_Event_t none[4] = {GEX_EVENT_INVALID, GEX_EVENT_INVALID, GEX_EVENT_INVALID, GEX_EVENT_INVALID};
  CHECK_EQ(gex_Event_TestAll(none, 4, 0), 0);
  CHECK_EQ(gex_Event_TestSome(none, 4, 0), 0);
  gex_Event_WaitAll(none, 4, 0);
  gex_Event_WaitSome(none, 4, 0);
  CHECK_EQ(count_invalid(none, 4), 4);

  for (int rep = 0; rep < 3; rep++) {
    /* WaitAll */
    start_gets(ev, buf, offs);
    gex_Event_WaitAll(ev, K, 0);
    CHECK_EQ(count_invalid(ev, K), K);
    check_gets(buf, offs, ev, 0);
    /* TestAll (polling) */
    start_gets(ev, buf, offs);
    TEST_POLL_UNTIL(gex_Event_TestAll(ev, K, 0) == 0, 30);
    CHECK_EQ(count_invalid(ev, K), K);
    check_gets(buf, offs, ev, 0);
    /* WaitSome: each call completes at least one more entry */
    start_gets(ev, buf, offs);
    size_t done = count_invalid(ev, K);
    while (done < K) {
      gex_Event_WaitSome(ev, K, 0);
      size_t now = count_invalid(ev, K);
      CHECKF(now > done, "WaitSome returned without overwriting a completed entry (%zu -> %zu)", done, now);
      check_gets(buf, offs, ev, 1);
      done = now;
    }
    /* TestSome: success iff it overwrote at least one entry */
    start_gets(ev, buf, offs);
    done = count_invalid(ev, K);
    double deadline = test_now() + 30;
    while (done < K) {
      int rc = gex_Event_TestSome(ev, K, 0);
      size_t now = count_invalid(ev, K);
      if (rc == 0) CHECK(now > done);
      else CHECK_EQ(now, done);
      check_gets(buf, offs, ev, 1);
      done = now;
      gasnet_AMPoll();
      CHECK(test_now() < deadline);
    }
    CHECK_EQ(gex_Event_TestSome(ev, K, 0), 0); /* all INVALID now */
  }

  /* Entries that really are pending.  Over shared memory a Get often completes at initiation (its
   * event is INVALID), so two barrier events with a late rank 0 supply entries that stay incomplete:
   * rank 0 enters the first barrier after 250 ms and the second 250 ms later. */
  for (int variant = 0; variant < 3; variant++) {
    test_barrier(tm);
    if (me == 0) {
      test_sleep_ms(np > 1 ? 250 : 0);
      gex_Event_t b[2];
      b[0] = gex_Coll_BarrierNB(tm, 0);
      test_sleep_ms(np > 1 ? 250 : 0);
      b[1] = gex_Coll_BarrierNB(tm, 0);
      gex_Event_WaitAll(b, 2, 0);
      CHECK_EQ(count_invalid(b, 2), 2);
      continue;
    }
    gex_Event_t arr[K + 2];
    start_gets(arr, buf, offs);
    arr[K] = gex_Coll_BarrierNB(tm, 0);
    arr[K + 1] = gex_Coll_BarrierNB(tm, 0);
    CHECK(arr[K] != GEX_EVENT_INVALID && arr[K + 1] != GEX_EVENT_INVALID); /* rank 0 is asleep */
    CHECK(gex_Event_TestAll(arr, K + 2, 0) != 0);
    CHECK(gex_Event_TestSome(arr + K, 2, 0) != 0);
    CHECK(arr[K] != GEX_EVENT_INVALID && arr[K + 1] != GEX_EVENT_INVALID); /* incomplete: not overwritten */
    check_gets(buf, offs, arr, 1);
    if (variant == 2) {
      gex_Event_WaitAll(arr, K + 2, 0);
    } else {
      /* until the first barrier completes the second cannot (rank 0 sleeps in between) */
      while (arr[K] != GEX_EVENT_INVALID) {
        size_t before = count_invalid(arr, K + 2);
        if (variant == 0) {
          gex_Event_WaitSome(arr, K + 2, 0);
        } else {
          double deadline = test_now() + 30;
          while (gex_Event_TestSome(arr, K + 2, 0) != 0) {
            gasnet_AMPoll();
            CHECK(test_now() < deadline);
          }
        }
        CHECK(count_invalid(arr, K + 2) > before);
        check_gets(buf, offs, arr, 1);
      }
      /* Over Active Messages (GEX_FORCE_AM) rank 0's first-barrier messages may wait for its next
         call, which is the second barrier: both can then complete together, so this ordering is
         a property of the load/store path only. */
      if (!test_force_am() && !test_network_peers())
        CHECKF(arr[K + 1] != GEX_EVENT_INVALID, "variant %d: the second barrier entry was overwritten while rank 0 "
               "had not entered it", variant);
      /* Over Active Messages gets may still be pending too, so Some may return for one of them
         first: keep going until the second barrier is in. */
      if (variant == 0) {
        do gex_Event_WaitSome(arr, K + 2, 0);
        while ((test_force_am() || test_network_peers()) && arr[K + 1] != GEX_EVENT_INVALID);
      } else {
        TEST_POLL_UNTIL(gex_Event_TestSome(arr, K + 2, 0) == 0 && (!(test_force_am() || test_network_peers()) || arr[K + 1] == GEX_EVENT_INVALID), 30);
      }
      CHECK(arr[K + 1] == GEX_EVENT_INVALID);
      gex_Event_WaitAll(arr, K + 2, 0);
    }
    CHECK_EQ(count_invalid(arr, K + 2), K + 2);
    check_gets(buf, offs, arr, 0);
  }
  test_barrier(tm);

  /* roots and leaves in one array, in any order */
  {
    uint8_t *src = (uint8_t *)malloc(4 * 8192);
    CHECK(src != NULL);
    memset(seg + inbox_off(left), GUARD_BYTE, 4 * 8192);
    test_barrier(tm);
    gex_Event_t arr[8];
    for (int i = 0; i < 4; i++) {
      test_fill(src + i * 8192, 8000, test_seed(me, i, 99, 1));
      gex_Event_t lc = GEX_EVENT_NO_OP;
      arr[2 * i + 1] = gex_RMA_PutNB(tm, right, remote(right, inbox_off(me) + (size_t)i * 8192), src + i * 8192, 8000, &lc, 0);
      CHECK(lc != GEX_EVENT_NO_OP);
      arr[2 * i] = lc;
    }
    gex_Event_WaitAll(arr, 8, 0);
    CHECK_EQ(count_invalid(arr, 8), 8);
    free(src);
    test_barrier(tm);
    for (int i = 0; i < 4; i++) CHECK_PATTERN(seg + inbox_off(left) + (size_t)i * 8192, 8000, test_seed(left, i, 99, 1));
    test_barrier(tm);
  }

  /* QueryLeaf(root, GEX_EC_LC) on a PutNB with an lc leaf: stable, waitable before the root */
  {
    uint8_t *src = (uint8_t *)malloc(65536);
    CHECK(src != NULL);
    test_fill(src, 65536, test_seed(me, 5, 5, 5));
    gex_Event_t lc = GEX_EVENT_NO_OP;
    gex_Event_t root = gex_RMA_PutNB(tm, right, remote(right, inbox_off(me)), src, 65536, &lc, 0);
    CHECK(root != GEX_EVENT_NO_OP);
    gex_Event_t leaf = gex_Event_QueryLeaf(root, GEX_EC_LC);
    gex_Event_t leaf2 = gex_Event_QueryLeaf(root, GEX_EC_LC);
    CHECK(leaf != GEX_EVENT_NO_OP);
    if (leaf != GEX_EVENT_INVALID) CHECK(leaf == leaf2); /* a query: the same event each time */
    if (root == GEX_EVENT_INVALID) CHECK_EQ(gex_Event_Test(leaf), 0); /* INVALID or a done event */
    gex_Event_Wait(leaf);
    memset(src, 0x42, 65536); /* locally complete */
    gex_Event_Wait(root);
    /* QueryLeaf on GEX_EVENT_INVALID itself */
    gex_Event_t inv_leaf = gex_Event_QueryLeaf(GEX_EVENT_INVALID, GEX_EC_LC);
    CHECK(inv_leaf != GEX_EVENT_NO_OP);
    CHECK_EQ(gex_Event_Test(inv_leaf), 0);
    test_barrier(tm);
    CHECK_PATTERN(seg + inbox_off(left), 65536, test_seed(left, 5, 5, 5));
    test_barrier(tm);
    free(src);
  }
  free(buf);
}

/* ---- TM-pair ---- */
static volatile uint32_t pair_cookie, pair_replies;
static gex_AM_Index_t h_pair_req, h_pair_rep;
static void pair_req(gex_Token_t t, gex_AM_Arg_t src, gex_AM_Arg_t cookie) {
  gex_Token_Info_t ti;
  CHECK(gex_Token_Info(t, &ti, GEX_TI_SRCRANK) & GEX_TI_SRCRANK);
  CHECK_EQ(ti.gex_srcrank, (gex_Rank_t)src);
  CHECK_EQ((gex_Rank_t)src, left);
  pair_cookie = (uint32_t)cookie;
  CHECK_EQ(gex_AM_ReplyShort1(t, h_pair_rep, 0, cookie + 1), 0);
}
static void pair_rep(gex_Token_t t, gex_AM_Arg_t v) {
  gex_Token_Info_t ti;
  CHECK(gex_Token_Info(t, &ti, GEX_TI_SRCRANK) & GEX_TI_SRCRANK);
  CHECK_EQ(ti.gex_srcrank, right);
  CHECK_EQ((uint32_t)v, 0xC0DE0000u + right + 1);
  pair_replies++;
}

static void test_pair(void) {
  gex_TM_t pair = gex_TM_Pair(ep, 0);
  CHECK(pair != GEX_TM_INVALID);
  CHECK(pair == gex_TM_Pair(ep, 0));
  CHECK(pair != tm);
  memset(seg + inbox_off(left), GUARD_BYTE, 3 * 4096 + GUARD);
  test_barrier(tm);
  uint8_t src[3000], got[3000];
  test_fill(src, sizeof src, test_seed(me, 0xBA1, 0, 0));
  CHECK_EQ(gex_RMA_PutBlocking(pair, right, remote(right, inbox_off(me) + 1), src, sizeof src, 0), 0);
  test_fill(src, sizeof src, test_seed(me, 0xBA2, 0, 0));
  gex_Event_Wait(gex_RMA_PutNB(pair, right, remote(right, inbox_off(me) + 4096 + 3), src, sizeof src, GEX_EVENT_NOW, 0));
  test_fill(src, sizeof src, test_seed(me, 0xBA3, 0, 0));
  CHECK_EQ(gex_RMA_PutNBI(pair, right, remote(right, inbox_off(me) + 8192 + 5), src, sizeof src, GEX_EVENT_NOW, 0), 0);
  gex_NBI_Wait(GEX_EC_PUT, 0);
  memset(got, 0, sizeof got);
  CHECK_EQ(gex_RMA_GetBlocking(pair, got, left, remote(left, export_off() + 77), sizeof got, 0), 0);
  CHECK_PATTERN_AT(got, sizeof got, export_seed(left), 77);
  memset(got, 0, sizeof got);
  gex_Event_Wait(gex_RMA_GetNB(pair, got, right, remote(right, export_off() + 1), sizeof got, 0));
  CHECK_PATTERN_AT(got, sizeof got, export_seed(right), 1);
  CHECK_EQ(gex_AM_RequestShort2(pair, right, h_pair_req, 0, (gex_AM_Arg_t)me, (gex_AM_Arg_t)(0xC0DE0000u + right)), 0);
  TEST_POLL_UNTIL(pair_replies == 1, 30);
  test_barrier(tm);
  CHECK_PATTERN(seg + inbox_off(left) + 1, 3000, test_seed(left, 0xBA1, 0, 0));
  CHECK_PATTERN(seg + inbox_off(left) + 4096 + 3, 3000, test_seed(left, 0xBA2, 0, 0));
  CHECK_PATTERN(seg + inbox_off(left) + 8192 + 5, 3000, test_seed(left, 0xBA3, 0, 0));
  CHECK_EQ(seg[inbox_off(left)], GUARD_BYTE);
  CHECK_EQ(pair_cookie, 0xC0DE0000u + me);
  test_barrier(tm);
}

int main(int argc, char **argv) {
  test_init("TEST_RMA", &argc, &argv, &client, &ep, &tm);
  me = gex_System_QueryJobRank();
  np = gex_System_QueryJobSize();
  left = (me + np - 1) % np;
  right = (me + 1) % np;
  gex_AM_Entry_t table[] = {
      {0, (gex_AM_Fn_t)pair_req, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQUEST, 2, NULL, "pair_req"},
      {0, (gex_AM_Fn_t)pair_rep, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REPLY, 1, NULL, "pair_rep"},
  };
  CHECK_EQ(gex_EP_RegisterHandlers(ep, table, 2), GASNET_OK);
  h_pair_req = table[0].gex_index;
  h_pair_rep = table[1].gex_index;
  seg = (uint8_t *)test_attach(tm, seg_bytes(), NULL);
  test_segment_table(tm, peer_seg, NULL);
  mbufs = (uint8_t *)malloc((size_t)np * (MAXXFER + 4096));
  CHECK(mbufs != NULL);
  test_fill(seg + export_off(), EXPORT, export_seed(me));
  test_barrier(tm);

  CHECK_EQ(gex_NBI_Test(GEX_EC_ALL, 0), 0); /* idle */
  gex_NBI_Wait(GEX_EC_ALL, 0);

  unsigned round = 0;
  for (int rep = 0; rep < 2; rep++)
    for (int mode = 0; mode < P_NMODES; mode++) put_round(round++, 0, mode);
  TEST_LOG("put ring: all modes OK");
  for (int mode = 0; mode < P_NMODES; mode++) put_round(round++, 1, mode);
  TEST_LOG("put all-to-all: all modes OK");
  for (int rep = 0; rep < 2; rep++)
    for (int mode = 0; mode < G_NMODES; mode++) {
      get_round(round++, 0, mode);
      get_round(round++, 1, mode);
    }
  TEST_LOG("get ring and all-to-all OK");
  test_barrier(tm);
  test_many_nbi();
  TEST_LOG("NBI x%d and access regions OK", NBI_OPS);
  test_val();
  TEST_LOG("value forms OK");
  test_events();
  TEST_LOG("event arrays and QueryLeaf OK");
  test_pair();
  TEST_LOG("TM-pair OK");
  test_finish(tm, "test_rma");
  return 0;
}
