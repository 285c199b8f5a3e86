/* A collective exit loses nothing (issue: "barrier; printf; fflush; gasnet_exit(0)" lost a rank's
 * line). Every rank works, meets the others in a barrier, prints its line and leaves; ranks are
 * staggered so that the first one leaves while others are still inside the barrier or still
 * being served.
 *
 *   exit_collective BARRIER END [am]
 *     BARRIER: coll     gex_Coll_BarrierNB + gex_Event_Wait on the primordial team
 *              gasnet1  gasnet_barrier_notify/wait (GASNet-1, anonymous)
 *              split    gex_Coll_BarrierNB on a team split in two halves, then on the whole job
 *     END:     gasnet_exit | return | exit
 *     am:      before the barrier, every rank does AM round trips and gets with its neighbour
 *              (with GEX_FORCE_AM=1 the gets are AMs too), so a rank that leaves early would
 *              strand a peer waiting for a reply.
 * Prints "exit_collective rank R of N done" on stdout; the driver (repeat_job.sh) checks that
 * every rank's line is there on every run and that the job ends with code 0.
 */
#include <gasnet.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile int replies = 0;

static void ping(gex_Token_t token, gex_AM_Arg_t a) { gex_AM_ReplyShort1(token, 201, 0, a); }
static void pong(gex_Token_t token, gex_AM_Arg_t a) {
  (void)token, (void)a;
  replies++;
}

static void nap_us(long us) {
  struct timespec t = {us / 1000000, (us % 1000000) * 1000};
  nanosleep(&t, NULL);
}

static void coll_barrier(gex_TM_t tm) { gex_Event_Wait(gex_Coll_BarrierNB(tm, 0)); }

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_EP_t ep;
  gex_TM_t world;
  gex_Segment_t seg;
  if (argc < 3) {
    fprintf(stderr, "usage: %s coll|gasnet1|split gasnet_exit|return|exit [am]\n", argv[0]);
    return 2;
  }
  const char *barrier = argv[1], *end = argv[2];
  const int am = argc > 3 && !strcmp(argv[3], "am");
  if (gex_Client_Init(&client, &ep, &world, "exit_collective", &argc, &argv, GEX_FLAG_USES_GASNET1) != GASNET_OK) return 3;
  gex_AM_Entry_t handlers[] = {
      {200, (gex_AM_Fn_t)ping, GEX_FLAG_AM_REQUEST | GEX_FLAG_AM_SHORT, 1, NULL, "ping"},
      {201, (gex_AM_Fn_t)pong, GEX_FLAG_AM_REPLY | GEX_FLAG_AM_SHORT, 1, NULL, "pong"},
  };
  if (gex_EP_RegisterHandlers(ep, handlers, 2) != GASNET_OK) return 3;
  if (gex_Segment_Attach(&seg, world, 1 << 16) != GASNET_OK) return 3;
  const gex_Rank_t me = gex_TM_QueryRank(world), n = gex_TM_QuerySize(world);
  const gex_Rank_t peer = (me + 1) % n;
  gex_TM_t half = GEX_TM_INVALID;
  if (!strcmp(barrier, "split")) {
    size_t scratch = gex_TM_Split(&half, world, me % 2, me, NULL, 0, GEX_FLAG_TM_NO_SCRATCH);
    (void)scratch;
  }
  coll_barrier(world);

  srand((unsigned)(me * 7919 + time(NULL)));
  if (am) {
    void *peer_seg = NULL;
    gex_Segment_QueryBound(world, peer, &peer_seg, NULL, NULL);
    int rounds = 50 + rand() % 200, got = 0;
    for (int i = 0; i < rounds; ++i) {
      int target = replies + 1;
      gex_AM_RequestShort1(world, peer, 200, 0, i);
      GASNET_BLOCKUNTIL(replies >= target);
      gex_RMA_GetBlocking(world, &got, peer, peer_seg, sizeof got, 0);
    }
  }
  /* Stagger the ranks: the last ones reach the barrier late, so the early ones are inside it. */
  nap_us((long)(rand() % 2000) + (me == n - 1 ? 3000 : 0));

  if (!strcmp(barrier, "coll")) {
    coll_barrier(world);
  } else if (!strcmp(barrier, "gasnet1")) {
    gasnet_barrier_notify(0, GASNET_BARRIERFLAG_ANONYMOUS);
    if (gasnet_barrier_wait(0, GASNET_BARRIERFLAG_ANONYMOUS) != GASNET_OK) return 4;
  } else if (!strcmp(barrier, "split")) {
    coll_barrier(half);
    coll_barrier(world);
  } else {
    fprintf(stderr, "unknown barrier %s\n", barrier);
    return 2;
  }
  printf("exit_collective rank %u of %u done\n", (unsigned)me, (unsigned)n);
  fflush(stdout);
  if (!strcmp(end, "gasnet_exit")) gasnet_exit(0);
  if (!strcmp(end, "exit")) exit(0);
  return 0;
}
