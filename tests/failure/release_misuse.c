/* Bad input in the RELEASE build (linked to `gex`, not `gex_debug`): the checks that guard the
 * library's own memory are on in every build, so each of these ends the job (or fails the call)
 * with a message naming the call and the argument, never a crash, a hang or a write through a
 * garbage pointer.
 *
 *   release_misuse MODE
 *     rank_out_of_range     gex_RMA_PutBlocking to rank N (team of N)
 *     jobrank_out_of_range  gex_AM_RequestShort through a TM-pair to jobrank N
 *     internal_handler      gex_AM_RequestShort to handler index 5 (the library's own)
 *     internal_reply        gex_AM_ReplyShort to handler index 33 from a client handler
 *     poll_in_handler       gasnet_AMPoll from inside a Request handler
 *     wait_in_handler       gex_Event_Wait from inside a Request handler
 *     segsize_mismatch      gex_Segment_Attach with a size only rank 0 cannot have: every rank gets
 *                           GASNET_ERR_BAD_ARG (no rank hangs), then the job exits 0
 *     segsize_huge          gex_Segment_Attach(UINTPTR_MAX - 100) on every rank: GASNET_ERR_BAD_ARG
 */
#include "failure_common.h"

#include <stdint.h>

#define IDX_REQUEST 200
static const char *mode;
static gex_Event_t pending = GEX_EVENT_INVALID;

static void request_handler(gex_Token_t token) {
  fail_note("Request handler running '%s'", mode);
  if (!strcmp(mode, "poll_in_handler")) {
    gasnet_AMPoll();
  } else if (!strcmp(mode, "wait_in_handler")) {
    gex_Event_Wait(pending);
  } else if (!strcmp(mode, "internal_reply")) {
    gex_AM_ReplyShort0(token, 33, 0);
  }
  fail_note("'%s' returned inside the handler (bug)", mode);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s MODE\n", argv[0]);
    return 2;
  }
  mode = argv[1];
  fail_init(&argc, &argv);
  gex_AM_Entry_t table[] = {{IDX_REQUEST, (gex_AM_Fn_t)request_handler, GEX_FLAG_AM_REQUEST | GEX_FLAG_AM_SHORT, 0, NULL, "req"}};
  if (gex_EP_RegisterHandlers(fail_ep, table, 1) != GASNET_OK) return 2;

  if (!strcmp(mode, "segsize_mismatch") || !strcmp(mode, "segsize_huge")) {
    gex_Segment_t seg;
    uintptr_t size = 1 << 16;
    if (!strcmp(mode, "segsize_huge")) size = UINTPTR_MAX - 100;
    else if (fail_rank == 0) size = gasnet_getMaxLocalSegmentSize() + 1;
    gex_System_SetVerboseErrors(1);
    int rc = gex_Segment_Attach(&seg, fail_tm, size);
    fail_note("gex_Segment_Attach returned %d", rc);
    if (rc != GASNET_ERR_BAD_ARG) return 3;
    /* The job is still whole: a barrier completes and the next attach works. */
    fail_barrier();
    rc = gex_Segment_Attach(&seg, fail_tm, 1 << 16);
    if (rc != GASNET_OK) return 4;
    fail_barrier();
    fail_note("both attaches behaved");
    gasnet_exit(0);
  }

  gex_Segment_t seg;
  if (gex_Segment_Attach(&seg, fail_tm, 1 << 16) != GASNET_OK) return 2;
  fail_barrier();
  const gex_Rank_t peer = (fail_rank + 1) % fail_size;
  if (fail_rank == 0) {
    int word = 42;
    fail_note("about to do '%s'", mode);
    if (!strcmp(mode, "rank_out_of_range")) {
      gex_RMA_PutBlocking(fail_tm, fail_size, gex_Segment_QueryAddr(seg), &word, sizeof word, 0);
    } else if (!strcmp(mode, "jobrank_out_of_range")) {
      gex_AM_RequestShort0(gex_TM_Pair(fail_ep, 0), fail_size, IDX_REQUEST, 0);
    } else if (!strcmp(mode, "internal_handler")) {
      gex_AM_RequestShort2(fail_tm, peer, 5, 0, 0, 0);
    } else {
      /* Rank 0 never joins the barrier the peer's handler waits for: it cannot complete. */
      gex_AM_RequestShort0(fail_tm, peer, IDX_REQUEST, 0);
    }
    if (!strcmp(mode, "poll_in_handler") || !strcmp(mode, "wait_in_handler") || !strcmp(mode, "internal_reply")) {
      for (;;) gasnet_AMPoll(); /* the peer's handler ends the job */
    }
    fail_note("'%s' returned (bug)", mode);
    return 5;
  }
  if (!strcmp(mode, "poll_in_handler") || !strcmp(mode, "wait_in_handler") || !strcmp(mode, "internal_reply")) {
    pending = gex_Coll_BarrierNB(fail_tm, 0);
  }
  for (;;) gasnet_AMPoll();
}
