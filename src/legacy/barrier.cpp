// The GASNet-1 split-phase barrier with named/anonymous ids and mismatch detection.
//
// A dissemination barrier over Active Messages: in round k each node sends what it knows so far
// to node (me + 2^k) mod N and waits for the message from (me - 2^k) mod N; after ceil(log2 N)
// rounds every node has merged the (flags, id) of every node. Merging is idempotent, so the
// overlapping coverage of dissemination does no harm:
//   MISMATCH with anything -> MISMATCH; ANONYMOUS with x -> x; named a with named b -> a if a == b,
//   else MISMATCH.
// Notify sends round 0 and returns; wait/try advance the later rounds from the caller's context
// (handlers only record arrivals). A node can be at most one barrier ahead of any other, so two
// arrival slots, chosen by the phase's parity, suffice.
#include <gasnet.h>

#include <mutex>

#include "legacy/service.h"
#include "runtime/runtime.h"

using namespace gex::runtime;

namespace {

constexpr gex_AM_Index_t kHandlerBarrier = kHandlerLegacyFirst;
constexpr unsigned kMaxRounds = 32;

struct Value {
  int flags = GASNET_BARRIERFLAG_ANONYMOUS;  // ANONYMOUS and/or MISMATCH
  int id = 0;
};

Value merge(Value a, Value b) {
  if ((a.flags | b.flags) & GASNET_BARRIERFLAG_MISMATCH) return {GASNET_BARRIERFLAG_MISMATCH, 0};
  if (a.flags & GASNET_BARRIERFLAG_ANONYMOUS) return b;
  if (b.flags & GASNET_BARRIERFLAG_ANONYMOUS) return a;
  if (a.id != b.id) return {GASNET_BARRIERFLAG_MISMATCH, 0};
  return a;
}

struct Slot {
  uint32_t phase = 0;
  uint32_t arrived = 0;  // bit k: round k's message is here
  Value recv[kMaxRounds];
};

struct BarrierState {
  std::mutex lock;  // handlers may run on any polling thread
  Slot slots[2];
  // The calling side (GASNet-1 allows one thread per node in the barrier at a time).
  uint32_t phase = 0;
  bool notified = false;
  unsigned rounds = 0;
  unsigned round = 0;  // rounds merged so far
  Value merged;
  Value result;  // of the last completed barrier
  bool have_result = false;
};
BarrierState g_barrier;

unsigned rounds_for(gex_Rank_t n) {
  unsigned r = 0;
  while ((gex_Rank_t(1) << r) < n) ++r;
  return r;
}

void send_round(uint32_t phase, unsigned round, Value v) {
  gex_Rank_t peer = gex_Rank_t((uint64_t(g_rt.rank) + (uint64_t(1) << round)) % g_rt.size);
  const gex_AM_Arg_t args[] = {gex_AM_Arg_t(phase), gex_AM_Arg_t(round), gex_AM_Arg_t(v.flags), gex_AM_Arg_t(v.id)};
  am_request(gex::transport::AmCategory::Short, peer, kHandlerBarrier, nullptr, 0, nullptr, 0, 4, args);
}

void barrier_handler(gex_Token_t, gex_AM_Arg_t phase, gex_AM_Arg_t round, gex_AM_Arg_t flags, gex_AM_Arg_t id) {
  std::lock_guard<std::mutex> guard(g_barrier.lock);
  Slot &s = g_barrier.slots[uint32_t(phase) & 1];
  if (s.phase != uint32_t(phase)) {  // the slot last served the barrier before the previous one
    s.phase = uint32_t(phase);
    s.arrived = 0;
  }
  s.recv[unsigned(round)] = Value{int(flags), int(id)};
  s.arrived |= uint32_t(1) << unsigned(round);
}

// Merges every round whose message has arrived and sends the next; true once all are done.
bool advance() {
  BarrierState &b = g_barrier;
  for (;;) {
    unsigned next;
    Value to_send;
    {
      std::lock_guard<std::mutex> guard(b.lock);
      if (b.round == b.rounds) return true;
      Slot &s = b.slots[b.phase & 1];
      if (s.phase != b.phase || !(s.arrived & (uint32_t(1) << b.round))) return false;
      b.merged = merge(b.merged, s.recv[b.round]);
      next = ++b.round;
      to_send = b.merged;
    }
    // Sent without the lock: injection may poll, and a handler run there takes the lock.
    if (next < b.rounds) send_round(b.phase, next, to_send);
  }
}

int finish(int id, int flags) {
  BarrierState &b = g_barrier;
  b.notified = false;
  b.result = b.merged;
  b.have_result = true;
  if (b.merged.flags & GASNET_BARRIERFLAG_MISMATCH) return GASNET_ERR_BARRIER_MISMATCH;
  // A named wait must name the id the barrier agreed on (its own notify's id, unless every
  // node was anonymous, in which case anything matches).
  if (!(flags & GASNET_BARRIERFLAG_ANONYMOUS) && !(b.merged.flags & GASNET_BARRIERFLAG_ANONYMOUS) &&
      id != b.merged.id)
    return GASNET_ERR_BARRIER_MISMATCH;
  return GASNET_OK;
}

void require_notified(const char *call) {
  if (!g_barrier.notified) usage_fatal(call, "no gasnet_barrier_notify is pending on this node");
}

}  // namespace

namespace gex::legacy {
void register_barrier_handler() {
  register_internal_handler(kHandlerBarrier, reinterpret_cast<gex_AM_Fn_t>(&barrier_handler),
                            GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQUEST, 4, "gasnet_barrier");
}
}  // namespace gex::legacy

extern "C" {

void gasnet_barrier_notify(int id, int flags) {
  const char *call = "gasnet_barrier_notify";
  require_init(call);
  check_may_communicate(call);
  BarrierState &b = g_barrier;
  if (b.notified) usage_fatal(call, "called twice without a gasnet_barrier_wait/try completing the first barrier");
  // UNNAMED includes ANONYMOUS, whose meaning it takes.
  if (flags & ~(GASNET_BARRIERFLAG_ANONYMOUS | GASNET_BARRIERFLAG_MISMATCH | GASNET_BARRIERFLAG_UNNAMED))
    usage_fatal(call, "flags " + std::to_string(flags) + " has bits other than GASNET_BARRIERFLAG_ANONYMOUS|MISMATCH|UNNAMED");
  Value mine{flags & (GASNET_BARRIERFLAG_ANONYMOUS | GASNET_BARRIERFLAG_MISMATCH), id};
  if (mine.flags & GASNET_BARRIERFLAG_MISMATCH) mine = {GASNET_BARRIERFLAG_MISMATCH, 0};
  {
    std::lock_guard<std::mutex> guard(b.lock);
    b.phase += 1;
    b.notified = true;
    b.rounds = rounds_for(g_rt.size);
    b.round = 0;
    b.merged = mine;
  }
  // Release: this node's earlier writes are visible to whoever completes the barrier after us.
  std::atomic_thread_fence(std::memory_order_seq_cst);
  if (b.rounds) send_round(b.phase, 0, mine);
}

int gasnet_barrier_wait(int id, int flags) {
  const char *call = "gasnet_barrier_wait";
  check_may_communicate(call);
  require_notified(call);
  while (!advance()) progress_wait_step();
  std::atomic_thread_fence(std::memory_order_seq_cst);
  return finish(id, flags);
}

int gasnet_barrier_try(int id, int flags) {
  const char *call = "gasnet_barrier_try";
  check_may_communicate(call);
  require_notified(call);
  gasnet_AMPoll();
  if (!advance()) return GASNET_ERR_NOT_READY;
  std::atomic_thread_fence(std::memory_order_seq_cst);
  return finish(id, flags);
}

int gasnet_barrier(int id, int flags) {
  gasnet_barrier_notify(id, flags);
  return gasnet_barrier_wait(id, flags);
}

int gasnet_barrier_result(int *id) {
  if (!g_barrier.have_result) usage_fatal("gasnet_barrier_result", "no barrier has completed yet");
  const Value &r = g_barrier.result;
  if (id) *id = r.id;
  return r.flags;
}

}  // extern "C"
