// Internal to src/coll/: collectives through shared memory, for teams whose members are all
// neighbours (every member's collective area is mapped here, GEX_FORCE_AM is off). See shm.cpp.
#pragma once

#include <gasnet_coll.h>

#include <cstdint>

#include "coll/op.h"

namespace gex::coll::shm {

// Called from coll::init (collective over the job, inside gex_Client_Init): maps every rank's
// collective area and gives the primordial team its shared slots. With GEX_COLL_SHM=0 the areas
// hold only the primordial barrier's arrival counters; with GEX_FORCE_AM=1 there are none.
void init(TeamState *primordial);

// A new team, once its peers are known (collective over the team: it runs an allgather there
// when every member is a neighbour). Null: the team's collectives stay on the AM engine.
ShmTeam *attach_team(gexi_TM *tm);
// gex_TM_Destroy, before it waits for in_use() to be false: from then on the engine asks the
// team's completed Ops at every pass whether they retired (ShmOp::retire_later). Under the
// engine's mutex.
void begin_drain(ShmTeam *team);
// True while an Op of the team holds one of its slots (under the engine's mutex).
bool in_use(const ShmTeam *team);
// After the team's last collective (gex_TM_Destroy's barrier): gives its slots back.
void detach_team(ShmTeam *team);

// An Op that runs the collective in shared memory, or null when the team (or, for a reduction,
// an element larger than one pipeline stage) needs the AM engine. The choice depends only on the
// team and on single-valued arguments, so every member makes the same one.
Op *make_barrier(gexi_TM *tm, const char *call);
Op *make_broadcast(gexi_TM *tm, gex_Rank_t root, void *dst, const void *src, size_t nbytes, const char *call);
Op *make_reduce(gexi_TM *tm, bool to_all, gex_Rank_t root, void *dst, const void *src, gex_DT_t dt, size_t dt_sz,
                size_t dt_cnt, gex_OP_t op, gex_Coll_ReduceFn_t user_op, void *user_cdata, const char *call);
// kind: kGather, kScatter, kGatherAll or kExchange (op.h).
Op *make_blocks(gexi_TM *tm, uint8_t kind, gex_Rank_t root, void *dst, const void *src, size_t nbytes,
                const char *call);

// Counts a client collective (barrier, broadcast, reduce) that the AM engine runs.
void note_am_op();

}  // namespace gex::coll::shm

// For tests: the number of client collectives this process started on each path.
extern "C" void gexi_Coll_PathCounts(uint64_t *shm_ops, uint64_t *am_ops);
// For tests: the shared-memory reductions in which this rank, a leaf, offered its src in place, and
// the shared-memory data stages retired by the ALLSYNC barrier after them (no reader's line read).
extern "C" void gexi_Coll_ShmCounts(uint64_t *reduce_in_place, uint64_t *fenced);
