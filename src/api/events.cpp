// Events, NBI completion and access regions (gex_Coll_BarrierNB is in src/coll/collectives.cpp).
#include "coll/service.h"
#include "runtime/runtime.h"

using namespace gex::runtime;

namespace {

inline void check_event(gex_Event_t ev, const char *call) {
  if (__builtin_expect(ev == GEX_EVENT_NO_OP, 0))
    usage_fatal(call, "event is GEX_EVENT_NO_OP (the result of a failed IMMEDIATE call), which must not be synced");
#ifdef GASNET_DEBUG
  // A completed event is released by the call that saw it complete: syncing it again (a second
  // Wait, or a Test after a successful Wait/Test) uses a dead handle.
  if (__builtin_expect(ev->kind == gexi_Event::Kind::Released, 0))
    usage_fatal(call, "event=" + fmt_ptr(ev) + " was already synced (a Wait or a successful Test released it); "
                      "an event may be synced only once");
#endif
}

// Non-polling completion test of one event; releases a completed root with its leaf.
bool event_done(gex_Event_t ev) {
  // Collectives advance only when someone tests: a barrier's waiter may be the rank that must
  // forward another team's broadcast, so barrier events drive them too.
  if (ev->kind != gexi_Event::Kind::Operation) gex::coll::progress();
  if (ev->kind == gexi_Event::Kind::Barrier) {
    if (!gex::coll::primordial_barrier_done(ev->barrier_seq)) return false;
  } else if (ev->pending.load(std::memory_order_acquire) != 0) {
    return false;
  }
  if (ev->kind == gexi_Event::Kind::Coll) gex::coll::event_synced(ev);
  if (!ev->is_leaf) event_release(ev);
  return true;
}

template <bool kAll>
int test_array(gex_Event_t *pevent, size_t numevents, const char *call) {
  // Every event GEX_EVENT_INVALID (what the inline RMA path returns: already complete): one
  // branch-free pass, which the compiler vectorizes, instead of the two passes below. A
  // `PutNB` x 1000, `WaitAll` loop of 256-byte puts spent about a tenth of its time there.
  uintptr_t any = 0;
  for (size_t i = 0; i < numevents; ++i) any |= reinterpret_cast<uintptr_t>(pevent[i]);
  if (!any) return GASNET_OK;
  size_t remaining = 0, completed = 0;
  // Leaves first: a root released in this call takes its leaf with it.
  for (int pass = 0; pass < 2; ++pass) {
    for (size_t i = 0; i < numevents; ++i) {
      gex_Event_t ev = pevent[i];
      if (ev == GEX_EVENT_INVALID) continue;
      check_event(ev, call);
      if (ev->is_leaf != (pass == 0)) continue;
      if (event_done(ev)) {
        pevent[i] = GEX_EVENT_INVALID;
        ++completed;
      } else {
        ++remaining;
      }
    }
  }
  if (kAll) return remaining ? GASNET_ERR_NOT_READY : GASNET_OK;
  return (completed || !remaining) ? GASNET_OK : GASNET_ERR_NOT_READY;
}

uint32_t nbi_outstanding(gex_EC_t mask) {
  const ThreadState &t = t_thread;
  uint32_t n = 0;
  for (unsigned c = 0; c < kNbiCategories; ++c)
    if (ec_mask_covers(mask, NbiCategory(c))) n += t.nbi_pending[c].load(std::memory_order_acquire);
  return n;
}

}  // namespace

extern "C" {

int gex_Event_Test(gex_Event_t event) {
  if (event == GEX_EVENT_INVALID) return GASNET_OK;
  check_event(event, "gex_Event_Test");
  return event_done(event) ? GASNET_OK : GASNET_ERR_NOT_READY;
}

void gex_Event_Wait(gex_Event_t event) {
  check_may_communicate("gex_Event_Wait");
  if (event == GEX_EVENT_INVALID) return;
  check_event(event, "gex_Event_Wait");
  wait_until([&] { return event_done(event); });
}

int gex_Event_TestSome(gex_Event_t *pevent, size_t numevents, gex_Flags_t) {
  return test_array<false>(pevent, numevents, "gex_Event_TestSome");
}
int gex_Event_TestAll(gex_Event_t *pevent, size_t numevents, gex_Flags_t) {
  return test_array<true>(pevent, numevents, "gex_Event_TestAll");
}
void gex_Event_WaitSome(gex_Event_t *pevent, size_t numevents, gex_Flags_t) {
  check_may_communicate("gex_Event_WaitSome");
  wait_until([&] { return test_array<false>(pevent, numevents, "gex_Event_WaitSome") == GASNET_OK; });
}
void gex_Event_WaitAll(gex_Event_t *pevent, size_t numevents, gex_Flags_t) {
  check_may_communicate("gex_Event_WaitAll");
  wait_until([&] { return test_array<true>(pevent, numevents, "gex_Event_WaitAll") == GASNET_OK; });
}

gex_Event_t gex_Event_QueryLeaf(gex_Event_t root, gex_EC_t event_category) {
  if (root == GEX_EVENT_INVALID) return GEX_EVENT_INVALID;
  check_event(root, "gex_Event_QueryLeaf");
  if (event_category != GEX_EC_LC)
    usage_fatal("gex_Event_QueryLeaf", "only GEX_EC_LC leaves exist (event_category=" + std::to_string(event_category) + ")");
  return root->leaf_lc;  // NULL (== GEX_EVENT_INVALID) when local completion was already reached
}

// ---- NBI ----------------------------------------------------------------------------------------
int gex_NBI_Test(gex_EC_t event_mask, gex_Flags_t) {
  return nbi_outstanding(event_mask) ? GASNET_ERR_NOT_READY : GASNET_OK;
}

void gex_NBI_Wait(gex_EC_t event_mask, gex_Flags_t) {
  check_may_communicate("gex_NBI_Wait");
  wait_until([&] { return !nbi_outstanding(event_mask); });
}

void gex_NBI_BeginAccessRegion(gex_Flags_t) {
  ThreadState &t = t_thread;
  if (t.in_region) usage_fatal("gex_NBI_BeginAccessRegion", "an access region is already open on this thread (regions do not nest)");
  t.in_region = true;
  t.region = nullptr;  // created lazily by the first asynchronous NBI operation
}

gex_Event_t gex_NBI_EndAccessRegion(gex_Flags_t) {
  ThreadState &t = t_thread;
  if (!t.in_region) usage_fatal("gex_NBI_EndAccessRegion", "no access region is open on this thread");
  t.in_region = false;
  gex_Event_t ev = t.region;
  t.region = nullptr;
  return ev ? ev : GEX_EVENT_INVALID;
}

}  // extern "C"
