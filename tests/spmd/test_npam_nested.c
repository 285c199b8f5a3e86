/* test_npam_nested: a negotiated-payload Request with a client buffer and an lc_opt event, Committed
 * while the peer floods us, so the Commit has to wait for room and runs our Request handlers in
 * the meantime; each handler answers with its own Prepare/Commit (GASNet-allocated Reply). The
 * Commit must still complete the event of ITS Prepare (GASNet's testcore2 found a release where
 * the handler's Prepare replaced the pending one and the event was never written).
 * Usage: test_npam_nested [iterations]   (every rank floods every other rank) */
#include "test_util.h"

#define PAYLOAD 4096

static gex_Client_t client;
static gex_EP_t ep;
static gex_TM_t tm;
static gex_Rank_t me, np;
static gex_AM_Index_t h_req, h_rep;
static volatile uint32_t replies, requests;

static void req_handler(gex_Token_t t, void *buf, size_t n, gex_AM_Arg_t iter) {
  CHECK_EQ(n, (size_t)PAYLOAD);
  CHECK(((uint8_t *)buf)[0] == (uint8_t)iter && ((uint8_t *)buf)[n - 1] == (uint8_t)(iter + 1));
  requests++;
  gex_AM_SrcDesc_t sd = gex_AM_PrepareReplyMedium(t, NULL, 8, 8, NULL, 0, 1);
  CHECK(sd != GEX_AM_SRCDESC_NO_OP);
  memcpy(gex_AM_SrcDescAddr(sd), &iter, sizeof iter);
  gex_AM_CommitReplyMedium1(sd, h_rep, 8, iter);
}

static void rep_handler(gex_Token_t t, void *buf, size_t n, gex_AM_Arg_t iter) {
  (void)t;
  CHECK_EQ(n, (size_t)8);
  gex_AM_Arg_t got;
  memcpy(&got, buf, sizeof got);
  CHECK_EQ(got, iter);
  replies++;
}

int main(int argc, char **argv) {
  test_init("TEST_NPAM_NESTED", &argc, &argv, &client, &ep, &tm);
  me = gex_System_QueryJobRank();
  np = gex_System_QueryJobSize();
  unsigned iters = argc > 1 ? (unsigned)atoi(argv[1]) : 4000;
  gex_AM_Entry_t table[] = {
      {0, (gex_AM_Fn_t)req_handler, GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_REQUEST, 1, NULL, "req"},
      {0, (gex_AM_Fn_t)rep_handler, GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_REPLY, 1, NULL, "rep"},
  };
  CHECK_EQ(gex_EP_RegisterHandlers(ep, table, 2), GASNET_OK);
  h_req = table[0].gex_index;
  h_rep = table[1].gex_index;
  gex_Coll_BarrierBlocking(tm, 0);

  uint8_t *buf = (uint8_t *)malloc(PAYLOAD);
  CHECK(buf != NULL);
  uint32_t sent = 0;
  for (unsigned i = 0; i < iters && np > 1; i++) {
    gex_Rank_t peer = (gex_Rank_t)((me + 1 + i % (np - 1)) % np);
    memset(buf, 0x5a, PAYLOAD);
    buf[0] = (uint8_t)i;
    buf[PAYLOAD - 1] = (uint8_t)(i + 1);
    gex_Event_t lc = GEX_EVENT_NO_OP;
    gex_AM_SrcDesc_t sd = gex_AM_PrepareRequestMedium(tm, peer, buf, PAYLOAD, PAYLOAD, &lc, 0, 1);
    CHECK(sd != GEX_AM_SRCDESC_NO_OP);
    CHECK(gex_AM_SrcDescAddr(sd) == buf);
    gex_AM_CommitRequestMedium1(sd, h_req, PAYLOAD, (gex_AM_Arg_t)i);
    CHECKF(lc != GEX_EVENT_NO_OP, "iteration %u: the Commit did not write its lc_opt event", i);
    gex_Event_Wait(lc);  /* GEX_EVENT_INVALID when it completed at once */
    sent++;
  }
  GASNET_BLOCKUNTIL(replies == sent);
  gex_Coll_BarrierBlocking(tm, 0);
  /* every rank sent `iters` requests spread evenly over the others */
  CHECKF(np == 1 || requests > 0, "no request arrived");
  free(buf);
  if (me == 0) printf("npam_nested: %u requests per rank, every Commit completed its own lc event\n", iters);
  gasnet_exit(0);
  return 0;
}
