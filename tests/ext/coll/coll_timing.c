/* Latency of broadcast and reductions (not a test: a measurement). Every rank runs `iters`
 * blocking rounds of each collective (root 0); rank 0 prints the mean time per call in
 * microseconds, the largest over the ranks (a root that need not wait for the others would
 * otherwise look faster than the collective is).
 *   coll_timing [iters]
 * Compare the shared-memory path (default) with the AM engine: GEX_COLL_SHM=0 (or GEX_FORCE_AM=1,
 * which also moves RMA to AM). */
#include "coll_test.h"

static gex_TM_t world;
static gex_Rank_t me, np;

static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

enum { BCAST, BCAST_SEG, TOALL, TOONE };
static const char *names[] = {"broadcast", "broadcast (src in segment)", "reduce-to-all U64 ADD", "reduce-to-one U64 ADD"};

static double run(int kind, size_t nbytes, int iters, void *dst, void *src, void *segsrc) {
  double t0 = 0;
  for (int i = -iters / 10 - 1; i < iters; ++i) {
    if (i == 0) {
      team_barrier(world);
      t0 = now_us();
    }
    gex_Event_t ev = GEX_EVENT_INVALID;
    switch (kind) {
      case BCAST: ev = gex_Coll_BroadcastNB(world, 0, dst, src, nbytes, 0); break;
      case BCAST_SEG: ev = gex_Coll_BroadcastNB(world, 0, dst, segsrc, nbytes, 0); break;
      case TOALL: ev = gex_Coll_ReduceToAllNB(world, dst, src, GEX_DT_U64, 8, nbytes / 8, GEX_OP_ADD, NULL, NULL, 0); break;
      case TOONE: ev = gex_Coll_ReduceToOneNB(world, 0, dst, src, GEX_DT_U64, 8, nbytes / 8, GEX_OP_ADD, NULL, NULL, 0); break;
    }
    gex_Event_Wait(ev);
  }
  double t = (now_us() - t0) / iters, tmax = 0;
  gex_Event_Wait(gex_Coll_ReduceToAllNB(world, &tmax, &t, GEX_DT_DBL, 8, 1, GEX_OP_MAX, NULL, NULL, 0));
  team_barrier(world);
  return tmax;
}

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_EP_t ep;
  CHECK(gex_Client_Init(&client, &ep, &world, "coll_timing", &argc, &argv, 0) == GASNET_OK);
  me = gex_TM_QueryRank(world);
  np = gex_TM_QuerySize(world);
  int iters = argc > 1 ? atoi(argv[1]) : 2000;
  gex_Segment_t seg;
  CHECK(gex_Segment_Attach(&seg, world, 1 << 20) == GASNET_OK);
  static const size_t sizes[] = {8, 65536};
  char *src = calloc(1, 65536), *dst = calloc(1, 65536);
  if (me == 0) {
    const char *shm = getenv("GEX_COLL_SHM"), *am = getenv("GEX_FORCE_AM");
    printf("coll_timing: %u ranks, %d iterations, GEX_COLL_SHM=%s GEX_FORCE_AM=%s\n", (unsigned)np, iters,
           shm ? shm : "(unset)", am ? am : "(unset)");
  }
  for (int kind = 0; kind < 4; ++kind)
    for (int si = 0; si < 2; ++si) {
      double t = run(kind, sizes[si], iters, dst, src, gex_Segment_QueryAddr(seg));
      if (me == 0) printf("  %-28s %6zu B  %9.2f us\n", names[kind], sizes[si], t);
    }
  uint64_t shm_ops = 0, am_ops = 0;
  extern void gexi_Coll_PathCounts(uint64_t *, uint64_t *);
  gexi_Coll_PathCounts(&shm_ops, &am_ops);
  if (me == 0) printf("  (rank 0: %llu collectives over shared memory, %llu over AM)\n", (unsigned long long)shm_ops,
                      (unsigned long long)am_ops);
  team_barrier(world);
  free(src);
  free(dst);
  return 0;
}
