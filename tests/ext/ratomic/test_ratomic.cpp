// Remote atomics (gasnet_ratomic.h) over whichever path the job uses: CPU atomics on the mapped
// segment of a neighbour, or the AM path with GEX_FORCE_AM=1 (CTest runs both).
//
//   test_ratomic SUBTEST
//     counter      every rank does K FADD(1) on one I64 at rank 0: final K*N, fetched values are
//                  exactly {0..K*N-1}; Query*/CData return the creation parameters
//     lock         FCAS / CSWAP / CAS+GET spin-lock (ACQ on acquire, REL on release) guarding a
//                  non-atomic counter updated with RMA get+put: the total is exact; a counter
//                  incremented by FCAS retry loops from every rank is exact
//     matrix       every DT x every op, random operands, NB and NBI, against a serial model:
//                  fetched values are the prior values, non-fetching ops leave result_p alone
//     fp           FLT and DBL FMIN/FMAX/FADD from every rank on one location
//     wrap         U32/U64 DEC below 0, I32/U32 INC past the top, concurrent U32 DEC from 0
//     nbi          OpNBI with gex_NBI_Wait(GEX_EC_RMW), SET with GEX_EC_PUT, GET with GEX_EC_GET,
//                  NBI inside an access region, GEX_FLAG_RANK_IS_JOBRANK
//     outstanding  many NB ops in flight at once, completed in random order
//     subteam      a domain over a sub-team (split by parity, reversed keys): FADD addressed by team
//                  rank and by jobrank (GEX_FLAG_RANK_IS_JOBRANK) hit the same word, exact
//                  totals and fetched sets, nothing lands elsewhere; gex_AD_QueryTM is the sub-team
//     mixed        odd ranks set GEX_RATOMIC_FORCE_AM=1 before gex_Client_Init, so one job mixes the AM
//                  path and the load/store path on the same locations: counters, lock and FCAS
//                  counter stay exact
#include <sched.h>
#include <time.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <type_traits>

#include "ratomic_test.h"

namespace {

// ---- typed access to the C entry points -----------------------------------------------------------
#define OVERLOAD(NAME, TYPE)                                                                             \
  inline gex_Event_t op_nb(gex_AD_t ad, TYPE *r, gex_Rank_t t, void *a, gex_OP_t op, TYPE x, TYPE y,   \
                           gex_Flags_t f) {                                                              \
    return gex_AD_OpNB_##NAME(ad, r, t, a, op, x, y, f);                                                \
  }                                                                                                      \
  inline int op_nbi(gex_AD_t ad, TYPE *r, gex_Rank_t t, void *a, gex_OP_t op, TYPE x, TYPE y, gex_Flags_t f) { \
    return gex_AD_OpNBI_##NAME(ad, r, t, a, op, x, y, f);                                               \
  }
OVERLOAD(I32, int32_t)
OVERLOAD(U32, uint32_t)
OVERLOAD(I64, int64_t)
OVERLOAD(U64, uint64_t)
OVERLOAD(FLT, float)
OVERLOAD(DBL, double)
#undef OVERLOAD

template <typename T> constexpr gex_DT_t kDT = 0;
template <> constexpr gex_DT_t kDT<int32_t> = GEX_DT_I32;
template <> constexpr gex_DT_t kDT<uint32_t> = GEX_DT_U32;
template <> constexpr gex_DT_t kDT<int64_t> = GEX_DT_I64;
template <> constexpr gex_DT_t kDT<uint64_t> = GEX_DT_U64;
template <> constexpr gex_DT_t kDT<float> = GEX_DT_FLT;
template <> constexpr gex_DT_t kDT<double> = GEX_DT_DBL;

template <typename T>
T op_blocking(gex_AD_t ad, gex_Rank_t t, void *addr, gex_OP_t op, T x = T(0), T y = T(0), gex_Flags_t f = 0) {
  T r{};
  gex_Event_Wait(op_nb(ad, &r, t, addr, op, x, y, f));
  return r;
}

template <typename T>
bool same_bits(T a, T b) { return std::memcmp(&a, &b, sizeof(T)) == 0; }

template <typename T>
std::string show(T v) {
  char buf[96];
  if constexpr (std::is_floating_point_v<T>) {
    uint64_t bits = 0;
    std::memcpy(&bits, &v, sizeof v);
    snprintf(buf, sizeof buf, "%.17g (bits 0x%llx)", double(v), (unsigned long long)bits);
  } else if constexpr (std::is_signed_v<T>) {
    snprintf(buf, sizeof buf, "%lld", (long long)v);
  } else {
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
  }
  return buf;
}

// Waits for `n` fetched values in [0, total) gathered at rank 0 (`got` in rank 0's segment) and
// checks that they are exactly {0..total-1}.
void check_permutation(const int64_t *got, int64_t total) {
  std::vector<char> seen(size_t(total), 0);
  for (int64_t i = 0; i < total; ++i) {
    CHECKF(got[i] >= 0 && got[i] < total, "fetched value %lld at %lld is outside [0, %lld)", (long long)got[i],
           (long long)i, (long long)total);
    CHECKF(!seen[size_t(got[i])], "fetched value %lld was returned twice", (long long)got[i]);
    seen[size_t(got[i])] = 1;
  }
}

// ---- counter ------------------------------------------------------------------------------------------
constexpr size_t kGatherOff = 4096;

void counter_on(TestJob &j, gex_Rank_t owner, int K) {
  gex_AD_t ad = GEX_AD_INVALID;
  const gex_OP_t ops = GEX_OP_FADD | GEX_OP_CAS | GEX_OP_GET | GEX_OP_SET | GEX_OP_INC;
  gex_AD_Create(&ad, j.tm, GEX_DT_I64, ops, 0);
  CHECK(ad != GEX_AD_INVALID);
  CHECK(gex_AD_QueryTM(ad) == j.tm);
  CHECK_EQ(gex_AD_QueryDT(ad), GEX_DT_I64);
  CHECK_EQ(gex_AD_QueryOps(ad), ops);
  CHECK_EQ(gex_AD_QueryFlags(ad), 0);
  CHECK(gex_AD_QueryCData(ad) == nullptr);
  gex_AD_SetCData(ad, &j);
  CHECK(gex_AD_QueryCData(ad) == &j);

  int64_t *counter = reinterpret_cast<int64_t *>(j.bases[owner]);
  if (j.me == owner) gex_Event_Wait(gex_AD_OpNB_I64(ad, nullptr, owner, counter, GEX_OP_SET, 0, 0, GEX_FLAG_AD_MY_RANK));
  test_barrier(j);

  std::vector<int64_t> got(size_t(K), -1);
  for (int i = 0; i < K; ++i) {
    if (i % 3 == 2) {  // NBI, synced at the end
      CHECK_EQ(gex_AD_OpNBI_I64(ad, &got[i], owner, counter, GEX_OP_FADD, 1, 0, 0), 0);
    } else {
      gex_Flags_t f = (i % 3 == 1) ? GEX_FLAG_RANK_IS_JOBRANK : 0;  // primordial team: rank == jobrank
      gex_Event_Wait(gex_AD_OpNB_I64(ad, &got[i], owner, counter, GEX_OP_FADD, 1, 0, f));
    }
  }
  gex_NBI_Wait(GEX_EC_RMW, 0);
  gex_RMA_PutBlocking(j.tm, 0, j.bases[0] + kGatherOff + size_t(j.me) * size_t(K) * 8, got.data(), size_t(K) * 8, 0);
  test_barrier(j);
  const int64_t total = int64_t(K) * j.n;
  if (j.me == 0) {
    CHECK_EQ(op_blocking<int64_t>(ad, owner, counter, GEX_OP_GET), total);
    check_permutation(reinterpret_cast<const int64_t *>(j.seg + kGatherOff), total);
  }
  test_barrier(j);
  gex_AD_Destroy(ad);
}

void test_counter(TestJob &j) {
  counter_on(j, 0, 300);
  counter_on(j, j.n - 1, 200);
}

// ---- lock ---------------------------------------------------------------------------------------------
// The lock word lives at `owner`, the protected counter at `data_owner` (offset 64 of its segment).
void lock_on(TestJob &j, gex_Rank_t owner, gex_Rank_t data_owner, int M) {
  gex_AD_t ad;
  gex_AD_Create(&ad, j.tm, GEX_DT_I32, GEX_OP_FCAS | GEX_OP_CAS | GEX_OP_GET | GEX_OP_SET, 0);
  int32_t *lock = reinterpret_cast<int32_t *>(j.bases[owner] + 128);
  uint64_t *counter = reinterpret_cast<uint64_t *>(j.bases[data_owner] + 64);
  if (j.me == owner) gex_Event_Wait(gex_AD_OpNB_I32(ad, nullptr, owner, lock, GEX_OP_SET, 0, 0, 0));
  if (j.me == data_owner) *reinterpret_cast<uint64_t *>(j.seg + 64) = 0;
  test_barrier(j);
  const int32_t mine = int32_t(j.me) + 1;
  for (int i = 0; i < M; ++i) {
    for (unsigned spins = 0;; ++spins) {
      bool owned;
      switch (i % 3) {
        case 0:
          owned = op_blocking<int32_t>(ad, owner, lock, GEX_OP_FCAS, 0, mine, GEX_FLAG_AD_ACQ) == 0;
          break;
        case 1:
          owned = op_blocking<int32_t>(ad, owner, lock, GEX_OP_CSWAP, 0, mine, GEX_FLAG_AD_ACQ) == 0;
          break;
        default:  // non-fetching CAS, then read who won
          gex_Event_Wait(gex_AD_OpNB_I32(ad, nullptr, owner, lock, GEX_OP_CAS, 0, mine, 0));
          owned = op_blocking<int32_t>(ad, owner, lock, GEX_OP_GET, 0, 0, GEX_FLAG_AD_ACQ) == mine;
          break;
      }
      if (owned) break;
      gasnet_AMPoll();
      if (spins % 4 == 3) sched_yield();
    }
    CHECK_EQ(op_blocking<int32_t>(ad, owner, lock, GEX_OP_GET), mine);
    uint64_t v = 0;
    gex_RMA_GetBlocking(j.tm, &v, data_owner, counter, 8, 0);
    if (i % 8 == 0) sched_yield();  // widen the window a broken lock would show in
    ++v;
    gex_RMA_PutBlocking(j.tm, data_owner, counter, &v, 8, 0);
    gex_Event_Wait(gex_AD_OpNB_I32(ad, nullptr, owner, lock, GEX_OP_SET, 0, 0, GEX_FLAG_AD_REL));
  }
  test_barrier(j);
  if (j.me == data_owner) CHECK_EQ(*reinterpret_cast<uint64_t *>(j.seg + 64), uint64_t(M) * j.n);
  if (j.me == owner) CHECK_EQ(*reinterpret_cast<int32_t *>(j.seg + 128), 0);
  test_barrier(j);
  gex_AD_Destroy(ad);
}

// Increments by compare-and-swap retry loops (GET, then FCAS(old, old+1) until it succeeds),
// every rank on one U64 at `owner`: a CAS that is not atomic loses updates.
void cas_counter_on(TestJob &j, gex_Rank_t owner, int K) {
  gex_AD_t ad;
  gex_AD_Create(&ad, j.tm, GEX_DT_U64, GEX_OP_FCAS | GEX_OP_GET | GEX_OP_SET, 0);
  uint64_t *w = reinterpret_cast<uint64_t *>(j.bases[owner] + 192);
  if (j.me == owner) op_blocking<uint64_t>(ad, owner, w, GEX_OP_SET, 0);
  test_barrier(j);
  uint64_t seen = op_blocking<uint64_t>(ad, owner, w, GEX_OP_GET);
  for (int i = 0; i < K; ++i) {
    for (;;) {
      const uint64_t prior = op_blocking<uint64_t>(ad, owner, w, GEX_OP_FCAS, seen, seen + 1);
      if (prior == seen) {
        ++seen;
        break;
      }
      seen = prior;  // somebody else got in first: retry from the value FCAS returned
    }
  }
  test_barrier(j);
  if (j.me == owner) CHECK_EQ(op_blocking<uint64_t>(ad, owner, w, GEX_OP_GET), uint64_t(K) * j.n);
  test_barrier(j);
  gex_AD_Destroy(ad);
}

void test_lock(TestJob &j) {
  lock_on(j, 0, 0, 60);
  lock_on(j, j.n - 1, j.n / 2, 40);
  cas_counter_on(j, 0, 1000);
}

// ---- matrix: every DT x op against a serial model ------------------------------------------------------
template <typename T>
T model_arith(gex_OP_t base, T cur, T a) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    switch (base) {
      case GEX_OP_ADD: return T(U(U(cur) + U(a)));
      case GEX_OP_SUB: return T(U(U(cur) - U(a)));
      case GEX_OP_MULT: return T(U(U(cur) * U(a)));
      case GEX_OP_INC: return T(U(U(cur) + U(1)));
      case GEX_OP_DEC: return T(U(U(cur) - U(1)));
      case GEX_OP_AND: return T(cur & a);
      case GEX_OP_OR: return T(cur | a);
      case GEX_OP_XOR: return T(cur ^ a);
    }
  } else {
    switch (base) {
      case GEX_OP_ADD: return cur + a;
      case GEX_OP_SUB: return cur - a;
      case GEX_OP_MULT: return cur * a;
      case GEX_OP_INC: return cur + 1;
      case GEX_OP_DEC: return cur - 1;
    }
  }
  switch (base) {
    case GEX_OP_MIN: return (cur < a) ? cur : a;
    case GEX_OP_MAX: return (cur > a) ? cur : a;
  }
  test_fail(__FILE__, __LINE__, "model: unexpected op 0x%x", unsigned(base));
}

// Applies op to *cur, returns the value a fetching op returns.
template <typename T>
T model_apply(gex_OP_t op, T *cur, T a, T b) {
  const T old = *cur;
  switch (op) {
    case GEX_OP_GET: return old;
    case GEX_OP_SET: *cur = a; return old;
    case GEX_OP_SWAP: *cur = a; return old;
    case GEX_OP_CAS:
    case GEX_OP_FCAS:
      if (same_bits(old, a)) *cur = b;  // libgex compares floating point as integers (the spec allows it)
      return old;
  }
  const gex_OP_t base = op >= GEX_OP_FAND ? GEX_OP_TO_NONFETCHING(op) : op;  // FAND is the lowest fetching op
  *cur = model_arith<T>(base, old, a);
  return old;
}

struct OpName {
  gex_OP_t op;
  const char *name;
  bool fetching;
  bool bitwise;
};
const OpName kAllOps[] = {
    {GEX_OP_SET, "SET", false, false},   {GEX_OP_GET, "GET", true, false},     {GEX_OP_SWAP, "SWAP", true, false},
    {GEX_OP_CAS, "CAS", false, false},   {GEX_OP_FCAS, "FCAS", true, false},   {GEX_OP_ADD, "ADD", false, false},
    {GEX_OP_FADD, "FADD", true, false},  {GEX_OP_SUB, "SUB", false, false},    {GEX_OP_FSUB, "FSUB", true, false},
    {GEX_OP_MULT, "MULT", false, false}, {GEX_OP_FMULT, "FMULT", true, false}, {GEX_OP_MIN, "MIN", false, false},
    {GEX_OP_FMIN, "FMIN", true, false},  {GEX_OP_MAX, "MAX", false, false},    {GEX_OP_FMAX, "FMAX", true, false},
    {GEX_OP_INC, "INC", false, false},   {GEX_OP_FINC, "FINC", true, false},   {GEX_OP_DEC, "DEC", false, false},
    {GEX_OP_FDEC, "FDEC", true, false},  {GEX_OP_AND, "AND", false, true},     {GEX_OP_FAND, "FAND", true, true},
    {GEX_OP_OR, "OR", false, true},      {GEX_OP_FOR, "FOR", true, true},      {GEX_OP_XOR, "XOR", false, true},
    {GEX_OP_FXOR, "FXOR", true, true},
};

template <typename T>
T random_operand(Rng &rng) {
  const int small = int(rng.below(17)) - 8;
  if constexpr (std::is_floating_point_v<T>) {
    return T(small) / T(2);
  } else {
    if (rng.below(4) == 0) return T(rng.next());  // wide bit patterns for the bitwise ops
    return T(small);
  }
}

// Whether jobrank r is in this rank's neighbourhood (not so over a network: GEX_TRANSPORTS=ofi).
bool in_nbrhd(gex_Rank_t r) {
  gex_RankInfo_t *info = nullptr;
  gex_Rank_t n = 0;
  gex_System_QueryNbrhdInfo(&info, &n, nullptr);
  for (gex_Rank_t i = 0; i < n; ++i)
    if (info[i].gex_jobrank == r) return true;
  return false;
}

template <typename T>
void matrix_dt(TestJob &j, size_t slot_off, int steps) {
  std::vector<OpName> ops;
  gex_OP_t mask = 0;
  for (const OpName &o : kAllOps) {
    if (o.bitwise && std::is_floating_point_v<T>) continue;
    ops.push_back(o);
    mask |= o.op;
  }
  gex_AD_t ad;
  gex_AD_Create(&ad, j.tm, kDT<T>, mask, GEX_FLAG_AD_FAVOR_REMOTE);
  CHECK_EQ(gex_AD_QueryOps(ad), mask);
  CHECK_EQ(gex_AD_QueryFlags(ad), GEX_FLAG_AD_FAVOR_REMOTE);
  CHECK_EQ(gex_AD_QueryDT(ad), kDT<T>);

  // Two words owned by this rank alone: one at the next rank, one in my own segment.
  const gex_Rank_t targets[2] = {gex_Rank_t((j.me + 1) % j.n), j.me};
  void *addr[2];
  T model[2];
  for (int w = 0; w < 2; ++w) {
    addr[w] = j.bases[targets[w]] + slot_off + size_t(j.me) * 16 + size_t(w) * 8;
    model[w] = T(int(j.me) + 3 * w);
    gex_Event_Wait(op_nb(ad, static_cast<T *>(nullptr), targets[w], addr[w], GEX_OP_SET, model[w], T(0), 0));
  }
  Rng rng(uint64_t(j.me) * 1000 + kDT<T>);
  for (int step = 0; step < steps; ++step) {
    const int w = int(rng.below(2));
    if (step % 8 == 7 && std::is_floating_point_v<T>) {  // keep FP magnitudes (MULT) bounded
      model[w] = T(1.5);
      gex_Event_Wait(op_nb(ad, static_cast<T *>(nullptr), targets[w], addr[w], GEX_OP_SET, model[w], T(0), 0));
      continue;
    }
    const OpName &o = ops[rng.below(uint32_t(ops.size()))];
    T a = random_operand<T>(rng), b = random_operand<T>(rng);
    if ((o.op == GEX_OP_CAS || o.op == GEX_OP_FCAS) && rng.below(2)) a = model[w];  // a CAS that succeeds
    gex_Flags_t flags = 0;
    switch (rng.below(4)) {
      case 1: flags = GEX_FLAG_AD_ACQ; break;
      case 2: flags = GEX_FLAG_AD_REL | GEX_FLAG_AD_ACQ; break;
      case 3: flags = w == 1 ? GEX_FLAG_AD_MY_RANK : in_nbrhd(targets[0]) ? GEX_FLAG_AD_MY_NBRHD : 0; break;
    }
    const T sentinel = T(77);
    T result = sentinel;
    T *result_p = (o.fetching || rng.below(2)) ? &result : nullptr;
    const T expected = model_apply<T>(o.op, &model[w], a, b);
    if (step % 2) {
      gex_Event_t ev = op_nb(ad, result_p, targets[w], addr[w], o.op, a, b, flags);
      CHECK(ev != GEX_EVENT_NO_OP);
      gex_Event_Wait(ev);
    } else {
      CHECK_EQ(op_nbi(ad, result_p, targets[w], addr[w], o.op, a, b, flags), 0);
      gex_NBI_Wait(o.op == GEX_OP_SET ? GEX_EC_PUT : o.op == GEX_OP_GET ? GEX_EC_GET : GEX_EC_RMW, 0);
    }
    if (o.fetching) {
      CHECKF(same_bits(result, expected), "%s: dt 0x%x op %s(%s, %s) on rank %u fetched %s, the prior value was %s",
             step % 2 ? "NB" : "NBI", unsigned(kDT<T>), o.name, show(a).c_str(), show(b).c_str(), unsigned(targets[w]),
             show(result).c_str(), show(expected).c_str());
    } else {
      CHECKF(same_bits(result, sentinel), "dt 0x%x non-fetching op %s wrote result_p (%s)", unsigned(kDT<T>), o.name,
             show(result).c_str());
    }
    if (step % 16 == 15) {
      const T now = op_blocking<T>(ad, targets[w], addr[w], GEX_OP_GET);
      CHECKF(same_bits(now, model[w]), "dt 0x%x after %s: target holds %s, model %s", unsigned(kDT<T>), o.name,
             show(now).c_str(), show(model[w]).c_str());
    }
  }
  test_barrier(j);
  // After the barrier: the words still hold what the model says.
  for (int w = 0; w < 2; ++w) {
    const T now = op_blocking<T>(ad, targets[w], addr[w], GEX_OP_GET);
    CHECKF(same_bits(now, model[w]), "dt 0x%x final: %s vs model %s", unsigned(kDT<T>), show(now).c_str(),
           show(model[w]).c_str());
  }
  test_barrier(j);
  gex_AD_Destroy(ad);
}

void test_matrix(TestJob &j) {
  const int steps = 400;
  matrix_dt<int32_t>(j, 1 << 16, steps);
  matrix_dt<uint32_t>(j, 2 << 16, steps);
  matrix_dt<int64_t>(j, 3 << 16, steps);
  matrix_dt<uint64_t>(j, 4 << 16, steps);
  matrix_dt<float>(j, 5 << 16, steps);
  matrix_dt<double>(j, 6 << 16, steps);
}

// ---- floating point min/max/add from every rank ----------------------------------------------------------
template <typename T>
void fp_dt(TestJob &j, int K) {
  gex_AD_t ad;
  gex_AD_Create(&ad, j.tm, kDT<T>, GEX_OP_FMIN | GEX_OP_FMAX | GEX_OP_FADD | GEX_OP_MIN | GEX_OP_MAX | GEX_OP_SET | GEX_OP_GET, 0);
  T *w = reinterpret_cast<T *>(j.bases[0] + 256);  // [0] min, [1] max, [2] sum, [3] min (non-fetching)
  if (j.me == 0)
    for (int i = 0; i < 4; ++i) op_blocking<T>(ad, 0, &w[i], GEX_OP_SET, i == 1 ? T(-1e30) : i == 2 ? T(0) : T(1e30));
  test_barrier(j);
  T last_max = T(-1e30), last_min = T(1e30);
  for (int i = 0; i < K; ++i) {
    // Values unique per (rank, i), negative and positive, exact in both types.
    const T v = T(int(j.me) * K + i - int(j.n) * K / 2) * T(0.25);
    const T got_min = op_blocking<T>(ad, 0, &w[0], GEX_OP_FMIN, v);
    const T got_max = op_blocking<T>(ad, 0, &w[1], GEX_OP_FMAX, v);
    const T got_sum = op_blocking<T>(ad, 0, &w[2], GEX_OP_FADD, T(0.5));
    gex_Event_Wait(op_nb(ad, static_cast<T *>(nullptr), 0, &w[3], GEX_OP_MIN, v, T(0), 0));
    CHECKF(got_min <= last_min, "FMIN fetched %s after %s: a minimum only decreases", show(got_min).c_str(), show(last_min).c_str());
    CHECKF(got_max >= last_max, "FMAX fetched %s after %s: a maximum only grows", show(got_max).c_str(), show(last_max).c_str());
    CHECK(got_sum >= T(0) && got_sum <= T(0.5) * T(K) * T(j.n) - T(0.5));
    last_min = std::min(got_min, v);
    last_max = std::max(got_max, v);
  }
  test_barrier(j);
  if (j.me == 0) {
    const T lo = T(-int(j.n) * K / 2) * T(0.25), hi = T(int(j.n) * K - 1 - int(j.n) * K / 2) * T(0.25);
    CHECKF(op_blocking<T>(ad, 0, &w[0], GEX_OP_GET) == lo, "final FMIN %s, expected %s", show(w[0]).c_str(), show(lo).c_str());
    CHECKF(op_blocking<T>(ad, 0, &w[1], GEX_OP_GET) == hi, "final FMAX %s, expected %s", show(w[1]).c_str(), show(hi).c_str());
    CHECKF(op_blocking<T>(ad, 0, &w[2], GEX_OP_GET) == T(0.5) * T(K) * T(j.n), "final FADD sum %s", show(w[2]).c_str());
    CHECKF(op_blocking<T>(ad, 0, &w[3], GEX_OP_GET) == lo, "final MIN %s", show(w[3]).c_str());
  }
  test_barrier(j);
  gex_AD_Destroy(ad);
}

void test_fp(TestJob &j) {
  fp_dt<float>(j, 150);
  fp_dt<double>(j, 150);
}

// ---- wraparound ------------------------------------------------------------------------------------------
void test_wrap(TestJob &j) {
  const gex_OP_t ops = GEX_OP_DEC | GEX_OP_FDEC | GEX_OP_INC | GEX_OP_FINC | GEX_OP_SET | GEX_OP_GET | GEX_OP_FSUB;
  gex_AD_t ad32, adu64, adi32;
  gex_AD_Create(&ad32, j.tm, GEX_DT_U32, ops, 0);
  gex_AD_Create(&adu64, j.tm, GEX_DT_U64, ops, 0);
  gex_AD_Create(&adi32, j.tm, GEX_DT_I32, ops, 0);
  const gex_Rank_t t = (j.me + 1) % j.n;
  char *mine_at_t = j.bases[t] + 512 + size_t(j.me) * 32;
  uint32_t *u32 = reinterpret_cast<uint32_t *>(mine_at_t);
  uint64_t *u64 = reinterpret_cast<uint64_t *>(mine_at_t + 8);
  int32_t *i32 = reinterpret_cast<int32_t *>(mine_at_t + 16);

  op_blocking<uint32_t>(ad32, t, u32, GEX_OP_SET, 0);
  gex_Event_Wait(gex_AD_OpNB_U32(ad32, nullptr, t, u32, GEX_OP_DEC, 0, 0, 0));
  CHECK_EQ(op_blocking<uint32_t>(ad32, t, u32, GEX_OP_GET), 0xFFFFFFFFu);
  CHECK_EQ(op_blocking<uint32_t>(ad32, t, u32, GEX_OP_FDEC), 0xFFFFFFFFu);
  CHECK_EQ(op_blocking<uint32_t>(ad32, t, u32, GEX_OP_FINC), 0xFFFFFFFEu);
  CHECK_EQ(op_blocking<uint32_t>(ad32, t, u32, GEX_OP_FINC), 0xFFFFFFFFu);
  CHECK_EQ(op_blocking<uint32_t>(ad32, t, u32, GEX_OP_GET), 0u);
  CHECK_EQ(op_blocking<uint32_t>(ad32, t, u32, GEX_OP_FSUB, 5), 0u);
  CHECK_EQ(op_blocking<uint32_t>(ad32, t, u32, GEX_OP_GET), 0xFFFFFFFBu);

  op_blocking<uint64_t>(adu64, t, u64, GEX_OP_SET, 1);
  CHECK_EQ(op_blocking<uint64_t>(adu64, t, u64, GEX_OP_FDEC), 1u);
  CHECK_EQ(op_blocking<uint64_t>(adu64, t, u64, GEX_OP_FDEC), 0u);
  CHECK_EQ(op_blocking<uint64_t>(adu64, t, u64, GEX_OP_GET), ~uint64_t(0));

  op_blocking<int32_t>(adi32, t, i32, GEX_OP_SET, INT32_MAX);
  CHECK_EQ(op_blocking<int32_t>(adi32, t, i32, GEX_OP_FINC), INT32_MAX);
  CHECK_EQ(uint32_t(op_blocking<int32_t>(adi32, t, i32, GEX_OP_GET)), uint32_t(INT32_MIN));
  CHECK_EQ(uint32_t(op_blocking<int32_t>(adi32, t, i32, GEX_OP_FDEC)), uint32_t(INT32_MIN));
  CHECK_EQ(op_blocking<int32_t>(adi32, t, i32, GEX_OP_GET), INT32_MAX);

  // Everyone decrements one U32 at rank 0 from 0: it wraps once and ends at 2^32 - K*N.
  const int K = 200;
  uint32_t *shared = reinterpret_cast<uint32_t *>(j.bases[0] + 1024);
  if (j.me == 0) op_blocking<uint32_t>(ad32, 0, shared, GEX_OP_SET, 0);
  test_barrier(j);
  for (int i = 0; i < K; ++i) {
    if (i % 2) gex_Event_Wait(gex_AD_OpNB_U32(ad32, nullptr, 0, shared, GEX_OP_DEC, 0, 0, 0));
    else CHECK_EQ(gex_AD_OpNBI_U32(ad32, nullptr, 0, shared, GEX_OP_DEC, 0, 0, 0), 0);
  }
  gex_NBI_Wait(GEX_EC_RMW, 0);
  test_barrier(j);
  if (j.me == 0) CHECK_EQ(op_blocking<uint32_t>(ad32, 0, shared, GEX_OP_GET), uint32_t(0u - uint32_t(K) * j.n));
  test_barrier(j);
  gex_AD_Destroy(ad32);
  gex_AD_Destroy(adu64);
  gex_AD_Destroy(adi32);
}

// ---- NBI ------------------------------------------------------------------------------------------------
void test_nbi(TestJob &j) {
  gex_AD_t ad;
  gex_AD_Create(&ad, j.tm, GEX_DT_U64, GEX_OP_FADD | GEX_OP_ADD | GEX_OP_SET | GEX_OP_GET | GEX_OP_SWAP, 0);
  const gex_Rank_t t = (j.me + 1) % j.n;
  uint64_t *w = reinterpret_cast<uint64_t *>(j.bases[t] + 2048 + size_t(j.me) * 64);
  for (int round = 0; round < 20; ++round) {
    // SET completes as a put: after gex_NBI_Wait(GEX_EC_PUT) nothing at all is outstanding.
    const uint64_t base = uint64_t(round) * 1000000 + j.me;
    CHECK_EQ(gex_AD_OpNBI_U64(ad, nullptr, t, w, GEX_OP_SET, base, 0, 0), 0);
    gex_NBI_Wait(GEX_EC_PUT, 0);
    CHECK_EQ(gex_NBI_Test(GEX_EC_ALL, 0), GASNET_OK);
    // GET completes as a get: the fetched value is there after gex_NBI_Wait(GEX_EC_GET).
    uint64_t got = 0;
    CHECK_EQ(gex_AD_OpNBI_U64(ad, &got, t, w, GEX_OP_GET, 0, 0, 0), 0);
    gex_NBI_Wait(GEX_EC_GET, 0);
    CHECK_EQ(got, base);
    CHECK_EQ(gex_NBI_Test(GEX_EC_ALL, 0), GASNET_OK);
    // Everything else on GEX_EC_RMW: K fetch-adds in flight, fetched values {base..base+K-1}.
    const int K = 32;
    uint64_t fetched[K];
    for (int i = 0; i < K; ++i) {
      fetched[i] = ~uint64_t(0);
      CHECK_EQ(gex_AD_OpNBI_U64(ad, &fetched[i], t, w, GEX_OP_FADD, 1, 0, 0), 0);
    }
    CHECK_EQ(gex_AD_OpNBI_U64(ad, nullptr, t, w, GEX_OP_ADD, 1000, 0, 0), 0);
    gex_NBI_Wait(GEX_EC_RMW, 0);
    CHECK_EQ(gex_NBI_Test(GEX_EC_ALL, 0), GASNET_OK);
    // The ADD(1000) lands between two of them: sorted, the first m fetched are base+i, the
    // rest base+i+1000.
    std::sort(fetched, fetched + K);
    int m = 0;
    while (m < K && fetched[m] < base + 1000) ++m;
    for (int i = 0; i < K; ++i) {
      const uint64_t want = base + uint64_t(i) + (i >= m ? 1000 : 0);
      CHECKF(fetched[i] == want, "round %d: sorted fetched[%d] = %llu, expected %llu (m=%d)", round, i,
             (unsigned long long)fetched[i], (unsigned long long)want, m);
    }
    CHECK_EQ(op_blocking<uint64_t>(ad, t, w, GEX_OP_GET), base + K + 1000);
    // The same inside an access region: the region's event covers every NBI op in it.
    uint64_t swapped = 0;
    gex_NBI_BeginAccessRegion(0);
    CHECK_EQ(gex_AD_OpNBI_U64(ad, &swapped, t, w, GEX_OP_SWAP, 5, 0, 0), 0);
    gex_Event_t region = gex_NBI_EndAccessRegion(0);
    gex_Event_Wait(region);
    CHECK_EQ(swapped, base + K + 1000);
    // RANK_IS_JOBRANK: on the primordial team, the jobrank of t is t.
    CHECK_EQ(op_blocking<uint64_t>(ad, t, w, GEX_OP_GET, 0, 0, GEX_FLAG_RANK_IS_JOBRANK), 5u);
  }
  test_barrier(j);
  gex_AD_Destroy(ad);
}

// ---- many NB ops outstanding, completed in random order --------------------------------------------------
void test_outstanding(TestJob &j) {
  gex_AD_t ad;
  gex_AD_Create(&ad, j.tm, GEX_DT_I64, GEX_OP_FADD | GEX_OP_SET | GEX_OP_GET | GEX_OP_SWAP, 0);
  constexpr int M = 96;
  Rng rng(uint64_t(j.me) + 99);
  gex_Rank_t tgt[M];
  int64_t *addr[M];
  for (int i = 0; i < M; ++i) {
    tgt[i] = gex_Rank_t(rng.below(j.n));
    addr[i] = reinterpret_cast<int64_t *>(j.bases[tgt[i]] + (1 << 19) + (size_t(j.me) * M + size_t(i)) * 8);
    CHECK_EQ(gex_AD_OpNBI_I64(ad, nullptr, tgt[i], addr[i], GEX_OP_SET, int64_t(i) * 1000 + j.me, 0, 0), 0);
  }
  gex_NBI_Wait(GEX_EC_PUT, 0);
  int64_t *shared = reinterpret_cast<int64_t *>(j.bases[0] + 1536);
  if (j.me == 0) op_blocking<int64_t>(ad, 0, shared, GEX_OP_SET, 0);
  test_barrier(j);
  for (int round = 0; round < 4; ++round) {
    gex_Event_t ev[2 * M];
    int64_t res[2 * M];
    for (int i = 0; i < M; ++i) {
      res[i] = res[M + i] = -1;
      ev[i] = gex_AD_OpNB_I64(ad, &res[i], tgt[i], addr[i], GEX_OP_FADD, 1, 0, 0);
      ev[M + i] = gex_AD_OpNB_I64(ad, &res[M + i], 0, shared, GEX_OP_FADD, 1, 0, 0);
    }
    int order[2 * M];
    for (int i = 0; i < 2 * M; ++i) order[i] = i;
    for (int i = 2 * M - 1; i > 0; --i) std::swap(order[i], order[rng.below(uint32_t(i + 1))]);
    switch (round % 4) {
      case 0:  // one at a time, in random order
        for (int i = 0; i < 2 * M; ++i) gex_Event_Wait(ev[order[i]]);
        break;
      case 1: {  // a random half by TestSome polling, the rest at once
        gex_Event_t half[M];
        for (int i = 0; i < M; ++i) half[i] = ev[order[i]];
        for (;;) {
          gex_Event_TestSome(half, M, 0);
          bool all = true;
          for (int i = 0; i < M; ++i) all = all && half[i] == GEX_EVENT_INVALID;
          if (all) break;
          gasnet_AMPoll();
        }
        for (int i = M; i < 2 * M; ++i) gex_Event_Wait(ev[order[i]]);
        break;
      }
      case 2: {  // Test each in random order until all are done
        int left = 0;
        for (int i = 0; i < 2 * M; ++i) left += ev[i] != GEX_EVENT_INVALID;
        while (left) {
          for (int i = 0; i < 2 * M; ++i) {
            gex_Event_t &e = ev[order[i]];
            if (e != GEX_EVENT_INVALID && gex_Event_Test(e) == GASNET_OK) e = GEX_EVENT_INVALID, --left;
          }
          gasnet_AMPoll();
        }
        break;
      }
      default:
        gex_Event_WaitAll(ev, 2 * M, 0);
    }
    for (int i = 0; i < M; ++i)
      CHECKF(res[i] == int64_t(i) * 1000 + j.me + round, "round %d slot %d fetched %lld", round, i, (long long)res[i]);
    for (int i = 0; i < M; ++i) CHECK(res[M + i] >= 0 && res[M + i] < int64_t(4 * M) * j.n);
  }
  for (int i = 0; i < M; ++i)
    CHECK_EQ(op_blocking<int64_t>(ad, tgt[i], addr[i], GEX_OP_GET), int64_t(i) * 1000 + j.me + 4);
  test_barrier(j);
  if (j.me == 0) CHECK_EQ(op_blocking<int64_t>(ad, 0, shared, GEX_OP_GET), int64_t(4 * M) * j.n);
  test_barrier(j);
  gex_AD_Destroy(ad);
}

// ---- sub-team: GEX_FLAG_RANK_IS_JOBRANK on a domain over a split team ------------------------------------
// The job splits by parity with reversed keys, so team rank r of a team is the r-th largest jobrank
// of that parity and team ranks differ from jobranks. On each team every member fetch-adds K times
// onto a counter at every member, addressing it in turn by team rank and by jobrank
// (GEX_FLAG_RANK_IS_JOBRANK), NB and NBI. Each rank holds one word per jobrank, the word for
// ops meant for that jobrank: its own word ends at exactly K*size and every other stays 0 (an op
// routed to the wrong rank lands there), and each target's fetched values are exactly
// {0..K*size-1} (ops addressed either way hit the one word).
constexpr size_t kSubCntOff = 1 << 17;     // int64_t[n] in every segment
constexpr size_t kSubGatherOff = 1 << 18;  // int64_t[size][K]: the fetched values, by source team rank

void test_subteam(TestJob &j) {
  const int color = int(j.me % 2);
  gex_TM_t sub = nullptr;
  gex_TM_Split(&sub, j.tm, color, -int(j.me), nullptr, 0, GEX_FLAG_TM_NO_SCRATCH);
  CHECK(sub != nullptr && sub != j.tm);
  std::vector<gex_Rank_t> members;  // team rank -> jobrank, worked out here (reversed keys)
  for (gex_Rank_t r = j.n; r-- > 0;)
    if (int(r % 2) == color) members.push_back(r);
  const gex_Rank_t size = gex_Rank_t(members.size());
  CHECK_EQ(gex_TM_QuerySize(sub), size);
  const gex_Rank_t my_rank = gex_TM_QueryRank(sub);
  CHECK_EQ(members[my_rank], j.me);
  for (gex_Rank_t r = 0; r < size; ++r) CHECK_EQ(gex_TM_TranslateRankToJobrank(sub, r), members[r]);
  // The premise: on every team of 2 or more ranks, and on the odd team always, some team rank
  // differs from its jobrank.
  if (j.n > 1 && (size > 1 || color == 1)) {
    bool differ = false;
    for (gex_Rank_t r = 0; r < size; ++r) differ = differ || members[r] != r;
    CHECK(differ);
  }

  const gex_OP_t ops = GEX_OP_FADD | GEX_OP_GET | GEX_OP_SET;
  gex_AD_t ad = GEX_AD_INVALID;
  gex_AD_Create(&ad, sub, GEX_DT_I64, ops, 0);
  CHECK(ad != GEX_AD_INVALID);
  CHECK(gex_AD_QueryTM(ad) == sub);
  CHECK_EQ(gex_AD_QueryDT(ad), GEX_DT_I64);
  CHECK_EQ(gex_AD_QueryOps(ad), ops);

  // Zero my words through the domain, addressing myself both ways (with GEX_FLAG_AD_MY_RANK,
  // which the debug library checks against the translated rank).
  for (gex_Rank_t w = 0; w < j.n; ++w) {
    void *word = j.seg + kSubCntOff + size_t(w) * 8;
    if (w % 2)
      gex_Event_Wait(gex_AD_OpNB_I64(ad, nullptr, j.me, word, GEX_OP_SET, 0, 0,
                                     GEX_FLAG_RANK_IS_JOBRANK | GEX_FLAG_AD_MY_RANK));
    else
      gex_Event_Wait(gex_AD_OpNB_I64(ad, nullptr, my_rank, word, GEX_OP_SET, 0, 0, GEX_FLAG_AD_MY_RANK));
  }
  CHECK_EQ(op_blocking<int64_t>(ad, my_rank, j.seg + kSubCntOff + size_t(j.me) * 8, GEX_OP_GET), 0);
  test_barrier(j);

  const int K = 120;
  std::vector<int64_t> got(size_t(size) * size_t(K), -1);  // [target team rank][i]
  for (gex_Rank_t s = 0; s < size; ++s) {
    const gex_Rank_t t = (my_rank + s) % size, jr = members[t];
    int64_t *word = reinterpret_cast<int64_t *>(j.bases[jr] + kSubCntOff + size_t(jr) * 8);
    for (int i = 0; i < K; ++i) {
      int64_t *res = &got[size_t(t) * size_t(K) + size_t(i)];
      const bool by_jobrank = i % 2;
      const gex_Rank_t tgt = by_jobrank ? jr : t;
      const gex_Flags_t f = by_jobrank ? GEX_FLAG_RANK_IS_JOBRANK : 0;
      if (i % 4 < 2) gex_Event_Wait(gex_AD_OpNB_I64(ad, res, tgt, word, GEX_OP_FADD, 1, 0, f));
      else CHECK_EQ(gex_AD_OpNBI_I64(ad, res, tgt, word, GEX_OP_FADD, 1, 0, f), 0);
    }
  }
  gex_NBI_Wait(GEX_EC_RMW, 0);
  // Each target gets what it was sent, by source team rank.
  for (gex_Rank_t t = 0; t < size; ++t)
    gex_RMA_PutBlocking(j.tm, members[t], j.bases[members[t]] + kSubGatherOff + size_t(my_rank) * size_t(K) * 8,
                        &got[size_t(t) * size_t(K)], size_t(K) * 8, 0);
  test_barrier(j);

  const int64_t total = int64_t(K) * size;
  const int64_t *words = reinterpret_cast<const int64_t *>(j.seg + kSubCntOff);
  void *mine = j.seg + kSubCntOff + size_t(j.me) * 8;
  CHECK_EQ(op_blocking<int64_t>(ad, my_rank, mine, GEX_OP_GET), total);
  CHECK_EQ(op_blocking<int64_t>(ad, j.me, mine, GEX_OP_GET, 0, 0, GEX_FLAG_RANK_IS_JOBRANK), total);
  for (gex_Rank_t w = 0; w < j.n; ++w)
    CHECKF(words[w] == (w == j.me ? total : 0), "rank %u (team rank %u): the word for jobrank %u holds %lld",
           unsigned(j.me), unsigned(my_rank), unsigned(w), (long long)words[w]);
  check_permutation(reinterpret_cast<const int64_t *>(j.seg + kSubGatherOff), total);
  // A member reads another's counter both ways too.
  if (size > 1) {
    const gex_Rank_t t = (my_rank + 1) % size;
    void *w = j.bases[members[t]] + kSubCntOff + size_t(members[t]) * 8;
    CHECK_EQ(op_blocking<int64_t>(ad, t, w, GEX_OP_GET), total);
    CHECK_EQ(op_blocking<int64_t>(ad, members[t], w, GEX_OP_GET, 0, 0, GEX_FLAG_RANK_IS_JOBRANK), total);
  }
  test_barrier(j);
  gex_AD_Destroy(ad);
  CHECK_EQ(gex_TM_Destroy(sub, nullptr, 0), 0);
}

// ---- mixed paths -------------------------------------------------------------------------------------------
// A counter that keeps every rank busy until all are done: each rank fetch-adds at least K times
// and goes on (up to `cap`) until every rank has done its K, so the fast load/store ranks overlap
// the slower AM ranks for the whole test. Ops are paced (~1 us, polling) so they spread out.
// Counts and fetched values are gathered at rank 0: the total is exact and the fetched values
// are exactly {0..total-1}.
double now_s() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

void overlapping_counter_on(TestJob &j, gex_Rank_t owner, int K, int cap) {
  gex_AD_t ad;
  gex_AD_Create(&ad, j.tm, GEX_DT_I64, GEX_OP_FADD | GEX_OP_ADD | GEX_OP_GET | GEX_OP_SET, 0);
  int64_t *counter = reinterpret_cast<int64_t *>(j.bases[owner]);
  int64_t *finished = counter + 1;
  if (j.me == owner) {
    op_blocking<int64_t>(ad, owner, counter, GEX_OP_SET, 0);
    op_blocking<int64_t>(ad, owner, finished, GEX_OP_SET, 0);
  }
  test_barrier(j);
  std::vector<int64_t> got(size_t(cap), -1);
  int64_t count = 0;
  bool marked = false;
  for (;;) {
    if (count < cap) {
      got[size_t(count)] = op_blocking<int64_t>(ad, owner, counter, GEX_OP_FADD, 1);
      ++count;
      const double until = now_s() + 1e-6;
      while (now_s() < until) gasnet_AMPoll();
    } else {
      gasnet_AMPoll();
    }
    if (!marked && count >= K) {
      gex_Event_Wait(gex_AD_OpNB_I64(ad, nullptr, owner, finished, GEX_OP_ADD, 1, 0, 0));
      marked = true;
    }
    if (marked && (count >= cap || count % 8 == 0) &&
        op_blocking<int64_t>(ad, owner, finished, GEX_OP_GET) == int64_t(j.n))
      break;
  }
  char *gather = j.bases[0] + kGatherOff;
  gex_RMA_PutBlocking(j.tm, 0, gather + size_t(j.me) * 8, &count, 8, 0);
  gex_RMA_PutBlocking(j.tm, 0, gather + 64 * 8 + size_t(j.me) * size_t(cap) * 8, got.data(), size_t(count) * 8, 0);
  test_barrier(j);
  if (j.me == 0) {
    const int64_t *counts = reinterpret_cast<const int64_t *>(j.seg + kGatherOff);
    std::vector<int64_t> all;
    for (gex_Rank_t r = 0; r < j.n; ++r) {
      CHECK(counts[r] >= K && counts[r] <= cap);
      const int64_t *v = reinterpret_cast<const int64_t *>(j.seg + kGatherOff + 64 * 8) + size_t(r) * size_t(cap);
      all.insert(all.end(), v, v + counts[r]);
    }
    CHECK_EQ(op_blocking<int64_t>(ad, owner, counter, GEX_OP_GET), int64_t(all.size()));
    check_permutation(all.data(), int64_t(all.size()));
  }
  test_barrier(j);
  gex_AD_Destroy(ad);
}

void test_mixed(TestJob &j) {
  // Premise: odd ranks are on the AM path (an NB op to a neighbour returns a real event), even
  // ranks on load/store (completed synchronously: GEX_EVENT_INVALID).
  gex_AD_t ad;
  gex_AD_Create(&ad, j.tm, GEX_DT_I64, GEX_OP_FADD | GEX_OP_GET, 0);
  int64_t probe = 0;
  gex_Event_t ev = gex_AD_OpNB_I64(ad, &probe, j.me, j.bases[j.me] + 8192, GEX_OP_GET, 0, 0, 0);
  CHECKF((ev != GEX_EVENT_INVALID) == (j.me % 2 == 1), "rank %u: expected the %s path", unsigned(j.me),
         j.me % 2 ? "AM" : "load/store");
  gex_Event_Wait(ev);
  test_barrier(j);
  gex_AD_Destroy(ad);
  // On an odd (AM-path) owner, its own handler and the even ranks' CPU atomics meet.
  if (j.n > 1) overlapping_counter_on(j, 1, 800, 16000);
  overlapping_counter_on(j, 0, 800, 16000);
  lock_on(j, 0, j.n - 1, 60);
  if (j.n > 1) lock_on(j, 1, 0, 60);
  if (j.n > 1) cas_counter_on(j, 1, 1000);
}

}  // namespace

int main(int argc, char **argv) {
  const std::string sub = argc > 1 ? argv[1] : "";
  if (sub == "mixed") {
    // gexrun gives each rank GEX_RANK before it starts; gex_Client_Init reads
    // GEX_RATOMIC_FORCE_AM (atomics only: the rest of the runtime keeps one path per job).
    const char *r = getenv("GEX_RANK");
    unsetenv("GEX_FORCE_AM");
    if (r && atoi(r) % 2) setenv("GEX_RATOMIC_FORCE_AM", "1", 1);
    else unsetenv("GEX_RATOMIC_FORCE_AM");
  }
  TestJob j = test_init(&argc, &argv, "test_ratomic", 2 << 20);
  if (sub == "mixed" && j.n > 1) CHECKF(getenv("GEX_RANK") != nullptr, "the mixed test needs gexrun (GEX_RANK)");
  test_barrier(j);
  if (sub == "counter") test_counter(j);
  else if (sub == "lock") test_lock(j);
  else if (sub == "matrix") test_matrix(j);
  else if (sub == "fp") test_fp(j);
  else if (sub == "wrap") test_wrap(j);
  else if (sub == "nbi") test_nbi(j);
  else if (sub == "outstanding") test_outstanding(j);
  else if (sub == "mixed") test_mixed(j);
  else if (sub == "subteam") test_subteam(j);
  else test_fail(__FILE__, __LINE__, "unknown subtest '%s'", sub.c_str());
  test_barrier(j);
  if (j.me == 0) printf("test_ratomic %s: OK (%u ranks)\n", sub.c_str(), unsigned(j.n));
  gasnet_exit(0);
}
