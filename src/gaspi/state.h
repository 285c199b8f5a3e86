// The GASPI API layer's process-wide state (docs/gaspi.md). GASPI sits beside src/api/ (the
// GASNet-EX entry points) on the same runtime: gaspi_proc_init starts the runtime if no API has,
// and GASPI's own messages are internal AM handlers (the block kHandlerGaspiFirst..).
//
// Segments: each GASPI segment is one shared-memory object from the transport (allocate_shared):
// its notification slots, then (for alloc/create) its data. A rank learns of a peer's segment
// only when the owner registers it with that rank (gaspi_segment_register/create send an AM to
// each named rank); the first access maps the object (map_peer_memory), so writes, reads and
// notifications to a neighbour are loads and stores. Where the route to a peer has no load/store
// (another host, GEX_FORCE_AM, the GEX_ROUTE_TEST=mixed rehearsal) or the data is user memory
// (segment_bind/use), they travel as Active Messages to the owner, which applies them; large
// ones to another host go by the transport's RMA instead (rma_network.cpp).
#pragma once

#include <GASPI.h>
#include <GASPI_Ext.h>
#include <PGASPI.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "bootstrap/bootstrap.h"
#include "diag/diag.h"
#include "runtime/runtime.h"

// pgaspi_X is the definition, gaspi_X a weak alias (the profiling interface, PGASPI.h).
#define GEXI_GASPI_ALIAS(name) extern "C" __typeof__(p##name) name __attribute__((weak, alias("p" #name)));

namespace gex::gaspi {

inline constexpr unsigned kMaxQueues = 16;           // GPI-2's GASPI_MAX_QP
inline constexpr unsigned kMaxSegmentIds = 256;      // gaspi_segment_id_t
inline constexpr unsigned kMaxGroups = 256;          // gaspi_group_t (group_max may be raised to this)
inline constexpr unsigned kDefaultGroupMax = 32;     // GPI-2's GASPI_MAX_GROUPS
inline constexpr unsigned kMaxQueueSize = 4096;      // GPI-2's GASPI_MAX_QSIZE
inline constexpr unsigned kRwListElemMax = 255;      // GPI-2's GASPI_RW_LIST_ELEM_MAX
inline constexpr size_t kTransferSizeMax = size_t(1) << 30;
inline constexpr size_t kPassiveTransferSizeMax = (size_t(1) << 16) - 1;
inline constexpr unsigned kAllreduceElemMax = 255;
inline constexpr size_t kAllreduceBufSize = kAllreduceElemMax * sizeof(unsigned long);

// Internal AM handlers (runtime/internal_am.h: the GASPI block).
enum Handler : gex_AM_Index_t {
  kHRegister = runtime::kHandlerGaspiFirst,  // a segment registered with this rank
  kHAck,                                     // Reply: lowers a counter
  kHWrite,                                   // Medium: data (+ optional notification) for a segment
  kHNotify,                                  // Short: a notification
  kHReadReq,                                 // Short: read request
  kHReadReply,                               // Medium Reply: read data
  kHBarrier,                                 // Short: dissemination barrier round
  kHReduce,                                  // Medium: an allreduce contribution or result
  kHPassive,                                 // Medium: passive message
  kHAtomicReq,                               // Short: atomic request
  kHAtomicReply,                             // Short Reply: atomic result
  kHGroupCommit,                             // Short: group commit handshake
  kHPing,                                    // Short: gaspi_proc_ping (answered with kHAck)
  kHQueueAck,                                // Reply: a queue's request to the sender completed
  kHKill,                                    // Short: gaspi_proc_kill (the receiver dies by SIGKILL)
  kHLimit,
};

struct LocalSegment {
  bool used = false;
  bool user_memory = false;      // segment_bind/use: data is the caller's, not shared
  bool create_pending = false;   // segment_create/use returned GASPI_TIMEOUT: the next call resumes
  char *data = nullptr;
  size_t size = 0;
  uint32_t *notif = nullptr;     // notification slots (shared memory)
  // The runtime's segment memory (runtime::allocate_segment): notifications, then the data
  // unless user memory; mem.id names it to the peers that map it.
  runtime::SegmentMemory mem;
};

// What this rank knows of a peer's segment (from its registration message).
struct RemoteSegment {
  std::atomic<uint32_t> state{0};  // kUnknown / kKnown; written by the registration handler
  uint32_t tid = 0;
  uint64_t size = 0;
  uint64_t data_offset = 0;        // where the data starts in the shared object
  bool data_shared = false;        // the data is inside the shared object (not user memory)
  bool has_rkey = false;           // the owner's transport registered the object: owner_base, rkey
  uint64_t owner_base = 0;         // the shared object in the owner's address space
  uint64_t rkey = 0;
  // Set on first access (outside handlers): load/store mapping, or am when not reachable so.
  std::atomic<bool> resolved{false};
  bool am = true;
  bool rma = false;                // am, and the transport's put/get reach the data (rma_network.cpp)
  char *data = nullptr;            // load/store: the data and notification slots as mapped here
  uint32_t *notif = nullptr;
  char *map_base = nullptr;
  size_t map_bytes = 0;
  uint32_t mapped_tid = ~0u;
};
inline constexpr uint32_t kUnknown = 0, kKnown = 1;

struct Queue {
  bool exists = false;
  std::atomic<uint32_t> entries{0};         // posted since the last gaspi_wait (QUEUE_FULL)
  runtime::CompletionCounter pending{0};    // AM operations not yet acknowledged
  // The same by target rank (proc_init sizes it): what a dead peer will never acknowledge, so
  // gaspi_wait can give it up (fault tolerance) instead of waiting for it forever.
  std::unique_ptr<std::atomic<uint32_t>[]> to_rank;
  // One more AM operation to `rank` (its acknowledgement, kHQueueAck or a read reply, calls
  // complete(rank)).
  void post(gaspi_rank_t rank) noexcept {
    to_rank[rank].fetch_add(1, std::memory_order_relaxed);
    pending.fetch_add(1, std::memory_order_relaxed);
  }
  // An acknowledgement that comes after gaspi_wait gave up the rank's requests (it was already
  // on its way when the rank died) finds nothing to complete and is ignored.
  void complete(gaspi_rank_t rank) noexcept {
    uint32_t c = to_rank[rank].load(std::memory_order_relaxed);
    do {
      if (c == 0) return;
    } while (!to_rank[rank].compare_exchange_weak(c, c - 1, std::memory_order_relaxed));
    pending.fetch_sub(1, std::memory_order_release);
  }
};

struct Group {
  bool exists = false;
  bool committed = false;
  std::vector<gaspi_rank_t> members;  // sorted
  int my_index = -1;
  // One collective of this group at a time in this process (threads calling gaspi_barrier or
  // gaspi_allreduce together take turns, as in GPI-2).
  std::mutex coll_mutex;
  // dissemination barrier: arrivals by (epoch parity, round), resumable after GASPI_TIMEOUT
  std::atomic<uint32_t> arrived[2][32] = {};
  uint64_t barrier_epoch = 0;
  int barrier_round = -1;  // -1: no barrier in progress
  // allreduce: contributions at member 0, results at the others, by epoch parity
  uint64_t reduce_epoch = 0;
  int reduce_phase = 0;  // 0 idle, 1 contributed (waiting), resumable
  std::mutex reduce_mutex;
  std::vector<std::vector<char>> contrib[2];  // [parity][member index] (root)
  std::atomic<uint64_t> contrib_count[2] = {};  // bytes received
  std::vector<char> result[2];
  std::atomic<uint64_t> result_ready[2] = {};   // bytes received
  // commit handshake (coll.cpp keeps what the other members sent)
  bool commit_sent = false;  // this commit's handshakes are sent (a retry after GASPI_TIMEOUT waits)
};

struct PassiveMessage {
  gaspi_rank_t from;
  std::vector<char> data;
};

struct Context {
  std::atomic<bool> initialized{false};
  std::mutex lock;  // configuration, segment and group changes
  gaspi_config_t config{};
  gaspi_rank_t rank = 0, size = 1, local_rank = 0, local_num = 1;
  std::array<LocalSegment, kMaxSegmentIds> segments;
  std::vector<std::unique_ptr<std::array<RemoteSegment, kMaxSegmentIds>>> dir;  // by rank
  std::mutex dir_mutex;  // registration handler vs. first access (mapping)
  std::array<Queue, kMaxQueues> queues;
  unsigned queue_num = 0;
  std::array<Group, kMaxGroups> groups;
  std::mutex passive_mutex;
  std::deque<PassiveMessage> passive;
  std::vector<gaspi_state_t> state_vec;
  std::vector<uint8_t> kill_sent;  // gaspi_proc_kill asked the rank's process to end (by AM)
};
Context &ctx();

// ---- helpers shared by the files of this layer ----------------------------------------------
// Prints "libgex GASPI rank R: <call>: <what>" when error messages are on (GASPI_DEBUG or
// GEX_VERBOSE_ERRORS, default on) and returns `code`.
gaspi_return_t fail(gaspi_return_t code, const char *call, const std::string &what);
// GASPI_ERR_NOINIT with a message when gaspi_proc_init has not run.
inline bool need_init(const char *call, gaspi_return_t &rc) {
  if (__builtin_expect(ctx().initialized.load(std::memory_order_acquire), 1)) return false;
  rc = fail(GASPI_ERR_NOINIT, call, "called before gaspi_proc_init");
  return true;
}
#define GEXI_GASPI_REQUIRE_INIT(call)              \
  do {                                             \
    gaspi_return_t gexi_rc_;                        \
    if (::gex::gaspi::need_init(call, gexi_rc_)) return gexi_rc_; \
  } while (0)

// A deadline from a GASPI timeout: GASPI_BLOCK never expires, GASPI_TEST after one check.
struct Deadline {
  explicit Deadline(gaspi_timeout_t ms);
  // True once the time is over. GASPI_TEST: false at the first call, so a waiting loop polls
  // once (delivering what has arrived) and checks again before it reports GASPI_TIMEOUT.
  bool expired();
  gaspi_timeout_t remaining() const;  // as a timeout for a nested call
  // One progress step of the loop this deadline bounds (runtime::WaitLoop: a long wait naps).
  void step() { loop.step(); }
  gaspi_timeout_t ms;
  uint64_t end_ns;
  unsigned checks = 0;
  runtime::WaitLoop loop;
};
using diag::now_ns;
// Takes `m` by trying and polling until the deadline (false: GASPI_TIMEOUT).
bool lock_until(std::mutex &m, Deadline &dl);
// One progress step of a waiting loop without a deadline (polls the runtime: handlers run, AMs
// are served); a loop with one calls Deadline::step.
void wait_step();

// ---- fault tolerance (docs/gaspi.md, "Fault tolerance") -----------------------------------------
// Whether GASPI reports `rank` dead (GEX_FAULT_TOLERANT=1 jobs: the job monitor marked it
// failed). One load while no rank of the job has failed. Without the mode a rank can still die
// at another's request (gaspi_proc_kill): the runtime below forgets it (no message waits for
// it, the exit does not wait for it), but GASPI does not report it, as GPI-2 does not: a call
// that needs it waits for it until its timeout (GPI-2's init/kill_procs has ranks wait in a
// barrier, GASPI_BLOCK, until they are killed).
inline bool peer_dead(gaspi_rank_t rank) {
  return __builtin_expect(bootstrap::failed_rank_count() != 0, 0) && bootstrap::fault_tolerant() &&
         bootstrap::rank_failed(rank);
}
// GASPI_ERROR for a call that needs the dead `rank`: marks it GASPI_STATE_CORRUPT in this
// rank's state vector and says "<call>: rank R is dead (GASPI_STATE_CORRUPT)<detail>".
gaspi_return_t dead_peer_error(const char *call, gaspi_rank_t rank, const std::string &detail = "");
// Delivers what has arrived (polls until nothing more comes): what a rank sent before it died
// is taken in before a call gives up on it.
void drain_incoming();
// The first member of `members` that is dead, or -1 (a collective among them cannot complete).
int dead_member(const std::vector<gaspi_rank_t> &members);
// Gives up the requests of queue `q` to dead ranks (they will never be acknowledged): returns
// the first such rank and how many requests were abandoned, or -1.
int abandon_dead_requests(Queue &q, uint32_t &abandoned);

// The jobrank that sent the message a runtime handler is running for.
inline gaspi_rank_t source_rank(gex_Token_t token) { return gaspi_rank_t(reinterpret_cast<gexi_Token *>(token)->src); }

// Segments (segments.cpp)
void segments_init();
void segments_term();
// The local segment `id`, or nullptr (with GASPI_ERR_INV_SEG) when not allocated.
LocalSegment *local_segment(gaspi_segment_id_t id);
// A peer's registered segment, resolved (mapped when load/store reachable). nullptr when the
// peer has not registered `id` with this rank.
RemoteSegment *remote_segment(gaspi_rank_t rank, gaspi_segment_id_t id);
size_t notif_bytes();

// Statistics (stats.cpp; gaspi_statistic_*): counted only while the verbosity level is >= 1.
enum Stat : unsigned {
  kStatBytesWritten, kStatBytesRead, kStatWrite, kStatWriteNotify, kStatRead, kStatReadNotify, kStatNotify,
  kStatWriteList, kStatReadList, kStatWait, kStatBarrier, kStatAllreduce, kStatSegAlloc, kStatSegRegister,
  kStatSegCreate, kStatSegDelete, kStatPassiveSend, kStatAtomic, kStatCount
};
extern std::atomic<unsigned> g_stat_level;
extern std::atomic<uint64_t> g_stats[kStatCount];
inline void count(Stat s, uint64_t n = 1) {
  if (__builtin_expect(g_stat_level.load(std::memory_order_relaxed) != 0, 0)) g_stats[s].fetch_add(n, std::memory_order_relaxed);
}

// Transfers by the transport's RMA between hosts, and the notifications that wait for them
// (rma_network.cpp).
void rma_network_init();
// Whether a transfer of `size` bytes to or from this peer segment goes by RMA.
bool use_rma(const RemoteSegment &rs, size_t size);
void rma_write(Queue &q, gaspi_rank_t rank, const RemoteSegment &rs, uint64_t off, const char *src, size_t n);
// `count` reads from one rank as one operation of the queue; `notif_slot` (may be null) is set
// to 1 once all of their data is here.
void rma_reads(Queue &q, gaspi_rank_t rank, size_t count, const RemoteSegment *const *rs, const uint64_t *off,
               char *const *dst, const size_t *n, uint32_t *notif_slot);
// Whether a notification to `rank` on `q` must wait for RMA writes (or notifications) before it.
bool notify_waits(Queue &q, gaspi_rank_t rank);
// Queues the notification behind them and returns true; false when it may be sent now.
bool defer_notify(Queue &q, gaspi_rank_t rank, gaspi_segment_id_t seg, gaspi_notification_id_t id,
                  gaspi_notification_t value);
// Lets the queue's write groups complete (gaspi_wait, gaspi_proc_term, gaspi_queue_delete).
void close_write_groups(Queue &q);

// Internal AM registration of each file
void core_init();
void rma_init();
void coll_init();
void passive_atomic_init();

}  // namespace gex::gaspi
