/* GASPI fault tolerance (docs/gaspi.md, "Fault tolerance"): one rank of the job dies while the
 * others go on.
 *
 *   gaspi_test_ft <how> victim=V [sig=S]
 *     how = signal     a survivor kills the victim with kill(pid, S) (S: default SIGKILL)
 *           proc_kill  a survivor calls gaspi_proc_kill(V)
 *     both run under GEX_FAULT_TOLERANT=1: the survivors see the victim GASPI_STATE_CORRUPT in
 *     the state vector, every call toward it (write, read, notify, write_notify, atomics,
 *     passive send, ping, gaspi_wait on a queue with requests to it, barrier and allreduce of
 *     GASPI_GROUP_ALL, even with GASPI_BLOCK) returns GASPI_ERROR within its timeout, and the
 *     survivors then commit a group of their own and exchange data correctly (write_notify
 *     ring, read, allreduce, atomics, passive messages). The lowest survivor prints
 *     "gaspi_ft: N survivors verified" once every survivor has passed (the job's exit code is
 *     128+S whatever the survivors do, so the line is what tells success).
 *     default: the same kill(2) without the mode: the job must end at once (the survivors
 *     would otherwise wait 30 s and exit 0).
 *     default_proc_kill: gaspi_proc_kill without the mode: the death was asked for, so the job
 *     goes on without the victim (as in GPI-2), whose signal is not the job's exit code: the
 *     job ends with 0 once the survivors have verified. Without the mode GASPI does not report
 *     the death (the state vector keeps the victim healthy, as GPI-2's does), so the survivors
 *     skip the calls toward it and only work among themselves.
 *
 *   gaspi_test_ft kill_others   (GPI-2's init/kill_procs): rank 0 ends every other rank with
 *     gaspi_proc_kill (itself: GASPI_ERR_INV_RANK) while they wait in a barrier, then leaves
 *     with gaspi_proc_term: the job's exit code is 0 and rank 0 prints "gaspi_ft: killed N".
 *
 * The victim tells every survivor it is ready (a notification) and then sleeps without polling,
 * so requests posted to it afterwards over the AM path (GEX_FORCE_AM=1) stay unacknowledged
 * until it dies: gaspi_wait must give them up. With flood=1 it instead keeps sending
 * write_notify to the survivors until it is killed (so it may die in the middle of a send: the
 * survivors' AM queues must not stay blocked behind it). */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

#include "gaspi_test.h"

#define SEG 0
#define SEG_SIZE (1u << 20)
#define RING_BYTES (64u * 1024)
#define COUNTER_OFF (512u * 1024)
#define PASSIVE_OFF (600u * 1024)
#define READY_ID 100
#define FLOOD_OFF (700u * 1024)
#define FLOOD_ID 500
#define TIMEOUT_MS 2000

static gaspi_rank_t me, n, victim;

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* A call toward the dead victim: GASPI_ERROR, and within the timeout it was given (plus slack). */
#define EXPECT_DEAD(limit_ms, call)                                                               \
  do {                                                                                            \
    double t0_ = now_ms();                                                                        \
    EXPECT_RC(GASPI_ERROR, call);                                                                 \
    double took_ = now_ms() - t0_;                                                                \
    CHECK(took_ < (limit_ms) + 1000.0, "%s took %.0f ms (limit %d ms)", #call, took_, (int)(limit_ms)); \
  } while (0)

static void wait_for_corrupt_state(void) {
  gaspi_state_vector_t sv = malloc(n);
  CHECK(sv, "malloc");
  double t0 = now_ms();
  for (;;) {
    OK(gaspi_state_vec_get(sv));
    if (sv[victim] == GASPI_STATE_CORRUPT) break;
    CHECK(now_ms() - t0 < 10000, "rank %u still not GASPI_STATE_CORRUPT 10 s after it was killed", (unsigned)victim);
    usleep(1000);
  }
  for (gaspi_rank_t r = 0; r < n; ++r)
    if (r != victim) CHECK(sv[r] == GASPI_STATE_HEALTHY, "state of live rank %u is %d", (unsigned)r, (int)sv[r]);
  free(sv);
}

int main(int argc, char **argv) {
  const char *how = argc > 1 ? argv[1] : "signal";
  int sig = SIGKILL, flood = 0;
  victim = 1;
  for (int i = 2; i < argc; ++i) {
    if (!strncmp(argv[i], "victim=", 7)) victim = (gaspi_rank_t)atoi(argv[i] + 7);
    if (!strncmp(argv[i], "sig=", 4)) sig = atoi(argv[i] + 4);
    if (!strcmp(argv[i], "flood=1")) flood = 1;
  }
  const int by_proc_kill = !strcmp(how, "proc_kill") || !strcmp(how, "default_proc_kill");
  const int default_mode = !strcmp(how, "default");
  const char *force_am = getenv("GEX_FORCE_AM");
  const char *route_test = getenv("GEX_ROUTE_TEST");
  const int force = force_am && *force_am && strcmp(force_am, "0") != 0;
  const int mixed = route_test && !strcmp(route_test, "mixed");

  OK(gaspi_proc_init(GASPI_BLOCK));
  OK(gaspi_proc_rank(&me));
  OK(gaspi_proc_num(&n));
  if (!strcmp(how, "kill_others")) {
    OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
    if (me == 0) {
      for (gaspi_rank_t r = 1; r < n; ++r) OK(gaspi_proc_kill(r, GASPI_BLOCK));
      EXPECT_RC(GASPI_ERR_INV_RANK, gaspi_proc_kill(me, GASPI_BLOCK));
      fprintf(stderr, "gaspi_ft: killed %u\n", (unsigned)(n - 1));
    } else {
      OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK)); /* never completes: rank 0 kills this one */
      FAIL("rank %u left a barrier that rank 0 never entered", (unsigned)me);
    }
    OK(gaspi_proc_term(GASPI_BLOCK));
    return 0;
  }
  CHECK(n >= 3 && n <= 5 && victim < n, "needs 3 to 5 ranks and victim < %u", (unsigned)n);
  const gaspi_rank_t killer = victim == 0 ? 1 : 0; /* the lowest survivor */
  /* Whether requests to the victim travel as AMs (then they wait for its acknowledgement):
   * every peer under GEX_FORCE_AM, every other one under GEX_ROUTE_TEST=mixed. */
  const int am_path = force || (mixed && ((victim + me) & 1));
  OK(gaspi_segment_create(SEG, SEG_SIZE, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  char *seg;
  OK(gaspi_segment_ptr(SEG, (gaspi_pointer_t *)&seg));

  /* Every rank learns the victim's pid. */
  unsigned long mine = me == victim ? (unsigned long)getpid() : 0, pid = 0;
  OK(gaspi_allreduce(&mine, &pid, 1, GASPI_OP_MAX, GASPI_TYPE_ULONG, GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));

  if (me == victim) {
    for (gaspi_rank_t r = 0; r < n; ++r)
      if (r != me) OK(gaspi_notify(SEG, r, READY_ID, 1, 0, GASPI_BLOCK));
    if (flood) {
      fprintf(stderr, "gaspi_ft rank %u: victim ready, flooding\n", (unsigned)me);
      for (unsigned long k = 0;; ++k) {
        const gaspi_rank_t to = (gaspi_rank_t)((me + 1 + k % (n - 1)) % n);
        gaspi_return_t rc = gaspi_write_notify(SEG, 0, to, SEG, FLOOD_OFF, 4096, FLOOD_ID, 1, 2, GASPI_BLOCK);
        if (rc == GASPI_QUEUE_FULL) rc = gaspi_wait(2, GASPI_BLOCK);
        CHECK(rc == GASPI_SUCCESS, "flood: %d", (int)rc);
      }
    }
    fprintf(stderr, "gaspi_ft rank %u: victim ready, sleeping\n", (unsigned)me);
    sleep(60); /* no polling from here on: requests to this rank stay unanswered */
    FAIL("the victim was not killed");
  }

  gaspi_notification_id_t first;
  gaspi_notification_t old;
  OK(gaspi_notify_waitsome(SEG, READY_ID, 1, &first, GASPI_BLOCK));
  OK(gaspi_notify_reset(SEG, READY_ID, &old));
  /* A request the victim will never answer over the AM path (load/store: done at once). */
  OK(gaspi_write(SEG, 0, victim, SEG, 4096 * (me + 1), 4096, 1, GASPI_BLOCK));
  /* The killer waits until every survivor has posted its request (and left the collectives
   * above: a collective the victim took part in completes before it dies). */
  if (me != killer) OK(gaspi_notify(SEG, killer, (gaspi_notification_id_t)(READY_ID + 1 + me), 1, 0, GASPI_BLOCK));

  if (me == killer) {
    for (gaspi_rank_t r = 0; r < n; ++r) {
      if (r == me || r == victim) continue;
      OK(gaspi_notify_waitsome(SEG, (gaspi_notification_id_t)(READY_ID + 1 + r), 1, &first, GASPI_BLOCK));
      OK(gaspi_notify_reset(SEG, (gaspi_notification_id_t)(READY_ID + 1 + r), &old));
    }
    EXPECT_RC(GASPI_ERR_INV_RANK, gaspi_proc_kill(me, GASPI_BLOCK)); /* killing oneself: as GPI-2 */
    EXPECT_RC(GASPI_ERR_INV_RANK, gaspi_proc_kill(n, GASPI_BLOCK));
    if (by_proc_kill) {
      fprintf(stderr, "gaspi_ft rank %u: gaspi_proc_kill(%u)\n", (unsigned)me, (unsigned)victim);
      OK(gaspi_proc_kill(victim, 10000));
    } else {
      fprintf(stderr, "gaspi_ft rank %u: kill(%lu, %d) (rank %u)\n", (unsigned)me, pid, sig, (unsigned)victim);
      CHECK(kill((pid_t)pid, sig) == 0, "kill(%lu, %d) failed", pid, sig);
    }
  }

  if (default_mode) {
    /* The monitor must end the whole job now; a survivor that is still here after 30 s has
     * been left running (the test's time bound then fails it). */
    double t0 = now_ms();
    while (now_ms() - t0 < 30000) usleep(10000);
    fprintf(stderr, "gaspi_ft rank %u: still running 30 s after the kill\n", (unsigned)me);
    return 0;
  }

  const int reported = strcmp(how, "default_proc_kill") != 0; /* GEX_FAULT_TOLERANT=1 */
  if (me == killer && by_proc_kill) OK(gaspi_proc_kill(victim, GASPI_TEST)); /* dead already: SUCCESS */
  gaspi_group_t bad = 0;
  gaspi_atomic_value_t value;
  if (!reported) {
    gaspi_state_vector_t sv = malloc(n);
    CHECK(sv, "malloc");
    OK(gaspi_state_vec_get(sv));
    for (gaspi_rank_t r = 0; r < n; ++r)
      CHECK(sv[r] == GASPI_STATE_HEALTHY, "without GEX_FAULT_TOLERANT the state of rank %u is %d", (unsigned)r, (int)sv[r]);
    free(sv);
    goto survivors;
  }
  wait_for_corrupt_state();

  /* Every call toward the dead rank fails within its timeout. */
  EXPECT_DEAD(TIMEOUT_MS, gaspi_write(SEG, 0, victim, SEG, 0, 64, 0, TIMEOUT_MS));
  EXPECT_DEAD(TIMEOUT_MS, gaspi_read(SEG, 0, victim, SEG, 0, 64, 0, TIMEOUT_MS));
  EXPECT_DEAD(TIMEOUT_MS, gaspi_notify(SEG, victim, 1, 1, 0, TIMEOUT_MS));
  EXPECT_DEAD(TIMEOUT_MS, gaspi_write_notify(SEG, 0, victim, SEG, 0, 64, 1, 1, 0, TIMEOUT_MS));
  EXPECT_DEAD(TIMEOUT_MS, gaspi_atomic_fetch_add(SEG, 0, victim, 1, &value, TIMEOUT_MS));
  EXPECT_DEAD(TIMEOUT_MS, gaspi_atomic_compare_swap(SEG, 0, victim, 0, 1, &value, TIMEOUT_MS));
  EXPECT_DEAD(TIMEOUT_MS, gaspi_passive_send(SEG, 0, victim, 64, TIMEOUT_MS));
  EXPECT_DEAD(TIMEOUT_MS, gaspi_proc_ping(victim, TIMEOUT_MS));
  /* A victim on another host (GEX_TEST_HOSTS: contiguous blocks of ranks) is reached over the
   * network transport: the write above may or may not have completed before it died. */
  const char *hosts_env = getenv("GEX_TEST_HOSTS");
  const int nhosts = hosts_env && atoi(hosts_env) > 1 ? atoi(hosts_env) : 1;
  const int other_host = nhosts > 1 && (uint64_t)victim * nhosts / n != (uint64_t)me * nhosts / n;
  /* The victim serves AMs while it sleeps when it has a progress thread (docs/gaspi.md,
   * "Progress": on by default where data travels as messages; GEX_GASPI_PROGRESS_THREAD=0 off). */
  const char *pt = getenv("GEX_GASPI_PROGRESS_THREAD");
  const int victim_serves = !(pt && strcmp(pt, "0") == 0);
  if (am_path && !flood && !other_host && !victim_serves) {
    EXPECT_DEAD(TIMEOUT_MS, gaspi_wait(1, TIMEOUT_MS)); /* the write above was never acknowledged */
  } else if (am_path || other_host) {
    /* The flooding victim polled, or its progress thread did: the write above may have been
     * acknowledged before it died. */
    const gaspi_return_t rc = gaspi_wait(1, TIMEOUT_MS);
    CHECK(rc == GASPI_SUCCESS || rc == GASPI_ERROR, "gaspi_wait(1) returned %d", (int)rc);
  }
  OK(gaspi_wait(1, TIMEOUT_MS)); /* the queue is usable again */
  EXPECT_DEAD(TIMEOUT_MS, gaspi_barrier(GASPI_GROUP_ALL, TIMEOUT_MS));
  EXPECT_DEAD(0, gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK)); /* must not hang */
  long one = 1, sum = 0;
  EXPECT_DEAD(0, gaspi_allreduce(&one, &sum, 1, GASPI_OP_SUM, GASPI_TYPE_LONG, GASPI_GROUP_ALL, GASPI_BLOCK));

  /* A group that contains the dead rank cannot be committed; its id is then free again. */
  OK(gaspi_group_create(&bad));
  for (gaspi_rank_t r = 0; r < n; ++r) OK(gaspi_group_add(bad, r));
  EXPECT_DEAD(TIMEOUT_MS, gaspi_group_commit(bad, TIMEOUT_MS));
  OK(gaspi_group_delete(bad));

survivors:
  /* The survivors work on among themselves (in a group that gets the same id). */
  gaspi_group_t g;
  OK(gaspi_group_create(&g));
  CHECK(!reported || g == bad, "group id %u, expected the freed id %u", (unsigned)g, (unsigned)bad);
  gaspi_rank_t surv[64];
  int ns = 0, my_index = -1;
  for (gaspi_rank_t r = 0; r < n; ++r) {
    if (r == victim) continue;
    if (r == me) my_index = ns;
    surv[ns++] = r;
    OK(gaspi_group_add(g, r));
  }
  OK(gaspi_group_commit(g, GASPI_BLOCK));
  OK(gaspi_barrier(g, GASPI_BLOCK));

  /* A write_notify ring: my pattern to the next survivor, at my slot. */
  const gaspi_rank_t next = surv[(my_index + 1) % ns], prev = surv[(my_index + ns - 1) % ns];
  for (unsigned i = 0; i < RING_BYTES; ++i) seg[i] = (char)(me * 31 + i * 7);
  OK(gaspi_write_notify(SEG, 0, next, SEG, RING_BYTES * (me + 1), RING_BYTES, (gaspi_notification_id_t)(1 + me),
                        (gaspi_notification_t)(me + 1), 0, GASPI_BLOCK));
  OK(gaspi_wait(0, GASPI_BLOCK));
  OK(gaspi_notify_waitsome(SEG, (gaspi_notification_id_t)(1 + prev), 1, &first, GASPI_BLOCK));
  OK(gaspi_notify_reset(SEG, (gaspi_notification_id_t)(1 + prev), &old));
  CHECK(old == (gaspi_notification_t)(prev + 1), "notification from rank %u has value %u", (unsigned)prev, (unsigned)old);
  for (unsigned i = 0; i < RING_BYTES; ++i)
    CHECK(seg[RING_BYTES * (prev + 1) + i] == (char)(prev * 31 + i * 7), "byte %u from rank %u is wrong", i, (unsigned)prev);

  /* Read back what the next survivor received from me. */
  OK(gaspi_barrier(g, GASPI_BLOCK));
  OK(gaspi_read(SEG, RING_BYTES * (n + 2), next, SEG, RING_BYTES * (me + 1), RING_BYTES, 0, GASPI_BLOCK));
  OK(gaspi_wait(0, GASPI_BLOCK));
  for (unsigned i = 0; i < RING_BYTES; ++i)
    CHECK(seg[RING_BYTES * (n + 2) + i] == (char)(me * 31 + i * 7), "byte %u read back from rank %u is wrong", i, (unsigned)next);

  /* Collectives and atomics of the survivors' group. */
  long rank_l = me, total = 0, expect = 0;
  for (int i = 0; i < ns; ++i) expect += surv[i];
  OK(gaspi_allreduce(&rank_l, &total, 1, GASPI_OP_SUM, GASPI_TYPE_LONG, g, GASPI_BLOCK));
  CHECK(total == expect, "allreduce over the survivors gave %ld, expected %ld", total, expect);
  OK(gaspi_atomic_fetch_add(SEG, COUNTER_OFF, killer, 1, &value, GASPI_BLOCK));
  OK(gaspi_barrier(g, GASPI_BLOCK));
  OK(gaspi_atomic_fetch_add(SEG, COUNTER_OFF, killer, 0, &value, GASPI_BLOCK));
  CHECK(value == (gaspi_atomic_value_t)ns, "counter is %lu, expected %d", (unsigned long)value, ns);

  /* Passive messages around the ring. */
  memcpy(seg + PASSIVE_OFF, &me, sizeof me);
  OK(gaspi_passive_send(SEG, PASSIVE_OFF, next, sizeof me, GASPI_BLOCK));
  gaspi_rank_t from = 0xffff;
  OK(gaspi_passive_receive(SEG, PASSIVE_OFF + 64, &from, sizeof me, GASPI_BLOCK));
  gaspi_rank_t got;
  memcpy(&got, seg + PASSIVE_OFF + 64, sizeof got);
  CHECK(from == prev && got == prev, "passive message from %u carrying %u, expected %u", (unsigned)from, (unsigned)got, (unsigned)prev);

  /* Every survivor got here: say so once, then leave together (the dead rank is not waited for). */
  long passed = 1, all_passed = 0;
  OK(gaspi_allreduce(&passed, &all_passed, 1, GASPI_OP_SUM, GASPI_TYPE_LONG, g, GASPI_BLOCK));
  if (me == killer && all_passed == ns) fprintf(stderr, "gaspi_ft: %d survivors verified\n", ns);
  OK(gaspi_barrier(g, GASPI_BLOCK));
  OK(gaspi_proc_term(GASPI_BLOCK));
  return 0;
}
