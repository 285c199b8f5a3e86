/* test_placement: where gex_Client_Init puts a rank (src/runtime/placement.cpp) and whether its
 * idle waits nap. One mode per run (argv[1]); every rank checks its own CPU set before and after
 * init (all ranks of these jobs share one machine, so a rank's machine index is its rank):
 *   auto      the launcher's set is shared: with at least one CPU per rank, rank r gets the r-th
 *             of np equal slices of it and idle waits nap after 1 ms (1 ms unless the
 *             environment sets GEX_IDLE_NAP_AFTER_US); with fewer CPUs nothing moves, no naps
 *   nobind    GEX_BIND=0: the set is left as it was, no naps
 *   prebound  each rank binds itself to its own CPU before init (a launcher that binds): left
 *             alone, and idle waits nap (the ranks own disjoint CPUs)
 *   shared1   every rank binds itself to the same single CPU before init: left alone, no naps,
 *             and waits yield (two ranks on one CPU are oversubscribed)
 *   napcpu    rank 0 sleeps 300 ms before a barrier that rank 1 waits in: a rank that naps
 *             spends under 30% of the wait on the CPU and sleeps 100 times or more, one that
 *             spins does not sleep
 *   crowded   as auto, then each rank starts as many sleeping threads as its slice has CPUs
 *             (with the main thread, one more than fit) and polls: a bound rank is unbound,
 *             every thread back on the launcher's set, and stops napping; but the first thread,
 *             which placed itself on a CPU outside the slice, keeps that CPU. With one thread
 *             fewer (mode "fits") the rank stays bound
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>

#include "test_util.h"

extern uint64_t gexi_IdleNapAfterNs(void);
extern int gexi_RankBound(void);
extern uint32_t gexi_IdleYieldPolls(void);

static int cpu_list(const cpu_set_t *set, int *cpus) {
  int n = 0;
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, set)) cpus[n++] = c;
  return n;
}

static volatile int g_release;
static cpu_set_t g_thread_set[CPU_SETSIZE];
static int g_own_cpu = -1; /* thread 0 pins itself here first (a CPU outside the slice), or -1 */
static volatile int g_pinned;
static void *sleeper(void *arg) {
  if (arg == 0 && g_own_cpu >= 0) {
    cpu_set_t own;
    CPU_ZERO(&own);
    CPU_SET(g_own_cpu, &own);
    CHECK(sched_setaffinity(0, sizeof own, &own) == 0);
  }
  if (arg == 0) g_pinned = 1;
  while (!g_release) usleep(1000);
  CHECK(sched_getaffinity(0, sizeof g_thread_set[0], &g_thread_set[(intptr_t)arg]) == 0);
  return NULL;
}

static double now_s(clockid_t clock) {
  struct timespec t;
  clock_gettime(clock, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv) {
  static int cpus[CPU_SETSIZE];
  const char *mode = argc > 1 ? argv[1] : "auto";
  cpu_set_t before, after;
  CPU_ZERO(&before);
  if (sched_getaffinity(0, sizeof before, &before) != 0) return 2;
  const int ncpu = cpu_list(&before, cpus);
  const char *rank_env = getenv("GEX_RANK"), *size_env = getenv("GEX_SIZE");
  const int pre_rank = rank_env ? atoi(rank_env) : -1, pre_size = size_env ? atoi(size_env) : 0;
  if (!strcmp(mode, "prebound") || !strcmp(mode, "shared1")) {
    if (pre_rank < 0) return 2; /* gexrun tells a rank who it is before init */
    if (!strcmp(mode, "prebound") && ncpu < pre_size) return 77; /* not a CPU each */
    CPU_ZERO(&before);
    CPU_SET(cpus[!strcmp(mode, "prebound") ? pre_rank : 0], &before);
    if (sched_setaffinity(0, sizeof before, &before) != 0) return 2;
  }

  gex_Client_t client;
  gex_EP_t ep;
  gex_TM_t tm;
  CHECK_EQ(gex_Client_Init(&client, &ep, &tm, "test_placement", &argc, &argv, 0), GASNET_OK);
  const gex_Rank_t me = gex_TM_QueryRank(tm), np = gex_TM_QuerySize(tm);
  CHECK(sched_getaffinity(0, sizeof after, &after) == 0);
  const int nbefore = CPU_COUNT(&before);
  const uint64_t nap = gexi_IdleNapAfterNs();
  const char *nap_env = getenv("GEX_IDLE_NAP_AFTER_US");
  const uint64_t nap_default = nap_env ? (uint64_t)atoll(nap_env) * 1000 : 1000000;

  if (!strcmp(mode, "auto")) {
    if (np > 1 && (gex_Rank_t)nbefore >= np) {
      const int share = nbefore / (int)np;
      cpu_set_t want;
      CPU_ZERO(&want);
      for (int k = 0; k < share; ++k) CPU_SET(cpus[(int)me * share + k], &want);
      CHECKF(CPU_EQUAL(&after, &want), "rank %u of %u with %d CPUs: bound to %d CPUs, not its slice of %d",
             (unsigned)me, (unsigned)np, nbefore, CPU_COUNT(&after), share);
      CHECK(gexi_RankBound());
      CHECKF(nap == nap_default, "bound: naps after %llu ns, expected %llu", (unsigned long long)nap,
             (unsigned long long)nap_default);
    } else {
      CHECK(CPU_EQUAL(&after, &before));
      CHECK(!gexi_RankBound());
      CHECKF(nap == (nap_env ? nap_default : 0), "unbound: naps after %llu ns", (unsigned long long)nap);
    }
  } else if (!strcmp(mode, "crowded") || !strcmp(mode, "fits")) {
    const int crowded = !strcmp(mode, "crowded");
    const int bound = np > 1 && (gex_Rank_t)nbefore >= np;
    const int share = bound ? nbefore / (int)np : nbefore;
    const int extra = crowded ? share : share - 1;
    pthread_t threads[CPU_SETSIZE];
    if (bound && crowded)
      for (int c = 0; c < ncpu && g_own_cpu < 0; ++c)
        if (!CPU_ISSET(cpus[c], &after)) g_own_cpu = cpus[c];
    for (int i = 0; i < extra; ++i) CHECK(pthread_create(&threads[i], NULL, sleeper, (void *)(intptr_t)i) == 0);
    while (extra > 0 && !g_pinned) usleep(1000);
    for (int i = 0; i < (1 << 17) + 1; ++i) gasnet_AMPoll(); /* looked at every 2^16 polls */
    g_release = 1;
    for (int i = 0; i < extra; ++i) CHECK(pthread_join(threads[i], NULL) == 0);
    cpu_set_t now;
    CHECK(sched_getaffinity(0, sizeof now, &now) == 0);
    if (bound && crowded) {
      CHECKF(!gexi_RankBound(), "rank %u: %d threads on a %d-CPU slice, still bound", (unsigned)me, extra + 1, share);
      CHECKF(CPU_EQUAL(&now, &before), "rank %u: unbound, but the main thread has %d CPUs, not the %d it started with",
             (unsigned)me, CPU_COUNT(&now), nbefore);
      for (int i = 1; i < extra; ++i)
        CHECKF(CPU_EQUAL(&g_thread_set[i], &before), "rank %u: thread %d has %d CPUs after unbinding, not %d",
               (unsigned)me, i, CPU_COUNT(&g_thread_set[i]), nbefore);
      CHECKF(CPU_COUNT(&g_thread_set[0]) == 1 && CPU_ISSET(g_own_cpu, &g_thread_set[0]),
             "rank %u: the thread that placed itself on CPU %d has %d CPUs after unbinding", (unsigned)me, g_own_cpu,
             CPU_COUNT(&g_thread_set[0]));
      CHECKF(gexi_IdleNapAfterNs() == (nap_env ? nap_default : 0), "unbound: naps after %llu ns",
             (unsigned long long)gexi_IdleNapAfterNs());
    } else if (bound) {
      CHECKF(gexi_RankBound(), "rank %u: %d threads fit a %d-CPU slice, but it was unbound", (unsigned)me, extra + 1, share);
      CHECK(CPU_EQUAL(&now, &after));
    }
  } else if (!strcmp(mode, "nobind")) {
    CHECK(CPU_EQUAL(&after, &before));
    CHECK(!gexi_RankBound());
    CHECKF(nap == 0, "GEX_BIND=0: naps after %llu ns, expected none", (unsigned long long)nap);
  } else if (!strcmp(mode, "prebound")) {
    CHECK(CPU_EQUAL(&after, &before));
    CHECK(!gexi_RankBound());
    CHECKF(nap == (np > 1 ? nap_default : 0), "own CPU: naps after %llu ns", (unsigned long long)nap);
  } else if (!strcmp(mode, "shared1")) {
    CHECK(CPU_EQUAL(&after, &before));
    CHECKF(nap == 0, "one CPU for all: naps after %llu ns", (unsigned long long)nap);
    if (np > 1) CHECKF(gexi_IdleYieldPolls() != 0, "%u ranks on one CPU do not yield", (unsigned)np);
  } else if (!strcmp(mode, "napcpu")) {
    CHECK(np >= 2);
    gex_Event_Wait(gex_Coll_BarrierNB(tm, 0));
    if (me == 0) usleep(300000);
    struct rusage r0, r1;
    CHECK(getrusage(RUSAGE_THREAD, &r0) == 0);
    const double w0 = now_s(CLOCK_MONOTONIC), c0 = now_s(CLOCK_THREAD_CPUTIME_ID);
    gex_Event_Wait(gex_Coll_BarrierNB(tm, 0));
    const double wall = now_s(CLOCK_MONOTONIC) - w0, cpu = now_s(CLOCK_THREAD_CPUTIME_ID) - c0;
    CHECK(getrusage(RUSAGE_THREAD, &r1) == 0);
    /* Sleeps are voluntary context switches; a spinning wait makes none, however busy the
       machine is (the CPU-time share of a spinning rank halves while another job shares its CPU). */
    const long sleeps = r1.ru_nvcsw - r0.ru_nvcsw;
    if (me == 1) {
      CHECKF(wall > 0.2, "rank 1 waited %.3f s for a rank that slept 0.3 s", wall);
      if (nap) {
        CHECKF(cpu < 0.3 * wall, "napping: %.3f s on the CPU in a %.3f s wait", cpu, wall);
        CHECKF(sleeps >= 100, "napping: %ld sleeps in a %.3f s wait", sleeps, wall);
      } else {
        CHECKF(sleeps < 20, "spinning: %ld sleeps in a %.3f s wait (%.3f s on the CPU)", sleeps, wall, cpu);
      }
    }
  } else {
    CHECKF(0, "unknown mode %s", mode);
  }
  gex_Event_Wait(gex_Coll_BarrierNB(tm, 0));
  if (me == 0) printf("test_placement %s: OK\n", mode);
  gasnet_exit(0);
  return 0;
}
