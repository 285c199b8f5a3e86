// The GASNet-1 split-phase barrier with named/anonymous ids and mismatch detection.
//
// When every rank is a neighbour it is the primordial team's shared-memory barrier (the one of
// gex_Coll_BarrierNB) with each rank's (flags, id) published beside its arrival counter and merged
// by everyone at completion. Otherwise it is the collectives engine's dissemination barrier over
// AM on the primordial team, carrying
// this node's (flags, id): every round merges what the sender knows (coll::merge, engine.h), so
// after the last round every node holds the same merged value and a mismatch is seen on all of
// them. Notify starts it; the engine advances it from every poll; wait and try test its event.
// Sharing the primordial team's collective sequence is sound because a GASNet-1 barrier may not
// overlap any collective over that team (spec: collectives issued before it are complete, none
// starts between its notify and its completion), so every node numbers it alike.
#include <gasnet.h>

#include <atomic>

#include "coll/engine.h"
#include "legacy/state.h"
#include "runtime/runtime.h"

using namespace gex::runtime;
using gex::coll::BarrierValue;
using gex::legacy::BarrierState;

namespace {

BarrierState &barrier_state() { return gex::legacy::state().barrier; }

int finish(int id, int flags) {
  BarrierState &b = barrier_state();
  b.pending = GEX_EVENT_INVALID;
  if (b.shm_seq) b.outcome = gex::coll::primordial_barrier_merged(b.shm_seq);
  b.result = b.outcome;
  b.have_result = true;
  // Acquire: what other nodes wrote before their notify is visible after our wait. (The
  // completion test's loads already acquire; GASNet's barrier has no full fence either. An
  // mfence at each end was about 40 ns of a 110 ns barrier at 2 ranks on the VM, 2026-11-28.)
  std::atomic_thread_fence(std::memory_order_acquire);
  if (b.result.flags & GASNET_BARRIERFLAG_MISMATCH) return GASNET_ERR_BARRIER_MISMATCH;
  // A named wait must name the id the barrier agreed on (its own notify's id, unless every
  // node was anonymous, in which case anything matches).
  if (!(flags & GASNET_BARRIERFLAG_ANONYMOUS) && !(b.result.flags & GASNET_BARRIERFLAG_ANONYMOUS) &&
      id != b.result.id)
    return GASNET_ERR_BARRIER_MISMATCH;
  return GASNET_OK;
}

void require_notified(const char *call) {
  require_init(call);
  if (barrier_state().pending == GEX_EVENT_INVALID) usage_fatal(call, "no gasnet_barrier_notify is pending on this node");
}

}  // namespace

extern "C" {

void gasnet_barrier_notify(int id, int flags) {
  const char *call = "gasnet_barrier_notify";
  require_init(call);
  check_may_communicate(call);
  BarrierState &b = barrier_state();
  if (b.pending != GEX_EVENT_INVALID)
    usage_fatal(call, "called twice without a gasnet_barrier_wait/try completing the first barrier");
  // UNNAMED includes ANONYMOUS, whose meaning it takes.
  if (flags & ~(GASNET_BARRIERFLAG_ANONYMOUS | GASNET_BARRIERFLAG_MISMATCH | GASNET_BARRIERFLAG_UNNAMED))
    usage_fatal(call, "flags " + std::to_string(flags) + " has bits other than GASNET_BARRIERFLAG_ANONYMOUS|MISMATCH|UNNAMED");
  BarrierValue mine{flags & (GASNET_BARRIERFLAG_ANONYMOUS | GASNET_BARRIERFLAG_MISMATCH), id};
  if (mine.flags & GASNET_BARRIERFLAG_MISMATCH) mine = {GASNET_BARRIERFLAG_MISMATCH, 0};
  // Release: this node's earlier writes are visible to whoever completes the barrier after us.
  std::atomic_thread_fence(std::memory_order_release);
  b.shm_seq = 0;
  if (gexi_Event *ev = gex::coll::start_primordial_barrier(g_rt.client->tm, &mine, &b.shm_seq)) {
    b.pending = ev;  // every rank a neighbour: values beside the arrival counters (coll/shm.cpp)
    return;
  }
  b.pending = gex::coll::start_valued_barrier(g_rt.client->tm, mine, &b.outcome, call);
}

int gasnet_barrier_wait(int id, int flags) {
  const char *call = "gasnet_barrier_wait";
  check_may_communicate(call);
  require_notified(call);
  gex_Event_Wait(barrier_state().pending);
  return finish(id, flags);
}

int gasnet_barrier_try(int id, int flags) {
  const char *call = "gasnet_barrier_try";
  check_may_communicate(call);
  require_notified(call);
  gasnet_AMPoll();
  if (gex_Event_Test(barrier_state().pending) != GASNET_OK) return GASNET_ERR_NOT_READY;
  return finish(id, flags);
}

int gasnet_barrier(int id, int flags) {
  gasnet_barrier_notify(id, flags);
  return gasnet_barrier_wait(id, flags);
}

int gasnet_barrier_result(int *id) {
  require_init("gasnet_barrier_result");
  const BarrierState &b = barrier_state();
  if (!b.have_result) usage_fatal("gasnet_barrier_result", "no barrier has completed yet");
  const BarrierValue &r = b.result;
  if (id) *id = r.id;
  return r.flags;
}

}  // extern "C"
