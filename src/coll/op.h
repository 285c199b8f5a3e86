// Internal to src/coll/: what the two collective engines share. An Op is one collective on one
// rank, a small state machine that progress() (service.cpp) advances under the engine mutex.
//   service.cpp  the engine, and the Ops that run over internal Active Messages (any team)
//   shm.cpp      the Ops that run through shared memory (teams whose members are all neighbours)
// Both kinds share a team's sequence numbers: every member routes a given call the same way (a
// function of the team and of single-valued arguments), so collective #s is the same collective,
// over the same engine, on every member.
//
// A call may run as several stages, each an Op with its own sequence number, reserved together
// when the call starts: a GASNet-1 IN_ALLSYNC collective is a barrier, then the data movement
// (and OUT_ALLSYNC adds a barrier after it). Only the first stage starts at once; each later one
// starts when the one before it completes here. Messages for a stage that has not started yet
// wait in it (Op::held), as messages for a collective not yet called wait in TeamState::early.
#pragma once

#include <gasnet_coll.h>

#include <bit>
#include <cstdio>
#include <cstring>
#include <array>
#include <map>
#include <string>
#include <type_traits>
#include <vector>

#include "coll/service.h"
#include "runtime/dtop.h"
#include "runtime/runtime.h"

namespace gex::coll {

// A reduction's dt and op (one GEX_DT_* and one GEX_OP_* bit, checked by the API) in one word, for
// the single-valued check: their bit positions.
inline uint32_t pack_dtop(gex_DT_t dt, gex_OP_t op) {
  return uint32_t(std::countr_zero(uint32_t(dt))) << 8 | uint32_t(std::countr_zero(uint32_t(op)));
}
inline std::string dtop_str(uint32_t packed) {
  const gex_DT_t dt = gex_DT_t(1) << ((packed >> 8) & 31);
  const gex_OP_t op = gex_OP_t(1) << (packed & 31);
  return "dt=" + runtime::dt_str(dt) + " op=" + runtime::ops_str(op);
}

enum OpKind : uint8_t {
  kBarrier = 1,
  kBroadcast = 2,
  kReduceToOne = 3,
  kReduceToAll = 4,
  kAllgather = 5,  // team construction's internal allgather
  // the GASNet-1 data collectives (gasnet_coll.h): one block of nbytes per member
  kGather = 6,     // every member's src -> the root's dst, in rank order
  kScatter = 7,    // block r of the root's src -> member r's dst
  kGatherAll = 8,  // every member's src -> every member's dst, in rank order
  kExchange = 9,   // block r of member s's src -> block s of member r's dst
};
// Reduce message phases
enum : uint8_t { kPhaseUp = 0, kPhaseToRoot = 1, kPhaseDown = 2 };

inline const char *kind_call(uint8_t kind) {
  switch (kind) {
    case kBarrier: return "gex_Coll_BarrierNB (or gex_TM_Destroy, gasnet_barrier_notify, or the barrier of a GASNet-1 ALLSYNC collective)";
    case kBroadcast: return "gex_Coll_BroadcastNB";
    case kReduceToOne: return "gex_Coll_ReduceToOneNB";
    case kReduceToAll: return "gex_Coll_ReduceToAllNB";
    case kAllgather: return "gex_TM_Split or gex_TM_Create";
    case kGather: return "gasnet_coll_gather";
    case kScatter: return "gasnet_coll_scatter";
    case kGatherAll: return "gasnet_coll_gather_all";
    case kExchange: return "gasnet_coll_exchange";
  }
  return "an unknown collective";
}

inline constexpr gex_AM_Index_t kHandlerCollMessage = runtime::kHandlerCollFirst;
inline constexpr unsigned kMessageArgs = 9;

inline size_t chunk_bytes() { return gex_AM_LUBRequestMedium(); }

struct Message {
  uint64_t team_id;
  uint32_t seq;
  uint8_t kind, phase;
  uint32_t src, offset, total, root, dtop;
  std::vector<char> data;
};

struct Op;
namespace shm {
struct ShmTeam;  // shm.cpp: where each member's shared slots for this team are mapped here
}

// The Ops started on this rank and not yet complete, by sequence number. A team's collectives
// complete nearly in order, so the live ones span a short run of numbers: a power-of-two ring
// indexed by seq, grown when two live ones would share a place. (A std::map cost an allocation
// and a free per collective, a fifth of a small shared-memory reduction's instructions.)
class OpTable {
 public:
  Op *find(uint32_t seq) const;
  void insert(Op *op);
  void erase(uint32_t seq) {
    ring_[seq & (ring_.size() - 1)] = nullptr;
    --count_;
  }
  bool empty() const { return count_ == 0; }
  size_t size() const { return count_; }

 private:
  std::vector<Op *> ring_ = std::vector<Op *>(64);
  size_t count_ = 0;
};

struct TeamState {
  explicit TeamState(gexi_TM *t) : tm(t) {}
  gexi_TM *tm;
  std::vector<uint64_t> peer_ids;  // member rank -> its gexi_TM address there; empty: primordial (0)
  uint32_t next_seq = 0;
  OpTable ops;                                       // started here, not yet complete
  std::map<uint32_t, std::vector<Message>> early;    // arrived before the collective started here
  // The last collectives completed here, to explain a message that arrives for one of them (a
  // mismatched call: a correct program never sends an Op a message it does not wait for).
  struct Completed {
    uint32_t seq;
    uint8_t kind;
    gex_Rank_t root;
    const char *call;
  };
  static constexpr size_t kRecent = 16;
  std::array<Completed, kRecent> recent{};  // completion #c in recent[c % kRecent]
  uint64_t completions = 0;
  ScratchInfo scratch;
  bool collectives_allowed = true;
  shm::ShmTeam *shm = nullptr;  // non-null: broadcast, reduce and barrier run in shared memory
};

struct Op {
  Op(gexi_TM *t, uint8_t k, const char *c) : tm(t), kind(k), call(c), rank(t->rank), size(t->size) {}
  virtual ~Op() = default;
  // From a per-thread cache of freed Ops (service.cpp): an Op is allocated and freed per
  // collective, and malloc plus free cost ~130-400 instructions of a small broadcast's
  // 450-2600. (No Op type may be over-aligned: these give operator new's alignment.)
  static void *operator new(size_t n);
  static void operator delete(void *p, size_t n) noexcept;
  virtual void reserve() {}               // seq is known (called in sequence order, at the call)
  virtual void start() {}                 // the stage begins; before any message is delivered
  virtual void deliver(Message &m) = 0;
  virtual bool advance() = 0;             // sends what is ready; true when complete here
  // After completion (event signalled): true once nothing of this Op is needed any more. Until
  // then progress() keeps it (a shared-memory Op whose slot peers still read).
  virtual bool retired() { return true; }
  // After completion, before retired(): true while nothing waits for this Op to retire, so
  // progress() need not ask yet (asking a shared-memory Op reads its readers' lines, which they
  // are writing: each poll's read moved a line between the cores for nothing).
  virtual bool retire_later() const { return false; }
  // Begun but unable to move until something else happens (a shared-memory op waiting for its
  // slot): progress() takes it off the active list, and whoever unblocks it calls activate().
  virtual bool can_park() const { return false; }
  virtual gex_Rank_t record_root() const { return 0; }  // for TeamState::recent

  gexi_TM *tm;
  TeamState *ts = nullptr;
  uint8_t kind;
  const char *call;
  gex_Rank_t rank, size;
  uint32_t seq = 0;
  gexi_Event *ev = nullptr;  // the call's event, on its last stage only
  Op *next = nullptr;        // the stage that starts when this one completes
  bool started = false;
  bool completed = false;
  bool parked = false;  // begun, off the active list until activate()
  // The calling thread started this collective before syncing its previous one's event: it is not
  // waiting for each collective to complete, so completing this one late costs it nothing
  // (ShmReduce trades an early completion for a copy on this).
  bool caller_pipelines = false;
  // A later stage of its call (an ALLSYNC barrier after the data): every member started it only
  // once its stage before had completed there.
  bool after_stage = false;
  std::vector<Message> held;  // arrived before this stage started

  gex_Rank_t jobrank(gex_Rank_t r) const { return tm->members.empty() ? r : tm->members[r]; }

  void send(gex_Rank_t dest, uint8_t phase, uint32_t offset, uint32_t total, uint32_t root, uint32_t dtop,
            const void *buf, size_t n) {
    const uint64_t id = ts->peer_ids.empty() ? 0 : ts->peer_ids[dest];
    const gex_AM_Arg_t args[kMessageArgs] = {gex_AM_Arg_t(id >> 32), gex_AM_Arg_t(uint32_t(id)), gex_AM_Arg_t(seq),
                                             gex_AM_Arg_t(uint32_t(kind) << 8 | phase), gex_AM_Arg_t(rank),
                                             gex_AM_Arg_t(offset), gex_AM_Arg_t(total), gex_AM_Arg_t(root),
                                             gex_AM_Arg_t(dtop)};
    static const char empty = 0;
    runtime::am_request(transport::AmCategory::Medium, jobrank(dest), kHandlerCollMessage, n ? buf : &empty, n,
                        nullptr, 0, kMessageArgs, args);
  }
  // Sends [buf, buf+n) to dest in chunks.
  void send_all(gex_Rank_t dest, uint8_t phase, uint32_t root, uint32_t dtop, const char *buf, size_t n) {
    const size_t chunk = chunk_bytes();
    for (size_t off = 0; off < n; off += chunk)
      send(dest, phase, uint32_t(off), uint32_t(n), root, dtop, buf + off, std::min(chunk, n - off));
  }

  std::string who(gex_Rank_t team_rank) const {
    return "team rank " + std::to_string(team_rank) + " (jobrank " + std::to_string(jobrank(team_rank)) + ")";
  }
  std::string who(const Message &m) const { return who(gex_Rank_t(m.src)); }
  [[noreturn]] void kind_mismatch(gex_Rank_t team_rank, uint8_t other_kind) const {
    runtime::usage_fatal(call, "collective calls do not match on this team: " + who(team_rank) + " called " +
                                   kind_call(other_kind) + " as collective #" + std::to_string(seq) +
                                   " of the team, where this rank called " + call);
  }
  [[noreturn]] void root_mismatch(gex_Rank_t team_rank, uint32_t mine, uint32_t other) const {
    runtime::usage_fatal(call, "root mismatch: this rank passed root=" + std::to_string(mine) + " but " + who(team_rank) +
                                   " passed root=" + std::to_string(other) + " (root must be single-valued)");
  }
  [[noreturn]] void size_mismatch(gex_Rank_t team_rank, uint64_t other, uint64_t mine) const {
    runtime::usage_fatal(call, "data size mismatch: " + who(team_rank) + " contributes " + std::to_string(other) +
                                   " bytes where this rank expects " + std::to_string(mine) +
                                   " (nbytes, or dt_sz*dt_cnt, must be single-valued)");
  }
  [[noreturn]] void dtop_mismatch(gex_Rank_t team_rank, uint32_t mine, uint32_t other) const {
    runtime::usage_fatal(call, "dt/op mismatch: " + who(team_rank) + " passed " + dtop_str(other) + " where this rank passed " +
                                   dtop_str(mine) + " (dt and op must be single-valued)");
  }
  void check_kind(const Message &m) const {
    if (m.kind != kind) kind_mismatch(gex_Rank_t(m.src), m.kind);
  }
  void check_payload(const Message &m, size_t n) const {
    if (m.total != n || m.offset > n || m.data.size() > n - m.offset) size_mismatch(gex_Rank_t(m.src), m.total, n);
  }
};

inline Op *OpTable::find(uint32_t seq) const {
  Op *op = ring_[seq & (ring_.size() - 1)];
  return op && op->seq == seq ? op : nullptr;
}
inline void OpTable::insert(Op *op) {
  while (ring_[op->seq & (ring_.size() - 1)]) {  // a live Op holds the place: twice the ring
    std::vector<Op *> bigger(ring_.size() * 2);
    for (Op *o : ring_)
      if (o) bigger[o->seq & (bigger.size() - 1)] = o;
    ring_.swap(bigger);
  }
  ring_[op->seq & (ring_.size() - 1)] = op;
  ++count_;
}

// ---- the reduction tree shared by both engines --------------------------------------------------
// Binomial tree rooted at team rank 0 whose subtrees are contiguous rank ranges: combining a node's
// own value with its children in increasing order keeps rank order (GEX_OP_USER_NC).

// Highest power of two strictly above v's subtree: children of v are v+b for b < limit(v).
inline uint64_t subtree_limit(uint64_t v, uint64_t size) { return v ? (v & (~v + 1)) : size; }

// A node's children, held in place (at most one per bit of a rank; a std::vector cost an
// allocation per collective).
struct TreeChildren {
  std::array<gex_Rank_t, 32> r;
  uint32_t n = 0;
  const gex_Rank_t *begin() const { return r.data(); }
  const gex_Rank_t *end() const { return r.data() + n; }
  bool empty() const { return n == 0; }
  size_t size() const { return n; }
};
inline TreeChildren tree_children(uint64_t v, uint64_t size) {
  TreeChildren c;
  const uint64_t lim = subtree_limit(v, size);
  for (uint64_t b = 1; b < lim && v + b < size; b <<= 1) c.r[c.n++] = gex_Rank_t(v + b);
  return c;
}
inline gex_Rank_t tree_parent(gex_Rank_t v, gex_Rank_t size) { return v ? gex_Rank_t(v - subtree_limit(v, size)) : 0; }

// ---- built-in reduction operators ----------------------------------------------------------

template <typename T, bool = std::is_integral_v<T>>
struct Arith { using type = T; };
template <typename T>
struct Arith<T, true> { using type = std::make_unsigned_t<T>; };

template <typename T>
void combine_builtin(gex_OP_t op, T *acc, const T *in, size_t n) {
  // Integers wrap (unsigned arithmetic), as C's unsigned types and two's complement hardware do.
  using A = typename Arith<T>::type;
  switch (op) {
    case GEX_OP_ADD: for (size_t i = 0; i < n; ++i) acc[i] = T(A(acc[i]) + A(in[i])); break;
    case GEX_OP_MULT: for (size_t i = 0; i < n; ++i) acc[i] = T(A(acc[i]) * A(in[i])); break;
    case GEX_OP_MIN: for (size_t i = 0; i < n; ++i) acc[i] = acc[i] < in[i] ? acc[i] : in[i]; break;
    case GEX_OP_MAX: for (size_t i = 0; i < n; ++i) acc[i] = acc[i] > in[i] ? acc[i] : in[i]; break;
    default:
      if constexpr (std::is_integral_v<T>) {
        switch (op) {
          case GEX_OP_AND: for (size_t i = 0; i < n; ++i) acc[i] &= in[i]; break;
          case GEX_OP_OR: for (size_t i = 0; i < n; ++i) acc[i] |= in[i]; break;
          case GEX_OP_XOR: for (size_t i = 0; i < n; ++i) acc[i] ^= in[i]; break;
        }
      }
  }
}

// acc[0..cnt) = acc (op) in, for a built-in dt and op (not USER/USER_NC).
inline void combine_dt(gex_DT_t dt, gex_OP_t op, void *acc, const void *in, size_t cnt) {
  switch (dt) {
    case GEX_DT_I32: combine_builtin(op, static_cast<int32_t *>(acc), static_cast<const int32_t *>(in), cnt); break;
    case GEX_DT_U32: combine_builtin(op, static_cast<uint32_t *>(acc), static_cast<const uint32_t *>(in), cnt); break;
    case GEX_DT_I64: combine_builtin(op, static_cast<int64_t *>(acc), static_cast<const int64_t *>(in), cnt); break;
    case GEX_DT_U64: combine_builtin(op, static_cast<uint64_t *>(acc), static_cast<const uint64_t *>(in), cnt); break;
    case GEX_DT_FLT: combine_builtin(op, static_cast<float *>(acc), static_cast<const float *>(in), cnt); break;
    case GEX_DT_DBL: combine_builtin(op, static_cast<double *>(acc), static_cast<const double *>(in), cnt); break;
  }
}

}  // namespace gex::coll
