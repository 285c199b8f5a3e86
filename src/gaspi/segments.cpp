// GASPI segments: allocation in the transport's shareable memory, the per-peer directory that
// registration fills (a registration tells one rank, by an AM, never an allgather), and the
// mapping a first access makes.
#include <cstring>

#include "bootstrap/bootstrap.h"
#include "gaspi/state.h"

namespace gex::gaspi {

namespace rt = gex::runtime;
using runtime::make_ptr;
using runtime::ptr_hi;
using runtime::ptr_lo;

namespace {

size_t page_round(size_t n) { return (n + 4095) & ~size_t(4095); }

// The registration message: this rank's segment `id` for the receiver's directory.
// `flags`: kDataShared, kHasRkey (then base and rkey are the object's address and key at the
// owner, for the transport's RMA).
constexpr gex_AM_Arg_t kDataShared = 1, kHasRkey = 2;
void on_register(gex_Token_t token, gex_AM_Arg_t id, gex_AM_Arg_t tid, gex_AM_Arg_t size_hi, gex_AM_Arg_t size_lo,
                 gex_AM_Arg_t data_offset, gex_AM_Arg_t flags, gex_AM_Arg_t c_hi, gex_AM_Arg_t c_lo, gex_AM_Arg_t base_hi,
                 gex_AM_Arg_t base_lo, gex_AM_Arg_t rkey_hi, gex_AM_Arg_t rkey_lo) {
  Context &c = ctx();
  {
    std::lock_guard<std::mutex> lock(c.dir_mutex);
    RemoteSegment &rs = (*c.dir[source_rank(token)])[uint8_t(id)];
    rs.tid = uint32_t(tid);
    rs.size = (uint64_t(uint32_t(size_hi)) << 32) | uint32_t(size_lo);
    rs.data_offset = uint32_t(data_offset);
    rs.data_shared = (flags & kDataShared) != 0;
    rs.has_rkey = (flags & kHasRkey) != 0;
    rs.owner_base = (uint64_t(uint32_t(base_hi)) << 32) | uint32_t(base_lo);
    rs.rkey = (uint64_t(uint32_t(rkey_hi)) << 32) | uint32_t(rkey_lo);
    rs.resolved.store(false, std::memory_order_relaxed);
    rs.state.store(kKnown, std::memory_order_release);
  }
  const gex_AM_Arg_t args[] = {c_hi, c_lo};
  rt::am_reply(gex::transport::AmCategory::Short, token, kHAck, nullptr, 0, nullptr, 0, 2, args);
}

void on_ack(gex_Token_t, gex_AM_Arg_t c_hi, gex_AM_Arg_t c_lo) { rt::complete_one(make_ptr<rt::CompletionCounter>(c_hi, c_lo)); }

// The directory entry for this rank's own segment (local accesses go through it too).
void publish_self(gaspi_segment_id_t id) {
  Context &c = ctx();
  LocalSegment &s = c.segments[id];
  std::lock_guard<std::mutex> lock(c.dir_mutex);
  RemoteSegment &rs = (*c.dir[c.rank])[id];
  rs.tid = s.mem.id;
  rs.size = s.size;
  rs.data_offset = s.user_memory ? 0 : notif_bytes();
  rs.data_shared = !s.user_memory;
  rs.am = false;
  rs.data = s.data;
  rs.notif = s.notif;
  rs.mapped_tid = s.mem.id;
  rs.resolved.store(true, std::memory_order_relaxed);
  rs.state.store(kKnown, std::memory_order_release);
}

gaspi_return_t check_new_id(const char *call, gaspi_segment_id_t id) {
  Context &c = ctx();
  if (id >= c.config.segment_max)
    return fail(GASPI_ERR_INV_SEG, call, "segment_id " + std::to_string(id) + " >= segment_max " + std::to_string(c.config.segment_max));
  if (c.segments[id].used) return fail(GASPI_ERR_INV_SEG, call, "segment " + std::to_string(id) + " already exists on this rank");
  unsigned n = 0;
  for (auto &s : c.segments) n += s.used;
  if (n >= c.config.segment_max) return fail(GASPI_ERR_MANY_SEG, call, "segment_max " + std::to_string(c.config.segment_max) + " segments exist already");
  return GASPI_SUCCESS;
}

// Allocates the shared object (the runtime's segment memory, registered with its transport):
// the notification slots, then `data_bytes` of data.
gaspi_return_t make_segment(gaspi_segment_id_t id, size_t data_bytes, char *user_data, size_t size) {
  LocalSegment &s = ctx().segments[id];
  s.mem = rt::allocate_segment(notif_bytes() + page_round(data_bytes));
  s.used = true;
  s.user_memory = user_data != nullptr;
  s.notif = static_cast<uint32_t *>(s.mem.base);
  s.data = user_data ? user_data : static_cast<char *>(s.mem.base) + notif_bytes();
  s.size = size;
  publish_self(id);
  return GASPI_SUCCESS;
}

void release(gaspi_segment_id_t id) {
  Context &c = ctx();
  LocalSegment &s = c.segments[id];
  if (!s.used) return;
  {
    std::lock_guard<std::mutex> lock(c.dir_mutex);
    (*c.dir[c.rank])[id].state.store(kUnknown, std::memory_order_release);
    (*c.dir[c.rank])[id].resolved.store(false, std::memory_order_release);
  }
  rt::free_segment(s.mem);  // the name goes: no peer maps it from now on
  s = LocalSegment{};
}

// Tells `rank` about segment `id` and waits for its acknowledgement (or the deadline: the
// counter then stays allocated, so a late acknowledgement is harmless; registering again is).
gaspi_return_t register_with(const char *call, gaspi_segment_id_t id, gaspi_rank_t rank, Deadline &dl) {
  Context &c = ctx();
  if (rank == c.rank) return GASPI_SUCCESS;
  if (peer_dead(rank)) return dead_peer_error(call, rank);
  const LocalSegment &s = c.segments[id];
  auto *done = new rt::CompletionCounter(1);
  const bool has_rkey = s.mem.regs.has_rkey;
  const uint64_t rkey = s.mem.regs.rkey;
  const gex_AM_Arg_t args[] = {gex_AM_Arg_t(id),
                               gex_AM_Arg_t(s.mem.id),
                               gex_AM_Arg_t(uint64_t(s.size) >> 32),
                               gex_AM_Arg_t(uint32_t(s.size)),
                               gex_AM_Arg_t(s.user_memory ? 0 : notif_bytes()),
                               (s.user_memory ? 0 : kDataShared) | (has_rkey && !s.user_memory ? kHasRkey : 0),
                               ptr_hi(done),
                               ptr_lo(done),
                               ptr_hi(s.mem.base),
                               ptr_lo(s.mem.base),
                               gex_AM_Arg_t(rkey >> 32),
                               gex_AM_Arg_t(uint32_t(rkey))};
  rt::am_request(gex::transport::AmCategory::Short, rank, kHRegister, nullptr, 0, nullptr, 0, 12, args);
  for (;;) {
    if (done->load(std::memory_order_acquire) == 0) {
      delete done;
      return GASPI_SUCCESS;
    }
    if (peer_dead(rank)) {
      drain_incoming();
      if (done->load(std::memory_order_acquire) == 0) continue;
      return dead_peer_error(call, rank, " (the registration was not acknowledged)");
    }
    if (dl.expired()) return GASPI_TIMEOUT;
    dl.step();
  }
}

}  // namespace

size_t notif_bytes() { return page_round(size_t(ctx().config.notification_num) * sizeof(uint32_t)); }

void segments_init() {
  Context &c = ctx();
  c.dir.clear();
  for (gaspi_rank_t r = 0; r < c.size; ++r) c.dir.push_back(std::make_unique<std::array<RemoteSegment, kMaxSegmentIds>>());
  rt::register_internal_handler(kHRegister, (gex_AM_Fn_t)on_register, GEX_FLAG_AM_REQUEST | GEX_FLAG_AM_SHORT, 12, "GASPI segment register");
  rt::register_internal_handler(kHAck, (gex_AM_Fn_t)on_ack, GEX_FLAG_AM_REPLY | GEX_FLAG_AM_SHORT, 2, "GASPI ack");
}

void segments_term() {
  for (unsigned id = 0; id < kMaxSegmentIds; ++id) release(gaspi_segment_id_t(id));
}

LocalSegment *local_segment(gaspi_segment_id_t id) {
  LocalSegment &s = ctx().segments[id];
  return s.used ? &s : nullptr;
}

RemoteSegment *remote_segment(gaspi_rank_t rank, gaspi_segment_id_t id) {
  Context &c = ctx();
  RemoteSegment &rs = (*c.dir[rank])[id];
  if (rs.state.load(std::memory_order_acquire) != kKnown) return nullptr;
  if (__builtin_expect(rs.resolved.load(std::memory_order_acquire), 1)) return &rs;
  std::lock_guard<std::mutex> lock(c.dir_mutex);
  if (rs.resolved.load(std::memory_order_relaxed)) return &rs;
  // Load/store when the route allows it (not GEX_FORCE_AM, not a mixed-route "remote" peer),
  // the data is in the shared object and the peer's transport maps it here.
  const bool mixed_remote = rt::g_rt.route_mix && ((unsigned(rank) + c.rank) & 1);
  if (rs.map_base && rs.mapped_tid != rs.tid) {
    rt::g_rt.routes[rank].am->unmap_peer_memory(rs.map_base, rs.map_bytes);
    rs.map_base = nullptr;
  }
  rs.am = true;
  if (!rt::g_rt.force_am && !mixed_remote && rs.data_shared) {
    if (!rs.map_base) {
      rs.map_bytes = rs.data_offset + page_round(rs.size);
      rs.map_base = rt::g_rt.routes[rank].am->map_peer_memory(rank, rs.tid, rs.map_bytes);
      rs.mapped_tid = rs.tid;
    }
    if (rs.map_base) {
      rs.am = false;
      rs.notif = reinterpret_cast<uint32_t *>(rs.map_base);
      rs.data = rs.map_base + rs.data_offset;
    }
  }
  // Not mapped: the transport's RMA reaches the data when the owner registered it with a transport
  // that has RMA to this rank. Not in fault-tolerant jobs, whose queues give up a dead rank's
  // requests by counting acknowledgements (gaspi_wait), which RMA does not have.
  rs.rma = false;
  if (rs.am && rs.has_rkey && !gex::bootstrap::fault_tolerant()) {
    gex::transport::Transport *t = rt::g_rt.routes[rank].am;
    if (t->has_rma(rank)) {
      t->peer_memory(rank, reinterpret_cast<const void *>(uintptr_t(rs.owner_base)), rs.data_offset + page_round(rs.size), rs.rkey);
      rs.rma = true;
    }
  }
  rs.resolved.store(true, std::memory_order_release);
  return &rs;
}

}  // namespace gex::gaspi

using namespace gex::gaspi;

extern "C" {

gaspi_return_t pgaspi_segment_alloc(const gaspi_segment_id_t id, const gaspi_size_t size, const gaspi_alloc_t policy) {
  const char *call = "gaspi_segment_alloc";
  GEXI_GASPI_REQUIRE_INIT(call);
  Context &c = ctx();
  std::lock_guard<std::mutex> lock(c.lock);
  if (gaspi_return_t rc = check_new_id(call, id)) return rc;
  if (size == 0) return fail(GASPI_ERR_INV_SEGSIZE, call, "size is 0");
  if (policy != GASPI_MEM_UNINITIALIZED && policy != GASPI_MEM_INITIALIZED)
    return fail(GASPI_ERROR, call, "alloc_policy " + std::to_string(int(policy)) + " is neither GASPI_MEM_UNINITIALIZED nor GASPI_MEM_INITIALIZED");
  count(kStatSegAlloc);
  return make_segment(id, size, nullptr, size);  // fresh shared memory is zero-filled either way
}

gaspi_return_t pgaspi_segment_bind(gaspi_segment_id_t const id, gaspi_pointer_t const pointer, gaspi_size_t const size,
                                   gaspi_memory_description_t const) {
  const char *call = "gaspi_segment_bind";
  GEXI_GASPI_REQUIRE_INIT(call);
  Context &c = ctx();
  std::lock_guard<std::mutex> lock(c.lock);
  if (gaspi_return_t rc = check_new_id(call, id)) return rc;
  if (!pointer) return fail(GASPI_ERR_NULLPTR, call, "pointer is NULL");
  if (size == 0) return fail(GASPI_ERR_INV_SEGSIZE, call, "size is 0");
  // The caller's memory is not shareable: peers reach its data over AM; its notification slots
  // are still in shared memory (they are ours).
  count(kStatSegAlloc);
  return make_segment(id, 0, static_cast<char *>(pointer), size);
}

gaspi_return_t pgaspi_segment_delete(const gaspi_segment_id_t id) {
  const char *call = "gaspi_segment_delete";
  GEXI_GASPI_REQUIRE_INIT(call);
  Context &c = ctx();
  std::lock_guard<std::mutex> lock(c.lock);
  if (!local_segment(id)) return fail(GASPI_ERR_INV_SEG, call, "segment " + std::to_string(id) + " does not exist on this rank");
  release(id);
  count(kStatSegDelete);
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_segment_register(const gaspi_segment_id_t id, const gaspi_rank_t rank, const gaspi_timeout_t timeout) {
  const char *call = "gaspi_segment_register";
  GEXI_GASPI_REQUIRE_INIT(call);
  Context &c = ctx();
  if (!local_segment(id)) return fail(GASPI_ERR_INV_SEG, call, "segment " + std::to_string(id) + " does not exist on this rank");
  if (rank >= c.size) return fail(GASPI_ERR_INV_RANK, call, "rank " + std::to_string(rank) + " >= " + std::to_string(c.size) + " processes");
  Deadline dl(timeout);
  count(kStatSegRegister);
  return register_with(call, id, rank, dl);
}

gaspi_return_t pgaspi_segment_create(const gaspi_segment_id_t id, const gaspi_size_t size, const gaspi_group_t group,
                                     const gaspi_timeout_t timeout, const gaspi_alloc_t policy) {
  const char *call = "gaspi_segment_create";
  GEXI_GASPI_REQUIRE_INIT(call);
  Context &c = ctx();
  if (!c.groups[group].committed)
    return fail(GASPI_ERR_INV_GROUP, call, "group " + std::to_string(group) + " does not exist or is not committed");
  // Resumable after GASPI_TIMEOUT: the segment that call allocated is not allocated again.
  LocalSegment *s = local_segment(id);
  if (!s || !s->create_pending || s->size != size || s->user_memory) {
    if (gaspi_return_t rc = pgaspi_segment_alloc(id, size, policy)) return rc;
    count(kStatSegCreate);
    s = local_segment(id);
  }
  s->create_pending = true;
  Deadline dl(timeout);
  for (gaspi_rank_t r : c.groups[group].members)
    if (gaspi_return_t rc = register_with(call, id, r, dl)) return rc;
  if (gaspi_return_t rc = pgaspi_barrier(group, dl.remaining())) return rc;
  s->create_pending = false;
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_segment_use(gaspi_segment_id_t const id, gaspi_pointer_t const pointer, gaspi_size_t const size,
                                  gaspi_group_t const group, gaspi_timeout_t const timeout,
                                  gaspi_memory_description_t const desc) {
  const char *call = "gaspi_segment_use";
  GEXI_GASPI_REQUIRE_INIT(call);
  Context &c = ctx();
  if (!c.groups[group].committed)
    return fail(GASPI_ERR_INV_GROUP, call, "group " + std::to_string(group) + " does not exist or is not committed");
  LocalSegment *s = local_segment(id);
  if (!s || !s->create_pending || s->data != pointer || s->size != size) {
    if (gaspi_return_t rc = pgaspi_segment_bind(id, pointer, size, desc)) return rc;
    count(kStatSegCreate);
    s = local_segment(id);
  }
  s->create_pending = true;
  Deadline dl(timeout);
  for (gaspi_rank_t r : c.groups[group].members)
    if (gaspi_return_t rc = register_with(call, id, r, dl)) return rc;
  if (gaspi_return_t rc = pgaspi_barrier(group, dl.remaining())) return rc;
  s->create_pending = false;
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_segment_ptr(const gaspi_segment_id_t id, gaspi_pointer_t *ptr) {
  const char *call = "gaspi_segment_ptr";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (!ptr) return fail(GASPI_ERR_NULLPTR, call, "ptr is NULL");
  LocalSegment *s = local_segment(id);
  if (!s) return fail(GASPI_ERR_INV_SEG, call, "segment " + std::to_string(id) + " does not exist on this rank");
  *ptr = s->data;
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_segment_num(gaspi_number_t *const num) {
  GEXI_GASPI_REQUIRE_INIT("gaspi_segment_num");
  if (!num) return fail(GASPI_ERR_NULLPTR, "gaspi_segment_num", "segment_num is NULL");
  gaspi_number_t n = 0;
  for (auto &s : ctx().segments) n += s.used;
  *num = n;
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_segment_list(const gaspi_number_t num, gaspi_segment_id_t *const list) {
  const char *call = "gaspi_segment_list";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (!list) return fail(GASPI_ERR_NULLPTR, call, "segment_id_list is NULL");
  gaspi_number_t n = 0;
  for (unsigned id = 0; id < kMaxSegmentIds; ++id)
    if (ctx().segments[id].used) {
      if (n == num) return fail(GASPI_ERR_INV_NUM, call, "num " + std::to_string(num) + " is smaller than the number of segments");
      list[n++] = gaspi_segment_id_t(id);
    }
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_segment_avail_local(gaspi_segment_id_t *const avail) {
  const char *call = "gaspi_segment_avail_local";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (!avail) return fail(GASPI_ERR_NULLPTR, call, "avail_seg_id is NULL");
  for (unsigned id = 0; id < ctx().config.segment_max; ++id)
    if (!ctx().segments[id].used) {
      *avail = gaspi_segment_id_t(id);
      return GASPI_SUCCESS;
    }
  return fail(GASPI_ERR_MANY_SEG, call, "every segment id below segment_max is in use");
}

gaspi_return_t pgaspi_segment_size(const gaspi_segment_id_t id, const gaspi_rank_t rank, gaspi_size_t *const size) {
  const char *call = "gaspi_segment_size";
  GEXI_GASPI_REQUIRE_INIT(call);
  Context &c = ctx();
  if (!size) return fail(GASPI_ERR_NULLPTR, call, "size is NULL");
  if (rank >= c.size) return fail(GASPI_ERR_INV_RANK, call, "rank " + std::to_string(rank) + " >= " + std::to_string(c.size) + " processes");
  RemoteSegment &rs = (*c.dir[rank])[id];
  // Programs wait for a peer's registration by asking until it answers (GPI-2's
  // comm/write_all_nsizes_nobuild, with a sleep between). A registration is a message this rank
  // must receive; where no progress thread runs (GEX_GASPI_PROGRESS_THREAD=0, a SEQ runtime;
  // before 2026-11-29 also among mapped neighbours: core.cpp) such a loop waited for ever once
  // this rank's own registrations had completed before the peer's arrived, without a poll here.
  if (rs.state.load(std::memory_order_acquire) != kKnown && !rt::t_thread.restricted()) rt::poll_all();
  if (rs.state.load(std::memory_order_acquire) != kKnown)
    return fail(GASPI_ERR_INV_SEG, call, "segment " + std::to_string(id) + " of rank " + std::to_string(rank) + " is not known here (not registered with this rank)");
  *size = rs.size;
  return GASPI_SUCCESS;
}

}  // extern "C"

GEXI_GASPI_ALIAS(gaspi_segment_alloc)
GEXI_GASPI_ALIAS(gaspi_segment_bind)
GEXI_GASPI_ALIAS(gaspi_segment_delete)
GEXI_GASPI_ALIAS(gaspi_segment_register)
GEXI_GASPI_ALIAS(gaspi_segment_create)
GEXI_GASPI_ALIAS(gaspi_segment_use)
GEXI_GASPI_ALIAS(gaspi_segment_ptr)
GEXI_GASPI_ALIAS(gaspi_segment_num)
GEXI_GASPI_ALIAS(gaspi_segment_list)
GEXI_GASPI_ALIAS(gaspi_segment_avail_local)
GEXI_GASPI_ALIAS(gaspi_segment_size)
