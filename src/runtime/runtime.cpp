#include "runtime/runtime.h"

#include <sched.h>

#include <array>
#include <cstdio>
#include <ctime>
#include <utility>

#include "diag/diag.h"
#include "runtime/env.h"
#include "runtime/handler_call.h"
#include "runtime/idle_poll.h"
#include "transport/dispatch.h"

namespace gex::runtime {

thread_local constinit ThreadState t_thread;
Runtime g_rt;
bool g_verbose_errors = true;

std::string fmt_ptr(const void *p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%p", p);
  return buf;
}

void usage_fatal(const char *call, const std::string &what) {
  bootstrap::fatal(std::string(call) + ": " + what);
}

int usage_error(int code, const char *call, const std::string &what) {
  if (g_verbose_errors) {
    std::fprintf(stderr, "libgex rank %u: %s: %s (returning %s)\n", unsigned(g_rt.rank), call, what.c_str(),
                 gasnet_ErrorName(code));
    std::fflush(stderr);
  }
  return code;
}

void restricted_context_fatal(const char *call) {
  const ThreadState &t = t_thread;
  const char *where = t.handler_depth ? "in handler context (an AM handler is running on this thread)"
                      : t.hsl_held    ? "while holding an HSL"
                                      : "between an NPAM Prepare and its Commit";
  usage_fatal(call, std::string("called ") + where + ", where the spec forbids communication and waiting");
}

void unreachable_range_fatal(const char *call, gex_Rank_t jobrank, const void *addr, size_t nbytes) {
  usage_fatal(call, "the address range " + fmt_ptr(addr) + "+" + std::to_string(nbytes) + " lies outside rank " +
                        std::to_string(jobrank) +
                        "'s segment, and GEX_SEGMENT_EVERYTHING reaches such addresses only over a transport "
                        "that pins remote memory (ofi with RMA; this peer's route is " +
                        g_rt.routes[jobrank].am->name() + ")");
}

void segment_range_fatal(const char *call, gex_Rank_t jobrank, const void *addr, size_t nbytes, uint32_t ep) {
  const auto &seg = g_rt.segments.at(jobrank, ep);
  const std::string who = "rank " + std::to_string(jobrank) + (ep ? " endpoint " + std::to_string(ep) : std::string());
  if (!seg.size)
    usage_fatal(call, who + (ep ? " has no bound segment published to this process (gex_EP_BindSegment and "
                                  "gex_EP_PublishBoundSegment not called)"
                                : " has no bound segment (gex_Segment_Attach not called)"));
  usage_fatal(call, "remote range [" + fmt_ptr(addr) + ", +" + std::to_string(nbytes) + " bytes) on " +
                        who + " is outside its bound segment [" + fmt_ptr(seg.owner_base) +
                        ", " + fmt_ptr(seg.owner_base + seg.size) + ")");
}

void rank_range_fatal(const char *call, gex_TM_t tm, gex_Rank_t rank) {
  if (is_tm_pair(tm))
    usage_fatal(call, "rank=" + std::to_string(rank) + " (a jobrank, with a TM-pair) is out of range: the job has " +
                          std::to_string(g_rt.size) + " ranks");
  usage_fatal(call, "rank=" + std::to_string(rank) + " is out of range for a team of size " + std::to_string(tm->size));
}

gexi_TM *team_of(gex_TM_t tm, const char *call) {
  if (tm == nullptr) usage_fatal(call, "tm is GEX_TM_INVALID");
  if (is_tm_pair(tm)) usage_fatal(call, "a TM-pair is not allowed here (only a team)");
#ifdef GASNET_DEBUG
  if (__builtin_expect(tm->magic != gexi_TM::kValid, 0)) {
    if (tm->magic == gexi_TM::kDestroyed)
      usage_fatal(call, "tm=" + fmt_ptr(tm) + " is a team that gex_TM_Destroy already destroyed");
    usage_fatal(call, "tm=" + fmt_ptr(tm) + " is not a valid team handle");
  }
#endif
  return tm;
}

namespace {
// Messages one transport delivers per poll_all(): bounded so a flood from one side does not
// keep a waiting loop from checking what it waits for.
constexpr unsigned kPollBudget = 64;
// Services that advance work outside handlers (collectives forward data they buffered).
struct ProgressEntry {
  ProgressFn fn;
  const std::atomic<uint32_t> *work, *work2;
};
std::array<ProgressEntry, 8> g_progress_fns;
unsigned g_progress_fn_count = 0;
const std::atomic<uint32_t> g_no_work{0};
}  // namespace

namespace idle_poll {
const transport::smp::SmpTransport *g_probe = nullptr;

unsigned poll_everything() {
  unsigned n = poll_transports(false);
  for (unsigned i = 0; i < g_progress_fn_count; ++i) {
    const ProgressEntry &e = g_progress_fns[i];
    // relaxed: fn loads its counters again with acquire before it touches the work
    if (e.work->load(std::memory_order_relaxed) | e.work2->load(std::memory_order_relaxed)) e.fn();
  }
  // A job that is ending is not a reason to stop here: this rank keeps serving and completing
  // what it waits for until it reaches its own exit or the monitor ends it (exit.h).
  return n;
}

unsigned poll_periodic() {
  if (g_rt.bound.load(std::memory_order_relaxed)) unbind_if_crowded();
  return poll_everything();
}
}  // namespace idle_poll

constinit ServiceWork g_service_work;

void enable_idle_probe() {
  idle_poll::g_probe = nullptr;
  if (g_rt.transports.size() != 1 || g_rt.transports[0]->kind() != transport::Kind::Smp) return;
  idle_poll::g_probe = static_cast<const transport::smp::SmpTransport *>(g_rt.transports[0].get());
}

unsigned poll_transports(bool replies_only) {
  unsigned n = 0;
  for (auto &t : g_rt.transports) n += transport::poll(t.get(), kPollBudget, replies_only);
  return n;
}

void add_progress_fn(ProgressFn fn, WorkSlot work, WorkSlot work2) {
  if (g_progress_fn_count == g_progress_fns.size()) bootstrap::fatal("too many runtime progress functions");
  g_progress_fns[g_progress_fn_count++] =
      ProgressEntry{fn, &work_counter(work), work2 == WorkSlot::Count ? &g_no_work : &work_counter(work2)};
}

// Polling from inside a handler would deliver the running message again (its ring slot is
// released only when the handler returns): an error in every build, named by the caller.
void reentrant_poll_fatal(const char *call) {
  usage_fatal(call, "called in handler context (from inside an AM handler), where polling and waiting for "
                    "communication are not allowed (it would run the same message again)");
}

// The call a poll from a handler names when it is not gasnet_AMPoll's own.
constexpr const char *kWaitCall = "gasnet_AMPoll (or a blocking call)";

unsigned poll_all() { return poll_once(t_thread, kWaitCall); }

unsigned poll_full() {
  if (__builtin_expect(t_thread.handler_depth != 0, 0)) reentrant_poll_fatal(kWaitCall);
  return idle_poll::poll_everything();
}

void set_idle_yield(bool block) {
  static const uint32_t spin_polls = uint32_t(env_int("GEX_IDLE_YIELD_POLLS", 0, 0, 1 << 30));
  g_rt.idle_yield_polls.store(block ? 2 : spin_polls, std::memory_order_relaxed);
}

}  // namespace gex::runtime

// For tests: the idle polls between two yields of a waiting loop now (0: it never yields).
extern "C" uint32_t gexi_IdleYieldPolls(void) {
  return gex::runtime::g_rt.idle_yield_polls.load(std::memory_order_relaxed);
}
// For tests: how long a wait is idle before it naps (ns; 0: never), and whether place_rank bound.
extern "C" uint64_t gexi_IdleNapAfterNs(void) { return gex::runtime::g_rt.idle_nap_after_ns.load(); }
extern "C" int gexi_RankBound(void) { return gex::runtime::g_rt.bound.load(); }
// For tests: how many times an idle poll (gasnet_AMPoll, a waiting loop) yielded on this thread.
extern "C" uint64_t gexi_PollYields(void) { return gex::runtime::t_thread.poll_yields; }

namespace gex::runtime {

namespace {
// An idle poll's yield of the core (progress_wait_step, client_poll_step).
void yield_core(ThreadState &t) {
  t.idle_polls = 0;
  sched_yield();
  ++t.poll_yields;
}
}  // namespace

bool progress_wait_step() {
  ThreadState &t = t_thread;
  if (poll_once(t, kWaitCall)) {
    t.idle_polls = 0;
    return true;
  }
  // Idle. With more ranks than cores the rank we wait for may need this core. With a core each,
  // a yield is a system call (about 0.5 us on the 2-core VM) on the way of whatever the loop
  // waits for: at 16 ranks a barrier of about 1 us met one most of the time when every loop
  // yielded at its 256th idle poll (the default until 2026-11-28; bench/report/
  // issue16_vs_gasnet.md). (A `pause` per idle poll, as GASNet's GASNETI_WAITHOOK, was tried on
  // 2026-11-27: testcollperf 4% faster on the VM at 2 ranks, 4% slower on 16 cores at 16 ranks.)
  const uint32_t every = g_rt.idle_yield_polls.load(std::memory_order_relaxed);
  if (every && ++t.idle_polls >= every) yield_core(t);
  return false;
}

// client_poll_step's idle poll where ranks outnumber cores (every: idle_yield_polls), out of line
// so that an idle poll with a core each saves and restores no registers.
void idle_poll::client_idle_yield(ThreadState &t, uint32_t every) {
  const uint64_t now = diag::now_ns();
  const uint64_t gap = now - t.last_client_poll_ns;
  t.last_client_poll_ns = now;
  if (gap > kClientYieldedNs) {
    // Away since the last poll: yielded (no second yield) or computing. A loop that computes
    // between polls and never yields itself still gives the core up every kClientAwayPolls.
    t.idle_polls = 0;
    if (++t.away_polls < kClientAwayPolls) return;
  } else if (++t.idle_polls < every) {
    return;
  }
  t.away_polls = 0;
  yield_core(t);
  t.last_client_poll_ns = diag::now_ns();  // our own yield is not the client's
}

void WaitLoop::idle_tick() {
  // The idle probe passes over claim words, so the claim of a neighbour that died in the middle of
  // a send (fault-tolerant jobs; drain skips it) is met by a full poll: here every kCheckPolls idle
  // polls and before every nap, besides every 2^16th poll of a thread (poll_periodic).
  if (idle_poll::poll_everything()) {
    idle_ = 0;
    since_ = 0;
    napping_ = false;
    return;
  }
  const uint64_t after = g_rt.idle_nap_after_ns.load(std::memory_order_relaxed);
  if (!after) return;
  if (!napping_) {
    const uint64_t ns = diag::now_ns();
    if (!since_) since_ = ns;
    if (ns - since_ < after) return;
    napping_ = true;
  }
  const timespec nap{0, long(g_rt.idle_nap_ns)};
  nanosleep(&nap, nullptr);
}

// ---- events ------------------------------------------------------------------------------------

gexi_Event *event_alloc() {
  ThreadState &t = t_thread;
  gexi_Event *ev = t.free_events;
  if (ev) {
    t.free_events = ev->next_free;
  } else {
    ev = new gexi_Event;
  }
  ev->pending.store(0, std::memory_order_relaxed);
  ev->kind = gexi_Event::Kind::Operation;
  ev->is_leaf = false;
  ev->leaf_lc = nullptr;
  ev->tm = nullptr;
  ev->barrier_seq = 0;
  ev->next_free = nullptr;
  return ev;
}

void event_release(gexi_Event *ev) {
  ThreadState &t = t_thread;
#ifdef GASNET_DEBUG
  ev->kind = gexi_Event::Kind::Released;
  if (ev->leaf_lc) ev->leaf_lc->kind = gexi_Event::Kind::Released;
#endif
  if (ev->leaf_lc) {
    ev->leaf_lc->next_free = t.free_events;
    t.free_events = ev->leaf_lc;
  }
  ev->next_free = t.free_events;
  t.free_events = ev;
}

void register_internal_handler(gex_AM_Index_t index, gex_AM_Fn_t fn, gex_Flags_t flags, unsigned nargs,
                               const char *name) {
  HandlerSlot &slot = g_rt.internal_handlers[index];
  if (index == 0 || index >= kHandlerInternalLimit || slot.registered)
    bootstrap::fatal(std::string("internal handler '") + name + "' has a bad or duplicate index " + std::to_string(index));
  slot.entry = gex_AM_Entry_t{index, fn, flags, nargs, nullptr, name};
  slot.registered = true;
}

// ---- AM delivery -------------------------------------------------------------------------------

namespace {

const char *category_name(transport::AmCategory c) {
  return c == transport::AmCategory::Short ? "Short" : c == transport::AmCategory::Medium ? "Medium" : "Long";
}

}  // namespace

void check_registration(const gex_AM_Entry_t &e, const transport::AmMessage &m) {
  gex_Flags_t want_cat = m.category == transport::AmCategory::Short    ? GEX_FLAG_AM_SHORT
                         : m.category == transport::AmCategory::Medium ? GEX_FLAG_AM_MEDIUM
                                                                       : GEX_FLAG_AM_LONG;
  gex_Flags_t want_dir = m.is_request ? GEX_FLAG_AM_REQUEST : GEX_FLAG_AM_REPLY;
  if (!(e.gex_flags & want_cat) || !(e.gex_flags & want_dir) || (e.gex_nargs != kNargsUnspecified && e.gex_nargs != m.nargs)) {
    bootstrap::fatal("AM handler index " + std::to_string(m.handler) + (e.gex_name ? std::string(" (") + e.gex_name + ")" : "") +
                     " was registered as nargs=" + std::to_string(e.gex_nargs) + " flags=0x" +
                     [&] { char b[16]; std::snprintf(b, sizeof b, "%x", unsigned(e.gex_flags)); return std::string(b); }() +
                     " but received a " + category_name(m.category) + (m.is_request ? " Request" : " Reply") +
                     " with " + std::to_string(m.nargs) + " args from rank " + std::to_string(m.src_jobrank));
  }
}

// A handler run's errors (handler_call.h), out of line: built in place, their message strings
// gave every delivery a 424-byte frame and six saved registers (84 instructions a loopback
// Short, 2026-11-27).
void no_endpoint_fatal(const transport::AmMessage &m) {
  bootstrap::fatal("received an AM for endpoint " + std::to_string(m.dest_ep) + " from rank " + std::to_string(m.src_jobrank) +
                   ", which does not exist on this rank");
}
void unregistered_fatal(const transport::AmMessage &m) {
  bootstrap::fatal("received an AM " + std::string(category_name(m.category)) + (m.is_request ? " Request" : " Reply") +
                   " from rank " + std::to_string(m.src_jobrank) + " for handler index " + std::to_string(m.handler) +
                   ", which is not registered on this rank (gex_EP_RegisterHandlers)");
}
void hsl_held_fatal(const gexi_Token &t) {
  bootstrap::fatal("AM handler index " + std::to_string(t.entry->gex_index) + " returned while still holding an HSL");
}

namespace {

// With statistics or tracing on: the same run, timed (out of line, so that the plain delivery
// keeps no timer state across the handler call).
[[gnu::cold, gnu::noinline]] void deliver_observed(const transport::AmMessage &m, const void *payload) {
  gex::diag::HandlerScope diag_scope(m);
  run_handler(m, payload);
}

}  // namespace

void deliver_am(const transport::AmMessage &m) { deliver_am(m, m.payload); }

void deliver_am(const transport::AmMessage &m, const void *payload) {
  if (__builtin_expect(gex::diag::on(), 0)) return deliver_observed(m, payload);
  run_handler(m, payload);
}

}  // namespace gex::runtime
