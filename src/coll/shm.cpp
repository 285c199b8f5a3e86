// Collectives through shared memory, for teams whose members are all neighbours.
//
// Every rank owns a "collective area" (a POSIX shm object mapped into every neighbour at
// gex_Client_Init). It starts with the rank's arrival counter for the primordial team's barrier
// (AreaHeader), then an array of team blocks: block 0 is the primordial team's, a new team
// takes a free block on each member (the members exchange their block numbers with one allgather
// over the new team; if any member has none left the team stays on the AM engine). A block has
// kSlots slots; collective #s of a team uses slot s % kSlots of every member's block, and a rank
// starts it there only once its own previous user of that slot has completed (in sequence order).
//
// A slot is written only by its owner and read by the other members:
//   desc[2]     root, nbytes, kind and dt/op of the collective, tagged with s+1 (the second word
//               with its low byte) (published first: peers check them, so mismatched calls are
//               reported)
//   produced    chunks [0,c) of this rank's output are in data[] or inline_data (tag s+1 | c); with
//               kDirect set, a broadcast root, blocks owner or reduction leaf offers its src, which
//               lies in its bound segment, in place: read it from there (its address in direct,
//               where inline_data would be; ShmOp::offer_src)
//   taken_down  this rank has copied chunks [0,c) of the root's (broadcast), rank 0's (reduce) or
//               every owner's (blocks) output
//   inline_data a stream of at most kInline bytes (its one chunk). It and the words above share
//               the slot's first cache line: a member reading a small collective moves one line
//               from the owner, and the owner learns from one line that the member is done
//   taken_up    reduce: this rank has combined chunks [0,c) of its children's outputs
//   data        kDepth chunk buffers: chunk c goes to data[c % kDepth], so a producer runs up to
//               kDepth chunks ahead of its slowest reader (pipelining for large vectors)
// Flags are stored with release and loaded with acquire. Nothing ever blocks: each Op's advance()
// does what its flags allow and returns, and progress() calls it again.
//
// Algorithms:
//   broadcast  flat: every member copies from the root's slot (or segment); the root completes
//              once every member has taken every chunk
//   reduce     the AM engine's binomial tree rooted at team rank 0 (contiguous subtrees, so
//              USER_NC keeps rank order): a rank combines its src with its children's outputs
//              (read in place through the mapping) into its own slot; the result is rank 0's
//              output, copied from there by the root (ToOne) or by everyone (ToAll). From
//              kReduceDirectMin bytes (kReduceDirectMinPipelined when the caller did not sync the
//              previous collective) a leaf whose src lies in its segment publishes src instead
//              (direct); rank 0 of a ToOne rooted at 0 combines straight into dst
//   barrier    flat: publish arrival, wait for every member's. The primordial team's
//              gex_Coll_BarrierNB skips the engine: it stores its arrival number in its area's
//              header and its event tests every rank's (primordial_barrier_*); above
//              GEX_BARRIER_FLAT_MAX ranks, rank 0 tests them and releases the others through one
//              word of its header (any rank does so every 1024th test, in case rank 0 is busy)
//   gather, scatter, gather_all, exchange (GASNet-1): each member whose blocks others keep
//              streams its src through its slot; each member copies its part of every such
//              stream into its dst (ShmBlocks). From kOwnerDirectMin bytes (a scatter's root:
//              kDirectMin), an owner whose src
//              lies in its segment publishes src instead (direct) and the readers copy from there
// An Op completes (its event) as soon as this rank's part is done: its src may be reused (a
// direct one: once every reader is past it), its dst holds the result. It keeps its slot, though,
// until no member will read the slot for that collective again (Op::retired), so a slot is free
// once its previous Op has retired here. The engine asks only once an Op waits for a slot or the
// team is being destroyed (ShmOp::retire_later): asking reads the readers' lines. A GASNet-1
// call's OUT_ALLSYNC barrier retires its data stage without asking (ShmOp::fenced), and compares
// that stage's arguments across members in its stead (ShmBarrier::reserve).
// gex_TM_Destroy waits for that before its barrier (over AM); after the barrier no member reads
// the team's blocks any more, and each member frees its own.
#include "coll/shm.h"
#include "coll/engine.h"
#include "coll/state.h"

#include <atomic>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <deque>
#include <mutex>

#include "bootstrap/bootstrap.h"
#include "bootstrap/shm_object.h"
#include "runtime/env.h"
#include "runtime/reader_copy.h"
#include "runtime/runtime.h"

namespace gex::coll::shm {

using runtime::g_rt;
using runtime::usage_fatal;

namespace {

constexpr size_t kChunk = 16384;  // bytes per pipeline stage
constexpr unsigned kDepth = 4;    // stages a producer may run ahead of its readers
constexpr unsigned kSlots = 4;    // collectives of one team running in shared memory at once
constexpr size_t kInline = 32;    // a stream this short travels in its slot's first line
constexpr uint64_t kDirect = uint64_t(1) << 31;  // in produced: src offered in place (all chunks)
// A broadcast root whose src lies in its segment lets members copy from there, saving a copy but
// waiting for them to finish; below this size staging is cheaper and lets the root finish at once.
// (8 KiB until 2026-11-28. GASNet's testcollperf, 2 ranks on the VM, 4 rounds: a 4 KiB broadcast
// read in place 0.29 us against 0.31-0.51 staged, non-blocking 0.18-0.19 against 0.29-0.39; at
// 2 KiB in place won non-blocking, 0.17 against 0.21, and lost blocking, 0.24-0.25 against 0.23.)
constexpr size_t kDirectMin = 4096;
// The same for an owner's stream of gather, gather_all and exchange (ShmBlocks). Lower than a
// broadcast's: every member waits for the others in these anyway. GASNet's testcollperf, 2 ranks
// (bench/report/issue16_vs_gasnet.md): blocks of 512-1024 byte streams 1.1-1.4x faster read in
// place than staged, 2-4 KiB 1.3-2.2x; below 512 bytes staging is 5-10% faster. A scatter's root,
// which streams to all as a broadcast root does, takes the broadcast's threshold: from 512 bytes
// it waited for its readers where staging let it finish at once (testcollperf, 2 ranks, VM,
// stop 36: scatters of 256-1024 bytes a member 1.5-2.1x faster staged).
constexpr size_t kOwnerDirectMin = 512;
// The same for a reduction's leaves (ShmReduce). A leaf that offers src in place completes only
// once its parent has combined it: a round trip between the cores that a caller waiting for each
// reduction pays in full, where a staged leaf completes at once and runs ahead. A caller that
// starts the next collective before syncing this one (Op::caller_pipelines) pays nothing for the
// wait and saves the copy. (Ops queued behind this one at its claim was tried as the signal: in a
// pipelined loop a leaf that keeps up finds none, and stages.) 2 ranks, VM, 2026-11-28, staged /
// in place, blocking loop: 1 KiB 425/693 ns, 2 KiB 553-573/721-732, 4 KiB 840-880/792-804;
// 2000 started before waiting: 1 KiB 423/393, 2 KiB 564-577/409-424, 4 KiB 845-870/475-484.
constexpr size_t kReduceDirectMin = 4096;
constexpr size_t kReduceDirectMinPipelined = 1024;
// GEX_BARRIER_FLAT_MAX's default when every rank has a core. On 16 cores (2026-11-27,
// bench/report/issue16_vs_gasnet.md) flat was ahead of GASNet at 8 ranks (1.22 against gathered's
// 1.14) and behind at 16 (0.84 against 0.99-1.10). With more ranks than cores the barrier stays
// flat: gathered waits for rank 0 to be scheduled (16 ranks on 2 cores: 15.5 us against 14.2).
constexpr int64_t kBarrierFlatMax = 8;

static_assert(std::atomic<uint64_t>::is_always_lock_free, "flags are shared between processes");
// An owner offers src in place only for streams longer than kInline: its address takes the
// inline data's place (Slot::direct).
static_assert(kInline < kOwnerDirectMin && kInline < kReduceDirectMinPipelined && kInline < kDirectMin,
              "a src offered in place never travels inline");

}  // namespace

struct alignas(64) Slot {
  // One cache line: all a member reads of a small collective from its owner (the description,
  // the progress and, up to kInline bytes, the data), so it moves one line between the cores
  // instead of three; and a root or rank 0 learns that a reader is done from the same line.
  std::atomic<uint64_t> desc[2];
  std::atomic<uint64_t> produced;
  std::atomic<uint64_t> taken_down;
  union {
    char inline_data[kInline];
    uint64_t direct;  // the src offered in place, when produced has kDirect (no inline data then)
  };
  alignas(64) std::atomic<uint64_t> taken_up;
  alignas(64) char data[kDepth][kChunk];

  // The src offered in place for the collective whose produced word (reached, so stored after
  // direct) is v; 0 when it was not.
  uintptr_t direct_src(uint64_t v) const {
    return v & kDirect ? std::atomic_ref<uint64_t>(const_cast<uint64_t &>(direct)).load(std::memory_order_relaxed) : 0;
  }

  // Chunk k's buffer in a stream of `stream` bytes.
  char *chunk(uint64_t k, size_t stream) { return stream <= kInline ? inline_data : data[k % kDepth]; }
  const char *chunk(uint64_t k, size_t stream) const { return stream <= kInline ? inline_data : data[k % kDepth]; }
};
static_assert(offsetof(Slot, taken_up) == 64, "a slot's description, progress words and small data share a line");
struct Block {
  Slot slots[kSlots];
};
// At the start of every area, before its blocks. Written by the area's owner only.
struct alignas(64) AreaHeader {
  std::atomic<uint64_t> barrier_arrivals;  // the primordial barriers this rank has arrived at
  // GASNet-1's named barrier (legacy/barrier.cpp): this rank's (flags, id) for primordial barrier
  // #s in barrier_value[s % 2], stored before its arrival. Two suffice: a rank publishes for s + 2
  // only after barrier s + 1 completed, so every member has merged s's values by then.
  std::atomic<uint64_t> barrier_value[2];
  // Rank 0's area only, in the gathered mode (primordial_barrier_done): the last barrier known
  // complete, and the members' merged values of barrier #s in barrier_merged[s % 2], stored
  // before it. Any rank that saw every arrival may store them (monotonic: fetch-max).
  alignas(64) std::atomic<uint64_t> barrier_release;
  std::atomic<uint64_t> barrier_merged[2];
};
static_assert(sizeof(AreaHeader) % alignof(Block) == 0, "blocks follow the header");

namespace {

AreaState &areas() { return state().shm; }

int32_t alloc_block() {
  AreaState &st = areas();
  std::lock_guard<std::mutex> lock(st.alloc_mutex);
  for (size_t i = 1; i < st.block_used.size(); ++i) {
    if (st.block_used[i]) continue;
    st.block_used[i] = true;
    // A previous team's flags must not satisfy this team's waits: peers learn the block number
    // (through the allgather's messages, which order these stores) before they read it.
    for (Slot &s : st.area[g_rt.rank][i].slots) {
      for (auto &d : s.desc) d.store(0, std::memory_order_relaxed);
      s.produced.store(0, std::memory_order_relaxed);
      std::atomic_ref<uint64_t>(s.direct).store(0, std::memory_order_relaxed);  // (read only where produced says so)
      s.taken_up.store(0, std::memory_order_relaxed);
      s.taken_down.store(0, std::memory_order_relaxed);
    }
    return int32_t(i);
  }
  return -1;
}

void free_block(int32_t i) {
  AreaState &st = areas();
  std::lock_guard<std::mutex> lock(st.alloc_mutex);
  st.block_used[size_t(i)] = false;
}

}  // namespace

struct ShmOp;

struct ShmTeam {
  std::vector<Block *> blocks;  // team rank -> that member's block for this team
  int32_t my_block = 0;
  ShmOp *slot_user[kSlots] = {};
  std::deque<ShmOp *> waiting;  // started, slot not yet claimed; in sequence order
  bool draining = false;        // gex_TM_Destroy waits for the slot users to retire
};

// Flags carry (collective number + 1) in the high half, so a later collective's value in a
// reused slot reads as "past this one" (serial-number comparison: wraps safely).
struct ShmOp : Op {
  ShmOp(gexi_TM *t, uint8_t k, const char *c) : Op(t, k, c) {}
  ~ShmOp() override {
    if (!claimed) return;
    st->slot_user[slot] = nullptr;
    claim_waiting(st);  // the slot may be what the next waiting Op (maybe parked) needs
  }

  // At the call, in sequence order, even for a stage that starts later: a slot goes to its
  // collectives in sequence order on every member.
  void reserve() override {
    // Counted under the engine's mutex: a plain store, where a locked add would first wait for
    // this rank's earlier stores to shared lines (the last collective's flags) to take their lines.
    std::atomic<uint64_t> &ops = areas().shm_ops;
    ops.store(ops.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    st = ts->shm;
    slot = seq % kSlots;
    st->waiting.push_back(this);
  }
  void deliver(Message &m) override {
    check_kind(m);
    usage_fatal(call, "mismatched collective: " + who(m) + " sent data over Active Messages for collective #" +
                          std::to_string(seq) + " of the team, which this rank runs in shared memory (arguments must "
                          "be single-valued)");
  }
  bool retired() override {
    if (!fenced) return released();
    areas().fenced.fetch_add(1, std::memory_order_relaxed);  // (asked once: true, and it goes)
    return true;
  }
  // Whether a reader is done with this Op's slot matters when the slot's next user (an Op queued
  // for a slot: the next one in sequence order waits for this one's slot at the latest) or the
  // team's destruction wants it; until then the engine does not ask (a root would read its
  // readers' lines at every poll while they write them). The queue's first Op wants a slot only
  // once it has begun: a later stage of a call (an ALLSYNC barrier) waits there from the call on.
  // This Op's own next stage does not count: it wants another slot, and a barrier after this stage
  // retires it (fenced) without reading a reader's line. (Asking then raced the readers: the
  // stage retired unfenced whenever they had taken all before the question.)
  // An Op whose release reads nothing (released_here) retires at once: lingering on the active
  // list cost every later poll a pass over it (and kept the engine's idle test from skipping).
  bool retire_later() const override {
    if (fenced || released_here || st->draining) return false;
    if (st->waiting.empty()) return true;
    const ShmOp *first = st->waiting.front();
    return !first->started || first == next;
  }
  bool can_park() const override { return !claimed; }
  // Slots go to the team's begun Ops in sequence order; one claimed while parked goes back on the
  // active list.
  static void claim_waiting(ShmTeam *t) {
    while (!t->waiting.empty()) {
      ShmOp *next = t->waiting.front();
      if (!next->started || t->slot_user[next->slot]) break;
      t->slot_user[next->slot] = next;
      next->claimed = true;
      t->waiting.pop_front();
      next->publish_desc();
      next->claim();
      if (next->parked) activate(next);
    }
  }
  bool advance() override {
    if (!claimed) {
      claim_waiting(st);
      if (!claimed) return false;
    }
    return step();
  }
  virtual void claim() {}     // the slot is ours: first stores
  virtual bool step() = 0;    // what the flags allow; true when complete here
  virtual bool released() { return true; }  // after step(): no member reads my slot for this Op any more

  uint64_t tag(uint64_t c) const { return uint64_t(seq + 1u) << 32 | c; }
  // Offers src[0, len) to the readers in place ("direct") when it is at least min_bytes and lies in
  // this rank's segment, which every neighbour maps: all nchunks count as produced at once, and
  // src is the readers' until they are past it.
  bool offer_src(const void *src, size_t len, size_t min_bytes, uint64_t nchunks) {
    if (!len || len < min_bytes || !runtime::in_segment(g_rt.rank, src, len)) return false;
    Slot &s = mine();
    std::atomic_ref<uint64_t>(s.direct).store(reinterpret_cast<uintptr_t>(src), std::memory_order_relaxed);
    s.produced.store(tag(nchunks) | kDirect, std::memory_order_release);
    return true;
  }
  bool reached(const std::atomic<uint64_t> &w, uint64_t c) const {
    const uint64_t v = w.load(std::memory_order_acquire);
    const int32_t d = int32_t(uint32_t(v >> 32) - (seq + 1u));
    return d > 0 || (d == 0 && uint32_t(v) >= c);
  }
  Slot &slot_of(gex_Rank_t r) const { return st->blocks[r]->slots[slot]; }
  Slot &mine() const { return slot_of(rank); }

  // desc[0]: (s+1) << 32 | root; desc[1]: nbytes << 32 | (s+1) % 256 << 24 | kind << 16 | dt/op
  // (pack_dtop's 16 bits). The second is stored first; a reader that finds the first tagged s+1
  // and the second's low tag byte s+1's has both of collective #s (a slot's users are kSlots
  // apart, which that byte tells apart).
  void publish_desc() {
    Slot &s = mine();
    want[0] = tag(d_root);
    want[1] = uint64_t(d_nbytes) << 32 | uint64_t((seq + 1u) & 0xff) << 24 | uint64_t(kind) << 16 | d_dtop;
    s.desc[1].store(want[1], std::memory_order_relaxed);
    s.desc[0].store(want[0], std::memory_order_release);
  }
  // Reports a mismatched call once member r has described its collective #seq. (A member that
  // described the same collective stored exactly my two words: two compares on the way.)
  void check_desc(gex_Rank_t r) const {
    const Slot &s = slot_of(r);
    const uint64_t w0 = s.desc[0].load(std::memory_order_acquire), w1 = s.desc[1].load(std::memory_order_acquire);
    if (((w0 ^ want[0]) | (w1 ^ want[1])) == 0) [[likely]]
      return;
    check_desc_slow(r, w0, w1);
  }
  [[gnu::noinline]] void check_desc_slow(gex_Rank_t r, uint64_t w0, uint64_t w1) const {
    if (uint32_t(w0 >> 32) != seq + 1u || ((w1 >> 24) & 0xff) != ((seq + 1u) & 0xff))
      return;  // not yet described (or already past it)
    const uint32_t other_kind = uint32_t(w1 >> 16) & 0xff, other_dtop = uint32_t(w1) & 0xffff;
    if (other_kind != kind) kind_mismatch(r, uint8_t(other_kind));
    if (uint32_t(w0) != d_root) root_mismatch(r, d_root, uint32_t(w0));
    if (uint32_t(w1 >> 32) != d_nbytes) size_mismatch(r, uint32_t(w1 >> 32), d_nbytes);
    if (other_dtop != d_dtop) dtop_mismatch(r, d_dtop, other_dtop);
  }

  ShmTeam *st = nullptr;
  unsigned slot = 0;
  bool claimed = false;
  // Every member is past this Op: the ALLSYNC barrier after it completed here (ShmBarrier), so
  // nobody reads its slot for it any more, and retiring it reads no member's line.
  bool fenced = false;
  // released() is true as soon as step() is, without reading a member's line (a member that only
  // reads others' slots, a barrier); set by the constructor.
  bool released_here = true;
  uint32_t d_root = 0, d_nbytes = 0, d_dtop = 0;
  uint64_t want[2] = {};  // my desc words (publish_desc), what a matching member stores
};

namespace {

struct ShmBarrier final : ShmOp {
  ShmBarrier(gexi_TM *t, const char *c) : ShmOp(t, kBarrier, c) {}
  // A barrier after its call's data stage describes itself with that stage's root, size and dt/op:
  // its check of every member then also compares the data stage's arguments. A root that no
  // member reads from (every rank naming itself) is otherwise only seen when its stage is asked
  // whether its readers are done, which a fenced stage never is.
  void reserve() override {
    ShmOp::reserve();
    if (!after_stage || st->waiting.size() < 2) return;
    const ShmOp *data = st->waiting[st->waiting.size() - 2];
    if (data->seq + 1 != seq) return;  // the data stage runs over Active Messages
    d_root = data->d_root;
    d_nbytes = data->d_nbytes;
    d_dtop = data->d_dtop;
  }
  void claim() override { mine().produced.store(tag(1), std::memory_order_release); }
  bool step() override {
    for (; next < size; ++next) {
      // Checked after the arrival is seen too: the member described this barrier before arriving.
      const bool arrived = reached(slot_of(next).produced, 1);
      check_desc(next);
      if (!arrived) return false;
    }
    // A barrier after its call's data stage: every member completed that stage before arriving.
    if (after_stage) {
      ShmOp *data = st->slot_user[(seq - 1) % kSlots];
      if (data && data->seq == seq - 1) data->fenced = true;
    }
    return true;
  }
  gex_Rank_t next = 0;
};

struct ShmBroadcast final : ShmOp {
  ShmBroadcast(gexi_TM *t, gex_Rank_t r, void *d, const void *s, size_t n, const char *c)
      : ShmOp(t, kBroadcast, c), root(r), dst(static_cast<char *>(d)), src(static_cast<const char *>(s)), nbytes(n),
        nchunks(n ? (n + kChunk - 1) / kChunk : 1) {
    d_root = r;
    d_nbytes = uint32_t(n);
    released_here = rank != root;
  }
  gex_Rank_t record_root() const override { return root; }

  void claim() override {
    if (rank != root) return;
    if (src != dst && nbytes) std::memcpy(dst, src, nbytes);
    if ((direct = offer_src(src, size > 1 ? nbytes : 0, kDirectMin, nchunks))) produced = nchunks;
  }

  bool step() override { return rank == root ? step_root() : step_member(); }
  bool released() override { return rank != root || all_taken(nchunks); }

  bool step_root() {
    Slot &s = mine();
    while (produced < nchunks) {
      if (produced >= kDepth && !all_taken(produced - kDepth + 1)) return false;
      const size_t off = produced * kChunk, len = std::min(kChunk, nbytes - off);
      if (len) runtime::copy_to_reader(s.chunk(produced, nbytes), src + off, len);
      s.produced.store(tag(++produced), std::memory_order_release);
    }
    return !direct || all_taken(nchunks);  // members read src itself
  }
  bool all_taken(uint64_t c) {
    for (gex_Rank_t r = 0; r < size; ++r) {
      if (r == root) continue;
      check_desc(r);
      if (!reached(slot_of(r).taken_down, c)) return false;
    }
    return true;
  }

  bool step_member() {
    const Slot &from = slot_of(root);
    while (taken < nchunks) {
      if (!reached(from.produced, taken + 1)) {
        check_desc(root);  // a mismatch shows while waiting, or once produced (described before)
        return false;
      }
      check_desc(root);
      if (uintptr_t direct = from.direct_src(from.produced.load(std::memory_order_relaxed))) {
        const gex_Rank_t jr = jobrank(root);
        if (!g_rt.segments.at(jr).local_base)
          usage_fatal(call, "internal error: the root's segment is not mapped on this rank");
        std::memcpy(dst, runtime::local_address(jr, reinterpret_cast<const void *>(direct)), nbytes);
        taken = nchunks;
      } else {
        const size_t off = taken * kChunk, len = std::min(kChunk, nbytes - off);
        if (len) std::memcpy(dst + off, from.chunk(taken, nbytes), len);
        ++taken;
      }
      mine().taken_down.store(tag(taken), std::memory_order_release);
    }
    return true;
  }

  gex_Rank_t root;
  char *dst;
  const char *src;
  size_t nbytes;
  uint64_t nchunks, produced = 0, taken = 0;
  bool direct = false;
};

struct ShmReduce final : ShmOp {
  ShmReduce(gexi_TM *t, bool all, gex_Rank_t r, void *d, const void *s, gex_DT_t dt_, size_t dt_sz_, size_t cnt,
            gex_OP_t op_, gex_Coll_ReduceFn_t fn_, void *cdata_, const char *c)
      : ShmOp(t, all ? kReduceToAll : kReduceToOne, c), to_all(all), root(all ? 0 : r), dst(static_cast<char *>(d)),
        src(static_cast<const char *>(s)), dt(dt_), dt_sz(dt_sz_), n(dt_sz_ * cnt), op(op_), fn(fn_), cdata(cdata_),
        chunk(kChunk / dt_sz_ * dt_sz_), nchunks((n + chunk - 1) / chunk), children(tree_children(rank, size)),
        parent(tree_parent(rank, size)), reads_result((to_all || rank == root) && rank != 0) {
    d_root = root;
    d_nbytes = uint32_t(n);
    d_dtop = pack_dtop(dt, op);
    released_here = false;
  }
  gex_Rank_t record_root() const override { return root; }

  void claim() override {
    // A leaf's output is its src: the parent may combine it from there, and this rank then
    // completes once the parent has.
    const size_t min_bytes = caller_pipelines ? kReduceDirectMinPipelined : kReduceDirectMin;
    if ((direct = offer_src(src, children.empty() && rank != 0 ? n : 0, min_bytes, nchunks))) {
      up = nchunks;
      areas().reduce_in_place.fetch_add(1, std::memory_order_relaxed);
    }
    // Rank 0 of a reduction to rank 0 combines straight into dst: nobody reads its slot's data.
    const uintptr_t d = reinterpret_cast<uintptr_t>(dst), sr = reinterpret_cast<uintptr_t>(src);
    acc_in_dst = rank == 0 && !to_all && root == 0 && (d == sr || d + n <= sr || sr + n <= d);
  }

  bool step() override {
    for (bool moved = true; moved;) {
      moved = false;
      if (up < nchunks && try_up()) ++up, moved = true;
      if (reads_result && down < up && try_down()) ++down, moved = true;
    }
    return up == nchunks && (!reads_result || down == nchunks) &&
           (!direct || reached(slot_of(parent).taken_up, nchunks));
  }
  bool released() override {
    return rank != 0 ? reached(slot_of(parent).taken_up, nchunks) : readers_took(nchunks);
  }

  // Rank 0's output (the result) is read by every member (ToAll) or by the root (ToOne).
  bool readers_took(uint64_t c) const {
    if (to_all) {
      for (gex_Rank_t r = 1; r < size; ++r)
        if (!reached(slot_of(r).taken_down, c)) return false;
      return true;
    }
    return root == 0 || reached(slot_of(root).taken_down, c);
  }

  // Chunk `up` of this rank's output: src (+) children, in rank order, into data[up % kDepth].
  bool try_up() {
    const uint64_t k = up;
    if (k >= kDepth && !(rank != 0 ? reached(slot_of(parent).taken_up, k - kDepth + 1) : readers_took(k - kDepth + 1)))
      return false;
    for (gex_Rank_t c : children) {
      if (!reached(slot_of(c).produced, k + 1)) {
        check_desc(c);  // a mismatch shows while waiting, or once produced (described before)
        return false;
      }
    }
    for (gex_Rank_t c : children) check_desc(c);  // all described now
    Slot &s = mine();
    const size_t off = k * chunk, len = std::min(chunk, n - off), elems = len / dt_sz;
    char *acc = acc_in_dst ? dst + off : s.chunk(k, n);
    if (acc_in_dst) {
      if (acc != src + off) std::memcpy(acc, src + off, len);  // the caller's dst: nobody else reads it
    } else {
      runtime::copy_to_reader(acc, src + off, len);  // this rank's slot, which its parent reads
    }
    for (gex_Rank_t c : children) combine(acc, child_output(c, k), len, elems);
    if (!children.empty()) s.taken_up.store(tag(k + 1), std::memory_order_release);
    if (rank == 0 && (to_all || root == 0) && !acc_in_dst) std::memcpy(dst + off, acc, len);
    s.produced.store(tag(k + 1), std::memory_order_release);
    return true;
  }

  // Chunk k of child c's output: in its slot, or in its src (direct; stored before produced).
  const char *child_output(gex_Rank_t c, uint64_t k) const {
    const Slot &cs = slot_of(c);
    if (const uintptr_t d = cs.direct_src(cs.produced.load(std::memory_order_relaxed)))
      return runtime::local_address(jobrank(c), reinterpret_cast<const char *>(d) + k * chunk);
    return cs.chunk(k, n);
  }

  // Chunk `down` of the result, from rank 0's slot.
  bool try_down() {
    const uint64_t k = down;
    const Slot &z = slot_of(0);
    if (!reached(z.produced, k + 1)) return false;
    check_desc(0);
    const size_t off = k * chunk, len = std::min(chunk, n - off);
    std::memcpy(dst + off, z.chunk(k, n), len);
    mine().taken_down.store(tag(k + 1), std::memory_order_release);
    return true;
  }

  // acc = acc (+) in, acc holding the lower ranks.
  void combine(char *acc, const char *in, size_t len, size_t elems) {
    if (op == GEX_OP_USER || op == GEX_OP_USER_NC) {
      tmp.assign(in, in + len);  // the user function writes its second argument
      fn(acc, tmp.data(), elems, cdata);
      std::memcpy(acc, tmp.data(), len);
      return;
    }
    combine_dt(dt, op, acc, in, elems);
  }

  bool to_all;
  gex_Rank_t root;
  char *dst;
  const char *src;
  gex_DT_t dt;
  size_t dt_sz, n;
  gex_OP_t op;
  gex_Coll_ReduceFn_t fn;
  void *cdata;
  size_t chunk;
  uint64_t nchunks;
  TreeChildren children;
  gex_Rank_t parent;
  bool reads_result;
  bool direct = false, acc_in_dst = false;
  uint64_t up = 0, down = 0;
  std::vector<char> tmp;
};

// Gather, scatter, gather_all and exchange (layouts in engine.h). An "owner" is a member whose
// block(s) other members keep; it streams its src through its slot, chunk c in data[c % kDepth].
// A "reader" keeps blocks; it copies its part of every other owner's stream into its dst:
//   kind        owners  stream      readers  part of each stream  lands at (owner o)
//   Gather      all     src[0,n)    root     [0,n)                dst + o*n
//   Scatter     root    src[0,P*n)  all      [r*n, n)             dst
//   GatherAll   all     src[0,n)    all      [0,n)                dst + o*n
//   Exchange    all     src[0,P*n)  all      [r*n, n)             dst + o*n
// A reader takes chunk c from every owner before chunk c+1, so one counter (taken_down) says
// how far it is in every stream: it starts at the first chunk of its part (it never needs the
// ones before) and ends at nchunks. An owner refills a chunk buffer only once every reader is
// past it. A member's own block goes straight from src to dst at the claim; src is first copied
// aside if it overlaps dst, since the owner streams it while the reader fills dst.
struct ShmBlocks final : ShmOp {
  ShmBlocks(gexi_TM *t, uint8_t k, gex_Rank_t r, void *d, const void *s, size_t nbytes, const char *c)
      : ShmOp(t, k, c), root(k == kGather || k == kScatter ? r : 0), dst(static_cast<char *>(d)),
        src(static_cast<const char *>(s)), n(nbytes), all_own(k != kScatter), all_read(k != kGather),
        stream(k == kScatter || k == kExchange ? size_t(size) * nbytes : nbytes),
        part(k == kScatter || k == kExchange ? size_t(rank) * nbytes : 0), nchunks((stream + kChunk - 1) / kChunk),
        streams((all_own || rank == root) && (all_read ? size > 1 : rank != root)),
        reads((all_read || rank == root) && (all_own ? size > 1 : rank != root)), taken(part / kChunk),
        end(nbytes ? (part + nbytes + kChunk - 1) / kChunk : part / kChunk) {
    d_root = root;
    d_nbytes = uint32_t(nbytes);
    released_here = !streams;
  }
  gex_Rank_t record_root() const override { return root; }

  bool is_owner(gex_Rank_t r) const { return all_own || r == root; }
  bool is_reader(gex_Rank_t r) const { return all_read || r == root; }
  char *landing(gex_Rank_t owner) const { return kind == kScatter ? dst : dst + size_t(owner) * n; }

  void claim() override {
    const size_t src_len = is_owner(rank) ? stream : 0;
    const size_t dst_len = is_reader(rank) ? (kind == kScatter ? n : size_t(size) * n) : 0;
    const uintptr_t s = reinterpret_cast<uintptr_t>(src), d = reinterpret_cast<uintptr_t>(dst);
    if (src_len && dst_len && s < d + dst_len && d < s + src_len) {
      copy.assign(src, src + src_len);
      src = copy.data();
    }
    if (is_owner(rank) && is_reader(rank)) std::memmove(landing(rank), src + part, n);
    // Readers copy straight from src: one copy instead of two.
    if (streams && (direct = offer_src(src, stream, kind == kScatter ? kDirectMin : kOwnerDirectMin, nchunks)))
      produced = nchunks;
    if (reads) publish_taken();
  }
  // Past my part, every chunk is one I no longer need: say so at once, owners may be waiting
  // for it to refill their buffers (while this member still streams its own src).
  void publish_taken() { mine().taken_down.store(tag(taken == end ? nchunks : taken), std::memory_order_release); }

  bool step() override {
    for (bool moved = true; moved;) {
      moved = false;
      if (streams && produced < nchunks && try_produce()) moved = true;
      if (reads && taken < end && try_take()) moved = true;
    }
    return (!streams || (produced == nchunks && (!direct || readers_past(nchunks)))) && (!reads || taken == end);
  }
  bool released() override { return !streams || readers_past(nchunks); }

  bool readers_past(uint64_t c) const {
    for (gex_Rank_t r = 0; r < size; ++r) {
      if (r == rank || !is_reader(r)) continue;
      check_desc(r);
      if (!reached(slot_of(r).taken_down, c)) return false;
    }
    return true;
  }

  bool try_produce() {
    const uint64_t k = produced;
    if (k >= kDepth && !readers_past(k - kDepth + 1)) return false;
    Slot &s = mine();
    const size_t off = k * kChunk, len = std::min(kChunk, stream - off);
    runtime::copy_to_reader(s.chunk(k, stream), src + off, len);
    s.produced.store(tag(++produced), std::memory_order_release);
    return true;
  }

  // Chunk `taken` of every other owner's stream: the piece of it inside this member's part.
  bool try_take() {
    const uint64_t c = taken;
    const size_t lo = std::max<size_t>(c * kChunk, part), hi = std::min<size_t>((c + 1) * kChunk, part + n);
    for (; next_owner < size; ++next_owner) {
      const gex_Rank_t o = next_owner;
      if (o == rank || !is_owner(o)) continue;
      const Slot &from = slot_of(o);
      if (!reached(from.produced, c + 1)) {
        check_desc(o);  // a mismatch shows while waiting, or once produced (described before)
        return false;
      }
      check_desc(o);
      // (kDirect travels in this collective's produced word; direct was stored before it)
      if (const uintptr_t d = from.direct_src(from.produced.load(std::memory_order_relaxed)))
        std::memcpy(landing(o) + (lo - part), runtime::local_address(jobrank(o), reinterpret_cast<const char *>(d) + lo),
                    hi - lo);
      else
        std::memcpy(landing(o) + (lo - part), from.chunk(c, stream) + (lo - c * kChunk), hi - lo);
    }
    next_owner = 0;
    ++taken;
    publish_taken();
    return true;
  }

  gex_Rank_t root;
  char *dst;
  const char *src;
  size_t n;
  bool all_own, all_read;
  size_t stream, part;
  uint64_t nchunks;
  bool streams, reads;
  uint64_t produced = 0, taken, end;
  gex_Rank_t next_owner = 0;
  bool direct = false;
  std::vector<char> copy;
};

ShmTeam *team_shm(gexi_TM *tm) { return tm->coll ? tm->coll->shm : nullptr; }

}  // namespace

void init(TeamState *primordial) {
  // Shared memory only where every rank of the job maps every other's (not over a network).
  if (g_rt.force_am || !g_rt.one_nbrhd) return;
  AreaState &st = areas();
  // GEX_COLL_SHM=0 keeps the areas' headers: the primordial barrier stays in shared memory.
  st.enabled = runtime::env_bool("GEX_COLL_SHM", true);
  const size_t nblocks = st.enabled ? size_t(runtime::env_int("GEX_COLL_SHM_TEAMS", 16, 1, 4096)) : 0;
  const size_t bytes = sizeof(AreaHeader) + nblocks * sizeof(Block);
  std::vector<char *> mapped(g_rt.size, nullptr);
  const std::string mine = bootstrap::shm_name("coll", g_rt.rank);
  mapped[g_rt.rank] = static_cast<char *>(bootstrap::shm_create_or_die(mine, bytes, "collectives"));  // zero-filled
  bootstrap::barrier();
  for (gex_Rank_t r = 0; r < g_rt.size; ++r)
    if (r != g_rt.rank) mapped[r] = static_cast<char *>(bootstrap::shm_open_or_die(bootstrap::shm_name("coll", r), bytes, "collectives"));
  bootstrap::barrier();
  bootstrap::shm_remove(mine);
  for (char *a : mapped) st.arrivals.push_back(&reinterpret_cast<AreaHeader *>(a)->barrier_arrivals);
  st.my_arrivals = &reinterpret_cast<AreaHeader *>(mapped[g_rt.rank])->barrier_arrivals;
  // Up to this many ranks every rank watches every arrival (one hop from the last arrival to
  // everyone's completion); above it rank 0 gathers the arrivals and releases the rest through
  // one word (two hops, but N reads by one rank instead of N by every rank: GASNet's default).
  const int64_t flat_max = g_rt.oversubscribed ? int64_t(1) << 20 : kBarrierFlatMax;
  st.barrier_gathered = g_rt.size > size_t(runtime::env_int("GEX_BARRIER_FLAT_MAX", flat_max, 0, 1 << 20));
  if (!st.enabled) return;
  for (char *a : mapped) st.area.push_back(reinterpret_cast<Block *>(a + sizeof(AreaHeader)));
  st.block_used.assign(nblocks, false);
  st.block_used[0] = true;
  auto *team = new ShmTeam;
  for (gex_Rank_t r = 0; r < g_rt.size; ++r) team->blocks.push_back(&st.area[r][0]);
  primordial->shm = team;
}

ShmTeam *attach_team(gexi_TM *tm) {
  AreaState &st = areas();
  if (!st.enabled) return nullptr;
  for (gex_Rank_t r = 0; r < tm->size; ++r)
    if (!st.area[tm->members.empty() ? r : tm->members[r]]) return nullptr;  // (same answer on every member)
  int32_t mine = alloc_block();
  std::vector<char> raw = allgather(tm, &mine, sizeof mine, "gex_TM_Split or gex_TM_Create");
  std::vector<int32_t> all(tm->size);
  std::memcpy(all.data(), raw.data(), all.size() * sizeof(int32_t));
  for (int32_t b : all) {
    if (b >= 0) continue;
    if (mine >= 0) free_block(mine);  // a member has no block left: the AM engine runs this team
    return nullptr;
  }
  auto *team = new ShmTeam;
  team->my_block = mine;
  for (gex_Rank_t r = 0; r < tm->size; ++r)
    team->blocks.push_back(&st.area[tm->members.empty() ? r : tm->members[r]][all[r]]);
  return team;
}

void begin_drain(ShmTeam *team) { team->draining = true; }

bool in_use(const ShmTeam *team) {
  for (const ShmOp *op : team->slot_user)
    if (op) return true;
  return false;
}

void detach_team(ShmTeam *team) {
  if (team->my_block > 0) free_block(team->my_block);
  delete team;
}

Op *make_barrier(gexi_TM *tm, const char *call) {
  if (!team_shm(tm)) return nullptr;
  return new ShmBarrier(tm, call);
}

Op *make_broadcast(gexi_TM *tm, gex_Rank_t root, void *dst, const void *src, size_t nbytes, const char *call) {
  if (!team_shm(tm)) return nullptr;
  return new ShmBroadcast(tm, root, dst, src, nbytes, call);
}

Op *make_reduce(gexi_TM *tm, bool to_all, gex_Rank_t root, void *dst, const void *src, gex_DT_t dt, size_t dt_sz,
                size_t dt_cnt, gex_OP_t op, gex_Coll_ReduceFn_t user_op, void *user_cdata, const char *call) {
  if (!team_shm(tm) || dt_sz > kChunk) return nullptr;  // dt_sz is single-valued
  return new ShmReduce(tm, to_all, root, dst, src, dt, dt_sz, dt_cnt, op, user_op, user_cdata, call);
}

Op *make_blocks(gexi_TM *tm, uint8_t kind, gex_Rank_t root, void *dst, const void *src, size_t nbytes,
                const char *call) {
  if (!team_shm(tm)) return nullptr;
  return new ShmBlocks(tm, kind, root, dst, src, nbytes, call);
}

void note_am_op() { areas().am_ops.fetch_add(1, std::memory_order_relaxed); }

}  // namespace gex::coll::shm

namespace gex::coll {

void primordial_barrier_arrive(uint64_t seq) noexcept { state().shm.my_arrivals->store(seq, std::memory_order_release); }

namespace {
// The header holding an arrival counter (its first member).
const shm::AreaHeader *header_of(const std::atomic<uint64_t> *arrivals) {
  return reinterpret_cast<const shm::AreaHeader *>(arrivals);
}

BarrierValue value_of(const std::atomic<uint64_t> *arrivals, uint64_t seq) noexcept {
  const uint64_t v = header_of(arrivals)->barrier_value[seq % 2].load(std::memory_order_relaxed);
  return BarrierValue{int(uint32_t(v >> 32)), int(uint32_t(v))};
}

// A thread's scan of the arrivals of one barrier, kept from test to test as GASNet's pshm
// barrier keeps its list of children not yet arrived: an arrival stays (the counters only grow),
// so a test reads only the members not seen yet, and merges each member's value (GASNet-1's
// named barrier) once, as it sees the arrival, instead of all of them after the last one. The
// member that completes the barrier then has one line to read and one value to merge before it
// releases the rest (gathered mode) or returns (flat).
struct ArrivalScan {
  uint64_t seq = 0;
  uint32_t next = 0;  // members [0, next) have arrived at seq, their values merged
  BarrierValue merged;
};
constinit thread_local ArrivalScan t_scan;

// Every member arrived at seq or later (loaded with acquire): then t_scan.merged is their value.
bool scan_arrivals(const shm::AreaState &st, uint64_t seq) noexcept {
  ArrivalScan s = t_scan;  // (a local copy: stores through the TLS one kept it out of registers)
  if (s.seq != seq) s = ArrivalScan{seq, 0, {}};  // (several barriers in flight: NB, threads)
  const std::atomic<uint64_t> *const *arrivals = st.arrivals.data();
  const uint32_t n = uint32_t(st.arrivals.size());
  bool complete = true;
  for (; s.next < n; ++s.next) {
    const std::atomic<uint64_t> *a = arrivals[s.next];
    if (a->load(std::memory_order_acquire) < seq) {
      complete = false;
      break;
    }
    s.merged = merge(s.merged, value_of(a, seq));
  }
  t_scan = s;
  return complete;
}

// Rank 0's header: the release word of the gathered mode.
shm::AreaHeader *root_header(const shm::AreaState &st) noexcept {
  return const_cast<shm::AreaHeader *>(header_of(st.arrivals[0]));
}

// Every arrival for seq is in (scan_arrivals): publish the merged values, then the release.
void release_barrier(const shm::AreaState &st, uint64_t seq) noexcept {
  shm::AreaHeader *root = root_header(st);
  const BarrierValue m = t_scan.merged;
  root->barrier_merged[seq % 2].store(uint64_t(uint32_t(m.flags)) << 32 | uint32_t(m.id), std::memory_order_relaxed);
  // Fetch-max: with several barriers in flight (NB, threads) an older one must not lower it.
  uint64_t cur = root->barrier_release.load(std::memory_order_relaxed);
  while (cur < seq && !root->barrier_release.compare_exchange_weak(cur, seq, std::memory_order_release,
                                                                    std::memory_order_relaxed)) {
  }
}

// Tests of a gathered barrier by a rank other than 0 before it looks at the arrivals itself:
// rank 0 releases the barrier when it polls, but may be busy elsewhere (a split-phase barrier).
// Rare: a rank that scans reads every arrival line again, which is the flat mode's traffic
// (at 64, on 16 cores, early arrivers scanned within an ordinary barrier and made it slower).
constexpr uint32_t kSelfReleaseEvery = 1024;
constinit thread_local uint32_t t_tests_since_scan = 0;
}  // namespace

bool primordial_barrier_done(uint64_t seq) noexcept {
  const shm::AreaState &st = state().shm;
  if (!st.barrier_gathered) return scan_arrivals(st, seq);
  if (root_header(st)->barrier_release.load(std::memory_order_acquire) >= seq) return true;
  if (runtime::g_rt.rank != 0 && ++t_tests_since_scan < kSelfReleaseEvery) return false;
  t_tests_since_scan = 0;
  if (!scan_arrivals(st, seq)) return false;
  release_barrier(st, seq);
  return true;
}

void primordial_barrier_arrive_valued(uint64_t seq, BarrierValue mine) noexcept {
  auto *h = const_cast<shm::AreaHeader *>(header_of(state().shm.my_arrivals));
  h->barrier_value[seq % 2].store(uint64_t(uint32_t(mine.flags)) << 32 | uint32_t(mine.id), std::memory_order_relaxed);
  primordial_barrier_arrive(seq);  // release: the value is visible to whoever sees the arrival
}

BarrierValue primordial_barrier_merged(uint64_t seq) noexcept {
  const shm::AreaState &st = state().shm;
  if (st.barrier_gathered) {
    // The release was loaded with acquire, and whoever stored it merged the values first.
    const uint64_t v = root_header(st)->barrier_merged[seq % 2].load(std::memory_order_relaxed);
    return BarrierValue{int(uint32_t(v >> 32)), int(uint32_t(v))};
  }
  // Flat: this thread's scan saw every arrival for seq (primordial_barrier_done), unless another
  // thread tested the barrier to completion; then every arrival is in and a scan merges at once.
  const ArrivalScan &s = t_scan;
  if (s.seq != seq || s.next != st.arrivals.size()) static_cast<void>(scan_arrivals(st, seq));  // (true)
  return s.merged;
}

}  // namespace gex::coll

extern "C" void gexi_Coll_PathCounts(uint64_t *shm_ops, uint64_t *am_ops) {
  const gex::coll::ServiceState *st = gex::runtime::g_rt.coll.get();  // null before gex_Client_Init
  if (shm_ops) *shm_ops = st ? st->shm.shm_ops.load(std::memory_order_relaxed) : 0;
  if (am_ops) *am_ops = st ? st->shm.am_ops.load(std::memory_order_relaxed) : 0;
}

extern "C" void gexi_Coll_ShmCounts(uint64_t *reduce_in_place, uint64_t *fenced) {
  const gex::coll::ServiceState *st = gex::runtime::g_rt.coll.get();
  if (reduce_in_place) *reduce_in_place = st ? st->shm.reduce_in_place.load(std::memory_order_relaxed) : 0;
  if (fenced) *fenced = st ? st->shm.fenced.load(std::memory_order_relaxed) : 0;
}
