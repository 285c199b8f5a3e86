// gex_Coll_*: argument checks, then the engine (service.cpp). The primordial team's barrier is
// a counter per rank in the collective areas (coll::primordial_barrier_*, shm.cpp), outside the
// engine; a sub-team's barrier runs in shared memory when its members are neighbours (shm.cpp),
// and otherwise (and for every team under GEX_FORCE_AM=1) it is the engine's dissemination
// barrier over AM.
#include <gasnet_coll.h>

#include <cstdio>

#include "coll/engine.h"
#include "runtime/dtop.h"
#include "runtime/runtime.h"

using namespace gex::runtime;

namespace {

gexi_TM *collective_team(gex_TM_t tm, gex_Flags_t flags, const char *call) {
  require_init(call);
  check_may_communicate(call);
  gexi_TM *team = team_of(tm, call);
  if (flags) usage_fatal(call, "flags must be 0 (no flags are defined for collectives)");
  gex::coll::check_collectives_allowed(team, call);
  return team;
}

void check_root(const gexi_TM *team, gex_Rank_t root, const char *call) {
  if (root >= team->size)
    usage_fatal(call, "root=" + std::to_string(root) + " is out of range for a team of size " + std::to_string(team->size));
}

void check_reduce_args(const void *dst, bool dst_used, const void *src, gex_DT_t dt, size_t dt_sz, size_t dt_cnt,
                       gex_OP_t op, gex_Coll_ReduceFn_t user_op, const char *call) {
  const bool user_dt = dt == GEX_DT_USER;
  const size_t want = builtin_dt_size(dt);
  if (!user_dt && !want) usage_fatal(call, "dt=" + hex(dt) + " is not a gex_DT_t");
  if (user_dt ? dt_sz == 0 : dt_sz != want)
    usage_fatal(call, "dt_sz=" + std::to_string(dt_sz) + " does not match dt=" + dt_str(dt) +
                          (user_dt ? " (must be non-zero)" : " (must be " + std::to_string(want) + ")"));
  if (dt_cnt == 0) usage_fatal(call, "dt_cnt must be non-zero");
  if (dt_sz * dt_cnt / dt_cnt != dt_sz || dt_sz * dt_cnt > 0xffffffffu)
    usage_fatal(call, "dt_sz*dt_cnt exceeds 4 GiB, more than this release supports");
  const bool user_op_kind = op == GEX_OP_USER || op == GEX_OP_USER_NC;
  const bool arith = op == GEX_OP_ADD || op == GEX_OP_MULT || op == GEX_OP_MIN || op == GEX_OP_MAX;
  const bool bitwise = op == GEX_OP_AND || op == GEX_OP_OR || op == GEX_OP_XOR;
  const bool integer = dt == GEX_DT_I32 || dt == GEX_DT_U32 || dt == GEX_DT_I64 || dt == GEX_DT_U64;
  if (user_op_kind) {
    if (!user_op) usage_fatal(call, "op is GEX_OP_USER or GEX_OP_USER_NC but user_op is NULL");
  } else if (user_dt) {
    usage_fatal(call, "GEX_DT_USER requires op GEX_OP_USER or GEX_OP_USER_NC (op=" + hex(op) + ")");
  } else if (!(arith || (bitwise && integer))) {
    usage_fatal(call, "op=" + hex(op) + " is not a valid reduction operation for dt=" + dt_str(dt) +
                          " (valid: ADD, MULT, MIN, MAX" + (integer ? ", AND, OR, XOR" : "") + ", USER, USER_NC)");
  }
  if (!src) usage_fatal(call, "src is NULL");
  if (dst_used && !dst) usage_fatal(call, "dst is NULL");
}

// gex_Coll_BarrierNB and gex_Coll_BarrierBlocking.
gex_Event_t barrier_nb(gex_TM_t tm, gex_Flags_t flags, const char *call) {
  gexi_TM *team = collective_team(tm, flags, call);
  uint64_t seq;
  if (gexi_Event *ev = gex::coll::start_primordial_barrier(team, nullptr, &seq)) return ev;
  return gex::coll::start_barrier(team, call);
}

}  // namespace

gexi_Event *gex::coll::start_primordial_barrier(gexi_TM *team, const BarrierValue *mine, uint64_t *seq_out) {
  if (!team->primordial || g_rt.force_am || !g_rt.one_nbrhd) return nullptr;
  const uint64_t seq = team->barrier_seq.fetch_add(1, std::memory_order_relaxed) + 1;
  // release: this thread's earlier accesses (and the value) are visible first
  if (mine) primordial_barrier_arrive_valued(seq, *mine);
  else primordial_barrier_arrive(seq);
  gexi_Event *ev = event_alloc();
  ev->kind = gexi_Event::Kind::Barrier;
  ev->tm = team;
  ev->barrier_seq = seq;
  *seq_out = seq;
  return ev;
}

extern "C" {

gex_Event_t gex_Coll_BarrierNB(gex_TM_t tm, gex_Flags_t flags) { return barrier_nb(tm, flags, "gex_Coll_BarrierNB"); }

void gex_Coll_BarrierBlocking(gex_TM_t tm, gex_Flags_t flags) {
  gex_Event_Wait(barrier_nb(tm, flags, "gex_Coll_BarrierBlocking"));
}

gex_Event_t gex_Coll_BroadcastNB(gex_TM_t tm, gex_Rank_t root, void *dst, const void *src, size_t nbytes,
                                 gex_Flags_t flags) {
  const char *call = "gex_Coll_BroadcastNB";
  gexi_TM *team = collective_team(tm, flags, call);
  check_root(team, root, call);
  if (nbytes > 0xffffffffu) usage_fatal(call, "nbytes exceeds 4 GiB, more than this release supports");
  if (nbytes && !dst) usage_fatal(call, "dst is NULL");
  if (nbytes && team->rank == root && !src) usage_fatal(call, "src is NULL on the root");
  return gex::coll::start_broadcast(team, root, dst, src, nbytes, call);
}

gex_Event_t gex_Coll_ReduceToOneNB(gex_TM_t tm, gex_Rank_t root, void *dst, const void *src, gex_DT_t dt,
                                   size_t dt_sz, size_t dt_cnt, gex_OP_t op, gex_Coll_ReduceFn_t user_op,
                                   void *user_cdata, gex_Flags_t flags) {
  const char *call = "gex_Coll_ReduceToOneNB";
  gexi_TM *team = collective_team(tm, flags, call);
  check_root(team, root, call);
  check_reduce_args(dst, team->rank == root, src, dt, dt_sz, dt_cnt, op, user_op, call);
  return gex::coll::start_reduce(team, false, root, dst, src, dt, dt_sz, dt_cnt, op, user_op, user_cdata, call);
}

gex_Event_t gex_Coll_ReduceToAllNB(gex_TM_t tm, void *dst, const void *src, gex_DT_t dt, size_t dt_sz,
                                   size_t dt_cnt, gex_OP_t op, gex_Coll_ReduceFn_t user_op, void *user_cdata,
                                   gex_Flags_t flags) {
  const char *call = "gex_Coll_ReduceToAllNB";
  gexi_TM *team = collective_team(tm, flags, call);
  check_reduce_args(dst, true, src, dt, dt_sz, dt_cnt, op, user_op, call);
  return gex::coll::start_reduce(team, true, 0, dst, src, dt, dt_sz, dt_cnt, op, user_op, user_cdata, call);
}

}  // extern "C"
