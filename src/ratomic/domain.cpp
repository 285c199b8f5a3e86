// Atomic domains (gasnet_ratomic.h): gex_AD_Create/Destroy/Query* and gex_AD_OpNB/NBI_*.
//
// Two paths, chosen per target like RMA (src/api/rma.cpp):
//  - load/store: the target's segment is mapped here, so the initiator applies the CPU atomic
//    (cpu_atomic.h) to the mapped address itself; the operation is complete on return.
//  - Active Messages (service.cpp) otherwise, and for every target with GEX_FORCE_AM=1 (or
//    GEX_RATOMIC_FORCE_AM=1, atomics only): the target's handler applies the same CPU atomic to
//    its own memory.
// A domain is a purely local object (nothing travels between ranks that names it), so Create
// and Destroy need no communication; the spec requires neither to barrier.
#include <gasnet_ratomic.h>

#include <atomic>
#include <string>
#include <vector>

#include "ratomic/cpu_atomic.h"
#include "ratomic/service.h"
#include "runtime/dtop.h"
#include "runtime/runtime.h"

// The head (magic, inline_dt, inline_ops, tm) is what gasnet_ratomic.h's inline path reads.
struct gexi_AD : gexi_AD_Head_t {
  static constexpr uint32_t kLive = 0x41444f4b;  // "ADOK": cleared by Destroy
  gexi_AD() : gexi_AD_Head_t{kLive, 0, 0, nullptr} {}
  gexi_TM *team = nullptr;
  gex_DT_t dt = 0;
  gex_OP_t ops = 0;
  gex_Flags_t flags = 0;
  void *cdata = nullptr;
  bool force_am = false;  // GEX_RATOMIC_FORCE_AM (the service's, copied at creation)
  // jobrank -> team rank (GEX_RANK_INVALID for non-members); empty for the primordial team.
  std::vector<gex_Rank_t> rank_of_jobrank;
};

using namespace gex::runtime;

namespace {

constexpr gex_DT_t kAtomicDTs = GEX_DT_I32 | GEX_DT_U32 | GEX_DT_I64 | GEX_DT_U64 | GEX_DT_FLT | GEX_DT_DBL;
constexpr gex_OP_t kBitwiseOps = GEX_OP_AND | GEX_OP_OR | GEX_OP_XOR | GEX_OP_FAND | GEX_OP_FOR | GEX_OP_FXOR;
constexpr gex_OP_t kAtomicOps = GEX_OP_SET | GEX_OP_GET | GEX_OP_SWAP | GEX_OP_CAS | GEX_OP_FCAS | GEX_OP_ADD |
                                GEX_OP_FADD | GEX_OP_SUB | GEX_OP_FSUB | GEX_OP_MULT | GEX_OP_FMULT | GEX_OP_MIN |
                                GEX_OP_FMIN | GEX_OP_MAX | GEX_OP_FMAX | GEX_OP_INC | GEX_OP_FINC | GEX_OP_DEC |
                                GEX_OP_FDEC | kBitwiseOps;
// What the header's inline path applies itself (floating point arithmetic as a CAS loop there too).
constexpr gex_DT_t kInlineDTs = kAtomicDTs;
constexpr gex_OP_t kInlineOps = GEX_OP_SET | GEX_OP_GET | GEX_OP_SWAP | GEX_OP_CAS | GEX_OP_FCAS | GEX_OP_ADD |
                                GEX_OP_FADD | GEX_OP_SUB | GEX_OP_FSUB | GEX_OP_INC | GEX_OP_FINC | GEX_OP_DEC |
                                GEX_OP_FDEC | kBitwiseOps;
constexpr gex_Flags_t kCreateFlags = GEX_FLAG_AD_FAVOR_MY_RANK | GEX_FLAG_AD_FAVOR_MY_NBRHD | GEX_FLAG_AD_FAVOR_REMOTE;
// The hints every communication call takes, then the gex_AD_Op* meanings.
constexpr gex_Flags_t kOpFlags = GEX_FLAG_IMMEDIATE | GEX_FLAG_SELF_SEG_UNKNOWN | GEX_FLAG_SELF_SEG_SOME |
                                 GEX_FLAG_SELF_SEG_BOUND | GEX_FLAG_SELF_SEG_OFFSET | GEX_FLAG_PEER_SEG_UNKNOWN |
                                 GEX_FLAG_PEER_SEG_SOME | GEX_FLAG_PEER_SEG_BOUND | GEX_FLAG_PEER_SEG_OFFSET |
                                 GEX_FLAG_PEER_NEVER_SELF | GEX_FLAG_PEER_NEVER_NBRHD | GEX_FLAG_AD_MY_RANK |
                                 GEX_FLAG_AD_MY_NBRHD | GEX_FLAG_AD_ACQ | GEX_FLAG_AD_REL | GEX_FLAG_RANK_IS_JOBRANK;

gexi_AD *check_ad(gex_AD_t ad, const char *call) {
  if (__builtin_expect(ad == GEX_AD_INVALID, 0)) usage_fatal(call, "ad is GEX_AD_INVALID");
  if (__builtin_expect(ad->magic != gexi_AD::kLive, 0))
    usage_fatal(call, "ad " + fmt_ptr(ad) + " is not a live atomic domain (destroyed, or never created)");
  return ad;
}

template <typename T> constexpr gex_DT_t kDT = 0;
template <> constexpr gex_DT_t kDT<int32_t> = GEX_DT_I32;
template <> constexpr gex_DT_t kDT<uint32_t> = GEX_DT_U32;
template <> constexpr gex_DT_t kDT<int64_t> = GEX_DT_I64;
template <> constexpr gex_DT_t kDT<uint64_t> = GEX_DT_U64;
template <> constexpr gex_DT_t kDT<float> = GEX_DT_FLT;
template <> constexpr gex_DT_t kDT<double> = GEX_DT_DBL;

[[noreturn]] __attribute__((noinline)) void bad_opcode(const char *call, const gexi_AD *ad, gex_OP_t opcode) {
  if (opcode == 0 || (opcode & (opcode - 1)))
    usage_fatal(call, "opcode " + ops_str(opcode) + " is not a single GEX_OP_* value");
  usage_fatal(call, "opcode " + ops_str(opcode) + " is not among the ops of this atomic domain (" + ops_str(ad->ops) +
                        ", " + dt_str(ad->dt) + ")");
}

[[noreturn]] __attribute__((noinline)) void bad_flags(const char *call, gex_Flags_t flags) {
  if (flags & (GEX_FLAG_SELF_SEG_OFFSET | GEX_FLAG_PEER_SEG_OFFSET))
    usage_fatal(call, "flags GEX_FLAG_SELF_SEG_OFFSET and GEX_FLAG_PEER_SEG_OFFSET are not implemented (flags=" +
                          hex(flags) + ")");
  if ((flags & GEX_FLAG_AD_MY_RANK) && (flags & GEX_FLAG_AD_MY_NBRHD))
    usage_fatal(call, "flags: at most one of GEX_FLAG_AD_MY_RANK and GEX_FLAG_AD_MY_NBRHD may be given");
  usage_fatal(call, "flags=" + hex(flags) + " has bits no gex_AD_Op* call accepts (" + hex(flags & ~kOpFlags) + ")");
}

// tgt_rank (a team rank, or a jobrank with GEX_FLAG_RANK_IS_JOBRANK) -> jobrank, checked.
inline gex_Rank_t target_jobrank(const char *call, const gexi_AD *ad, gex_Rank_t tgt_rank, gex_Flags_t flags) {
  if (flags & GEX_FLAG_RANK_IS_JOBRANK) {
    if (__builtin_expect(tgt_rank >= g_rt.size, 0))
      usage_fatal(call, "tgt_rank " + std::to_string(tgt_rank) + " (GEX_FLAG_RANK_IS_JOBRANK) is out of range: job size is " +
                            std::to_string(g_rt.size));
    if (__builtin_expect(!ad->rank_of_jobrank.empty() && ad->rank_of_jobrank[tgt_rank] == GEX_RANK_INVALID, 0))
      usage_fatal(call, "tgt_rank: jobrank " + std::to_string(tgt_rank) + " (GEX_FLAG_RANK_IS_JOBRANK) is not a member of the atomic domain's team");
    return tgt_rank;
  }
  if (__builtin_expect(tgt_rank >= ad->team->size, 0))
    usage_fatal(call, "tgt_rank " + std::to_string(tgt_rank) + " is out of range for the atomic domain's team of size " +
                          std::to_string(ad->team->size));
  return ad->team->members.empty() ? tgt_rank : ad->team->members[tgt_rank];
}

// Returns 0, or 1 when IMMEDIATE declined (*event_out = GEX_EVENT_NO_OP for NB then).
// event_out == nullptr selects the NBI form.
template <typename T>
int issue(const char *call, gex_AD_t adh, T *result_p, gex_Rank_t tgt_rank, void *tgt_addr, gex_OP_t opcode, T a, T b,
          gex_Flags_t flags, gex_Event_t *event_out) {
#ifndef GASNET_DEBUG
  // The common case first, checked as fully as below: a live domain of this type on the
  // primordial team, a single op of the domain, no flags, a target in a mapped neighbour's
  // segment (the inline RMA's map: NULL before init, with statistics or tracing on). Floating
  // point domains and ops the header does not inline come here.
  if (flags == 0 && adh != GEX_AD_INVALID && adh->magic == gexi_AD::kLive && adh->dt == kDT<T> && !adh->force_am &&
      opcode != 0 && !(opcode & (opcode - 1)) && (opcode & adh->ops) &&
      (result_p != nullptr || !gex::ratomic::is_fetching(opcode))) {
    const gexi_PeerMap_t *m = gexi_fast_map;
    if (m != nullptr && adh->tm == gexi_fast_tm && tgt_rank < gexi_fast_size) {
      m += tgt_rank;
      const uintptr_t off = reinterpret_cast<uintptr_t>(tgt_addr) - m->owner_base;
      if (off < m->size && sizeof(T) <= m->size - off && reinterpret_cast<uintptr_t>(tgt_addr) % sizeof(T) == 0) {
        const T old = gex::ratomic::apply<T>(reinterpret_cast<void *>(reinterpret_cast<uintptr_t>(tgt_addr) + m->delta),
                                             opcode, a, b);
        if (result_p && gex::ratomic::is_fetching(opcode)) *result_p = old;
        if (event_out) *event_out = GEX_EVENT_INVALID;
        return 0;
      }
    }
  }
#endif
  require_init(call);
  check_may_communicate(call);
  const gexi_AD *ad = check_ad(adh, call);
  if (__builtin_expect(ad->dt != kDT<T>, 0))
    usage_fatal(call, "the atomic domain's data type is " + dt_str(ad->dt) + ", not " + dt_str(kDT<T>) +
                          " (use the gex_AD_Op*_ function of the domain's type)");
  if (__builtin_expect(opcode == 0 || (opcode & (opcode - 1)) || !(opcode & ad->ops), 0)) bad_opcode(call, ad, opcode);
  const bool fetching = gex::ratomic::is_fetching(opcode);
  if (__builtin_expect(fetching && result_p == nullptr, 0))
    usage_fatal(call, "result_p is NULL, but " + ops_str(opcode) + " is a fetching operation");
  if (__builtin_expect((flags & ~kOpFlags) || (flags & (GEX_FLAG_SELF_SEG_OFFSET | GEX_FLAG_PEER_SEG_OFFSET)) ||
                           (flags & GEX_FLAG_AD_MY_RANK && flags & GEX_FLAG_AD_MY_NBRHD),
                       0))
    bad_flags(call, flags);
  const gex_Rank_t jr = target_jobrank(call, ad, tgt_rank, flags);
#ifdef GASNET_DEBUG
  if ((flags & GEX_FLAG_AD_MY_RANK) && jr != g_rt.rank)
    usage_fatal(call, "GEX_FLAG_AD_MY_RANK given, but tgt_rank " + std::to_string(tgt_rank) + " is not the caller's rank");
  if ((flags & GEX_FLAG_AD_MY_NBRHD) && !g_rt.segments.at(jr).local_base)
    usage_fatal(call, "GEX_FLAG_AD_MY_NBRHD given, but tgt_rank " + std::to_string(tgt_rank) + " is not in the caller's neighbourhood");
#endif
  // Checked in every build: cheap next to an atomic, and a stray atomic corrupts silently.
  if (__builtin_expect(!in_segment(jr, tgt_addr, sizeof(T)), 0)) segment_range_fatal(call, jr, tgt_addr, sizeof(T));
  if (__builtin_expect(reinterpret_cast<uintptr_t>(tgt_addr) % sizeof(T) != 0, 0))
    usage_fatal(call, "tgt_addr " + fmt_ptr(tgt_addr) + " is not aligned to " + std::to_string(sizeof(T)) +
                          " bytes, as a " + dt_str(kDT<T>) + " target must be");

  if (flags & GEX_FLAG_AD_REL) std::atomic_thread_fence(std::memory_order_seq_cst);
  if (!use_am_path(jr) && !ad->force_am) {
    const T old = gex::ratomic::apply<T>(local_address(jr, tgt_addr), opcode, a, b);
    if (flags & GEX_FLAG_AD_ACQ) std::atomic_thread_fence(std::memory_order_seq_cst);
    if (fetching) *result_p = old;
    if (event_out) *event_out = GEX_EVENT_INVALID;
    return 0;
  }

  using R = gex::ratomic::Repr<T>;
  const uint64_t abits = std::bit_cast<R>(a), bbits = std::bit_cast<R>(b);
  const bool immediate = flags & GEX_FLAG_IMMEDIATE;
  const gex_Flags_t fences = flags & (GEX_FLAG_AD_ACQ | GEX_FLAG_AD_REL);
  void *result = fetching ? static_cast<void *>(result_p) : nullptr;
  if (event_out) {
    gexi_Event *ev = event_alloc();
    if (!gex::ratomic::send_op(jr, kDT<T>, tgt_addr, opcode, abits, bbits, result, fences, &ev->pending, immediate)) {
      event_release(ev);
      *event_out = GEX_EVENT_NO_OP;
      return 1;
    }
    *event_out = ev;
    return 0;
  }
  // Spec: NBI SET completes as a put, GET as a get, everything else as GEX_EC_RMW.
  const NbiCategory category = opcode == GEX_OP_SET ? kEcPut : opcode == GEX_OP_GET ? kEcGet : kEcRmw;
  return gex::ratomic::send_op(jr, kDT<T>, tgt_addr, opcode, abits, bbits, result, fences, nbi_counter(category), immediate)
             ? 0
             : 1;
}

template <typename T>
inline gex_Event_t op_nb(const char *call, gex_AD_t ad, T *result_p, gex_Rank_t tgt_rank, void *tgt_addr, gex_OP_t opcode,
                         T a, T b, gex_Flags_t flags) {
  gex_Event_t ev = GEX_EVENT_INVALID;
  issue<T>(call, ad, result_p, tgt_rank, tgt_addr, opcode, a, b, flags, &ev);
  return ev;
}

}  // namespace

extern "C" {

void gex_AD_Create(gex_AD_t *ad_p, gex_TM_t tm, gex_DT_t dt, gex_OP_t ops, gex_Flags_t flags) {
  const char *call = "gex_AD_Create";
  require_init(call);
  check_may_communicate(call);
  if (!ad_p) usage_fatal(call, "ad_p is NULL");
  gexi_TM *team = team_of(tm, call);
  if (!(dt & kAtomicDTs) || (dt & (dt - 1)))
    usage_fatal(call, "dt " + dt_str(dt) +
                          " is not a data type remote atomics support (one of GEX_DT_I32, GEX_DT_U32, GEX_DT_I64, "
                          "GEX_DT_U64, GEX_DT_FLT, GEX_DT_DBL)");
  if (ops == 0) usage_fatal(call, "ops is 0: an atomic domain needs at least one GEX_OP_*");
  if (ops & ~kAtomicOps)
    usage_fatal(call, "the pair (" + dt_str(dt) + ", " + ops_str(ops & ~kAtomicOps) +
                          ") is not supported: not a remote atomic operation");
  if ((dt == GEX_DT_FLT || dt == GEX_DT_DBL) && (ops & kBitwiseOps))
    usage_fatal(call, "the pair (" + dt_str(dt) + ", " + ops_str(ops & kBitwiseOps) +
                          ") is not supported: bitwise operations apply to integer data types only");
  if (flags & ~kCreateFlags)
    usage_fatal(call, "flags=" + hex(flags) + " has bits gex_AD_Create does not accept (only GEX_FLAG_AD_FAVOR_*)");
  if (flags & (flags - 1))
    usage_fatal(call, "flags: the GEX_FLAG_AD_FAVOR_* hints are mutually exclusive (flags=" + hex(flags) + ")");

  auto *ad = new gexi_AD;
  ad->tm = tm;
  ad->team = team;
  ad->dt = dt;
  ad->ops = ops;
  ad->flags = flags;
  ad->force_am = g_rt.ratomic->force_am;
  if ((dt & kInlineDTs) && !ad->force_am) {
    ad->inline_dt = dt;
    ad->inline_ops = ops & kInlineOps;
  }
  if (!team->members.empty()) {
    ad->rank_of_jobrank.assign(g_rt.size, GEX_RANK_INVALID);
    for (gex_Rank_t r = 0; r < team->members.size(); ++r) ad->rank_of_jobrank[team->members[r]] = r;
  }
  *ad_p = ad;
}

void gex_AD_Destroy(gex_AD_t ad) {
  const char *call = "gex_AD_Destroy";
  require_init(call);
  check_may_communicate(call);
  gexi_AD *dead = check_ad(ad, call);
  dead->magic = 0;
  dead->inline_dt = 0;
  delete ad;
}

gex_Flags_t gex_AD_QueryFlags(gex_AD_t ad) { return check_ad(ad, "gex_AD_QueryFlags")->flags; }
gex_TM_t gex_AD_QueryTM(gex_AD_t ad) { return check_ad(ad, "gex_AD_QueryTM")->tm; }
gex_DT_t gex_AD_QueryDT(gex_AD_t ad) { return check_ad(ad, "gex_AD_QueryDT")->dt; }
gex_OP_t gex_AD_QueryOps(gex_AD_t ad) { return check_ad(ad, "gex_AD_QueryOps")->ops; }
void gex_AD_SetCData(gex_AD_t ad, const void *val) { check_ad(ad, "gex_AD_SetCData")->cdata = const_cast<void *>(val); }
void *gex_AD_QueryCData(gex_AD_t ad) { return check_ad(ad, "gex_AD_QueryCData")->cdata; }

#define GEXI_AD_OPS(NAME, TYPE)                                                                                     \
  gex_Event_t gex_AD_OpNB_##NAME(gex_AD_t ad, TYPE *result_p, gex_Rank_t tgt_rank, void *tgt_addr, gex_OP_t opcode, \
                                 TYPE operand1, TYPE operand2, gex_Flags_t flags) {                                 \
    return op_nb<TYPE>("gex_AD_OpNB_" #NAME, ad, result_p, tgt_rank, tgt_addr, opcode, operand1, operand2, flags);  \
  }                                                                                                                 \
  int gex_AD_OpNBI_##NAME(gex_AD_t ad, TYPE *result_p, gex_Rank_t tgt_rank, void *tgt_addr, gex_OP_t opcode,        \
                          TYPE operand1, TYPE operand2, gex_Flags_t flags) {                                        \
    return issue<TYPE>("gex_AD_OpNBI_" #NAME, ad, result_p, tgt_rank, tgt_addr, opcode, operand1, operand2, flags,  \
                       nullptr);                                                                                    \
  }

GEXI_AD_OPS(I32, int32_t)
GEXI_AD_OPS(U32, uint32_t)
GEXI_AD_OPS(I64, int64_t)
GEXI_AD_OPS(U64, uint64_t)
GEXI_AD_OPS(FLT, float)
GEXI_AD_OPS(DBL, double)
#undef GEXI_AD_OPS

}  // extern "C"
