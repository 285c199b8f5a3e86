// Running one AM handler: its token, the thread's handler state around it, the call by argument
// count. Inline, because two paths run handlers and both are hot: the transports' delivery
// (deliver_am, runtime.cpp) and a client AM to the caller's own rank, which runs inside the
// injection call (api/am.cpp). With the run behind a function of its own, a loopback Medium round
// trip took about 500 instructions against GASNet-EX's 330 (callgrind, testam section E at one
// rank, 2026-11-27): each message paid a second frame, a second diagnostics test, and stores and
// loads of an AmMessage that the sender had in registers.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "runtime/runtime.h"

namespace gex::runtime {

// Errors of a handler run, out of line (their message strings would give every run a large
// frame and saved registers).
[[noreturn, gnu::cold, gnu::noinline]] void no_endpoint_fatal(const transport::AmMessage &m);
[[noreturn, gnu::cold, gnu::noinline]] void unregistered_fatal(const transport::AmMessage &m);
[[noreturn, gnu::cold, gnu::noinline]] void hsl_held_fatal(const gexi_Token &t);
// Debug build: the handler was registered for this category, direction and argument count.
void check_registration(const gex_AM_Entry_t &e, const transport::AmMessage &m);

namespace handler_call {

template <size_t>
using ArgT = gex_AM_Arg_t;

template <size_t... I>
void call_short(gex_AM_Fn_t fn, gex_Token_t t, const int32_t *a, std::index_sequence<I...>) {
  using F = void (*)(gex_Token_t, ArgT<I>...);
  reinterpret_cast<F>(fn)(t, a[I]...);
}
template <size_t... I>
void call_payload(gex_AM_Fn_t fn, gex_Token_t t, void *buf, size_t n, const int32_t *a, std::index_sequence<I...>) {
  using F = void (*)(gex_Token_t, void *, size_t, ArgT<I>...);
  reinterpret_cast<F>(fn)(t, buf, n, a[I]...);
}

using ShortCall = void (*)(gex_AM_Fn_t, gex_Token_t, const int32_t *);
using PayloadCall = void (*)(gex_AM_Fn_t, gex_Token_t, void *, size_t, const int32_t *);

template <size_t... N>
constexpr auto make_short_table(std::index_sequence<N...>) {
  return std::array<ShortCall, sizeof...(N)>{
      [](gex_AM_Fn_t f, gex_Token_t t, const int32_t *a) { call_short(f, t, a, std::make_index_sequence<N>{}); }...};
}
template <size_t... N>
constexpr auto make_payload_table(std::index_sequence<N...>) {
  return std::array<PayloadCall, sizeof...(N)>{[](gex_AM_Fn_t f, gex_Token_t t, void *b, size_t n, const int32_t *a) {
    call_payload(f, t, b, n, a, std::make_index_sequence<N>{});
  }...};
}
// One entry per argument count: a handler is called with exactly the arguments it was sent.
inline constexpr auto kShortCalls = make_short_table(std::make_index_sequence<transport::kMaxArgs + 1>{});
inline constexpr auto kPayloadCalls = make_payload_table(std::make_index_sequence<transport::kMaxArgs + 1>{});

// One handler run's frame: the token the handler gets and the thread's state before it. Kept
// together on the stack (the handler gets the token's address, so the rest is read back from
// memory after the call), not in callee-saved registers: two pushes and pops fewer a run.
struct HandlerFrame {
  gexi_Token token;
  gexi_Token *outer;
  int hsl_before;
};

}  // namespace handler_call

// Runs the handler m names with its payload at `payload` (a Medium's buffer, a Long's
// destination; ignored for a Short). `kClient`: m.handler is known to be a client index (at or
// above GEX_AM_INDEX_BASE: the injection calls check it), so the runtime's own table is not
// looked at.
template <bool kClient = false>
[[gnu::always_inline]] inline void run_handler(const transport::AmMessage &m, const void *payload) {
  using namespace handler_call;
  // The runtime's own handlers are the process's; a client handler is its endpoint's.
  gexi_EP *ep = nullptr;
  const HandlerSlot *slotp;
  if (!kClient && m.handler < GEX_AM_INDEX_BASE) {
    slotp = &g_rt.internal_handlers[m.handler];
  } else {
    gexi_Client *c = g_rt.client;
    if (__builtin_expect(!c || m.dest_ep >= c->eps.size(), 0)) no_endpoint_fatal(m);
    ep = c->eps[m.dest_ep];
    slotp = &ep->handlers[m.handler];
  }
  const HandlerSlot &slot = *slotp;
  if (__builtin_expect(!slot.registered, 0)) unregistered_fatal(m);
#ifdef GASNET_DEBUG
  check_registration(slot.entry, m);
#endif
  ThreadState &t = t_thread;
  HandlerFrame f;  // field by field: an aggregate initializer also zeroed the padding
  f.token.src = m.src_jobrank;
  f.token.ep = ep;
  f.token.src_ep = m.src_ep;
  f.token.entry = &slot.entry;
  f.token.is_request = m.is_request;
  f.token.is_long = m.category == transport::AmCategory::Long;
  f.token.replied = false;
  f.outer = t.token;
  f.hsl_before = t.hsl_held;
  ++t.handler_depth;
  t.token = &f.token;
  // No arguments: the handler directly (the table's entry would only move the registers along).
  if (m.category == transport::AmCategory::Short) {
    if (m.nargs == 0) reinterpret_cast<void (*)(gex_Token_t)>(slot.entry.gex_fnptr)(&f.token);
    else kShortCalls[m.nargs](slot.entry.gex_fnptr, &f.token, m.args);
  } else if (m.nargs == 0) {
    reinterpret_cast<void (*)(gex_Token_t, void *, size_t)>(slot.entry.gex_fnptr)(&f.token, const_cast<void *>(payload),
                                                                                  m.nbytes);
  } else {
    kPayloadCalls[m.nargs](slot.entry.gex_fnptr, &f.token, const_cast<void *>(payload), m.nbytes, m.args);
  }
  ThreadState &after = t_thread;
  after.token = f.outer;
  --after.handler_depth;
  if (__builtin_expect(after.hsl_held != f.hsl_before, 0)) hsl_held_fatal(f.token);
}

}  // namespace gex::runtime
