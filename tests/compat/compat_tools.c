/* gasnet_tools.h on its own (no libgex): atomics of every width under two threads must count
 * exactly, timers must be monotonic and agree with nanosleep, plus mutex/cond, thread keys,
 * environment helpers, number formatting and checksums. Built as C and as C++ (with gasnet.h
 * first and the library linked, as a GASNet client that also uses the tools). */
#ifdef COMPAT_TOOLS_WITH_GASNET
#include <gasnet.h>
#endif
#include <gasnet_tools.h>

#include <stdio.h>

#if !GASNETT_THREAD_SAFE
#error "a pthreads program must get thread-safe tools"
#endif

#define FAIL_IF(cond)                                                                            \
  do {                                                                                           \
    if (cond) {                                                                                  \
      fprintf(stderr, "%s:%d: FAILED: %s\n", __FILE__, __LINE__, #cond);                        \
      exit(1);                                                                                   \
    }                                                                                            \
  } while (0)

#define ITERS 1000000
static gasnett_atomic_t a_inc = gasnett_atomic_init(0);
static gasnett_atomic_t a_dec = gasnett_atomic_init(2 * ITERS);
static gasnett_atomic32_t a32 = gasnett_atomic32_init(0);
static gasnett_atomic64_t a64 = gasnett_atomic64_init(0);
static gasnett_atomic64_t a_cas = gasnett_atomic64_init(0);
static gasnett_weakatomic_t w_inc = gasnett_weakatomic_init(0);
static gasnett_atomic_t a_swapsum = gasnett_atomic_init(0);
static gasnett_atomic_t zero_hits = gasnett_atomic_init(0);
static gasnett_mutex_t mutex = GASNETT_MUTEX_INITIALIZER;
static gasnett_cond_t cond = GASNETT_COND_INITIALIZER;
static long plain_counter; /* protected by mutex */
static int ready;
GASNETT_THREADKEY_DEFINE(tkey);

static void *worker(void *arg) {
  long i, id = (long)(intptr_t)arg;
  gasnett_threadkey_set(tkey, arg);
  gasnett_mutex_lock(&mutex);
  while (!ready) gasnett_cond_wait(&cond, &mutex);
  gasnett_mutex_unlock(&mutex);
  for (i = 0; i < ITERS; ++i) {
    gasnett_atomic_increment(&a_inc, 0);
    if (gasnett_atomic_decrement_and_test(&a_dec, 0)) gasnett_atomic_increment(&zero_hits, 0);
    gasnett_atomic32_add(&a32, 3, GASNETT_ATOMIC_REL);
    gasnett_atomic32_subtract(&a32, 1, GASNETT_ATOMIC_ACQ);
    gasnett_atomic64_add(&a64, (uint64_t)1 << 33, 0);
    for (;;) { /* CAS-based increment */
      uint64_t old = gasnett_atomic64_read(&a_cas, 0);
      if (gasnett_atomic64_compare_and_swap(&a_cas, old, old + 1, 0)) break;
    }
    gasnett_weakatomic_increment(&w_inc, 0);
    if ((i & 1023) == 0) {
      gasnett_atomic_val_t prev = gasnett_atomic_swap(&a_swapsum, 0, 0);
      gasnett_atomic_add(&a_swapsum, prev + 1, 0);
      gasnett_mutex_lock(&mutex);
      ++plain_counter;
      gasnett_mutex_unlock(&mutex);
    }
  }
  FAIL_IF(gasnett_threadkey_get(tkey) != arg);
  (void)id;
  return NULL;
}

static void check_timers(void) {
  gasnett_tick_t prev = gasnett_ticks_now(), start = prev, now;
  int i;
  for (i = 0; i < 1000000; ++i) {
    now = gasnett_ticks_now();
    FAIL_IF(now < prev); /* monotonic */
    prev = now;
  }
  start = gasnett_ticks_now();
  gasnett_nsleep(20000000); /* 20 ms */
  now = gasnett_ticks_now();
  FAIL_IF(gasnett_ticks_to_ns(now - start) < 20000000);
  FAIL_IF(gasnett_ticks_to_us(now - start) < 20000 || gasnett_ticks_to_us(now - start) > 5000000);
  FAIL_IF(gasnett_ticks_to_ns(now - start) / 1000 != gasnett_ticks_to_us(now - start));
  {
    /* Ticks converted agree with CLOCK_MONOTONIC around them (x86-64: the counter's rate is
     * measured, to about 1e-5): never more than 0.1% longer than the clock saw, and in the best
     * of three 20 ms sleeps within 0.2% of it (a preemption between the reads only shortens the
     * ticks' interval). */
    double best = 0.0;
    int k;
    for (k = 0; k < 3; ++k) {
      struct timespec a, b;
      uint64_t clock_ns, tick_ns;
      clock_gettime(CLOCK_MONOTONIC, &a);
      start = gasnett_ticks_now();
      gasnett_nsleep(20000000);
      now = gasnett_ticks_now();
      clock_gettime(CLOCK_MONOTONIC, &b);
      clock_ns = (uint64_t)(b.tv_sec - a.tv_sec) * 1000000000u + (uint64_t)b.tv_nsec - (uint64_t)a.tv_nsec;
      tick_ns = gasnett_ticks_to_ns(now - start);
      FAIL_IF(tick_ns > clock_ns + clock_ns / 1000);
      FAIL_IF(gasnett_ticks_to_sec(now - start) > 1.001e-9 * (double)clock_ns);
      if ((double)tick_ns / (double)clock_ns > best) best = (double)tick_ns / (double)clock_ns;
    }
    FAIL_IF(best < 0.998);
  }
  FAIL_IF(!(gasnett_tick_granularityus() > 0.0) || !(gasnett_tick_overheadus() > 0.0));
  FAIL_IF(gasnett_tick_granularityus() > 1000.0);
  FAIL_IF(GASNETT_TICK_MIN >= GASNETT_TICK_MAX);
}

static void check_misc(void) {
  char buf[64];
  unsigned char data[100];
  int i;
  FAIL_IF(gasnett_cpu_count() < 1);
  FAIL_IF(gasnett_gethostname() == NULL || gasnett_gethostname()[0] == '\0');
  gasnett_sched_yield();
  gasnett_local_wmb();
  gasnett_local_rmb();
  gasnett_local_mb();
  gasnett_compiler_fence();
  gasnett_weak_mb();
  FAIL_IF(strcmp(gasnett_format_number(3 << 20, buf, sizeof buf, 1), "3 MB") != 0);
  FAIL_IF(strcmp(gasnett_format_number(12345, buf, sizeof buf, 0), "12345") != 0);
  FAIL_IF(gasnett_parse_int("64K", 1) != 65536);
  FAIL_IF(gasnett_parse_int("0x10", 0) != 16);
  gasnett_setenv("COMPAT_TOOLS_INT", "2M");
  gasnett_setenv("COMPAT_TOOLS_YES", "yes");
  FAIL_IF(gasnett_getenv_int_withdefault("COMPAT_TOOLS_INT", 5, 1) != (2 << 20));
  FAIL_IF(gasnett_getenv_int_withdefault("COMPAT_TOOLS_UNSET", 5, 0) != 5);
  FAIL_IF(gasnett_getenv_yesno_withdefault("COMPAT_TOOLS_YES", 0) != 1);
  FAIL_IF(gasnett_getenv_yesno_withdefault("COMPAT_TOOLS_UNSET", 1) != 1);
  FAIL_IF(strcmp(gasnett_getenv_withdefault("COMPAT_TOOLS_UNSET", "dflt"), "dflt") != 0);
  FAIL_IF(gasnett_getenv_dbl_withdefault("COMPAT_TOOLS_UNSET", 2.5) != 2.5);
  gasnett_envint_display("COMPAT_TOOLS_INT", 2 << 20, 0, 1);
  gasnett_unsetenv("COMPAT_TOOLS_INT");
  FAIL_IF(gasnett_getenv("COMPAT_TOOLS_INT") != NULL);
  for (i = 0; i < 100; ++i) data[i] = (unsigned char)i;
  {
    uint64_t c1 = gasnett_checksum(data, 100);
    data[50] ^= 1;
    FAIL_IF(gasnett_checksum(data, 100) == c1);
    data[50] ^= 1;
    FAIL_IF(gasnett_checksum(data, 100) != c1);
  }
  FAIL_IF(!gasnett_isLittleEndian());
  FAIL_IF(gasnett_count0s("a\0b\0", 4) != 2);
  GASNETT_TRACE_PRINTF("tracing is off: %d", 1);
  GASNETT_TRACE_SETSOURCELINE(__FILE__, __LINE__);
  FAIL_IF(GASNETT_TRACE_ENABLED);
  FAIL_IF(GASNETT_PREDICT_FALSE(GASNETT_STATS_INIT(NULL)));
  FAIL_IF(!GASNETT_PREDICT_TRUE(sizeof(GASNETT_CONFIG_STRING) > 10));
}

int main(int argc, char **argv) {
  pthread_t th[2];
  long t;
#ifdef COMPAT_TOOLS_WITH_GASNET
  GASNET_BEGIN_FUNCTION();
  FAIL_IF(gasnet_init(&argc, &argv) != GASNET_OK);
#if GEXI_TOOLS_TSC
  /* The tick rate is measured in the library's init, not at the client's first conversion (which
   * may end its first timed interval), and the library and this program share it. */
  FAIL_IF(__atomic_load_n(&gexi_tick_ns_bits, __ATOMIC_ACQUIRE) == 0);
#endif
  FAIL_IF(gasnet_attach(NULL, 0, GASNET_PAGESIZE, 0) != GASNET_OK);
#else
  (void)argc, (void)argv;
#endif
  for (t = 0; t < 2; ++t) FAIL_IF(pthread_create(&th[t], NULL, worker, (void *)(intptr_t)(t + 1)) != 0);
  gasnett_mutex_lock(&mutex);
  ready = 1;
  gasnett_cond_broadcast(&cond);
  gasnett_mutex_unlock(&mutex);
  for (t = 0; t < 2; ++t) pthread_join(th[t], NULL);
  FAIL_IF(gasnett_atomic_read(&a_inc, 0) != 2 * ITERS);
  FAIL_IF(gasnett_atomic_read(&a_dec, 0) != 0);
  FAIL_IF(gasnett_atomic_read(&zero_hits, 0) != 1);
  FAIL_IF(gasnett_atomic32_read(&a32, 0) != 4 * ITERS);
  FAIL_IF(gasnett_atomic64_read(&a64, 0) != ((uint64_t)2 * ITERS) << 33);
  FAIL_IF(gasnett_atomic64_read(&a_cas, 0) != 2 * ITERS);
  FAIL_IF(gasnett_weakatomic_read(&w_inc, 0) != 2 * ITERS);
  FAIL_IF(gasnett_atomic_read(&a_swapsum, 0) != 2 * ((ITERS + 1023) / 1024));
  FAIL_IF(plain_counter != 2 * ((ITERS + 1023) / 1024));
  FAIL_IF(gasnett_atomic_compare_and_swap(&a_inc, 0, 1, 0)); /* wrong old value */
  FAIL_IF(gasnett_threadkey_get(tkey) != NULL);              /* never set on this thread */
  gasnett_atomic_set(&a_inc, GASNETT_ATOMIC_MAX, GASNETT_ATOMIC_MB_PRE | GASNETT_ATOMIC_MB_POST);
  gasnett_atomic_increment(&a_inc, 0);
  FAIL_IF(gasnett_atomic_read(&a_inc, 0) != 0); /* wraps */
  FAIL_IF(gasnett_atomic_signed(GASNETT_ATOMIC_MAX) != -1);
  check_timers();
  check_misc();
#ifdef COMPAT_TOOLS_WITH_GASNET
  FAIL_IF(gasnet_barrier(1, 0) != GASNET_OK);
  if (gasnet_mynode() == 0) printf("compat_tools (with gasnet.h): OK\n");
  gasnet_exit(0);
#else
  printf("compat_tools: OK\n");
#endif
  return 0;
}
