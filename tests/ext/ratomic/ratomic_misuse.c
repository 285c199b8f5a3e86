/* Bad input to the remote atomics API: the job must end with code 1 and a message that names the
 * call and the argument (never a crash, never a silent write outside a segment).
 *
 *   ratomic_misuse MODE     (rank 0 is the culprit; the target is the last rank)
 *     create_and_flt    gex_AD_Create(GEX_DT_FLT, GEX_OP_AND)      bitwise op on floating point
 *     create_fxor_dbl   gex_AD_Create(GEX_DT_DBL, ADD|FXOR)
 *     create_user_op    gex_AD_Create(GEX_DT_I64, FADD|GEX_OP_USER) a reduction-only op
 *     create_dt_user    gex_AD_Create(GEX_DT_USER, ...)             a reduction-only type
 *     create_no_ops     gex_AD_Create(..., ops=0)
 *     out_of_segment    FADD on 8 bytes straddling the end of the target's segment
 *     not_in_segment    NBI U32 INC on an address of rank 0's stack
 *     op_not_in_domain  FADD on a domain created with SET|GET
 *     two_ops           an opcode of two GEX_OP_* bits
 *     type_mismatch     gex_AD_OpNB_DBL on an I64 domain
 *     misaligned        I64 SET on segment base + 4
 *     null_result       FADD with result_p == NULL
 *     bad_rank          tgt_rank == team size
 *     destroyed         an op on a domain after gex_AD_Destroy
 */
#include <gasnetex.h>
#include <gasnet_ratomic.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char *what) {
  fprintf(stderr, "ratomic_misuse: %s\n", what);
  gasnet_exit(2);
}

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_EP_t ep;
  gex_TM_t tm;
  const char *mode = argc > 1 ? argv[1] : "";
  if (gex_Client_Init(&client, &ep, &tm, "ratomic_misuse", &argc, &argv, 0) != GASNET_OK) fail("init");
  gex_Segment_t seg;
  const uintptr_t seg_size = 1 << 16;
  if (gex_Segment_Attach(&seg, tm, seg_size) != GASNET_OK) fail("attach");
  const gex_Rank_t me = gex_TM_QueryRank(tm), n = gex_TM_QuerySize(tm), target = n - 1;
  void *owner = NULL, *local = NULL;
  uintptr_t size = 0;
  if (gex_Segment_QueryBound(tm, target, &owner, &local, &size)) fail("QueryBound");
  char *tseg = (char *)owner;
  gex_Event_Wait(gex_Coll_BarrierNB(tm, 0));

  gex_AD_t ad = GEX_AD_INVALID;
  int64_t r64 = 0;
  if (!strncmp(mode, "create_", 7)) {
    /* collective: every rank makes the same mistake */
    if (!strcmp(mode, "create_and_flt")) gex_AD_Create(&ad, tm, GEX_DT_FLT, GEX_OP_AND, 0);
    else if (!strcmp(mode, "create_fxor_dbl")) gex_AD_Create(&ad, tm, GEX_DT_DBL, GEX_OP_ADD | GEX_OP_FXOR, 0);
    else if (!strcmp(mode, "create_user_op")) gex_AD_Create(&ad, tm, GEX_DT_I64, GEX_OP_FADD | GEX_OP_USER, 0);
    else if (!strcmp(mode, "create_dt_user")) gex_AD_Create(&ad, tm, GEX_DT_USER, GEX_OP_FADD, 0);
    else if (!strcmp(mode, "create_no_ops")) gex_AD_Create(&ad, tm, GEX_DT_I32, 0, 0);
    else fail("unknown mode");
    fail("gex_AD_Create accepted a bad dt/ops pair");
  }
  gex_AD_Create(&ad, tm, GEX_DT_I64, !strcmp(mode, "op_not_in_domain") ? (GEX_OP_SET | GEX_OP_GET) : (GEX_OP_FADD | GEX_OP_SET | GEX_OP_GET), 0);
  if (me == 0) {
    if (!strcmp(mode, "out_of_segment")) {
      gex_Event_Wait(gex_AD_OpNB_I64(ad, &r64, target, tseg + size - 4, GEX_OP_FADD, 1, 0, 0));
    } else if (!strcmp(mode, "not_in_segment")) {
      gex_AD_t ad32;
      uint32_t on_stack = 0;
      gex_AD_Create(&ad32, tm, GEX_DT_U32, GEX_OP_INC, 0); /* only rank 0: Create needs no communication */
      gex_AD_OpNBI_U32(ad32, NULL, target, &on_stack, GEX_OP_INC, 0, 0, 0);
      gex_NBI_Wait(GEX_EC_RMW, 0);
    } else if (!strcmp(mode, "op_not_in_domain")) {
      gex_Event_Wait(gex_AD_OpNB_I64(ad, &r64, target, tseg, GEX_OP_FADD, 1, 0, 0));
    } else if (!strcmp(mode, "two_ops")) {
      gex_AD_OpNBI_I64(ad, &r64, target, tseg, GEX_OP_SET | GEX_OP_GET, 1, 0, 0);
    } else if (!strcmp(mode, "type_mismatch")) {
      double d = 0;
      gex_Event_Wait(gex_AD_OpNB_DBL(ad, &d, target, tseg, GEX_OP_GET, 0, 0, 0));
    } else if (!strcmp(mode, "misaligned")) {
      gex_Event_Wait(gex_AD_OpNB_I64(ad, NULL, target, tseg + 4, GEX_OP_SET, 1, 0, 0));
    } else if (!strcmp(mode, "null_result")) {
      gex_Event_Wait(gex_AD_OpNB_I64(ad, NULL, target, tseg, GEX_OP_FADD, 1, 0, 0));
    } else if (!strcmp(mode, "bad_rank")) {
      gex_Event_Wait(gex_AD_OpNB_I64(ad, &r64, n, tseg, GEX_OP_GET, 0, 0, 0));
    } else if (!strcmp(mode, "destroyed")) {
      gex_AD_Destroy(ad);
      gex_Event_Wait(gex_AD_OpNB_I64(ad, &r64, target, tseg, GEX_OP_GET, 0, 0, 0));
    } else {
      fail("unknown mode");
    }
    fail("the bad call was accepted");
  }
  /* The other ranks wait for the job to end (rank 0's error ends it). */
  gex_Event_Wait(gex_Coll_BarrierNB(tm, 0));
  return 0;
}
