/* test_seq (GASNET_SEQ): a single-threaded client build.  QueryMaxThreads is 1; AM ping-pong with
 * every peer, Put/Get ring and barriers work. */
#ifndef GASNET_SEQ
#error "test_seq must be compiled with -DGASNET_SEQ"
#endif
#include "test_util.h"

static gex_Client_t client;
static gex_EP_t ep;
static gex_TM_t tm;
static gex_Rank_t me, np;
static gex_AM_Index_t h_ping, h_pong;
static volatile uint32_t pongs[TEST_MAX_RANKS], pings[TEST_MAX_RANKS];

static void ping(gex_Token_t t, void *buf, size_t n, gex_AM_Arg_t round) {
  gex_Token_Info_t ti;
  CHECK(gex_Token_Info(t, &ti, GEX_TI_SRCRANK) & GEX_TI_SRCRANK);
  CHECK_PATTERN(buf, n, test_seed(ti.gex_srcrank, me, round, n));
  pings[ti.gex_srcrank]++;
  CHECK_EQ(gex_AM_ReplyShort2(t, h_pong, 0, round, (gex_AM_Arg_t)me), 0);
}
static void pong(gex_Token_t t, gex_AM_Arg_t round, gex_AM_Arg_t from) {
  gex_Token_Info_t ti;
  CHECK(gex_Token_Info(t, &ti, GEX_TI_SRCRANK) & GEX_TI_SRCRANK);
  CHECK_EQ(ti.gex_srcrank, (gex_Rank_t)from);
  CHECK_EQ(pongs[from], (uint32_t)round); /* one round in flight per peer */
  pongs[from]++;
}

int main(int argc, char **argv) {
  test_init("TEST_SEQ", &argc, &argv, &client, &ep, &tm);
  me = gex_System_QueryJobRank();
  np = gex_System_QueryJobSize();
  CHECK_EQ(gex_System_QueryMaxThreads(), 1);
  gex_AM_Entry_t table[] = {
      {0, (gex_AM_Fn_t)ping, GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_REQUEST, 1, NULL, "ping"},
      {0, (gex_AM_Fn_t)pong, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REPLY, 2, NULL, "pong"},
  };
  CHECK_EQ(gex_EP_RegisterHandlers(ep, table, 2), GASNET_OK);
  h_ping = table[0].gex_index;
  h_pong = table[1].gex_index;
  uint8_t *seg = (uint8_t *)test_attach(tm, 65536, NULL);
  void *peer_seg[TEST_MAX_RANKS];
  test_segment_table(tm, peer_seg, NULL);
  test_barrier(tm);

  uint8_t buf[2048];
  for (int round = 0; round < 50; round++) {
    for (gex_Rank_t p = 0; p < np; p++) {
      size_t n = (size_t)(round * 37 + p) % sizeof buf;
      test_fill(buf, n, test_seed(me, p, round, n));
      CHECK_EQ(gex_AM_RequestMedium1(tm, p, h_ping, buf, n, GEX_EVENT_NOW, 0, round), 0);
    }
    for (gex_Rank_t p = 0; p < np; p++) GASNET_BLOCKUNTIL(pongs[p] == (uint32_t)round + 1);
  }
  test_barrier(tm);
  for (gex_Rank_t p = 0; p < np; p++) CHECK_EQ(pings[p], 50);

  gex_Rank_t right = (me + 1) % np, left = (me + np - 1) % np;
  test_fill(buf, sizeof buf, test_seed(me, 1, 2, 3));
  CHECK_EQ(gex_RMA_PutBlocking(tm, right, (uint8_t *)peer_seg[right] + 3, buf, sizeof buf, 0), 0);
  test_barrier(tm);
  CHECK_PATTERN(seg + 3, sizeof buf, test_seed(left, 1, 2, 3));
  memset(buf, 0, sizeof buf);
  gex_Event_Wait(gex_RMA_GetNB(tm, buf, left, (uint8_t *)peer_seg[left] + 3, sizeof buf, 0));
  CHECK_PATTERN(buf, sizeof buf, test_seed((left + np - 1) % np, 1, 2, 3));
  test_finish(tm, "test_seq");
  return 0;
}
