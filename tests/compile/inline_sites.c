/* Many call sites of the inline RMA and VIS entry points, compiled -O3 in a release build: a
   client's binary must hold no out-of-line copy of them (tests/compile/CMakeLists.txt checks the
   object's symbols). GCC's -O3 heuristics kept gexi_inline_PutBlocking and every VIS entry point
   out of line in GASNet's testsmall and testvisperf before they were forced in line (2026-11-27). */
#include <gasnetex.h>
#include <gasnet_vis.h>

#define SITES(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11)

#define RMA_SITE(i)                                                                                \
  int rma_site_##i(gex_TM_t tm, gex_Rank_t r, char *d, char *s, size_t n) {                        \
    int rc = gex_RMA_PutBlocking(tm, r, d + i, s, n + i, 0);                                       \
    rc += gex_RMA_GetBlocking(tm, s, r, d + 2 * i, n, 0);                                          \
    rc += gex_RMA_PutNBI(tm, r, d, s + i, n, GEX_EVENT_NOW, 0);                                    \
    rc += gex_RMA_GetNBI(tm, s + i, r, d, n, 0);                                                   \
    gex_Event_Wait(gex_RMA_PutNB(tm, r, d, s, n * i, GEX_EVENT_DEFER, 0));                         \
    gex_Event_Wait(gex_RMA_GetNB(tm, s, r, d + i, n, 0));                                          \
    rc += gex_RMA_PutBlockingVal(tm, r, d, (gex_RMA_Value_t)i, n & 7, 0);                          \
    return rc + (int)gex_RMA_GetBlockingVal(tm, r, d + i, n & 7, 0);                               \
  }
#define VIS_SITE(i)                                                                                \
  int vis_site_##i(gex_TM_t tm, gex_Rank_t r, size_t c, void *const *dl, void *const *sl, size_t n, \
                   gex_Memvec_t *dv, gex_Memvec_t *sv, char *d, char *s, ptrdiff_t *st, size_t *cnt) { \
    int rc = gex_VIS_IndexedPutNBI(tm, r, c, dl, n + i, c, sl, n + i, 0);                          \
    rc += gex_VIS_IndexedGetNBI(tm, c + i, dl, n, r, c + i, sl, n, 0);                             \
    rc += gex_VIS_IndexedPutBlocking(tm, r, c, dl, n, c, sl, n, 0);                                \
    gex_Event_Wait(gex_VIS_IndexedGetNB(tm, c, dl, n * i, r, c, sl, n * i, 0));                    \
    rc += gex_VIS_VectorPutNBI(tm, r, c, dv, c, sv, 0);                                            \
    rc += gex_VIS_VectorGetBlocking(tm, c + i, dv, r, c + i, sv, 0);                               \
    gex_Event_Wait(gex_VIS_VectorPutNB(tm, r, c, dv + i, c, sv, 0));                               \
    rc += gex_VIS_StridedPutNBI(tm, r, d + i, st, s, st, n, cnt, c, 0);                            \
    rc += gex_VIS_StridedGetBlocking(tm, s, st, r, d, st, n + i, cnt, c, 0);                       \
    gex_Event_Wait(gex_VIS_StridedGetNB(tm, s + i, st, r, d, st, n, cnt, c, 0));                   \
    return rc;                                                                                     \
  }
SITES(RMA_SITE)
SITES(VIS_SITE)
