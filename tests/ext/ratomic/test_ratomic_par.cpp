// Remote atomics from several threads per process (GASNET_PAR: every EP is thread-safe, so the
// spec's atomicity covers concurrent threads of one rank). Everything goes through ONE I64 domain.
//
//   test_ratomic_par
//     counters  kThreads threads per rank fetch-add (FADD 1) K times onto a word at each of several
//               target ranks, alternating NB (a few events in flight) and NBI (synced with
//               gex_NBI_Wait(GEX_EC_RMW) by the thread): every target ends at exactly
//               n*kThreads*K and its fetched values are exactly {0..n*kThreads*K-1}
//     fcas      the same threads increment a second word at each target by FCAS retry loops
//               (NB and NBI): exact totals, and the successful FCAS's fetched values are exactly
//               {0..total-1}
//     hammer    for 0.25 s every thread alternates FADD(1) on one word and FCAS increments of
//               another, both at rank n/2: each word ends at exactly the number of successful
//               operations counted by all threads
//     lock      one FCAS spin-lock (ACQ on acquire, SET with REL on release, NB and NBI) shared by
//               every thread of every rank, guarding a counter at another rank updated with RMA
//               get+put and a plain per-process counter: both exact
//
// Run over the load/store path and again with GEX_FORCE_AM=1 (CTest does both).
#ifndef GASNET_PAR
#error "test_ratomic_par must be compiled with -DGASNET_PAR"
#endif
#include <sched.h>
#include <time.h>

#include <algorithm>
#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "ratomic_test.h"

namespace {

constexpr int kThreads = 4;
constexpr size_t kWindow = 6;  // NB events in flight per thread
// Per (thread, target): FADDs and FCAS increments; per thread: lock acquisitions. The load/store
// path does many more: an operation there takes nanoseconds, and a thread must run long enough
// to overlap the others (2 cores may be shared by 8 ranks x 4 threads) for a broken atomic to show.
int kFadd = 400, kFcas = 60, kLock = 25;
constexpr int kFaddLS = 4000, kFcasLS = 1000, kLockLS = 150;

// Offsets in every segment.
constexpr size_t kFaddOff = 0;      // int64_t: the FADD counter
constexpr size_t kFcasOff = 64;     // int64_t: the FCAS counter
constexpr size_t kLockOff = 128;    // int64_t: the lock word (0 free, else the holder's id)
constexpr size_t kDataOff = 192;    // uint64_t: the counter the lock guards (RMA only)
constexpr size_t kGatherFcas = 1 << 16;  // int64_t[n][kThreads][kFcas]: up to 256 KiB
constexpr size_t kGatherFadd = 1 << 20;  // int64_t[n][kThreads][kFadd]: up to 1 MiB
constexpr uintptr_t kSegSize = 4 << 20;
// The hammer: for a fixed time every thread alternates FADD(1) on one word and an FCAS increment
// on another, both at rank n/2; the counts of successful operations meet there.
constexpr size_t kHotFaddOff = 256, kHotFcasOff = 320;  // int64_t each
constexpr size_t kHotCountsOff = 1 << 15;               // int64_t[n][2]
constexpr double kHammerSeconds = 0.25;
std::atomic<int64_t> hot_fadds{0}, hot_fcas{0};

TestJob job;
gex_AD_t ad;
std::vector<gex_Rank_t> targets;  // the same on every rank
uint64_t plain_count;             // per process, guarded by the lock only

struct ThreadResult {
  std::vector<int64_t> fadd;  // [target index][i]
  std::vector<int64_t> fcas;  // [target index][i]: the prior values of the successful FCAS
};
ThreadResult results[kThreads];

// Every thread of the process waits here before each phase, so the phases overlap.
std::atomic<int> gate{0};
void thread_gate(int phase) {
  gate.fetch_add(1);
  while (gate.load() < phase * kThreads) sched_yield();
}

int64_t *word_at(gex_Rank_t r, size_t off) { return reinterpret_cast<int64_t *>(job.bases[r] + off); }

int64_t blocking(gex_Rank_t t, void *addr, gex_OP_t op, int64_t a = 0, int64_t b = 0, gex_Flags_t f = 0) {
  int64_t r = -1;
  gex_Event_Wait(gex_AD_OpNB_I64(ad, &r, t, addr, op, a, b, f));
  return r;
}

void fadd_phase(int tid) {
  const size_t nt = targets.size();
  ThreadResult &res = results[tid];
  res.fadd.assign(nt * kFadd, -1);
  std::vector<gex_Event_t> events;
  int nbi_open = 0;
  for (int i = 0; i < kFadd; ++i) {
    for (size_t s = 0; s < nt; ++s) {
      const size_t k = (s + size_t(tid)) % nt;  // threads start on different targets
      int64_t *result = &res.fadd[k * kFadd + size_t(i)];
      int64_t *w = word_at(targets[k], kFaddOff);
      if ((i + int(k)) % 2) {
        events.push_back(gex_AD_OpNB_I64(ad, result, targets[k], w, GEX_OP_FADD, 1, 0, 0));
        if (events.size() >= kWindow) {
          gex_Event_WaitAll(events.data(), events.size(), 0);
          events.clear();
        }
      } else {
        CHECK_EQ(gex_AD_OpNBI_I64(ad, result, targets[k], w, GEX_OP_FADD, 1, 0, 0), 0);
        if (++nbi_open == 8) {
          gex_NBI_Wait(GEX_EC_RMW, 0);
          nbi_open = 0;
        }
      }
    }
  }
  gex_Event_WaitAll(events.data(), events.size(), 0);
  gex_NBI_Wait(GEX_EC_RMW, 0);  // this thread's NBI operations only
  CHECK_EQ(gex_NBI_Test(GEX_EC_ALL, 0), GASNET_OK);
  for (int64_t v : res.fadd) CHECKF(v >= 0, "thread %d: a FADD result was never written", tid);
}

void fcas_phase(int tid) {
  const size_t nt = targets.size();
  ThreadResult &res = results[tid];
  res.fcas.assign(nt * kFcas, -1);
  std::vector<int64_t> seen(nt);
  for (size_t k = 0; k < nt; ++k) seen[k] = blocking(targets[k], word_at(targets[k], kFcasOff), GEX_OP_GET);
  for (int i = 0; i < kFcas; ++i) {
    for (size_t s = 0; s < nt; ++s) {
      const size_t k = (s + size_t(tid)) % nt;
      int64_t *w = word_at(targets[k], kFcasOff);
      for (unsigned tries = 0;; ++tries) {
        int64_t prior = -1;
        if ((i + tries) % 2) {
          gex_Event_Wait(gex_AD_OpNB_I64(ad, &prior, targets[k], w, GEX_OP_FCAS, seen[k], seen[k] + 1, 0));
        } else {
          CHECK_EQ(gex_AD_OpNBI_I64(ad, &prior, targets[k], w, GEX_OP_FCAS, seen[k], seen[k] + 1, 0), 0);
          gex_NBI_Wait(GEX_EC_RMW, 0);
        }
        CHECKF(prior >= seen[k], "thread %d: FCAS on rank %u fetched %lld after %lld: the counter went back", tid,
               unsigned(targets[k]), (long long)prior, (long long)seen[k]);
        if (prior == seen[k]) {
          res.fcas[k * kFcas + size_t(i)] = prior;
          seen[k] = prior + 1;
          break;
        }
        seen[k] = prior;  // another thread or rank got in first
        if (tries % 4 == 3) sched_yield();
      }
    }
  }
}

void lock_phase(int tid) {
  const gex_Rank_t owner = job.n - 1, data_owner = 0;
  int64_t *lock = word_at(owner, kLockOff);
  uint64_t *data = reinterpret_cast<uint64_t *>(job.bases[data_owner] + kDataOff);
  const int64_t id = int64_t(job.me) * kThreads + tid + 1;
  for (int i = 0; i < kLock; ++i) {
    for (unsigned spins = 0;; ++spins) {
      int64_t prior = -1;
      if ((i + int(spins)) % 2) {
        prior = blocking(owner, lock, GEX_OP_FCAS, 0, id, GEX_FLAG_AD_ACQ);
      } else {
        CHECK_EQ(gex_AD_OpNBI_I64(ad, &prior, owner, lock, GEX_OP_FCAS, 0, id, GEX_FLAG_AD_ACQ), 0);
        gex_NBI_Wait(GEX_EC_RMW, 0);
      }
      CHECKF(prior != id, "thread id %lld found the lock already its own", (long long)id);
      if (prior == 0) break;
      gasnet_AMPoll();
      sched_yield();
    }
    CHECK_EQ(blocking(owner, lock, GEX_OP_GET), id);
    uint64_t v = 0;
    gex_RMA_GetBlocking(job.tm, &v, data_owner, data, 8, 0);
    const uint64_t p = plain_count;
    if (i % 4 == 0) sched_yield();  // widen the window a broken lock would show in
    plain_count = p + 1;
    ++v;
    gex_RMA_PutBlocking(job.tm, data_owner, data, &v, 8, 0);
    if (i % 2) {
      gex_Event_Wait(gex_AD_OpNB_I64(ad, nullptr, owner, lock, GEX_OP_SET, 0, 0, GEX_FLAG_AD_REL));
    } else {
      CHECK_EQ(gex_AD_OpNBI_I64(ad, nullptr, owner, lock, GEX_OP_SET, 0, 0, GEX_FLAG_AD_REL), 0);
      gex_NBI_Wait(GEX_EC_PUT, 0);
    }
  }
}

double now_s() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

// Runs long enough that the threads of every rank overlap on real cores even on a loaded
// machine: a lost update anywhere shows in the totals. One thread's fetched values of the FADD
// word strictly increase.
void hammer_phase(int tid) {
  const gex_Rank_t hot = job.n / 2;
  int64_t *fw = word_at(hot, kHotFaddOff), *cw = word_at(hot, kHotFcasOff);
  const double until = now_s() + kHammerSeconds;
  int64_t nf = 0, nc = 0, last = -1, seen = 0;
  for (int i = 0;; ++i) {
    if (i % 32 == 0 && now_s() >= until) break;
    // One NB FADD, or four NBI FADDs in flight at once (their order among themselves is open).
    int64_t got[4] = {-1, -1, -1, -1};
    const int k = i % 2 ? 1 : 4;
    if (k == 1) {
      got[0] = blocking(hot, fw, GEX_OP_FADD, 1);
    } else {
      for (int m = 0; m < k; ++m) CHECK_EQ(gex_AD_OpNBI_I64(ad, &got[m], hot, fw, GEX_OP_FADD, 1, 0, 0), 0);
      gex_NBI_Wait(GEX_EC_RMW, 0);
    }
    int64_t top = last;
    for (int m = 0; m < k; ++m) {
      CHECKF(got[m] > last, "thread %d: FADD fetched %lld after %lld", tid, (long long)got[m], (long long)last);
      top = std::max(top, got[m]);
    }
    last = top;
    nf += k;
    for (;;) {
      const int64_t prior = blocking(hot, cw, GEX_OP_FCAS, seen, seen + 1);
      CHECKF(prior >= seen, "thread %d: FCAS fetched %lld after %lld", tid, (long long)prior, (long long)seen);
      if (prior == seen) {
        ++seen, ++nc;
        break;
      }
      seen = prior;
    }
  }
  hot_fadds.fetch_add(nf);
  hot_fcas.fetch_add(nc);
}

void thread_main(int tid) {
  thread_gate(1);
  fadd_phase(tid);
  thread_gate(2);
  fcas_phase(tid);
  thread_gate(3);
  hammer_phase(tid);
  thread_gate(4);
  lock_phase(tid);
}

// Rank 0's check that `got` (n*kThreads*per values) is exactly {0..total-1}.
void check_permutation(const int64_t *got, int64_t total, const char *what, gex_Rank_t tgt) {
  std::vector<char> seen(size_t(total), 0);
  for (int64_t i = 0; i < total; ++i) {
    CHECKF(got[i] >= 0 && got[i] < total, "%s on rank %u: fetched value %lld (slot %lld) is outside [0, %lld)", what,
           unsigned(tgt), (long long)got[i], (long long)i, (long long)total);
    CHECKF(!seen[size_t(got[i])], "%s on rank %u: fetched value %lld was returned twice", what, unsigned(tgt),
           (long long)got[i]);
    seen[size_t(got[i])] = 1;
  }
}

}  // namespace

int main(int argc, char **argv) {
  job = test_init(&argc, &argv, "test_ratomic_par", kSegSize);
  const gex_Rank_t n = job.n, me = job.me;
  for (gex_Rank_t r : {gex_Rank_t(0), gex_Rank_t(1 % n), gex_Rank_t(n / 2), gex_Rank_t(n - 1)})
    if (std::find(targets.begin(), targets.end(), r) == targets.end()) targets.push_back(r);

  gex_AD_Create(&ad, job.tm, GEX_DT_I64, GEX_OP_FADD | GEX_OP_FCAS | GEX_OP_GET | GEX_OP_SET, 0);
  // Which path: on load/store an NB op to the next rank completes at once (GEX_EVENT_INVALID).
  // Every rank finds the same (GEX_FORCE_AM is job-wide), so the counts agree.
  int64_t probe = 0;
  gex_Event_t pe = gex_AD_OpNB_I64(ad, &probe, (me + 1) % n, job.bases[(me + 1) % n] + kDataOff, GEX_OP_GET, 0, 0, 0);
  const bool load_store = pe == GEX_EVENT_INVALID;
  gex_Event_Wait(pe);
  if (load_store) kFadd = kFaddLS, kFcas = kFcasLS, kLock = kLockLS;
  CHECK(size_t(n) * kThreads * size_t(kFadd) * 8 <= kSegSize - kGatherFadd);
  CHECK(size_t(n) * kThreads * size_t(kFcas) * 8 <= kGatherFadd - kGatherFcas);
  for (size_t off : {kFaddOff, kFcasOff, kLockOff, kHotFaddOff, kHotFcasOff})
    gex_Event_Wait(gex_AD_OpNB_I64(ad, nullptr, me, job.seg + off, GEX_OP_SET, 0, 0, GEX_FLAG_AD_MY_RANK));
  *reinterpret_cast<uint64_t *>(job.seg + kDataOff) = 0;
  test_barrier(job);

  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) threads.emplace_back(thread_main, t);
  for (std::thread &t : threads) t.join();
  CHECK_EQ(plain_count, uint64_t(kLock) * kThreads);

  const int64_t counts[2] = {hot_fadds.load(), hot_fcas.load()};
  gex_RMA_PutBlocking(job.tm, n / 2, job.bases[n / 2] + kHotCountsOff + size_t(me) * 16, counts, 16, 0);
  // Each target gets every thread's fetched values: [source rank][thread][i].
  for (size_t k = 0; k < targets.size(); ++k) {
    const gex_Rank_t t = targets[k];
    for (int th = 0; th < kThreads; ++th) {
      const size_t slot = size_t(me) * kThreads + size_t(th);
      gex_RMA_PutBlocking(job.tm, t, job.bases[t] + kGatherFadd + slot * kFadd * 8, &results[th].fadd[k * kFadd],
                          kFadd * 8, 0);
      gex_RMA_PutBlocking(job.tm, t, job.bases[t] + kGatherFcas + slot * kFcas * 8, &results[th].fcas[k * kFcas],
                          kFcas * 8, 0);
    }
  }
  test_barrier(job);

  if (std::find(targets.begin(), targets.end(), me) != targets.end()) {
    const int64_t fadd_total = int64_t(n) * kThreads * kFadd, fcas_total = int64_t(n) * kThreads * kFcas;
    CHECK_EQ(blocking(me, job.seg + kFaddOff, GEX_OP_GET), fadd_total);
    CHECK_EQ(blocking(me, job.seg + kFcasOff, GEX_OP_GET), fcas_total);
    check_permutation(reinterpret_cast<const int64_t *>(job.seg + kGatherFadd), fadd_total, "FADD", me);
    check_permutation(reinterpret_cast<const int64_t *>(job.seg + kGatherFcas), fcas_total, "FCAS", me);
  }
  if (me == n / 2) {
    int64_t sum[2] = {0, 0};
    for (gex_Rank_t r = 0; r < n; ++r)
      for (int k = 0; k < 2; ++k) sum[k] += reinterpret_cast<const int64_t *>(job.seg + kHotCountsOff)[2 * r + k];
    CHECK_EQ(blocking(me, job.seg + kHotFaddOff, GEX_OP_GET), sum[0]);
    CHECK_EQ(blocking(me, job.seg + kHotFcasOff, GEX_OP_GET), sum[1]);
    printf("test_ratomic_par: hammer: %lld FADD, %lld FCAS increments on rank %u\n", (long long)sum[0],
           (long long)sum[1], unsigned(me));
  }
  if (me == n - 1) CHECK_EQ(blocking(me, job.seg + kLockOff, GEX_OP_GET), 0);
  if (me == 0)
    CHECK_EQ(*reinterpret_cast<const uint64_t *>(job.seg + kDataOff), uint64_t(n) * kThreads * kLock);
  test_barrier(job);
  gex_AD_Destroy(ad);
  test_barrier(job);
  if (me == 0)
    printf("test_ratomic_par: OK (%u ranks x %d threads, %zu targets, %s path: %d FADD, %d FCAS, %d locks)\n",
           unsigned(n), kThreads, targets.size(), load_store ? "load/store" : "AM", kFadd, kFcas, kLock);
  gasnet_exit(0);
}
