// GASPI groups and collectives: group commit (a handshake among the members only), the barrier
// (dissemination over the members), allreduce and allreduce_user (contributions to the group's
// first member, which reduces them in member order and sends the result back). Every
// collective keeps its progress in the group, so a call that returned GASPI_TIMEOUT continues
// where it stopped when called again (nothing is sent twice).
#include <algorithm>
#include <cstring>
#include <map>
#include <tuple>

#include "gaspi/state.h"

namespace gex::gaspi {

namespace rt = gex::runtime;

namespace {

// Commit handshakes received: (group, source, generation) -> members hash.
std::mutex g_commit_mutex;
std::map<std::tuple<unsigned, unsigned, uint64_t>, uint64_t> g_commits;
// Commits of a group id that this rank and member r took part in together, by id and r: the
// generation of their next handshake. Per pair, not per id: ranks that are not members of one
// incarnation of an id skip its commit, so a count per id would differ between the members of
// the next incarnation (GPI-2's groups/g_coll_del_coll: id 1 without rank 1, then with it).
std::vector<uint32_t> g_pair_gen[kMaxGroups];

uint32_t &pair_gen(gaspi_group_t group, gaspi_rank_t r) {
  std::vector<uint32_t> &v = g_pair_gen[group];
  if (v.size() <= r) v.resize(ctx().size, 0);
  return v[r];
}

uint64_t members_hash(const std::vector<gaspi_rank_t> &m) {
  uint64_t h = 1469598103934665603ull;
  for (gaspi_rank_t r : m) h = (h ^ r) * 1099511628211ull;
  return h ^ m.size();
}

void on_commit(gex_Token_t token, gex_AM_Arg_t group, gex_AM_Arg_t gen, gex_AM_Arg_t h_hi, gex_AM_Arg_t h_lo) {
  std::lock_guard<std::mutex> lock(g_commit_mutex);
  g_commits[{unsigned(uint8_t(group)), unsigned(source_rank(token)), uint64_t(uint32_t(gen))}] =
      (uint64_t(uint32_t(h_hi)) << 32) | uint32_t(h_lo);
}

void on_barrier(gex_Token_t, gex_AM_Arg_t group, gex_AM_Arg_t parity, gex_AM_Arg_t round) {
  ctx().groups[uint8_t(group)].arrived[parity & 1][round & 31].fetch_add(1, std::memory_order_release);
}

// An allreduce message: a piece of a contribution (to the root, from member `index`) or of the
// result, `total` bytes in all, this piece at byte `offset`. The counters count bytes, so a
// contribution larger than one Medium arrives in pieces.
void on_reduce(gex_Token_t, void *buf, size_t n, gex_AM_Arg_t group, gex_AM_Arg_t parity, gex_AM_Arg_t index,
               gex_AM_Arg_t is_result, gex_AM_Arg_t offset, gex_AM_Arg_t total) {
  Group &g = ctx().groups[uint8_t(group)];
  const int p = parity & 1;
  std::lock_guard<std::mutex> lock(g.reduce_mutex);
  std::vector<char> *dst = &g.result[p];
  if (!is_result) {
    if (g.contrib[p].size() <= size_t(index)) g.contrib[p].resize(size_t(index) + 1);
    dst = &g.contrib[p][size_t(index)];
  }
  if (dst->size() != uint32_t(total)) dst->resize(uint32_t(total));
  std::memcpy(dst->data() + uint32_t(offset), buf, n);
  (is_result ? g.result_ready[p] : g.contrib_count[p]).fetch_add(n, std::memory_order_release);
}

// Sends `bytes` at `data` to `rank` in Medium pieces.
void send_pieces(gaspi_rank_t rank, gaspi_group_t group, int parity, int index, bool is_result, const char *data, size_t bytes) {
  const size_t chunk = rt::am_limits(rank).max_medium;
  for (size_t off = 0; off < bytes; off += chunk) {
    const size_t len = std::min(chunk, bytes - off);
    const gex_AM_Arg_t args[] = {gex_AM_Arg_t(group), gex_AM_Arg_t(parity), gex_AM_Arg_t(index), gex_AM_Arg_t(is_result),
                                 gex_AM_Arg_t(off), gex_AM_Arg_t(bytes)};
    rt::am_request(gex::transport::AmCategory::Medium, rank, kHReduce, data + off, len, nullptr, 0, 6, args);
  }
}

// A collective of a group with a dead member cannot complete: GASPI_ERROR naming the member
// (checked on entry and while waiting, so a GASPI_BLOCK call does not hang).
gaspi_return_t check_members_alive(const char *call, gaspi_group_t group, const std::vector<gaspi_rank_t> &members) {
  const int dead = dead_member(members);
  if (dead < 0) return GASPI_SUCCESS;
  return dead_peer_error(call, gaspi_rank_t(dead), ", a member of group " + std::to_string(group) + ": the collective cannot complete");
}

gaspi_return_t check_group(const char *call, gaspi_group_t group, bool committed) {
  Context &c = ctx();
  if (group >= c.config.group_max || !c.groups[group].exists)
    return fail(GASPI_ERR_INV_GROUP, call, "group " + std::to_string(group) + " does not exist");
  if (committed && !c.groups[group].committed)
    return fail(GASPI_ERR_INV_GROUP, call, "group " + std::to_string(group) + " is not committed");
  if (committed && c.groups[group].my_index < 0)
    return fail(GASPI_ERR_INV_GROUP, call, "this rank is not a member of group " + std::to_string(group));
  return GASPI_SUCCESS;
}

template <typename T>
void reduce_typed(gaspi_operation_t op, T *acc, const T *x, gaspi_number_t num) {
  for (gaspi_number_t i = 0; i < num; ++i) switch (op) {
      case GASPI_OP_MIN: acc[i] = std::min(acc[i], x[i]); break;
      case GASPI_OP_MAX: acc[i] = std::max(acc[i], x[i]); break;
      case GASPI_OP_SUM: acc[i] = acc[i] + x[i]; break;
    }
}

size_t type_size(gaspi_datatype_t t) {
  switch (t) {
    case GASPI_TYPE_INT: return sizeof(int);
    case GASPI_TYPE_UINT: return sizeof(unsigned);
    case GASPI_TYPE_FLOAT: return sizeof(float);
    case GASPI_TYPE_DOUBLE: return sizeof(double);
    case GASPI_TYPE_LONG: return sizeof(long);
    case GASPI_TYPE_ULONG: return sizeof(unsigned long);
  }
  return 0;
}

// The reduction the root applies: acc = acc (op) x.
struct Reducer {
  bool user = false;
  gaspi_operation_t op = GASPI_OP_SUM;
  gaspi_datatype_t type = GASPI_TYPE_INT;
  gaspi_reduce_operation_t fn = nullptr;
  gaspi_reduce_state_t state = nullptr;
  gaspi_size_t elem_size = 0;
  gaspi_return_t apply(char *acc, const char *x, gaspi_number_t num, gaspi_timeout_t timeout) const {
    if (user) {
      std::vector<char> out(num * elem_size);
      gaspi_return_t rc = fn(acc, const_cast<char *>(x), out.data(), state, num, elem_size, timeout);
      if (rc == GASPI_SUCCESS) std::memcpy(acc, out.data(), out.size());
      return rc;
    }
    switch (type) {
      case GASPI_TYPE_INT: reduce_typed(op, reinterpret_cast<int *>(acc), reinterpret_cast<const int *>(x), num); break;
      case GASPI_TYPE_UINT: reduce_typed(op, reinterpret_cast<unsigned *>(acc), reinterpret_cast<const unsigned *>(x), num); break;
      case GASPI_TYPE_FLOAT: reduce_typed(op, reinterpret_cast<float *>(acc), reinterpret_cast<const float *>(x), num); break;
      case GASPI_TYPE_DOUBLE: reduce_typed(op, reinterpret_cast<double *>(acc), reinterpret_cast<const double *>(x), num); break;
      case GASPI_TYPE_LONG: reduce_typed(op, reinterpret_cast<long *>(acc), reinterpret_cast<const long *>(x), num); break;
      case GASPI_TYPE_ULONG:
        reduce_typed(op, reinterpret_cast<unsigned long *>(acc), reinterpret_cast<const unsigned long *>(x), num);
        break;
    }
    return GASPI_SUCCESS;
  }
};

gaspi_return_t allreduce(const char *call, const void *send, void *recv, gaspi_number_t num, size_t bytes,
                         const Reducer &red, gaspi_group_t group, gaspi_timeout_t timeout) {
  Context &c = ctx();
  Group &g = c.groups[group];
  Deadline dl(timeout);
  if (!lock_until(g.coll_mutex, dl)) return GASPI_TIMEOUT;
  std::lock_guard<std::mutex> hold(g.coll_mutex, std::adopt_lock);
  const int n = int(g.members.size());
  const int me = g.my_index;
  const int p = int(g.reduce_epoch & 1);
  if (g.reduce_phase == 0) {  // contribute (once per epoch)
    count(kStatAllreduce);
    if (me == 0) {
      std::lock_guard<std::mutex> lock(g.reduce_mutex);
      if (g.contrib[p].size() < size_t(n)) g.contrib[p].resize(size_t(n));
      g.contrib[p][0].assign(static_cast<const char *>(send), static_cast<const char *>(send) + bytes);
      g.contrib_count[p].fetch_add(uint32_t(bytes), std::memory_order_release);
    } else {
      send_pieces(g.members[0], group, p, me, false, static_cast<const char *>(send), bytes);
    }
    g.reduce_phase = 1;
  }
  if (me == 0) {
    while (g.contrib_count[p].load(std::memory_order_acquire) < uint64_t(n) * bytes) {
      if (dead_member(g.members) >= 0) {
        drain_incoming();
        if (g.contrib_count[p].load(std::memory_order_acquire) >= uint64_t(n) * bytes) break;
        return check_members_alive(call, group, g.members);
      }
      if (dl.expired()) return GASPI_TIMEOUT;
      dl.step();
    }
    std::vector<char> acc;
    {
      std::lock_guard<std::mutex> lock(g.reduce_mutex);
      acc = g.contrib[p][0];
      for (int i = 1; i < n; ++i) {
        if (g.contrib[p][size_t(i)].size() != bytes) {
          g.reduce_phase = 0;
          return fail(GASPI_ERROR, call, "member " + std::to_string(i) + " contributed " + std::to_string(g.contrib[p][size_t(i)].size()) +
                                             " bytes, this rank " + std::to_string(bytes) + " (num and type must agree)");
        }
        if (gaspi_return_t rc = red.apply(acc.data(), g.contrib[p][size_t(i)].data(), num, timeout))
          return fail(rc, call, "the reduce_operation callback returned " + std::to_string(int(rc)));
      }
      g.contrib_count[p].store(0, std::memory_order_relaxed);
    }
    for (int i = 1; i < n; ++i) send_pieces(g.members[size_t(i)], group, p, 0, true, acc.data(), bytes);
    std::memcpy(recv, acc.data(), bytes);
  } else {
    while (g.result_ready[p].load(std::memory_order_acquire) < bytes) {
      if (dead_member(g.members) >= 0) {
        drain_incoming();
        if (g.result_ready[p].load(std::memory_order_acquire) >= bytes) break;
        return check_members_alive(call, group, g.members);
      }
      if (dl.expired()) return GASPI_TIMEOUT;
      dl.step();
    }
    std::lock_guard<std::mutex> lock(g.reduce_mutex);
    std::memcpy(recv, g.result[p].data(), std::min(bytes, g.result[p].size()));
    g.result_ready[p].store(0, std::memory_order_relaxed);
  }
  g.reduce_phase = 0;
  ++g.reduce_epoch;
  return GASPI_SUCCESS;
}

}  // namespace

void coll_init() {
  const gex_Flags_t req = GEX_FLAG_AM_REQUEST;
  rt::register_internal_handler(kHBarrier, (gex_AM_Fn_t)on_barrier, req | GEX_FLAG_AM_SHORT, 3, "GASPI barrier");
  rt::register_internal_handler(kHReduce, (gex_AM_Fn_t)on_reduce, req | GEX_FLAG_AM_MEDIUM, 6, "GASPI allreduce");
  rt::register_internal_handler(kHGroupCommit, (gex_AM_Fn_t)on_commit, req | GEX_FLAG_AM_SHORT, 4, "GASPI group commit");
}

}  // namespace gex::gaspi

using namespace gex::gaspi;
namespace rt = gex::runtime;

extern "C" {

gaspi_return_t pgaspi_group_create(gaspi_group_t *const group) {
  const char *call = "gaspi_group_create";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (!group) return fail(GASPI_ERR_NULLPTR, call, "group is NULL");
  Context &c = ctx();
  std::lock_guard<std::mutex> lock(c.lock);
  for (unsigned id = 1; id < c.config.group_max; ++id) {
    Group &g = c.groups[id];
    if (g.exists) continue;
    // Arrival counters stay (a completed collective leaves none behind). The epochs start
    // again: this id's earlier incarnations may have had other members, so the members of this
    // one agree only on 0 (GPI-2's groups/g_coll_del_coll: a rank that was not in the id's
    // last incarnation would wait for the other parity). No member can be in a collective of
    // this incarnation before this rank has committed it.
    g.exists = true;
    g.committed = false;
    g.members.clear();
    g.my_index = -1;
    g.barrier_epoch = 0;
    g.barrier_round = -1;
    g.reduce_epoch = 0;
    g.reduce_phase = 0;
    g.commit_sent = false;
    *group = gaspi_group_t(id);
    return GASPI_SUCCESS;
  }
  return fail(GASPI_ERR_MANY_GRP, call, "all group_max " + std::to_string(c.config.group_max) + " groups exist");
}

gaspi_return_t pgaspi_group_add(const gaspi_group_t group, const gaspi_rank_t rank) {
  const char *call = "gaspi_group_add";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (gaspi_return_t rc = check_group(call, group, false)) return rc;
  Context &c = ctx();
  if (rank >= c.size) return fail(GASPI_ERR_INV_RANK, call, "rank " + std::to_string(rank) + " >= " + std::to_string(c.size) + " processes");
  Group &g = c.groups[group];
  if (g.committed) return fail(GASPI_ERR_INV_GROUP, call, "group " + std::to_string(group) + " is committed already");
  auto it = std::lower_bound(g.members.begin(), g.members.end(), rank);
  if (it != g.members.end() && *it == rank)
    return fail(GASPI_ERROR, call, "rank " + std::to_string(rank) + " is already in group " + std::to_string(group));
  g.members.insert(it, rank);
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_group_commit(const gaspi_group_t group, const gaspi_timeout_t timeout) {
  const char *call = "gaspi_group_commit";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (gaspi_return_t rc = check_group(call, group, false)) return rc;
  Context &c = ctx();
  Group &g = c.groups[group];
  if (g.committed) return GASPI_SUCCESS;
  auto it = std::find(g.members.begin(), g.members.end(), c.rank);
  if (it == g.members.end()) return fail(GASPI_ERR_INV_GROUP, call, "this rank is not a member of group " + std::to_string(group));
  g.my_index = int(it - g.members.begin());
  const uint64_t hash = members_hash(g.members);
  // The generation of this commit's handshake with member r.
  auto gen_of = [&](gaspi_rank_t r) { return uint64_t(pair_gen(group, r) + 1); };
  // Used up: the pairs' next commit of this id gets the next generation.
  auto use_up = [&] {
    for (gaspi_rank_t r : g.members)
      if (r != c.rank) ++pair_gen(group, r);
    g.commit_sent = false;
  };
  if (!g.commit_sent) {  // first attempt of this commit: tell every other member
    for (gaspi_rank_t r : g.members) {
      if (r == c.rank) continue;
      const gex_AM_Arg_t args[] = {gex_AM_Arg_t(group), gex_AM_Arg_t(uint32_t(gen_of(r))), gex_AM_Arg_t(hash >> 32),
                                   gex_AM_Arg_t(uint32_t(hash))};
      rt::am_request(gex::transport::AmCategory::Short, r, kHGroupCommit, nullptr, 0, nullptr, 0, 4, args);
    }
    g.commit_sent = true;
  }
  Deadline dl(timeout);
  bool dead_checked = false;
  for (;;) {
    bool all = true;
    {
      std::lock_guard<std::mutex> lock(g_commit_mutex);
      for (gaspi_rank_t r : g.members) {
        if (r == c.rank) continue;
        auto f = g_commits.find({unsigned(group), unsigned(r), uint64_t(uint32_t(gen_of(r)))});
        if (f == g_commits.end()) {
          all = false;
          break;
        }
        if (f->second != hash)
          return fail(GASPI_ERR_INV_GROUP, call, "rank " + std::to_string(r) + " committed group " + std::to_string(group) +
                                                     " with other members than this rank");
      }
      if (all)
        for (gaspi_rank_t r : g.members) g_commits.erase({unsigned(group), unsigned(r), uint64_t(uint32_t(gen_of(r)))});
    }
    if (all) break;
    if (dead_member(g.members) >= 0) {
      drain_incoming();  // the handshakes that arrived count on the next check
      if (dead_checked) {
        // This commit can never complete: its generation is used up (the handshakes that came
        // are dropped), so a later commit of this group id, e.g. of the survivors, starts clean.
        std::lock_guard<std::mutex> lock(g_commit_mutex);
        for (gaspi_rank_t r : g.members) g_commits.erase({unsigned(group), unsigned(r), uint64_t(uint32_t(gen_of(r)))});
        use_up();
        return check_members_alive(call, group, g.members);
      }
      dead_checked = true;
      continue;
    }
    if (dl.expired()) return GASPI_TIMEOUT;
    dl.step();
  }
  use_up();
  g.committed = true;
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_group_delete(const gaspi_group_t group) {
  const char *call = "gaspi_group_delete";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (group == GASPI_GROUP_ALL) return fail(GASPI_ERR_INV_GROUP, call, "GASPI_GROUP_ALL cannot be deleted");
  if (gaspi_return_t rc = check_group(call, group, false)) return rc;
  Context &c = ctx();
  std::lock_guard<std::mutex> lock(c.lock);
  Group &g = c.groups[group];
  g.exists = g.committed = false;
  g.members.clear();
  g.my_index = -1;
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_group_num(gaspi_number_t *const num) {
  GEXI_GASPI_REQUIRE_INIT("gaspi_group_num");
  if (!num) return fail(GASPI_ERR_NULLPTR, "gaspi_group_num", "group_num is NULL");
  gaspi_number_t n = 0;
  for (auto &g : ctx().groups) n += g.exists;
  *num = n;
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_group_size(const gaspi_group_t group, gaspi_number_t *const size) {
  const char *call = "gaspi_group_size";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (gaspi_return_t rc = check_group(call, group, false)) return rc;
  if (!size) return fail(GASPI_ERR_NULLPTR, call, "group_size is NULL");
  *size = gaspi_number_t(ctx().groups[group].members.size());
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_group_ranks(const gaspi_group_t group, gaspi_rank_t *const ranks) {
  const char *call = "gaspi_group_ranks";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (gaspi_return_t rc = check_group(call, group, false)) return rc;
  if (!ranks) return fail(GASPI_ERR_NULLPTR, call, "group_ranks is NULL");
  const auto &m = ctx().groups[group].members;
  std::copy(m.begin(), m.end(), ranks);
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_barrier(const gaspi_group_t group, const gaspi_timeout_t timeout) {
  const char *call = "gaspi_barrier";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (gaspi_return_t rc = check_group(call, group, true)) return rc;
  Group &g = ctx().groups[group];
  Deadline dl(timeout);
  if (!lock_until(g.coll_mutex, dl)) return GASPI_TIMEOUT;
  std::lock_guard<std::mutex> hold(g.coll_mutex, std::adopt_lock);
  const int n = int(g.members.size());
  int rounds = 0;
  while ((1 << rounds) < n) ++rounds;
  const int p = int(g.barrier_epoch & 1);
  if (g.barrier_round < 0) {
    g.barrier_round = 0;
    count(kStatBarrier);  // once per barrier, not per retry
  }
  // barrier_round counts sent messages twice: 2k = round k not sent, 2k+1 = sent, waiting.
  while (g.barrier_round < 2 * rounds) {
    const int k = g.barrier_round / 2;
    if ((g.barrier_round & 1) == 0) {
      const gaspi_rank_t to = g.members[size_t((g.my_index + (1 << k)) % n)];
      const gex_AM_Arg_t args[] = {gex_AM_Arg_t(group), gex_AM_Arg_t(p), gex_AM_Arg_t(k)};
      rt::am_request(gex::transport::AmCategory::Short, to, kHBarrier, nullptr, 0, nullptr, 0, 3, args);
      ++g.barrier_round;
    }
    std::atomic<uint32_t> &arrived = g.arrived[p][k];
    while (arrived.load(std::memory_order_acquire) == 0) {
      if (dead_member(g.members) >= 0) {
        drain_incoming();
        if (arrived.load(std::memory_order_acquire) != 0) break;
        return check_members_alive(call, group, g.members);
      }
      if (dl.expired()) return GASPI_TIMEOUT;
      dl.step();
    }
    arrived.fetch_sub(1, std::memory_order_acq_rel);
    ++g.barrier_round;
  }
  g.barrier_round = -1;
  ++g.barrier_epoch;
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_allreduce(const gaspi_pointer_t send, gaspi_pointer_t const recv, const gaspi_number_t num,
                                const gaspi_operation_t op, const gaspi_datatype_t type, const gaspi_group_t group,
                                const gaspi_timeout_t timeout) {
  const char *call = "gaspi_allreduce";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (gaspi_return_t rc = check_group(call, group, true)) return rc;
  if (!send || !recv) return fail(GASPI_ERR_NULLPTR, call, "buffer_send or buffer_receive is NULL");
  if (num == 0 || num > ctx().config.allreduce_elem_max)
    return fail(GASPI_ERR_INV_NUM, call, "num " + std::to_string(num) + " is outside [1, allreduce_elem_max " +
                                             std::to_string(ctx().config.allreduce_elem_max) + "]");
  if (unsigned(op) > GASPI_OP_SUM) return fail(GASPI_ERROR, call, "operation " + std::to_string(int(op)) + " is not a gaspi_operation_t");
  const size_t ts = type_size(type);
  if (!ts) return fail(GASPI_ERROR, call, "datatype " + std::to_string(int(type)) + " is not a gaspi_datatype_t");
  Reducer red;
  red.op = op;
  red.type = type;
  return allreduce(call, send, recv, num, num * ts, red, group, timeout);
}

gaspi_return_t pgaspi_allreduce_user(const gaspi_pointer_t send, gaspi_pointer_t const recv, const gaspi_number_t num,
                                     const gaspi_size_t elem_size, gaspi_reduce_operation_t const fn,
                                     gaspi_reduce_state_t const state, const gaspi_group_t group,
                                     const gaspi_timeout_t timeout) {
  const char *call = "gaspi_allreduce_user";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (gaspi_return_t rc = check_group(call, group, true)) return rc;
  if (!send || !recv || !fn) return fail(GASPI_ERR_NULLPTR, call, "buffer_send, buffer_receive or reduce_operation is NULL");
  if (num == 0 || num > ctx().config.allreduce_elem_max)
    return fail(GASPI_ERR_INV_NUM, call, "num " + std::to_string(num) + " is outside [1, allreduce_elem_max " +
                                             std::to_string(ctx().config.allreduce_elem_max) + "]");
  if (elem_size == 0 || num * elem_size > ctx().config.allreduce_buf_size)
    return fail(GASPI_ERR_INV_SIZE, call, "num * element_size = " + std::to_string(num * elem_size) + " is 0 or exceeds allreduce_buf_size " +
                                              std::to_string(ctx().config.allreduce_buf_size));
  Reducer red;
  red.user = true;
  red.fn = fn;
  red.state = state;
  red.elem_size = elem_size;
  return allreduce(call, send, recv, num, num * elem_size, red, group, timeout);
}

}  // extern "C"

GEXI_GASPI_ALIAS(gaspi_group_create)
GEXI_GASPI_ALIAS(gaspi_group_add)
GEXI_GASPI_ALIAS(gaspi_group_commit)
GEXI_GASPI_ALIAS(gaspi_group_delete)
GEXI_GASPI_ALIAS(gaspi_group_num)
GEXI_GASPI_ALIAS(gaspi_group_size)
GEXI_GASPI_ALIAS(gaspi_group_ranks)
GEXI_GASPI_ALIAS(gaspi_barrier)
GEXI_GASPI_ALIAS(gaspi_allreduce)
GEXI_GASPI_ALIAS(gaspi_allreduce_user)
