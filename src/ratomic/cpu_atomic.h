// The one implementation of every atomic operation on a word in memory. Both paths use it: the
// initiator on a neighbour's mapped segment (load/store path), and the target's AM handler on its
// own segment (AM path). Since both are the same lock-free CPU instructions on the same bytes,
// atomicity holds when one job mixes the two paths on one location.
//
// Every operation works on the integer representation of the value (uint32_t or uint64_t), so a
// float and an integer domain use the same instructions; operations the CPU has no instruction
// for (MULT, MIN, MAX, and all arithmetic on floating point) are compare-and-swap loops.
// Memory order is relaxed: the ACQ/REL flags add fences around the call (see service.cpp).
#pragma once

#include <gasnetex.h>

#include <bit>
#include <cstdint>
#include <type_traits>

namespace gex::ratomic {

template <typename T>
using Repr = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;

// True for the opcodes whose result is returned in *result_p. Every fetching form (FADD..FXOR,
// SWAP, FCAS) is its non-fetching form shifted up (GEX_OP_TO_FETCHING); GET has no partner.
constexpr gex_OP_t kFetchingOps = GEX_OP_FAND | GEX_OP_FOR | GEX_OP_FXOR | GEX_OP_FADD | GEX_OP_FSUB | GEX_OP_FMULT |
                                  GEX_OP_FMIN | GEX_OP_FMAX | GEX_OP_FINC | GEX_OP_FDEC | GEX_OP_SWAP | GEX_OP_FCAS |
                                  GEX_OP_GET;
constexpr bool is_fetching(gex_OP_t op) { return (op & kFetchingOps) != 0; }

// op0 <op> a for the binary and unary arithmetic opcodes (fetching or not), in C semantics
// except that integer arithmetic wraps (computed on the unsigned representation).
template <typename T>
inline T combine(gex_OP_t op, T cur, T a) {
  const gex_OP_t base = is_fetching(op) ? GEX_OP_TO_NONFETCHING(op) : op;
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    const U c = U(cur), x = U(a);
    switch (base) {
      case GEX_OP_ADD: return T(U(c + x));
      case GEX_OP_SUB: return T(U(c - x));
      case GEX_OP_MULT: return T(U(c * x));
      case GEX_OP_INC: return T(U(c + 1u));
      case GEX_OP_DEC: return T(U(c - 1u));
      case GEX_OP_AND: return T(U(c & x));
      case GEX_OP_OR: return T(U(c | x));
      case GEX_OP_XOR: return T(U(c ^ x));
      case GEX_OP_MIN: return cur < a ? cur : a;
      case GEX_OP_MAX: return cur > a ? cur : a;
    }
  } else {
    switch (base) {
      case GEX_OP_ADD: return cur + a;
      case GEX_OP_SUB: return cur - a;
      case GEX_OP_MULT: return cur * a;
      case GEX_OP_INC: return cur + T(1);
      case GEX_OP_DEC: return cur - T(1);
      case GEX_OP_MIN: return cur < a ? cur : a;
      case GEX_OP_MAX: return cur > a ? cur : a;
    }
  }
  return cur;  // not reached: opcodes are validated before they get here
}

// Applies `op` atomically to the T at `target` (naturally aligned) and returns the value it held
// before (meaningless for SET). Operands as in the spec: SET/SWAP write a; CAS/FCAS compare with
// a (as integers: the spec allows it for floating point) and write b; the rest compute op0 <op> a.
template <typename T>
T apply(void *target, gex_OP_t op, T a, T b) {
  using R = Repr<T>;
  R *p = static_cast<R *>(target);
  constexpr int relaxed = __ATOMIC_RELAXED;
  switch (op) {
    case GEX_OP_GET:
      return std::bit_cast<T>(__atomic_load_n(p, relaxed));
    case GEX_OP_SET:
      __atomic_store_n(p, std::bit_cast<R>(a), relaxed);
      return T{};
    case GEX_OP_SWAP:
      return std::bit_cast<T>(__atomic_exchange_n(p, std::bit_cast<R>(a), relaxed));
    case GEX_OP_CAS:
    case GEX_OP_FCAS: {
      R expected = std::bit_cast<R>(a);  // strong: the spec forbids spurious failure
      __atomic_compare_exchange_n(p, &expected, std::bit_cast<R>(b), false, relaxed, relaxed);
      return std::bit_cast<T>(expected);
    }
  }
  if constexpr (std::is_integral_v<T>) {
    const R x = R(a);
    switch (op) {
      case GEX_OP_ADD: case GEX_OP_FADD: return T(__atomic_fetch_add(p, x, relaxed));
      case GEX_OP_SUB: case GEX_OP_FSUB: return T(__atomic_fetch_sub(p, x, relaxed));
      case GEX_OP_INC: case GEX_OP_FINC: return T(__atomic_fetch_add(p, R(1), relaxed));
      case GEX_OP_DEC: case GEX_OP_FDEC: return T(__atomic_fetch_sub(p, R(1), relaxed));
      case GEX_OP_AND: case GEX_OP_FAND: return T(__atomic_fetch_and(p, x, relaxed));
      case GEX_OP_OR: case GEX_OP_FOR: return T(__atomic_fetch_or(p, x, relaxed));
      case GEX_OP_XOR: case GEX_OP_FXOR: return T(__atomic_fetch_xor(p, x, relaxed));
    }
  }
  R old = __atomic_load_n(p, relaxed);
  for (;;) {
    const T cur = std::bit_cast<T>(old);
    const R next = std::bit_cast<R>(combine<T>(op, cur, a));
    // MIN/MAX that keep the value need no write: the load is the atomic point.
    if (next == old) return cur;
    if (__atomic_compare_exchange_n(p, &old, next, true, relaxed, relaxed)) return cur;
  }
}

}  // namespace gex::ratomic
