/* Collective misuse that must end the job with a clear message naming the call:
 *   coll_misuse root_mismatch       BroadcastNB where every rank passes itself as the root
 *   coll_misuse reduce_root         ReduceToOneNB with ranks disagreeing on the root
 *   coll_misuse destroy_primordial  gex_TM_Destroy of the primordial team
 *   coll_misuse no_scratch          BarrierNB over a gex_TM_Create(...NO_SCRATCH) team
 *   coll_misuse bad_op              ReduceToAllNB of GEX_DT_DBL with GEX_OP_XOR
 *   coll_misuse dt_sz               ReduceToAllNB of GEX_DT_I64 with dt_sz 4
 *   coll_misuse tm_pair             BarrierNB on a TM-pair
 *   coll_misuse size_mismatch       BroadcastNB with nbytes differing between ranks
 *   coll_misuse op_mismatch         ReduceToAllNB, rank 0 with GEX_OP_ADD and the others GEX_OP_MAX
 *   coll_misuse kind_mismatch       rank 0 calls BroadcastNB where the others call ReduceToAllNB */
#include "coll_test.h"

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_EP_t ep;
  gex_TM_t tm;
  CHECK(gex_Client_Init(&client, &ep, &tm, "coll_misuse", &argc, &argv, 0) == GASNET_OK);
  CHECK(argc == 2);
  const char *mode = argv[1];
  gex_Rank_t me = gex_TM_QueryRank(tm), np = gex_TM_QuerySize(tm);
  uint64_t buf[4] = {1, 2, 3, 4}, out[4];
  if (!strcmp(mode, "root_mismatch")) {
    gex_Event_Wait(gex_Coll_BroadcastNB(tm, me, out, buf, sizeof buf, 0));
  } else if (!strcmp(mode, "reduce_root")) {
    gex_Rank_t root = me == np - 1 ? 0 : np - 1;
    gex_Event_Wait(gex_Coll_ReduceToOneNB(tm, root, out, buf, GEX_DT_U64, 8, 4, GEX_OP_ADD, NULL, NULL, 0));
  } else if (!strcmp(mode, "size_mismatch")) {
    gex_Event_Wait(gex_Coll_BroadcastNB(tm, 0, out, buf, me ? 16 : 32, 0));
  } else if (!strcmp(mode, "op_mismatch")) {
    gex_Event_Wait(gex_Coll_ReduceToAllNB(tm, out, buf, GEX_DT_U64, 8, 4, me ? GEX_OP_MAX : GEX_OP_ADD, NULL, NULL, 0));
  } else if (!strcmp(mode, "kind_mismatch")) {
    if (me == 0) gex_Event_Wait(gex_Coll_BroadcastNB(tm, 0, out, buf, sizeof buf, 0));
    else gex_Event_Wait(gex_Coll_ReduceToAllNB(tm, out, buf, GEX_DT_U64, 8, 4, GEX_OP_ADD, NULL, NULL, 0));
  } else if (!strcmp(mode, "destroy_primordial")) {
    gex_TM_Destroy(tm, NULL, 0);
  } else if (!strcmp(mode, "no_scratch")) {
    gex_EP_Location_t args[64];
    for (gex_Rank_t i = 0; i < np; ++i) args[i].gex_rank = i, args[i].gex_ep_index = 0;
    gex_TM_t nt[1];
    gex_TM_Create(nt, 1, tm, args, np, NULL, 0, GEX_FLAG_TM_NO_SCRATCH);
    gex_Event_Wait(gex_Coll_BarrierNB(nt[0], 0));
  } else if (!strcmp(mode, "bad_op")) {
    double d = 1, r;
    gex_Event_Wait(gex_Coll_ReduceToAllNB(tm, &r, &d, GEX_DT_DBL, 8, 1, GEX_OP_XOR, NULL, NULL, 0));
  } else if (!strcmp(mode, "dt_sz")) {
    gex_Event_Wait(gex_Coll_ReduceToAllNB(tm, out, buf, GEX_DT_I64, 4, 1, GEX_OP_ADD, NULL, NULL, 0));
  } else if (!strcmp(mode, "tm_pair")) {
    gex_Event_Wait(gex_Coll_BarrierNB(gex_TM_Pair(ep, 0), 0));
  } else {
    CHECKF(0, "unknown mode %s", mode);
  }
  /* not reached when the library diagnoses the misuse; a collective over AM after it makes sure
   * every message of the bad call is looked at */
  gex_Event_Wait(gex_Coll_ReduceToAllNB(tm, out, buf, GEX_DT_U64, 8, 4, GEX_OP_ADD, NULL, NULL, 0));
  printf("coll_misuse: %s was not diagnosed\n", mode);
  return 0;
}
