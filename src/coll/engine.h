// Internal interface between the collectives API (collectives.cpp) and the engine (service.cpp).
// Arguments are validated by the caller; every start_* returns an event of Kind::Coll.
#pragma once

#include <gasnet_coll.h>

#include "coll/service.h"

namespace gex::coll {

// Ends the job when `tm` is a gex_TM_Create(..., GEX_FLAG_TM_NO_SCRATCH) team.
void check_collectives_allowed(gexi_TM *tm, const char *call);

// Barriers around a collective's data movement (GASNet-1 IN_ALLSYNC / OUT_ALLSYNC): `before`
// keeps every member's data untouched until all members have called; `after` completes the call
// on no member before the data movement is complete on all of them. Single-valued.
struct Fence {
  bool before = false;
  bool after = false;
};

gexi_Event *start_barrier(gexi_TM *tm, const char *call);

// What a barrier agrees on (GASNet-1's named barriers): flags is GASNET_BARRIERFLAG_ANONYMOUS
// and/or GASNET_BARRIERFLAG_MISMATCH, id the name of a named barrier. Members' values merge as
//   MISMATCH with anything -> MISMATCH;  ANONYMOUS with x -> x;
//   named a with named b   -> a if a == b, else MISMATCH.
// Merging is idempotent and commutative, so every member ends with the same value. The barriers
// of gex_Coll_Barrier*, ALLSYNC fences and gex_TM_Destroy carry the anonymous value.
struct BarrierValue {
  int flags = GASNET_BARRIERFLAG_ANONYMOUS;
  int id = 0;
};
// Inline: the shared-memory barrier merges each member's value as it sees the arrival (shm.cpp).
inline BarrierValue merge(BarrierValue a, BarrierValue b) {
  if ((a.flags | b.flags) & GASNET_BARRIERFLAG_MISMATCH) return {GASNET_BARRIERFLAG_MISMATCH, 0};
  if (a.flags & GASNET_BARRIERFLAG_ANONYMOUS) return b;
  if (b.flags & GASNET_BARRIERFLAG_ANONYMOUS) return a;
  if (a.id != b.id) return {GASNET_BARRIERFLAG_MISMATCH, 0};
  return a;
}

// The dissemination barrier over AM with a value: `mine` merged with every member's at each
// round; *result holds the merged value once the event completes (it must outlive the barrier).
// GASNet-1's gasnet_barrier_notify on the primordial team.
gexi_Event *start_valued_barrier(gexi_TM *tm, BarrierValue mine, BarrierValue *result, const char *call);
// The primordial team's barrier in shared memory (collectives.cpp), when every rank is a
// neighbour and AMs are not forced; else null. `mine` non-null: GASNet-1's valued barrier, the
// members' values are published beside the arrivals (shm.cpp) and, once the event completed,
// primordial_barrier_merged(*seq_out) merges them.
gexi_Event *start_primordial_barrier(gexi_TM *tm, const BarrierValue *mine, uint64_t *seq_out);
void primordial_barrier_arrive_valued(uint64_t seq, BarrierValue mine) noexcept;
BarrierValue primordial_barrier_merged(uint64_t seq) noexcept;
gexi_Event *start_broadcast(gexi_TM *tm, gex_Rank_t root, void *dst, const void *src, size_t nbytes,
                            const char *call, Fence fence = {});
// to_all: ReduceToAll (root ignored).
gexi_Event *start_reduce(gexi_TM *tm, bool to_all, gex_Rank_t root, void *dst, const void *src, gex_DT_t dt,
                         size_t dt_sz, size_t dt_cnt, gex_OP_t op, gex_Coll_ReduceFn_t user_op, void *user_cdata,
                         const char *call);

// The GASNet-1 data collectives, nbytes per member (nbytes * team size < 4 GiB):
//   Gather     every member's src[0,n) -> the root's dst[r*n, n)     (dst used on the root only)
//   Scatter    the root's src[r*n, n) -> member r's dst[0,n)         (src used on the root only)
//   GatherAll  every member's src[0,n) -> every member's dst[r*n, n)
//   Exchange   member s's src[r*n, n) -> member r's dst[s*n, n)
// root is ignored by GatherAll and Exchange. src and dst may overlap.
enum class Blocks : uint8_t { Gather, Scatter, GatherAll, Exchange };
gexi_Event *start_blocks(gexi_TM *tm, Blocks what, gex_Rank_t root, void *dst, const void *src, size_t nbytes,
                         Fence fence, const char *call);

}  // namespace gex::coll
