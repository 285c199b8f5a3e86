/* gexbench-floor: the machine's own floor, measured without libgex, in the same run as the suite.
 *
 *   gexbench-floor [--trials N] [--iters N] [--maxsz SIZE] [--step 2|4] [--pin auto|on|off]
 *                  [--json FILE] [--cap BYTES]
 *
 * Figures (each the median of N trials, min and max beside it, one warm-up trial excluded):
 *   store_fence    a plain 8-byte store to a shared (MAP_SHARED) line, then a full fence
 *   load8          a plain 8-byte load from a shared line (what a blocking 8-byte Get must do)
 *   rmw            an atomic fetch-add on a shared line, uncontended
 *   rmw_pingpong   two processes take turns doing a fetch-add on one shared line (per round trip)
 *   cacheline_rtt  two forked processes ping-pong two flags (one per cache line) in a MAP_SHARED
 *                  region: the round trip of one cache line between two cores
 *   memcpy         single-core memcpy bandwidth for every power-of-two size up to maxsz
 * Both processes are pinned to the first two allowed CPUs when there are at least two (auto).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>

#include "bench_common.h"

static int trials = 11, pin_mode = 1, step = 2;
static unsigned spin_limit = 256; /* spins before a waiting process yields its core */
static long iters = 100000;
static size_t maxsz = (size_t)64 << 20, cap_bytes = (size_t)256 << 20;
static FILE *json = NULL;

static void report(const char *name, const char *metric, size_t bytes, long n, bench_stat_t *s) {
  bench_stat_finish(s);
  char sz[32];
  if (!strcmp(metric, "bandwidth"))
    printf("  floor %-14s %8s %9ld iters  %10.1f MB/s  [min %.1f, max %.1f]\n", name, bench_size_name(bytes, sz, sizeof sz), n,
           bytes / s->median * 1e3, bytes / s->max * 1e3, bytes / s->min * 1e3);
  else
    printf("  floor %-14s %8s %9ld iters  %10.2f ns    [min %.2f, max %.2f]\n", name, "-", n, s->median, s->min, s->max);
  fflush(stdout);
  bench_json(json, "floor", "floor", name, metric, bytes, n, 2, "", s);
}

typedef void *(*memcpy_fn)(void *, const void *, size_t);
static memcpy_fn volatile copy = memcpy; /* a real call, as RMA makes */

static void measure_memcpy(void) {
  char *src = NULL, *dst = NULL;
  if (posix_memalign((void **)&src, 4096, maxsz) || posix_memalign((void **)&dst, 4096, maxsz)) {
    fprintf(stderr, "gexbench-floor: cannot allocate 2 x %zu bytes\n", maxsz);
    exit(1);
  }
  memset(src, 1, maxsz);
  memset(dst, 2, maxsz);
  for (size_t size = 1; size <= maxsz; size *= (size_t)step) {
    long n = bench_iters_for(size, iters, cap_bytes, 2);
    bench_stat_t s = {.n = trials};
    for (int t = -1; t < trials; t++) {
      double t0 = bench_now_ns();
      for (long i = 0; i < n; i++) copy(dst, src, size);
      double dt = bench_now_ns() - t0;
      if (t >= 0) s.ns[t] = dt / n;
    }
    report("memcpy", "bandwidth", size, n, &s);
    if (step == 4 && size == 4) { /* 8 B is a target size: measure it too */
      bench_stat_t s8 = {.n = trials};
      for (int t = -1; t < trials; t++) {
        double t0 = bench_now_ns();
        for (long i = 0; i < iters; i++) copy(dst, src, 8);
        double dt = bench_now_ns() - t0;
        if (t >= 0) s8.ns[t] = dt / iters;
      }
      report("memcpy", "bandwidth", 8, iters, &s8);
    }
  }
  free(src);
  free(dst);
}

/* The shared region: flags 128 bytes apart (a line each, clear of the adjacent-line prefetcher). */
struct shared {
  volatile uint64_t ping;
  char pad1[120];
  volatile uint64_t pong;
  char pad2[120];
  uint64_t counter;
  char pad3[120];
  uint64_t word;
};

static inline void spin_until_eq(volatile uint64_t *p, uint64_t v) {
  unsigned spins = 0;
  while (__atomic_load_n(p, __ATOMIC_ACQUIRE) != v) {
    bench_cpu_relax();
    if (++spins == spin_limit) { spins = 0; sched_yield(); } /* the peer may have lost its core */
  }
}

#define STOP UINT64_MAX

static void measure_local(struct shared *sh) {
  bench_stat_t s = {.n = trials};
  for (int t = -1; t < trials; t++) {
    double t0 = bench_now_ns();
    for (long i = 0; i < iters; i++) {
      __atomic_store_n(&sh->word, (uint64_t)i, __ATOMIC_RELAXED);
      __atomic_thread_fence(__ATOMIC_SEQ_CST);
    }
    double dt = bench_now_ns() - t0;
    if (t >= 0) s.ns[t] = dt / iters;
  }
  report("store_fence", "latency", 8, iters, &s);

  uint64_t sink = 0;
  for (int t = -1; t < trials; t++) {
    double t0 = bench_now_ns();
    for (long i = 0; i < iters; i++) sink += *(volatile uint64_t *)&sh->word;
    double dt = bench_now_ns() - t0;
    if (t >= 0) s.ns[t] = dt / iters;
  }
  if (sink == 42) printf(" ");
  report("load8", "latency", 8, iters, &s);

  for (int t = -1; t < trials; t++) {
    double t0 = bench_now_ns();
    for (long i = 0; i < iters; i++) __atomic_fetch_add(&sh->counter, 1, __ATOMIC_SEQ_CST);
    double dt = bench_now_ns() - t0;
    if (t >= 0) s.ns[t] = dt / iters;
  }
  report("rmw", "latency", 8, iters, &s);
}

static void child_loop(struct shared *sh) {
  prctl(PR_SET_PDEATHSIG, SIGKILL); /* never outlive the measuring parent */
  bench_pin(1, 2, pin_mode);
  /* cache-line ping-pong */
  uint64_t seen = 0;
  for (;;) {
    uint64_t v;
    unsigned spins = 0;
    while ((v = __atomic_load_n(&sh->ping, __ATOMIC_ACQUIRE)) == seen) {
      bench_cpu_relax();
      if (++spins == spin_limit) { spins = 0; sched_yield(); }
    }
    if (v == STOP) break;
    seen = v;
    __atomic_store_n(&sh->pong, v, __ATOMIC_RELEASE);
  }
  /* atomic ping-pong: the child increments odd values */
  for (;;) {
    uint64_t c;
    unsigned spins = 0;
    while (((c = __atomic_load_n(&sh->counter, __ATOMIC_ACQUIRE)) & 1) == 0) {
      if (__atomic_load_n(&sh->pong, __ATOMIC_ACQUIRE) == STOP) _exit(0);
      bench_cpu_relax();
      if (++spins == spin_limit) { spins = 0; sched_yield(); }
    }
    __atomic_fetch_add(&sh->counter, 1, __ATOMIC_SEQ_CST);
  }
}

static void measure_shared(struct shared *sh) {
  long n = iters / 4 > 1000 ? iters / 4 : 1000;
  sh->ping = sh->pong = 0;
  sh->counter = 0;
  pid_t child = fork();
  if (child < 0) {
    perror("fork");
    exit(1);
  }
  if (child == 0) child_loop(sh);

  uint64_t v = 0;
  bench_stat_t s = {.n = trials};
  for (int t = -1; t < trials; t++) {
    double t0 = bench_now_ns();
    for (long i = 0; i < n; i++) {
      ++v;
      __atomic_store_n(&sh->ping, v, __ATOMIC_RELEASE);
      spin_until_eq(&sh->pong, v);
    }
    double dt = bench_now_ns() - t0;
    if (t >= 0) s.ns[t] = dt / n;
  }
  __atomic_store_n(&sh->ping, STOP, __ATOMIC_RELEASE);
  report("cacheline_rtt", "latency", 0, n, &s);

  /* parent increments even values: one round = the line goes there and back, an RMW on each side */
  for (int t = -1; t < trials; t++) {
    double t0 = bench_now_ns();
    for (long i = 0; i < n; i++) {
      unsigned spins = 0;
      while (__atomic_load_n(&sh->counter, __ATOMIC_ACQUIRE) & 1) {
        bench_cpu_relax();
        if (++spins == spin_limit) { spins = 0; sched_yield(); }
      }
      __atomic_fetch_add(&sh->counter, 1, __ATOMIC_SEQ_CST);
    }
    double dt = bench_now_ns() - t0;
    if (t >= 0) s.ns[t] = dt / n;
  }
  while (__atomic_load_n(&sh->counter, __ATOMIC_ACQUIRE) & 1) bench_cpu_relax();
  __atomic_store_n(&sh->pong, STOP, __ATOMIC_RELEASE);
  report("rmw_pingpong", "latency", 8, n, &s);
  int status;
  waitpid(child, &status, 0);
}

static void usage(const char *prog) {
  printf("usage: %s [--trials N] [--iters N] [--maxsz SIZE] [--step 2|4] [--cap BYTES] [--pin auto|on|off] [--json FILE]\n",
         prog);
}

int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--trials") && v) trials = atoi(argv[++i]);
    else if (!strcmp(a, "--iters") && v) iters = atol(argv[++i]);
    else if (!strcmp(a, "--maxsz") && v) maxsz = bench_parse_size(argv[++i]);
    else if (!strcmp(a, "--cap") && v) cap_bytes = bench_parse_size(argv[++i]);
    else if (!strcmp(a, "--step") && v) step = atoi(argv[++i]);
    else if (!strcmp(a, "--spin") && v) spin_limit = (unsigned)atol(argv[++i]);
    else if (!strcmp(a, "--pin") && v) pin_mode = bench_parse_pin(argv[++i]);
    else if (!strcmp(a, "--json") && v) {
      json = fopen(argv[++i], "a");
      if (!json) { perror(argv[i]); return 1; }
    } else {
      usage(argv[0]);
      return strcmp(a, "-h") && strcmp(a, "--help") ? 2 : 0;
    }
  }
  if (trials < 1 || trials > BENCH_MAX_TRIALS || iters < 1 || maxsz < 1 || (step != 2 && step != 4)) {
    usage(argv[0]);
    return 2;
  }
  int cpu = bench_pin(0, 2, pin_mode);
  printf("machine floor: %d trials, pinned %s\n", trials, cpu >= 0 ? "yes" : "no");
  struct shared *sh = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (sh == MAP_FAILED) {
    perror("mmap");
    return 1;
  }
  measure_local(sh);
  measure_shared(sh);
  measure_memcpy();
  if (json) fclose(json);
  return 0;
}
