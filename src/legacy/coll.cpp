// The GASNet-1 collectives of gasnet_coll.h (gasnet_coll_broadcast ... exchange, team barriers,
// the autotuning calls) over the gex_Coll engine: the checks are here, the data movement is the
// engine's (src/coll/engine.h).
//
// Sync flags. The engine touches a member's src and dst only while that member is in the call,
// and a call completes on a member once the data movement of its own src and dst is done: that
// is IN_MYSYNC and OUT_MYSYNC, which also satisfy the weaker NOSYNC. IN_ALLSYNC puts a barrier
// before the data movement and OUT_ALLSYNC one after it (engine Fence); both stay non-blocking
// in the _nb forms.
#include <gasnet.h>
#include <gasnet_coll.h>

#include <cstdio>
#include <string>

#include "coll/engine.h"
#include "legacy/service.h"
#include "runtime/runtime.h"

using namespace gex::runtime;
using gex::coll::Blocks;
using gex::coll::Fence;

extern "C" {
gasnet_team_handle_t gexi_coll_team_all = nullptr;
}

namespace {

constexpr int kInFlags = GASNET_COLL_IN_NOSYNC | GASNET_COLL_IN_MYSYNC | GASNET_COLL_IN_ALLSYNC;
constexpr int kOutFlags = GASNET_COLL_OUT_NOSYNC | GASNET_COLL_OUT_MYSYNC | GASNET_COLL_OUT_ALLSYNC;
constexpr int kKnownFlags = GASNET_COLL_SYNC_FLAG_MASK | GASNET_COLL_LOCAL | GASNET_COLL_FIXED_THREADS_PER_NODE |
                            GASNET_COLL_DST_IN_SEGMENT | GASNET_COLL_SRC_IN_SEGMENT | GASNET_COLL_DISABLE_AUTOTUNE |
                            GASNET_COLL_NO_IMAGES;
static_assert((kInFlags | kOutFlags) == GASNET_COLL_SYNC_FLAG_MASK, "sync flags");

std::string hex(int v) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%x", unsigned(v));
  return b;
}

gexi_TM *legacy_team(gasnet_team_handle_t team, const char *call) {
  require_init(call);
  check_may_communicate(call);
  if (!team) usage_fatal(call, "team is NULL");
  gexi_TM *tm = team_of(reinterpret_cast<gex_TM_t>(team), call);
  gex::coll::check_collectives_allowed(tm, call);
  return tm;
}

Fence check_flags(int flags, const char *call) {
  if (flags & ~kKnownFlags)
    usage_fatal(call, "flags=" + hex(flags) + " has bits that are not GASNET_COLL_* flags (" + hex(flags & ~kKnownFlags) +
                          ")");
  const int in = flags & kInFlags, out = flags & kOutFlags;
  if (!in || (in & (in - 1)))
    usage_fatal(call, "flags=" + hex(flags) + " must have exactly one of GASNET_COLL_IN_NOSYNC, GASNET_COLL_IN_MYSYNC, "
                                              "GASNET_COLL_IN_ALLSYNC");
  if (!out || (out & (out - 1)))
    usage_fatal(call, "flags=" + hex(flags) + " must have exactly one of GASNET_COLL_OUT_NOSYNC, GASNET_COLL_OUT_MYSYNC, "
                                              "GASNET_COLL_OUT_ALLSYNC");
  if (!(flags & GASNET_COLL_LOCAL))
    usage_fatal(call, "flags=" + hex(flags) + " lacks GASNET_COLL_LOCAL: every address is local (single-valued "
                                              "addressing was removed from GASNet-EX)");
  return Fence{in == GASNET_COLL_IN_ALLSYNC, out == GASNET_COLL_OUT_ALLSYNC};
}

void check_image(const gexi_TM *tm, gasnet_image_t image, const char *what, const char *call) {
  if (image >= tm->size)
    usage_fatal(call, std::string(what) + "=" + std::to_string(image) + " is out of range for a team of size " +
                          std::to_string(tm->size));
}

void check_size(const gexi_TM *tm, size_t nbytes, const char *call) {
  if (nbytes > 0xffffffffu / tm->size)
    usage_fatal(call, "nbytes*team size exceeds 4 GiB, more than this release supports");
}

// A local buffer the call reads or writes: non-NULL, and in the bound segment if flags say so.
void check_buffer(const void *p, size_t len, int flags, int in_segment_flag, const char *what, const char *call) {
  if (!len) return;
  if (!p) usage_fatal(call, std::string(what) + " is NULL");
#ifdef GASNET_DEBUG
  if ((flags & in_segment_flag) && !in_segment(g_rt.rank, p, len))
    usage_fatal(call, std::string(what) + "=" + fmt_ptr(p) + " (" + std::to_string(len) +
                          " bytes) is not in this rank's bound segment, but flags has GASNET_COLL_" +
                          (in_segment_flag == GASNET_COLL_SRC_IN_SEGMENT ? "SRC" : "DST") + "_IN_SEGMENT");
#else
  (void)flags, (void)in_segment_flag;
#endif
}

gex_Event_t broadcast(gasnet_team_handle_t team, void *dst, gasnet_image_t srcimage, void *src, size_t nbytes,
                      int flags, const char *call) {
  gexi_TM *tm = legacy_team(team, call);
  const Fence fence = check_flags(flags, call);
  check_image(tm, srcimage, "srcimage", call);
  check_size(tm, nbytes, call);
  check_buffer(dst, nbytes, flags, GASNET_COLL_DST_IN_SEGMENT, "dst", call);
  if (tm->rank == srcimage) check_buffer(src, nbytes, flags, GASNET_COLL_SRC_IN_SEGMENT, "src", call);
  return gex::coll::start_broadcast(tm, srcimage, dst, src, nbytes, call, fence);
}

// Gather, scatter, gather_all, exchange: `root` is the image (NULL dst/src where unused).
gex_Event_t blocks(Blocks what, gasnet_team_handle_t team, gasnet_image_t root, void *dst, void *src, size_t nbytes,
                   int flags, const char *call) {
  gexi_TM *tm = legacy_team(team, call);
  const Fence fence = check_flags(flags, call);
  const bool rooted = what == Blocks::Gather || what == Blocks::Scatter;
  if (rooted) check_image(tm, root, what == Blocks::Gather ? "dstimage" : "srcimage", call);
  check_size(tm, nbytes, call);
  const size_t all = nbytes * tm->size;
  const bool is_root = rooted && tm->rank == root;
  const size_t src_len = what == Blocks::Gather || what == Blocks::GatherAll ? nbytes
                         : what == Blocks::Scatter                           ? (is_root ? all : 0)
                                                                             : all;
  const size_t dst_len = what == Blocks::Scatter ? nbytes : what == Blocks::Gather ? (is_root ? all : 0) : all;
  check_buffer(src, src_len, flags, GASNET_COLL_SRC_IN_SEGMENT, "src", call);
  check_buffer(dst, dst_len, flags, GASNET_COLL_DST_IN_SEGMENT, "dst", call);
  return gex::coll::start_blocks(tm, what, rooted ? root : 0, dst, src, nbytes, fence, call);
}

// The team barriers run GASNet-1's named barrier, which spans the whole job.
void require_team_all(gasnet_team_handle_t team, const char *call) {
  gexi_TM *tm = legacy_team(team, call);
  if (!tm->primordial) usage_fatal(call, "team barriers are available on GASNET_TEAM_ALL only");
}

void check_tree_optype(gasnet_coll_optype_t optype, const char *call) {
  if (optype != GASNET_COLL_BROADCAST_OP && optype != GASNET_COLL_SCATTER_OP && optype != GASNET_COLL_GATHER_OP)
    usage_fatal(call, "optype=" + std::to_string(int(optype)) +
                          " is not a tree-based collective (GASNET_COLL_BROADCAST_OP, _SCATTER_OP or _GATHER_OP)");
}

}  // namespace

namespace gex::legacy {
void init_collectives() { gexi_coll_team_all = reinterpret_cast<gasnet_team_handle_t>(g_rt.client->tm); }
}  // namespace gex::legacy

extern "C" {

// ---- data movement ------------------------------------------------------------------------------
gasnet_coll_handle_t gasnet_coll_broadcast_nb(gasnet_team_handle_t team, void *dst, gasnet_image_t srcimage, void *src,
                                              size_t nbytes, int flags) {
  return broadcast(team, dst, srcimage, src, nbytes, flags, "gasnet_coll_broadcast_nb");
}
void gasnet_coll_broadcast(gasnet_team_handle_t team, void *dst, gasnet_image_t srcimage, void *src, size_t nbytes,
                           int flags) {
  gex_Event_Wait(broadcast(team, dst, srcimage, src, nbytes, flags, "gasnet_coll_broadcast"));
}

gasnet_coll_handle_t gasnet_coll_scatter_nb(gasnet_team_handle_t team, void *dst, gasnet_image_t srcimage, void *src,
                                            size_t nbytes, int flags) {
  return blocks(Blocks::Scatter, team, srcimage, dst, src, nbytes, flags, "gasnet_coll_scatter_nb");
}
void gasnet_coll_scatter(gasnet_team_handle_t team, void *dst, gasnet_image_t srcimage, void *src, size_t nbytes,
                         int flags) {
  gex_Event_Wait(blocks(Blocks::Scatter, team, srcimage, dst, src, nbytes, flags, "gasnet_coll_scatter"));
}

gasnet_coll_handle_t gasnet_coll_gather_nb(gasnet_team_handle_t team, gasnet_image_t dstimage, void *dst, void *src,
                                           size_t nbytes, int flags) {
  return blocks(Blocks::Gather, team, dstimage, dst, src, nbytes, flags, "gasnet_coll_gather_nb");
}
void gasnet_coll_gather(gasnet_team_handle_t team, gasnet_image_t dstimage, void *dst, void *src, size_t nbytes,
                        int flags) {
  gex_Event_Wait(blocks(Blocks::Gather, team, dstimage, dst, src, nbytes, flags, "gasnet_coll_gather"));
}

gasnet_coll_handle_t gasnet_coll_gather_all_nb(gasnet_team_handle_t team, void *dst, void *src, size_t nbytes,
                                               int flags) {
  return blocks(Blocks::GatherAll, team, 0, dst, src, nbytes, flags, "gasnet_coll_gather_all_nb");
}
void gasnet_coll_gather_all(gasnet_team_handle_t team, void *dst, void *src, size_t nbytes, int flags) {
  gex_Event_Wait(blocks(Blocks::GatherAll, team, 0, dst, src, nbytes, flags, "gasnet_coll_gather_all"));
}

gasnet_coll_handle_t gasnet_coll_exchange_nb(gasnet_team_handle_t team, void *dst, void *src, size_t nbytes,
                                             int flags) {
  return blocks(Blocks::Exchange, team, 0, dst, src, nbytes, flags, "gasnet_coll_exchange_nb");
}
void gasnet_coll_exchange(gasnet_team_handle_t team, void *dst, void *src, size_t nbytes, int flags) {
  gex_Event_Wait(blocks(Blocks::Exchange, team, 0, dst, src, nbytes, flags, "gasnet_coll_exchange"));
}

// ---- team barriers ------------------------------------------------------------------------------
void gasnet_coll_barrier_notify(gasnet_team_handle_t team, int id, int flags) {
  require_team_all(team, "gasnet_coll_barrier_notify");
  gasnet_barrier_notify(id, flags);
}
int gasnet_coll_barrier_try(gasnet_team_handle_t team, int id, int flags) {
  require_team_all(team, "gasnet_coll_barrier_try");
  return gasnet_barrier_try(id, flags);
}
int gasnet_coll_barrier_wait(gasnet_team_handle_t team, int id, int flags) {
  require_team_all(team, "gasnet_coll_barrier_wait");
  return gasnet_barrier_wait(id, flags);
}
int gasnet_coll_barrier(gasnet_team_handle_t team, int id, int flags) {
  require_team_all(team, "gasnet_coll_barrier");
  return gasnet_barrier(id, flags);
}
int gasnet_coll_barrier_result(gasnet_team_handle_t team, int *id) {
  require_team_all(team, "gasnet_coll_barrier_result");
  return gasnet_barrier_result(id);
}

// ---- autotuning (nothing to tune: see gasnet_coll.h) ---------------------------------------------
void gasnet_coll_loadTuningState(char *filename, gasnet_team_handle_t team) {
  const char *call = "gasnet_coll_loadTuningState";
  gexi_TM *tm = legacy_team(team, call);
  if (tm->rank != 0) return;
  const char *path = filename ? filename : "gasnet_coll_tuning_defaults.bin";
  std::FILE *f = std::fopen(path, "r");
  if (!f) usage_fatal(call, std::string("cannot open the tuning file ") + path);
  std::fclose(f);  // its settings have nothing to apply to here
}
void gasnet_coll_dumpTuningState(char *, gasnet_team_handle_t team) {
  legacy_team(team, "gasnet_coll_dumpTuningState");
}
void gasnet_coll_dumpProfile(char *, gasnet_team_handle_t team) { legacy_team(team, "gasnet_coll_dumpProfile"); }
int gasnet_coll_get_num_tree_classes(gasnet_team_handle_t team, gasnet_coll_optype_t optype) {
  const char *call = "gasnet_coll_get_num_tree_classes";
  legacy_team(team, call);
  check_tree_optype(optype, call);
  return 1;
}
void gasnet_coll_set_tree_kind(gasnet_team_handle_t team, int tree_type, int fanout, gasnet_coll_optype_t optype) {
  const char *call = "gasnet_coll_set_tree_kind";
  legacy_team(team, call);
  check_tree_optype(optype, call);
  if (tree_type < 0 || tree_type >= 1)
    usage_fatal(call, "tree_type=" + std::to_string(tree_type) +
                          " is out of range (gasnet_coll_get_num_tree_classes gives 1)");
  if (fanout < 1) usage_fatal(call, "fanout=" + std::to_string(fanout) + " must be positive");
}
void gasnet_coll_set_dissem_limit(gasnet_team_handle_t team, size_t, gasnet_coll_optype_t optype) {
  const char *call = "gasnet_coll_set_dissem_limit";
  legacy_team(team, call);
  if (optype != GASNET_COLL_GATHER_ALL_OP && optype != GASNET_COLL_EXCHANGE_OP)
    usage_fatal(call, "optype=" + std::to_string(int(optype)) +
                          " is not a dissemination-based collective (GASNET_COLL_GATHER_ALL_OP or _EXCHANGE_OP)");
}

}  // extern "C"
