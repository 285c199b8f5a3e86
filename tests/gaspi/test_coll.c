/* GASPI groups, barrier, allreduce (every op x type against a serial reference), allreduce_user,
 * a collective that times out and completes on retry, passive send/receive between all pairs,
 * and global atomics (a counter and a compare-and-swap lock). */
#include <pthread.h>
#include <unistd.h>

#include "gaspi_test.h"

#pragma GCC diagnostic ignored "-Wdeprecated-declarations" /* GASPI_Threads.h is deprecated in GPI-2 */
#include <GASPI_Threads.h>

static gaspi_rank_t me, np;

/* Rank r's element i (in [-9, 13]; unsigned types add 100); the reference reduces them serially. */
static double value(gaspi_rank_t r, unsigned i) { return (double)((int)((r * 37 + i * 11) % 23) - 9); }

#define REDUCE_CASE(T, gtype)                                                                    \
  do {                                                                                           \
    T send[N], recv[N], ref[N];                                                                  \
    for (unsigned i = 0; i < N; ++i) send[i] = (T)(value(me, i) + ((T)-1 > 0 ? 100 : 0));         \
    for (int op = GASPI_OP_MIN; op <= GASPI_OP_SUM; ++op) {                                      \
      for (unsigned i = 0; i < N; ++i) {                                                         \
        for (gaspi_rank_t r = 0; r < np; ++r) {                                                  \
          T x = (T)(value(r, i) + ((T)-1 > 0 ? 100 : 0));                                        \
          if (r == 0) ref[i] = x;                                                                \
          else if (op == GASPI_OP_MIN) ref[i] = x < ref[i] ? x : ref[i];                         \
          else if (op == GASPI_OP_MAX) ref[i] = x > ref[i] ? x : ref[i];                         \
          else ref[i] = ref[i] + x;                                                              \
        }                                                                                        \
      }                                                                                          \
      OK(gaspi_allreduce(send, recv, N, (gaspi_operation_t)op, gtype, GASPI_GROUP_ALL, GASPI_BLOCK)); \
      for (unsigned i = 0; i < N; ++i)                                                           \
        CHECK(recv[i] == ref[i], "allreduce %s op %d element %u: %g != %g", #gtype, op, i, (double)recv[i], (double)ref[i]); \
    }                                                                                            \
  } while (0)

static void test_allreduce(void) {
  enum { N = 255 };
  REDUCE_CASE(int, GASPI_TYPE_INT);
  REDUCE_CASE(unsigned int, GASPI_TYPE_UINT);
  REDUCE_CASE(float, GASPI_TYPE_FLOAT);
  REDUCE_CASE(double, GASPI_TYPE_DOUBLE);
  REDUCE_CASE(long, GASPI_TYPE_LONG);
  REDUCE_CASE(unsigned long, GASPI_TYPE_ULONG);
}

/* A user reduction over 16-byte elements: (sum of a, max of b). */
typedef struct {
  long a, b;
} pair_t;
static gaspi_return_t pair_op(gaspi_pointer_t const x, gaspi_pointer_t const y, gaspi_pointer_t const out,
                              gaspi_reduce_state_t const state, const gaspi_number_t num, const gaspi_size_t size,
                              const gaspi_timeout_t timeout) {
  (void)timeout;
  const pair_t *p = x, *q = y;
  pair_t *r = out;
  if (size != sizeof(pair_t) || *(int *)state != 42) return GASPI_ERROR;
  for (gaspi_number_t i = 0; i < num; ++i) {
    r[i].a = p[i].a + q[i].a;
    r[i].b = p[i].b > q[i].b ? p[i].b : q[i].b;
  }
  return GASPI_SUCCESS;
}

static void test_allreduce_user(void) {
  enum { N = 100 };
  pair_t send[N], recv[N];
  int state = 42;
  for (unsigned i = 0; i < N; ++i) send[i] = (pair_t){(long)me * i, (long)((me * 7 + i) % 5)};
  OK(gaspi_allreduce_user(send, recv, N, sizeof(pair_t), pair_op, &state, GASPI_GROUP_ALL, GASPI_BLOCK));
  for (unsigned i = 0; i < N; ++i) {
    long a = 0, b = -1;
    for (gaspi_rank_t r = 0; r < np; ++r) {
      a += (long)r * i;
      long x = (long)((r * 7 + i) % 5);
      b = x > b ? x : b;
    }
    CHECK(recv[i].a == a && recv[i].b == b, "allreduce_user element %u: (%ld,%ld) != (%ld,%ld)", i, recv[i].a, recv[i].b, a, b);
  }
}

/* The even ranks and the odd ranks each form a group; the odd ones commit later, while the even
 * ones already commit and run barriers and an allreduce among themselves. */
static void test_groups(void) {
  gaspi_group_t g;
  OK(gaspi_group_create(&g));
  CHECK(g != GASPI_GROUP_ALL, "group_create returned GASPI_GROUP_ALL");
  for (gaspi_rank_t r = me & 1; r < np; r += 2) OK(gaspi_group_add(g, r));
  EXPECT_RC(GASPI_ERROR, gaspi_group_add(g, me));
  if (me & 1) usleep(20000); /* the other half commits later */
  OK(gaspi_group_commit(g, GASPI_BLOCK));
  gaspi_number_t size;
  OK(gaspi_group_size(g, &size));
  CHECK(size == (gaspi_number_t)((np - (me & 1) + 1) / 2), "group size %u", size);
  gaspi_rank_t ranks[64];
  OK(gaspi_group_ranks(g, ranks));
  for (gaspi_number_t i = 0; i < size; ++i) CHECK(ranks[i] == (me & 1) + 2 * i, "group rank %u = %u", i, ranks[i]);
  for (int k = 0; k < 20; ++k) OK(gaspi_barrier(g, GASPI_BLOCK));
  long sum = 0, mine = me + 1;
  OK(gaspi_allreduce(&mine, &sum, 1, GASPI_OP_SUM, GASPI_TYPE_LONG, g, GASPI_BLOCK));
  long ref = 0;
  for (gaspi_rank_t r = me & 1; r < np; r += 2) ref += r + 1;
  CHECK(sum == ref, "group allreduce %ld != %ld", sum, ref);
  gaspi_number_t n;
  OK(gaspi_group_num(&n));
  CHECK(n == 2, "group_num %u", n);
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_group_delete(g));
  OK(gaspi_group_num(&n));
  CHECK(n == 1, "group_num after delete %u", n);
}

/* One group id, created and deleted again with other members each time (GPI-2's
 * groups/g_coll_del_coll and g_with_one_hole): every rank but the culprit makes the group of the
 * others, commits it, runs culprit+1 barriers and allreduces in it and deletes it. A rank that
 * skipped the id's last incarnation must still agree with the others on the commit handshake
 * and on the collectives' epochs (an odd number of barriers leaves the others' parity at 1). */
static void test_group_reuse(void) {
  for (gaspi_rank_t culprit = 0; culprit < np; ++culprit) {
    if (me != culprit) {
      gaspi_group_t g;
      OK(gaspi_group_create(&g));
      for (gaspi_rank_t r = 0; r < np; ++r)
        if (r != culprit) OK(gaspi_group_add(g, r));
      OK(gaspi_group_commit(g, 10000));
      long ref = 0;
      for (gaspi_rank_t r = 0; r < np; ++r)
        if (r != culprit) ref += r + 1;
      for (int k = 0; k <= (int)culprit; ++k) {
        OK(gaspi_barrier(g, 10000));
        long sum = 0, mine = me + 1;
        OK(gaspi_allreduce(&mine, &sum, 1, GASPI_OP_SUM, GASPI_TYPE_LONG, g, 10000));
        CHECK(sum == ref, "culprit %u: allreduce %ld != %ld", (unsigned)culprit, sum, ref);
      }
      OK(gaspi_group_delete(g));
    }
  }
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
}

/* Rank 0 arrives late: the others see GASPI_TIMEOUT, then complete the same barrier and
 * allreduce by calling again. */
static void test_timeout_retry(void) {
  if (np == 1) return;
  if (me == 0) usleep(200000);
  unsigned timeouts = 0;
  gaspi_return_t rc;
  while ((rc = gaspi_barrier(GASPI_GROUP_ALL, GASPI_TEST)) == GASPI_TIMEOUT) ++timeouts;
  OK(rc);
  if (me != 0) CHECK(timeouts > 0, "the barrier never timed out while rank 0 slept");
  if (me == 0) usleep(200000);
  long mine = 1000 + me, sum = 0;
  timeouts = 0;
  while ((rc = gaspi_allreduce(&mine, &sum, 1, GASPI_OP_SUM, GASPI_TYPE_LONG, GASPI_GROUP_ALL, 5)) == GASPI_TIMEOUT) ++timeouts;
  OK(rc);
  CHECK(sum == 1000L * np + (long)np * (np - 1) / 2, "allreduce after retries: %ld", sum);
  if (me != 0) CHECK(timeouts > 0, "the allreduce never timed out while rank 0 slept");
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
}

static void test_passive(void) {
  unsigned char *p;
  OK(gaspi_segment_ptr(0, (gaspi_pointer_t *)&p));
  /* every rank sends one message to every other rank */
  for (gaspi_rank_t r = 0; r < np; ++r) {
    if (r == me) continue;
    for (unsigned i = 0; i < 1000; ++i) p[i] = (unsigned char)(me * 3 + r * 5 + i);
    OK(gaspi_passive_send(0, 0, r, 1000, GASPI_BLOCK));
  }
  unsigned got[256] = {0};
  for (gaspi_rank_t k = 0; k + 1 < np; ++k) {
    gaspi_rank_t from = 0xffff;
    OK(gaspi_passive_receive(0, 4096, &from, 1000, GASPI_BLOCK));
    CHECK(from < np && from != me, "passive message from %u", from);
    ++got[from];
    for (unsigned i = 0; i < 1000; ++i) CHECK(p[4096 + i] == (unsigned char)(from * 3 + me * 5 + i), "passive byte %u from %u", i, from);
  }
  for (gaspi_rank_t r = 0; r < np; ++r) CHECK(got[r] == (r == me ? 0u : 1u), "%u messages from %u", got[r], r);
  gaspi_rank_t from;
  EXPECT_RC(GASPI_TIMEOUT, gaspi_passive_receive(0, 4096, &from, 1000, 10));
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
}

static void test_atomics(void) {
  enum { ITER = 500 };
  unsigned long *p;
  gaspi_atomic_value_t old;
  OK(gaspi_segment_ptr(0, (gaspi_pointer_t *)&p));
  p[1] = 0; /* counter on rank 0 at offset 8 */
  p[2] = 0; /* lock on rank 0 at offset 16 */
  p[3] = 0; /* protected (non-atomic) total at offset 24, written under the lock with write/read */
  p[4] = 0; /* on every rank: one fetch_add from each rank, retried with GASPI_TEST */
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  /* GASPI_TEST until SUCCESS (GPI-2's atomic/fetch_add_test): a call that returned
   * GASPI_TIMEOUT is completed by the next one, never applied twice (over AM the first calls
   * time out while the request travels). */
  for (gaspi_rank_t r = 0; r < np; ++r) {
    gaspi_return_t rc;
    do rc = gaspi_atomic_fetch_add(0, 32, r, 1, &old, GASPI_TEST);
    while (rc == GASPI_TIMEOUT);
    OK(rc);
  }
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  CHECK(p[4] == np, "%lu additions with GASPI_TEST retries, expected %u", p[4], (unsigned)np);
  unsigned long seen_max = 0;
  for (unsigned i = 0; i < ITER; ++i) {
    OK(gaspi_atomic_fetch_add(0, 8, 0, 1, &old, GASPI_BLOCK));
    if (old > seen_max) seen_max = old;
  }
  CHECK(seen_max < (unsigned long)ITER * np, "fetch_add saw %lu", seen_max);
  /* compare-and-swap lock around a read-modify-write of p[3] on rank 0 */
  for (unsigned i = 0; i < 50; ++i) {
    do {
      OK(gaspi_atomic_compare_swap(0, 16, 0, 0, me + 1, &old, GASPI_BLOCK));
    } while (old != 0);
    OK(gaspi_read(0, 64, 0, 0, 24, 8, 0, GASPI_BLOCK));
    OK(gaspi_wait(0, GASPI_BLOCK));
    p[8] += 1;
    OK(gaspi_write(0, 64, 0, 0, 24, 8, 0, GASPI_BLOCK));
    OK(gaspi_wait(0, GASPI_BLOCK));
    OK(gaspi_atomic_compare_swap(0, 16, 0, me + 1, 0, &old, GASPI_BLOCK));
    CHECK(old == me + 1u, "lock held by %lu while rank %u unlocks", old, me);
  }
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  if (me == 0) {
    CHECK(p[1] == (unsigned long)ITER * np, "counter %lu != %lu", p[1], (unsigned long)ITER * np);
    CHECK(p[3] == 50ul * np, "locked total %lu != %lu", p[3], 50ul * np);
  }
  gaspi_atomic_value_t max;
  OK(gaspi_atomic_max(&max));
  CHECK(max == ~0ul, "atomic_max %lx", max);
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
}

/* A reduction larger than one message (allreduce_elem_max raised before init). */
static void test_allreduce_large(void) {
  enum { N = 50000 };
  static double send[N], recv[N];
  for (unsigned i = 0; i < N; ++i) send[i] = (double)(me + 1) * (i % 1000);
  OK(gaspi_allreduce(send, recv, N, GASPI_OP_SUM, GASPI_TYPE_DOUBLE, GASPI_GROUP_ALL, GASPI_BLOCK));
  const double ranks_sum = (double)np * (np + 1) / 2;
  for (unsigned i = 0; i < N; ++i) CHECK(recv[i] == ranks_sum * (i % 1000), "large allreduce element %u: %g", i, recv[i]);
  OK(gaspi_allreduce(send, recv, N, GASPI_OP_MAX, GASPI_TYPE_DOUBLE, GASPI_GROUP_ALL, GASPI_BLOCK));
  for (unsigned i = 0; i < N; ++i) CHECK(recv[i] == (double)np * (i % 1000), "large allreduce max element %u: %g", i, recv[i]);
}

/* GPI-2's thread helpers: two workers and this thread meet in sync_all (a local barrier and
 * gaspi_barrier); the workers' increments are visible after it. */
static int thread_count;
static void *worker(void *arg) {
  (void)arg;
  gaspi_int tid;
  OK(gaspi_threads_register(&tid));
  CHECK(tid == 1 || tid == 2, "worker tid %d", tid);
  __atomic_fetch_add(&thread_count, 1, __ATOMIC_SEQ_CST);
  gaspi_threads_sync();
  OK(gaspi_threads_sync_all(GASPI_GROUP_ALL, GASPI_BLOCK));
  return NULL;
}
static void test_threads(void) {
  gaspi_int tid, total;
  OK(gaspi_threads_init_user(3));
  OK(gaspi_threads_register(&tid));
  CHECK(tid == 0, "first registered tid %d", tid);
  OK(gaspi_threads_get_total(&total));
  CHECK(total == 3, "threads total %d", total);
  OK(gaspi_threads_run(worker, NULL));
  OK(gaspi_threads_run(worker, NULL));
  gaspi_threads_sync();
  CHECK(__atomic_load_n(&thread_count, __ATOMIC_SEQ_CST) == 2, "%d workers arrived", thread_count);
  OK(gaspi_threads_sync_all(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_threads_term());
}

/* Two threads of each rank in collectives of the same group (GPI-2's z4k_pressure_mtt does this).
 * Collectives of one group must come in the same order on every rank, so each thread issues its
 * barrier-then-allreduce pair as a unit: whichever thread runs the k-th pair on one rank meets
 * the k-th pair of the others. (Two threads racing a barrier against an allreduce would pair a
 * barrier on one rank with an allreduce on another: an erroneous program, which hangs.) */
static pthread_mutex_t pair_lock = PTHREAD_MUTEX_INITIALIZER;
static void *coll_thread(void *arg) {
  (void)arg;
  for (int i = 0; i < 50; ++i) {
    pthread_mutex_lock(&pair_lock);
    OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
    long mine = me + 1, sum = 0;
    OK(gaspi_allreduce(&mine, &sum, 1, GASPI_OP_SUM, GASPI_TYPE_LONG, GASPI_GROUP_ALL, GASPI_BLOCK));
    pthread_mutex_unlock(&pair_lock);
    CHECK(sum == (long)np * (np + 1) / 2, "threaded allreduce %ld", sum);
  }
  return NULL;
}
static void test_threaded_collectives(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; ++i) CHECK(pthread_create(&t[i], NULL, coll_thread, NULL) == 0, "pthread_create");
  for (int i = 0; i < 2; ++i) pthread_join(t[i], NULL);
  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
}

int main(void) {
  gaspi_config_t cfg;
  OK(gaspi_config_get(&cfg));
  cfg.allreduce_elem_max = 100000;
  OK(gaspi_config_set(cfg));
  OK(gaspi_proc_init(GASPI_BLOCK));
  OK(gaspi_proc_rank(&me));
  OK(gaspi_proc_num(&np));
  OK(gaspi_segment_create(0, 1 << 16, GASPI_GROUP_ALL, GASPI_BLOCK, GASPI_MEM_INITIALIZED));
  test_allreduce();
  test_allreduce_user();
  test_allreduce_large();
  test_groups();
  test_group_reuse();
  test_timeout_retry();
  test_passive();
  test_atomics();
  test_threads();
  test_threaded_collectives();
  OK(gaspi_proc_term(GASPI_BLOCK));
  if (me == 0) printf("gaspi coll: OK (%u ranks)\n", np);
  return 0;
}
