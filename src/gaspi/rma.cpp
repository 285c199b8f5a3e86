// GASPI one-sided communication, notifications and queues.
//
// Load/store path (a neighbour whose segment is mapped here): every operation completes inside
// the call, the queue only counts entries (GASPI_QUEUE_FULL at exactly queue_size_max, reset by
// gaspi_wait). A notification is a release store after the data, so a waiter that sees it
// (acquire) sees the data.
// AM path: Medium Requests carry the data to the owner, which copies it and acknowledges; a
// read is a Short Request answered by Medium Replies. The queue counts the acknowledgements
// outstanding and gaspi_wait waits for them. write_notify's notification rides on its last
// data chunk, and a notification never overtakes earlier writes to the same rank because the
// runtime delivers one sender's Requests in order (a property a new transport must keep for
// GASPI; docs/gaspi.md). Large transfers to another host go by the transport's RMA instead
// (rma_network.cpp), and a notification behind such writes waits for them there.
#include <algorithm>
#include <cstring>

#include "gaspi/state.h"

namespace gex::gaspi {

namespace rt = gex::runtime;
using runtime::make_ptr;
using runtime::ptr_hi;
using runtime::ptr_lo;

namespace {

size_t medium_limit(gaspi_rank_t rank) { return rt::am_limits(rank).max_medium; }

// ---- handlers (at the owner of the segment) ---------------------------------------------------
// The acknowledgement of a queue's request: (c_hi, c_lo) is the initiator's Queue.
void ack(gex_Token_t token, gex_AM_Arg_t c_hi, gex_AM_Arg_t c_lo) {
  const gex_AM_Arg_t args[] = {c_hi, c_lo};
  rt::am_reply(gex::transport::AmCategory::Short, token, kHQueueAck, nullptr, 0, nullptr, 0, 2, args);
}

// At the initiator: the target (the Reply's sender) completed one request of the queue.
void on_queue_ack(gex_Token_t token, gex_AM_Arg_t q_hi, gex_AM_Arg_t q_lo) {
  make_ptr<Queue>(q_hi, q_lo)->complete(source_rank(token));
}

// A message for a segment this rank does not have (deleted while a peer still wrote to it): the
// program is wrong; say so and drop the data.
LocalSegment *target_segment(gex_Token_t token, gex_AM_Arg_t seg, uint64_t off, size_t n, const char *what) {
  LocalSegment *s = local_segment(gaspi_segment_id_t(seg));
  if (s && off + n <= s->size) return s;
  fail(GASPI_ERR_INV_SEG, what, "rank " + std::to_string(source_rank(token)) + " accessed segment " + std::to_string(uint8_t(seg)) +
                                    " [" + std::to_string(off) + ", +" + std::to_string(n) + ") which does not exist here; dropped");
  return nullptr;
}

void store_notification(uint32_t *slot, uint32_t value) { __atomic_store_n(slot, value, __ATOMIC_RELEASE); }

void on_write(gex_Token_t token, void *buf, size_t n, gex_AM_Arg_t seg, gex_AM_Arg_t off_hi, gex_AM_Arg_t off_lo,
              gex_AM_Arg_t nseg, gex_AM_Arg_t nid, gex_AM_Arg_t nval, gex_AM_Arg_t c_hi, gex_AM_Arg_t c_lo) {
  const uint64_t off = (uint64_t(uint32_t(off_hi)) << 32) | uint32_t(off_lo);
  if (n) {
    if (LocalSegment *s = target_segment(token, seg, off, n, "gaspi_write (at the target)")) std::memcpy(s->data + off, buf, n);
  }
  if (nval) {
    if (LocalSegment *s = target_segment(token, nseg, 0, 0, "gaspi_notify (at the target)"))
      store_notification(s->notif + uint32_t(nid), uint32_t(nval));
  }
  ack(token, c_hi, c_lo);
}

void on_notify(gex_Token_t token, gex_AM_Arg_t seg, gex_AM_Arg_t nid, gex_AM_Arg_t nval, gex_AM_Arg_t c_hi, gex_AM_Arg_t c_lo) {
  if (LocalSegment *s = target_segment(token, seg, 0, 0, "gaspi_notify (at the target)"))
    store_notification(s->notif + uint32_t(nid), uint32_t(nval));
  ack(token, c_hi, c_lo);
}

void on_read_request(gex_Token_t token, gex_AM_Arg_t seg, gex_AM_Arg_t off_hi, gex_AM_Arg_t off_lo, gex_AM_Arg_t n,
                     gex_AM_Arg_t d_hi, gex_AM_Arg_t d_lo, gex_AM_Arg_t c_hi, gex_AM_Arg_t c_lo, gex_AM_Arg_t nt_hi,
                     gex_AM_Arg_t nt_lo) {
  const uint64_t off = (uint64_t(uint32_t(off_hi)) << 32) | uint32_t(off_lo);
  LocalSegment *s = target_segment(token, seg, off, uint32_t(n), "gaspi_read (at the target)");
  const gex_AM_Arg_t args[] = {d_hi, d_lo, c_hi, c_lo, nt_hi, nt_lo};
  // A missing segment still answers (with no data) so the reader's queue completes.
  rt::am_reply(gex::transport::AmCategory::Medium, token, kHReadReply, s ? s->data + off : nullptr, s ? uint32_t(n) : 0, nullptr,
               0, 6, args);
}

void on_read_reply(gex_Token_t token, void *buf, size_t n, gex_AM_Arg_t d_hi, gex_AM_Arg_t d_lo, gex_AM_Arg_t c_hi,
                   gex_AM_Arg_t c_lo, gex_AM_Arg_t nt_hi, gex_AM_Arg_t nt_lo) {
  if (n) std::memcpy(make_ptr<char>(d_hi, d_lo), buf, n);
  if (uint32_t *slot = make_ptr<uint32_t>(nt_hi, nt_lo)) store_notification(slot, 1);
  make_ptr<Queue>(c_hi, c_lo)->complete(source_rank(token));
}

// ---- the initiator's side -----------------------------------------------------------------------
struct Transfer {
  LocalSegment *local;
  RemoteSegment *remote;
};

gaspi_return_t check_queue(const char *call, gaspi_queue_id_t queue) {
  if (queue >= kMaxQueues || !ctx().queues[queue].exists)
    return fail(GASPI_ERR_INV_QUEUE, call, "queue " + std::to_string(queue) + " does not exist (gaspi_queue_num gives " +
                                               std::to_string(ctx().queue_num) + ")");
  return GASPI_SUCCESS;
}

// A valid rank that is alive (a request to a dead one is GASPI_ERROR at once, not a hang).
gaspi_return_t check_rank(const char *call, gaspi_rank_t rank) {
  if (rank >= ctx().size)
    return fail(GASPI_ERR_INV_RANK, call, "rank " + std::to_string(rank) + " >= " + std::to_string(ctx().size) + " processes");
  if (peer_dead(rank)) return dead_peer_error(call, rank);
  return GASPI_SUCCESS;
}

// Every argument of one write or read: the return code the spec gives and a message.
gaspi_return_t check_transfer(const char *call, gaspi_segment_id_t seg_loc, gaspi_offset_t off_loc, gaspi_rank_t rank,
                              gaspi_segment_id_t seg_rem, gaspi_offset_t off_rem, gaspi_size_t size, Transfer &t) {
  Context &c = ctx();
  if (gaspi_return_t rc = check_rank(call, rank)) return rc;
  t.local = local_segment(seg_loc);
  if (!t.local) return fail(GASPI_ERR_INV_SEG, call, "local segment " + std::to_string(seg_loc) + " does not exist");
  t.remote = remote_segment(rank, seg_rem);
  if (!t.remote)
    return fail(GASPI_ERR_INV_SEG, call, "segment " + std::to_string(seg_rem) + " of rank " + std::to_string(rank) +
                                             " is not registered with this rank");
  // Size 0 is valid and moves nothing (as in GPI-2).
  if (size > c.config.transfer_size_max)
    return fail(GASPI_ERR_INV_COMMSIZE, call, "size " + std::to_string(size) + " exceeds transfer_size_max " +
                                                  std::to_string(c.config.transfer_size_max));
  if (off_loc > t.local->size || size > t.local->size - off_loc)
    return fail(GASPI_ERR_INV_LOC_OFF, call, "local range [" + std::to_string(off_loc) + ", +" + std::to_string(size) +
                                                 ") exceeds segment " + std::to_string(seg_loc) + " of " + std::to_string(t.local->size) + " bytes");
  if (off_rem > t.remote->size || size > t.remote->size - off_rem)
    return fail(GASPI_ERR_INV_REM_OFF, call, "remote range [" + std::to_string(off_rem) + ", +" + std::to_string(size) +
                                                 ") exceeds segment " + std::to_string(seg_rem) + " of rank " + std::to_string(rank) +
                                                 " (" + std::to_string(t.remote->size) + " bytes)");
  return GASPI_SUCCESS;
}

gaspi_return_t check_notification(const char *call, gaspi_notification_id_t id, gaspi_notification_t value, bool check_value) {
  if (id >= ctx().config.notification_num)
    return fail(GASPI_ERR_INV_NOTIF_ID, call, "notification_id " + std::to_string(id) + " >= notification_num " +
                                                  std::to_string(ctx().config.notification_num));
  if (check_value && value == 0) return fail(GASPI_ERR_INV_NOTIF_VAL, call, "notification_value is 0 (it must be > 0)");
  return GASPI_SUCCESS;
}

// Takes `need` entries of the queue, or says it is full.
gaspi_return_t take_entries(gaspi_queue_id_t queue, uint32_t need) {
  Queue &q = ctx().queues[queue];
  uint32_t cur = q.entries.load(std::memory_order_relaxed);
  do {
    if (cur + need > ctx().config.queue_size_max) return GASPI_QUEUE_FULL;
  } while (!q.entries.compare_exchange_weak(cur, cur + need, std::memory_order_relaxed));
  return GASPI_SUCCESS;
}

// Data (and an optional notification) to `rank` over AM, in Medium chunks; the notification
// rides on the last chunk.
void am_write(gaspi_rank_t rank, gaspi_segment_id_t seg, uint64_t off, const char *src, size_t n, gaspi_segment_id_t nseg,
              gaspi_notification_id_t nid, gaspi_notification_t nval, Queue &q) {
  const size_t chunk = medium_limit(rank);
  size_t done = 0;
  do {
    const size_t len = std::min(chunk, n - done);
    const bool last = done + len == n;
    const uint64_t o = off + done;
    const gex_AM_Arg_t args[] = {gex_AM_Arg_t(seg), gex_AM_Arg_t(o >> 32), gex_AM_Arg_t(uint32_t(o)), gex_AM_Arg_t(nseg),
                                 gex_AM_Arg_t(last ? nid : 0), gex_AM_Arg_t(last ? nval : 0), ptr_hi(&q), ptr_lo(&q)};
    q.post(rank);
    rt::am_request(gex::transport::AmCategory::Medium, rank, kHWrite, src + done, len, nullptr, 0, 8, args);
    done += len;
  } while (done < n);
}

void am_read(gaspi_rank_t rank, gaspi_segment_id_t seg, uint64_t off, char *dst, size_t n, uint32_t *notif_slot, Queue &q) {
  const size_t chunk = medium_limit(rank);
  for (size_t done = 0; done < n;) {
    const size_t len = std::min(chunk, n - done);
    const bool last = done + len == n;
    const uint64_t o = off + done;
    uint32_t *slot = last ? notif_slot : nullptr;
    const gex_AM_Arg_t args[] = {gex_AM_Arg_t(seg),   gex_AM_Arg_t(o >> 32), gex_AM_Arg_t(uint32_t(o)), gex_AM_Arg_t(len),
                                 ptr_hi(dst + done),  ptr_lo(dst + done),    ptr_hi(&q),                ptr_lo(&q),
                                 ptr_hi(slot),        ptr_lo(slot)};
    q.post(rank);
    rt::am_request(gex::transport::AmCategory::Short, rank, kHReadReq, nullptr, 0, nullptr, 0, 10, args);
    done += len;
  }
}

void do_write(const Transfer &t, gaspi_offset_t off_loc, gaspi_rank_t rank, gaspi_segment_id_t seg_rem, gaspi_offset_t off_rem,
              gaspi_size_t size, Queue &q) {
  if (size == 0) return;
  if (!t.remote->am) {
    std::memcpy(t.remote->data + off_rem, t.local->data + off_loc, size);
    rt::rma_progress_tick();
  } else if (use_rma(*t.remote, size)) {
    rma_write(q, rank, *t.remote, off_rem, t.local->data + off_loc, size);
  } else {
    am_write(rank, seg_rem, off_rem, t.local->data + off_loc, size, 0, 0, 0, q);
  }
}

void do_read(const Transfer &t, gaspi_offset_t off_loc, gaspi_rank_t rank, gaspi_segment_id_t seg_rem, gaspi_offset_t off_rem,
             gaspi_size_t size, uint32_t *notif_slot, Queue &q, bool allow_rma = true) {
  if (size == 0) {
    if (notif_slot) store_notification(notif_slot, 1);
    return;
  }
  if (!t.remote->am) {
    std::memcpy(t.local->data + off_loc, t.remote->data + off_rem, size);
    if (notif_slot) store_notification(notif_slot, 1);
    rt::rma_progress_tick();
  } else if (allow_rma && use_rma(*t.remote, size)) {
    const RemoteSegment *rs = t.remote;
    const uint64_t off = off_rem;
    char *dst = t.local->data + off_loc;
    const size_t n = size;
    rma_reads(q, rank, 1, &rs, &off, &dst, &n, notif_slot);
  } else {
    am_read(rank, seg_rem, off_rem, t.local->data + off_loc, size, notif_slot, q);
  }
}

// A notification to (rank, seg): a store when mapped, else a Short Request (after the queue's
// earlier Requests to that rank, so it never overtakes their data), which waits first for the
// queue's RMA writes to that rank (rma_network.cpp).
gaspi_return_t do_notify(const char *call, gaspi_segment_id_t seg, gaspi_rank_t rank, gaspi_notification_id_t id,
                         gaspi_notification_t value, Queue &q) {
  RemoteSegment *rs = remote_segment(rank, seg);
  if (!rs)
    return fail(GASPI_ERR_INV_SEG, call, "segment " + std::to_string(seg) + " of rank " + std::to_string(rank) + " is not registered with this rank");
  if (!rs->am) {
    store_notification(rs->notif + id, value);
    return GASPI_SUCCESS;
  }
  if (defer_notify(q, rank, seg, id, value)) return GASPI_SUCCESS;
  const gex_AM_Arg_t args[] = {gex_AM_Arg_t(seg), gex_AM_Arg_t(id), gex_AM_Arg_t(value), ptr_hi(&q), ptr_lo(&q)};
  q.post(rank);
  rt::am_request(gex::transport::AmCategory::Short, rank, kHNotify, nullptr, 0, nullptr, 0, 5, args);
  return GASPI_SUCCESS;
}

gaspi_return_t check_list(const char *call, gaspi_number_t num, gaspi_segment_id_t *sl, gaspi_offset_t *ol, gaspi_rank_t rank,
                          gaspi_segment_id_t *sr, gaspi_offset_t *orr, gaspi_size_t *sz, std::vector<Transfer> &ts) {
  if (num == 0 || num > ctx().config.rw_list_elem_max)
    return fail(GASPI_ERR_INV_NUM, call, "num " + std::to_string(num) + " is outside [1, rw_list_elem_max " +
                                             std::to_string(ctx().config.rw_list_elem_max) + "]");
  if (!sl || !ol || !sr || !orr || !sz) return fail(GASPI_ERR_NULLPTR, call, "a list argument is NULL");
  ts.resize(num);
  for (gaspi_number_t i = 0; i < num; ++i)
    if (gaspi_return_t rc = check_transfer(call, sl[i], ol[i], rank, sr[i], orr[i], sz[i], ts[i])) return rc;
  return GASPI_SUCCESS;
}

}  // namespace

void rma_init() {
  rma_network_init();
  const gex_Flags_t req = GEX_FLAG_AM_REQUEST, rep = GEX_FLAG_AM_REPLY;
  rt::register_internal_handler(kHWrite, (gex_AM_Fn_t)on_write, req | GEX_FLAG_AM_MEDIUM, 8, "GASPI write");
  rt::register_internal_handler(kHNotify, (gex_AM_Fn_t)on_notify, req | GEX_FLAG_AM_SHORT, 5, "GASPI notify");
  rt::register_internal_handler(kHReadReq, (gex_AM_Fn_t)on_read_request, req | GEX_FLAG_AM_SHORT, 10, "GASPI read request");
  rt::register_internal_handler(kHReadReply, (gex_AM_Fn_t)on_read_reply, rep | GEX_FLAG_AM_MEDIUM, 6, "GASPI read reply");
  rt::register_internal_handler(kHQueueAck, (gex_AM_Fn_t)on_queue_ack, rep | GEX_FLAG_AM_SHORT, 2, "GASPI queue ack");
}

}  // namespace gex::gaspi

using namespace gex::gaspi;

namespace {
// Waits until the queue has nothing pending, then empties it. Requests to a rank that died are
// never acknowledged (only where GASPI reports dead ranks: GEX_FAULT_TOLERANT=1, state.h:
// peer_dead): gaspi_wait gives them up and fails, the queue staying usable (a later gaspi_wait
// waits for the requests to live ranks); gaspi_queue_purge (`purge`) drops them and goes on, as
// GPI-2's devices take the completions whatever their status.
gaspi_return_t drain_queue(const char *call, gaspi_queue_id_t queue, gaspi_timeout_t timeout, bool purge) {
  Queue &q = ctx().queues[queue];
  Deadline dl(timeout);
  close_write_groups(q);
  while (q.pending.load(std::memory_order_acquire) != 0) {
    uint32_t abandoned = 0;
    const int dead = gex::bootstrap::fault_tolerant() ? abandon_dead_requests(q, abandoned) : -1;
    if (dead >= 0 && !purge) {
      if (q.pending.load(std::memory_order_acquire) == 0) q.entries.store(0, std::memory_order_relaxed);
      return dead_peer_error(call, gaspi_rank_t(dead), ": " + std::to_string(abandoned) + " request(s) of queue " +
                                                           std::to_string(queue) + " to dead ranks are abandoned");
    }
    if (q.pending.load(std::memory_order_acquire) == 0) break;
    if (dl.expired()) return GASPI_TIMEOUT;
    dl.step();
  }
  q.entries.store(0, std::memory_order_relaxed);
  return GASPI_SUCCESS;
}
}  // namespace

extern "C" {

gaspi_return_t pgaspi_write(const gaspi_segment_id_t seg_loc, const gaspi_offset_t off_loc, const gaspi_rank_t rank,
                            const gaspi_segment_id_t seg_rem, const gaspi_offset_t off_rem, const gaspi_size_t size,
                            const gaspi_queue_id_t queue, const gaspi_timeout_t) {
  const char *call = "gaspi_write";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (gaspi_return_t rc = check_queue(call, queue)) return rc;
  Transfer t;
  if (gaspi_return_t rc = check_transfer(call, seg_loc, off_loc, rank, seg_rem, off_rem, size, t)) return rc;
  if (size == 0) return GASPI_SUCCESS;
  if (gaspi_return_t rc = take_entries(queue, 1)) return rc;
  count(kStatWrite);
  count(kStatBytesWritten, size);
  do_write(t, off_loc, rank, seg_rem, off_rem, size, ctx().queues[queue]);
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_read(const gaspi_segment_id_t seg_loc, const gaspi_offset_t off_loc, const gaspi_rank_t rank,
                           const gaspi_segment_id_t seg_rem, const gaspi_offset_t off_rem, const gaspi_size_t size,
                           const gaspi_queue_id_t queue, const gaspi_timeout_t) {
  const char *call = "gaspi_read";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (gaspi_return_t rc = check_queue(call, queue)) return rc;
  Transfer t;
  if (gaspi_return_t rc = check_transfer(call, seg_loc, off_loc, rank, seg_rem, off_rem, size, t)) return rc;
  if (size == 0) return GASPI_SUCCESS;
  if (gaspi_return_t rc = take_entries(queue, 1)) return rc;
  count(kStatRead);
  count(kStatBytesRead, size);
  do_read(t, off_loc, rank, seg_rem, off_rem, size, nullptr, ctx().queues[queue]);
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_notify(const gaspi_segment_id_t seg_rem, const gaspi_rank_t rank, const gaspi_notification_id_t id,
                             const gaspi_notification_t value, const gaspi_queue_id_t queue, const gaspi_timeout_t) {
  const char *call = "gaspi_notify";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (gaspi_return_t rc = check_queue(call, queue)) return rc;
  if (gaspi_return_t rc = check_rank(call, rank)) return rc;
  if (gaspi_return_t rc = check_notification(call, id, value, true)) return rc;
  if (!remote_segment(rank, seg_rem))
    return fail(GASPI_ERR_INV_SEG, call, "segment " + std::to_string(seg_rem) + " of rank " + std::to_string(rank) + " is not registered with this rank");
  if (gaspi_return_t rc = take_entries(queue, 1)) return rc;
  count(kStatNotify);
  return do_notify(call, seg_rem, rank, id, value, ctx().queues[queue]);
}

gaspi_return_t pgaspi_write_notify(const gaspi_segment_id_t seg_loc, const gaspi_offset_t off_loc, const gaspi_rank_t rank,
                                   const gaspi_segment_id_t seg_rem, const gaspi_offset_t off_rem, const gaspi_size_t size,
                                   const gaspi_notification_id_t id, const gaspi_notification_t value,
                                   const gaspi_queue_id_t queue, const gaspi_timeout_t) {
  const char *call = "gaspi_write_notify";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (gaspi_return_t rc = check_queue(call, queue)) return rc;
  Transfer t;
  if (gaspi_return_t rc = check_transfer(call, seg_loc, off_loc, rank, seg_rem, off_rem, size, t)) return rc;
  if (gaspi_return_t rc = check_notification(call, id, value, true)) return rc;
  if (gaspi_return_t rc = take_entries(queue, 2)) return rc;
  count(kStatWriteNotify);
  count(kStatBytesWritten, size);
  Queue &q = ctx().queues[queue];
  if (!t.remote->am) {
    std::memcpy(t.remote->data + off_rem, t.local->data + off_loc, size);
    store_notification(t.remote->notif + id, value);  // release: the data is visible first
    gex::runtime::rma_progress_tick();
  } else if (use_rma(*t.remote, size) || notify_waits(q, rank)) {
    // The data by RMA, or behind RMA writes still in flight: the notification goes on its own
    // once they are delivered.
    do_write(t, off_loc, rank, seg_rem, off_rem, size, q);
    return do_notify(call, seg_rem, rank, id, value, q);
  } else {
    am_write(rank, seg_rem, off_rem, t.local->data + off_loc, size, seg_rem, id, value, q);
  }
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_read_notify(const gaspi_segment_id_t seg_loc, const gaspi_offset_t off_loc, const gaspi_rank_t rank,
                                  const gaspi_segment_id_t seg_rem, const gaspi_offset_t off_rem, const gaspi_size_t size,
                                  const gaspi_notification_id_t id, const gaspi_queue_id_t queue, const gaspi_timeout_t) {
  const char *call = "gaspi_read_notify";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (gaspi_return_t rc = check_queue(call, queue)) return rc;
  Transfer t;
  if (gaspi_return_t rc = check_transfer(call, seg_loc, off_loc, rank, seg_rem, off_rem, size, t)) return rc;
  if (gaspi_return_t rc = check_notification(call, id, 1, false)) return rc;
  if (gaspi_return_t rc = take_entries(queue, 2)) return rc;
  count(kStatReadNotify);
  count(kStatBytesRead, size);
  do_read(t, off_loc, rank, seg_rem, off_rem, size, t.local->notif + id, ctx().queues[queue]);
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_write_list(const gaspi_number_t num, gaspi_segment_id_t *const sl, gaspi_offset_t *const ol,
                                 const gaspi_rank_t rank, gaspi_segment_id_t *const sr, gaspi_offset_t *const orr,
                                 gaspi_size_t *const sz, const gaspi_queue_id_t queue, const gaspi_timeout_t) {
  const char *call = "gaspi_write_list";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (gaspi_return_t rc = check_queue(call, queue)) return rc;
  std::vector<Transfer> ts;
  if (gaspi_return_t rc = check_list(call, num, sl, ol, rank, sr, orr, sz, ts)) return rc;
  if (gaspi_return_t rc = take_entries(queue, num)) return rc;
  count(kStatWriteList);
  for (gaspi_number_t i = 0; i < num; ++i) count(kStatBytesWritten, sz[i]);
  for (gaspi_number_t i = 0; i < num; ++i) do_write(ts[i], ol[i], rank, sr[i], orr[i], sz[i], ctx().queues[queue]);
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_read_list(const gaspi_number_t num, gaspi_segment_id_t *const sl, gaspi_offset_t *const ol,
                                const gaspi_rank_t rank, gaspi_segment_id_t *const sr, gaspi_offset_t *const orr,
                                gaspi_size_t *const sz, const gaspi_queue_id_t queue, const gaspi_timeout_t) {
  const char *call = "gaspi_read_list";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (gaspi_return_t rc = check_queue(call, queue)) return rc;
  std::vector<Transfer> ts;
  if (gaspi_return_t rc = check_list(call, num, sl, ol, rank, sr, orr, sz, ts)) return rc;
  if (gaspi_return_t rc = take_entries(queue, num)) return rc;
  count(kStatReadList);
  for (gaspi_number_t i = 0; i < num; ++i) count(kStatBytesRead, sz[i]);
  for (gaspi_number_t i = 0; i < num; ++i) do_read(ts[i], ol[i], rank, sr[i], orr[i], sz[i], nullptr, ctx().queues[queue]);
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_write_list_notify(const gaspi_number_t num, gaspi_segment_id_t *const sl, gaspi_offset_t *const ol,
                                        const gaspi_rank_t rank, gaspi_segment_id_t *const sr, gaspi_offset_t *const orr,
                                        gaspi_size_t *const sz, const gaspi_segment_id_t nseg,
                                        const gaspi_notification_id_t id, const gaspi_notification_t value,
                                        const gaspi_queue_id_t queue, const gaspi_timeout_t) {
  const char *call = "gaspi_write_list_notify";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (gaspi_return_t rc = check_queue(call, queue)) return rc;
  std::vector<Transfer> ts;
  if (gaspi_return_t rc = check_list(call, num, sl, ol, rank, sr, orr, sz, ts)) return rc;
  if (gaspi_return_t rc = check_notification(call, id, value, true)) return rc;
  if (!remote_segment(rank, nseg))
    return fail(GASPI_ERR_INV_SEG, call, "notification segment " + std::to_string(nseg) + " of rank " + std::to_string(rank) + " is not registered with this rank");
  if (gaspi_return_t rc = take_entries(queue, num + 1)) return rc;
  count(kStatWriteList);
  for (gaspi_number_t i = 0; i < num; ++i) count(kStatBytesWritten, sz[i]);
  Queue &q = ctx().queues[queue];
  for (gaspi_number_t i = 0; i < num; ++i) do_write(ts[i], ol[i], rank, sr[i], orr[i], sz[i], q);
  return do_notify(call, nseg, rank, id, value, q);
}

gaspi_return_t pgaspi_read_list_notify(const gaspi_number_t num, gaspi_segment_id_t *const sl, gaspi_offset_t *const ol,
                                       const gaspi_rank_t rank, gaspi_segment_id_t *const sr, gaspi_offset_t *const orr,
                                       gaspi_size_t *const sz, const gaspi_segment_id_t nseg,
                                       const gaspi_notification_id_t id, const gaspi_queue_id_t queue,
                                       const gaspi_timeout_t) {
  const char *call = "gaspi_read_list_notify";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (gaspi_return_t rc = check_queue(call, queue)) return rc;
  std::vector<Transfer> ts;
  if (gaspi_return_t rc = check_list(call, num, sl, ol, rank, sr, orr, sz, ts)) return rc;
  if (gaspi_return_t rc = check_notification(call, id, 1, false)) return rc;
  LocalSegment *ns = local_segment(nseg);
  if (!ns) return fail(GASPI_ERR_INV_SEG, call, "local notification segment " + std::to_string(nseg) + " does not exist");
  if (gaspi_return_t rc = take_entries(queue, num + 1)) return rc;
  count(kStatReadList);
  for (gaspi_number_t i = 0; i < num; ++i) count(kStatBytesRead, sz[i]);
  Queue &q = ctx().queues[queue];
  // By RMA when every element can go so and one is large enough: the reads are one group, whose
  // completion sets the notification.
  bool all_rma = true, any_large = false;
  for (gaspi_number_t i = 0; i < num; ++i) {
    all_rma &= ts[i].remote->am && ts[i].remote->rma;
    any_large |= use_rma(*ts[i].remote, sz[i]);
  }
  if (all_rma && any_large) {
    std::vector<const RemoteSegment *> rs(num);
    std::vector<uint64_t> off(num);
    std::vector<char *> dst(num);
    std::vector<size_t> n(num);
    for (gaspi_number_t i = 0; i < num; ++i) {
      rs[i] = ts[i].remote;
      off[i] = orr[i];
      dst[i] = ts[i].local->data + ol[i];
      n[i] = sz[i];
    }
    rma_reads(q, rank, num, rs.data(), off.data(), dst.data(), n.data(), ns->notif + id);
    return GASPI_SUCCESS;
  }
  // Otherwise the notification is set by the last read's last reply; the replies of one rank
  // arrive in order. (AM reads only: a large element among them still goes by AM here.)
  for (gaspi_number_t i = 0; i < num; ++i)
    do_read(ts[i], ol[i], rank, sr[i], orr[i], sz[i], i + 1 == num ? ns->notif + id : nullptr, q, false);
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_wait(const gaspi_queue_id_t queue, const gaspi_timeout_t timeout) {
  const char *call = "gaspi_wait";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (gaspi_return_t rc = check_queue(call, queue)) return rc;
  count(kStatWait);
  return drain_queue(call, queue, timeout, false);
}

// Completes what the queue has posted and empties it, as gaspi_wait, without reporting a
// failure. GASPI_TIMEOUT when they are not all done in time.
gaspi_return_t pgaspi_queue_purge(const gaspi_queue_id_t queue, const gaspi_timeout_t timeout) {
  const char *call = "gaspi_queue_purge";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (gaspi_return_t rc = check_queue(call, queue)) return rc;
  return drain_queue(call, queue, timeout, true);
}

gaspi_return_t pgaspi_queue_size(const gaspi_queue_id_t queue, gaspi_number_t *const queue_size) {
  const char *call = "gaspi_queue_size";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (gaspi_return_t rc = check_queue(call, queue)) return rc;
  if (!queue_size) return fail(GASPI_ERR_NULLPTR, call, "queue_size is NULL");
  *queue_size = ctx().queues[queue].entries.load(std::memory_order_relaxed);
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_queue_create(gaspi_queue_id_t *const queue, const gaspi_timeout_t) {
  const char *call = "gaspi_queue_create";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (!queue) return fail(GASPI_ERR_NULLPTR, call, "queue is NULL");
  Context &c = ctx();
  std::lock_guard<std::mutex> lock(c.lock);
  if (c.queue_num >= kMaxQueues) return fail(GASPI_ERROR, call, "all " + std::to_string(kMaxQueues) + " queues exist (gaspi_queue_max)");
  Queue &q = c.queues[c.queue_num];
  q.exists = true;
  q.entries.store(0);
  *queue = gaspi_queue_id_t(c.queue_num++);
  return GASPI_SUCCESS;
}

// As in GPI-2, only the most recently created queue can go (queue ids stay 0..queue_num-1).
gaspi_return_t pgaspi_queue_delete(const gaspi_queue_id_t queue) {
  const char *call = "gaspi_queue_delete";
  GEXI_GASPI_REQUIRE_INIT(call);
  Context &c = ctx();
  std::lock_guard<std::mutex> lock(c.lock);
  if (queue >= c.queue_num) return fail(GASPI_ERR_INV_QUEUE, call, "queue " + std::to_string(queue) + " does not exist");
  if (queue + 1u != c.queue_num)
    return fail(GASPI_ERR_INV_QUEUE, call, "queue " + std::to_string(queue) + " is not the last queue (" + std::to_string(c.queue_num - 1) + ")");
  Queue &q = c.queues[queue];
  uint32_t abandoned = 0;
  close_write_groups(q);
  while (q.pending.load(std::memory_order_acquire)) {
    abandon_dead_requests(q, abandoned);
    wait_step();
  }
  q.exists = false;
  --c.queue_num;
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_notify_waitsome(const gaspi_segment_id_t seg, const gaspi_notification_id_t begin,
                                      const gaspi_number_t num, gaspi_notification_id_t *const first_id,
                                      const gaspi_timeout_t timeout) {
  const char *call = "gaspi_notify_waitsome";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (!first_id) return fail(GASPI_ERR_NULLPTR, call, "first_id is NULL");
  LocalSegment *s = local_segment(seg);
  if (!s) return fail(GASPI_ERR_INV_SEG, call, "local segment " + std::to_string(seg) + " does not exist");
  const gaspi_number_t max = ctx().config.notification_num;
  if (num == 0) return GASPI_SUCCESS;  // nothing to wait for (as in GPI-2)
  if (begin >= max || num > max - begin)
    return fail(GASPI_ERR_INV_NOTIF_ID, call, "range [" + std::to_string(begin) + ", +" + std::to_string(num) + ") exceeds notification_num " + std::to_string(max));
  Deadline dl(timeout);
  uint32_t *slots = s->notif;
  for (;;) {
    for (gaspi_number_t i = 0; i < num; ++i)
      if (__atomic_load_n(slots + begin + i, __ATOMIC_ACQUIRE)) {
        *first_id = begin + i;
        return GASPI_SUCCESS;
      }
    if (dl.expired()) return GASPI_TIMEOUT;
    dl.step();
  }
}

gaspi_return_t pgaspi_notify_reset(const gaspi_segment_id_t seg, const gaspi_notification_id_t id,
                                   gaspi_notification_t *const old_value) {
  const char *call = "gaspi_notify_reset";
  GEXI_GASPI_REQUIRE_INIT(call);
  LocalSegment *s = local_segment(seg);
  if (!s) return fail(GASPI_ERR_INV_SEG, call, "local segment " + std::to_string(seg) + " does not exist");
  if (gaspi_return_t rc = check_notification(call, id, 1, false)) return rc;
  // old_notification_val may be NULL: the value is then only reset (as in GPI-2).
  const gaspi_notification_t old = __atomic_exchange_n(s->notif + id, 0u, __ATOMIC_ACQ_REL);
  if (old_value) *old_value = old;
  return GASPI_SUCCESS;
}

}  // extern "C"

GEXI_GASPI_ALIAS(gaspi_write)
GEXI_GASPI_ALIAS(gaspi_read)
GEXI_GASPI_ALIAS(gaspi_notify)
GEXI_GASPI_ALIAS(gaspi_write_notify)
GEXI_GASPI_ALIAS(gaspi_read_notify)
GEXI_GASPI_ALIAS(gaspi_write_list)
GEXI_GASPI_ALIAS(gaspi_read_list)
GEXI_GASPI_ALIAS(gaspi_write_list_notify)
GEXI_GASPI_ALIAS(gaspi_read_list_notify)
GEXI_GASPI_ALIAS(gaspi_wait)
GEXI_GASPI_ALIAS(gaspi_queue_purge)
GEXI_GASPI_ALIAS(gaspi_queue_size)
GEXI_GASPI_ALIAS(gaspi_queue_create)
GEXI_GASPI_ALIAS(gaspi_queue_delete)
GEXI_GASPI_ALIAS(gaspi_notify_waitsome)
GEXI_GASPI_ALIAS(gaspi_notify_reset)
