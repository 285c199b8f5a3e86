/* test_npam: negotiated-payload AM.  Prepare/Commit for Request and Reply, Medium and Long, with a
 * GASNet-allocated buffer (client_buf NULL) and with a client buffer, numbered and variadic Commit
 * forms, the PREPARE_LEAST_* limit queries. */
#include "test_util.h"

#define KIND_REQ 11
#define KIND_REP 12
#define HALF (256 * 1024) /* per-source Long region (request half, reply half) */
#define SLOT (2 * HALF)

/* How the request handler answers */
enum { REPLY_SHORT, REPLY_MED_ALLOC, REPLY_MED_CLIENT, REPLY_LONG_ALLOC, REPLY_LONG_CLIENT, NMODES };

static gex_Client_t client;
static gex_EP_t ep;
static gex_TM_t tm;
static gex_Rank_t me, np;
static uint8_t *seg_base;
static void *peer_seg[TEST_MAX_RANKS];
static uint8_t *handler_buf; /* client buffer for replies made in handlers */
#define HANDLER_BUF_SIZE (64 * 1024)

static gex_AM_Index_t h_req_med0, h_req_med2, h_req_long2, h_rep_short, h_rep_med2, h_rep_long2;
static volatile uint32_t req_count[TEST_MAX_RANKS], rep_count[TEST_MAX_RANKS];

static uint64_t seed_of(gex_Rank_t src, gex_Rank_t dst, uint32_t tag, size_t n, unsigned kind) {
  return test_seed(src * 7919u + dst, tag, n, kind);
}

static uint8_t *req_dest(void *base, gex_Rank_t src) { return (uint8_t *)base + (size_t)src * SLOT + 5; }
static uint8_t *rep_dest(void *base, gex_Rank_t src) { return (uint8_t *)base + (size_t)src * SLOT + HALF + 5; }

static gex_Rank_t src_of(gex_Token_t t) {
  gex_Token_Info_t ti;
  gex_TI_t got = gex_Token_Info(t, &ti, GEX_TI_SRCRANK | GEX_TI_EP);
  CHECK((got & GEX_TI_SRCRANK) && (got & GEX_TI_EP));
  CHECK(ti.gex_srcrank < np);
  CHECK(ti.gex_ep == ep);
  return ti.gex_srcrank;
}

static int aligned_for_any(const void *p) { return ((uintptr_t)p % _Alignof(max_align_t)) == 0; }

static void check_sd(gex_AM_SrcDesc_t sd, const void *client_buf, size_t least, size_t most) {
  CHECK(sd != GEX_AM_SRCDESC_NO_OP);
  void *addr = gex_AM_SrcDescAddr(sd);
  size_t size = gex_AM_SrcDescSize(sd);
  CHECK(addr != NULL);
  if (client_buf) {
    CHECK(addr == client_buf);
  } else {
    CHECKF(aligned_for_any(addr), "GASNet buffer %p not aligned for any type", addr);
  }
  CHECKF(size >= least && size <= most, "SrcDescSize %zu not in [%zu, %zu]", size, least, most);
  CHECK(gex_AM_SrcDescAddr(sd) == addr); /* stable */
  CHECK_EQ(gex_AM_SrcDescSize(sd), size);
}

/* Answers a request in the given mode; tag identifies the exchange. */
static void reply(gex_Token_t t, gex_Rank_t src, uint32_t tag, int mode) {
  CHECK_GE(gex_Token_MaxReplyMedium(t, NULL, GEX_FLAG_AM_PREPARE_LEAST_ALLOC, 2), 512);
  CHECK_GE(gex_Token_MaxReplyMedium(t, GEX_EVENT_NOW, GEX_FLAG_AM_PREPARE_LEAST_CLIENT, 2), 512);
  CHECK_GE(gex_Token_MaxReplyLong(t, NULL, GEX_FLAG_AM_PREPARE_LEAST_ALLOC, 2), 512);
  gex_AM_SrcDesc_t sd;
  size_t n;
  switch (mode) {
    case REPLY_SHORT:
      CHECK_EQ(gex_AM_ReplyShort2(t, h_rep_short, 0, (gex_AM_Arg_t)tag, mode), 0);
      return;
    case REPLY_MED_ALLOC: {
      sd = gex_AM_PrepareReplyMedium(t, NULL, 512, 1 << 20, NULL, 0, 2);
      check_sd(sd, NULL, 512, 1 << 20);
      n = gex_AM_SrcDescSize(sd);
      test_fill(gex_AM_SrcDescAddr(sd), n, seed_of(me, src, tag, n, KIND_REP));
      gex_AM_CommitReplyMedium2(sd, h_rep_med2, n, (gex_AM_Arg_t)tag, (gex_AM_Arg_t)n);
      return;
    }
    case REPLY_MED_CLIENT: {
      sd = gex_AM_PrepareReplyMedium(t, handler_buf, 700, HANDLER_BUF_SIZE, GEX_EVENT_NOW, 0, 2);
      check_sd(sd, handler_buf, 700, HANDLER_BUF_SIZE);
      n = gex_AM_SrcDescSize(sd) - 1;
      test_fill(handler_buf, n, seed_of(me, src, tag, n, KIND_REP));
      gex_AM_CommitReplyMedium(sd, h_rep_med2, n, (gex_AM_Arg_t)tag, (gex_AM_Arg_t)n);
      memset(handler_buf, 0xEE, n); /* NOW: reusable once Commit returned */
      return;
    }
    case REPLY_LONG_ALLOC: {
      uint8_t *dest = rep_dest(peer_seg[src], me);
      sd = gex_AM_PrepareReplyLong(t, NULL, 512, HALF - 64, dest, NULL, 0, 2);
      check_sd(sd, NULL, 512, HALF - 64);
      n = gex_AM_SrcDescSize(sd);
      test_fill(gex_AM_SrcDescAddr(sd), n, seed_of(me, src, tag, n, KIND_REP));
      gex_AM_CommitReplyLong2(sd, h_rep_long2, n, dest, (gex_AM_Arg_t)tag, (gex_AM_Arg_t)n);
      return;
    }
    case REPLY_LONG_CLIENT: {
      uint8_t *dest = rep_dest(peer_seg[src], me);
      sd = gex_AM_PrepareReplyLong(t, handler_buf, 600, HANDLER_BUF_SIZE, NULL, GEX_EVENT_NOW, 0, 2);
      check_sd(sd, handler_buf, 600, HANDLER_BUF_SIZE);
      n = gex_AM_SrcDescSize(sd) / 2;
      test_fill(handler_buf, n, seed_of(me, src, tag, n, KIND_REP));
      gex_AM_CommitReplyLong(sd, h_rep_long2, n, dest, (gex_AM_Arg_t)tag, (gex_AM_Arg_t)n);
      memset(handler_buf, 0xEE, n);
      return;
    }
  }
  CHECK(0);
}

static void req_med0(gex_Token_t t, void *buf, size_t n) {
  gex_Rank_t src = src_of(t);
  CHECK_PATTERN(buf, n, seed_of(src, me, 0, n, KIND_REQ));
  req_count[src]++;
  CHECK_EQ(gex_AM_ReplyShort2(t, h_rep_short, 0, 0, 0), 0);
}

static void req_med2(gex_Token_t t, void *buf, size_t n, gex_AM_Arg_t tag, gex_AM_Arg_t mode) {
  gex_Rank_t src = src_of(t);
  CHECK_PATTERN(buf, n, seed_of(src, me, (uint32_t)tag, n, KIND_REQ));
  req_count[src]++;
  reply(t, src, (uint32_t)tag, mode);
}

static void req_long2(gex_Token_t t, void *buf, size_t n, gex_AM_Arg_t tag, gex_AM_Arg_t mode) {
  gex_Rank_t src = src_of(t);
  CHECKF(buf == req_dest(seg_base, src), "Long buf %p, dest_addr %p", buf, (void *)req_dest(seg_base, src));
  CHECK_PATTERN(buf, n, seed_of(src, me, (uint32_t)tag, n, KIND_REQ));
  req_count[src]++;
  reply(t, src, (uint32_t)tag, mode);
}

static volatile uint32_t last_tag;
static void rep_short(gex_Token_t t, gex_AM_Arg_t tag, gex_AM_Arg_t mode) {
  gex_Rank_t src = src_of(t);
  CHECK_EQ(mode, REPLY_SHORT);
  last_tag = (uint32_t)tag;
  rep_count[src]++;
}
static void rep_med2(gex_Token_t t, void *buf, size_t n, gex_AM_Arg_t tag, gex_AM_Arg_t n_sent) {
  gex_Rank_t src = src_of(t);
  CHECK_EQ(n, (size_t)n_sent);
  CHECK_PATTERN(buf, n, seed_of(src, me, (uint32_t)tag, n, KIND_REP));
  last_tag = (uint32_t)tag;
  rep_count[src]++;
}
static void rep_long2(gex_Token_t t, void *buf, size_t n, gex_AM_Arg_t tag, gex_AM_Arg_t n_sent) {
  gex_Rank_t src = src_of(t);
  CHECK_EQ(n, (size_t)n_sent);
  CHECK(buf == rep_dest(seg_base, src));
  CHECK_PATTERN(buf, n, seed_of(src, me, (uint32_t)tag, n, KIND_REP));
  last_tag = (uint32_t)tag;
  rep_count[src]++;
}

static void test_limits(void) {
  gex_Event_t ev;
  for (gex_Rank_t p = 0; p <= np; p++) {
    gex_Rank_t peer = p == np ? GEX_RANK_INVALID : p;
    size_t prev[6] = {(size_t)-1, (size_t)-1, (size_t)-1, (size_t)-1, (size_t)-1, (size_t)-1};
    for (unsigned m = 0; m <= gex_AM_MaxArgs(); m++) {
      size_t v[6] = {
          gex_AM_MaxRequestMedium(tm, peer, NULL, GEX_FLAG_AM_PREPARE_LEAST_ALLOC, m),
          gex_AM_MaxReplyMedium(tm, peer, NULL, GEX_FLAG_AM_PREPARE_LEAST_ALLOC, m),
          gex_AM_MaxRequestLong(tm, peer, NULL, GEX_FLAG_AM_PREPARE_LEAST_ALLOC, m),
          gex_AM_MaxReplyLong(tm, peer, NULL, GEX_FLAG_AM_PREPARE_LEAST_ALLOC, m),
          gex_AM_MaxRequestMedium(tm, peer, &ev, GEX_FLAG_AM_PREPARE_LEAST_CLIENT, m),
          gex_AM_MaxRequestLong(tm, peer, GEX_EVENT_NOW, GEX_FLAG_AM_PREPARE_LEAST_CLIENT, m),
      };
      for (int k = 0; k < 6; k++) {
        CHECKF(v[k] >= 512, "PREPARE_LEAST query %d peer %u nargs %u: %zu < 512", k, (unsigned)peer, m, v[k]);
        CHECKF(v[k] <= prev[k], "PREPARE_LEAST query %d increases with nargs", k);
        prev[k] = v[k];
      }
      CHECK_EQ(v[0], gex_AM_MaxRequestMedium(tm, peer, NULL, GEX_FLAG_AM_PREPARE_LEAST_ALLOC, m));
    }
  }
}

static void wait_reply(gex_Rank_t p, uint32_t expect, uint32_t tag) {
  TEST_POLL_UNTIL(rep_count[p] == expect, 30);
  CHECK_EQ(last_tag, tag);
}

/* Every case a rank sends to one peer; one exchange in flight at a time. */
static uint32_t run_cases(gex_Rank_t p, uint8_t *buf, size_t bufsize) {
  uint32_t n_req = 0, tag = (uint32_t)p * 1000 + 1;
  gex_AM_SrcDesc_t sd;
  size_t n;

  /* Medium, GASNet buffer, numbered Commit, each reply mode */
  for (int mode = 0; mode < NMODES; mode++, tag++) {
    sd = gex_AM_PrepareRequestMedium(tm, p, NULL, 512, 1 << 20, NULL, 0, 2);
    check_sd(sd, NULL, 512, 1 << 20);
    n = gex_AM_SrcDescSize(sd);
    test_fill(gex_AM_SrcDescAddr(sd), n, seed_of(me, p, tag, n, KIND_REQ));
    gex_AM_CommitRequestMedium2(sd, h_req_med2, n, (gex_AM_Arg_t)tag, mode);
    wait_reply(p, ++n_req, tag);
  }
  /* exact sizes: least == most */
  {
    size_t least_alloc = gex_AM_MaxRequestMedium(tm, p, NULL, GEX_FLAG_AM_PREPARE_LEAST_ALLOC, 2);
    size_t exact[3] = {1, 777, least_alloc};
    for (int k = 0; k < 3; k++, tag++) {
      sd = gex_AM_PrepareRequestMedium(tm, p, NULL, exact[k], exact[k], NULL, 0, 2);
      check_sd(sd, NULL, exact[k], exact[k]);
      test_fill(gex_AM_SrcDescAddr(sd), exact[k], seed_of(me, p, tag, exact[k], KIND_REQ));
      gex_AM_CommitRequestMedium(sd, h_req_med2, exact[k], (gex_AM_Arg_t)tag, REPLY_MED_ALLOC); /* variadic */
      wait_reply(p, ++n_req, tag);
    }
  }
  /* commit fewer bytes than prepared, including 0 */
  for (size_t k = 0; k < 2; k++, tag++) {
    sd = gex_AM_PrepareRequestMedium(tm, p, NULL, 100, 5000, NULL, 0, 2);
    check_sd(sd, NULL, 100, 5000);
    n = k ? 37 : 0;
    test_fill(gex_AM_SrcDescAddr(sd), n, seed_of(me, p, tag, n, KIND_REQ));
    gex_AM_CommitRequestMedium2(sd, h_req_med2, n, (gex_AM_Arg_t)tag, REPLY_SHORT);
    wait_reply(p, ++n_req, tag);
  }
  /* zero-argument form, numbered and variadic */
  for (int k = 0; k < 2; k++) {
    sd = gex_AM_PrepareRequestMedium(tm, p, NULL, 600, 600 + (size_t)k, NULL, 0, 0);
    check_sd(sd, NULL, 600, 600 + (size_t)k);
    n = 600;
    test_fill(gex_AM_SrcDescAddr(sd), n, seed_of(me, p, 0, n, KIND_REQ));
    if (k)
      gex_AM_CommitRequestMedium(sd, h_req_med0, n);
    else
      gex_AM_CommitRequestMedium0(sd, h_req_med0, n);
    wait_reply(p, ++n_req, 0);
  }
  /* IMMEDIATE: NO_OP or a usable descriptor */
  for (int k = 0; k < 3; k++, tag++) {
    sd = gex_AM_PrepareRequestMedium(tm, p, NULL, 512, 4096, NULL, GEX_FLAG_IMMEDIATE, 2);
    if (sd == GEX_AM_SRCDESC_NO_OP) sd = gex_AM_PrepareRequestMedium(tm, p, NULL, 512, 4096, NULL, 0, 2);
    check_sd(sd, NULL, 512, 4096);
    n = 512;
    test_fill(gex_AM_SrcDescAddr(sd), n, seed_of(me, p, tag, n, KIND_REQ));
    gex_AM_CommitRequestMedium2(sd, h_req_med2, n, (gex_AM_Arg_t)tag, REPLY_SHORT);
    wait_reply(p, ++n_req, tag);
  }
  /* Medium, client buffer, lc_opt &ev / NOW / GROUP; the buffer is overwritten after completion */
  for (int lc = 0; lc < 3; lc++, tag++) {
    gex_Event_t ev = GEX_EVENT_NO_OP;
    gex_Event_t *lc_opt = lc == 0 ? &ev : lc == 1 ? GEX_EVENT_NOW : GEX_EVENT_GROUP;
    size_t most = bufsize < 65536 ? bufsize : 65536;
    sd = gex_AM_PrepareRequestMedium(tm, p, buf, 512, most, lc_opt, 0, 2);
    check_sd(sd, buf, 512, most);
    n = gex_AM_SrcDescSize(sd) - (size_t)lc;
    test_fill(buf, n, seed_of(me, p, tag, n, KIND_REQ));
    if (lc == 1)
      gex_AM_CommitRequestMedium(sd, h_req_med2, n, (gex_AM_Arg_t)tag, REPLY_MED_CLIENT);
    else
      gex_AM_CommitRequestMedium2(sd, h_req_med2, n, (gex_AM_Arg_t)tag, REPLY_MED_CLIENT);
    if (lc == 0) {
      CHECK(ev != GEX_EVENT_NO_OP);
      gex_Event_Wait(ev);
    } else if (lc == 2) {
      gex_NBI_Wait(GEX_EC_AM, 0);
    }
    memset(buf, 0xDD, n);
    wait_reply(p, ++n_req, tag);
  }
  /* Long, GASNet buffer: dest_addr given at Prepare (and the same at Commit), or only at Commit */
  for (int k = 0; k < 4; k++, tag++) {
    uint8_t *dest = req_dest(peer_seg[p], me);
    size_t least = 512, most = HALF - 64;
    if (k == 3) { /* the largest least_payload allowed, capped by this test's region */
      least = gex_AM_MaxRequestLong(tm, p, NULL, GEX_FLAG_AM_PREPARE_LEAST_ALLOC, 2);
      if (least > most) least = most;
    }
    sd = gex_AM_PrepareRequestLong(tm, p, NULL, least, most, (k & 1) ? NULL : dest, NULL, 0, 2);
    check_sd(sd, NULL, least, most);
    n = gex_AM_SrcDescSize(sd);
    test_fill(gex_AM_SrcDescAddr(sd), n, seed_of(me, p, tag, n, KIND_REQ));
    int mode = k == 0 ? REPLY_LONG_ALLOC : k == 1 ? REPLY_LONG_CLIENT : k == 2 ? REPLY_SHORT : REPLY_MED_ALLOC;
    if (k & 2)
      gex_AM_CommitRequestLong(sd, h_req_long2, n, dest, (gex_AM_Arg_t)tag, mode);
    else
      gex_AM_CommitRequestLong2(sd, h_req_long2, n, dest, (gex_AM_Arg_t)tag, mode);
    wait_reply(p, ++n_req, tag);
  }
  /* Long, client buffer, lc_opt &ev and NOW, 0 bytes committed once */
  for (int k = 0; k < 3; k++, tag++) {
    gex_Event_t ev = GEX_EVENT_NO_OP;
    uint8_t *dest = req_dest(peer_seg[p], me);
    size_t most = bufsize < (size_t)HALF - 64 ? bufsize : (size_t)HALF - 64;
    sd = gex_AM_PrepareRequestLong(tm, p, buf, 1000, most, k == 1 ? NULL : dest, k == 0 ? &ev : GEX_EVENT_NOW, 0, 2);
    check_sd(sd, buf, 1000, most);
    n = k == 2 ? 0 : gex_AM_SrcDescSize(sd);
    test_fill(buf, n, seed_of(me, p, tag, n, KIND_REQ));
    gex_AM_CommitRequestLong2(sd, h_req_long2, n, dest, (gex_AM_Arg_t)tag, k == 2 ? REPLY_LONG_CLIENT : REPLY_MED_CLIENT);
    if (k == 0) gex_Event_Wait(ev);
    memset(buf, 0xDD, n);
    wait_reply(p, ++n_req, tag);
  }
  return n_req;
}

int main(int argc, char **argv) {
  test_init("TEST_NPAM", &argc, &argv, &client, &ep, &tm);
  me = gex_System_QueryJobRank();
  np = gex_System_QueryJobSize();
  gex_AM_Entry_t table[] = {
      {0, (gex_AM_Fn_t)req_med0, GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_REQUEST, 0, NULL, "req_med0"},
      {0, (gex_AM_Fn_t)req_med2, GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_REQUEST, 2, NULL, "req_med2"},
      {0, (gex_AM_Fn_t)req_long2, GEX_FLAG_AM_LONG | GEX_FLAG_AM_REQUEST, 2, NULL, "req_long2"},
      {0, (gex_AM_Fn_t)rep_short, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REPLY, 2, NULL, "rep_short"},
      {0, (gex_AM_Fn_t)rep_med2, GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_REPLY, 2, NULL, "rep_med2"},
      {0, (gex_AM_Fn_t)rep_long2, GEX_FLAG_AM_LONG | GEX_FLAG_AM_REPLY, 2, NULL, "rep_long2"},
  };
  CHECK_EQ(gex_EP_RegisterHandlers(ep, table, sizeof table / sizeof table[0]), GASNET_OK);
  h_req_med0 = table[0].gex_index;
  h_req_med2 = table[1].gex_index;
  h_req_long2 = table[2].gex_index;
  h_rep_short = table[3].gex_index;
  h_rep_med2 = table[4].gex_index;
  h_rep_long2 = table[5].gex_index;
  seg_base = (uint8_t *)test_attach(tm, (uintptr_t)np * SLOT, NULL);
  test_segment_table(tm, peer_seg, NULL);
  handler_buf = (uint8_t *)malloc(HANDLER_BUF_SIZE);
  size_t bufsize = 128 * 1024;
  uint8_t *buf = (uint8_t *)malloc(bufsize);
  CHECK(handler_buf && buf);
  test_barrier(tm);

  test_limits();
  uint32_t per_peer = 0;
  for (gex_Rank_t i = 0; i < np; i++) per_peer = run_cases((me + i) % np, buf, bufsize);
  /* every peer sends me the same cases */
  for (gex_Rank_t p = 0; p < np; p++) TEST_POLL_UNTIL(req_count[p] >= per_peer, 30);
  test_barrier(tm);
  for (gex_Rank_t p = 0; p < np; p++) {
    CHECK_EQ(req_count[p], per_peer);
    CHECK_EQ(rep_count[p], per_peer);
  }
  free(buf);
  test_finish(tm, "test_npam");
  return 0;
}
