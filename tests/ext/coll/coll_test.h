/* Helpers shared by the collectives tests (C11).
 * CHECK failures print "file:line: rank R: CHECK failed: ..." and end the job with code 1. */
#ifndef COLL_TEST_H
#define COLL_TEST_H

#if !defined(_POSIX_C_SOURCE) && !defined(_GNU_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif

#include <gasnetex.h>
#include <gasnet_coll.h>

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void coll_fail(const char *file, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4), noreturn));
static void coll_fail(const char *file, int line, const char *fmt, ...) {
  va_list ap;
  char msg[1024];
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fprintf(stderr, "%s:%d: rank %u: CHECK failed: %s\n", file, line, (unsigned)gex_System_QueryJobRank(), msg);
  fflush(stderr);
  gasnet_exit(1);
  abort();
}
#define CHECK(c) do { if (!(c)) coll_fail(__FILE__, __LINE__, "%s", #c); } while (0)
#define CHECKF(c, ...) do { if (!(c)) coll_fail(__FILE__, __LINE__, __VA_ARGS__); } while (0)
#define CHECK_EQ(a, b)                                                                          \
  do {                                                                                          \
    long long a_ = (long long)(a), b_ = (long long)(b);                                         \
    if (a_ != b_) coll_fail(__FILE__, __LINE__, "%s == %s (%lld vs %lld)", #a, #b, a_, b_);   \
  } while (0)

/* Waits the way a client that polls would (Test does not poll). */
static inline void wait_poll(gex_Event_t ev) {
  while (gex_Event_Test(ev) != GASNET_OK) gasnet_AMPoll();
}

static inline void team_barrier(gex_TM_t tm) { gex_Event_Wait(gex_Coll_BarrierNB(tm, 0)); }

/* Small deterministic generator (xorshift64*). */
static inline uint64_t rng_next(uint64_t *s) {
  uint64_t x = *s;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  *s = x;
  return x * 2685821657736338717ull;
}

static inline void sleep_ms(unsigned ms) {
  struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
  nanosleep(&ts, NULL);
}

#endif
