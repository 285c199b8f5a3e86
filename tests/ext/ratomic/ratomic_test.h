// Helpers for the remote atomics tests: checks that end the whole job, a barrier, and a table of
// every rank's segment. A failed check prints "file:line: rank R: CHECK failed: ..." and ends the
// job with gasnet_exit(1).
#pragma once

#include <gasnetex.h>
#include <gasnet_ratomic.h>

#include <cinttypes>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

[[noreturn]] __attribute__((format(printf, 3, 4))) inline void test_fail(const char *file, int line, const char *fmt, ...) {
  va_list ap;
  char msg[1024];
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fprintf(stderr, "%s:%d: rank %u: CHECK failed: %s\n", file, line, unsigned(gex_System_QueryJobRank()), msg);
  fflush(stderr);
  gasnet_exit(1);
}

#define CHECK(cond)                                                  \
  do {                                                               \
    if (!(cond)) test_fail(__FILE__, __LINE__, "%s", #cond);         \
  } while (0)
#define CHECKF(cond, ...)                                            \
  do {                                                               \
    if (!(cond)) test_fail(__FILE__, __LINE__, __VA_ARGS__);         \
  } while (0)
#define CHECK_EQ(a, b)                                                                              \
  do {                                                                                              \
    unsigned long long ta_ = (unsigned long long)(a), tb_ = (unsigned long long)(b);                \
    if (ta_ != tb_)                                                                                 \
      test_fail(__FILE__, __LINE__, "%s == %s (0x%llx vs 0x%llx, %lld vs %lld)", #a, #b, ta_, tb_, \
                (long long)ta_, (long long)tb_);                                                    \
  } while (0)

struct TestJob {
  gex_Client_t client;
  gex_EP_t ep;
  gex_TM_t tm;
  gex_Rank_t me, n;
  char *seg;                     // my segment
  std::vector<char *> bases;     // every rank's segment, as its owner sees it
  uintptr_t seg_size;
};

// Initializes the client and attaches a `seg_size`-byte segment on every rank.
inline TestJob test_init(int *argc, char ***argv, const char *name, uintptr_t seg_size) {
  TestJob j{};
  CHECK_EQ(gex_Client_Init(&j.client, &j.ep, &j.tm, name, argc, argv, 0), GASNET_OK);
  j.me = gex_TM_QueryRank(j.tm);
  j.n = gex_TM_QuerySize(j.tm);
  j.seg_size = (seg_size + GASNET_PAGESIZE - 1) / GASNET_PAGESIZE * GASNET_PAGESIZE;
  gex_Segment_t seg;
  CHECK_EQ(gex_Segment_Attach(&seg, j.tm, j.seg_size), GASNET_OK);
  j.seg = static_cast<char *>(gex_Segment_QueryAddr(seg));
  j.bases.resize(j.n);
  for (gex_Rank_t r = 0; r < j.n; ++r) {
    void *owner = nullptr, *local = nullptr;
    uintptr_t size = 0;
    CHECK_EQ(gex_Segment_QueryBound(j.tm, r, &owner, &local, &size), 0);
    CHECK(owner != nullptr && size >= j.seg_size);
    j.bases[r] = static_cast<char *>(owner);
  }
  return j;
}

inline void test_barrier(const TestJob &j) { gex_Event_Wait(gex_Coll_BarrierNB(j.tm, 0)); }

// A small deterministic generator (xorshift64*), seeded per rank and test.
struct Rng {
  uint64_t s;
  explicit Rng(uint64_t seed) : s(seed * 0x9E3779B97F4A7C15ull + 1) {}
  uint64_t next() {
    s ^= s >> 12, s ^= s << 25, s ^= s >> 27;
    return s * 2685821657736338717ull;
  }
  uint32_t below(uint32_t n) { return uint32_t(next() % n); }
};
