/* gexbench: the libgex benchmark suite, public GASNet-EX API only.
 *
 *   gexrun -n 2 gexbench [options] [iters] [maxsz] [sections]
 *
 * Habits of GASNet's testsmall/testlarge/testam: positional (iters) (maxsz) (test_sections),
 * -m for MB/sec (MB = 2^20 bytes; KB/sec otherwise), -p puts only, -g gets only, -s no warm-up,
 * -in/-out for the initiator's buffer inside/outside the segment. Sections, by letter or name:
 *   A rma      Put/Get, Blocking/NB/NBI: latency (one at a time) and flood bandwidth, 1 B..maxsz
 *   B am       AM Short/Medium/Long round trip, request-request, one-way flood (fixed and
 *              negotiated payload)
 *   C barrier  gex_Coll_BarrierNB latency over every rank of the job
 *   D coll     Broadcast, ReduceToOne, ReduceToAll
 *   E ratomic  remote atomics: fetch-add latency, add and fetch-add rate
 *   F vis      VIS strided put/get; short Indexed lists (2 and 16 entries of 64 and 512 bytes,
 *              apart or adjacent): the per-call cost GASNet's testvisperf small lines show
 * Other options: --trials N (median of N trials, default 11), --step 2|4 (sizes: powers of 2 or 4),
 * --json FILE (append one JSON line per figure, every sample), --label TEXT (tags the records),
 * --pin auto|on|off (pin rank r to the r-th allowed CPU; auto: when there are enough CPUs),
 * --cap BYTES (most bytes one trial moves; fewer iterations for large sizes).
 * Rank 0 measures against rank 1; further ranks only take part in the barriers (and collectives).
 * Every figure is nanoseconds per operation; bandwidth = bytes / time.
 */
#define _GNU_SOURCE
#include <gasnetex.h>
#include <gasnet_coll.h>
#include <gasnet_ratomic.h>
#include <gasnet_vis.h>

#include <fcntl.h>
#include <sys/mman.h>

#include "bench_common.h"

/* ---- options ------------------------------------------------------------------------------ */
static long iters = 10000;
static size_t maxsz = (size_t)4 << 20;
static int trials = 11, step = 2, pin_mode = 1, units_mb = 0, do_puts = 1, do_gets = 1, warmup = 1;
static int in_segment = 0;
static size_t cap_bytes = (size_t)256 << 20;
static const char *label = "";
static FILE *json = NULL;
static char sections[16] = "";

/* ---- job ------------------------------------------------------------------------------------ */
static gex_Client_t client;
static gex_EP_t ep;
static gex_TM_t team;
static gex_Rank_t me, nranks, peer;
static char *my_seg;          /* my segment: [0, maxsz) RMA/AM target, [maxsz, 2 maxsz) -in buffer */
static char *peer_seg;        /* rank 1's segment address (rank 0) / rank 0's (rank 1) */
static char *local_buf;       /* initiator buffer (-out: malloc, -in: in my segment) */
static size_t max_medium, long_max;

static void barrier(void) { gex_Event_Wait(gex_Coll_BarrierNB(team, 0)); }

/* ---- handlers -------------------------------------------------------------------------------- */
enum {
  H_PING_S = GEX_AM_INDEX_BASE, H_PONG_S, H_PING_M, H_PONG_M, H_PING_L, H_PONG_L,
  H_COUNT_S, H_COUNT_M, H_COUNT_L, H_DONE, H_RR, H_STOP, H_SHM
};
static volatile uint64_t pongs, counted, dones, rrs, stops;
static volatile int32_t shm_pid;

static void ping_s(gex_Token_t t) { gex_AM_ReplyShort0(t, H_PONG_S, 0); }
static void pong_s(gex_Token_t t) { (void)t; pongs = pongs + 1; }
static void ping_m(gex_Token_t t, void *buf, size_t n) { gex_AM_ReplyMedium0(t, H_PONG_M, buf, n, GEX_EVENT_NOW, 0); }
static void pong_m(gex_Token_t t, void *buf, size_t n) { (void)t, (void)buf, (void)n; pongs = pongs + 1; }
static void ping_l(gex_Token_t t, void *buf, size_t n) {
  gex_AM_ReplyLong0(t, H_PONG_L, buf, n, peer_seg, GEX_EVENT_NOW, 0); /* back into rank 0's segment */
}
static void pong_l(gex_Token_t t, void *buf, size_t n) { (void)t, (void)buf, (void)n; pongs = pongs + 1; }
static void count_s(gex_Token_t t) { (void)t; counted = counted + 1; }
static void count_p(gex_Token_t t, void *buf, size_t n) { (void)t, (void)buf, (void)n; counted = counted + 1; }
static void done_s(gex_Token_t t) { (void)t; dones = dones + 1; }
static void rr_s(gex_Token_t t) { (void)t; rrs = rrs + 1; }
static void stop_s(gex_Token_t t) { (void)t; stops = stops + 1; }
static void shm_s(gex_Token_t t, gex_AM_Arg_t pid) { (void)t; shm_pid = pid; }

#define REQ GEX_FLAG_AM_REQUEST
#define REP GEX_FLAG_AM_REPLY
static gex_AM_Entry_t handlers[] = {
    {H_PING_S, (gex_AM_Fn_t)ping_s, GEX_FLAG_AM_SHORT | REQ, 0, NULL, "ping_s"},
    {H_PONG_S, (gex_AM_Fn_t)pong_s, GEX_FLAG_AM_SHORT | REP, 0, NULL, "pong_s"},
    {H_PING_M, (gex_AM_Fn_t)ping_m, GEX_FLAG_AM_MEDIUM | REQ, 0, NULL, "ping_m"},
    {H_PONG_M, (gex_AM_Fn_t)pong_m, GEX_FLAG_AM_MEDIUM | REP, 0, NULL, "pong_m"},
    {H_PING_L, (gex_AM_Fn_t)ping_l, GEX_FLAG_AM_LONG | REQ, 0, NULL, "ping_l"},
    {H_PONG_L, (gex_AM_Fn_t)pong_l, GEX_FLAG_AM_LONG | REP, 0, NULL, "pong_l"},
    {H_COUNT_S, (gex_AM_Fn_t)count_s, GEX_FLAG_AM_SHORT | REQ, 0, NULL, "count_s"},
    {H_COUNT_M, (gex_AM_Fn_t)count_p, GEX_FLAG_AM_MEDIUM | REQ, 0, NULL, "count_m"},
    {H_COUNT_L, (gex_AM_Fn_t)count_p, GEX_FLAG_AM_LONG | REQ, 0, NULL, "count_l"},
    {H_DONE, (gex_AM_Fn_t)done_s, GEX_FLAG_AM_SHORT | REQ, 0, NULL, "done"},
    {H_RR, (gex_AM_Fn_t)rr_s, GEX_FLAG_AM_SHORT | REQ, 0, NULL, "rr"},
    {H_STOP, (gex_AM_Fn_t)stop_s, GEX_FLAG_AM_SHORT | REQ, 0, NULL, "stop"},
    {H_SHM, (gex_AM_Fn_t)shm_s, GEX_FLAG_AM_SHORT | REQ, 1, NULL, "shm"},
};

/* ---- floors measured in alternation with the figures ----------------------------------------- */
/* Before each trial of a figure, one trial of its floor runs in the same processes, so both see
 * the same machine (a busy shared machine changes by the second). The cache-line round trip uses
 * two flags, a line each, in a MAP_SHARED object that rank 0 creates and rank 1 maps: no libgex. */
typedef enum { FL_NONE, FL_MEMCPY, FL_STORE_FENCE, FL_RMW, FL_CLRTT } floor_kind;
static const char *floor_names[] = {NULL, "memcpy", "store_fence", "rmw", "cacheline_rtt"};
struct flags_line {
  volatile uint64_t ping;
  char pad1[120];
  volatile uint64_t pong;
  char pad2[120];
  uint64_t word; /* store+fence and RMW target */
};
static struct flags_line *fl;   /* NULL: no second rank, no round-trip floor */
static char *floor_dst;         /* rank 0: memcpy floor destination, maxsz bytes */
static uint64_t fl_seq;
typedef void *(*copy_fn)(void *, const void *, size_t);
static copy_fn volatile floor_copy = memcpy; /* a real call, as RMA makes */

static void spin_wait_eq(volatile uint64_t *p, uint64_t v) {
  unsigned spins = 0;
  while (__atomic_load_n(p, __ATOMIC_ACQUIRE) != v) {
    bench_cpu_relax();
    if (++spins == 256) { spins = 0; sched_yield(); } /* as the runtime's waits do */
  }
}

static long floor_iters(floor_kind k, long n) {
  if (k == FL_CLRTT) return n < 200 ? 200 : n > 2000 ? 2000 : n;
  return n;
}

/* One trial of the floor; ns per operation (rank 0's figure; 0 elsewhere). Ranks 0 and 1 both
 * call it for FL_CLRTT, rank 0 alone for the others. */
static double floor_trial(floor_kind k, size_t bytes, long n) {
  double t0 = bench_now_ns();
  long nf = floor_iters(k, n);
  switch (k) {
    case FL_NONE: return 0;
    case FL_MEMCPY:
      for (long i = 0; i < nf; i++) floor_copy(floor_dst, local_buf, bytes);
      break;
    case FL_STORE_FENCE:
      for (long i = 0; i < nf; i++) {
        __atomic_store_n(&fl->word, (uint64_t)i, __ATOMIC_RELAXED);
        __atomic_thread_fence(__ATOMIC_SEQ_CST);
      }
      break;
    case FL_RMW:
      for (long i = 0; i < nf; i++) __atomic_fetch_add(&fl->word, 1, __ATOMIC_SEQ_CST);
      break;
    case FL_CLRTT:
      if (!fl || me > 1) return 0;
      for (long i = 0; i < nf; i++) {
        uint64_t v = ++fl_seq;
        if (me == 0) {
          __atomic_store_n(&fl->ping, v, __ATOMIC_RELEASE);
          spin_wait_eq(&fl->pong, v);
        } else {
          spin_wait_eq(&fl->ping, v);
          __atomic_store_n(&fl->pong, v, __ATOMIC_RELEASE);
        }
      }
      break;
  }
  return (bench_now_ns() - t0) / nf;
}

static void floor_setup(void) {
  static char name[64];
  if (me == 0) {
    snprintf(name, sizeof name, "/gexbench-%d", (int)getpid());
    int fd = shm_open(name, O_CREAT | O_EXCL | O_RDWR, 0600);
    if (fd < 0 || ftruncate(fd, 4096) != 0) { perror("gexbench: shm_open"); gasnet_exit(1); }
    fl = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (fl == MAP_FAILED) { perror("gexbench: mmap"); gasnet_exit(1); }
    if (nranks > 1) gex_AM_RequestShort1(team, 1, H_SHM, 0, (gex_AM_Arg_t)getpid());
    if (posix_memalign((void **)&floor_dst, 4096, maxsz)) floor_dst = NULL; /* aligned as local_buf and segments */
    if (!floor_dst) { fprintf(stderr, "gexbench: out of memory\n"); gasnet_exit(1); }
    memset(floor_dst, 3, maxsz);
  } else if (me == 1) {
    GASNET_BLOCKUNTIL(shm_pid != 0);
    snprintf(name, sizeof name, "/gexbench-%d", (int)shm_pid);
    int fd = shm_open(name, O_RDWR, 0600);
    if (fd < 0) { perror("gexbench: shm_open of rank 0's flags"); gasnet_exit(1); }
    fl = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (fl == MAP_FAILED) { perror("gexbench: mmap"); gasnet_exit(1); }
  }
  barrier();
  if (me == 0) shm_unlink(name);
  if (me == 0 && nranks < 2) fl_seq = 0;
}

/* ---- reporting ------------------------------------------------------------------------------- */
static char section_letter = 'A';

/* GASNet-style line (median), then [min, max], the floor ratio and the JSON record. */
static void report(const char *group, const char *name, const char *metric, size_t bytes, long n, bench_stat_t *s,
                   floor_kind fk, bench_stat_t *fs) {
  bench_stat_finish(s);
  if (fk != FL_NONE) bench_stat_finish(fs);
  if (me != 0) return;
  char ratio[64] = "";
  if (fk != FL_NONE && fs->median > 0) snprintf(ratio, sizeof ratio, " x%.2f %s", s->median / fs->median, floor_names[fk]);
  if (!strcmp(metric, "bandwidth")) {
    double unit = units_mb ? 1048576.0 : 1024.0; /* bytes per second -> KB or MB per second */
    double med = bytes / (s->median * 1e-9) / unit, lo = bytes / (s->max * 1e-9) / unit, hi = bytes / (s->min * 1e-9) / unit;
    printf("%c: %3u - %10zu byte : %7ld iters, throughput %11.3f %s/sec [min %.3f, max %.3f] (%s %s)%s\n", section_letter,
           (unsigned)me, bytes, n, med, units_mb ? "MB" : "KB", lo, hi, group, name, ratio);
  } else {
    printf("%c: %3u - %10zu byte : %7ld iters, latency %11.4f us ave. [min %.4f, max %.4f] (%s %s)%s\n", section_letter,
           (unsigned)me, bytes, n, s->median * 1e-3, s->min * 1e-3, s->max * 1e-3, group, name, ratio);
  }
  fflush(stdout);
  if (fk == FL_NONE) bench_json(json, "gex", group, name, metric, bytes, n, (int)nranks, label, s);
  else bench_json_pair(json, "gex", group, name, metric, bytes, n, (int)nranks, label, s, floor_names[fk], floor_iters(fk, n), fs);
}

static void note(const char *group, const char *text) {
  if (me != 0) return;
  printf("%c: note (%s): %s\n", section_letter, group, text);
  fflush(stdout);
  bench_json_note(json, "gex", group, text);
}

/* The sizes of a sweep: powers of `step` from 1 to max, and 8 (a target size) when step is 4. */
static int sizes_upto(size_t max, size_t *out) {
  int k = 0;
  for (size_t s = 1; s <= max; s *= (size_t)step) {
    out[k++] = s;
    if (step == 4 && s == 4 && 8 <= max) out[k++] = 8;
  }
  return k;
}

/* Runs warm-up (unless -s) then `trials` timed trials of `body(n)` on rank 0, each after one trial
 * of its floor; the other ranks wait in the barrier that follows (which polls, so AM-path RMA is
 * served). */
typedef void (*body_fn)(size_t bytes, long n);
static void rank0_measure(const char *group, const char *name, const char *metric, size_t bytes, long n, body_fn body,
                          floor_kind fk) {
  bench_stat_t s = {.n = trials}, fs = {.n = trials};
  if (me == 0) {
    for (int t = warmup ? -1 : 0; t < trials; t++) {
      double f = floor_trial(fk, bytes, n);
      double t0 = bench_now_ns();
      body(bytes, n);
      double dt = bench_now_ns() - t0;
      if (t >= 0) s.ns[t] = dt / n, fs.ns[t] = f;
    }
  }
  barrier();
  report(group, name, metric, bytes, n, &s, fk, &fs);
}

/* ---- A: RMA ------------------------------------------------------------------------------------ */
static gex_Event_t *events;  /* iters entries, for NB floods */

static void put_blocking(size_t b, long n) {
  for (long i = 0; i < n; i++) gex_RMA_PutBlocking(team, peer, peer_seg, local_buf, b, 0);
}
static void get_blocking(size_t b, long n) {
  for (long i = 0; i < n; i++) gex_RMA_GetBlocking(team, local_buf, peer, peer_seg, b, 0);
}
static void put_nb_lat(size_t b, long n) {
  for (long i = 0; i < n; i++) gex_Event_Wait(gex_RMA_PutNB(team, peer, peer_seg, local_buf, b, GEX_EVENT_DEFER, 0));
}
static void get_nb_lat(size_t b, long n) {
  for (long i = 0; i < n; i++) gex_Event_Wait(gex_RMA_GetNB(team, local_buf, peer, peer_seg, b, 0));
}
static void put_nbi_lat(size_t b, long n) {
  for (long i = 0; i < n; i++) {
    gex_RMA_PutNBI(team, peer, peer_seg, local_buf, b, GEX_EVENT_DEFER, 0);
    gex_NBI_Wait(GEX_EC_PUT, 0);
  }
}
static void get_nbi_lat(size_t b, long n) {
  for (long i = 0; i < n; i++) {
    gex_RMA_GetNBI(team, local_buf, peer, peer_seg, b, 0);
    gex_NBI_Wait(GEX_EC_GET, 0);
  }
}
static void put_nb_flood(size_t b, long n) {
  for (long i = 0; i < n; i++) events[i] = gex_RMA_PutNB(team, peer, peer_seg, local_buf, b, GEX_EVENT_DEFER, 0);
  gex_Event_WaitAll(events, (size_t)n, 0);
}
static void get_nb_flood(size_t b, long n) {
  for (long i = 0; i < n; i++) events[i] = gex_RMA_GetNB(team, local_buf, peer, peer_seg, b, 0);
  gex_Event_WaitAll(events, (size_t)n, 0);
}
static void put_nbi_flood(size_t b, long n) {
  for (long i = 0; i < n; i++) gex_RMA_PutNBI(team, peer, peer_seg, local_buf, b, GEX_EVENT_DEFER, 0);
  gex_NBI_Wait(GEX_EC_PUT, 0);
}
static void get_nbi_flood(size_t b, long n) {
  for (long i = 0; i < n; i++) gex_RMA_GetNBI(team, local_buf, peer, peer_seg, b, 0);
  gex_NBI_Wait(GEX_EC_GET, 0);
}

static void section_rma(void) {
  size_t sizes[64];
  int k = sizes_upto(maxsz, sizes);
  for (int j = 0; j < k; j++) {
    size_t b = sizes[j];
    long n = bench_iters_for(b, iters, cap_bytes, 2);
    if (do_puts) {
      rank0_measure("rma", "put_blocking", "latency", b, n, put_blocking, FL_MEMCPY);
      if (b == 8) rank0_measure("rma", "put_blocking", "latency", b, n, put_blocking, FL_STORE_FENCE);
      rank0_measure("rma", "put_nb", "latency", b, n, put_nb_lat, FL_MEMCPY);
      rank0_measure("rma", "put_nbi", "latency", b, n, put_nbi_lat, FL_MEMCPY);
      rank0_measure("rma", "put_nb_flood", "bandwidth", b, n, put_nb_flood, FL_MEMCPY);
      rank0_measure("rma", "put_nbi_flood", "bandwidth", b, n, put_nbi_flood, FL_MEMCPY);
    }
    if (do_gets) {
      rank0_measure("rma", "get_blocking", "latency", b, n, get_blocking, FL_MEMCPY);
      if (b == 8) rank0_measure("rma", "get_blocking", "latency", b, n, get_blocking, FL_STORE_FENCE);
      rank0_measure("rma", "get_nb", "latency", b, n, get_nb_lat, FL_MEMCPY);
      rank0_measure("rma", "get_nbi", "latency", b, n, get_nbi_lat, FL_MEMCPY);
      rank0_measure("rma", "get_nb_flood", "bandwidth", b, n, get_nb_flood, FL_MEMCPY);
      rank0_measure("rma", "get_nbi_flood", "bandwidth", b, n, get_nbi_flood, FL_MEMCPY);
    }
  }
  /* the data really moved: put a pattern, read it back */
  if (me == 0) {
    size_t b = maxsz;
    for (size_t i = 0; i < b; i++) local_buf[i] = (char)(i * 13 + 7);
    gex_RMA_PutBlocking(team, peer, peer_seg, local_buf, b, 0);
    char *back = malloc(b);
    gex_RMA_GetBlocking(team, back, peer, peer_seg, b, 0);
    int ok = back && memcmp(back, local_buf, b) == 0;
    free(back);
    if (!ok) {
      fprintf(stderr, "gexbench: RMA check FAILED: the data read back differs from what was put\n");
      gasnet_exit(3);
    }
  }
  barrier();
}

/* ---- B: Active Messages ------------------------------------------------------------------------ */
/* Round trips: rank 0 sends, waits for the reply; rank 1 polls until rank 0 says stop. */
typedef void (*rtt_fn)(size_t bytes);
static void am_rtt_short(size_t b) { (void)b; gex_AM_RequestShort0(team, peer, H_PING_S, 0); }
static void am_rtt_medium(size_t b) { gex_AM_RequestMedium0(team, peer, H_PING_M, local_buf, b, GEX_EVENT_NOW, 0); }
static void am_rtt_long(size_t b) { gex_AM_RequestLong0(team, peer, H_PING_L, local_buf, b, peer_seg, GEX_EVENT_NOW, 0); }

static void serve_until_stopped(void) {
  uint64_t want = stops + 1;
  GASNET_BLOCKUNTIL(stops >= want);
}

static void measure_rtt(const char *name, size_t b, long n, rtt_fn send) {
  bench_stat_t s = {.n = trials}, fs = {.n = trials};
  barrier();
  for (int t = warmup ? -1 : 0; t < trials; t++) {
    double f = floor_trial(FL_CLRTT, 0, n);
    if (me == 0) {
      double t0 = bench_now_ns();
      for (long i = 0; i < n; i++) {
        uint64_t want = pongs + 1;
        send(b);
        GASNET_BLOCKUNTIL(pongs == want);
      }
      double dt = bench_now_ns() - t0;
      if (t >= 0) s.ns[t] = dt / n, fs.ns[t] = f;
      gex_AM_RequestShort0(team, peer, H_STOP, 0);
    } else if (me == 1) {
      serve_until_stopped();
    }
  }
  barrier();
  report("am", name, "latency", b, n, &s, FL_CLRTT, &fs);
}

/* Request-request: each side's main loop answers a Request with a Request of its own. */
static void measure_reqreq(long n) {
  bench_stat_t s = {.n = trials}, fs = {.n = trials};
  barrier();
  for (int t = warmup ? -1 : 0; t < trials; t++) {
    double f = floor_trial(FL_CLRTT, 0, n);
    double t0 = bench_now_ns();
    if (me == 0) {
      for (long i = 0; i < n; i++) {
        uint64_t want = rrs + 1;
        gex_AM_RequestShort0(team, peer, H_RR, 0);
        GASNET_BLOCKUNTIL(rrs == want);
      }
    } else if (me == 1) {
      for (long i = 0; i < n; i++) {
        uint64_t want = rrs + 1;
        GASNET_BLOCKUNTIL(rrs == want);
        gex_AM_RequestShort0(team, peer, H_RR, 0);
      }
    }
    double dt = bench_now_ns() - t0;
    if (t >= 0) s.ns[t] = dt / n, fs.ns[t] = f;
  }
  barrier();
  report("am", "short_reqreq_rtt", "latency", 0, n, &s, FL_CLRTT, &fs);
}

/* One-way floods: rank 0 sends n messages; rank 1 counts them in the handler and, once all have
 * run, tells rank 0 (one more one-way trip, amortized over n). */
typedef void (*flood_fn)(size_t bytes, long n);
static void flood_short(size_t b, long n) {
  (void)b;
  for (long i = 0; i < n; i++) gex_AM_RequestShort0(team, peer, H_COUNT_S, 0);
}
static void flood_medium(size_t b, long n) {
  for (long i = 0; i < n; i++) gex_AM_RequestMedium0(team, peer, H_COUNT_M, local_buf, b, GEX_EVENT_NOW, 0);
}
static void flood_long(size_t b, long n) {
  for (long i = 0; i < n; i++) gex_AM_RequestLong0(team, peer, H_COUNT_L, local_buf, b, peer_seg, GEX_EVENT_NOW, 0);
}
/* Negotiated payload: the runtime lends a buffer, the client writes its data into it, commits. */
static void flood_npam_medium(size_t b, long n) {
  for (long i = 0; i < n; i++) {
    gex_AM_SrcDesc_t sd = gex_AM_PrepareRequestMedium(team, peer, NULL, b, b, NULL, 0, 0);
    memcpy(gex_AM_SrcDescAddr(sd), local_buf, b);
    gex_AM_CommitRequestMedium0(sd, H_COUNT_M, b);
  }
}
static void flood_npam_long(size_t b, long n) {
  for (long i = 0; i < n; i++) {
    gex_AM_SrcDesc_t sd = gex_AM_PrepareRequestLong(team, peer, NULL, b, b, peer_seg, NULL, 0, 0);
    memcpy(gex_AM_SrcDescAddr(sd), local_buf, b);
    gex_AM_CommitRequestLong0(sd, H_COUNT_L, b, peer_seg);
  }
}

static void measure_flood(const char *name, const char *metric, size_t b, long n, flood_fn send, floor_kind fk) {
  bench_stat_t s = {.n = trials}, fs = {.n = trials};
  uint64_t target = counted; /* before the barrier: rank 1 may count rank 0's first messages while it waits there */
  barrier();
  for (int t = warmup ? -1 : 0; t < trials; t++) {
    double f = fk == FL_CLRTT || me == 0 ? floor_trial(fk, b, n) : 0;
    double t0 = bench_now_ns();
    if (me == 0) {
      uint64_t want = dones + 1;
      send(b, n);
      GASNET_BLOCKUNTIL(dones == want);
    } else if (me == 1) {
      uint64_t want = target += (uint64_t)n;
      GASNET_BLOCKUNTIL(counted >= want);
      gex_AM_RequestShort0(team, peer, H_DONE, 0);
    }
    double dt = bench_now_ns() - t0;
    if (t >= 0) s.ns[t] = dt / n, fs.ns[t] = f;
  }
  barrier();
  report("am", name, metric, b, n, &s, fk, &fs);
}

static void section_am(void) {
  size_t sizes[64];
  long lat_iters = iters;
  measure_rtt("short_rtt", 0, lat_iters, am_rtt_short);
  measure_reqreq(lat_iters);
  measure_flood("short_flood", "latency", 0, iters * 4, flood_short, FL_CLRTT);

  int k = sizes_upto(max_medium, sizes);
  if (sizes[k - 1] != max_medium) sizes[k++] = max_medium;
  for (int j = 0; j < k; j++) {
    size_t b = sizes[j];
    long n = bench_iters_for(b, lat_iters, cap_bytes / 4, 4);
    measure_rtt("medium_rtt", b, n, am_rtt_medium);
    measure_flood("medium_flood", "bandwidth", b, bench_iters_for(b, iters * 2, cap_bytes / 2, 4), flood_medium, FL_MEMCPY);
    measure_flood("npam_medium_flood", "bandwidth", b, bench_iters_for(b, iters * 2, cap_bytes / 2, 4), flood_npam_medium, FL_MEMCPY);
  }
  size_t lmax = long_max < maxsz ? long_max : maxsz;
  k = sizes_upto(lmax, sizes);
  for (int j = 0; j < k; j++) {
    size_t b = sizes[j];
    long n = bench_iters_for(b, lat_iters, cap_bytes / 4, 4);
    measure_rtt("long_rtt", b, n, am_rtt_long);
    measure_flood("long_flood", "bandwidth", b, bench_iters_for(b, iters * 2, cap_bytes / 2, 4), flood_long, FL_MEMCPY);
    if (b <= ((size_t)1 << 20)) /* the runtime's NPAM Long buffer limit is modest */
      measure_flood("npam_long_flood", "bandwidth", b, bench_iters_for(b, iters * 2, cap_bytes / 2, 4), flood_npam_long, FL_MEMCPY);
  }
}

/* ---- C: barrier ------------------------------------------------------------------------------- */
static void section_barrier(void) {
  bench_stat_t s = {.n = trials}, fs = {.n = trials};
  long n = iters;
  barrier();
  for (int t = warmup ? -1 : 0; t < trials; t++) {
    double f = floor_trial(FL_CLRTT, 0, n);
    barrier();
    double t0 = bench_now_ns();
    for (long i = 0; i < n; i++) barrier();
    double dt = bench_now_ns() - t0;
    if (t >= 0) s.ns[t] = dt / n, fs.ns[t] = f;
  }
  char name[32];
  snprintf(name, sizeof name, "barrier_%u", (unsigned)nranks);
  report("barrier", name, "latency", 0, n, &s, nranks > 1 ? FL_CLRTT : FL_NONE, &fs);
  barrier();
}

/* ---- D: collectives ----------------------------------------------------------------------------- */
static void section_coll(void) {
  size_t sizes[64];
  size_t cmax = maxsz < ((size_t)1 << 20) ? maxsz : ((size_t)1 << 20);
  int k = sizes_upto(cmax, sizes);
  char *src = local_buf, *dst = my_seg; /* dst in the segment: allowed either way, keeps it simple */
  for (int j = 0; j < k; j++) {
    size_t b = sizes[j];
    long n = bench_iters_for(b, iters / 4 > 10 ? iters / 4 : 10, cap_bytes / 16, 4);
    bench_stat_t s = {.n = trials};
    barrier();
    for (int t = warmup ? -1 : 0; t < trials; t++) {
      double t0 = bench_now_ns();
      for (long i = 0; i < n; i++) gex_Event_Wait(gex_Coll_BroadcastNB(team, 0, dst, src, b, 0));
      double dt = bench_now_ns() - t0;
      if (t >= 0) s.ns[t] = dt / n;
    }
    report("coll", "broadcast", "latency", b, n, &s, FL_NONE, NULL);
  }
  size_t rmax = cmax / 8;
  for (size_t cnt = 1; cnt <= rmax; cnt *= (size_t)(step * step)) {
    long n = bench_iters_for(cnt * 8, iters / 4 > 10 ? iters / 4 : 10, cap_bytes / 16, 4);
    bench_stat_t s = {.n = trials}, s1 = {.n = trials};
    barrier();
    for (int t = warmup ? -1 : 0; t < trials; t++) {
      double t0 = bench_now_ns();
      for (long i = 0; i < n; i++)
        gex_Event_Wait(gex_Coll_ReduceToAllNB(team, dst, src, GEX_DT_U64, 8, cnt, GEX_OP_ADD, NULL, NULL, 0));
      double dt = bench_now_ns() - t0;
      if (t >= 0) s.ns[t] = dt / n;
    }
    report("coll", "reduce_to_all_u64_add", "latency", cnt * 8, n, &s, FL_NONE, NULL);
    barrier();
    for (int t = warmup ? -1 : 0; t < trials; t++) {
      double t0 = bench_now_ns();
      for (long i = 0; i < n; i++)
        gex_Event_Wait(gex_Coll_ReduceToOneNB(team, 0, dst, src, GEX_DT_U64, 8, cnt, GEX_OP_ADD, NULL, NULL, 0));
      double dt = bench_now_ns() - t0;
      if (t >= 0) s1.ns[t] = dt / n;
    }
    report("coll", "reduce_to_one_u64_add", "latency", cnt * 8, n, &s1, FL_NONE, NULL);
  }
  barrier();
}

/* ---- E: remote atomics ---------------------------------------------------------------------------- */
static gex_AD_t ad;
static uint64_t *atomic_target; /* in rank 1's segment (owner address) */
static void fadd_lat(size_t b, long n) {
  (void)b;
  uint64_t r;
  for (long i = 0; i < n; i++) gex_Event_Wait(gex_AD_OpNB_U64(ad, &r, peer, atomic_target, GEX_OP_FADD, 1, 0, 0));
}
static void add_rate(size_t b, long n) {
  (void)b;
  for (long i = 0; i < n; i++) gex_AD_OpNBI_U64(ad, NULL, peer, atomic_target, GEX_OP_ADD, 1, 0, 0);
  gex_NBI_Wait(GEX_EC_RMW, 0);
}
static uint64_t fadd_results[1];
static void fadd_rate(size_t b, long n) {
  (void)b;
  for (long i = 0; i < n; i++) gex_AD_OpNBI_U64(ad, fadd_results, peer, atomic_target, GEX_OP_FADD, 1, 0, 0);
  gex_NBI_Wait(GEX_EC_RMW, 0);
}

static void section_ratomic(void) {
  gex_AD_Create(&ad, team, GEX_DT_U64, GEX_OP_FADD | GEX_OP_ADD, 0);
  atomic_target = (uint64_t *)(void *)(peer_seg + 64);
  rank0_measure("ratomic", "fadd_u64", "latency", 8, iters, fadd_lat, FL_RMW);
  rank0_measure("ratomic", "add_u64_nbi_flood", "latency", 8, iters, add_rate, FL_RMW);
  rank0_measure("ratomic", "fadd_u64_nbi_flood", "latency", 8, iters, fadd_rate, FL_RMW);
  barrier();
  gex_AD_Destroy(ad);
}

/* ---- F: VIS strided ----------------------------------------------------------------------------- */
static size_t vis_total, vis_elem;
static void vis_put(size_t b, long n) {
  (void)b;
  ptrdiff_t dst_str[1] = {(ptrdiff_t)(2 * vis_elem)}, src_str[1] = {(ptrdiff_t)(2 * vis_elem)};
  size_t count[1] = {vis_total / vis_elem};
  for (long i = 0; i < n; i++)
    gex_VIS_StridedPutBlocking(team, peer, peer_seg, dst_str, local_buf, src_str, vis_elem, count, 1, 0);
}
static void vis_get(size_t b, long n) {
  (void)b;
  ptrdiff_t dst_str[1] = {(ptrdiff_t)(2 * vis_elem)}, src_str[1] = {(ptrdiff_t)(2 * vis_elem)};
  size_t count[1] = {vis_total / vis_elem};
  for (long i = 0; i < n; i++)
    gex_VIS_StridedGetBlocking(team, local_buf, dst_str, peer, peer_seg, src_str, vis_elem, count, 1, 0);
}

static size_t vis_count, vis_stride;
static void *vis_local[16], *vis_remote[16];
static void vis_iput(size_t b, long n) {
  (void)b;
  for (long i = 0; i < n; i++)
    gex_VIS_IndexedPutBlocking(team, peer, vis_count, vis_remote, vis_elem, vis_count, vis_local, vis_elem, 0);
}
static void vis_iget(size_t b, long n) {
  (void)b;
  for (long i = 0; i < n; i++)
    gex_VIS_IndexedGetBlocking(team, vis_count, vis_local, vis_elem, peer, vis_count, vis_remote, vis_elem, 0);
}

static void section_vis(void) {
  /* total bytes moved per call, as rows of vis_elem bytes every 2*vis_elem bytes (half-density) */
  size_t totals[2] = {(size_t)64 << 10, (size_t)1 << 20};
  size_t elems[4] = {8, 64, 512, 4096};
  for (int i = 0; i < 2; i++) {
    if (2 * totals[i] > maxsz) continue;
    for (int e = 0; e < 4; e++) {
      vis_total = totals[i];
      vis_elem = elems[e];
      long n = bench_iters_for(vis_total, iters, cap_bytes / 4, 4);
      char name[64];
      snprintf(name, sizeof name, "strided_put_elem%zu", vis_elem);
      if (do_puts) rank0_measure("vis", name, "bandwidth", vis_total, n, vis_put, FL_MEMCPY);
      snprintf(name, sizeof name, "strided_get_elem%zu", vis_elem);
      if (do_gets) rank0_measure("vis", name, "bandwidth", vis_total, n, vis_get, FL_MEMCPY);
    }
  }
  if (2 * totals[0] > maxsz) note("vis", "maxsz is below 128 KiB: VIS section skipped");
  /* Short Indexed lists, one call at a time: entries of vis_elem bytes every vis_stride bytes on
     both sides (2x: apart, each entry its own copy; 1x: adjacent, one copy for the library). */
  static const size_t entries[2] = {2, 16}, lens[2] = {64, 512};
  for (int c = 0; c < 2; c++)
    for (int e = 0; e < 2; e++)
      for (int adj = 0; adj < 2; adj++) {
        vis_count = entries[c], vis_elem = lens[e], vis_stride = adj ? lens[e] : 2 * lens[e];
        if (vis_count * vis_stride > maxsz) continue;
        for (size_t i = 0; i < vis_count; i++) {
          vis_local[i] = local_buf + i * vis_stride;
          vis_remote[i] = peer_seg + i * vis_stride;
        }
        char name[64];
        const size_t bytes = vis_count * vis_elem;
        snprintf(name, sizeof name, "indexed_put_%zux%zu%s", vis_count, vis_elem, adj ? "_adjacent" : "");
        if (do_puts) rank0_measure("vis", name, "latency", bytes, iters, vis_iput, FL_MEMCPY);
        snprintf(name, sizeof name, "indexed_get_%zux%zu%s", vis_count, vis_elem, adj ? "_adjacent" : "");
        if (do_gets) rank0_measure("vis", name, "latency", bytes, iters, vis_iget, FL_MEMCPY);
      }
}

/* ---- main ----------------------------------------------------------------------------------------- */
static void usage(const char *prog) {
  printf("usage: gexrun -n 2 %s [-m] [-p|-g] [-s] [-in|-out] [--trials N] [--step 2|4] [--cap BYTES]\n"
         "          [--json FILE] [--label TEXT] [--pin auto|on|off] [iters] [maxsz] [sections]\n"
         "  iters    operations per trial for small sizes (default 10000; large sizes use fewer)\n"
         "  maxsz    largest transfer (default 4M; K, M, G suffixes)\n"
         "  sections letters or comma-separated names: A rma, B am, C barrier, D coll, E ratomic, F vis\n"
         "           (default ABC)\n"
         "  -m       bandwidth in MB/sec (MB = 2^20 bytes; default KB/sec, as GASNet's tests)\n",
         prog);
}

static int parse_sections(const char *s) {
  static const char *names[] = {"rma", "am", "barrier", "coll", "ratomic", "vis"};
  char buf[256];
  snprintf(buf, sizeof buf, "%s", s);
  int k = 0;
  for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
    int found = 0;
    for (int i = 0; i < 6; i++)
      if (!strcmp(tok, names[i])) { sections[k++] = (char)('A' + i); found = 1; }
    if (!found) {
      for (const char *c = tok; *c; c++) {
        char u = (char)(*c >= 'a' ? *c - 32 : *c);
        if (u < 'A' || u > 'F') return 0;
        sections[k++] = u;
      }
    }
    if (k > 12) return 0;
  }
  sections[k] = 0;
  return 1;
}

int main(int argc, char **argv) {
  gex_Client_Init(&client, &ep, &team, "gexbench", &argc, &argv, 0);
  me = gex_TM_QueryRank(team);
  nranks = gex_TM_QuerySize(team);

  int positional = 0, bad = 0, help = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int more = i + 1 < argc;
    if (!strcmp(a, "-m")) units_mb = 1;
    else if (!strcmp(a, "-p")) do_puts = 1, do_gets = 0;
    else if (!strcmp(a, "-g")) do_gets = 1, do_puts = 0;
    else if (!strcmp(a, "-s")) warmup = 0;
    else if (!strcmp(a, "-in")) in_segment = 1;
    else if (!strcmp(a, "-out")) in_segment = 0;
    else if (!strcmp(a, "--trials") && more) trials = atoi(argv[++i]);
    else if (!strcmp(a, "--step") && more) step = atoi(argv[++i]);
    else if (!strcmp(a, "--cap") && more) cap_bytes = bench_parse_size(argv[++i]);
    else if (!strcmp(a, "--label") && more) label = argv[++i];
    else if (!strcmp(a, "--pin") && more) pin_mode = bench_parse_pin(argv[++i]);
    else if (!strcmp(a, "--json") && more) {
      ++i;
      if (me == 0 && !(json = fopen(argv[i], "a"))) { perror(argv[i]); bad = 1; }
    } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) help = 1;
    else if (a[0] == '-') bad = 1;
    else if (positional == 0) iters = atol(a), positional++;
    else if (positional == 1) maxsz = bench_parse_size(a), positional++;
    else if (positional == 2) { if (!parse_sections(a)) bad = 1; positional++; }
    else bad = 1;
  }
  if (!sections[0]) strcpy(sections, "ABC");
  if (trials < 1 || trials > BENCH_MAX_TRIALS || iters < 1 || maxsz < 64 || (step != 2 && step != 4)) bad = 1;
  if (bad || help) {
    if (me == 0) {
      if (bad) fprintf(stderr, "gexbench: bad arguments\n");
      usage(argv[0]);
    }
    gasnet_exit(bad ? 2 : 0);
  }
  int cpu = bench_pin((int)me, (int)nranks, pin_mode);
  gex_EP_RegisterHandlers(ep, handlers, sizeof handlers / sizeof handlers[0]);

  uintptr_t want = 2 * (uintptr_t)maxsz + 65536;
  if (want > gasnet_getMaxLocalSegmentSize()) {
    if (me == 0) fprintf(stderr, "gexbench: maxsz %zu needs a %zu-byte segment, more than the %zu available\n", maxsz,
                         (size_t)want, (size_t)gasnet_getMaxLocalSegmentSize());
    gasnet_exit(2);
  }
  gex_Segment_t seg;
  gex_Segment_Attach(&seg, team, want);
  my_seg = gex_Segment_QueryAddr(seg);
  peer = nranks > 1 ? (me == 1 ? 0 : 1) : 0;
  void *paddr = NULL;
  gex_Event_Wait(gex_EP_QueryBoundSegmentNB(team, peer, &paddr, NULL, NULL, 0));
  peer_seg = paddr;
  if (in_segment) local_buf = my_seg + maxsz;
  else if (posix_memalign((void **)&local_buf, 4096, maxsz)) local_buf = NULL;
  events = malloc(sizeof(gex_Event_t) * (size_t)(iters > 64 ? iters : 64));
  if (!local_buf || !events) {
    fprintf(stderr, "gexbench: out of memory\n");
    gasnet_exit(1);
  }
  memset(local_buf, 1, maxsz);
  memset(my_seg, 2, maxsz);
  max_medium = gex_AM_MaxRequestMedium(team, peer, GEX_EVENT_NOW, 0, 0);
  long_max = gex_AM_MaxRequestLong(team, peer, GEX_EVENT_NOW, 0, 0);
  if (max_medium > maxsz) max_medium = maxsz;
  barrier();
  floor_setup();

  if (me == 0) {
    printf("gexbench: %u ranks, rank 0 <-> rank %u, %ld iters, maxsz %zu, %d trials (median [min, max]), "
           "pinned %s, local buffer %s segment, sections %s%s%s\n",
           (unsigned)nranks, (unsigned)peer, iters, maxsz, trials, cpu >= 0 ? "yes" : "no", in_segment ? "in" : "out of",
           sections, label[0] ? ", label " : "", label);
    fflush(stdout);
  }
  if (nranks < 2) note("setup", "one rank: it talks to itself; run with gexrun -n 2");
  for (const char *c = sections; *c; c++) {
    section_letter = *c;
    switch (*c) {
      case 'A': section_rma(); break;
      case 'B': if (nranks >= 2) section_am(); break;
      case 'C': section_barrier(); break;
      case 'D': section_coll(); break;
      case 'E': section_ratomic(); break;
      case 'F': section_vis(); break;
    }
    barrier();
  }
  if (json) fclose(json);
  gasnet_exit(0);
  return 0;
}
