/* Shared helpers of the benchmark programs (gexbench, gexbench-floor): clock, trials and their
 * statistics, JSON-lines output, CPU pinning, size formatting. Header-only, C11. */
#ifndef GEX_BENCH_COMMON_H
#define GEX_BENCH_COMMON_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* sched_setaffinity, CPU_* */
#endif
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define BENCH_MAX_TRIALS 64

static inline double bench_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return 1e9 * (double)ts.tv_sec + (double)ts.tv_nsec;
}

static inline void bench_cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}

/* One figure: `trials` samples of nanoseconds per operation (warm-up excluded by the caller). */
typedef struct {
  double ns[BENCH_MAX_TRIALS];
  int n;
  double median, min, max;
} bench_stat_t;

static int bench_cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static inline void bench_stat_finish(bench_stat_t *s) {
  double sorted[BENCH_MAX_TRIALS];
  memcpy(sorted, s->ns, sizeof(double) * (size_t)s->n);
  qsort(sorted, (size_t)s->n, sizeof(double), bench_cmp_double);
  s->min = sorted[0];
  s->max = sorted[s->n - 1];
  s->median = s->n % 2 ? sorted[s->n / 2] : 0.5 * (sorted[s->n / 2 - 1] + sorted[s->n / 2]);
}

/* Iterations per trial for a transfer of `bytes`: `iters`, capped so one trial moves at most
 * `cap_bytes`, and at least `floor_iters`. */
static inline long bench_iters_for(size_t bytes, long iters, size_t cap_bytes, long floor_iters) {
  long n = iters;
  if (bytes) {
    size_t cap = cap_bytes / bytes;
    if ((size_t)n > cap) n = (long)cap;
  }
  if (n < floor_iters) n = floor_iters;
  return n;
}

static inline const char *bench_size_name(size_t bytes, char *buf, size_t len) {
  if (bytes >= (1u << 20) && bytes % (1u << 20) == 0) snprintf(buf, len, "%zuM", bytes >> 20);
  else if (bytes >= 1024 && bytes % 1024 == 0) snprintf(buf, len, "%zuK", bytes >> 10);
  else snprintf(buf, len, "%zu", bytes);
  return buf;
}

/* Parses 64, 4K, 16M, 1G (binary multiples). 0 on error. */
static inline size_t bench_parse_size(const char *s) {
  char *end = NULL;
  unsigned long long v = strtoull(s, &end, 10);
  if (end == s) return 0;
  switch (*end) {
    case 'k': case 'K': v <<= 10; break;
    case 'm': case 'M': v <<= 20; break;
    case 'g': case 'G': v <<= 30; break;
    case '\0': break;
    default: return 0;
  }
  return (size_t)v;
}

/* The 1-minute load average (0 when unknown). */
static inline double bench_loadavg(void) {
  double l = 0;
  FILE *f = fopen("/proc/loadavg", "r");
  if (f) {
    if (fscanf(f, "%lf", &l) != 1) l = 0;
    fclose(f);
  }
  return l;
}

/* Pins the calling process to the `index`-th CPU it may run on, when there are at least `needed`
 * such CPUs that other work leaves idle (mode 1 = auto: the load average plus `needed` fits the
 * CPUs; on a shared, busy machine pinned waiters cannot migrate to a core that frees up, which
 * turns a sub-microsecond round trip into tens of microseconds) or always (mode 2). Returns the
 * CPU, or -1 when not pinned. */
static inline int bench_pin(int index, int needed, int mode) {
  cpu_set_t allowed, one;
  if (mode == 0 || sched_getaffinity(0, sizeof allowed, &allowed) != 0) return -1;
  int count = CPU_COUNT(&allowed);
  if (mode == 1 && (count < needed || bench_loadavg() + needed > count + 0.5)) return -1;
  int want = index % count, seen = 0;
  for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
    if (!CPU_ISSET(cpu, &allowed)) continue;
    if (seen++ == want) {
      CPU_ZERO(&one);
      CPU_SET(cpu, &one);
      return sched_setaffinity(0, sizeof one, &one) == 0 ? cpu : -1;
    }
  }
  return -1;
}

static inline int bench_parse_pin(const char *s) {
  if (!strcmp(s, "off")) return 0;
  if (!strcmp(s, "on")) return 2;
  return 1; /* auto */
}

/* One JSON line per figure: every sample (ns per operation), the median/min/max, and what was
 * measured. `bytes` is the payload per operation (0 for none). */
static inline void bench_json(FILE *f, const char *suite, const char *group, const char *name, const char *metric,
                              size_t bytes, long iters, int procs, const char *label, const bench_stat_t *s) {
  if (!f) return;
  fprintf(f, "{\"suite\":\"%s\",\"group\":\"%s\",\"name\":\"%s\",\"metric\":\"%s\",\"bytes\":%zu,"
             "\"iters\":%ld,\"procs\":%d,\"label\":\"%s\",\"ns\":[",
          suite, group, name, metric, bytes, iters, procs, label ? label : "");
  for (int i = 0; i < s->n; i++) fprintf(f, "%s%.4f", i ? "," : "", s->ns[i]);
  fprintf(f, "],\"median\":%.4f,\"min\":%.4f,\"max\":%.4f}\n", s->median, s->min, s->max);
  fflush(f);
}

/* The same, with the floor measured in alternation with it (trial i of the floor ran just before
 * trial i of the figure, in the same processes): `floor` names it, its samples follow. */
static inline void bench_json_pair(FILE *f, const char *suite, const char *group, const char *name, const char *metric,
                                   size_t bytes, long iters, int procs, const char *label, const bench_stat_t *s,
                                   const char *floor, long floor_iters, const bench_stat_t *fs) {
  if (!f) return;
  fprintf(f, "{\"suite\":\"%s\",\"group\":\"%s\",\"name\":\"%s\",\"metric\":\"%s\",\"bytes\":%zu,"
             "\"iters\":%ld,\"procs\":%d,\"label\":\"%s\",\"ns\":[",
          suite, group, name, metric, bytes, iters, procs, label ? label : "");
  for (int i = 0; i < s->n; i++) fprintf(f, "%s%.4f", i ? "," : "", s->ns[i]);
  fprintf(f, "],\"median\":%.4f,\"min\":%.4f,\"max\":%.4f", s->median, s->min, s->max);
  if (floor && fs) {
    fprintf(f, ",\"floor\":\"%s\",\"floor_iters\":%ld,\"floor_ns\":[", floor, floor_iters);
    for (int i = 0; i < fs->n; i++) fprintf(f, "%s%.4f", i ? "," : "", fs->ns[i]);
    fprintf(f, "],\"floor_median\":%.4f,\"floor_min\":%.4f,\"floor_max\":%.4f", fs->median, fs->min, fs->max);
  }
  fprintf(f, "}\n");
  fflush(f);
}

/* A note (skipped section, observation) for the report. */
static inline void bench_json_note(FILE *f, const char *suite, const char *group, const char *text) {
  if (!f) return;
  fprintf(f, "{\"suite\":\"%s\",\"group\":\"%s\",\"note\":\"", suite, group);
  for (const char *p = text; *p; p++) {
    if (*p == '"' || *p == '\\') fputc('\\', f);
    if (*p == '\n') { fputs("\\n", f); continue; }
    fputc(*p, f);
  }
  fprintf(f, "\"}\n");
  fflush(f);
}

#endif /* GEX_BENCH_COMMON_H */
