// GASPI writes and reads by the transport's RMA (a peer on another host whose segment the
// transport registered): the bytes go by fi_write/fi_read straight into and out of the peer's
// segment, with no message to the owner and no copy there. Transfers below GEX_GASPI_RMA_MIN
// bytes (default 16 KiB: what the ofi transport sends eagerly) stay Active Messages (rma.cpp),
// whose one message carries data and notification together.
//
// Ordering. A notification to a rank must not become visible before the data of the writes
// posted before it on the same queue to that rank. An RMA write is known to be at the target
// only when its delivery completes, so such a notification waits here: each queue keeps, in post
// order, its groups of RMA operations and the notifications that wait behind them. A group of
// writes to (queue, rank) stays open to later writes until a notification to that rank (or
// gaspi_wait) closes it; a notification goes once every earlier group and notification to its
// rank is gone. It then travels as the Short AM it is on the AM path, after any AM writes sent
// before it. Reads form groups too (their local notification is set when the group completes)
// but hold back no notification. The runtime runs the list from its progress loop
// (add_progress_fn) while it is not empty. Where the transport delivers a message after the data
// of earlier puts (FI_ORDER_SAW: tcp;ofi_rxm), notifications need no list and go at once.
//
// Each group and each waiting notification is one operation of the queue (Queue::post): the
// group completes it when its last transfer completes, the notification through its ack.
#include <algorithm>
#include <cstdlib>
#include <list>

#include "gaspi/state.h"

namespace gex::gaspi {

namespace rt = gex::runtime;
using runtime::ptr_hi;
using runtime::ptr_lo;

namespace {

struct Entry {
  enum Kind : uint8_t { kWrites, kReads, kNotify } kind;
  gaspi_rank_t rank;
  // Writes and reads: transfers in flight, plus one while the group is open or a thread is
  // still posting into it (so it cannot complete under that thread).
  rt::CompletionCounter pending{0};
  bool open = false;
  uint32_t *slot = nullptr;  // reads: the local notification to set when complete
  gaspi_segment_id_t seg = 0;
  gaspi_notification_id_t id = 0;
  gaspi_notification_t value = 0;
};

struct QueueOrder {
  std::list<Entry> entries;                      // post order; nodes never move (counters)
  std::vector<Entry *> open_writes;              // by rank: the group later writes join
  std::vector<uint32_t> fence;                   // by rank: write groups and notifications listed
};

std::mutex g_mutex;                              // the lists below
std::array<QueueOrder, kMaxQueues> g_order;
std::atomic<uint32_t> &g_listed = rt::work_counter(rt::WorkSlot::GaspiLists);  // entries in all lists: the progress fn's work
std::atomic_flag g_running = ATOMIC_FLAG_INIT;   // one thread runs the lists (sends in order)
size_t g_rma_min = 16384;

QueueOrder &order_of(const Queue &q) { return g_order[size_t(&q - ctx().queues.data())]; }

void size_by_rank(QueueOrder &o) {
  if (o.fence.size() != ctx().size) {
    o.open_writes.assign(ctx().size, nullptr);
    o.fence.assign(ctx().size, 0);
  }
}

// A new entry at the end of the queue's list (g_mutex held).
Entry &append(Queue &q, Entry::Kind kind, gaspi_rank_t rank) {
  QueueOrder &o = order_of(q);
  size_by_rank(o);
  Entry &e = o.entries.emplace_back();
  e.kind = kind;
  e.rank = rank;
  if (kind != Entry::kReads) ++o.fence[rank];
  q.post(rank);
  g_listed.fetch_add(1, std::memory_order_relaxed);
  return e;
}

void close_group(QueueOrder &o, gaspi_rank_t rank) {
  if (Entry *g = o.fence.empty() ? nullptr : o.open_writes[rank]) {
    g->open = false;
    g->pending.fetch_sub(1, std::memory_order_release);
    o.open_writes[rank] = nullptr;
  }
}

// Moves [src, src+n) to or from the peer in transfers of at most kChunk, counted on `c`.
constexpr size_t kChunk = size_t(8) << 20;
void transfer(bool write, gaspi_rank_t rank, const RemoteSegment &rs, uint64_t off, char *local, size_t n,
              rt::CompletionCounter *c) {
  transport::Transport *t = rt::g_rt.routes[rank].am;
  char *remote = reinterpret_cast<char *>(uintptr_t(rs.owner_base + rs.data_offset + off));
  for (size_t done = 0; done < n;) {
    const size_t len = std::min(kChunk, n - done);
    for (;;) {
      const transport::Status st = write ? t->put(rank, remote + done, rs.rkey, local + done, len, nullptr, c)
                                         : t->get(rank, local + done, remote + done, rs.rkey, len, c);
      if (st != transport::Status::NoResources) break;
      rt::wait_for_send_room(false);
    }
    done += len;
  }
}

// The runtime's progress function: completes finished groups and sends the notifications
// whose turn has come, in list order.
void run_lists() {
  if (g_running.test_and_set(std::memory_order_acquire)) return;  // another thread runs them
  struct Send {
    Queue *q;
    gaspi_rank_t rank;
    gaspi_segment_id_t seg;
    gaspi_notification_id_t id;
    gaspi_notification_t value;
  };
  std::vector<Send> sends;
  std::vector<gaspi_rank_t> blocked;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    for (unsigned qi = 0; qi < kMaxQueues; ++qi) {
      QueueOrder &o = g_order[qi];
      Queue &q = ctx().queues[qi];
      blocked.clear();
      for (auto it = o.entries.begin(); it != o.entries.end();) {
        Entry &e = *it;
        const bool rank_blocked = std::find(blocked.begin(), blocked.end(), e.rank) != blocked.end();
        if (e.kind == Entry::kNotify) {
          if (rank_blocked) {
            ++it;
            continue;
          }
          // Its fence count and its place in g_listed stay until it is sent (below): a notify
          // posted meanwhile by another thread must queue behind it, not go first.
          sends.push_back(Send{&q, e.rank, e.seg, e.id, e.value});
          it = o.entries.erase(it);
          continue;
        } else if (e.pending.load(std::memory_order_acquire) != 0) {
          if (e.kind == Entry::kWrites && !rank_blocked) blocked.push_back(e.rank);
          ++it;
          continue;
        } else {
          if (e.slot) __atomic_store_n(e.slot, 1u, __ATOMIC_RELEASE);  // after the read data
          if (e.kind == Entry::kWrites) --o.fence[e.rank];
          q.complete(e.rank);
        }
        it = o.entries.erase(it);
        g_listed.fetch_sub(1, std::memory_order_relaxed);
      }
    }
  }
  // Sent without the lock (a send may poll, and polling runs this function: it returns at once).
  for (const Send &s : sends) {
    const gex_AM_Arg_t args[] = {gex_AM_Arg_t(s.seg), gex_AM_Arg_t(s.id), gex_AM_Arg_t(s.value), ptr_hi(s.q), ptr_lo(s.q)};
    rt::am_request(transport::AmCategory::Short, s.rank, kHNotify, nullptr, 0, nullptr, 0, 5, args);
  }
  if (!sends.empty()) {
    std::lock_guard<std::mutex> lock(g_mutex);
    for (const Send &s : sends) --order_of(*s.q).fence[s.rank];
    g_listed.fetch_sub(uint32_t(sends.size()), std::memory_order_release);
  }
  g_running.clear(std::memory_order_release);
}

}  // namespace

void rma_network_init() {
  if (const char *e = std::getenv("GEX_GASPI_RMA_MIN"); e && *e) g_rma_min = std::strtoull(e, nullptr, 0);
  static bool added = false;
  if (!added) rt::add_progress_fn(run_lists, rt::WorkSlot::GaspiLists);
  added = true;
}

bool use_rma(const RemoteSegment &rs, size_t size) { return rs.rma && size >= g_rma_min && size; }

void rma_write(Queue &q, gaspi_rank_t rank, const RemoteSegment &rs, uint64_t off, const char *src, size_t n) {
  Entry *g;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    QueueOrder &o = order_of(q);
    size_by_rank(o);
    g = o.open_writes[rank];
    if (!g) {
      g = &append(q, Entry::kWrites, rank);
      g->open = true;
      g->pending.store(1, std::memory_order_relaxed);  // the open group's hold
      o.open_writes[rank] = g;
    }
    g->pending.fetch_add(1, std::memory_order_relaxed);  // this thread's, while it posts
  }
  transfer(true, rank, rs, off, const_cast<char *>(src), n, &g->pending);
  g->pending.fetch_sub(1, std::memory_order_release);
}

void rma_reads(Queue &q, gaspi_rank_t rank, size_t count, const RemoteSegment *const *rs, const uint64_t *off, char *const *dst,
               const size_t *n, uint32_t *notif_slot) {
  Entry *g;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    g = &append(q, Entry::kReads, rank);
    g->slot = notif_slot;
    g->pending.store(1, std::memory_order_relaxed);  // held while the reads are posted
  }
  for (size_t i = 0; i < count; ++i)
    if (n[i]) transfer(false, rank, *rs[i], off[i], dst[i], n[i], &g->pending);
  g->pending.fetch_sub(1, std::memory_order_release);
}

// A transport that delivers a message after the data of the puts sent before it (FI_ORDER_SAW)
// needs no list for notifications: sent at once, they still arrive after their writes.
static bool ordered(gaspi_rank_t rank) { return rt::g_rt.routes[rank].am->orders_send_after_put(rank); }

bool notify_waits(Queue &q, gaspi_rank_t rank) {
  if (!g_listed.load(std::memory_order_acquire) || ordered(rank)) return false;
  std::lock_guard<std::mutex> lock(g_mutex);
  const QueueOrder &o = order_of(q);
  return !o.fence.empty() && o.fence[rank] != 0;
}

bool defer_notify(Queue &q, gaspi_rank_t rank, gaspi_segment_id_t seg, gaspi_notification_id_t id, gaspi_notification_t value) {
  if (!g_listed.load(std::memory_order_acquire) || ordered(rank)) return false;
  std::lock_guard<std::mutex> lock(g_mutex);
  QueueOrder &o = order_of(q);
  if (o.fence.empty() || o.fence[rank] == 0) return false;  // nothing before it: send it now
  close_group(o, rank);
  Entry &e = append(q, Entry::kNotify, rank);
  e.seg = seg;
  e.id = id;
  e.value = value;
  return true;
}

void close_write_groups(Queue &q) {
  if (!g_listed.load(std::memory_order_acquire)) return;
  std::lock_guard<std::mutex> lock(g_mutex);
  QueueOrder &o = order_of(q);
  for (size_t r = 0; r < o.open_writes.size(); ++r) close_group(o, gaspi_rank_t(r));
}

}  // namespace gex::gaspi
