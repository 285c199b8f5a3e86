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

/* Short lists and small sections inline, always (GEXI_INLINE, as gasnetex.h's RMA). As
   GASNet's gasnet_vis.h, one region on each side is a contiguous transfer: Strided whose counts
   are all 1, and (beyond GASNet's header) a Strided section contiguous on both sides; Vector
   and Indexed lists of at most GEXI_VIS_INLINE_ENTRIES entries each, of the same shape (entry i
   of both the same length), and Strided sections of one or two dimensions (gexi_vis_strided)
   are copied piece by piece: to a load/store neighbour each is gasnetex.h's inline copy (none of
   them polls). A library call costs more than the copies of such lists (testvisperf's 2-entry
   lines were 0.6-0.7 of GASNet through the library, VM 2026-11-27); longer lists go to the
   library, which merges adjacent entries. As gasnetex.h's put and get (and GASNet), a release
   build translates remote addresses with no range test. Everything else, flags, a peer
   completion armed on any thread (the put must run it), and the misuse the library reports
   (NULL lists, unequal lengths) call the library, which then does the whole operation (entries
   already copied here are copied again, the same bytes). Not an API. */
#define gexi_vis_pc_armed (gexi_fast.vis_pc_armed) /* gasnetex.h's gexi_fast */
#if defined(__GNUC__)
/* 1 and *m = rank's map entry when tm, rank and flags take the load/store fast path: the peer's
   segment is mapped here (entry size not 0) and, for a put, no peer completion is armed. The
   library's release-build VIS paths test the same. A remote address is then gexi_vis_mapped's,
   with no range test: as the library's own release path (a remote range is checked in the
   debug build, docs/spec-decisions.md) and GASNet's smp conduit. */
GEXI_INLINE int gexi_vis_peer(gex_TM_t tm, gex_Rank_t rank, gex_Flags_t flags, int put, gexi_PeerMap_t *m) {
  if (!GEXI_FAST_COVERS(tm, rank, flags)) return 0;
  if (put && __atomic_load_n(&gexi_vis_pc_armed, __ATOMIC_RELAXED) != 0) return 0;
  *m = gexi_fast_map[rank];
  return m->size != 0;
}
GEXI_INLINE void *gexi_vis_mapped(const gexi_PeerMap_t *m, const void *remote) {
  return (void *)((uintptr_t)remote + (uintptr_t)m->delta);
}
#endif
#if defined(GASNET_NDEBUG) && defined(__GNUC__) && !defined(GEXI_BUILDING_LIBRARY) && !defined(GEX_NO_INLINE_RMA)
/* 1 once the put of [src, src+n) to rank's dest is done here; 0: the library must do it. */
GEXI_INLINE int gexi_vis_put1(gex_TM_t tm, gex_Rank_t rank, void *dest, const void *src, size_t n,
                              gex_Flags_t flags) {
  void *to;
  if (n == 0 || __atomic_load_n(&gexi_vis_pc_armed, __ATOMIC_RELAXED) != 0 ||
      !gexi_fast_rma_xlate(tm, rank, dest, flags, &to))
    return 0;
  gexi_fast_put(to, src, n);
  return 1;
}
GEXI_INLINE int gexi_vis_get1(gex_TM_t tm, void *dest, gex_Rank_t rank, void *src, size_t n,
                              gex_Flags_t flags) {
  void *from;
  if (n == 0 || !gexi_fast_rma_xlate(tm, rank, src, flags, &from)) return 0;
  gexi_fast_get(dest, from, n);
  return 1;
}
#define GEXI_VIS_INLINE_ENTRIES 8
/* 1 once the lists of 2 or more entries are copied here; 0: the library must do the operation.
   `put`: remote is dst. Apart from the one-entry case (gexi_vis_ilists/vlists below), though both
   are always inlined: with the loop out of line (a call) testvisperf's 2-8 entry lines were 0.8
   of this, and with one function for both cases its 2-8 entry Vector puts of 8-byte pieces were
   0.5-0.7 (its main() spilled around the loop; VM, 2026-11-27). */
GEXI_INLINE int gexi_vis_ilists_n(gex_TM_t tm, gex_Rank_t rank, size_t dc, void *const dl[], size_t dlen, size_t sc,
                                  void *const sl[], size_t slen, gex_Flags_t flags, int put) {
  gexi_PeerMap_t m;
  if (dc != sc || dc - 1 >= GEXI_VIS_INLINE_ENTRIES || dlen != slen || dlen == 0 || dl == NULL || sl == NULL ||
      !gexi_vis_peer(tm, rank, flags, put, &m))
    return 0;
  for (size_t i = 0; i < dc; ++i) {
    if (put) gexi_fast_put(gexi_vis_mapped(&m, dl[i]), sl[i], dlen);
    else gexi_fast_get(dl[i], gexi_vis_mapped(&m, sl[i]), dlen);
  }
  return 1;
}
GEXI_INLINE int gexi_vis_vlists_n(gex_TM_t tm, gex_Rank_t rank, size_t dc, gex_Memvec_t const dl[], size_t sc,
                                  gex_Memvec_t const sl[], gex_Flags_t flags, int put) {
  gexi_PeerMap_t m;
  if (dc != sc || dc - 1 >= GEXI_VIS_INLINE_ENTRIES || dl == NULL || sl == NULL ||
      !gexi_vis_peer(tm, rank, flags, put, &m))
    return 0;
  for (size_t i = 0; i < dc; ++i) {
    const size_t n = dl[i].gex_len;
    if (n != sl[i].gex_len) return 0;
    if (n == 0) continue;
    if (put) gexi_fast_put(gexi_vis_mapped(&m, dl[i].gex_addr), sl[i].gex_addr, n);
    else gexi_fast_get(dl[i].gex_addr, gexi_vis_mapped(&m, sl[i].gex_addr), n);
  }
  return 1;
}
/* 1 once the lists are copied here; 0: the library must do the operation. One entry on each side
   (the common case) is gexi_vis_put1/get1, without the loop. */
GEXI_INLINE int gexi_vis_ilists(gex_TM_t tm, gex_Rank_t rank, size_t dc, void *const dl[], size_t dlen, size_t sc,
                                void *const sl[], size_t slen, gex_Flags_t flags, int put) {
  if (dc == 1 && sc == 1 && dl != NULL && sl != NULL && dlen == slen)
    return put ? gexi_vis_put1(tm, rank, dl[0], sl[0], dlen, flags)
               : gexi_vis_get1(tm, dl[0], rank, sl[0], dlen, flags);
  return gexi_vis_ilists_n(tm, rank, dc, dl, dlen, sc, sl, slen, flags, put);
}
GEXI_INLINE int gexi_vis_vlists(gex_TM_t tm, gex_Rank_t rank, size_t dc, gex_Memvec_t const dl[], size_t sc,
                                gex_Memvec_t const sl[], gex_Flags_t flags, int put) {
  if (dc == 1 && sc == 1 && dl != NULL && sl != NULL && dl[0].gex_len == sl[0].gex_len)
    return put ? gexi_vis_put1(tm, rank, dl[0].gex_addr, sl[0].gex_addr, dl[0].gex_len, flags)
               : gexi_vis_get1(tm, dl[0].gex_addr, rank, sl[0].gex_addr, dl[0].gex_len, flags);
  return gexi_vis_vlists_n(tm, rank, dc, dl, sc, sl, flags, put);
}
/* The bytes of a strided section that is one contiguous region on both sides, or 0: every
   dimension of count > 1 continues the ones before it on both sides (what the library's
   normalisation makes one copy; testvisperf's 100% density lines up to 4 KiB were 0.7-0.9 of
   GASNet through the library, VM 2026-11-27). Strides of count-1 dimensions are not read. */
GEXI_INLINE size_t gexi_vis_scontig(size_t elemsz, const ptrdiff_t *dstr, const ptrdiff_t *sstr, const size_t *count,
                                    size_t levels) {
  size_t bytes = elemsz;
  if (levels && count == NULL) return 0;
  for (size_t k = 0; k < levels; ++k) {
    if (count[k] == 1) continue;
    if (count[k] == 0 || dstr == NULL || sstr == NULL || dstr[k] != (ptrdiff_t)bytes || sstr[k] != (ptrdiff_t)bytes ||
        __builtin_mul_overflow(bytes, count[k], &bytes))
      return 0;
  }
  return bytes;
}
/* 1 once a strided section of one or two dimensions is copied here; 0: the library must do it.
   A section contiguous on both sides is one copy; otherwise the elements are copied in the
   library's order (dimension 0 fastest). testvisperf's sections (two
   dimensions, normalised to one) of 2-16 pieces of 512 B were 0.81-0.88 of GASNet through the
   library's call (VM and 16-core device, 2026-11-27). */
GEXI_INLINE int gexi_vis_strided(gex_TM_t tm, gex_Rank_t rank, char *remote, const ptrdiff_t *rstr, char *local,
                                 const ptrdiff_t *lstr, size_t elemsz, const size_t *count, size_t levels,
                                 gex_Flags_t flags, int put) {
  const size_t contig = gexi_vis_scontig(elemsz, rstr, lstr, count, levels);
  if (contig) return put ? gexi_vis_put1(tm, rank, remote, local, contig, flags)
                         : gexi_vis_get1(tm, local, rank, remote, contig, flags);
  if (levels - 1 >= 2 || elemsz == 0 || count == NULL || lstr == NULL || rstr == NULL) return 0;
  const size_t n0 = count[0], n1 = levels == 2 ? count[1] : 1;
  const ptrdiff_t l0 = lstr[0], r0 = rstr[0], l1 = levels == 2 ? lstr[1] : 0, r1 = levels == 2 ? rstr[1] : 0;
  gexi_PeerMap_t m;
  if (n0 == 0 || n1 == 0 || !gexi_vis_peer(tm, rank, flags, put, &m)) return 0;
  char *lrow = local, *rrow = (char *)gexi_vis_mapped(&m, remote);
  /* 4- and 8-byte elements with the size a constant (one alignment test and one store or load
     each, as the library's loop): with the size tested per element, 256-8192 pieces of 8 B were
     0.5-0.75 of the library (VM, 2026-11-27). */
#define GEXI_VIS_WALK(COPY)                                                       \
  for (size_t j = 0; j < n1; ++j, lrow += l1, rrow += r1) {                       \
    char *l = lrow, *r = rrow;                                                    \
    for (size_t i = 0; i < n0; ++i, l += l0, r += r0) COPY;                       \
  }
  if (elemsz == 8) GEXI_VIS_WALK(put ? gexi_fast_put(r, l, 8) : gexi_fast_get(l, r, 8))
  else if (elemsz == 4) GEXI_VIS_WALK(put ? gexi_fast_put(r, l, 4) : gexi_fast_get(l, r, 4))
  else GEXI_VIS_WALK(put ? gexi_fast_put(r, l, elemsz) : gexi_fast_get(l, r, elemsz))
#undef GEXI_VIS_WALK
  return 1;
}
#define GEXI_VIS_ENTRY(RET, NAME, PARAMS, ARGS, TEST, DONE)                  \
  GEXI_INLINE RET gexi_inline_VIS_##NAME PARAMS {                            \
    if (TEST) return DONE;                                                   \
    return (gex_VIS_##NAME) ARGS;                                            \
  }
#define GEXI_VIS_VPUT(NAME, RET, DONE)                                                                       \
  GEXI_VIS_ENTRY(RET, NAME, (gex_TM_t tm, gex_Rank_t dstrank, size_t dstcount, gex_Memvec_t const dstlist[], \
                             size_t srccount, gex_Memvec_t const srclist[], gex_Flags_t flags),              \
                 (tm, dstrank, dstcount, dstlist, srccount, srclist, flags),                                 \
                 gexi_vis_vlists(tm, dstrank, dstcount, dstlist, srccount, srclist, flags, 1),               \
                 DONE)
#define GEXI_VIS_VGET(NAME, RET, DONE)                                                                       \
  GEXI_VIS_ENTRY(RET, NAME, (gex_TM_t tm, size_t dstcount, gex_Memvec_t const dstlist[], gex_Rank_t srcrank, \
                             size_t srccount, gex_Memvec_t const srclist[], gex_Flags_t flags),              \
                 (tm, dstcount, dstlist, srcrank, srccount, srclist, flags),                                 \
                 gexi_vis_vlists(tm, srcrank, dstcount, dstlist, srccount, srclist, flags, 0),               \
                 DONE)
#define GEXI_VIS_IPUT(NAME, RET, DONE)                                                                       \
  GEXI_VIS_ENTRY(RET, NAME, (gex_TM_t tm, gex_Rank_t dstrank, size_t dstcount, void *const dstlist[],        \
                             size_t dstlen, size_t srccount, void *const srclist[], size_t srclen,           \
                             gex_Flags_t flags),                                                             \
                 (tm, dstrank, dstcount, dstlist, dstlen, srccount, srclist, srclen, flags),                 \
                 gexi_vis_ilists(tm, dstrank, dstcount, dstlist, dstlen, srccount, srclist, srclen, flags, 1), \
                 DONE)
#define GEXI_VIS_IGET(NAME, RET, DONE)                                                                       \
  GEXI_VIS_ENTRY(RET, NAME, (gex_TM_t tm, size_t dstcount, void *const dstlist[], size_t dstlen,             \
                             gex_Rank_t srcrank, size_t srccount, void *const srclist[], size_t srclen,      \
                             gex_Flags_t flags),                                                             \
                 (tm, dstcount, dstlist, dstlen, srcrank, srccount, srclist, srclen, flags),                 \
                 gexi_vis_ilists(tm, srcrank, dstcount, dstlist, dstlen, srccount, srclist, srclen, flags, 0), \
                 DONE)
#define GEXI_VIS_SPUT(NAME, RET, DONE)                                                                       \
  GEXI_VIS_ENTRY(RET, NAME, (gex_TM_t tm, gex_Rank_t dstrank, void *dstaddr, const ptrdiff_t dststrides[],   \
                             void *srcaddr, const ptrdiff_t srcstrides[], size_t elemsz,                     \
                             const size_t count[], size_t stridelevels, gex_Flags_t flags),                  \
                 (tm, dstrank, dstaddr, dststrides, srcaddr, srcstrides, elemsz, count, stridelevels, flags), \
                 gexi_vis_strided(tm, dstrank, (char *)dstaddr, dststrides, (char *)srcaddr, srcstrides, elemsz,  \
                                  count, stridelevels, flags, 1),                                           \
                 DONE)
#define GEXI_VIS_SGET(NAME, RET, DONE)                                                                       \
  GEXI_VIS_ENTRY(RET, NAME, (gex_TM_t tm, void *dstaddr, const ptrdiff_t dststrides[], gex_Rank_t srcrank,   \
                             void *srcaddr, const ptrdiff_t srcstrides[], size_t elemsz,                     \
                             const size_t count[], size_t stridelevels, gex_Flags_t flags),                  \
                 (tm, dstaddr, dststrides, srcrank, srcaddr, srcstrides, elemsz, count, stridelevels, flags), \
                 gexi_vis_strided(tm, srcrank, (char *)srcaddr, srcstrides, (char *)dstaddr, dststrides, elemsz,  \
                                  count, stridelevels, flags, 0),                                           \
                 DONE)
GEXI_VIS_VPUT(VectorPutNB, gex_Event_t, GEX_EVENT_INVALID)
GEXI_VIS_VPUT(VectorPutNBI, int, 0)
GEXI_VIS_VPUT(VectorPutBlocking, int, 0)
GEXI_VIS_VGET(VectorGetNB, gex_Event_t, GEX_EVENT_INVALID)
GEXI_VIS_VGET(VectorGetNBI, int, 0)
GEXI_VIS_VGET(VectorGetBlocking, int, 0)
GEXI_VIS_IPUT(IndexedPutNB, gex_Event_t, GEX_EVENT_INVALID)
GEXI_VIS_IPUT(IndexedPutNBI, int, 0)
GEXI_VIS_IPUT(IndexedPutBlocking, int, 0)
GEXI_VIS_IGET(IndexedGetNB, gex_Event_t, GEX_EVENT_INVALID)
GEXI_VIS_IGET(IndexedGetNBI, int, 0)
GEXI_VIS_IGET(IndexedGetBlocking, int, 0)
GEXI_VIS_SPUT(StridedPutNB, gex_Event_t, GEX_EVENT_INVALID)
GEXI_VIS_SPUT(StridedPutNBI, int, 0)
GEXI_VIS_SPUT(StridedPutBlocking, int, 0)
GEXI_VIS_SGET(StridedGetNB, gex_Event_t, GEX_EVENT_INVALID)
GEXI_VIS_SGET(StridedGetNBI, int, 0)
GEXI_VIS_SGET(StridedGetBlocking, int, 0)
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
