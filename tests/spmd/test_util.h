/* Shared helpers for the SPMD test programs (C11 and C++).
 *
 * Every check failure prints "file:line: rank R: CHECK failed: ..." on stderr and ends the whole
 * job with gasnet_exit(1), so CTest sees a non-zero exit code.  gasnet_exit() and
 * gex_System_QueryJobRank() are legal in handler context, so CHECK may be used inside handlers.
 */
#ifndef GEX_TEST_UTIL_H
#define GEX_TEST_UTIL_H

/* clock_gettime, nanosleep under -std=c11 (must come before any system header) */
#if !defined(__cplusplus) && !defined(_POSIX_C_SOURCE) && !defined(_GNU_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif

#include <gasnetex.h>

#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Largest job these tests are written for (per-source bookkeeping arrays). */
#define TEST_MAX_RANKS 64

#if defined(__GNUC__)
#define TEST_UNUSED __attribute__((unused))
#define TEST_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define TEST_UNUSED
#define TEST_PRINTF(a, b)
#endif

static TEST_UNUSED TEST_PRINTF(3, 4) void test_fail(const char *file, int line, const char *fmt, ...) {
  va_list ap;
  char msg[1024];
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fprintf(stderr, "%s:%d: rank %u: CHECK failed: %s\n", file, line,
          (unsigned)gex_System_QueryJobRank(), msg);
  fflush(stderr);
  fflush(stdout);
  gasnet_exit(1);
  abort(); /* not reached */
}

#define CHECK(cond)                                                   \
  do {                                                                \
    if (!(cond)) test_fail(__FILE__, __LINE__, "%s", #cond);          \
  } while (0)

/* CHECK with a printf-style explanation. */
#define CHECKF(cond, ...)                                             \
  do {                                                                \
    if (!(cond)) test_fail(__FILE__, __LINE__, __VA_ARGS__);          \
  } while (0)

/* Compares two integer expressions, printing both values on failure. */
#define CHECK_EQ(a, b)                                                                      \
  do {                                                                                      \
    unsigned long long test_a_ = (unsigned long long)(a), test_b_ = (unsigned long long)(b); \
    if (test_a_ != test_b_)                                                                 \
      test_fail(__FILE__, __LINE__, "%s == %s (0x%llx vs 0x%llx, %lld vs %lld)", #a, #b,    \
                test_a_, test_b_, (long long)test_a_, (long long)test_b_);                  \
  } while (0)

#define CHECK_GE(a, b)                                                                      \
  do {                                                                                      \
    unsigned long long test_a_ = (unsigned long long)(a), test_b_ = (unsigned long long)(b); \
    if (!(test_a_ >= test_b_))                                                              \
      test_fail(__FILE__, __LINE__, "%s >= %s (%llu vs %llu)", #a, #b, test_a_, test_b_);   \
  } while (0)

#define CHECK_LE(a, b) CHECK_GE(b, a)

/* Progress message from one rank (rank 0 unless noted), line-buffered. */
#define TEST_LOG(...)                                             \
  do {                                                            \
    if (gex_System_QueryJobRank() == 0) {                         \
      printf(__VA_ARGS__);                                        \
      printf("\n");                                               \
      fflush(stdout);                                             \
    }                                                             \
  } while (0)

/* ---- job set-up and tear-down ---------------------------------------------------------- */

static TEST_UNUSED void test_init(const char *name, int *argc, char ***argv, gex_Client_t *client_p,
                                  gex_EP_t *ep_p, gex_TM_t *tm_p) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  int rc = gex_Client_Init(client_p, ep_p, tm_p, name, argc, argv, 0);
  if (rc != GASNET_OK) {
    fprintf(stderr, "gex_Client_Init failed: %d\n", rc);
    exit(1);
  }
  CHECK(*client_p != GEX_CLIENT_INVALID);
  CHECK(*ep_p != GEX_EP_INVALID);
  CHECK(*tm_p != GEX_TM_INVALID);
  if (gex_System_QueryJobSize() > TEST_MAX_RANKS) {
    fprintf(stderr, "these tests support at most %d ranks\n", TEST_MAX_RANKS);
    gasnet_exit(1);
  }
}

/* Blocking barrier over tm. */
static TEST_UNUSED void test_barrier(gex_TM_t tm) { gex_Event_Wait(gex_Coll_BarrierNB(tm, 0)); }

/* Ends the job successfully: a final barrier so no rank leaves while others still work. */
static TEST_UNUSED void test_finish(gex_TM_t tm, const char *name) {
  test_barrier(tm);
  TEST_LOG("%s: PASS (%u ranks)", name, (unsigned)gex_System_QueryJobSize());
  gasnet_exit(0);
}

/* ---- deterministic PRNG and byte patterns --------------------------------------------- */

/* splitmix64: one 64-bit mixing step; also used as a stateless hash. */
static inline uint64_t test_mix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

typedef struct {
  uint64_t state;
} test_rng_t;

static inline void test_rng_seed(test_rng_t *r, uint64_t seed) { r->state = test_mix64(seed); }
static inline uint64_t test_rng_next(test_rng_t *r) {
  r->state += 0x9E3779B97F4A7C15ull;
  return test_mix64(r->state);
}
/* Uniform in [lo, hi] (inclusive). */
static inline uint64_t test_rng_range(test_rng_t *r, uint64_t lo, uint64_t hi) {
  return lo + test_rng_next(r) % (hi - lo + 1);
}

/* Combines several small values into one seed. */
static inline uint64_t test_seed(uint64_t a, uint64_t b, uint64_t c, uint64_t d) {
  return test_mix64(a ^ test_mix64(b ^ test_mix64(c ^ test_mix64(d))));
}

/* The pattern byte at position `index` of the infinite stream named by `seed`.  The stream is
 * position-addressed, so any sub-range can be checked on its own. */
static inline uint8_t test_pattern_byte(uint64_t seed, size_t index) {
  uint64_t w = test_mix64(seed ^ ((uint64_t)(index >> 3) * 0xD1B54A32D192ED03ull));
  return (uint8_t)(w >> (8 * (index & 7)));
}

/* Writes stream bytes [start, start+n) of `seed` into buf. */
static inline void test_fill_at(void *buf, size_t n, uint64_t seed, size_t start) {
  uint8_t *p = (uint8_t *)buf;
  size_t i = 0;
  while (i < n && ((start + i) & 7)) {
    p[i] = test_pattern_byte(seed, start + i);
    i++;
  }
  for (; i + 8 <= n; i += 8) {
    uint64_t w = test_mix64(seed ^ ((uint64_t)((start + i) >> 3) * 0xD1B54A32D192ED03ull));
    memcpy(p + i, &w, 8); /* little-endian: byte k of w is stream byte 8*word+k */
  }
  for (; i < n; i++) p[i] = test_pattern_byte(seed, start + i);
}
static inline void test_fill(void *buf, size_t n, uint64_t seed) { test_fill_at(buf, n, seed, 0); }

/* Index of the first byte of buf that differs from stream bytes [start, start+n), or
 * (size_t)-1 when all match. */
static inline size_t test_find_mismatch_at(const void *buf, size_t n, uint64_t seed, size_t start) {
  const uint8_t *p = (const uint8_t *)buf;
  for (size_t i = 0; i < n; i++) {
    if (((start + i) & 7) == 0 && i + 8 <= n) {
      uint64_t w = test_mix64(seed ^ ((uint64_t)((start + i) >> 3) * 0xD1B54A32D192ED03ull));
      if (memcmp(p + i, &w, 8) == 0) {
        i += 7;
        continue;
      }
    }
    if (p[i] != test_pattern_byte(seed, start + i)) return i;
  }
  return (size_t)-1;
}

/* CHECK that buf holds stream bytes [start, start+n) of seed, reporting the first bad byte. */
#define CHECK_PATTERN_AT(buf, n, seed, start)                                                  \
  do {                                                                                         \
    size_t test_n_ = (n), test_st_ = (start);                                                  \
    uint64_t test_sd_ = (seed);                                                                \
    size_t test_bad_ = test_find_mismatch_at((buf), test_n_, test_sd_, test_st_);              \
    if (test_bad_ != (size_t)-1)                                                               \
      test_fail(__FILE__, __LINE__,                                                            \
                "payload %s (%zu bytes) differs at byte %zu: got 0x%02x, expected 0x%02x",     \
                #buf, test_n_, test_bad_, ((const uint8_t *)(buf))[test_bad_],                 \
                test_pattern_byte(test_sd_, test_st_ + test_bad_));                            \
  } while (0)
#define CHECK_PATTERN(buf, n, seed) CHECK_PATTERN_AT(buf, n, seed, 0)

/* CHECK that n bytes at buf all equal `value`. */
#define CHECK_BYTES(buf, n, value)                                                             \
  do {                                                                                         \
    const uint8_t *test_p_ = (const uint8_t *)(buf);                                           \
    size_t test_n_ = (n);                                                                      \
    for (size_t test_i_ = 0; test_i_ < test_n_; test_i_++)                                     \
      if (test_p_[test_i_] != (uint8_t)(value))                                                \
        test_fail(__FILE__, __LINE__, "%s[%zu] is 0x%02x, expected 0x%02x (untouched)", #buf,  \
                  test_i_, test_p_[test_i_], (unsigned)(uint8_t)(value));                      \
  } while (0)

/* ---- segments --------------------------------------------------------------------------- */

/* Rounds size up to a multiple of GASNET_PAGESIZE. */
static inline uintptr_t test_round_page(uintptr_t size) {
  return (size + GASNET_PAGESIZE - 1) / GASNET_PAGESIZE * GASNET_PAGESIZE;
}

/* Attaches a segment of `want` bytes (rounded up to a page) on the primordial team and returns its
 * local base address.  Fails the test if the size is not available. */
static TEST_UNUSED void *test_attach(gex_TM_t tm, uintptr_t want, gex_Segment_t *seg_p) {
  uintptr_t size = test_round_page(want);
  uintptr_t max = gasnet_getMaxLocalSegmentSize();
  CHECKF(size <= max, "segment of %" PRIuPTR " bytes wanted, gasnet_getMaxLocalSegmentSize() is %" PRIuPTR,
         size, max);
  gex_Segment_t seg = GEX_SEGMENT_INVALID;
  CHECK_EQ(gex_Segment_Attach(&seg, tm, size), GASNET_OK);
  CHECK(seg != GEX_SEGMENT_INVALID);
  CHECK(gex_Segment_QueryAddr(seg) != NULL);
  CHECK_GE(gex_Segment_QuerySize(seg), size);
  if (seg_p) *seg_p = seg;
  return gex_Segment_QueryAddr(seg);
}

/* Fills bases[r] with every rank's segment base (owner address) via gex_Segment_QueryBound. */
/* The library's load/store map (gasnetex.h, gexi_peer_map, the room for an inline fast path)
   agrees with gex_Segment_QueryBound: an entry for every peer RMA reaches by load/store (not with
   GEX_FORCE_AM=1, nor for an odd-sum pair under GEX_ROUTE_TEST=mixed), none for the others. */
static TEST_UNUSED void test_check_peer_map(gex_Rank_t jr, void *owner, void *local, uintptr_t size) {
  const char *force = getenv("GEX_FORCE_AM"), *mix = getenv("GEX_ROUTE_TEST");
  int am = (force && strcmp(force, "1") == 0) ||
           (mix && strcmp(mix, "mixed") == 0 && ((jr + gex_System_QueryJobRank()) & 1));
  CHECK(gexi_peer_map != NULL);
  const gexi_PeerMap_t *e = &gexi_peer_map[jr];
  if (am || !local) {
    CHECKF(e->size == 0, "gexi_peer_map[%u] has size %zu for a peer not reached by load/store", (unsigned)jr,
           (size_t)e->size);
    return;
  }
  CHECKF(e->owner_base == (uintptr_t)owner && e->size == size && (char *)owner + e->delta == (char *)local,
         "gexi_peer_map[%u] = {%p, %zu, %td} disagrees with gex_Segment_QueryBound {%p, %p, %zu}", (unsigned)jr,
         (void *)e->owner_base, (size_t)e->size, (ptrdiff_t)e->delta, owner, local, (size_t)size);
}

static TEST_UNUSED void test_segment_table(gex_TM_t tm, void **bases, uintptr_t *sizes) {
  gex_Rank_t n = gex_TM_QuerySize(tm);
  for (gex_Rank_t r = 0; r < n; r++) {
    void *owner = NULL, *local = NULL;
    uintptr_t size = 0;
    CHECK_EQ(gex_Segment_QueryBound(tm, r, &owner, &local, &size), 0);
    CHECK(owner != NULL);
    CHECK(size > 0);
    test_check_peer_map(gex_TM_TranslateRankToJobrank(tm, r), owner, local, size);
    bases[r] = owner;
    if (sizes) sizes[r] = size;
  }
}

/* ---- time ---------------------------------------------------------------------------------- */

static inline double test_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static TEST_UNUSED void test_sleep_ms(unsigned ms) {
  struct timespec ts;
  ts.tv_sec = ms / 1000;
  ts.tv_nsec = (long)(ms % 1000) * 1000000L;
  while (nanosleep(&ts, &ts) != 0) {
  }
}

/* Polls until `cond` holds, failing the test after `seconds` (a hang becomes a clear message). */
#define TEST_POLL_UNTIL(cond, seconds)                                                           \
  do {                                                                                           \
    double test_deadline_ = test_now() + (seconds);                                              \
    while (!(cond)) {                                                                            \
      gasnet_AMPoll();                                                                           \
      if (test_now() > test_deadline_)                                                           \
        test_fail(__FILE__, __LINE__, "timed out after %gs waiting for %s", (double)(seconds),   \
                  #cond);                                                                        \
    }                                                                                            \
  } while (0)

#ifdef __cplusplus
}
#endif


/* Non-zero when the job runs with GEX_FORCE_AM=1: RMA and collectives go over Active Messages,
   so a rank that sleeps without polling also holds back its part of a dissemination barrier.
   Checks that rely on a sleeping rank's barrier messages having gone out hold only without it. */
static inline int test_force_am(void) {
  const char *v = getenv("GEX_FORCE_AM");
  return v && atoi(v) != 0;
}

/* GEX_TRANSPORTS=ofi...: every peer over the network transport (no load/store, no shared-memory
 * collectives), as between hosts. */
static inline int test_over_ofi(void) {
  const char *v = getenv("GEX_TRANSPORTS");
  return v && strncmp(v, "ofi", 3) == 0;
}
/* GEX_TEST_HOSTS=N: the job rehearses N hosts (shared memory within each, ofi between). */
static inline unsigned test_hosts(void) {
  const char *v = getenv("GEX_TEST_HOSTS");
  return v && atoi(v) > 1 ? (unsigned)atoi(v) : 1;
}
/* Some peers are reached over the network, not load/store. */
static inline int test_network_peers(void) { return test_over_ofi() || test_hosts() > 1; }

#endif /* GEX_TEST_UTIL_H */
