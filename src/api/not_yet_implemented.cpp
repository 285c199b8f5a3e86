// Every declared function that a later issue implements (docs/internals.md, "Not yet
// implemented"). Each says so on stderr; an int-returning one then returns GASNET_ERR_RESOURCE so
// the caller can cope, any other ends the job (it has no value that could mean "failed").
// When an issue implements a function, it deletes the stub here.
#include <gasnetex.h>
#include <gasnet_coll.h>
#include <gasnet_mk.h>
#include <gasnet_ratomic.h>
#include <gasnet_vis.h>

#include <cstdio>
#include <string>

#include "bootstrap/bootstrap.h"

namespace {

std::string not_implemented(const char *function) {
  std::string message = "libgex: ";
  message += function;
  message += " is not implemented in this release";
  std::fprintf(stderr, "%s\n", message.c_str());
  std::fflush(stderr);
  return message;
}

}  // namespace

#define GEXI_NYI_RETURN()            \
  do {                               \
    not_implemented(__func__);       \
    return GASNET_ERR_RESOURCE;      \
  } while (0)
#define GEXI_NYI_FATAL() gex::bootstrap::fatal(not_implemented(__func__))

extern "C" {

// ---- Teams ----
size_t gex_TM_Split(gex_TM_t *, gex_TM_t, int, int, void *, size_t, gex_Flags_t) {
  GEXI_NYI_FATAL();
}
size_t gex_TM_Create(gex_TM_t *, size_t, gex_TM_t, gex_EP_Location_t *, size_t, gex_Addr_t *, size_t,
                     gex_Flags_t) {
  GEXI_NYI_FATAL();
}
int gex_TM_Destroy(gex_TM_t, gex_Memvec_t *, gex_Flags_t) {
  GEXI_NYI_RETURN();
}

// ---- Collectives (gasnet_coll.h) ----
gex_Event_t gex_Coll_BroadcastNB(gex_TM_t, gex_Rank_t, void *, const void *, size_t, gex_Flags_t) {
  GEXI_NYI_FATAL();
}
gex_Event_t gex_Coll_ReduceToOneNB(gex_TM_t, gex_Rank_t, void *, const void *, gex_DT_t, size_t,
                                   size_t, gex_OP_t, gex_Coll_ReduceFn_t, void *, gex_Flags_t) {
  GEXI_NYI_FATAL();
}
gex_Event_t gex_Coll_ReduceToAllNB(gex_TM_t, void *, const void *, gex_DT_t, size_t, size_t,
                                   gex_OP_t, gex_Coll_ReduceFn_t, void *, gex_Flags_t) {
  GEXI_NYI_FATAL();
}

// ---- Remote atomics (gasnet_ratomic.h) ----
void gex_AD_Create(gex_AD_t *, gex_TM_t, gex_DT_t, gex_OP_t, gex_Flags_t) {
  GEXI_NYI_FATAL();
}
void gex_AD_Destroy(gex_AD_t) {
  GEXI_NYI_FATAL();
}
gex_Flags_t gex_AD_QueryFlags(gex_AD_t) {
  GEXI_NYI_FATAL();
}
gex_TM_t gex_AD_QueryTM(gex_AD_t) {
  GEXI_NYI_FATAL();
}
gex_DT_t gex_AD_QueryDT(gex_AD_t) {
  GEXI_NYI_FATAL();
}
gex_OP_t gex_AD_QueryOps(gex_AD_t) {
  GEXI_NYI_FATAL();
}
void gex_AD_SetCData(gex_AD_t, const void *) {
  GEXI_NYI_FATAL();
}
void *gex_AD_QueryCData(gex_AD_t) {
  GEXI_NYI_FATAL();
}
gex_Event_t gex_AD_OpNB_I32(gex_AD_t, int32_t *, gex_Rank_t, void *, gex_OP_t, int32_t, int32_t, gex_Flags_t) {
  GEXI_NYI_FATAL();
}
gex_Event_t gex_AD_OpNB_U32(gex_AD_t, uint32_t *, gex_Rank_t, void *, gex_OP_t, uint32_t, uint32_t, gex_Flags_t) {
  GEXI_NYI_FATAL();
}
gex_Event_t gex_AD_OpNB_I64(gex_AD_t, int64_t *, gex_Rank_t, void *, gex_OP_t, int64_t, int64_t, gex_Flags_t) {
  GEXI_NYI_FATAL();
}
gex_Event_t gex_AD_OpNB_U64(gex_AD_t, uint64_t *, gex_Rank_t, void *, gex_OP_t, uint64_t, uint64_t, gex_Flags_t) {
  GEXI_NYI_FATAL();
}
gex_Event_t gex_AD_OpNB_FLT(gex_AD_t, float *, gex_Rank_t, void *, gex_OP_t, float, float, gex_Flags_t) {
  GEXI_NYI_FATAL();
}
gex_Event_t gex_AD_OpNB_DBL(gex_AD_t, double *, gex_Rank_t, void *, gex_OP_t, double, double, gex_Flags_t) {
  GEXI_NYI_FATAL();
}
int gex_AD_OpNBI_I32(gex_AD_t, int32_t *, gex_Rank_t, void *, gex_OP_t, int32_t, int32_t, gex_Flags_t) {
  GEXI_NYI_RETURN();
}
int gex_AD_OpNBI_U32(gex_AD_t, uint32_t *, gex_Rank_t, void *, gex_OP_t, uint32_t, uint32_t, gex_Flags_t) {
  GEXI_NYI_RETURN();
}
int gex_AD_OpNBI_I64(gex_AD_t, int64_t *, gex_Rank_t, void *, gex_OP_t, int64_t, int64_t, gex_Flags_t) {
  GEXI_NYI_RETURN();
}
int gex_AD_OpNBI_U64(gex_AD_t, uint64_t *, gex_Rank_t, void *, gex_OP_t, uint64_t, uint64_t, gex_Flags_t) {
  GEXI_NYI_RETURN();
}
int gex_AD_OpNBI_FLT(gex_AD_t, float *, gex_Rank_t, void *, gex_OP_t, float, float, gex_Flags_t) {
  GEXI_NYI_RETURN();
}
int gex_AD_OpNBI_DBL(gex_AD_t, double *, gex_Rank_t, void *, gex_OP_t, double, double, gex_Flags_t) {
  GEXI_NYI_RETURN();
}

// ---- VIS (gasnet_vis.h) ----
gex_Event_t gex_VIS_VectorGetNB(gex_TM_t, size_t, gex_Memvec_t const[], gex_Rank_t, size_t, gex_Memvec_t const[], gex_Flags_t) {
  GEXI_NYI_FATAL();
}
int gex_VIS_VectorGetNBI(gex_TM_t, size_t, gex_Memvec_t const[], gex_Rank_t, size_t, gex_Memvec_t const[], gex_Flags_t) {
  GEXI_NYI_RETURN();
}
int gex_VIS_VectorGetBlocking(gex_TM_t, size_t, gex_Memvec_t const[], gex_Rank_t, size_t, gex_Memvec_t const[], gex_Flags_t) {
  GEXI_NYI_RETURN();
}
gex_Event_t gex_VIS_VectorPutNB(gex_TM_t, gex_Rank_t, size_t, gex_Memvec_t const[], size_t, gex_Memvec_t const[], gex_Flags_t) {
  GEXI_NYI_FATAL();
}
int gex_VIS_VectorPutNBI(gex_TM_t, gex_Rank_t, size_t, gex_Memvec_t const[], size_t, gex_Memvec_t const[], gex_Flags_t) {
  GEXI_NYI_RETURN();
}
int gex_VIS_VectorPutBlocking(gex_TM_t, gex_Rank_t, size_t, gex_Memvec_t const[], size_t, gex_Memvec_t const[], gex_Flags_t) {
  GEXI_NYI_RETURN();
}
gex_Event_t gex_VIS_IndexedGetNB(gex_TM_t, size_t, void *const[], size_t, gex_Rank_t, size_t, void *const[], size_t, gex_Flags_t) {
  GEXI_NYI_FATAL();
}
int gex_VIS_IndexedGetNBI(gex_TM_t, size_t, void *const[], size_t, gex_Rank_t, size_t, void *const[], size_t, gex_Flags_t) {
  GEXI_NYI_RETURN();
}
int gex_VIS_IndexedGetBlocking(gex_TM_t, size_t, void *const[], size_t, gex_Rank_t, size_t, void *const[], size_t, gex_Flags_t) {
  GEXI_NYI_RETURN();
}
gex_Event_t gex_VIS_IndexedPutNB(gex_TM_t, gex_Rank_t, size_t, void *const[], size_t, size_t, void *const[], size_t, gex_Flags_t) {
  GEXI_NYI_FATAL();
}
int gex_VIS_IndexedPutNBI(gex_TM_t, gex_Rank_t, size_t, void *const[], size_t, size_t, void *const[], size_t, gex_Flags_t) {
  GEXI_NYI_RETURN();
}
int gex_VIS_IndexedPutBlocking(gex_TM_t, gex_Rank_t, size_t, void *const[], size_t, size_t, void *const[], size_t, gex_Flags_t) {
  GEXI_NYI_RETURN();
}
gex_Event_t gex_VIS_StridedGetNB(gex_TM_t, void *, const ptrdiff_t[], gex_Rank_t, void *, const ptrdiff_t[], size_t,
                  const size_t[], size_t, gex_Flags_t) {
  GEXI_NYI_FATAL();
}
int gex_VIS_StridedGetNBI(gex_TM_t, void *, const ptrdiff_t[], gex_Rank_t, void *, const ptrdiff_t[], size_t,
                  const size_t[], size_t, gex_Flags_t) {
  GEXI_NYI_RETURN();
}
int gex_VIS_StridedGetBlocking(gex_TM_t, void *, const ptrdiff_t[], gex_Rank_t, void *, const ptrdiff_t[], size_t,
                  const size_t[], size_t, gex_Flags_t) {
  GEXI_NYI_RETURN();
}
gex_Event_t gex_VIS_StridedPutNB(gex_TM_t, gex_Rank_t, void *, const ptrdiff_t[], void *, const ptrdiff_t[], size_t,
                  const size_t[], size_t, gex_Flags_t) {
  GEXI_NYI_FATAL();
}
int gex_VIS_StridedPutNBI(gex_TM_t, gex_Rank_t, void *, const ptrdiff_t[], void *, const ptrdiff_t[], size_t,
                  const size_t[], size_t, gex_Flags_t) {
  GEXI_NYI_RETURN();
}
int gex_VIS_StridedPutBlocking(gex_TM_t, gex_Rank_t, void *, const ptrdiff_t[], void *, const ptrdiff_t[], size_t,
                  const size_t[], size_t, gex_Flags_t) {
  GEXI_NYI_RETURN();
}
void gex_VIS_SetPeerCompletionHandler(gex_AM_Index_t, const void *, size_t, gex_Flags_t) {
  GEXI_NYI_FATAL();
}

// ---- Memory kinds and multi-EP [PROPOSED] ----
int gex_Segment_Create(gex_Segment_t *, gex_Client_t, gex_Addr_t, uintptr_t, gex_MK_t, gex_Flags_t) {
  GEXI_NYI_RETURN();
}
void gex_Segment_Destroy(gex_Segment_t, gex_Flags_t) {
  GEXI_NYI_FATAL();
}
int gex_EP_Create(gex_EP_t *, gex_Client_t, gex_EP_Capabilities_t, gex_Flags_t) {
  GEXI_NYI_RETURN();
}
int gex_EP_BindSegment(gex_EP_t, gex_Segment_t, gex_Flags_t) {
  GEXI_NYI_RETURN();
}
int gex_MK_Create(gex_MK_t *, gex_Client_t, const gex_MK_Create_args_t *, gex_Flags_t) {
  GEXI_NYI_RETURN();
}
void gex_MK_Destroy(gex_MK_t, gex_Flags_t) {
  GEXI_NYI_FATAL();
}

}  // extern "C"
