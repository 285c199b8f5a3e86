/* gasnet_vis.h: GASNet-EX Vector / Indexed / Strided transfers. NB forms return an event;
 * NBI and Blocking forms return non-zero only when GEX_FLAG_IMMEDIATE made the call a no-op. */
#ifndef GASNET_VIS_H
#define GASNET_VIS_H

#include <gasnetex.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Vector */
extern gex_Event_t gex_VIS_VectorGetNB(gex_TM_t tm, size_t dstcount, gex_Memvec_t const dstlist[],
                                       gex_Rank_t srcrank, size_t srccount,
                                       gex_Memvec_t const srclist[], gex_Flags_t flags);
extern int gex_VIS_VectorGetNBI(gex_TM_t tm, size_t dstcount, gex_Memvec_t const dstlist[],
                                gex_Rank_t srcrank, size_t srccount, gex_Memvec_t const srclist[],
                                gex_Flags_t flags);
extern int gex_VIS_VectorGetBlocking(gex_TM_t tm, size_t dstcount, gex_Memvec_t const dstlist[],
                                     gex_Rank_t srcrank, size_t srccount,
                                     gex_Memvec_t const srclist[], gex_Flags_t flags);
extern gex_Event_t gex_VIS_VectorPutNB(gex_TM_t tm, gex_Rank_t dstrank, size_t dstcount,
                                       gex_Memvec_t const dstlist[], size_t srccount,
                                       gex_Memvec_t const srclist[], gex_Flags_t flags);
extern int gex_VIS_VectorPutNBI(gex_TM_t tm, gex_Rank_t dstrank, size_t dstcount,
                                gex_Memvec_t const dstlist[], size_t srccount,
                                gex_Memvec_t const srclist[], gex_Flags_t flags);
extern int gex_VIS_VectorPutBlocking(gex_TM_t tm, gex_Rank_t dstrank, size_t dstcount,
                                     gex_Memvec_t const dstlist[], size_t srccount,
                                     gex_Memvec_t const srclist[], gex_Flags_t flags);

/* Indexed */
extern gex_Event_t gex_VIS_IndexedGetNB(gex_TM_t tm, size_t dstcount, void *const dstlist[],
                                        size_t dstlen, gex_Rank_t srcrank, size_t srccount,
                                        void *const srclist[], size_t srclen, gex_Flags_t flags);
extern int gex_VIS_IndexedGetNBI(gex_TM_t tm, size_t dstcount, void *const dstlist[],
                                 size_t dstlen, gex_Rank_t srcrank, size_t srccount,
                                 void *const srclist[], size_t srclen, gex_Flags_t flags);
extern int gex_VIS_IndexedGetBlocking(gex_TM_t tm, size_t dstcount, void *const dstlist[],
                                      size_t dstlen, gex_Rank_t srcrank, size_t srccount,
                                      void *const srclist[], size_t srclen, gex_Flags_t flags);
extern gex_Event_t gex_VIS_IndexedPutNB(gex_TM_t tm, gex_Rank_t dstrank, size_t dstcount,
                                        void *const dstlist[], size_t dstlen, size_t srccount,
                                        void *const srclist[], size_t srclen, gex_Flags_t flags);
extern int gex_VIS_IndexedPutNBI(gex_TM_t tm, gex_Rank_t dstrank, size_t dstcount,
                                 void *const dstlist[], size_t dstlen, size_t srccount,
                                 void *const srclist[], size_t srclen, gex_Flags_t flags);
extern int gex_VIS_IndexedPutBlocking(gex_TM_t tm, gex_Rank_t dstrank, size_t dstcount,
                                      void *const dstlist[], size_t dstlen, size_t srccount,
                                      void *const srclist[], size_t srclen, gex_Flags_t flags);

/* Strided. strides[] and count[] are consumed before the call returns. */
extern gex_Event_t gex_VIS_StridedGetNB(gex_TM_t tm, void *dstaddr, const ptrdiff_t dststrides[],
                                        gex_Rank_t srcrank, void *srcaddr,
                                        const ptrdiff_t srcstrides[], size_t elemsz,
                                        const size_t count[], size_t stridelevels,
                                        gex_Flags_t flags);
extern int gex_VIS_StridedGetNBI(gex_TM_t tm, void *dstaddr, const ptrdiff_t dststrides[],
                                 gex_Rank_t srcrank, void *srcaddr, const ptrdiff_t srcstrides[],
                                 size_t elemsz, const size_t count[], size_t stridelevels,
                                 gex_Flags_t flags);
extern int gex_VIS_StridedGetBlocking(gex_TM_t tm, void *dstaddr, const ptrdiff_t dststrides[],
                                      gex_Rank_t srcrank, void *srcaddr,
                                      const ptrdiff_t srcstrides[], size_t elemsz,
                                      const size_t count[], size_t stridelevels,
                                      gex_Flags_t flags);
extern gex_Event_t gex_VIS_StridedPutNB(gex_TM_t tm, gex_Rank_t dstrank, void *dstaddr,
                                        const ptrdiff_t dststrides[], void *srcaddr,
                                        const ptrdiff_t srcstrides[], size_t elemsz,
                                        const size_t count[], size_t stridelevels,
                                        gex_Flags_t flags);
extern int gex_VIS_StridedPutNBI(gex_TM_t tm, gex_Rank_t dstrank, void *dstaddr,
                                 const ptrdiff_t dststrides[], void *srcaddr,
                                 const ptrdiff_t srcstrides[], size_t elemsz, const size_t count[],
                                 size_t stridelevels, gex_Flags_t flags);
extern int gex_VIS_StridedPutBlocking(gex_TM_t tm, gex_Rank_t dstrank, void *dstaddr,
                                      const ptrdiff_t dststrides[], void *srcaddr,
                                      const ptrdiff_t srcstrides[], size_t elemsz,
                                      const size_t count[], size_t stridelevels,
                                      gex_Flags_t flags);

/* [EXPERIMENTAL] Arms a peer-completion AM for this thread's next VIS Put. */
extern void gex_VIS_SetPeerCompletionHandler(gex_AM_Index_t handler, const void *source_addr,
                                             size_t nbytes, gex_Flags_t flags);

/* The degenerate case inline, as GASNet's gasnet_vis.h does: one region on each side (Vector and
   Indexed with one entry each of the same length, Strided whose counts are all 1) is a contiguous
   transfer, and to a load/store neighbour it is gasnetex.h's inline copy (a Blocking one counts
   in the poll tick). Everything else, flags, a peer completion armed on any thread (the put must
   run it) and the misuse the library reports (NULL lists, unequal lengths) call the library.
   Not an API. */
extern int gexi_vis_pc_armed;
#if defined(GASNET_NDEBUG) && defined(__GNUC__) && !defined(GEXI_BUILDING_LIBRARY) && !defined(GEX_NO_INLINE_RMA)
/* 1 once the put of [src, src+n) to rank's dest is done here; 0: the library must do it. */
static inline int gexi_vis_put1(gex_TM_t tm, gex_Rank_t rank, void *dest, const void *src, size_t n,
                                gex_Flags_t flags, int blocking) {
  void *to;
  if (n == 0 || __atomic_load_n(&gexi_vis_pc_armed, __ATOMIC_RELAXED) != 0 ||
      !gexi_fast_xlate(tm, rank, dest, n, flags, &to) || (blocking && !gexi_fast_tick()))
    return 0;
  gexi_fast_put(to, src, n);
  return 1;
}
static inline int gexi_vis_get1(gex_TM_t tm, void *dest, gex_Rank_t rank, void *src, size_t n,
                                gex_Flags_t flags, int blocking) {
  void *from;
  if (n == 0 || !gexi_fast_xlate(tm, rank, src, n, flags, &from) || (blocking && !gexi_fast_tick())) return 0;
  gexi_fast_get(dest, from, n);
  return 1;
}
/* The one contiguous region of each list, or 0. */
#define GEXI_VIS_V1(dc, dl, sc, sl) \
  ((dc) == 1 && (sc) == 1 && (dl) != NULL && (sl) != NULL && (dl)[0].gex_len == (sl)[0].gex_len)
#define GEXI_VIS_I1(dc, dl, dlen, sc, sl, slen) ((dc) == 1 && (sc) == 1 && (dl) != NULL && (sl) != NULL && (dlen) == (slen))
static inline int gexi_vis_s1(const size_t *count, size_t levels) {
  if (levels && count == NULL) return 0;
  for (size_t k = 0; k < levels; ++k)
    if (count[k] != 1) return 0;
  return 1;
}
#define GEXI_VIS_ENTRY(RET, NAME, PARAMS, ARGS, TEST, DONE)                  \
  static inline RET gexi_inline_VIS_##NAME PARAMS {                          \
    if (TEST) return DONE;                                                   \
    return (gex_VIS_##NAME) ARGS;                                            \
  }
#define GEXI_VIS_VPUT(NAME, RET, DONE, B)                                                                   \
  GEXI_VIS_ENTRY(RET, NAME, (gex_TM_t tm, gex_Rank_t dstrank, size_t dstcount, gex_Memvec_t const dstlist[], \
                             size_t srccount, gex_Memvec_t const srclist[], gex_Flags_t flags),              \
                 (tm, dstrank, dstcount, dstlist, srccount, srclist, flags),                                 \
                 GEXI_VIS_V1(dstcount, dstlist, srccount, srclist) &&                                        \
                     gexi_vis_put1(tm, dstrank, dstlist[0].gex_addr, srclist[0].gex_addr, srclist[0].gex_len, flags, B), \
                 DONE)
#define GEXI_VIS_VGET(NAME, RET, DONE, B)                                                                   \
  GEXI_VIS_ENTRY(RET, NAME, (gex_TM_t tm, size_t dstcount, gex_Memvec_t const dstlist[], gex_Rank_t srcrank, \
                             size_t srccount, gex_Memvec_t const srclist[], gex_Flags_t flags),              \
                 (tm, dstcount, dstlist, srcrank, srccount, srclist, flags),                                 \
                 GEXI_VIS_V1(dstcount, dstlist, srccount, srclist) &&                                        \
                     gexi_vis_get1(tm, dstlist[0].gex_addr, srcrank, srclist[0].gex_addr, srclist[0].gex_len, flags, B), \
                 DONE)
#define GEXI_VIS_IPUT(NAME, RET, DONE, B)                                                                   \
  GEXI_VIS_ENTRY(RET, NAME, (gex_TM_t tm, gex_Rank_t dstrank, size_t dstcount, void *const dstlist[],        \
                             size_t dstlen, size_t srccount, void *const srclist[], size_t srclen,           \
                             gex_Flags_t flags),                                                             \
                 (tm, dstrank, dstcount, dstlist, dstlen, srccount, srclist, srclen, flags),                 \
                 GEXI_VIS_I1(dstcount, dstlist, dstlen, srccount, srclist, srclen) &&                        \
                     gexi_vis_put1(tm, dstrank, dstlist[0], srclist[0], srclen, flags, B),                   \
                 DONE)
#define GEXI_VIS_IGET(NAME, RET, DONE, B)                                                                   \
  GEXI_VIS_ENTRY(RET, NAME, (gex_TM_t tm, size_t dstcount, void *const dstlist[], size_t dstlen,             \
                             gex_Rank_t srcrank, size_t srccount, void *const srclist[], size_t srclen,      \
                             gex_Flags_t flags),                                                             \
                 (tm, dstcount, dstlist, dstlen, srcrank, srccount, srclist, srclen, flags),                 \
                 GEXI_VIS_I1(dstcount, dstlist, dstlen, srccount, srclist, srclen) &&                        \
                     gexi_vis_get1(tm, dstlist[0], srcrank, srclist[0], srclen, flags, B),                   \
                 DONE)
#define GEXI_VIS_SPUT(NAME, RET, DONE, B)                                                                   \
  GEXI_VIS_ENTRY(RET, NAME, (gex_TM_t tm, gex_Rank_t dstrank, void *dstaddr, const ptrdiff_t dststrides[],   \
                             void *srcaddr, const ptrdiff_t srcstrides[], size_t elemsz,                     \
                             const size_t count[], size_t stridelevels, gex_Flags_t flags),                  \
                 (tm, dstrank, dstaddr, dststrides, srcaddr, srcstrides, elemsz, count, stridelevels, flags), \
                 gexi_vis_s1(count, stridelevels) && gexi_vis_put1(tm, dstrank, dstaddr, srcaddr, elemsz, flags, B), \
                 DONE)
#define GEXI_VIS_SGET(NAME, RET, DONE, B)                                                                   \
  GEXI_VIS_ENTRY(RET, NAME, (gex_TM_t tm, void *dstaddr, const ptrdiff_t dststrides[], gex_Rank_t srcrank,   \
                             void *srcaddr, const ptrdiff_t srcstrides[], size_t elemsz,                     \
                             const size_t count[], size_t stridelevels, gex_Flags_t flags),                  \
                 (tm, dstaddr, dststrides, srcrank, srcaddr, srcstrides, elemsz, count, stridelevels, flags), \
                 gexi_vis_s1(count, stridelevels) && gexi_vis_get1(tm, dstaddr, srcrank, srcaddr, elemsz, flags, B), \
                 DONE)
GEXI_VIS_VPUT(VectorPutNB, gex_Event_t, GEX_EVENT_INVALID, 0)
GEXI_VIS_VPUT(VectorPutNBI, int, 0, 0)
GEXI_VIS_VPUT(VectorPutBlocking, int, 0, 1)
GEXI_VIS_VGET(VectorGetNB, gex_Event_t, GEX_EVENT_INVALID, 0)
GEXI_VIS_VGET(VectorGetNBI, int, 0, 0)
GEXI_VIS_VGET(VectorGetBlocking, int, 0, 1)
GEXI_VIS_IPUT(IndexedPutNB, gex_Event_t, GEX_EVENT_INVALID, 0)
GEXI_VIS_IPUT(IndexedPutNBI, int, 0, 0)
GEXI_VIS_IPUT(IndexedPutBlocking, int, 0, 1)
GEXI_VIS_IGET(IndexedGetNB, gex_Event_t, GEX_EVENT_INVALID, 0)
GEXI_VIS_IGET(IndexedGetNBI, int, 0, 0)
GEXI_VIS_IGET(IndexedGetBlocking, int, 0, 1)
GEXI_VIS_SPUT(StridedPutNB, gex_Event_t, GEX_EVENT_INVALID, 0)
GEXI_VIS_SPUT(StridedPutNBI, int, 0, 0)
GEXI_VIS_SPUT(StridedPutBlocking, int, 0, 1)
GEXI_VIS_SGET(StridedGetNB, gex_Event_t, GEX_EVENT_INVALID, 0)
GEXI_VIS_SGET(StridedGetNBI, int, 0, 0)
GEXI_VIS_SGET(StridedGetBlocking, int, 0, 1)
/* Function-like macros, as gasnetex.h's: &gex_VIS_VectorPutNBI still names the library's. */
#define gex_VIS_VectorPutNB(...) gexi_inline_VIS_VectorPutNB(__VA_ARGS__)
#define gex_VIS_VectorPutNBI(...) gexi_inline_VIS_VectorPutNBI(__VA_ARGS__)
#define gex_VIS_VectorPutBlocking(...) gexi_inline_VIS_VectorPutBlocking(__VA_ARGS__)
#define gex_VIS_VectorGetNB(...) gexi_inline_VIS_VectorGetNB(__VA_ARGS__)
#define gex_VIS_VectorGetNBI(...) gexi_inline_VIS_VectorGetNBI(__VA_ARGS__)
#define gex_VIS_VectorGetBlocking(...) gexi_inline_VIS_VectorGetBlocking(__VA_ARGS__)
#define gex_VIS_IndexedPutNB(...) gexi_inline_VIS_IndexedPutNB(__VA_ARGS__)
#define gex_VIS_IndexedPutNBI(...) gexi_inline_VIS_IndexedPutNBI(__VA_ARGS__)
#define gex_VIS_IndexedPutBlocking(...) gexi_inline_VIS_IndexedPutBlocking(__VA_ARGS__)
#define gex_VIS_IndexedGetNB(...) gexi_inline_VIS_IndexedGetNB(__VA_ARGS__)
#define gex_VIS_IndexedGetNBI(...) gexi_inline_VIS_IndexedGetNBI(__VA_ARGS__)
#define gex_VIS_IndexedGetBlocking(...) gexi_inline_VIS_IndexedGetBlocking(__VA_ARGS__)
#define gex_VIS_StridedPutNB(...) gexi_inline_VIS_StridedPutNB(__VA_ARGS__)
#define gex_VIS_StridedPutNBI(...) gexi_inline_VIS_StridedPutNBI(__VA_ARGS__)
#define gex_VIS_StridedPutBlocking(...) gexi_inline_VIS_StridedPutBlocking(__VA_ARGS__)
#define gex_VIS_StridedGetNB(...) gexi_inline_VIS_StridedGetNB(__VA_ARGS__)
#define gex_VIS_StridedGetNBI(...) gexi_inline_VIS_StridedGetNBI(__VA_ARGS__)
#define gex_VIS_StridedGetBlocking(...) gexi_inline_VIS_StridedGetBlocking(__VA_ARGS__)
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* GASNET_VIS_H */
