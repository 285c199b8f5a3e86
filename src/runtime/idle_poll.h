// The poll of a waiting loop, in line in the loop (runtime.cpp's waits and gasnet_AMPoll). Where
// the smp transport is the only one, a poll that finds nothing (a waiting loop's usual case) is
// the idle probe: the stamp words at the consumer's position in the two inbound AM queues and
// the services' work slots, a dozen loads at fixed or cached addresses, with no call; only when
// one of them shows something does the poll call poll_everything. (GASNet's idle poll is about
// 40 instructions; ours was 150 through four call levels, and in PAR two locked exchanges more:
// bench/report/issue16_vs_gasnet.md.) In PAR the queue test is a hint read without the
// consumer lock (SmpTransport::queues_idle).
#pragma once

#include <atomic>
#include <cstdint>

#include "runtime/runtime.h"
#include "transport/smp/smp_transport.h"

namespace gex::runtime {

namespace idle_poll {
// Set by enable_idle_probe (runtime.cpp); null where another transport runs.
extern const transport::smp::SmpTransport *g_probe;
// Delivers what the transports have and runs the progress functions of services with work.
[[gnu::noinline]] unsigned poll_everything();
// Every 2^16 polls of a thread: whether this rank, bound at start-up, must unbind
// (unbind_if_crowded), then a full poll. The probe does not look at claims (a producer that
// died in the middle of a send holds one for ever: drain skips it), so the full poll is where
// they are found: here, in a WaitLoop every 1024 idle polls and before every nap, and at every
// poll of the GASPI progress thread (poll_full).
[[gnu::noinline]] unsigned poll_periodic();
// client_poll_step's idle poll where ranks outnumber cores (every: idle_yield_polls).
[[gnu::noinline]] void client_idle_yield(ThreadState &t, uint32_t every);

inline bool services_idle() {
  constexpr auto r = std::memory_order_relaxed;
  const auto &w = g_service_work.slot;
  static_assert(unsigned(WorkSlot::Count) == 4, "the probe tests four slots");
  return !(w[0].load(r) | w[1].load(r) | w[2].load(r) | w[3].load(r));
}
}  // namespace idle_poll

// poll_all's body. `call` names the caller in the error for a poll from a handler.
inline unsigned poll_once(ThreadState &t, const char *call) {
  if (__builtin_expect(t.handler_depth != 0, 0)) reentrant_poll_fatal(call);
  if (__builtin_expect((++t.poll_tick & 0xffff) == 0, 0)) return idle_poll::poll_periodic();
  const transport::smp::SmpTransport *probe = idle_poll::g_probe;
  if (probe && probe->queues_idle() && idle_poll::services_idle()) return 0;
  return idle_poll::poll_everything();
}

// gasnet_AMPoll's step (and its GASNet-1 macros'): one poll, and where ranks outnumber cores the
// yield bookkeeping out of line (a core each: the clock is not read, no register is saved).
inline void client_poll_step(ThreadState &t, const char *call) {
  if (poll_once(t, call)) {
    t.idle_polls = 0;
    return;
  }
  if (const uint32_t every = g_rt.idle_yield_polls.load(std::memory_order_relaxed)) idle_poll::client_idle_yield(t, every);
}

}  // namespace gex::runtime
