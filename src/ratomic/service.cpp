#include "ratomic/service.h"

#include <atomic>
#include <cstring>

#include "ratomic/cpu_atomic.h"
#include "runtime/env.h"
#include "runtime/runtime.h"

namespace gex::ratomic {
namespace {

using runtime::CompletionCounter;
using runtime::make_ptr;
using runtime::ptr_hi;
using runtime::ptr_lo;

constexpr gex_AM_Index_t kHandlerOpRequest = runtime::kHandlerAtomicFirst + 0;
constexpr gex_AM_Index_t kHandlerOpReply = runtime::kHandlerAtomicFirst + 1;

// The request's second argument: the data type in the low byte, the fence flags above it.
constexpr gex_AM_Arg_t kAcqBit = 1 << 8, kRelBit = 1 << 9;

inline gex_AM_Arg_t hi32(uint64_t v) { return gex_AM_Arg_t(uint32_t(v >> 32)); }
inline gex_AM_Arg_t lo32(uint64_t v) { return gex_AM_Arg_t(uint32_t(v)); }
inline uint64_t join64(gex_AM_Arg_t hi, gex_AM_Arg_t lo) { return (uint64_t(uint32_t(hi)) << 32) | uint32_t(lo); }

template <typename T>
uint64_t apply_bits(void *target, gex_OP_t op, uint64_t a, uint64_t b) {
  using R = Repr<T>;
  T old = apply<T>(target, op, std::bit_cast<T>(R(a)), std::bit_cast<T>(R(b)));
  return uint64_t(std::bit_cast<R>(old));
}

uint64_t apply_dt(gex_DT_t dt, void *target, gex_OP_t op, uint64_t a, uint64_t b) {
  switch (dt) {
    case GEX_DT_I32: return apply_bits<int32_t>(target, op, a, b);
    case GEX_DT_U32: return apply_bits<uint32_t>(target, op, a, b);
    case GEX_DT_I64: return apply_bits<int64_t>(target, op, a, b);
    case GEX_DT_U64: return apply_bits<uint64_t>(target, op, a, b);
    case GEX_DT_FLT: return apply_bits<float>(target, op, a, b);
    case GEX_DT_DBL: return apply_bits<double>(target, op, a, b);
  }
  runtime::usage_fatal("remote atomic handler", "corrupt request: data type " + std::to_string(dt));
}

// ---- handlers -----------------------------------------------------------------------------------
// At the target. Fences mirror what the load/store path does around the same instruction: the
// initiator's release reaches here through the AM queue, so a release fence before the
// operation passes it on to whoever later observes the new value.
void on_op_request(gex_Token_t token, gex_AM_Arg_t op, gex_AM_Arg_t dt_flags, gex_AM_Arg_t addr_hi,
                   gex_AM_Arg_t addr_lo, gex_AM_Arg_t a_hi, gex_AM_Arg_t a_lo, gex_AM_Arg_t b_hi, gex_AM_Arg_t b_lo,
                   gex_AM_Arg_t res_hi, gex_AM_Arg_t res_lo, gex_AM_Arg_t ctr_hi, gex_AM_Arg_t ctr_lo) {
  const gex_DT_t dt = gex_DT_t(dt_flags & 0xff);
  void *target = make_ptr(addr_hi, addr_lo);
#ifdef GASNET_DEBUG
  const size_t width = (dt == GEX_DT_I64 || dt == GEX_DT_U64 || dt == GEX_DT_DBL) ? 8 : 4;
  if (!runtime::in_segment(runtime::g_rt.rank, target, width))
    runtime::segment_range_fatal("remote atomic handler", runtime::g_rt.rank, target, width);
#endif
  if (dt_flags & kRelBit) std::atomic_thread_fence(std::memory_order_seq_cst);
  const uint64_t old = apply_dt(dt, target, gex_OP_t(uint32_t(op)), join64(a_hi, a_lo), join64(b_hi, b_lo));
  if (dt_flags & kAcqBit) std::atomic_thread_fence(std::memory_order_seq_cst);
  const gex_AM_Arg_t width4 = (dt == GEX_DT_I32 || dt == GEX_DT_U32 || dt == GEX_DT_FLT);
  const gex_AM_Arg_t args[] = {res_hi, res_lo, ctr_hi, ctr_lo, hi32(old), lo32(old), width4};
  runtime::am_reply(gex::transport::AmCategory::Short, token, kHandlerOpReply, nullptr, 0, nullptr, 0, 7, args);
}

// Back at the initiator: the result is stored before the counter drops (complete_one releases).
void on_op_reply(gex_Token_t, gex_AM_Arg_t res_hi, gex_AM_Arg_t res_lo, gex_AM_Arg_t ctr_hi, gex_AM_Arg_t ctr_lo,
                 gex_AM_Arg_t old_hi, gex_AM_Arg_t old_lo, gex_AM_Arg_t width4) {
  if (void *result = make_ptr(res_hi, res_lo)) {
    const uint64_t old = join64(old_hi, old_lo);
    if (width4) {
      const uint32_t v = uint32_t(old);
      std::memcpy(result, &v, 4);
    } else {
      std::memcpy(result, &old, 8);
    }
  }
  runtime::complete_one(make_ptr<CompletionCounter>(ctr_hi, ctr_lo));
}

}  // namespace

void init() {
  runtime::g_rt.ratomic.reset(new ServiceState);
  runtime::g_rt.ratomic->force_am = runtime::env_bool("GEX_RATOMIC_FORCE_AM", false);
  using runtime::register_internal_handler;
  register_internal_handler(kHandlerOpRequest, (gex_AM_Fn_t)on_op_request, GEX_FLAG_AM_REQUEST | GEX_FLAG_AM_SHORT, 12,
                            "remote atomic request");
  register_internal_handler(kHandlerOpReply, (gex_AM_Fn_t)on_op_reply, GEX_FLAG_AM_REPLY | GEX_FLAG_AM_SHORT, 7,
                            "remote atomic reply");
}

bool send_op(gex_Rank_t jobrank, gex_DT_t dt, void *tgt_addr, gex_OP_t op, uint64_t a, uint64_t b, void *result_p,
             gex_Flags_t fence_flags, CompletionCounter *counter, bool immediate) {
  gex_AM_Arg_t dt_flags = gex_AM_Arg_t(dt);
  if (fence_flags & GEX_FLAG_AD_ACQ) dt_flags |= kAcqBit;
  if (fence_flags & GEX_FLAG_AD_REL) dt_flags |= kRelBit;
  const gex_AM_Arg_t args[] = {gex_AM_Arg_t(op), dt_flags,       ptr_hi(tgt_addr), ptr_lo(tgt_addr),
                               hi32(a),          lo32(a),        hi32(b),          lo32(b),
                               ptr_hi(result_p), ptr_lo(result_p), ptr_hi(counter), ptr_lo(counter)};
  // Raised first, so that the reply can never take the counter below zero.
  counter->fetch_add(1, std::memory_order_relaxed);
  if (runtime::am_request(gex::transport::AmCategory::Short, jobrank, kHandlerOpRequest, nullptr, 0, nullptr,
                          immediate ? GEX_FLAG_IMMEDIATE : 0, 12, args) == 0)
    return true;
  counter->fetch_sub(1, std::memory_order_relaxed);
  return false;
}

}  // namespace gex::ratomic

void gex::runtime::ServiceStateDeleter::operator()(ratomic::ServiceState *s) const noexcept { delete s; }
