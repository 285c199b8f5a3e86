/* GASNet-1 barriers: anonymous, named, mixed, mismatch detection (different ids, the MISMATCH
 * flag, a wait whose id differs from its notify), split phase with try, and many back-to-back
 * barriers that must also order a put before them with a get after them. Also: named values
 * that meet only through anonymous nodes, and GASNet-1 barriers between gex_Coll collectives
 * over the same (primordial) team, which share its collective sequence. */
#include "compat_util.h"

#include <gasnet_coll.h>

#include <time.h>
#include <unistd.h>

static gasnet_seginfo_t seg[64];

static int split_try(int id, int flags) {
  int rc;
  gasnet_barrier_notify(id, flags);
  while ((rc = gasnet_barrier_try(id, flags)) == GASNET_ERR_NOT_READY) {
  }
  return rc;
}

/* gasnet_set_waitmode steers the waiting loops: BLOCK yields the core when idle; SPIN spins (as
 * GASNet's default) unless the machine's ranks outnumber its cores or GEX_IDLE_YIELD_POLLS asks for a
 * yield every that many idle polls. Barriers complete in both modes. Every rank of this test runs on
 * this machine, rehearsed and network-namespace hosts included: they share its cores. */
extern uint32_t gexi_IdleYieldPolls(void);
/* While waits yield, gasnet_AMPoll in a loop that only polls yields every other idle poll; in a
 * loop that gave up the CPU since its last poll (GASNet's "polite" tests call sched_yield beside
 * it; here a 20 us sleep) it does not yield again, but at every 64th such poll: that second yield
 * gave the core away before the loop looked at its condition (testacc, 4 ranks on 2 cores: 1.7x as
 * long a lock hand-off). */
extern uint64_t gexi_PollYields(void);
static void check_poll_yields(void) {
  const struct timespec nap = {0, 20000};
  gasnet_nodeinfo_t info[64];
  uint64_t before;
  int i;
  /* Only where a poll finds nothing: over ofi (ranks on two hosts) a poll reports transport work. */
  CHECK_OK(gasnet_getNodeInfo(info, (int)gasnet_nodes()));
  for (i = 0; i < (int)gasnet_nodes(); ++i)
    if (info[i].supernode != info[0].supernode) return;
  before = gexi_PollYields();
  for (i = 0; i < 1000; ++i) gasnet_AMPoll();
  const uint64_t tight = gexi_PollYields() - before;
  before = gexi_PollYields();
  for (i = 0; i < 200; ++i) {
    nanosleep(&nap, NULL);
    gasnet_AMPoll();
  }
  const uint64_t after_sleep = gexi_PollYields() - before;
  if (tight < 100 || after_sleep < 1 || after_sleep > 4)
    fprintf(stderr, "node %u: gasnet_AMPoll yielded %llu times in 1000 idle polls (expected about 500) and %llu "
            "times in 200 polls each after a 20 us sleep (expected 3: one every 64th)\n",
            (unsigned)gasnet_mynode(), (unsigned long long)tight, (unsigned long long)after_sleep);
  CHECK(tight >= 100);
  CHECK(after_sleep >= 1 && after_sleep <= 4);
}
static void check_waitmode(void) {
  const char *env = getenv("GEX_IDLE_YIELD_POLLS");
  const long cores = sysconf(_SC_NPROCESSORS_ONLN);
  const int oversubscribed = cores > 0 && (long)gasnet_nodes() > cores; /* the job's ranks: all on this machine */
  const uint32_t spin = oversubscribed ? 2 : (env ? (uint32_t)atoi(env) : 0);
  int i;
  CHECK(gexi_IdleYieldPolls() == spin);
  CHECK(gasnet_set_waitmode(GASNET_WAIT_BLOCK) == GASNET_OK);
  CHECK(gexi_IdleYieldPolls() != 0);
  check_poll_yields();
  for (i = 0; i < 50; ++i) CHECK_OK(gasnet_barrier(i, 0));
  CHECK(gasnet_set_waitmode(GASNET_WAIT_SPINBLOCK) == GASNET_OK);
  CHECK(gexi_IdleYieldPolls() != 0);
  CHECK(gasnet_set_waitmode(GASNET_WAIT_SPIN) == GASNET_OK);
  CHECK(gexi_IdleYieldPolls() == spin);
  for (i = 0; i < 50; ++i) CHECK_OK(gasnet_barrier(i, 0));
}

int main(int argc, char **argv) {
  gasnet_node_t me, nodes;
  int i, id;
  CHECK_OK(gasnet_init(&argc, &argv));
  CHECK_OK(gasnet_attach(NULL, 0, GASNET_PAGESIZE * 4, 0));
  me = gasnet_mynode();
  nodes = gasnet_nodes();
  CHECK(nodes >= 2 && nodes <= 64);
  CHECK_OK(gasnet_getSegmentInfo(seg, (int)nodes));
  CHECK(gasnet_set_waitmode(GASNET_WAIT_SPIN) == GASNET_OK);
  CHECK(gasnet_set_waitmode(12345) == GASNET_ERR_BAD_ARG);
  check_waitmode();

  /* anonymous everywhere */
  CHECK_OK(gasnet_barrier(0, GASNET_BARRIERFLAG_ANONYMOUS));
  CHECK(gasnet_barrier_result(&id) == GASNET_BARRIERFLAG_ANONYMOUS);
  /* named, equal ids (negative too) */
  CHECK_OK(gasnet_barrier(42, 0));
  CHECK(gasnet_barrier_result(&id) == 0 && id == 42);
  CHECK_OK(gasnet_barrier(-7, 0));
  /* named on node 0 only: anonymous matches anything */
  if (me == 0) CHECK_OK(gasnet_barrier(99, 0));
  else CHECK_OK(gasnet_barrier(12345, GASNET_BARRIERFLAG_ANONYMOUS));
  CHECK(gasnet_barrier_result(&id) == 0 && id == 99);
  /* named, different ids: every node sees the mismatch */
  CHECK(gasnet_barrier(me == nodes - 1 ? 2 : 1, 0) == GASNET_ERR_BARRIER_MISMATCH);
  CHECK(gasnet_barrier_result(&id) == GASNET_BARRIERFLAG_MISMATCH);
  /* the same through split phase and try */
  CHECK(split_try(me == 0 ? 5 : 6, 0) == GASNET_ERR_BARRIER_MISMATCH);
  /* a barrier after a mismatch is clean again */
  CHECK_OK(split_try(3, 0));
  /* GASNET_BARRIERFLAG_MISMATCH on one node forces a mismatch everywhere */
  if (me == 1) CHECK(gasnet_barrier(0, GASNET_BARRIERFLAG_MISMATCH) == GASNET_ERR_BARRIER_MISMATCH);
  else CHECK(gasnet_barrier(8, 0) == GASNET_ERR_BARRIER_MISMATCH);
  CHECK_OK(gasnet_barrier(0, GASNET_BARRIERFLAG_ANONYMOUS));
  /* a named wait whose id differs from its notify (the others anonymous): that node mismatches */
  if (me == 0) {
    gasnet_barrier_notify(10, 0);
    CHECK(gasnet_barrier_wait(11, 0) == GASNET_ERR_BARRIER_MISMATCH);
  } else {
    gasnet_barrier_notify(0, GASNET_BARRIERFLAG_ANONYMOUS);
    CHECK_OK(gasnet_barrier_wait(0, GASNET_BARRIERFLAG_ANONYMOUS));
  }
  /* named notify everywhere, then an anonymous wait: matches */
  gasnet_barrier_notify(20, 0);
  CHECK_OK(gasnet_barrier_wait(0, GASNET_BARRIERFLAG_ANONYMOUS));

  /* only the first and the last node are named (different ids), every other node anonymous:
   * the two values meet through anonymous nodes, and every node sees the mismatch, in its
   * result too */
  if (nodes > 2) {
    int flags = (me == 0 || me == nodes - 1) ? 0 : GASNET_BARRIERFLAG_ANONYMOUS;
    CHECK(split_try(me == 0 ? 31 : 32, flags) == GASNET_ERR_BARRIER_MISMATCH);
    CHECK(gasnet_barrier_result(&id) == GASNET_BARRIERFLAG_MISMATCH);
    /* the same two nodes named alike: the id reaches every anonymous node */
    CHECK_OK(split_try(33, flags));
    CHECK(gasnet_barrier_result(&id) == 0 && id == 33);
  }
  /* only the last node named: every node's result carries its id */
  CHECK_OK(gasnet_barrier(44, me == nodes - 1 ? 0 : GASNET_BARRIERFLAG_ANONYMOUS));
  CHECK(gasnet_barrier_result(&id) == 0 && id == 44);

  /* GASNet-1 barriers between collectives over the primordial team (never overlapping them, as
   * the spec asks): a broadcast, a gex barrier, a reduction, then named barriers again */
  {
    gex_TM_t tm;
    uint64_t v, sum;
    gasnet_QueryGexObjects(NULL, NULL, &tm, NULL);
    for (i = 0; i < 20; ++i) {
      v = me == (gasnet_node_t)(i % nodes) ? (uint64_t)i * 7 + 1 : 0;
      gex_Event_Wait(gex_Coll_BroadcastNB(tm, (gex_Rank_t)(i % nodes), &v, &v, sizeof v, 0));
      CHECK(v == (uint64_t)i * 7 + 1);
      CHECK((i & 1 ? gasnet_barrier(i, 0) : split_try(i, 0)) == GASNET_OK);
      gex_Coll_BarrierBlocking(tm, 0);
      v = me + 1;
      gex_Event_Wait(gex_Coll_ReduceToAllNB(tm, &sum, &v, GEX_DT_U64, sizeof v, 1, GEX_OP_ADD, NULL, NULL, 0));
      CHECK(sum == (uint64_t)nodes * (nodes + 1) / 2);
      CHECK(gasnet_barrier(i, me == 0 && i % 4 == 1 ? GASNET_BARRIERFLAG_MISMATCH : 0) ==
            (i % 4 == 1 ? GASNET_ERR_BARRIER_MISMATCH : GASNET_OK));
    }
  }

  /* back to back: each round writes its number into the right neighbour, which must see it
   * after the barrier; mismatches are planted on some rounds and must be seen on all nodes.
   * One node is late now and then, so the others run ahead into the next barrier. */
  for (i = 0; i < 300; ++i) {
    gasnet_node_t right = (gasnet_node_t)((me + 1) % nodes), left = (gasnet_node_t)((me + nodes - 1) % nodes);
    int val = i * 1000 + (int)me, got = -1, rc, mismatch_round = (i % 7 == 3);
    int anonymous = (i & 1) == 0 && i % 3 == 0; /* everyone anonymous: nothing can mismatch */
    int myid = (mismatch_round && me == (gasnet_node_t)(i % nodes)) ? i + 1 : i;
    gasnet_put(right, (int *)seg[right].addr + (i & 1), &val, sizeof val);
    if (me == (gasnet_node_t)(i % nodes) && i % 5 == 0) {
      struct timespec ts = {0, 2000000};
      nanosleep(&ts, NULL);
    }
    rc = (i & 1) ? gasnet_barrier(myid, 0) : split_try(myid, anonymous ? GASNET_BARRIERFLAG_ANONYMOUS : 0);
    CHECK(rc == ((mismatch_round && !anonymous) ? GASNET_ERR_BARRIER_MISMATCH : GASNET_OK));
    got = ((int *)seg[me].addr)[i & 1];
    CHECK(got == i * 1000 + (int)left);
  }
  if (me == 0) printf("compat_barrier: %u nodes OK\n", (unsigned)nodes);
  gasnet_barrier(0, GASNET_BARRIERFLAG_ANONYMOUS);
  gasnet_exit(0);
  return 0;
}
