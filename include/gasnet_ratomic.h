/* gasnet_ratomic.h: GASNet-EX remote atomics (atomic domains, gex_AD_*). */
#ifndef GASNET_RATOMIC_H
#define GASNET_RATOMIC_H

#include <gasnetex.h>

#ifdef __cplusplus
extern "C" {
#endif

extern void gex_AD_Create(gex_AD_t *ad_p, gex_TM_t tm, gex_DT_t dt, gex_OP_t ops, gex_Flags_t flags);
extern void gex_AD_Destroy(gex_AD_t ad);
extern gex_Flags_t gex_AD_QueryFlags(gex_AD_t ad);
extern gex_TM_t gex_AD_QueryTM(gex_AD_t ad);
extern gex_DT_t gex_AD_QueryDT(gex_AD_t ad);
extern gex_OP_t gex_AD_QueryOps(gex_AD_t ad);
extern void gex_AD_SetCData(gex_AD_t ad, const void *val);
extern void *gex_AD_QueryCData(gex_AD_t ad);

/* The first members of every atomic domain, read by the inline fast path below (not an API). */
typedef struct {
  uint32_t magic;       /* the library's liveness mark */
  gex_DT_t inline_dt;   /* the domain's data type when its ops may go inline (integer types, not
                           forced onto AMs), else 0 */
  gex_OP_t inline_ops;  /* the domain's ops the inline path applies itself */
  gex_TM_t tm;
} gexi_AD_Head_t;

/* NB: an event (GEX_EVENT_NO_OP only with GEX_FLAG_IMMEDIATE). NBI: non-zero only on an
 * IMMEDIATE no-op; sync with gex_NBI_* using GEX_EC_PUT (SET), GEX_EC_GET (GET), else GEX_EC_RMW. */
extern gex_Event_t gex_AD_OpNB_I32(gex_AD_t ad, int32_t *result_p, gex_Rank_t tgt_rank, void *tgt_addr,
                                    gex_OP_t opcode, int32_t operand1, int32_t operand2, gex_Flags_t flags);
extern gex_Event_t gex_AD_OpNB_U32(gex_AD_t ad, uint32_t *result_p, gex_Rank_t tgt_rank, void *tgt_addr,
                                    gex_OP_t opcode, uint32_t operand1, uint32_t operand2, gex_Flags_t flags);
extern gex_Event_t gex_AD_OpNB_I64(gex_AD_t ad, int64_t *result_p, gex_Rank_t tgt_rank, void *tgt_addr,
                                    gex_OP_t opcode, int64_t operand1, int64_t operand2, gex_Flags_t flags);
extern gex_Event_t gex_AD_OpNB_U64(gex_AD_t ad, uint64_t *result_p, gex_Rank_t tgt_rank, void *tgt_addr,
                                    gex_OP_t opcode, uint64_t operand1, uint64_t operand2, gex_Flags_t flags);
extern gex_Event_t gex_AD_OpNB_FLT(gex_AD_t ad, float *result_p, gex_Rank_t tgt_rank, void *tgt_addr,
                                    gex_OP_t opcode, float operand1, float operand2, gex_Flags_t flags);
extern gex_Event_t gex_AD_OpNB_DBL(gex_AD_t ad, double *result_p, gex_Rank_t tgt_rank, void *tgt_addr,
                                    gex_OP_t opcode, double operand1, double operand2, gex_Flags_t flags);
extern int gex_AD_OpNBI_I32(gex_AD_t ad, int32_t *result_p, gex_Rank_t tgt_rank, void *tgt_addr,
                             gex_OP_t opcode, int32_t operand1, int32_t operand2, gex_Flags_t flags);
extern int gex_AD_OpNBI_U32(gex_AD_t ad, uint32_t *result_p, gex_Rank_t tgt_rank, void *tgt_addr,
                             gex_OP_t opcode, uint32_t operand1, uint32_t operand2, gex_Flags_t flags);
extern int gex_AD_OpNBI_I64(gex_AD_t ad, int64_t *result_p, gex_Rank_t tgt_rank, void *tgt_addr,
                             gex_OP_t opcode, int64_t operand1, int64_t operand2, gex_Flags_t flags);
extern int gex_AD_OpNBI_U64(gex_AD_t ad, uint64_t *result_p, gex_Rank_t tgt_rank, void *tgt_addr,
                             gex_OP_t opcode, uint64_t operand1, uint64_t operand2, gex_Flags_t flags);
extern int gex_AD_OpNBI_FLT(gex_AD_t ad, float *result_p, gex_Rank_t tgt_rank, void *tgt_addr,
                             gex_OP_t opcode, float operand1, float operand2, gex_Flags_t flags);
extern int gex_AD_OpNBI_DBL(gex_AD_t ad, double *result_p, gex_Rank_t tgt_rank, void *tgt_addr,
                             gex_OP_t opcode, double operand1, double operand2, gex_Flags_t flags);

/* The inline fast path for remote atomics, the sibling of gasnetex.h's for RMA (docs/internals.md,
   "Inline fast path"): in a release build, an operation with no flags on an integer domain of the
   primordial team, whose target is in a mapped neighbour's segment, is the CPU atomic in the
   caller's own code (relaxed, as the library applies it: src/ratomic/cpu_atomic.h); everything
   else, and every 64th operation (which polls), calls the library. GEX_NO_INLINE_RMA turns it off. */
#if defined(GASNET_NDEBUG) && defined(__GNUC__) && !defined(GEXI_BUILDING_LIBRARY) && !defined(GEX_NO_INLINE_RMA)
/* The entry points of one type: the inline attempt, else the library's function. */
#define GEXI_AD_INLINE_ENTRY(NAME, T)                                                                    \
  static inline gex_Event_t gexi_inline_AD_OpNB_##NAME(gex_AD_t ad, T *result_p, gex_Rank_t rank,        \
                                                        void *addr, gex_OP_t op, T a, T b,                \
                                                        gex_Flags_t flags) {                              \
    if (gexi_inline_AD_##NAME(ad, result_p, rank, addr, op, a, b, flags)) return GEX_EVENT_INVALID;       \
    return (gex_AD_OpNB_##NAME)(ad, result_p, rank, addr, op, a, b, flags);                               \
  }                                                                                                       \
  static inline int gexi_inline_AD_OpNBI_##NAME(gex_AD_t ad, T *result_p, gex_Rank_t rank, void *addr,   \
                                                 gex_OP_t op, T a, T b, gex_Flags_t flags) {               \
    if (gexi_inline_AD_##NAME(ad, result_p, rank, addr, op, a, b, flags)) return 0;                       \
    return (gex_AD_OpNBI_##NAME)(ad, result_p, rank, addr, op, a, b, flags);                              \
  }
#define GEXI_AD_INLINE(NAME, T)                                                                          \
  static inline int gexi_inline_AD_##NAME(gex_AD_t ad, T *result_p, gex_Rank_t rank, void *addr,          \
                                           gex_OP_t op, T a, T b, gex_Flags_t flags) {                     \
    const gexi_AD_Head_t *h = (const gexi_AD_Head_t *)ad;                                                 \
    if (__builtin_expect(h == NULL || h->inline_dt != GEX_DT_##NAME || !(op & h->inline_ops) ||          \
                         (op & (op - 1)) != 0, 0)) return 0;                                               \
    void *pv;                                                                                             \
    if (__builtin_expect(!gexi_fast_xlate(h->tm, rank, addr, sizeof(T), flags, &pv) ||                   \
                         ((uintptr_t)pv & (sizeof(T) - 1)) != 0, 0)) return 0;                              \
    T *p = (T *)pv;                                                                                   \
    const int fetching = (op & (GEX_OP_GET | GEX_OP_SWAP | GEX_OP_FCAS | GEX_OP_FADD | GEX_OP_FSUB |      \
                                GEX_OP_FINC | GEX_OP_FDEC | GEX_OP_FAND | GEX_OP_FOR | GEX_OP_FXOR)) != 0; \
    /* the library reports a NULL result_p */                                                             \
    if (__builtin_expect(fetching && result_p == NULL, 0)) return 0;                                      \
    T old;                                                                                                \
    switch (op) {                                                                                         \
      case GEX_OP_GET: old = __atomic_load_n(p, __ATOMIC_RELAXED); break;                                 \
      case GEX_OP_SET: __atomic_store_n(p, a, __ATOMIC_RELAXED); return 1;                                \
      case GEX_OP_SWAP: old = __atomic_exchange_n(p, a, __ATOMIC_RELAXED); break;                         \
      case GEX_OP_CAS: case GEX_OP_FCAS:                                                                  \
        old = a; __atomic_compare_exchange_n(p, &old, b, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED); break;   \
      case GEX_OP_ADD: case GEX_OP_FADD: old = __atomic_fetch_add(p, a, __ATOMIC_RELAXED); break;         \
      case GEX_OP_SUB: case GEX_OP_FSUB: old = __atomic_fetch_sub(p, a, __ATOMIC_RELAXED); break;         \
      case GEX_OP_INC: case GEX_OP_FINC: old = __atomic_fetch_add(p, (T)1, __ATOMIC_RELAXED); break;      \
      case GEX_OP_DEC: case GEX_OP_FDEC: old = __atomic_fetch_sub(p, (T)1, __ATOMIC_RELAXED); break;      \
      case GEX_OP_AND: case GEX_OP_FAND: old = __atomic_fetch_and(p, a, __ATOMIC_RELAXED); break;         \
      case GEX_OP_OR: case GEX_OP_FOR: old = __atomic_fetch_or(p, a, __ATOMIC_RELAXED); break;            \
      case GEX_OP_XOR: case GEX_OP_FXOR: old = __atomic_fetch_xor(p, a, __ATOMIC_RELAXED); break;         \
      default: __builtin_unreachable(); /* inline_ops holds only the cases above */                     \
    }                                                                                                     \
    if (fetching) *result_p = old;                                                                        \
    return 1;                                                                                             \
  }                                                                                                       \
  GEXI_AD_INLINE_ENTRY(NAME, T)
GEXI_AD_INLINE(I32, int32_t)
GEXI_AD_INLINE(U32, uint32_t)
GEXI_AD_INLINE(I64, int64_t)
GEXI_AD_INLINE(U64, uint64_t)
#undef GEXI_AD_INLINE
/* Floating point: GET/SET/SWAP/CAS on the bits (as the library: CAS compares the bits), the
   arithmetic as a compare-and-swap loop that skips the write when the bits would not change. */
#define GEXI_AD_INLINE_FP(NAME, T, R)                                                                    \
  static inline int gexi_inline_AD_##NAME(gex_AD_t ad, T *result_p, gex_Rank_t rank, void *addr,          \
                                           gex_OP_t op, T a, T b, gex_Flags_t flags) {                     \
    const gexi_AD_Head_t *h = (const gexi_AD_Head_t *)ad;                                                 \
    if (__builtin_expect(h == NULL || h->inline_dt != GEX_DT_##NAME || !(op & h->inline_ops) ||          \
                         (op & (op - 1)) != 0, 0)) return 0;                                               \
    void *pv;                                                                                             \
    if (__builtin_expect(!gexi_fast_xlate(h->tm, rank, addr, sizeof(R), flags, &pv) ||                   \
                         ((uintptr_t)pv & (sizeof(R) - 1)) != 0, 0)) return 0;                              \
    R *p = (R *)pv;                                                                                   \
    const int fetching = (op & (GEX_OP_GET | GEX_OP_SWAP | GEX_OP_FCAS | GEX_OP_FADD | GEX_OP_FSUB |      \
                                GEX_OP_FINC | GEX_OP_FDEC)) != 0;                                          \
    if (__builtin_expect(fetching && result_p == NULL, 0)) return 0;                                      \
    R abits, bbits, old;                                                                                  \
    __builtin_memcpy(&abits, &a, sizeof(R));                                                              \
    __builtin_memcpy(&bbits, &b, sizeof(R));                                                              \
    switch (op) {                                                                                         \
      case GEX_OP_GET: old = __atomic_load_n(p, __ATOMIC_RELAXED); break;                                 \
      case GEX_OP_SET: __atomic_store_n(p, abits, __ATOMIC_RELAXED); return 1;                            \
      case GEX_OP_SWAP: old = __atomic_exchange_n(p, abits, __ATOMIC_RELAXED); break;                     \
      case GEX_OP_CAS: case GEX_OP_FCAS:                                                                  \
        old = abits;                                                                                      \
        __atomic_compare_exchange_n(p, &old, bbits, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);               \
        break;                                                                                            \
      default: {                                                                                          \
        const T x = (op & (GEX_OP_ADD | GEX_OP_FADD)) ? a : (op & (GEX_OP_SUB | GEX_OP_FSUB)) ? -a        \
                  : (op & (GEX_OP_INC | GEX_OP_FINC)) ? (T)1 : (T)-1;                                     \
        old = __atomic_load_n(p, __ATOMIC_RELAXED);                                                       \
        for (;;) {                                                                                        \
          T cur, next;                                                                                    \
          R nbits;                                                                                        \
          __builtin_memcpy(&cur, &old, sizeof(R));                                                        \
          next = (op & (GEX_OP_SUB | GEX_OP_FSUB)) ? cur - a : cur + x;                                   \
          __builtin_memcpy(&nbits, &next, sizeof(R));                                                     \
          if (nbits == old ||                                                                             \
              __atomic_compare_exchange_n(p, &old, nbits, 1, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) break;  \
        }                                                                                                 \
      }                                                                                                   \
    }                                                                                                     \
    if (fetching) __builtin_memcpy(result_p, &old, sizeof(R));                                            \
    return 1;                                                                                             \
  }                                                                                                       \
  GEXI_AD_INLINE_ENTRY(NAME, T)
GEXI_AD_INLINE_FP(FLT, float, uint32_t)
GEXI_AD_INLINE_FP(DBL, double, uint64_t)
#undef GEXI_AD_INLINE_FP
#undef GEXI_AD_INLINE_ENTRY
#define gex_AD_OpNB_FLT(ad, r, rank, addr, op, a, b, f) gexi_inline_AD_OpNB_FLT(ad, r, rank, addr, op, a, b, f)
#define gex_AD_OpNB_DBL(ad, r, rank, addr, op, a, b, f) gexi_inline_AD_OpNB_DBL(ad, r, rank, addr, op, a, b, f)
#define gex_AD_OpNBI_FLT(ad, r, rank, addr, op, a, b, f) gexi_inline_AD_OpNBI_FLT(ad, r, rank, addr, op, a, b, f)
#define gex_AD_OpNBI_DBL(ad, r, rank, addr, op, a, b, f) gexi_inline_AD_OpNBI_DBL(ad, r, rank, addr, op, a, b, f)
#define gex_AD_OpNB_I32(ad, r, rank, addr, op, a, b, f) gexi_inline_AD_OpNB_I32(ad, r, rank, addr, op, a, b, f)
#define gex_AD_OpNB_U32(ad, r, rank, addr, op, a, b, f) gexi_inline_AD_OpNB_U32(ad, r, rank, addr, op, a, b, f)
#define gex_AD_OpNB_I64(ad, r, rank, addr, op, a, b, f) gexi_inline_AD_OpNB_I64(ad, r, rank, addr, op, a, b, f)
#define gex_AD_OpNB_U64(ad, r, rank, addr, op, a, b, f) gexi_inline_AD_OpNB_U64(ad, r, rank, addr, op, a, b, f)
#define gex_AD_OpNBI_I32(ad, r, rank, addr, op, a, b, f) gexi_inline_AD_OpNBI_I32(ad, r, rank, addr, op, a, b, f)
#define gex_AD_OpNBI_U32(ad, r, rank, addr, op, a, b, f) gexi_inline_AD_OpNBI_U32(ad, r, rank, addr, op, a, b, f)
#define gex_AD_OpNBI_I64(ad, r, rank, addr, op, a, b, f) gexi_inline_AD_OpNBI_I64(ad, r, rank, addr, op, a, b, f)
#define gex_AD_OpNBI_U64(ad, r, rank, addr, op, a, b, f) gexi_inline_AD_OpNBI_U64(ad, r, rank, addr, op, a, b, f)
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* GASNET_RATOMIC_H */
