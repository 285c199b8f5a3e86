// The runtime layer: the objects behind the public handles, per-thread state (restricted
// contexts, NBI), and the process-wide Runtime that ties a client to its transport.
#pragma once

#include <gasnetex.h>

#include <atomic>
#include <cstdint>
#include <cstring>
#include <memory>
#include <type_traits>
#include <string>
#include <vector>

#include "bootstrap/bootstrap.h"
#include "mk/mk.h"
#include "runtime/internal_am.h"
#include "runtime/routes.h"
#include "transport/transport.h"

// ---- objects behind the public handles (tags fixed by docs/internals.md) -------------------

namespace gex::coll {
struct TeamState;     // src/coll/: a team's collective state (sequence numbers, outstanding ops)
struct ServiceState;  // src/coll/state.h: the collectives service's process-wide state
}
namespace gex::legacy {
struct ServiceState;  // src/legacy/state.h: the GASNet-1 layer's
}
namespace gex::vis {
struct ServiceState;  // src/vis/service.cpp: VIS's (peer completions waiting for their puts)
}
namespace gex::ratomic {
struct ServiceState;  // src/ratomic/service.h: the remote atomics'
}

struct gexi_Client {
  std::string name;
  gex_Flags_t flags = 0;
  void *cdata = nullptr;
  gexi_EP *ep = nullptr;            // the primordial endpoint (eps[0])
  std::vector<gexi_EP *> eps;       // every endpoint, by gex_EP_Index_t
  gexi_TM *tm = nullptr;
  int thread_mode = 2;
};

struct HandlerSlot {
  gex_AM_Entry_t entry{};  // as registered (gex_index filled in); gex_Token_Info's gex_entry
  bool registered = false;
};

// 4096-aligned so a TM-pair can carry the remote EP index in the low bits (docs/internals.md).
struct alignas(4096) gexi_EP {
  gexi_Client *client = nullptr;
  gex_Flags_t flags = 0;
  void *cdata = nullptr;
  gex_EP_Index_t index = 0;
  gex_EP_Capabilities_t capabilities = GEX_EP_CAPABILITY_ALL;  // the primordial endpoint has them all
  gexi_Segment *segment = nullptr;
  HandlerSlot handlers[256];
};

struct gexi_Segment {
  gexi_Client *client = nullptr;
  gex_Flags_t flags = 0;
  void *cdata = nullptr;
  void *addr = nullptr;
  uintptr_t size = 0;
  gex_MK_t kind = GEX_MK_HOST;  // the memory it lives in
  // How it was made: by gex_Segment_Attach (the primordial one), or gex_Segment_Create with
  // memory the library allocated (`allocated`) or the client's own.
  bool attached = false;
  bool allocated = false;
  bool destroyed = false;      // gex_Segment_Destroy ran (the debug build keeps the object)
  uint32_t shared_id = 0;      // allocated in shared memory: its id among this process's segments
  gex::transport::Transport *owner = nullptr;  // the transport that allocated it (shared memory)
  gex::runtime::Registrations regs;            // its registrations with the transports
};

struct gexi_TM {
  // kValid while the team exists. The debug build keeps a destroyed team's object (kDestroyed)
  // instead of freeing it, so a handle used after gex_TM_Destroy is diagnosed (team_of).
  static constexpr uint32_t kValid = 0x7e4a11edu, kDestroyed = 0xdead7e4au;
  uint32_t magic = kValid;
  gexi_Client *client = nullptr;
  gexi_EP *ep = nullptr;
  gex_Flags_t flags = 0;
  void *cdata = nullptr;
  gex_Rank_t rank = 0;
  gex_Rank_t size = 0;
  std::vector<gex_Rank_t> members;  // team rank -> jobrank; empty for the primordial team (identity)
  std::atomic<uint64_t> barrier_seq{0};
  bool primordial = false;
  gex::coll::TeamState *coll = nullptr;  // owned by src/coll/ (created lazily for the primordial team)
};

struct gexi_Token {
  gex_Rank_t src;
  gexi_EP *ep;          // the receiving endpoint (null for the runtime's own handlers)
  uint16_t src_ep;      // the sender's endpoint index: where a Reply goes
  const gex_AM_Entry_t *entry;
  bool is_request;
  bool is_long;
  bool replied;
};

// Events: one root per NB operation, with an optional local-completion leaf. `pending` counts
// the operations still outstanding; a barrier event is complete when its transport test says so.
// A collective (Kind::Coll) holds pending at 1 until src/coll/ completes it; testing it drives
// the collectives' progress (gex::coll::progress).
// Debug build: a released event (on its thread's free list) has kind Released until it is
// allocated again, so syncing an event twice is diagnosed (unless it was reused in between).
struct gexi_Event {
  enum class Kind : uint8_t { Operation, Barrier, Coll, Released };
  std::atomic<uint32_t> pending{0};
  Kind kind = Kind::Operation;
  bool is_leaf = false;
  gexi_Event *leaf_lc = nullptr;  // root only
  gexi_TM *tm = nullptr;          // barrier
  uint64_t barrier_seq = 0;       // barrier
  gexi_Event *next_free = nullptr;
};

// Negotiated-payload AM: one per thread, consumed by exactly one Commit on the same thread.
struct gexi_SrcDesc {
  bool active = false;
  bool is_request = false;
  bool is_long = false;
  gex_Rank_t dest = 0;     // destination jobrank
  uint16_t src_ep = 0, dest_ep = 0;
  gexi_Token *token = nullptr;  // reply
  void *addr = nullptr;
  size_t size = 0;
  void *dest_addr = nullptr;
  gex_Event_t *lc_opt = nullptr;
  bool client_buf = false;
  bool reserved = false;   // the payload lives in room the transport reserved (no second copy)
  gex_Flags_t flags = 0;
  unsigned nargs = 0;
  // GASNet-allocated payload (client_buf == NULL), owned here (new[]; src/api/am.cpp frees it
  // with the thread): a raw pointer keeps ThreadState trivially destructible (below).
  char *buffer = nullptr;
  size_t buffer_size = 0;
};

namespace gex::runtime {

// The NBI counters of a thread (ThreadState::nbi_pending). GEX_EC_AM and GEX_EC_LC are one
// category (GASNet gives them one value), which GEX_EC_PUT includes.
enum NbiCategory : unsigned { kEcGet = 0, kEcPut = 1, kEcAmLc = 2, kEcRmw = 3, kNbiCategories = 4 };
// True when an event mask names NBI category `c`. A bit of GEX_EC_PUT that is not the AM/LC bit
// stands for Puts alone.
constexpr bool ec_mask_covers(gex_EC_t mask, NbiCategory c) {
  constexpr gex_EC_t kPutOnly = GEX_EC_PUT & ~(GEX_EC_AM | GEX_EC_LC);
  constexpr gex_EC_t kBits[kNbiCategories] = {GEX_EC_GET, kPutOnly, GEX_EC_AM | GEX_EC_LC, GEX_EC_RMW};
  return (mask & kBits[c]) != 0;
}

// Restricted contexts and NBI state are per thread (spec: "NBI state is per thread").
struct ThreadState {
  int handler_depth = 0;
  gexi_Token *token = nullptr;  // innermost running handler's token
  int hsl_held = 0;
  bool in_prepare = false;      // between NPAM Prepare and Commit
  bool in_region = false;       // NBI access region open
  gexi_Event *region = nullptr;
  // Outstanding NBI operations by category (only asynchronous paths count here: on the smp
  // conduit every transfer completes inside its initiation call).
  std::atomic<uint32_t> nbi_pending[kNbiCategories] = {};
  gexi_Event *free_events = nullptr;
  unsigned idle_polls = 0;
  uint64_t last_client_poll_ns = 0;  // client_poll_step, while waits yield
  unsigned away_polls = 0;           // its idle polls in a row after a gap
  uint64_t poll_yields = 0;          // yields of idle polls (for tests: gexi_PollYields)
  unsigned rma_tick = 0;  // rma_progress_tick
  unsigned poll_tick = 0;  // poll_all: unbind_if_crowded every 2^16
  // Bytes of requests sent over shared memory since this thread last polled after one (send_am).
  size_t request_bytes_unpolled = 0;
  gexi_SrcDesc srcdesc;

  // In a handler, holding an HSL, or between an NPAM Prepare and its Commit: where this thread
  // may not poll or wait for communication.
  bool restricted() const { return handler_depth || hsl_held || in_prepare; }
};
// constinit and trivially destructible: every access is a plain TLS load, with no per-access
// initialisation wrapper (the idle poll reads it several times).
static_assert(std::is_trivially_destructible_v<ThreadState>);
extern thread_local constinit ThreadState t_thread;

// Frees a service's state (Runtime below). Each operator() is defined by its service, so this
// header needs none of their definitions.
struct ServiceStateDeleter {
  void operator()(coll::ServiceState *) const noexcept;
  void operator()(legacy::ServiceState *) const noexcept;
  void operator()(vis::ServiceState *) const noexcept;
  void operator()(ratomic::ServiceState *) const noexcept;
};
template <typename T>
using ServiceStatePtr = std::unique_ptr<T, ServiceStateDeleter>;

// The process's runtime: created by whichever API initialises first (start()), shared by both.
// It owns the transports, the route table and the segment table; the GASNet-EX client (and
// later a GASPI context) are built on it.
struct Runtime {
  bool started = false;
  gexi_Client *client = nullptr;  // the GASNet-EX client, once gex_Client_Init ran
  gex_Rank_t rank = 0;
  gex_Rank_t size = 1;
  int thread_mode = 2;
  bool oversubscribed = false;  // more ranks on this machine than cores: waiting loops yield often
  // Idle polls of a waiting loop between two sched_yield calls; 0: never (set_idle_yield).
  std::atomic<uint32_t> idle_yield_polls{0};
  // A wait idle this long (ns) sleeps idle_nap_ns between polls from then on; 0: never
  // (place_rank, WaitLoop). Atomic: unbind_if_crowded changes it from whichever thread notices.
  std::atomic<uint64_t> idle_nap_after_ns{0};
  uint32_t idle_nap_ns = 0;
  // place_rank bound this process to its share of the machine's CPUs (until unbind_if_crowded)
  std::atomic<bool> bound{false};
  // Threads the runtime itself runs in this process (GASPI's progress thread): not the client's.
  std::atomic<int> internal_threads{0};
  bool force_am = false;        // GEX_FORCE_AM: RMA to neighbours goes through extended-ref too
  // GEX_ROUTE_TEST=mixed: every other peer is treated as off-host (RMA over AM, no load/store),
  // the rehearsal of a job that mixes shared memory and a network (tests/spmd, route_mix).
  bool route_mix = false;
  // GEX_SEGMENT_EVERYTHING=1: RMA may name any address of a peer reached by a transport that can
  // pin remote memory (ofi, through firehose: docs/firehose.md); addresses outside the peer's
  // segment take that transport's kAnyAddress path.
  bool any_address = false;
  std::vector<std::unique_ptr<transport::Transport>> transports;  // in order of preference
  std::vector<Route> routes;      // by jobrank
  SegmentTable segments;          // by (jobrank, endpoint index)
  uint32_t next_segment_id = 0;   // names this process's segments to the transports
  HandlerSlot internal_handlers[GEX_AM_INDEX_BASE];  // the runtime's own (internal_am.h)
  transport::AmLimits am_lub;     // least upper bound of every route's limits (gex_AM_LUB*)
  uintptr_t max_segment_size = 0;
  std::vector<gexi_RankInfo_s> nbrhd_info;  // ranks whose memory is mapped here (load/store), by jobrank
  std::vector<gexi_RankInfo_s> host_info;   // every rank of this host, sorted by jobrank
  gex_Rank_t nbrhd_index = 0;               // this rank's index in nbrhd_info
  gex_Rank_t host_index = 0;                // this rank's index in host_info
  std::vector<gex_Rank_t> host_lead;        // per jobrank: the lowest rank of its host
  bool one_nbrhd = true;                    // every rank of the job is in this rank's neighbourhood
  bool nbrhd_is_host = true;                // the neighbourhood is the host (else: each rank alone)
  // Each service's process-wide state, made by its init() from gex_Client_Init: the runtime
  // object owns it (no file statics), so the APIs and endpoints that share this runtime share it.
  ServiceStatePtr<coll::ServiceState> coll;
  ServiceStatePtr<legacy::ServiceState> legacy;
  ServiceStatePtr<vis::ServiceState> vis;
  ServiceStatePtr<ratomic::ServiceState> ratomic;
  bool services_started = false;         // start_services(): extended, ratomic, vis, exit hooks
  bool client_services_started = false;  // and, once a client exists, coll and legacy
};
extern Runtime g_rt;
extern bool g_verbose_errors;

// ---- errors ---------------------------------------------------------------------------------

// A fatal usage error: names the call and the argument, ends the job.
[[noreturn]] void usage_fatal(const char *call, const std::string &what);
// A non-fatal error the spec gives a return code for: prints when verbose errors are on.
int usage_error(int code, const char *call, const std::string &what);
std::string fmt_ptr(const void *p);

inline void require_init(const char *call) {
  if (__builtin_expect(g_rt.client == nullptr, 0))
    usage_fatal(call, "called before gex_Client_Init");
}

// Calls that communicate or wait are forbidden inside handlers, while holding an HSL and
// between an NPAM Prepare and its Commit. Checked in the debug build (GASNET_DEBUG).
void restricted_context_fatal(const char *call);
inline void check_may_communicate(const char *call) {
#ifdef GASNET_DEBUG
  const ThreadState &t = t_thread;
  if (t.restricted()) restricted_context_fatal(call);
#else
  (void)call;
#endif
}

// ---- ranks and addresses ---------------------------------------------------------------------

inline bool is_tm_pair(gex_TM_t tm) { return reinterpret_cast<uintptr_t>(tm) & 1; }
inline gexi_EP *tm_pair_ep(gex_TM_t tm) {
  return reinterpret_cast<gexi_EP *>(reinterpret_cast<uintptr_t>(tm) & ~uintptr_t(4095));
}
gexi_TM *team_of(gex_TM_t tm, const char *call);  // rejects TM-pairs and invalid handles
// The endpoints a (tm, rank) names: a TM-pair carries the remote index in bits 1..11 (4096-byte
// aligned endpoints); a team addresses its members' endpoints at its own endpoint's index.
inline gexi_EP *local_ep_of(gex_TM_t tm) { return is_tm_pair(tm) ? tm_pair_ep(tm) : tm->ep; }
inline uint16_t remote_ep_of(gex_TM_t tm) {
  return uint16_t(is_tm_pair(tm) ? (reinterpret_cast<uintptr_t>(tm) & 4095) >> 1 : tm->ep->index);
}

// (tm, rank) -> jobrank. For a TM-pair the rank already is a jobrank. The rank is checked in
// every build (it indexes the runtime's tables); a destroyed or bogus team in the debug build.
[[noreturn]] void rank_range_fatal(const char *call, gex_TM_t tm, gex_Rank_t rank);
inline gex_Rank_t jobrank_of(gex_TM_t tm, gex_Rank_t rank, const char *call) {
  if (is_tm_pair(tm)) {
    if (__builtin_expect(rank >= g_rt.size, 0)) rank_range_fatal(call, tm, rank);
    return rank;
  }
  if (__builtin_expect(tm == nullptr, 0)) usage_fatal(call, "tm is GEX_TM_INVALID");
#ifdef GASNET_DEBUG
  if (tm->magic != gexi_TM::kValid) team_of(tm, call);  // diagnoses a destroyed or bogus team
#endif
  if (__builtin_expect(rank >= tm->size, 0)) rank_range_fatal(call, tm, rank);
  return tm->members.empty() ? rank : tm->members[rank];
}

// Remote addresses must lie in the target's bound segment (spec: RMA and AM Long).
// `ep` is the remote endpoint's index (0: the primordial one).
[[noreturn]] void segment_range_fatal(const char *call, gex_Rank_t jobrank, const void *addr, size_t nbytes,
                                      uint32_t ep = 0);
// GEX_SEGMENT_EVERYTHING: a remote range outside the segment of a peer whose route cannot pin
// remote memory (shared memory; RMA and VIS say the same).
[[noreturn, gnu::cold]] void unreachable_range_fatal(const char *call, gex_Rank_t jobrank, const void *addr, size_t nbytes);
inline bool in_segment(gex_Rank_t jobrank, const void *addr, size_t nbytes, uint32_t ep = 0) {
  return g_rt.segments.at(jobrank, ep).contains(addr, nbytes);
}
// Checked on RMA hot paths in the debug build only (GEX_SEGMENT_EVERYTHING: rma.cpp checks that the
// route reaches any address instead).
inline void check_remote_range(gex_Rank_t jobrank, const void *addr, size_t nbytes, const char *call, uint32_t ep = 0) {
#ifdef GASNET_DEBUG
  if (!in_segment(jobrank, addr, nbytes, ep) && !g_rt.any_address) segment_range_fatal(call, jobrank, addr, nbytes, ep);
#else
  (void)jobrank, (void)addr, (void)nbytes, (void)call, (void)ep;
#endif
}
// Per-peer path choice, fixed when the segment was published (routes.h): load/store when the
// peer's segment is mapped here, extended-ref over Active Messages otherwise (or always, with
// GEX_FORCE_AM=1).
inline bool use_am_path(gex_Rank_t jobrank, uint32_t ep = 0) {
  return g_rt.segments.at(jobrank, ep).path != RmaPath::LoadStore;
}
// Where a neighbour's segment address is mapped in this process.
inline char *local_address(gex_Rank_t jobrank, const void *addr, uint32_t ep = 0) {
  const auto &seg = g_rt.segments.at(jobrank, ep);
  return seg.local_base + (static_cast<const char *>(addr) - seg.owner_base);
}

// ---- progress --------------------------------------------------------------------------------

// One round of progress for a waiting loop: runs handlers, notices a job that is ending, and
// yields the core when idle so that oversubscribed ranks make progress. True when a transport
// delivered something.
bool progress_wait_step();
// gasnet_AMPoll's round (client_poll_step, inline in runtime/idle_poll.h): as progress_wait_step, except where the client's loop already gave up the
// CPU between two polls (GASNet's tests call sched_yield beside gasnet_AMPoll when "polite":
// testacc with 4 ranks on 2 cores). A second yield there gives the core away again before the loop
// has looked at what it waits for: 1.7x as long a lock hand-off. A gap of more than
// kClientYieldedNs since the last poll says the client was off the CPU (or busy): no yield then.
// A loop that only polls still yields as every waiting loop does; one that is away between all
// its polls (computing, say), every kClientAwayPolls-th poll.
inline constexpr uint64_t kClientYieldedNs = 1500;
inline constexpr unsigned kClientAwayPolls = 64;

// The loop of a wait that may last (an event, an NBI sync, a blocking collective): progress as
// above, and once the wait has made none for g_rt.idle_nap_after_ns, a sleep of idle_nap_ns
// between polls. A rank spinning beside a working one slows it wherever the two share a core
// (SMT siblings, a VM's vCPUs: twice as slow on the CI VM, bench/report/issue16_vs_gasnet.md);
// one that sleeps does not. The clock is read once every kCheckPolls idle polls; the state is
// the wait's own, so a new wait starts spinning again. Not for gasnet_AMPoll: a client's poll
// loop is its own (GASNet's never sleeps).
class WaitLoop {
 public:
  void step() {
    if (progress_wait_step()) {
      idle_ = 0;
      since_ = 0;
      napping_ = false;
      return;
    }
    if (napping_ || (++idle_ & (kCheckPolls - 1)) == 0) idle_tick();
  }

 private:
  static constexpr uint32_t kCheckPolls = 1024;
  void idle_tick();  // out of line: the clock, the sleep
  uint32_t idle_ = 0;
  uint64_t since_ = 0;  // the clock at the first check of this idle stretch
  bool napping_ = false;
};
// Runs a WaitLoop until done() (tested first).
template <typename Done>
inline void wait_until(Done &&done) {
  if (done()) return;
  WaitLoop loop;
  do loop.step();
  while (!done());
}

// Start-up: binds this rank to a disjoint share of the CPUs that the machine's ranks were all
// started with (GEX_BIND), and decides whether idle waits nap (GEX_IDLE_NAP_AFTER_US,
// GEX_IDLE_NAP_US). Collective (an allgather). placement.cpp.
void place_rank();
// How often a waiting loop gives its core away: `block` (more ranks than cores, or
// gasnet_set_waitmode(GASNET_WAIT_BLOCK)) yields at every idle poll but one; otherwise the
// loop spins, as GASNet's default GASNET_WAIT_SPIN does, unless GEX_IDLE_YIELD_POLLS asks
// for a yield every that many idle polls.
void set_idle_yield(bool block);
// Delivers what every transport has (a bounded batch each); replies only, or everything. Runs
// no progress functions and no restricted-context check: the building block of the two below.
unsigned poll_transports(bool replies_only);
// Runs handlers and progress functions once. Fatal when called from inside a handler.
unsigned poll_all();
// poll_all without the idle probe, which passes over a dead producer's claim word: for loops
// that poll seldom (the GASPI progress thread), where the probe saves nothing.
unsigned poll_full();
// After the transports started: lets an idle poll be a few loads where the smp transport is the
// only one. runtime.cpp.
void enable_idle_probe();
// Where place_rank bound this rank to a slice of the machine and the client now runs more threads
// than the slice has CPUs (PAR clients, OpenMP teams sized by the start-up CPU set), every thread
// goes back to the CPU set the rank started with, and idle waits stop napping. Looked at every
// 2^16 polls of a thread (placement.cpp).
void unbind_if_crowded();
[[noreturn]] void reentrant_poll_fatal(const char *call);
// GASPI's writes and reads to a load/store peer complete without waiting, so they would never
// poll; GASPI has no poll call, and a rank that only writes must still serve the AMs its peers
// send it (the runtime's GASPI services run on AMs). Every 64th such call polls once, where
// polling is allowed. (GASNet-EX's RMA does not: its clients poll, as GASNet's require;
// docs/spec-decisions.md row 13.)
inline void rma_progress_tick() {
  ThreadState &t = t_thread;
  if (__builtin_expect((++t.rma_tick & 63) == 0, 0) && !t.restricted()) poll_all();
}
// Registers a function every poll_all() runs after delivering messages (from a service's init).
// It must return at once when there is nothing to do and never run in a restricted context.
using ProgressFn = void (*)();
// The services' counts of outstanding work that polls must advance, side by side at fixed
// addresses, so the idle probe tests them all with four plain loads (runtime.cpp): a service
// keeps its count in its slot (work_counter), never in memory of its own.
enum class WorkSlot : unsigned { Vis, CollActive, CollInbox, GaspiLists, Count };
struct alignas(64) ServiceWork {
  std::atomic<uint32_t> slot[unsigned(WorkSlot::Count)] = {};
};
extern constinit ServiceWork g_service_work;
inline std::atomic<uint32_t> &work_counter(WorkSlot s) { return g_service_work.slot[unsigned(s)]; }
// `work` (and `work2`): the service's slots; poll_all calls fn only while one is non-zero, so an
// idle service costs no call.
void add_progress_fn(ProgressFn fn, WorkSlot work, WorkSlot work2 = WorkSlot::Count);

// ---- events -----------------------------------------------------------------------------------
gexi_Event *event_alloc();
void event_release(gexi_Event *ev);  // root plus its leaf
// Stores "already complete" into a local-completion option that names an event.
inline void lc_complete_now(gex_Event_t *lc_opt) {
  if (reinterpret_cast<uintptr_t>(lc_opt) > 3) *lc_opt = GEX_EVENT_INVALID;
}

// ---- NBI ---------------------------------------------------------------------------------------
// The counter an NBI operation of `category` starts on: the open access region's event, or this
// thread's counter for the category.
inline CompletionCounter *nbi_counter(NbiCategory category) {
  ThreadState &t = t_thread;
  if (__builtin_expect(t.in_region, 0)) {
    if (!t.region) t.region = event_alloc();
    return &t.region->pending;
  }
  return &t.nbi_pending[category];
}

// ---- start-up -----------------------------------------------------------------------------------
// Starts the runtime once per process (collective over the job): joins the job, starts the
// transports, builds the route table. Later calls return at once. thread_mode as in
// gexi_Client_Init (0 SEQ, 1 PARSYNC, 2 PAR).
void start(int *argc, char ***argv, int thread_mode);
// Segment memory the library allocated: shareable (its neighbours map it by `id`) and
// registered with the transport that allocated it.
struct SegmentMemory {
  void *base = nullptr;
  size_t bytes = 0;
  uint32_t id = 0;
  bool shared = false;
  transport::Transport *owner = nullptr;
  Registrations regs;
};
// Registers [base, base + bytes) with every transport, and undoes it.
Registrations register_everywhere(void *base, size_t bytes);
void deregister_everywhere(Registrations &r);
// Allocates this process's segment of `bytes` for endpoint `ep`, publishes it to every rank and
// fills the segment table (collective over the job: gex_Segment_Attach).
SegmentMemory publish_segment(uint32_t ep, size_t bytes);
SegmentMemory allocate_segment(size_t bytes);
void free_segment(SegmentMemory &m);  // deregisters, removes its name, unmaps it here
// Starts the runtime services once (idempotent, from every API's init, after start()): those
// that need only the runtime at the first call, those built on the GASNet-EX client once
// g_rt.client is set. Also installs the exit coordinator's hooks.
void start_services();

// What a process tells its peers about one of its endpoints' bound segments (fixed size: it
// travels in allgathers and AM payloads).
struct PublishedSegment {
  uint64_t base = 0, size = 0, rkey = 0;
  uint32_t id = 0;     // the shared-memory id (when `shared`)
  uint16_t ep = 0;     // the endpoint index it is bound to
  uint8_t shared = 0;  // neighbours may map it (library-allocated host memory)
  uint8_t host = 0;    // host memory (1) or device memory (0): only host memory is load/store
  uint8_t mk_class = 0;     // device memory: its gex_MK_Class_t
  uint8_t has_ipc = 0;      // device memory: `ipc` lets a neighbour map it
  uint8_t pad[6] = {};
  mk::IpcHandle ipc;
};
inline PublishedSegment describe_segment(void *base, size_t size, const SegmentMemory &mem, uint32_t ep, bool host) {
  PublishedSegment p;
  p.base = reinterpret_cast<uintptr_t>(base);
  p.size = size;
  p.rkey = mem.regs.rkey;
  p.id = mem.id;
  p.ep = uint16_t(ep);
  p.shared = mem.shared;
  p.host = host;
  return p;
}
// Enters a peer's published segment in the segment table: maps it when a transport can, picks
// the RMA path, and keeps gexi_peer_map up to date for endpoint 0. The only writer of the table.
void apply_peer_segment(gex_Rank_t jobrank, const PublishedSegment &p);
// Publishes this process's `records` to every jobrank in `members` (itself included) with one AM
// Medium each, and returns when all have entered them. Callers follow it with a barrier over the
// same members, after which every member's records are in every member's table.
void publish_to_members(const std::vector<gex_Rank_t> &members, const std::vector<PublishedSegment> &records);
void register_segment_handlers();  // from start(), before any rank can send

// ---- AM ---------------------------------------------------------------------------------------
void deliver_am(const transport::AmMessage &m);
// The same, with the handler's payload at `payload` instead of m.payload (loopback: a Medium's
// copy, a Long's destination).
void deliver_am(const transport::AmMessage &m, const void *payload);
// Sends one AM over the route to `dest` with the runtime's waiting and IMMEDIATE policy. `lc`:
// the counter local completion of the payload lowers when it comes after the return (an lc_opt
// event's, or the NBI counter for GEX_EVENT_GROUP); null: wait for it here (GEX_EVENT_NOW).
enum class SendOutcome : uint8_t {
  Complete,   // sent, payload buffer free (lc untouched)
  LcPending,  // sent; lc was raised and is lowered at local completion
  NotSent,    // `immediate` and no resources: nothing was sent
};
SendOutcome send_am(gex_Rank_t dest, const transport::AmMessage &m, bool immediate, transport::Counter *lc = nullptr);
inline const transport::AmLimits &am_limits(gex_Rank_t dest) { return g_rt.routes[dest].limits; }
// One round of waiting for room to send (send_am's, for callers that retry themselves).
// replies_only: a Reply is being sent, or the sender is inside a handler.
void wait_for_send_room(bool replies_only);

// ---- RMA through a transport ------------------------------------------------------------------
// For a peer whose segment path is RmaPath::Transport (a network card moves the bytes): the
// route's transport put/get with the runtime's waiting and IMMEDIATE policy, for every API
// (GASNet-EX's rma.cpp, later GASPI). The counters are raised while the operation is under way
// and lowered by the transport as each stage completes (during later polls): `c_remote` when
// the data is visible at the target, `c_local` when `src` may be reused (null: not wanted);
// `c_done` when the data is in `dst`. Returns false only when `immediate` is set and the
// transport had no resources: nothing happened then. The remote range must lie in the segment
// of the peer's endpoint `ep` (its key is the one used).
bool rma_put(gex_Rank_t jobrank, void *dest, const void *src, size_t nbytes, CompletionCounter *c_remote,
             CompletionCounter *c_local, bool immediate, uint16_t ep = 0);
bool rma_get(gex_Rank_t jobrank, void *dst, const void *src, size_t nbytes, CompletionCounter *c_done, bool immediate,
             uint16_t ep = 0);
inline bool use_transport_rma(gex_Rank_t jobrank, uint32_t ep = 0) {
  return g_rt.segments.at(jobrank, ep).path == RmaPath::Transport;
}

}  // namespace gex::runtime
