// Internal interface between the collectives API (collectives.cpp) and the engine (service.cpp).
// Arguments are validated by the caller; every start_* returns an event of Kind::Coll.
#pragma once

#include <gasnet_coll.h>

#include "coll/service.h"

namespace gex::coll {

// Ends the job when `tm` is a gex_TM_Create(..., GEX_FLAG_TM_NO_SCRATCH) team.
void check_collectives_allowed(gexi_TM *tm, const char *call);

gexi_Event *start_barrier(gexi_TM *tm, const char *call);
gexi_Event *start_broadcast(gexi_TM *tm, gex_Rank_t root, void *dst, const void *src, size_t nbytes,
                            const char *call);
// to_all: ReduceToAll (root ignored).
gexi_Event *start_reduce(gexi_TM *tm, bool to_all, gex_Rank_t root, void *dst, const void *src, gex_DT_t dt,
                         size_t dt_sz, size_t dt_cnt, gex_OP_t op, gex_Coll_ReduceFn_t user_op, void *user_cdata,
                         const char *call);

}  // namespace gex::coll
