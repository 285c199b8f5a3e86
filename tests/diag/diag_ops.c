/* diag_ops: a fixed, known set of RMA and AM operations, so that the statistics (GEX_STATS,
 * GASNET_STATSFILE) and the trace (GEX_TRACE) can be checked against what the program did.
 *
 *   diag_ops [end=gasnet_exit|return]
 *
 * Every rank talks to its right neighbour (itself in a job of one). Before ending, each rank
 * prints what its statistics must show, one line per operation kind:
 *   diag expect rank R: <kind> count=C bytes=B
 * tests/diag/diag_check.py compares those lines with the statistics and the trace. */
#include "test_util.h"

static gex_AM_Index_t h_short, h_medium, h_long, h_rshort, h_rmedium;
static volatile int short_replies, medium_replies;
static uint8_t reply_payload[64];

static void short_handler(gex_Token_t token, gex_AM_Arg_t a, gex_AM_Arg_t b) {
  CHECK_EQ(a + 1, b);
  CHECK_EQ(gex_AM_ReplyShort1(token, h_rshort, 0, a), 0);
}
static void medium_handler(gex_Token_t token, void *buf, size_t n, gex_AM_Arg_t a) {
  (void)buf, (void)a;
  CHECK_EQ(n, 100);
  CHECK_EQ(gex_AM_ReplyMedium0(token, h_rmedium, reply_payload, 50, GEX_EVENT_NOW, 0), 0);
}
static volatile unsigned longs_handled;
static void long_handler(gex_Token_t token, void *buf, size_t n, gex_AM_Arg_t a) {
  (void)token, (void)buf, (void)a;
  CHECK_EQ(n, 1000);
  longs_handled++;
}
static void rshort_handler(gex_Token_t token, gex_AM_Arg_t a) {
  (void)token, (void)a;
  short_replies++;
}
static void rmedium_handler(gex_Token_t token, void *buf, size_t n) {
  (void)token, (void)buf;
  CHECK_EQ(n, 50);
  medium_replies++;
}

static void expect(gex_Rank_t me, const char *kind, unsigned count, unsigned long bytes) {
  fprintf(stderr, "diag expect rank %u: %s count=%u bytes=%lu\n", (unsigned)me, kind, count, bytes);
}

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_EP_t ep;
  gex_TM_t tm;
  test_init("DIAG_OPS", &argc, &argv, &client, &ep, &tm);
  int end_return = argc > 1 && !strcmp(argv[1], "end=return");
  gex_Rank_t me = gex_TM_QueryRank(tm), np = gex_TM_QuerySize(tm), peer = (me + 1) % np;
  gex_AM_Entry_t table[] = {
      {0, (gex_AM_Fn_t)short_handler, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQUEST, 2, NULL, "short"},
      {0, (gex_AM_Fn_t)medium_handler, GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_REQUEST, 1, NULL, "medium"},
      {0, (gex_AM_Fn_t)long_handler, GEX_FLAG_AM_LONG | GEX_FLAG_AM_REQUEST, 1, NULL, "long"},
      {0, (gex_AM_Fn_t)rshort_handler, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REPLY, 1, NULL, "rshort"},
      {0, (gex_AM_Fn_t)rmedium_handler, GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_REPLY, 0, NULL, "rmedium"},
  };
  CHECK_EQ(gex_EP_RegisterHandlers(ep, table, 5), GASNET_OK);
  h_short = table[0].gex_index, h_medium = table[1].gex_index, h_long = table[2].gex_index;
  h_rshort = table[3].gex_index, h_rmedium = table[4].gex_index;
  uint8_t *seg = (uint8_t *)test_attach(tm, 1 << 16, NULL);
  void *bases[TEST_MAX_RANKS];
  test_segment_table(tm, bases, NULL);
  uint8_t *remote = (uint8_t *)bases[peer];
  static uint8_t buf[4096];
  test_barrier(tm);

  /* RMA: every form, known counts and sizes */
  for (int i = 0; i < 10; i++) CHECK_EQ(gex_RMA_PutBlocking(tm, peer, remote, buf, 64, 0), 0);
  for (int i = 0; i < 2; i++) CHECK_EQ(gex_RMA_PutBlockingVal(tm, peer, remote + 64, 42, 8, 0), 0);
  for (int i = 0; i < 5; i++) gex_Event_Wait(gex_RMA_PutNB(tm, peer, remote + 128, buf, 128, GEX_EVENT_NOW, 0));
  for (int i = 0; i < 7; i++) CHECK_EQ(gex_RMA_PutNBI(tm, peer, remote + 256, buf, 32, GEX_EVENT_NOW, 0), 0);
  gex_NBI_Wait(GEX_EC_PUT, 0);
  for (int i = 0; i < 3; i++) CHECK_EQ(gex_RMA_GetBlocking(tm, buf, peer, remote, 256, 0), 0);
  for (int i = 0; i < 4; i++) gex_Event_Wait(gex_RMA_GetNB(tm, buf, peer, remote, 16, 0));
  for (int i = 0; i < 6; i++) CHECK_EQ(gex_RMA_GetNBI(tm, buf, peer, remote, 8, 0), 0);
  gex_NBI_Wait(GEX_EC_GET, 0);

  /* AM: requests of each category; Short and Medium ones are answered */
  for (int i = 0; i < 11; i++) CHECK_EQ(gex_AM_RequestShort2(tm, peer, h_short, 0, i, i + 1), 0);
  for (int i = 0; i < 12; i++) CHECK_EQ(gex_AM_RequestMedium1(tm, peer, h_medium, buf, 100, GEX_EVENT_NOW, 0, i), 0);
  for (int i = 0; i < 13; i++)
    CHECK_EQ(gex_AM_RequestLong1(tm, peer, h_long, buf, 1000, remote + 4096, GEX_EVENT_NOW, 0, i), 0);
  /* Longs have no reply and AMs are not ordered with the barrier: wait for the 13 Longs our
     predecessor sent us before the statistics are compared. */
  GASNET_BLOCKUNTIL(short_replies == 11 && medium_replies == 12 && longs_handled == 13);
  (void)seg;

  expect(me, "rma.put.blocking", 12, 10 * 64 + 2 * 8);
  expect(me, "rma.put.nb", 5, 5 * 128);
  expect(me, "rma.put.nbi", 7, 7 * 32);
  expect(me, "rma.get.blocking", 3, 3 * 256);
  expect(me, "rma.get.nb", 4, 4 * 16);
  expect(me, "rma.get.nbi", 6, 6 * 8);
  expect(me, "am.send.request.short", 11, 0);
  expect(me, "am.send.request.medium", 12, 12 * 100);
  expect(me, "am.send.request.long", 13, 13 * 1000);
  expect(me, "am.send.reply.short", 11, 0);
  expect(me, "am.send.reply.medium", 12, 12 * 50);
  expect(me, "am.handle.request.short", 11, 0);
  expect(me, "am.handle.request.medium", 12, 12 * 100);
  expect(me, "am.handle.request.long", 13, 13 * 1000);
  expect(me, "am.handle.reply.short", 11, 0);
  expect(me, "am.handle.reply.medium", 12, 12 * 50);
  const char *force_am = getenv("GEX_FORCE_AM");
  if (force_am && force_am[0] == '1') expect(me, "wait.rma", 12 + 3, 10 * 64 + 2 * 8 + 3 * 256);
  test_barrier(tm);
  if (end_return) return 0; /* statistics through the atexit path */
  test_finish(tm, "diag_ops"); /* through gasnet_exit */
  return 0;
}
