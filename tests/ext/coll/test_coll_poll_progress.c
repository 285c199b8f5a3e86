/* A collective in flight advances while its root only calls gasnet_AMPoll and never looks at the
 * collective's event: the root of a large broadcast (staged in pieces from a src outside the
 * segment, so it must keep copying as the members take them) polls until every other member has
 * received the whole broadcast and said so with a put into the root's segment. Nothing arrives
 * in the root's AM queues on the shared-memory path, so this holds only if an idle poll still
 * runs the collectives' progress while one is in flight (runtime.cpp, poll_all's idle probe). */
#include "coll_test.h"

#define NBYTES (1u << 20) /* 64 pieces of 16 KiB: many more than a root may stage ahead */
#define ROUNDS 3

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_EP_t ep;
  gex_TM_t tm;
  gex_Segment_t seg;
  CHECK(gex_Client_Init(&client, &ep, &tm, "coll_poll_progress", &argc, &argv, 0) == GASNET_OK);
  CHECK(gex_Segment_Attach(&seg, tm, 1 << 16) == GASNET_OK);
  const gex_Rank_t me = gex_TM_QueryRank(tm), np = gex_TM_QuerySize(tm);
  /* flags[r]: member r received round k's broadcast (k + 1), in the root's segment */
  volatile uint64_t *flags = (volatile uint64_t *)gex_Segment_QueryAddr(seg);
  void *root_flags = NULL;
  size_t root_len = 0;
  gex_Event_Wait(gex_EP_QueryBoundSegmentNB(tm, 0, &root_flags, NULL, &root_len, 0));
  for (gex_Rank_t r = 0; r < np; ++r) flags[r] = 0;
  team_barrier(tm);

  unsigned char *buf = malloc(NBYTES), *src = malloc(NBYTES);
  CHECK(buf && src);
  for (unsigned k = 0; k < ROUNDS; ++k) {
    for (unsigned i = 0; i < NBYTES; ++i) src[i] = (unsigned char)(i * 7 + k + 1);
    memset(buf, 0, NBYTES);
    gex_Event_t ev = gex_Coll_BroadcastNB(tm, 0, buf, src, NBYTES, 0);
    if (me == 0) {
      /* Only polls: the event is not tested until every member has reported. */
      for (;;) {
        gex_Rank_t done = 0;
        for (gex_Rank_t r = 1; r < np; ++r) done += flags[r] == k + 1;
        if (done == np - 1) break;
        gasnet_AMPoll();
      }
      gex_Event_Wait(ev);
    } else {
      gex_Event_Wait(ev);
      const uint64_t v = k + 1;
      CHECK(gex_RMA_PutBlocking(tm, 0, (uint64_t *)root_flags + me, &v, sizeof v, 0) == GASNET_OK);
    }
    for (unsigned i = 0; i < NBYTES; ++i)
      CHECKF(buf[i] == (unsigned char)(i * 7 + k + 1), "round %u byte %u is %u", k, i, buf[i]);
  }
  team_barrier(tm);
  if (me == 0) printf("coll_poll_progress: %u rounds of %u bytes to %u members, root polling only: PASS\n", ROUNDS,
                      NBYTES, (unsigned)np - 1);
  free(buf);
  free(src);
  gasnet_exit(0);
  return 0;
}
