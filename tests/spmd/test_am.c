/* test_am: handler registration, Short/Medium/Long Request and Reply with every argument count,
 * payload sizes up to the limits, gex_Token_Info, the AM limit invariants, and local completion.
 *
 * Every message carries values derived from (sender, receiver, arity, size, kind), so the
 * receiving handler can check every argument and every payload byte on its own. */
#include "test_util.h"
#include "test_am_args.h"

#define MAXM 16 /* highest arity exercised (gex_AM_MaxArgs() >= 16 is checked) */
#define KIND_SHORT 1
#define KIND_MED 2
#define KIND_MEDREP 3
#define KIND_LONG 4
#define KIND_LONGREP 5
#define KIND_LC 6

static gex_Client_t client;
static gex_EP_t ep;
static gex_TM_t tm;
static gex_Rank_t me, np;

static uint8_t *seg_base;               /* my segment */
static void *peer_seg[TEST_MAX_RANKS];  /* every rank's segment (owner address) */
static size_t long_cap;                 /* largest Long payload this test sends */
static size_t slot_size;                /* per-source region of a segment: request half, reply half */
static uint8_t *rep_buf;                /* source buffer for replies sent from handlers */
static size_t rep_buf_size;

/* handler indices, per arity */
static gex_AM_Index_t idx_sreq[MAXM + 1], idx_srep[MAXM + 1];
static gex_AM_Index_t idx_mreq[MAXM + 1], idx_mrep[MAXM + 1];
static gex_AM_Index_t idx_lreq[MAXM + 1], idx_lrep[MAXM + 1];

/* per (peer, arity) bookkeeping; all handlers run on the one client thread */
static volatile uint32_t sreq_count[TEST_MAX_RANKS][MAXM + 1], srep_count[TEST_MAX_RANKS][MAXM + 1];
static volatile uint32_t mreq_count[TEST_MAX_RANKS][MAXM + 1], mrep_count[TEST_MAX_RANKS][MAXM + 1];
static volatile uint64_t mreq_bytes[TEST_MAX_RANKS][MAXM + 1], mrep_bytes[TEST_MAX_RANKS][MAXM + 1];
static volatile uint32_t lreq_count[TEST_MAX_RANKS][MAXM + 1], lrep_count[TEST_MAX_RANKS][MAXM + 1];
static volatile uint64_t lreq_bytes[TEST_MAX_RANKS][MAXM + 1], lrep_bytes[TEST_MAX_RANKS][MAXM + 1];
static volatile uint32_t total_replies;

static void reset_counts(void) {
  memset((void *)sreq_count, 0, sizeof sreq_count);
  memset((void *)srep_count, 0, sizeof srep_count);
  memset((void *)mreq_count, 0, sizeof mreq_count);
  memset((void *)mrep_count, 0, sizeof mrep_count);
  memset((void *)mreq_bytes, 0, sizeof mreq_bytes);
  memset((void *)mrep_bytes, 0, sizeof mrep_bytes);
  memset((void *)lreq_count, 0, sizeof lreq_count);
  memset((void *)lrep_count, 0, sizeof lrep_count);
  memset((void *)lreq_bytes, 0, sizeof lreq_bytes);
  memset((void *)lrep_bytes, 0, sizeof lrep_bytes);
  total_replies = 0;
}

/* The value of argument i of an arity-M message of `kind` from src to dst. */
static gex_AM_Arg_t argval(gex_Rank_t src, gex_Rank_t dst, unsigned m, unsigned i, unsigned kind) {
  if (i == 0 && (m & 1)) return INT32_MIN;
  if (i == m - 1 && !(m & 1)) return INT32_MIN;
  if (i == 1) return -1 - (gex_AM_Arg_t)(src * 7 + dst + kind * 1000);
  if (i == 2) return INT32_MAX;
  if (i == 3) return 0;
  return (gex_AM_Arg_t)(uint32_t)test_seed(src, dst, m * 64 + i, kind);
}

static uint64_t payload_seed(gex_Rank_t src, gex_Rank_t dst, unsigned m, size_t nbytes, unsigned kind) {
  return test_seed(src * 1000003u + dst, m, nbytes, kind);
}

static void check_args(gex_Rank_t src, gex_Rank_t dst, unsigned m, unsigned kind, const gex_AM_Arg_t *v) {
  for (unsigned i = 0; i < m; i++)
    CHECKF(v[i] == argval(src, dst, m, i, kind),
           "kind %u arity %u from %u: arg %u is %d, expected %d", kind, m, (unsigned)src, i, (int)v[i],
           (int)argval(src, dst, m, i, kind));
}

/* Checks gex_Token_Info and returns the sender's jobrank. */
static gex_Rank_t token_check(gex_Token_t t, int is_req, int is_long, gex_AM_Fn_t fn, unsigned nargs) {
  gex_Token_Info_t ti;
  memset(&ti, 0, sizeof ti);
  gex_TI_t got = gex_Token_Info(t, &ti, GEX_TI_ALL);
  CHECK(got & GEX_TI_SRCRANK);
  CHECK(got & GEX_TI_EP);
  CHECKF(ti.gex_srcrank < np, "srcrank %u", (unsigned)ti.gex_srcrank);
  CHECK(ti.gex_ep == ep);
  if (got & GEX_TI_IS_REQ) CHECK_EQ(ti.gex_is_req, is_req);
  if (got & GEX_TI_IS_LONG) CHECK_EQ(ti.gex_is_long, is_long);
  if (got & GEX_TI_ENTRY) {
    CHECK(ti.gex_entry != NULL);
    CHECK(ti.gex_entry->gex_fnptr == fn);
    CHECK_EQ(ti.gex_entry->gex_nargs, nargs);
  }
  gex_Token_Info_t t2;
  gex_TI_t got2 = gex_Token_Info(t, &t2, GEX_TI_SRCRANK);
  CHECK(got2 & GEX_TI_SRCRANK);
  CHECK_EQ(t2.gex_srcrank, ti.gex_srcrank);
  got2 = gex_Token_Info(t, &t2, GEX_TI_EP);
  CHECK(got2 & GEX_TI_EP);
  CHECK(t2.gex_ep == ep);
  return ti.gex_srcrank;
}

/* Where a Long from src lands in dst's segment (`base` is dst's segment). */
static uint8_t *long_dest(void *base, gex_Rank_t src, size_t nbytes, int reply) {
  return (uint8_t *)base + (size_t)src * slot_size + (reply ? slot_size / 2 : 0) + (nbytes == 0 ? 7 : 3);
}

/* The reply sizes a handler picks for a request of nbytes (the sender computes the same). */
static size_t medium_reply_size(size_t nbytes, size_t max_reply) {
  if (nbytes <= 512) return nbytes;
  if (nbytes == gex_AM_LUBRequestMedium()) return gex_AM_LUBReplyMedium();
  return max_reply;
}
static size_t capped(size_t n) { return n < long_cap ? n : long_cap; }
static size_t long_reply_size(size_t nbytes, size_t max_reply) {
  if (nbytes <= 1) return nbytes;
  if (nbytes == capped(gex_AM_LUBRequestLong())) return capped(gex_AM_LUBReplyLong());
  return capped(max_reply);
}

/* ---- registration test handlers ---- */
static volatile int reg_hits[4];
static void reg_a(gex_Token_t t, gex_AM_Arg_t x) { (void)t; reg_hits[0] = x; }
static void reg_fixed(gex_Token_t t, gex_AM_Arg_t x) { (void)t; reg_hits[1] = x; }
static void reg_b(gex_Token_t t, gex_AM_Arg_t x) { (void)t; reg_hits[2] = x; }
static void reg_c(gex_Token_t t, gex_AM_Arg_t x) { (void)t; reg_hits[3] = x; }

/* ---- Short handlers, every arity ---- */
#define VAL(i) argval(vs_, vd_, m_, i, vk_)

#define DEFINE_SHORT(M)                                                           \
  static void sreq_##M(gex_Token_t t A_DECL_##M) {                                \
    gex_AM_Arg_t v[MAXM + 1] = {0 A_LIST_##M};                                    \
    gex_Rank_t src = token_check(t, 1, 0, (gex_AM_Fn_t)sreq_##M, M);              \
    check_args(src, me, M, KIND_SHORT, v + 1);                                    \
    sreq_count[src][M]++;                                                         \
    if (M % 3 == 0)                                                               \
      CHECK_EQ(gex_AM_ReplyShort(t, idx_srep[M], 0 A_LIST_##M), 0);               \
    else                                                                          \
      CHECK_EQ(gex_AM_ReplyShort##M(t, idx_srep[M], 0 A_LIST_##M), 0);            \
  }                                                                               \
  static void srep_##M(gex_Token_t t A_DECL_##M) {                                \
    gex_AM_Arg_t v[MAXM + 1] = {0 A_LIST_##M};                                    \
    gex_Rank_t src = token_check(t, 0, 0, (gex_AM_Fn_t)srep_##M, M);              \
    check_args(me, src, M, KIND_SHORT, v + 1); /* the echo of my request */       \
    srep_count[src][M]++;                                                         \
    total_replies++;                                                              \
  }
FOR_EACH_ARITY(DEFINE_SHORT)

/* ---- Medium handlers ---- */
#define DEFINE_MEDIUM(M)                                                                          \
  static void mreq_##M(gex_Token_t t, void *buf, size_t nbytes A_DECL_##M) {                      \
    gex_AM_Arg_t v[MAXM + 1] = {0 A_LIST_##M};                                                    \
    gex_Rank_t src = token_check(t, 1, 0, (gex_AM_Fn_t)mreq_##M, M);                              \
    check_args(src, me, M, KIND_MED, v + 1);                                                      \
    if (nbytes) CHECK(buf != NULL);                                                               \
    CHECK_PATTERN(buf, nbytes, payload_seed(src, me, M, nbytes, KIND_MED));                       \
    mreq_count[src][M]++;                                                                         \
    mreq_bytes[src][M] += nbytes;                                                                 \
    gex_Event_t dummy;                                                                            \
    size_t tmax = gex_Token_MaxReplyMedium(t, GEX_EVENT_NOW, 0, M);                               \
    CHECK_EQ(tmax, gex_AM_MaxReplyMedium(tm, src, GEX_EVENT_NOW, 0, M));                          \
    CHECK_EQ(gex_Token_MaxReplyMedium(t, &dummy, 0, M), gex_AM_MaxReplyMedium(tm, src, &dummy, 0, M)); \
    CHECK_EQ(gex_Token_MaxReplyLong(t, GEX_EVENT_NOW, 0, M), gex_AM_MaxReplyLong(tm, src, GEX_EVENT_NOW, 0, M)); \
    CHECK_EQ(gex_Token_MaxReplyLong(t, &dummy, 0, M), gex_AM_MaxReplyLong(tm, src, &dummy, 0, M)); \
    size_t rn = medium_reply_size(nbytes, tmax);                                                  \
    CHECK_LE(rn, rep_buf_size);                                                                   \
    test_fill(rep_buf, rn, payload_seed(me, src, M, rn, KIND_MEDREP));                            \
    gex_Rank_t vs_ = me, vd_ = src;                                                               \
    unsigned m_ = M, vk_ = KIND_MEDREP;                                                           \
    (void)vs_; (void)vd_; (void)m_; (void)vk_;                                                    \
    if (M % 3 == 1)                                                                               \
      CHECK_EQ(gex_AM_ReplyMedium(t, idx_mrep[M], rep_buf, rn, GEX_EVENT_NOW, 0 V_LIST_##M), 0);  \
    else                                                                                          \
      CHECK_EQ(gex_AM_ReplyMedium##M(t, idx_mrep[M], rep_buf, rn, GEX_EVENT_NOW, 0 V_LIST_##M), 0); \
    memset(rep_buf, 0xEE, rn); /* NOW: the source is reusable on return */                       \
  }                                                                                               \
  static void mrep_##M(gex_Token_t t, void *buf, size_t nbytes A_DECL_##M) {                      \
    gex_AM_Arg_t v[MAXM + 1] = {0 A_LIST_##M};                                                    \
    gex_Rank_t src = token_check(t, 0, 0, (gex_AM_Fn_t)mrep_##M, M);                              \
    check_args(src, me, M, KIND_MEDREP, v + 1);                                                   \
    CHECK_PATTERN(buf, nbytes, payload_seed(src, me, M, nbytes, KIND_MEDREP));                    \
    mrep_count[src][M]++;                                                                         \
    mrep_bytes[src][M] += nbytes;                                                                 \
    total_replies++;                                                                              \
  }
FOR_EACH_ARITY(DEFINE_MEDIUM)

/* ---- Long handlers ---- */
#define DEFINE_LONG(M)                                                                            \
  static void lreq_##M(gex_Token_t t, void *buf, size_t nbytes A_DECL_##M) {                      \
    gex_AM_Arg_t v[MAXM + 1] = {0 A_LIST_##M};                                                    \
    gex_Rank_t src = token_check(t, 1, 1, (gex_AM_Fn_t)lreq_##M, M);                              \
    check_args(src, me, M, KIND_LONG, v + 1);                                                     \
    CHECKF(buf == long_dest(seg_base, src, nbytes, 0), "Long from %u (%zu bytes): buf %p, dest_addr %p", \
           (unsigned)src, nbytes, buf, (void *)long_dest(seg_base, src, nbytes, 0));              \
    CHECK_PATTERN(buf, nbytes, payload_seed(src, me, M, nbytes, KIND_LONG));                      \
    lreq_count[src][M]++;                                                                         \
    lreq_bytes[src][M] += nbytes;                                                                 \
    size_t rn = long_reply_size(nbytes, gex_Token_MaxReplyLong(t, GEX_EVENT_NOW, 0, M));          \
    CHECK_LE(rn, rep_buf_size);                                                                   \
    test_fill(rep_buf, rn, payload_seed(me, src, M, rn, KIND_LONGREP));                           \
    uint8_t *dest = long_dest(peer_seg[src], me, rn, 1);                                          \
    gex_Rank_t vs_ = me, vd_ = src;                                                               \
    unsigned m_ = M, vk_ = KIND_LONGREP;                                                          \
    (void)vs_; (void)vd_; (void)m_; (void)vk_;                                                    \
    if (M % 3 == 2)                                                                               \
      CHECK_EQ(gex_AM_ReplyLong(t, idx_lrep[M], rep_buf, rn, dest, GEX_EVENT_NOW, 0 V_LIST_##M), 0); \
    else                                                                                          \
      CHECK_EQ(gex_AM_ReplyLong##M(t, idx_lrep[M], rep_buf, rn, dest, GEX_EVENT_NOW, 0 V_LIST_##M), 0); \
    memset(rep_buf, 0xEE, rn);                                                                    \
  }                                                                                               \
  static void lrep_##M(gex_Token_t t, void *buf, size_t nbytes A_DECL_##M) {                      \
    gex_AM_Arg_t v[MAXM + 1] = {0 A_LIST_##M};                                                    \
    gex_Rank_t src = token_check(t, 0, 1, (gex_AM_Fn_t)lrep_##M, M);                              \
    check_args(src, me, M, KIND_LONGREP, v + 1);                                                  \
    CHECKF(buf == long_dest(seg_base, src, nbytes, 1), "ReplyLong from %u (%zu bytes): buf %p, dest_addr %p", \
           (unsigned)src, nbytes, buf, (void *)long_dest(seg_base, src, nbytes, 1));              \
    CHECK_PATTERN(buf, nbytes, payload_seed(src, me, M, nbytes, KIND_LONGREP));                   \
    lrep_count[src][M]++;                                                                         \
    lrep_bytes[src][M] += nbytes;                                                                 \
    total_replies++;                                                                              \
  }
FOR_EACH_ARITY(DEFINE_LONG)

/* ---- local-completion handler: payload checked, no reply ---- */
static volatile uint32_t lc_count[TEST_MAX_RANKS];
static gex_AM_Index_t idx_lc_med, idx_lc_long;
static void lc_med(gex_Token_t t, void *buf, size_t nbytes, gex_AM_Arg_t seq) {
  gex_Rank_t src = token_check(t, 1, 0, (gex_AM_Fn_t)lc_med, 1);
  CHECK_PATTERN(buf, nbytes, payload_seed(src, me, (unsigned)seq, nbytes, KIND_LC));
  lc_count[src]++;
}
static void lc_long(gex_Token_t t, void *buf, size_t nbytes, gex_AM_Arg_t seq) {
  gex_Rank_t src = token_check(t, 1, 1, (gex_AM_Fn_t)lc_long, 1);
  CHECK(buf == long_dest(seg_base, src, nbytes, 0));
  CHECK_PATTERN(buf, nbytes, payload_seed(src, me, (unsigned)seq, nbytes, KIND_LC));
  lc_count[src]++;
}

/* ---- senders ---- */
static void send_short(gex_Rank_t peer, unsigned m, int variadic) {
  gex_Rank_t vs_ = me, vd_ = peer;
  unsigned m_ = m, vk_ = KIND_SHORT;
  (void)vs_; (void)vd_; (void)m_; (void)vk_;
  int rc = -1;
  if (variadic) {
    switch (m) { /* the arg-counting forms, written out */
      case 0: rc = gex_AM_RequestShort(tm, peer, idx_sreq[0], 0); break;
      case 1: rc = gex_AM_RequestShort(tm, peer, idx_sreq[1], 0, VAL(0)); break;
      case 2: rc = gex_AM_RequestShort(tm, peer, idx_sreq[2], 0, VAL(0), VAL(1)); break;
      case 5: rc = gex_AM_RequestShort(tm, peer, idx_sreq[5], 0, VAL(0), VAL(1), VAL(2), VAL(3), VAL(4)); break;
      case 16:
        rc = gex_AM_RequestShort(tm, peer, idx_sreq[16], 0, VAL(0), VAL(1), VAL(2), VAL(3), VAL(4), VAL(5),
                                 VAL(6), VAL(7), VAL(8), VAL(9), VAL(10), VAL(11), VAL(12), VAL(13), VAL(14),
                                 VAL(15));
        break;
      default: CHECK(0);
    }
  } else {
    switch (m) {
#define SEND_SHORT_CASE(M) \
  case M: rc = gex_AM_RequestShort##M(tm, peer, idx_sreq[M], 0 V_LIST_##M); break;
      FOR_EACH_ARITY(SEND_SHORT_CASE)
      default: CHECK(0);
    }
  }
  CHECK_EQ(rc, 0);
}

static void send_medium(gex_Rank_t peer, unsigned m, const void *src, size_t nbytes, gex_Event_t *lc, int variadic) {
  gex_Rank_t vs_ = me, vd_ = peer;
  unsigned m_ = m, vk_ = KIND_MED;
  (void)vs_; (void)vd_; (void)m_; (void)vk_;
  int rc = -1;
  if (variadic) {
    switch (m) {
      case 0: rc = gex_AM_RequestMedium(tm, peer, idx_mreq[0], src, nbytes, lc, 0); break;
      case 2: rc = gex_AM_RequestMedium(tm, peer, idx_mreq[2], src, nbytes, lc, 0, VAL(0), VAL(1)); break;
      case 7:
        rc = gex_AM_RequestMedium(tm, peer, idx_mreq[7], src, nbytes, lc, 0, VAL(0), VAL(1), VAL(2), VAL(3),
                                  VAL(4), VAL(5), VAL(6));
        break;
      default: CHECK(0);
    }
  } else {
    switch (m) {
#define SEND_MED_CASE(M) \
  case M: rc = gex_AM_RequestMedium##M(tm, peer, idx_mreq[M], src, nbytes, lc, 0 V_LIST_##M); break;
      FOR_EACH_ARITY(SEND_MED_CASE)
      default: CHECK(0);
    }
  }
  CHECK_EQ(rc, 0);
}

static void send_long(gex_Rank_t peer, unsigned m, const void *src, size_t nbytes, void *dest, gex_Event_t *lc,
                      int variadic) {
  gex_Rank_t vs_ = me, vd_ = peer;
  unsigned m_ = m, vk_ = KIND_LONG;
  (void)vs_; (void)vd_; (void)m_; (void)vk_;
  int rc = -1;
  if (variadic) {
    switch (m) {
      case 0: rc = gex_AM_RequestLong(tm, peer, idx_lreq[0], src, nbytes, dest, lc, 0); break;
      case 1: rc = gex_AM_RequestLong(tm, peer, idx_lreq[1], src, nbytes, dest, lc, 0, VAL(0)); break;
      case 16:
        rc = gex_AM_RequestLong(tm, peer, idx_lreq[16], src, nbytes, dest, lc, 0, VAL(0), VAL(1), VAL(2), VAL(3),
                                VAL(4), VAL(5), VAL(6), VAL(7), VAL(8), VAL(9), VAL(10), VAL(11), VAL(12),
                                VAL(13), VAL(14), VAL(15));
        break;
      default: CHECK(0);
    }
  } else {
    switch (m) {
#define SEND_LONG_CASE(M) \
  case M: rc = gex_AM_RequestLong##M(tm, peer, idx_lreq[M], src, nbytes, dest, lc, 0 V_LIST_##M); break;
      FOR_EACH_ARITY(SEND_LONG_CASE)
      default: CHECK(0);
    }
  }
  CHECK_EQ(rc, 0);
}

/* ---- phases ---- */

static void test_registration(void) {
  gex_AM_Entry_t t1[] = {
      {0, (gex_AM_Fn_t)reg_a, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQUEST, 1, NULL, "reg_a"},
      {GEX_AM_INDEX_BASE, (gex_AM_Fn_t)reg_fixed, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQUEST, 1, NULL, "reg_fixed"},
      {0, (gex_AM_Fn_t)reg_b, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQREP, 1, NULL, "reg_b"},
  };
  CHECK_EQ(gex_EP_RegisterHandlers(ep, t1, 3), GASNET_OK);
  CHECK_EQ(t1[0].gex_index, 255);
  CHECK_EQ(t1[1].gex_index, GEX_AM_INDEX_BASE);
  CHECK_EQ(t1[2].gex_index, 254);
  /* the only change to the table is the assigned indices */
  CHECK(t1[0].gex_fnptr == (gex_AM_Fn_t)reg_a);
  CHECK_EQ(t1[0].gex_nargs, 1);
  CHECK(strcmp(t1[1].gex_name, "reg_fixed") == 0);
  gex_AM_Entry_t t2[] = {{0, (gex_AM_Fn_t)reg_c, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQUEST, 1, NULL, NULL}};
  CHECK_EQ(gex_EP_RegisterHandlers(ep, t2, 1), GASNET_OK);
  CHECK_EQ(t2[0].gex_index, 253);

  /* each index runs the handler registered at it */
  CHECK_EQ(gex_AM_RequestShort1(tm, me, 255, 0, 0xA), 0);
  CHECK_EQ(gex_AM_RequestShort1(tm, me, GEX_AM_INDEX_BASE, 0, 0xF), 0);
  CHECK_EQ(gex_AM_RequestShort1(tm, me, 254, 0, 0xB), 0);
  CHECK_EQ(gex_AM_RequestShort1(tm, me, 253, 0, 0xC), 0);
  TEST_POLL_UNTIL(reg_hits[0] && reg_hits[1] && reg_hits[2] && reg_hits[3], 30);
  CHECK_EQ(reg_hits[0], 0xA);
  CHECK_EQ(reg_hits[1], 0xF);
  CHECK_EQ(reg_hits[2], 0xB);
  CHECK_EQ(reg_hits[3], 0xC);
}

static void register_all(void) {
  gex_AM_Entry_t table[6 * (MAXM + 1) + 2];
  size_t n = 0;
#define ENTRY(fn, cat, dir, M) \
  table[n].gex_index = 0; table[n].gex_fnptr = (gex_AM_Fn_t)fn; table[n].gex_flags = cat | dir; \
  table[n].gex_nargs = M; table[n].gex_cdata = NULL; table[n].gex_name = #fn; n++;
#define REG(M)                                                    \
  ENTRY(sreq_##M, GEX_FLAG_AM_SHORT, GEX_FLAG_AM_REQUEST, M)      \
  ENTRY(srep_##M, GEX_FLAG_AM_SHORT, GEX_FLAG_AM_REPLY, M)        \
  ENTRY(mreq_##M, GEX_FLAG_AM_MEDIUM, GEX_FLAG_AM_REQUEST, M)     \
  ENTRY(mrep_##M, GEX_FLAG_AM_MEDIUM, GEX_FLAG_AM_REPLY, M)       \
  ENTRY(lreq_##M, GEX_FLAG_AM_LONG, GEX_FLAG_AM_REQUEST, M)       \
  ENTRY(lrep_##M, GEX_FLAG_AM_MEDLONG, GEX_FLAG_AM_REPLY, M)
  FOR_EACH_ARITY(REG)
  ENTRY(lc_med, GEX_FLAG_AM_MEDIUM, GEX_FLAG_AM_REQREP, 1)
  ENTRY(lc_long, GEX_FLAG_AM_LONG, GEX_FLAG_AM_REQUEST, 1)
  CHECK_EQ(gex_EP_RegisterHandlers(ep, table, n), GASNET_OK);
  /* index-0 entries count down from the highest free index, in table order */
  gex_AM_Index_t expect = 252;
  for (size_t i = 0; i < n; i++, expect--) {
    if (expect == GEX_AM_INDEX_BASE) expect--; /* taken by reg_fixed */
    CHECK_EQ(table[i].gex_index, expect);
  }
  for (unsigned m = 0; m <= MAXM; m++) {
    idx_sreq[m] = table[6 * m + 0].gex_index;
    idx_srep[m] = table[6 * m + 1].gex_index;
    idx_mreq[m] = table[6 * m + 2].gex_index;
    idx_mrep[m] = table[6 * m + 3].gex_index;
    idx_lreq[m] = table[6 * m + 4].gex_index;
    idx_lrep[m] = table[6 * m + 5].gex_index;
  }
  idx_lc_med = table[n - 2].gex_index;
  idx_lc_long = table[n - 1].gex_index;
}

static void test_limits(void) {
  CHECK_GE(gex_AM_MaxArgs(), MAXM);
  CHECK_EQ(gex_AM_MaxArgs(), gex_AM_MaxArgs());
  size_t lub[4] = {gex_AM_LUBRequestMedium(), gex_AM_LUBReplyMedium(), gex_AM_LUBRequestLong(), gex_AM_LUBReplyLong()};
  for (int k = 0; k < 4; k++) CHECK_GE(lub[k], 512);
  CHECK_EQ(gex_AM_LUBRequestMedium(), lub[0]);
  CHECK_EQ(gex_AM_LUBReplyLong(), lub[3]);

  gex_Event_t ev;
  gex_TM_t pair = gex_TM_Pair(ep, 0);
  const gex_Event_t *lcs[3] = {GEX_EVENT_NOW, &ev, GEX_EVENT_GROUP};
  for (gex_Rank_t p = 0; p <= np; p++) {
    gex_Rank_t peer = p == np ? GEX_RANK_INVALID : p;
    for (int q = 0; q < 4; q++) {
      for (int l = 0; l < 3; l++) {
        if (l == 2 && (q & 1)) continue; /* GROUP is not allowed for replies */
        size_t prev = (size_t)-1;
        for (unsigned m = 0; m <= gex_AM_MaxArgs(); m++) {
          size_t v = 0, v2 = 0, vinv = 0, vpair = 0;
#define QUERY(fn)                                                   \
  v = fn(tm, peer, lcs[l], 0, m);                                   \
  v2 = fn(tm, peer, lcs[l], 0, m);                                  \
  vinv = fn(tm, GEX_RANK_INVALID, lcs[l], 0, m);                    \
  if (peer != GEX_RANK_INVALID) vpair = fn(pair, peer, lcs[l], 0, m);
          switch (q) {
            case 0: QUERY(gex_AM_MaxRequestMedium); break;
            case 1: QUERY(gex_AM_MaxReplyMedium); break;
            case 2: QUERY(gex_AM_MaxRequestLong); break;
            case 3: QUERY(gex_AM_MaxReplyLong); break;
          }
          CHECKF(v >= 512, "query %d peer %u lc %d nargs %u: %zu < 512", q, (unsigned)peer, l, m, v);
          CHECKF(v >= lub[q], "query %d peer %u lc %d nargs %u: Max %zu < LUB %zu", q, (unsigned)peer, l, m, v, lub[q]);
          CHECKF(v == v2, "query %d not stable", q);
          CHECKF(v <= prev, "query %d peer %u lc %d: increases from %zu to %zu at nargs %u", q, (unsigned)peer, l,
                 prev, v, m);
          CHECKF(vinv <= v, "query %d: RANK_INVALID gives %zu > per-peer %zu", q, vinv, v);
          if (peer != GEX_RANK_INVALID)
            CHECKF(vpair == v, "query %d peer %u: TM-pair gives %zu, team gives %zu", q, (unsigned)peer, vpair, v);
          prev = v;
        }
      }
    }
  }

  /* symmetry: my value for peer p equals p's value for me (exchanged through the segments) */
  enum { NQ = 8 };
  uint64_t *table = (uint64_t *)(seg_base + (size_t)np * slot_size); /* after the Long slots */
  for (gex_Rank_t p = 0; p < np; p++) {
    uint64_t *row = table + (size_t)p * NQ;
    for (int k = 0; k < NQ; k++) {
      unsigned m = (k & 4) ? MAXM : 0;
      switch (k & 3) {
        case 0: row[k] = gex_AM_MaxRequestMedium(tm, p, GEX_EVENT_NOW, 0, m); break;
        case 1: row[k] = gex_AM_MaxReplyMedium(tm, p, GEX_EVENT_NOW, 0, m); break;
        case 2: row[k] = gex_AM_MaxRequestLong(tm, p, GEX_EVENT_NOW, 0, m); break;
        case 3: row[k] = gex_AM_MaxReplyLong(tm, p, GEX_EVENT_NOW, 0, m); break;
      }
    }
  }
  test_barrier(tm);
  for (gex_Rank_t p = 0; p < np; p++) {
    uint64_t theirs[NQ];
    uint64_t *remote_table = (uint64_t *)((uint8_t *)peer_seg[p] + (size_t)np * slot_size);
    CHECK_EQ(gex_RMA_GetBlocking(tm, theirs, p, remote_table + (size_t)me * NQ, sizeof theirs, 0), 0);
    for (int k = 0; k < NQ; k++)
      CHECKF(theirs[k] == table[(size_t)p * NQ + k], "Max query %d not symmetric between %u and %u: %" PRIu64 " vs %" PRIu64,
             k, (unsigned)me, (unsigned)p, table[(size_t)p * NQ + k], theirs[k]);
  }
  test_barrier(tm);
}

static void test_short(void) {
  reset_counts();
  test_barrier(tm);
  static const unsigned vm[] = {0, 1, 2, 5, 16};
  uint32_t sent = 0;
  for (gex_Rank_t i = 0; i < np; i++) {
    gex_Rank_t peer = (me + i) % np; /* self first, then the others */
    for (unsigned m = 0; m <= MAXM; m++, sent++) send_short(peer, m, 0);
    for (unsigned k = 0; k < sizeof vm / sizeof vm[0]; k++, sent++) send_short(peer, vm[k], 1);
  }
  TEST_POLL_UNTIL(total_replies == sent, 30);
  for (gex_Rank_t p = 0; p < np; p++)
    for (unsigned m = 0; m <= MAXM; m++) {
      uint32_t expect = 1;
      for (unsigned k = 0; k < sizeof vm / sizeof vm[0]; k++) expect += vm[k] == m;
      CHECKF(srep_count[p][m] == expect, "replies from %u arity %u: %u, expected %u", (unsigned)p, m,
             (unsigned)srep_count[p][m], (unsigned)expect);
    }
  test_barrier(tm); /* every request to me has been sent and answered */
  for (gex_Rank_t p = 0; p < np; p++)
    for (unsigned m = 0; m <= MAXM; m++) {
      uint32_t expect = 1;
      for (unsigned k = 0; k < sizeof vm / sizeof vm[0]; k++) expect += vm[k] == m;
      CHECKF(sreq_count[p][m] == expect, "requests from %u arity %u: %u, expected %u", (unsigned)p, m,
             (unsigned)sreq_count[p][m], (unsigned)expect);
    }
  TEST_LOG("short: all arities 0..%d OK", MAXM);
}

/* request sizes for (peer, arity): 0, 1, 511, 512, LUB, Max(NOW) */
static size_t medium_sizes(gex_Rank_t peer, unsigned m, size_t *sz) {
  sz[0] = 0;
  sz[1] = 1;
  sz[2] = 511;
  sz[3] = 512;
  sz[4] = gex_AM_LUBRequestMedium();
  sz[5] = gex_AM_MaxRequestMedium(tm, peer, GEX_EVENT_NOW, 0, m);
  return 6;
}

static void test_medium(void) {
  reset_counts();
  test_barrier(tm);
  size_t maxsz = 0;
  for (gex_Rank_t p = 0; p < np; p++) {
    size_t s = gex_AM_MaxRequestMedium(tm, p, GEX_EVENT_NOW, 0, 0);
    if (s > maxsz) maxsz = s;
  }
  uint8_t *buf = (uint8_t *)malloc(maxsz + 1);
  CHECK(buf != NULL);
  uint32_t sent = 0;
  for (gex_Rank_t i = 0; i < np; i++) {
    gex_Rank_t peer = (me + np - i) % np;
    for (unsigned m = 0; m <= MAXM; m++) {
      size_t sz[6], ns = medium_sizes(peer, m, sz);
      for (size_t k = 0; k < ns; k++, sent++) {
        test_fill(buf, sz[k], payload_seed(me, peer, m, sz[k], KIND_MED));
        int variadic = (m == 0 || m == 2 || m == 7) && (k & 1);
        send_medium(peer, m, buf, sz[k], GEX_EVENT_NOW, variadic);
        memset(buf, 0xEE, sz[k]); /* NOW: reusable on return */
      }
    }
  }
  TEST_POLL_UNTIL(total_replies == sent, 30);
  for (gex_Rank_t p = 0; p < np; p++)
    for (unsigned m = 0; m <= MAXM; m++) {
      size_t sz[6], ns = medium_sizes(p, m, sz);
      uint64_t rbytes = 0;
      size_t maxrep = gex_AM_MaxReplyMedium(tm, p, GEX_EVENT_NOW, 0, m);
      for (size_t k = 0; k < ns; k++) rbytes += medium_reply_size(sz[k], maxrep);
      CHECK_EQ(mrep_count[p][m], ns);
      CHECK_EQ(mrep_bytes[p][m], rbytes);
    }
  test_barrier(tm);
  for (gex_Rank_t p = 0; p < np; p++)
    for (unsigned m = 0; m <= MAXM; m++) {
      size_t sz[6], ns = medium_sizes(p, m, sz); /* Max is symmetric: p's Max toward me */
      uint64_t bytes = 0;
      for (size_t k = 0; k < ns; k++) bytes += sz[k];
      CHECK_EQ(mreq_count[p][m], ns);
      CHECK_EQ(mreq_bytes[p][m], bytes);
    }
  free(buf);
  TEST_LOG("medium: sizes 0,1,511,512,LUB=%zu,Max=%zu OK", gex_AM_LUBRequestMedium(), maxsz);
}

static size_t long_sizes(gex_Rank_t peer, unsigned m, size_t *sz) {
  size_t max = gex_AM_MaxRequestLong(tm, peer, GEX_EVENT_NOW, 0, m);
  sz[0] = 0;
  sz[1] = 1;
  sz[2] = capped(gex_AM_LUBRequestLong());
  sz[3] = capped(max);
  return 4;
}

static void test_long(void) {
  reset_counts();
  test_barrier(tm);
  static const unsigned ms[] = {0, 1, 2, 8, 16};
  uint8_t *buf = (uint8_t *)malloc(long_cap + 1);
  CHECK(buf != NULL);
  uint32_t sent = 0;
  for (unsigned mi = 0; mi < sizeof ms / sizeof ms[0]; mi++) {
    unsigned m = ms[mi];
    for (size_t k = 0; k < 4; k++) {
      /* one Long in flight per (sender, target): its destination is reused by the next */
      for (gex_Rank_t i = 0; i < np; i++) {
        gex_Rank_t peer = (me + i) % np;
        size_t sz[4];
        long_sizes(peer, m, sz);
        test_fill(buf, sz[k], payload_seed(me, peer, m, sz[k], KIND_LONG));
        int variadic = (m == 0 || m == 1 || m == 16) && (k & 1);
        send_long(peer, m, buf, sz[k], long_dest(peer_seg[peer], me, sz[k], 0), GEX_EVENT_NOW, variadic);
        memset(buf, 0xEE, sz[k]);
        sent++;
      }
      TEST_POLL_UNTIL(total_replies == sent, 30);
    }
  }
  for (gex_Rank_t p = 0; p < np; p++)
    for (unsigned mi = 0; mi < sizeof ms / sizeof ms[0]; mi++) {
      unsigned m = ms[mi];
      size_t sz[4];
      long_sizes(p, m, sz);
      size_t maxrep = gex_AM_MaxReplyLong(tm, p, GEX_EVENT_NOW, 0, m);
      uint64_t bytes = 0, rbytes = 0;
      for (size_t k = 0; k < 4; k++) {
        bytes += sz[k];
        rbytes += long_reply_size(sz[k], maxrep);
      }
      CHECK_EQ(lrep_count[p][m], 4);
      CHECK_EQ(lrep_bytes[p][m], rbytes);
      (void)bytes;
    }
  test_barrier(tm);
  for (gex_Rank_t p = 0; p < np; p++)
    for (unsigned mi = 0; mi < sizeof ms / sizeof ms[0]; mi++) {
      unsigned m = ms[mi];
      size_t sz[4];
      long_sizes(p, m, sz);
      CHECK_EQ(lreq_count[p][m], 4);
      CHECK_EQ(lreq_bytes[p][m], sz[0] + sz[1] + sz[2] + sz[3]);
    }
  free(buf);
  TEST_LOG("long: sizes 0,1,min(LUB=%zu,%zu),min(Max=%zu,%zu) OK", gex_AM_LUBRequestLong(), long_cap,
           gex_AM_MaxRequestLong(tm, 0, GEX_EVENT_NOW, 0, 0), long_cap);
}

/* Waits until every peer's count of local-completion messages to me reaches n. */
static void wait_lc(uint32_t n) {
  for (gex_Rank_t p = 0; p < np; p++) TEST_POLL_UNTIL(lc_count[p] >= n, 30);
}

/* Local completion: after the lc event (or NBI group, or NOW return) the source may be overwritten
 * without changing what the handler sees. */
static void test_local_completion(void) {
  memset((void *)lc_count, 0, sizeof lc_count);
  reset_counts();
  test_barrier(tm);
  const int rounds = 4;
  size_t n = gex_AM_LUBRequestMedium();
  if (n > 8192) n = 8192;
  size_t nl = gex_AM_LUBRequestLong();
  if (nl > 65536) nl = 65536;
  uint8_t *bufs = (uint8_t *)malloc((size_t)np * (nl > n ? nl : n));
  CHECK(bufs != NULL);
  uint32_t per_peer = 0;
  for (int r = 0; r < rounds; r++) {
    unsigned seq = (unsigned)r * 10;
    /* Medium, lc_opt = &ev */
    for (gex_Rank_t p = 0; p < np; p++) {
      size_t len = n - (size_t)r;
      test_fill(bufs, len, payload_seed(me, p, seq + 1, len, KIND_LC));
      gex_Event_t ev = GEX_EVENT_NO_OP;
      CHECK_EQ(gex_AM_RequestMedium1(tm, p, idx_lc_med, bufs, len, &ev, 0, (gex_AM_Arg_t)(seq + 1)), 0);
      CHECK(ev != GEX_EVENT_NO_OP);
      gex_Event_Wait(ev);
      memset(bufs, 0x5A, len);
    }
    /* Medium, GEX_EVENT_GROUP: one buffer per peer, all overwritten after gex_NBI_Wait(GEX_EC_AM) */
    for (gex_Rank_t p = 0; p < np; p++) {
      size_t len = n - 3 - (size_t)r;
      test_fill(bufs + (size_t)p * n, len, payload_seed(me, p, seq + 2, len, KIND_LC));
      CHECK_EQ(gex_AM_RequestMedium1(tm, p, idx_lc_med, bufs + (size_t)p * n, len, GEX_EVENT_GROUP, 0,
                                     (gex_AM_Arg_t)(seq + 2)),
               0);
    }
    gex_NBI_Wait(GEX_EC_AM, 0);
    CHECK_EQ(gex_NBI_Test(GEX_EC_AM, 0), 0);
    memset(bufs, 0x5B, (size_t)np * n);
    /* Medium, GEX_EVENT_NOW */
    for (gex_Rank_t p = 0; p < np; p++) {
      size_t len = 100 + (size_t)r;
      test_fill(bufs, len, payload_seed(me, p, seq + 3, len, KIND_LC));
      CHECK_EQ(gex_AM_RequestMedium1(tm, p, idx_lc_med, bufs, len, GEX_EVENT_NOW, 0, (gex_AM_Arg_t)(seq + 3)), 0);
      memset(bufs, 0x5C, len);
    }
    per_peer += 3;
  }
  wait_lc(per_peer);
  test_barrier(tm);
  /* Longs reuse one destination per (sender, target), so each round waits until every target has
   * run the handler (every peer sends me as many as I send it) and barriers before the next. */
  for (int r = 0; r < rounds; r++) {
    unsigned seq = 100 + (unsigned)r * 10;
    /* Long, lc_opt = &ev */
    for (gex_Rank_t p = 0; p < np; p++) {
      size_t len = nl - (size_t)r;
      test_fill(bufs, len, payload_seed(me, p, seq + 1, len, KIND_LC));
      gex_Event_t ev = GEX_EVENT_NO_OP;
      CHECK_EQ(gex_AM_RequestLong1(tm, p, idx_lc_long, bufs, len, long_dest(peer_seg[p], me, len, 0), &ev, 0,
                                   (gex_AM_Arg_t)(seq + 1)),
               0);
      CHECK(ev != GEX_EVENT_NO_OP);
      gex_Event_Wait(ev);
      memset(bufs, 0x6A, len);
    }
    per_peer++;
    wait_lc(per_peer);
    test_barrier(tm);
    /* Long, GEX_EVENT_GROUP */
    for (gex_Rank_t p = 0; p < np; p++) {
      size_t len = nl - 5 - (size_t)r;
      test_fill(bufs + (size_t)p * nl, len, payload_seed(me, p, seq + 2, len, KIND_LC));
      CHECK_EQ(gex_AM_RequestLong1(tm, p, idx_lc_long, bufs + (size_t)p * nl, len,
                                   long_dest(peer_seg[p], me, len, 0), GEX_EVENT_GROUP, 0, (gex_AM_Arg_t)(seq + 2)),
               0);
    }
    gex_NBI_Wait(GEX_EC_AM, 0);
    memset(bufs, 0x6B, (size_t)np * nl);
    per_peer++;
    wait_lc(per_peer);
    test_barrier(tm);
  }
  /* every peer sent me the same number of messages; wait for them all */
  for (gex_Rank_t p = 0; p < np; p++) TEST_POLL_UNTIL(lc_count[p] >= per_peer, 30);
  test_barrier(tm);
  for (gex_Rank_t p = 0; p < np; p++) CHECK_EQ(lc_count[p], per_peer);
  for (gex_Rank_t p = 0; p < np; p++) /* and nothing ran anything else */
    for (unsigned m = 0; m <= MAXM; m++)
      CHECK(!sreq_count[p][m] && !srep_count[p][m] && !mreq_count[p][m] && !mrep_count[p][m] && !lreq_count[p][m] &&
            !lrep_count[p][m]);
  free(bufs);
  TEST_LOG("local completion (&ev, GROUP, NOW) OK");
}

int main(int argc, char **argv) {
  test_init("TEST_AM", &argc, &argv, &client, &ep, &tm);
  me = gex_System_QueryJobRank();
  np = gex_System_QueryJobSize();

  test_registration();
  register_all();

  /* segment: one slot per source (request half and reply half), then the symmetry table */
  /* Long payloads above long_cap (LUB or Max may be as large as a segment) are sent at long_cap */
  long_cap = 512 * 1024;
  slot_size = 2 * ((long_cap + 64 + 63) & ~(size_t)63);
  test_attach(tm, (uintptr_t)np * slot_size + (uintptr_t)np * 8 * 8 + 4096, NULL);
  seg_base = (uint8_t *)gex_Segment_QueryAddr(gex_EP_QuerySegment(ep));
  test_segment_table(tm, peer_seg, NULL);

  rep_buf_size = long_cap;
  for (gex_Rank_t p = 0; p < np; p++) {
    size_t s = gex_AM_MaxReplyMedium(tm, p, GEX_EVENT_NOW, 0, 0);
    if (s > rep_buf_size) rep_buf_size = s;
  }
  rep_buf = (uint8_t *)malloc(rep_buf_size);
  CHECK(rep_buf != NULL);
  test_barrier(tm); /* everyone registered before anyone sends */

  test_limits();
  test_short();
  test_medium();
  test_long();
  test_local_completion();
  test_finish(tm, "test_am");
  return 0;
}
