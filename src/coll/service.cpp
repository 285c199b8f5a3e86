// The collectives engine: every collective of every team runs as an Op (a small state machine)
// over one internal Medium Request handler. O(log P) messages per rank:
//   barrier     dissemination: round k sends to rank+2^k, waits for rank-2^k; each message
//               carries the sender's merged (flags, id) value (engine.h BarrierValue), which
//               GASNet-1's named barriers use (src/legacy/barrier.cpp); anonymous otherwise
//   broadcast   binomial tree relative to the root, chunks forwarded as they arrive (pipelined)
//   reduce      binomial tree rooted at team rank 0 whose subtrees are contiguous rank ranges, so
//               combining a node's own value with its children in increasing order keeps rank
//               order (GEX_OP_USER_NC); rank 0 then sends the result to the root (ToOne) or back
//               down the same tree (ToAll)
//   allgather   (team construction) a ReduceToAll with bitwise OR over one slot per member
//   gather, scatter, gather_all, exchange (GASNet-1, gasnet_coll.h): direct, each block goes
//               from the member that has it to the member that keeps it as one chunked stream
//               (exchange needs P-1 streams per member anyway; on one host these run in shared
//               memory, so the AM forms favour simplicity over a tree's log P latency)
//
// A call may be several stages (op.h): GASNet-1's ALLSYNC flags put barriers around the data
// movement, each barrier a stage of its own that this engine runs like any other collective.
// Messages carry the receiver's gexi_TM address (0: the primordial team), the collective's
// sequence number on the team, its kind and (root, dt/op, size) so that mismatched calls are
// reported instead of corrupting memory. A message for a collective this rank has not started
// yet is buffered per team until it starts.
//
// Handlers never send (a Request may not be sent from a handler): they only queue what arrives.
// progress() (driven by testing/waiting on collective and barrier events) takes the queue in and
// lets each Op send what has become ready. Every message an Op receives is one it needs to
// complete, so once a team's last collective is synced no message for it can still arrive:
// destroying a team after a barrier over it is safe.
//
// Teams whose members are all neighbours (shared memory, GEX_FORCE_AM off) run broadcast, reduce
// and barrier through shared memory instead (shm.cpp); they are Ops of this same engine.
#include "coll/service.h"

#include <cstring>
#include <deque>
#include <map>
#include <mutex>
#include <type_traits>
#include <utility>

#include "coll/engine.h"
#include "coll/op.h"
#include "coll/shm.h"
#include "coll/state.h"
#include "runtime/runtime.h"
#include "runtime/thread_reaper.h"

namespace gex::coll {

// ---- Op allocation -----------------------------------------------------------------------------
// Freed Ops wait in the freeing thread's cache, by size class (64-byte steps up to 1 KiB), for the
// next Op of their class that thread makes: a list threaded through the freed blocks themselves,
// up to kOpDepth a class. Deep, because a client may start thousands of non-blocking collectives
// before it waits (GASNet's testcollperf starts 2000 per line, then gex_Event_WaitAll): all but
// the team's few in shared memory park with their Op allocated, and with 8 kept a class every
// later Op came from malloc (about 400 instructions with its free, of a small broadcast's 2600).
// The cache keeps what the thread's peak used, at most kOpDepth blocks a class. Per thread, so no
// lock: a block made on one thread and freed on another just changes caches. The cache is
// constinit (a plain TLS access); what is left in it is freed when the thread ends (armed at the
// first caching: runtime/thread_reaper.h).
namespace {
constexpr size_t kOpGrain = 64, kOpClasses = 16, kOpDepth = 4096;
struct FreeOp {
  FreeOp *next;
};
struct OpCache {
  FreeOp *head[kOpClasses];
  uint32_t count[kOpClasses];
  bool armed;  // the thread's reaper is registered
};
thread_local constinit OpCache t_op_cache{};
void free_op_cache() noexcept {
  for (size_t c = 0; c < kOpClasses; ++c) {
    while (FreeOp *f = t_op_cache.head[c]) {
      t_op_cache.head[c] = f->next;
      ::operator delete(f);
    }
    t_op_cache.count[c] = 0;
  }
}
}  // namespace

void *Op::operator new(size_t n) {
  const size_t c = (n - 1) / kOpGrain;
  if (c >= kOpClasses) return ::operator new(n);
  OpCache &cache = t_op_cache;
  if (FreeOp *f = cache.head[c]) {
    cache.head[c] = f->next;
    --cache.count[c];
    return f;
  }
  return ::operator new((c + 1) * kOpGrain);  // the class's size: any Op of the class may reuse it
}

void Op::operator delete(void *p, size_t n) noexcept {
  const size_t c = (n - 1) / kOpGrain;
  OpCache &cache = t_op_cache;
  if (c < kOpClasses && cache.count[c] < kOpDepth) {
    if (__builtin_expect(!cache.armed, 0)) {
      runtime::arm_thread_reaper<free_op_cache>();
      cache.armed = true;
    }
    FreeOp *f = static_cast<FreeOp *>(p);
    f->next = cache.head[c];
    cache.head[c] = f;
    ++cache.count[c];
    return;
  }
  ::operator delete(p);
}

using runtime::g_rt;
using runtime::usage_fatal;

namespace {

TeamState *state_of(gexi_TM *tm) {  // under the engine mutex
  if (!tm->coll) tm->coll = new TeamState(tm);  // (the primordial team's is made by init)
  return tm->coll;
}

// ---- Ops over AM ----------------------------------------------------------------------------

// Round k's message carries what this member has merged so far (its own value and those of
// rounds < k): flags in the message's root field, id in its dtop field.
struct BarrierOp final : Op {
  BarrierOp(gexi_TM *t, const char *c, BarrierValue v = {}, BarrierValue *r = nullptr)
      : Op(t, kBarrier, c), merged(v), result(r) {
    while ((uint64_t(1) << rounds) < size) ++rounds;
  }
  void deliver(Message &m) override {
    check_kind(m);
    if (m.phase >= rounds || (got & (uint64_t(1) << m.phase)))
      usage_fatal(call, "internal error: unexpected barrier message (round " + std::to_string(m.phase) + ") from " +
                            who(m));
    got |= uint64_t(1) << m.phase;
    recv[m.phase] = BarrierValue{int(m.root), int(m.dtop)};
  }
  bool advance() override {
    while (k < rounds) {
      if (!sent) {
        send(gex_Rank_t((uint64_t(rank) + (uint64_t(1) << k)) % size), uint8_t(k), 0, 0, uint32_t(merged.flags),
             uint32_t(merged.id), nullptr, 0);
        sent = true;
      }
      if (!(got & (uint64_t(1) << k))) return false;
      merged = merge(merged, recv[k]);
      ++k;
      sent = false;
    }
    if (result) *result = merged;  // before the event completes (progress())
    return true;
  }
  unsigned rounds = 0, k = 0;
  bool sent = false;
  uint64_t got = 0;
  BarrierValue merged;
  BarrierValue *result;
  BarrierValue recv[32];  // rounds < 32: team sizes are gex_Rank_t
};

struct BroadcastOp final : Op {
  BroadcastOp(gexi_TM *t, gex_Rank_t r, void *d, const void *s, size_t n, const char *c)
      : Op(t, kBroadcast, c), root(r), dst(static_cast<char *>(d)), src(static_cast<const char *>(s)), nbytes(n) {
    const uint64_t vr = (uint64_t(rank) + size - root) % size;
    for (gex_Rank_t v : tree_children(vr, size)) children.push_back(gex_Rank_t((uint64_t(v) + root) % size));
  }
  void start() override {
    if (rank != root) return;
    if (src != dst && nbytes) std::memcpy(dst, src, nbytes);
    got = nbytes;
    const size_t chunk = chunk_bytes();
    if (!children.empty())
      for (size_t off = 0; off < nbytes; off += chunk) fwd.emplace_back(off, std::min(chunk, nbytes - off));
  }
  void deliver(Message &m) override {
    check_kind(m);
    if (m.root != root) root_mismatch(gex_Rank_t(m.src), root, m.root);
    check_payload(m, nbytes);
    std::memcpy(dst + m.offset, m.data.data(), m.data.size());
    got += m.data.size();
    if (!children.empty()) fwd.emplace_back(m.offset, m.data.size());
  }
  bool advance() override {
    for (; !fwd.empty(); fwd.pop_front())
      for (gex_Rank_t c : children)
        send(c, 0, uint32_t(fwd.front().first), uint32_t(nbytes), root, 0, dst + fwd.front().first, fwd.front().second);
    return got == nbytes;
  }
  gex_Rank_t record_root() const override { return root; }
  gex_Rank_t root;
  char *dst;
  const char *src;
  size_t nbytes, got = 0;
  std::vector<gex_Rank_t> children;
  std::deque<std::pair<size_t, size_t>> fwd;
};

struct ReduceOp final : Op {
  ReduceOp(gexi_TM *t, uint8_t k, gex_Rank_t r, void *d, const void *s, gex_DT_t dt_, size_t dt_sz_, size_t cnt_,
           gex_OP_t op_, gex_Coll_ReduceFn_t fn_, void *cdata_, const char *c)
      : Op(t, k, c), to_all(k != kReduceToOne), root(to_all ? 0 : r), dst(static_cast<char *>(d)),
        src(static_cast<const char *>(s)), dt(dt_), dt_sz(dt_sz_), cnt(cnt_), n(dt_sz_ * cnt_), op(op_), fn(fn_),
        cdata(cdata_), dtop(pack_dtop(dt_, op_)) {
    for (gex_Rank_t c : tree_children(rank, size)) children.push_back(Child{c, {}, 0});
    parent = tree_parent(rank, size);
  }
  gex_Rank_t record_root() const override { return root; }
  void start() override {
    acc.assign(src, src + n);  // first: src may be dst
    for (Child &c : children) c.buf.resize(n);
  }
  void deliver(Message &m) override {
    check_kind(m);
    if (m.root != root) root_mismatch(gex_Rank_t(m.src), root, m.root);
    if (m.dtop != dtop) dtop_mismatch(gex_Rank_t(m.src), dtop, m.dtop);
    check_payload(m, n);
    if (m.phase == kPhaseUp) {
      for (Child &c : children) {
        if (c.rank != m.src) continue;
        std::memcpy(c.buf.data() + m.offset, m.data.data(), m.data.size());
        c.got += m.data.size();
        return;
      }
      usage_fatal(call, "internal error: unexpected contribution from " + who(m));
    }
    std::memcpy(dst + m.offset, m.data.data(), m.data.size());
    got_result += m.data.size();
    if (m.phase == kPhaseDown && !children.empty()) fwd.emplace_back(m.offset, m.data.size());
  }
  bool advance() override {
    if (!combined_all) {
      while (next_child < children.size() && children[next_child].got == n) {
        combine(children[next_child].buf);
        std::vector<char>().swap(children[next_child].buf);
        ++next_child;
      }
      if (next_child < children.size()) return false;
      combined_all = true;
      if (rank != 0) {
        send_all(parent, kPhaseUp, root, dtop, acc.data(), n);
        if (!to_all && rank != root) return true;
      } else if (to_all) {
        std::memcpy(dst, acc.data(), n);
        got_result = n;
        const size_t chunk = chunk_bytes();
        if (!children.empty())
          for (size_t off = 0; off < n; off += chunk) fwd.emplace_back(off, std::min(chunk, n - off));
      } else if (root == 0) {
        std::memcpy(dst, acc.data(), n);
        return true;
      } else {
        send_all(root, kPhaseToRoot, root, dtop, acc.data(), n);
        return true;
      }
    }
    for (; !fwd.empty(); fwd.pop_front())
      for (const Child &c : children)
        send(c.rank, kPhaseDown, uint32_t(fwd.front().first), uint32_t(n), root, dtop, dst + fwd.front().first,
             fwd.front().second);
    return got_result == n;
  }

  // acc (ranks below the child's subtree) = acc (+) child, in that order.
  void combine(std::vector<char> &in) {
    if (op == GEX_OP_USER || op == GEX_OP_USER_NC) {
      fn(acc.data(), in.data(), cnt, cdata);  // in = acc (+) in
      acc.swap(in);
      return;
    }
    combine_dt(dt, op, acc.data(), in.data(), cnt);
  }

  struct Child {
    gex_Rank_t rank;
    std::vector<char> buf;
    size_t got;
  };
  bool to_all;
  gex_Rank_t root;
  char *dst;
  const char *src;
  gex_DT_t dt;
  size_t dt_sz, cnt, n;
  gex_OP_t op;
  gex_Coll_ReduceFn_t fn;
  void *cdata;
  uint32_t dtop;
  std::vector<char> acc;
  std::vector<Child> children;
  gex_Rank_t parent;
  size_t next_child = 0;
  bool combined_all = false;
  size_t got_result = 0;
  std::deque<std::pair<size_t, size_t>> fwd;
};

// Gather, scatter, gather_all and exchange over AM (engine.h gives their layouts). Every block
// this member sends leaves when the stage starts (before any arriving block is written), so src
// may overlap dst.
struct BlockOp final : Op {
  BlockOp(gexi_TM *t, uint8_t k, gex_Rank_t r, void *d, const void *s, size_t n, const char *c)
      : Op(t, k, c), root(k == kGather || k == kScatter ? r : 0), dst(static_cast<char *>(d)),
        src(static_cast<const char *>(s)), nbytes(n) {}
  gex_Rank_t record_root() const override { return root; }

  void start() override {
    const size_t n = nbytes;
    switch (kind) {
      case kGather:
        if (rank != root) {
          send_all(root, 0, root, 0, src, n);
        } else {
          std::memmove(dst + size_t(rank) * n, src, n);
          expected = size_t(size - 1) * n;
        }
        break;
      case kScatter:
        if (rank == root) {
          for (gex_Rank_t r = 0; r < size; ++r)
            if (r != rank) send_all(r, 0, root, 0, src + size_t(r) * n, n);
          std::memmove(dst, src + size_t(rank) * n, n);
        } else {
          expected = n;
        }
        break;
      case kGatherAll:
        for (gex_Rank_t r = 0; r < size; ++r)
          if (r != rank) send_all(r, 0, 0, 0, src, n);
        std::memmove(dst + size_t(rank) * n, src, n);
        expected = size_t(size - 1) * n;
        break;
      case kExchange:
        for (gex_Rank_t r = 0; r < size; ++r)
          if (r != rank) send_all(r, 0, 0, 0, src + size_t(r) * n, n);
        std::memmove(dst + size_t(rank) * n, src + size_t(rank) * n, n);
        expected = size_t(size - 1) * n;
        break;
    }
  }
  void deliver(Message &m) override {
    check_kind(m);
    if (m.root != root) root_mismatch(gex_Rank_t(m.src), root, m.root);
    check_payload(m, nbytes);
    const gex_Rank_t from = gex_Rank_t(m.src);
    const bool expected_sender = from < size && from != rank && (kind != kScatter || from == root) &&
                                 (kind != kGather || rank == root);
    if (!expected_sender) usage_fatal(call, "internal error: unexpected block from " + who(m));
    char *at = kind == kScatter ? dst : dst + size_t(from) * nbytes;
    std::memcpy(at + m.offset, m.data.data(), m.data.size());
    got += m.data.size();
  }
  bool advance() override { return got == expected; }

  gex_Rank_t root;
  char *dst;
  const char *src;
  size_t nbytes;
  size_t expected = 0, got = 0;
};

// ---- the engine -------------------------------------------------------------------------------

void on_message(gex_Token_t, void *buf, size_t nbytes, gex_AM_Arg_t id_hi, gex_AM_Arg_t id_lo, gex_AM_Arg_t seq,
                gex_AM_Arg_t kind_phase, gex_AM_Arg_t src, gex_AM_Arg_t offset, gex_AM_Arg_t total, gex_AM_Arg_t root,
                gex_AM_Arg_t dtop) {
  Message m{uint64_t(uint32_t(id_hi)) << 32 | uint32_t(id_lo),
            uint32_t(seq),
            uint8_t(uint32_t(kind_phase) >> 8),
            uint8_t(kind_phase),
            uint32_t(src),
            uint32_t(offset),
            uint32_t(total),
            uint32_t(root),
            uint32_t(dtop),
            std::vector<char>(static_cast<char *>(buf), static_cast<char *>(buf) + nbytes)};
  ServiceState &st = state();
  std::lock_guard<std::mutex> lock(st.inbox_mutex);
  st.inbox.push_back(std::move(m));
  st.inbox_count.fetch_add(1, std::memory_order_release);
}

[[noreturn]] void late_message(const TeamState *ts, const Message &m) {
  const gexi_TM *tm = ts->tm;
  const std::string sender = "team rank " + std::to_string(m.src) + " (jobrank " +
                             std::to_string(tm->members.empty() ? m.src : tm->members[m.src]) + ")";
  const uint64_t kept = std::min<uint64_t>(ts->completions, TeamState::kRecent);
  for (uint64_t i = 0; i < kept; ++i) {
    const TeamState::Completed &c = ts->recent[(ts->completions - 1 - i) % TeamState::kRecent];
    if (c.seq != m.seq) continue;
    if (c.kind != m.kind)
      usage_fatal(c.call, "collective calls do not match on this team: " + sender + " called " + kind_call(m.kind) +
                              " as collective #" + std::to_string(m.seq) + " of the team, where this rank called " + c.call);
    const bool rooted = c.kind == kBroadcast || c.kind == kReduceToOne || c.kind == kGather || c.kind == kScatter;
    if (rooted && c.root != m.root)
      usage_fatal(c.call, "root mismatch: this rank passed root=" + std::to_string(c.root) + " but " + sender +
                              " passed root=" + std::to_string(m.root) + " (root must be single-valued)");
    usage_fatal(c.call, "mismatched collective: " + sender + " sent data for collective #" + std::to_string(m.seq) +
                            ", which has already completed on this rank (arguments must be single-valued)");
  }
  usage_fatal(kind_call(m.kind), sender + " sent data for collective #" + std::to_string(m.seq) +
                                     " of the team, which has already completed on this rank (mismatched collective calls)");
}

void dispatch(Message &m) {  // under the engine mutex
  gexi_TM *tm = m.team_id ? reinterpret_cast<gexi_TM *>(uintptr_t(m.team_id)) : g_rt.client->tm;
  TeamState *ts = state_of(tm);
  Op *op = ts->ops.find(m.seq);
  if (!op) {
    if (int32_t(m.seq - ts->next_seq) < 0) late_message(ts, m);
    ts->early[m.seq].push_back(std::move(m));
  } else if (!op->started) {
    op->held.push_back(std::move(m));
  } else {
    op->deliver(m);
  }
}

// A stage begins: start(), then the messages that arrived for it before. Only begun stages are
// in the active list that every progress() call walks: with many non-blocking ALLSYNC calls
// outstanding, their later stages would otherwise be visited on every poll for nothing.
void begin(Op *op) {  // under the engine mutex
  activate(op);
  op->started = true;
  op->start();
  std::vector<Message> msgs = std::move(op->held);
  op->held.clear();
  for (Message &m : msgs) op->deliver(m);
}

// The last collective event launched on this thread, and whether the caller synced it since
// (Op::caller_pipelines). Compared, never dereferenced: the event may be released and reused.
constinit thread_local const gexi_Event *t_last_launched = nullptr;
constinit thread_local bool t_last_synced = true;

// Reserves one sequence number per stage, in order, and starts the first stage. The event
// completes with the last stage.
gexi_Event *launch(Op *const *stages, size_t nstages) {
  gexi_Event *ev = runtime::event_alloc();
  const bool pipelines = !t_last_synced;
  t_last_launched = ev;
  t_last_synced = false;
  ev->kind = gexi_Event::Kind::Coll;
  ev->tm = stages[0]->tm;
  ev->pending.store(1, std::memory_order_relaxed);
  stages[nstages - 1]->ev = ev;
  {
    ServiceState &st = state();
    std::lock_guard<EngineMutex> lock(st.engine_mutex);
    TeamState *ts = state_of(stages[0]->tm);
    for (size_t i = 0; i < nstages; ++i) {
      Op *op = stages[i];
      op->ts = ts;
      op->seq = ts->next_seq++;
      op->next = i + 1 < nstages ? stages[i + 1] : nullptr;
      op->caller_pipelines = pipelines;
      op->after_stage = i > 0;
      op->reserve();
      ts->ops.insert(op);
      auto e = ts->early.find(op->seq);
      if (e != ts->early.end()) {
        op->held = std::move(e->second);
        ts->early.erase(e);
      }
    }
    begin(stages[0]);
  }
  progress();
  return ev;
}
gexi_Event *launch(Op *op) { return launch(&op, 1); }

Op *make_barrier(gexi_TM *tm, const char *call) {
  if (Op *op = shm::make_barrier(tm, call)) return op;
  shm::note_am_op();
  return new BarrierOp(tm, call);
}

// The data stage with the barriers its fence asks for.
gexi_Event *launch_fenced(gexi_TM *tm, Op *data, Fence fence, const char *call) {
  Op *stages[3];
  size_t n = 0;
  if (fence.before) stages[n++] = make_barrier(tm, call);
  stages[n++] = data;
  if (fence.after) stages[n++] = make_barrier(tm, call);
  return launch(stages, n);
}

}  // namespace

void activate(Op *op) {
  ServiceState &st = state();
  op->parked = false;
  st.active.push_back(op);
  // Written only under the engine's mutex (here and in progress_work), read without it: a plain
  // store, no locked read-modify-write.
  st.active_count.store(uint32_t(st.active.size()), std::memory_order_release);
}

namespace {

// Blocks (making progress) until an internal collective completes, then frees its event.
void wait_internal(gexi_Event *ev) {
  runtime::WaitLoop loop;
  for (;;) {
    progress();
    if (ev->pending.load(std::memory_order_acquire) == 0) break;
    loop.step();
  }
  event_synced(ev);
  runtime::event_release(ev);
}

}  // namespace

void event_synced(const gexi_Event *ev) noexcept {
  if (ev == t_last_launched) t_last_synced = true;
}

void init() {
  g_rt.coll.reset(new ServiceState);
  state().engine_mutex.set_threads(g_rt.thread_mode == 2);  // GASNET_PAR
  g_rt.client->tm->coll = new TeamState(g_rt.client->tm);
  shm::init(g_rt.client->tm->coll);
  runtime::register_internal_handler(kHandlerCollMessage, (gex_AM_Fn_t)on_message,
                                     GEX_FLAG_AM_REQUEST | GEX_FLAG_AM_MEDIUM, kMessageArgs, "collective message");
  // collectives advance from every poll (while they have work), not only from their events
  runtime::add_progress_fn(progress, runtime::WorkSlot::CollActive, runtime::WorkSlot::CollInbox);
}

namespace {
// progress() with work to do: out of line, so that the idle test of every poll and every test
// of a barrier event does not pay this function's frame (six saved registers and a vector).
[[gnu::noinline]] void progress_work(ServiceState &st) {
  const runtime::ThreadState &t = runtime::t_thread;
  if (t.restricted()) return;
  std::unique_lock<EngineMutex> engine(st.engine_mutex, std::try_to_lock);
  if (!engine.owns_lock()) return;  // another thread is making progress right now
  std::vector<Message> msgs;
  if (st.inbox_count.load(std::memory_order_acquire)) {  // shared-memory collectives get no messages
    std::lock_guard<std::mutex> lock(st.inbox_mutex);
    msgs.swap(st.inbox);
    st.inbox_count.store(0, std::memory_order_relaxed);
  }
  for (Message &m : msgs) dispatch(m);
  // Takes active[i] off the list (the last entry moves there).
  auto unlist = [&st](size_t i) {
    st.active[i] = st.active.back();
    st.active.pop_back();
    st.active_count.store(uint32_t(st.active.size()), std::memory_order_relaxed);
  };
  for (size_t i = 0; i < st.active.size();) {
    Op *op = st.active[i];  // begun: only begin() and activate() put an Op here
    if (!op->completed) {
      if (!op->advance()) {
        if (op->can_park()) {  // waits for a slot: activate() brings it back
          op->parked = true;
          unlist(i);
          continue;
        }
        ++i;
        continue;
      }
      op->completed = true;
      op->ts->ops.erase(op->seq);
      op->ts->recent[op->ts->completions++ % TeamState::kRecent] =
          TeamState::Completed{op->seq, op->kind, op->record_root(), op->call};
      if (op->next) begin(op->next);  // appended to st.active: advanced later in this pass
      if (gexi_Event *ev = op->ev) {
        op->ev = nullptr;
        ev->pending.store(0, std::memory_order_release);  // the waiter may free ev from here on
      }
    }
    // Complete here; an Op whose resources peers still read stays (without its event) until they
    // are done, asked only once something needs it gone (retire_later).
    if (op->retire_later() || !op->retired()) {
      ++i;
      continue;
    }
    unlist(i);
    delete op;
  }
}
}  // namespace

void progress() {
  ServiceState &st = state();
  // Idle first: this runs from every poll and every test of a barrier event.
  if (!st.active_count.load(std::memory_order_acquire) && !st.inbox_count.load(std::memory_order_acquire)) return;
  progress_work(st);
}

void check_collectives_allowed(gexi_TM *tm, const char *call) {
  if (tm->coll && !tm->coll->collectives_allowed)
    usage_fatal(call, "tm was created by gex_TM_Create with GEX_FLAG_TM_NO_SCRATCH: collectives over it are prohibited");
}

gexi_Event *start_barrier(gexi_TM *tm, const char *call) { return launch(make_barrier(tm, call)); }

gexi_Event *start_valued_barrier(gexi_TM *tm, BarrierValue mine, BarrierValue *result, const char *call) {
  return launch(new BarrierOp(tm, call, mine, result));
}

gexi_Event *start_broadcast(gexi_TM *tm, gex_Rank_t root, void *dst, const void *src, size_t nbytes,
                            const char *call, Fence fence) {
  Op *op = shm::make_broadcast(tm, root, dst, src, nbytes, call);
  if (!op) {
    shm::note_am_op();
    op = new BroadcastOp(tm, root, dst, src, nbytes, call);
  }
  return launch_fenced(tm, op, fence, call);
}

gexi_Event *start_blocks(gexi_TM *tm, Blocks what, gex_Rank_t root, void *dst, const void *src, size_t nbytes,
                         Fence fence, const char *call) {
  const uint8_t kind = what == Blocks::Gather    ? kGather
                       : what == Blocks::Scatter ? kScatter
                       : what == Blocks::GatherAll ? kGatherAll
                                                   : kExchange;
  Op *op = shm::make_blocks(tm, kind, root, dst, src, nbytes, call);
  if (!op) {
    shm::note_am_op();
    op = new BlockOp(tm, kind, root, dst, src, nbytes, call);
  }
  return launch_fenced(tm, op, fence, call);
}

gexi_Event *start_reduce(gexi_TM *tm, bool to_all, gex_Rank_t root, void *dst, const void *src, gex_DT_t dt,
                         size_t dt_sz, size_t dt_cnt, gex_OP_t op, gex_Coll_ReduceFn_t user_op, void *user_cdata,
                         const char *call) {
  if (Op *o = shm::make_reduce(tm, to_all, root, dst, src, dt, dt_sz, dt_cnt, op, user_op, user_cdata, call))
    return launch(o);
  shm::note_am_op();
  return launch(new ReduceOp(tm, to_all ? kReduceToAll : kReduceToOne, root, dst, src, dt, dt_sz, dt_cnt, op, user_op,
                             user_cdata, call));
}

// ---- team construction and destruction ----------------------------------------------------------

std::vector<char> allgather(gexi_TM *tm, const void *rec, size_t rec_size, const char *call) {
  const size_t words = (rec_size + 7) / 8;
  const size_t stride = words * 8;
  std::vector<char> mine(stride * tm->size, 0), all(stride * tm->size, 0);
  std::memcpy(mine.data() + stride * tm->rank, rec, rec_size);
  gexi_Event *ev = launch(new ReduceOp(tm, kAllgather, 0, all.data(), mine.data(), GEX_DT_U64, 8,
                                       words * tm->size, GEX_OP_OR, nullptr, nullptr, call));
  wait_internal(ev);
  std::vector<char> out(rec_size * tm->size);
  for (size_t r = 0; r < tm->size; ++r) std::memcpy(out.data() + r * rec_size, all.data() + r * stride, rec_size);
  return out;
}

void attach_team(gexi_TM *tm) {
  std::lock_guard<EngineMutex> lock(state().engine_mutex);
  tm->coll = new TeamState(tm);
}

void set_team_peers(gexi_TM *tm, std::vector<uint64_t> peer_ids, const ScratchInfo &scratch,
                    bool collectives_allowed) {
  {
    std::lock_guard<EngineMutex> lock(state().engine_mutex);
    TeamState *ts = tm->coll;
    ts->peer_ids = std::move(peer_ids);
    ts->scratch = scratch;
    ts->collectives_allowed = collectives_allowed;
  }
  if (!collectives_allowed) return;
  shm::ShmTeam *team = shm::attach_team(tm);  // collective over tm when its members are neighbours
  std::lock_guard<EngineMutex> lock(state().engine_mutex);
  tm->coll->shm = team;
}

ScratchInfo detach_team(gexi_TM *tm, const char *call) {
  {
    std::lock_guard<EngineMutex> lock(state().engine_mutex);
    TeamState *ts = state_of(tm);
    if (!ts->ops.empty())
      usage_fatal(call, "tm is not quiesced: " + std::to_string(ts->ops.size()) +
                            " collective(s) over it have not been synced on this rank");
    if (ts->shm) shm::begin_drain(ts->shm);
  }
  // Our completed shared-memory Ops may still wait to see peers finish reading our slots: they
  // must see it before the barrier, after which a peer may reuse its slots for another team.
  for (;;) {
    {
      std::lock_guard<EngineMutex> lock(state().engine_mutex);
      if (!tm->coll->shm || !shm::in_use(tm->coll->shm)) break;
    }
    progress();
    runtime::progress_wait_step();
  }
  wait_internal(launch(new BarrierOp(tm, call)));  // over AM (see above): never reads our slots
  std::lock_guard<EngineMutex> lock(state().engine_mutex);
  TeamState *ts = tm->coll;
  if (!ts->early.empty())
    usage_fatal(call, "a member of the team started collective #" + std::to_string(ts->early.begin()->first) +
                          " over it while this rank destroys it");
  ScratchInfo scratch = ts->scratch;
  if (ts->shm) shm::detach_team(ts->shm);  // every member is past its last read of our slots
  delete ts;
  tm->coll = nullptr;
  return scratch;
}

}  // namespace gex::coll

void gex::runtime::ServiceStateDeleter::operator()(coll::ServiceState *s) const noexcept { delete s; }
