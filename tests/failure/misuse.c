/* Client bugs that the debug build (gex_debug, GASNET_DEBUG) must catch: the job ends with code 1
 * and one line "libgex rank R (host H): <message>" naming the call and the bad argument.
 *
 *   misuse MODE
 *
 * Rank 0 is the culprit (or sends the AM whose handler misbehaves); the target is the last rank.
 *   put_out_of_segment      PutBlocking of 8 bytes straddling the end of the target's segment
 *   put_not_in_segment      PutBlocking to an address of rank 0's stack, in no segment of the target
 *   get_out_of_segment      GetBlocking of 8 bytes from just below the target's segment
 *   am_unregistered         RequestShort to handler index 200, which nobody registered
 *   medium_too_big          RequestMedium of gex_AM_MaxRequestMedium()+1 bytes
 *   long_out_of_segment     RequestLong of 8 bytes to an address in no segment of the target (a
 *                           zero-byte Long may name any address; a non-empty one may not)
 *   mk_create_host          gex_MK_Create of GEX_MK_CLASS_HOST (host memory is GEX_MK_HOST)
 *   mk_query_host           gex_MK_QueryClass(GEX_MK_HOST), which names no created kind
 *   reply_medium_too_big    a Request handler replies with gex_AM_MaxReplyMedium()+1 bytes
 * Endpoints and created segments (rank 0 created endpoint 1 with a bound segment on every rank,
 * published to nobody):
 *   ep_put_unpublished      PutBlocking through gex_TM_Pair(ep, 1) to the target's endpoint 1,
 *                           whose segment was never published to rank 0
 *   ep_am_not_capable       RequestShort from an endpoint created with GEX_EP_CAPABILITY_RMA only
 *   ep_destroy_attached     gex_Segment_Destroy of the segment gex_Segment_Attach made
 * Calls forbidden in handler context (spec: restricted contexts), made by a Request handler on the
 * target rank, or by a Reply handler on rank 0 for reply_in_reply:
 *   request_in_handler      gex_AM_RequestShort
 *   wait_in_handler         gex_Event_Wait (on an event that is valid and not yet synced)
 *   poll_in_handler         gasnet_AMPoll
 *   put_in_handler          gex_RMA_PutBlocking (to a valid address in rank 0's segment)
 *   reply_in_reply          gex_AM_ReplyShort from a Reply handler
 *   handler_holds_hsl       a Request handler that returns holding an HSL it locked
 * Misuse of events, NBI regions, teams and HSLs, by rank 0 outside any handler:
 *   event_wait_twice        gex_Event_Wait twice on one barrier event
 *   event_test_after_wait   gex_Event_Test on a barrier event that gex_Event_Wait already synced
 *   event_waitall_twice     gex_Event_WaitAll on an array holding an event already synced
 *   nbi_end_without_begin   gex_NBI_EndAccessRegion with no region open
 *   nbi_begin_twice         gex_NBI_BeginAccessRegion while a region is open
 *   team_destroyed_barrier  gex_Coll_BarrierNB on a team that gex_TM_Destroy destroyed
 *   team_destroyed_put      gex_RMA_PutBlocking through a destroyed team
 *   hsl_unlock_not_held     gex_HSL_Unlock of an HSL this thread never locked
 *   hsl_put_held            gex_RMA_PutBlocking while holding an HSL
 *   hsl_barrier_held        gex_Event_Wait while holding an HSL
 */
#include "failure_common.h"

#include <gasnet_mk.h>

enum {
  IDX_SINK_SHORT = GEX_AM_INDEX_BASE,
  IDX_SINK_MEDIUM,
  IDX_MISUSE_REQUEST,
  IDX_MISUSE_REPLY,
};
#define IDX_UNREGISTERED 200

static const char *mode;
static gex_Rank_t target;
static void *target_seg;          /* the target's segment, in its owner's address space */
static uintptr_t target_seg_size;
static void *rank0_seg;           /* rank 0's segment, as the target names it */
static gex_Event_t pending = GEX_EVENT_INVALID;
static char *too_big_buf;
static size_t too_big_nbytes;

static void sink_short(gex_Token_t token) { (void)token; }
static void sink_medium(gex_Token_t token, void *buf, size_t nbytes) { (void)token, (void)buf, (void)nbytes; }

static void misuse_request(gex_Token_t token) {
  fail_note("Request handler running '%s'", mode);
  if (!strcmp(mode, "request_in_handler")) {
    gex_AM_RequestShort0(fail_tm, 0, IDX_SINK_SHORT, 0);
  } else if (!strcmp(mode, "wait_in_handler")) {
    gex_Event_Wait(pending);
  } else if (!strcmp(mode, "poll_in_handler")) {
    gasnet_AMPoll();
  } else if (!strcmp(mode, "put_in_handler")) {
    static uint64_t value = 42;
    gex_RMA_PutBlocking(fail_tm, 0, rank0_seg, &value, sizeof value, 0);
  } else if (!strcmp(mode, "reply_medium_too_big")) {
    fail_note("replying with nbytes=%zu", too_big_nbytes);
    gex_AM_ReplyMedium0(token, IDX_SINK_MEDIUM, too_big_buf, too_big_nbytes, GEX_EVENT_NOW, 0);
  } else if (!strcmp(mode, "reply_in_reply")) {
    gex_AM_ReplyShort0(token, IDX_MISUSE_REPLY, 0); /* legal: one Reply from a Request handler */
    return;
  } else if (!strcmp(mode, "handler_holds_hsl")) {
    static gex_HSL_t held = GEX_HSL_INITIALIZER;
    gex_HSL_Lock(&held);
    return; /* diagnosed when the handler returns */
  }
  fail_note("'%s' in a Request handler was not diagnosed", mode);
}

static void misuse_reply(gex_Token_t token) {
  fail_note("Reply handler replying (forbidden)");
  gex_AM_ReplyShort0(token, IDX_SINK_SHORT, 0);
  fail_note("a Reply from a Reply handler was not diagnosed");
}

static void query_segment(gex_Rank_t rank, void **addr, uintptr_t *size) {
  void *owner = NULL, *local = NULL;
  uintptr_t sz = 0;
  gex_Event_Wait(gex_EP_QueryBoundSegmentNB(fail_tm, rank, &owner, &local, &sz, 0));
  if (sz == 0) {
    fail_note("no bound segment found for rank %u", (unsigned)rank);
    exit(96);
  }
  *addr = owner;
  if (size) *size = sz;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s MODE\n", argv[0]);
    return 2;
  }
  mode = argv[1];
  fail_init(&argc, &argv);
  if (fail_size < 2) {
    fprintf(stderr, "failtest: needs at least 2 ranks\n");
    return 2;
  }
  target = fail_size - 1;

  gex_AM_Entry_t table[] = {
      {IDX_SINK_SHORT, (gex_AM_Fn_t)sink_short, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQREP, 0, NULL, "sink_short"},
      {IDX_SINK_MEDIUM, (gex_AM_Fn_t)sink_medium, GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_REQREP, 0, NULL, "sink_medium"},
      {IDX_MISUSE_REQUEST, (gex_AM_Fn_t)misuse_request, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQUEST, 0, NULL,
       "misuse_request"},
      {IDX_MISUSE_REPLY, (gex_AM_Fn_t)misuse_reply, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REPLY, 0, NULL,
       "misuse_reply"},
  };
  if (gex_EP_RegisterHandlers(fail_ep, table, sizeof table / sizeof table[0]) != GASNET_OK) {
    fail_note("gex_EP_RegisterHandlers failed");
    return 95;
  }
  gex_Segment_t seg;
  if (gex_Segment_Attach(&seg, fail_tm, 16 * GASNET_PAGESIZE) != GASNET_OK) {
    fail_note("gex_Segment_Attach failed");
    return 95;
  }
  query_segment(target, &target_seg, &target_seg_size);
  query_segment(0, &rank0_seg, NULL);
  fail_barrier(); /* handlers are registered everywhere before anyone sends */

  if (!strcmp(mode, "put_out_of_segment") || !strcmp(mode, "put_not_in_segment") ||
      !strcmp(mode, "get_out_of_segment")) {
    if (fail_rank == 0) {
      uint64_t value = 7, stack_word = 0;
      char *dest = (char *)target_seg + target_seg_size - 4;
      if (mode[0] == 'g') {
        char *src = (char *)target_seg - 4;
        fail_note("GetBlocking of 8 bytes at %p, from rank %u whose segment is [%p, %p)", (void *)src,
                  (unsigned)target, target_seg, (void *)((char *)target_seg + target_seg_size));
        gex_RMA_GetBlocking(fail_tm, &value, target, src, sizeof value, 0);
      } else {
        if (!strcmp(mode, "put_not_in_segment")) dest = (char *)&stack_word;
        fail_note("PutBlocking of 8 bytes at %p, to rank %u whose segment is [%p, %p)", (void *)dest,
                  (unsigned)target, target_seg, (void *)((char *)target_seg + target_seg_size));
        gex_RMA_PutBlocking(fail_tm, target, dest, &value, sizeof value, 0);
      }
      fail_note("'%s' was not diagnosed", mode);
      exit(90);
    }
    fail_wait_forever(FAIL_WAIT_BARRIER);
  }

  if (!strcmp(mode, "am_unregistered")) {
    if (fail_rank == 0) {
      fail_note("RequestShort to rank %u, handler index %d (not registered)", (unsigned)target, IDX_UNREGISTERED);
      gex_AM_RequestShort0(fail_tm, target, IDX_UNREGISTERED, 0);
      /* the check may be at either end: poll, so that a check at the target can fire */
    }
    fail_wait_forever(FAIL_WAIT_POLL);
  }

  if (!strcmp(mode, "long_out_of_segment")) {
    if (fail_rank == 0) {
      uint64_t word = 1;
      fail_note("RequestLong of 8 bytes to %p (rank 0's stack) at rank %u", (void *)&word, (unsigned)target);
      gex_AM_RequestLong0(fail_tm, target, IDX_SINK_MEDIUM, &word, sizeof word, &word, GEX_EVENT_NOW, 0);
      fail_note("'%s' was not diagnosed", mode);
      exit(90);
    }
    fail_wait_forever(FAIL_WAIT_POLL);
  }

  if (!strncmp(mode, "ep_", 3)) {
    gex_EP_t ep1;
    gex_Segment_t seg1;
    if (gex_EP_Create(&ep1, fail_client, GEX_EP_CAPABILITY_RMA, 0) != GASNET_OK ||
        gex_Segment_Create(&seg1, fail_client, NULL, 65536, GEX_MK_HOST, 0) != GASNET_OK ||
        gex_EP_BindSegment(ep1, seg1, 0) != GASNET_OK) {
      fail_note("creating endpoint 1 failed");
      exit(91);
    }
    if (fail_rank == 0) {
      if (!strcmp(mode, "ep_put_unpublished")) {
        uint64_t word = 1;
        /* rank 0's own endpoint-1 address: a plausible one, but the target's was never published */
        fail_note("PutBlocking to rank %u endpoint 1 (unpublished)", (unsigned)target);
        gex_RMA_PutBlocking(gex_TM_Pair(fail_ep, 1), target, gex_Segment_QueryAddr(seg1), &word, sizeof word, 0);
      } else if (!strcmp(mode, "ep_am_not_capable")) {
        gex_AM_RequestShort0(gex_TM_Pair(ep1, 0), target, IDX_SINK_SHORT, 0);
      } else if (!strcmp(mode, "ep_destroy_attached")) {
        gex_Segment_Destroy(gex_EP_QuerySegment(fail_ep), 0);
      } else {
        fprintf(stderr, "failtest: unknown mode '%s'\n", mode);
        return 2;
      }
      fail_note("'%s' was not diagnosed", mode);
      exit(90);
    }
    fail_wait_forever(FAIL_WAIT_POLL);
  }

  if (!strncmp(mode, "mk_", 3)) {
    if (fail_rank == 0) {
      if (!strcmp(mode, "mk_create_host")) {
        gex_MK_Create_args_t args;
        memset(&args, 0, sizeof args);
        args.gex_class = GEX_MK_CLASS_HOST;
        gex_MK_t kind = GEX_MK_INVALID;
        gex_MK_Create(&kind, fail_client, &args, 0);
      } else if (!strcmp(mode, "mk_query_host")) {
        fail_note("gex_MK_QueryClass(GEX_MK_HOST) = %d", (int)gex_MK_QueryClass(GEX_MK_HOST));
      } else {
        fprintf(stderr, "failtest: unknown mode '%s'\n", mode);
        return 2;
      }
      fail_note("'%s' was not diagnosed", mode);
      exit(90);
    }
    fail_wait_forever(FAIL_WAIT_BARRIER);
  }

  if (!strcmp(mode, "medium_too_big")) {
    if (fail_rank == 0) {
      size_t max = gex_AM_MaxRequestMedium(fail_tm, target, GEX_EVENT_NOW, 0, 0);
      char *buf = calloc(max + 1, 1);
      fail_note("RequestMedium of nbytes=%zu, gex_AM_MaxRequestMedium()=%zu", max + 1, max);
      gex_AM_RequestMedium0(fail_tm, target, IDX_SINK_MEDIUM, buf, max + 1, GEX_EVENT_NOW, 0);
      fail_note("'%s' was not diagnosed", mode);
      exit(90);
    }
    fail_wait_forever(FAIL_WAIT_POLL);
  }

  if (!strncmp(mode, "event_", 6) || !strncmp(mode, "nbi_", 4) || !strncmp(mode, "team_", 5) ||
      !strncmp(mode, "hsl_", 4)) {
    gex_TM_t sub = GEX_TM_INVALID;
    if (!strncmp(mode, "team_", 5)) { /* collective: every rank builds the team and destroys it */
      gex_TM_Split(&sub, fail_tm, 0, (int)fail_rank, NULL, 0, GEX_FLAG_TM_NO_SCRATCH);
      gex_TM_Destroy(sub, NULL, 0);
    }
    gex_Event_t ev = GEX_EVENT_INVALID;
    if (!strncmp(mode, "event_", 6)) { /* every rank: one barrier event, synced once (legal) */
      ev = gex_Coll_BarrierNB(fail_tm, 0);
      gex_Event_Wait(ev);
    }
    if (fail_rank != 0) fail_wait_forever(FAIL_WAIT_POLL);
    uint64_t value = 42;
    static gex_HSL_t hsl = GEX_HSL_INITIALIZER;
    if (!strcmp(mode, "event_wait_twice")) {
      fail_note("gex_Event_Wait again on event %p", (void *)ev);
      gex_Event_Wait(ev);
    } else if (!strcmp(mode, "event_test_after_wait")) {
      fail_note("gex_Event_Test on event %p, already waited", (void *)ev);
      gex_Event_Test(ev);
    } else if (!strcmp(mode, "event_waitall_twice")) {
      gex_Event_t evs[2] = {GEX_EVENT_INVALID, ev};
      fail_note("gex_Event_WaitAll on an array holding event %p, already waited", (void *)ev);
      gex_Event_WaitAll(evs, 2, 0);
    } else if (!strcmp(mode, "nbi_end_without_begin")) {
      fail_note("gex_NBI_EndAccessRegion with no region open");
      gex_NBI_EndAccessRegion(0);
    } else if (!strcmp(mode, "nbi_begin_twice")) {
      gex_NBI_BeginAccessRegion(0);
      fail_note("gex_NBI_BeginAccessRegion inside an open region");
      gex_NBI_BeginAccessRegion(0);
    } else if (!strcmp(mode, "team_destroyed_barrier")) {
      fail_note("gex_Coll_BarrierNB on destroyed team %p", (void *)sub);
      gex_Coll_BarrierNB(sub, 0);
    } else if (!strcmp(mode, "team_destroyed_put")) {
      fail_note("gex_RMA_PutBlocking through destroyed team %p", (void *)sub);
      gex_RMA_PutBlocking(sub, 0, rank0_seg, &value, sizeof value, 0);
    } else if (!strcmp(mode, "hsl_unlock_not_held")) {
      fail_note("gex_HSL_Unlock of an HSL nobody locked");
      gex_HSL_Unlock(&hsl);
    } else if (!strcmp(mode, "hsl_put_held")) {
      gex_HSL_Lock(&hsl);
      fail_note("gex_RMA_PutBlocking while holding an HSL");
      gex_RMA_PutBlocking(fail_tm, target, target_seg, &value, sizeof value, 0);
    } else if (!strcmp(mode, "hsl_barrier_held")) {
      gex_HSL_Lock(&hsl);
      fail_note("gex_Event_Wait while holding an HSL");
      gex_Event_Wait(gex_Coll_BarrierNB(fail_tm, 0));
    } else {
      fprintf(stderr, "failtest: unknown mode '%s'\n", mode);
      return 2;
    }
    fail_note("'%s' was not diagnosed", mode);
    exit(90);
  }

  if (!strcmp(mode, "reply_medium_too_big")) {
    too_big_nbytes = gex_AM_MaxReplyMedium(fail_tm, 0, GEX_EVENT_NOW, 0, 0) + 1;
    too_big_buf = calloc(too_big_nbytes, 1);
  } else if (!strcmp(mode, "wait_in_handler") && fail_rank == target) {
    pending = gex_Coll_BarrierNB(fail_tm, 0); /* valid and never synced outside the handler */
  } else if (strcmp(mode, "request_in_handler") && strcmp(mode, "wait_in_handler") &&
             strcmp(mode, "poll_in_handler") && strcmp(mode, "put_in_handler") && strcmp(mode, "reply_in_reply") &&
             strcmp(mode, "handler_holds_hsl")) {
    fprintf(stderr, "failtest: unknown mode '%s'\n", mode);
    return 2;
  }
  if (fail_rank == 0) {
    fail_note("RequestShort to rank %u, whose handler will try '%s'", (unsigned)target, mode);
    gex_AM_RequestShort0(fail_tm, target, IDX_MISUSE_REQUEST, 0);
  }
  /* Everyone polls: the target runs the Request handler, rank 0 the Reply handler. For
   * wait_in_handler the others take part in the barrier the target started, so that its event may
   * well be complete (but not synced) when the handler waits on it. */
  if (!strcmp(mode, "wait_in_handler") && fail_rank != target) fail_barrier();
  fail_wait_forever(FAIL_WAIT_POLL);
}
