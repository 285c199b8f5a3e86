/* The inline fast path of gasnet_ratomic.h (docs/internals.md, "Inline fast path"): in a release
 * build, an integer remote atomic with no flags on the primordial team to a load/store peer is
 * the CPU atomic in this program's own code; everything else calls the library.
 *
 *  - every inlined op, fetching and not, NB and NBI, on each integer type gives the value a serial
 *    reference computes (the ops run on one word per writer, each owner checks its words);
 *  - concurrent FADDs on one counter from every rank, mixing the inline path, the library's
 *    function (through a pointer), the library with flags (GEX_FLAG_AD_REL) and a team split off
 *    (library), lose no update: the paths use the same instructions;
 *  - float and double domains: the inlined ops (the arithmetic a CAS loop) against a serial
 *    reference, and a double counter adds exactly under concurrent ADDs;
 *  - off with GEX_RATOMIC_FORCE_AM=1 and GEX_FORCE_AM=1 (the same results over AMs).
 */
#include "test_util.h"

#include <gasnet_ratomic.h>

#if !defined(gex_AD_OpNB_U64) || !defined(gex_AD_OpNBI_I32)
#error "a release build with GCC should get gasnet_ratomic.h's inline fast path"
#endif

static gex_TM_t tm;
static gex_Rank_t me, np;
static char *seg;

/* Layout of every rank's segment: [0, 4096) one 64-byte line per writer for the op checks,
 * [4096] the shared counter (u64), [4104] a double counter. */
enum { kOps = 0, kCounter = 4096, kDblCounter = 4104 };

/* The serial reference of one op on (cur): the new value; *fetched gets the old one. */
#define REF(T)                                                                         \
  static T ref_##T(gex_OP_t op, T cur, T a, T b) {                                     \
    switch (op) {                                                                      \
      case GEX_OP_SET: case GEX_OP_SWAP: return a;                                     \
      case GEX_OP_CAS: case GEX_OP_FCAS: return cur == a ? b : cur;                    \
      case GEX_OP_ADD: case GEX_OP_FADD: return (T)((uint64_t)cur + (uint64_t)a);                          \
      case GEX_OP_SUB: case GEX_OP_FSUB: return (T)((uint64_t)cur - (uint64_t)a);                          \
      case GEX_OP_INC: case GEX_OP_FINC: return (T)((uint64_t)cur + 1u);                          \
      case GEX_OP_DEC: case GEX_OP_FDEC: return (T)((uint64_t)cur - 1u);                          \
      case GEX_OP_AND: case GEX_OP_FAND: return (T)(cur & a);                          \
      case GEX_OP_OR: case GEX_OP_FOR: return (T)(cur | a);                            \
      case GEX_OP_XOR: case GEX_OP_FXOR: return (T)(cur ^ a);                          \
      default: return cur; /* GET */                                                   \
    }                                                                                  \
  }
REF(int32_t)
REF(uint32_t)
REF(int64_t)
REF(uint64_t)

static const gex_OP_t kOpsList[] = {GEX_OP_SET,  GEX_OP_GET,  GEX_OP_SWAP, GEX_OP_CAS,  GEX_OP_FCAS, GEX_OP_ADD,
                                    GEX_OP_FADD, GEX_OP_SUB,  GEX_OP_FSUB, GEX_OP_INC,  GEX_OP_FINC, GEX_OP_DEC,
                                    GEX_OP_FDEC, GEX_OP_AND,  GEX_OP_FAND, GEX_OP_OR,   GEX_OP_FOR,  GEX_OP_XOR,
                                    GEX_OP_FXOR};
#define NOPS (sizeof kOpsList / sizeof kOpsList[0])
static const gex_OP_t kFetching = GEX_OP_GET | GEX_OP_SWAP | GEX_OP_FCAS | GEX_OP_FADD | GEX_OP_FSUB | GEX_OP_FINC |
                                  GEX_OP_FDEC | GEX_OP_FAND | GEX_OP_FOR | GEX_OP_FXOR;

/* Rank `me` applies a sequence of ops (varying NB/NBI) to its own word in every peer's segment,
 * tracking the expected value; then every owner checks each writer's word. */
#define OPS_ROUND(T, NAME, DT)                                                                                \
  static void ops_round_##NAME(unsigned round) {                                                              \
    gex_AD_t ad;                                                                                              \
    gex_OP_t all = 0;                                                                                         \
    for (size_t i = 0; i < NOPS; ++i) all |= kOpsList[i];                                                    \
    gex_AD_Create(&ad, tm, DT, all, 0);                                                                       \
    test_rng_t rng;                                                                                           \
    test_rng_seed(&rng, test_seed(me, round, DT, 17));                                                        \
    T expect[TEST_MAX_RANKS];                                                                                 \
    for (gex_Rank_t p = 0; p < np; ++p) {                                                                     \
      void *base = NULL;                                                                                      \
      CHECK(gex_Segment_QueryBound(tm, p, &base, NULL, NULL) == 0);                                          \
      T *word = (T *)((char *)base + kOps + 64 * (size_t)me);                                                 \
      T cur = (T)test_rng_next(&rng);                                                                         \
      CHECK_EQ(gex_AD_OpNBI_##NAME(ad, NULL, p, word, GEX_OP_SET, cur, 0, 0), 0);                             \
      gex_NBI_Wait(GEX_EC_ALL, 0);                                                                            \
      for (unsigned k = 0; k < 3 * NOPS; ++k) {                                                               \
        const gex_OP_t op = kOpsList[(k + round) % NOPS];                                                     \
        const uint64_t r = test_rng_next(&rng);                                                               \
        T a = (T)(r >> 8), b = (T)test_rng_next(&rng);                                                        \
        if ((op == GEX_OP_CAS || op == GEX_OP_FCAS) && (r & 1)) a = cur; /* half the swaps succeed */        \
        T got = (T)0x5a5a5a5a;                                                                                \
        T *res = (op & kFetching) ? &got : NULL;                                                              \
        if (k & 1) {                                                                                          \
          CHECK_EQ(gex_AD_OpNBI_##NAME(ad, res, p, word, op, a, b, 0), 0);                                    \
          gex_NBI_Wait(GEX_EC_ALL, 0);                                                                        \
        } else {                                                                                              \
          gex_Event_Wait(gex_AD_OpNB_##NAME(ad, res, p, word, op, a, b, 0));                                  \
        }                                                                                                     \
        if (op & kFetching)                                                                                   \
          CHECKF(got == cur, #NAME " op 0x%x on rank %u: fetched %llx, expected %llx", (unsigned)op,         \
                 (unsigned)p, (unsigned long long)got, (unsigned long long)cur);                              \
        cur = ref_##T(op, cur, a, b);                                                                         \
      }                                                                                                       \
      expect[p] = cur;                                                                                        \
      T back = 0;                                                                                             \
      gex_Event_Wait((gex_AD_OpNB_##NAME)(ad, &back, p, word, GEX_OP_GET, 0, 0, 0)); /* the library */        \
      CHECKF(back == cur, #NAME " on rank %u: the library reads %llx, expected %llx", (unsigned)p,            \
             (unsigned long long)back, (unsigned long long)cur);                                             \
    }                                                                                                         \
    test_barrier(tm);                                                                                         \
    /* The owner's own view of the words, and each writer's expectation through a get. */                   \
    for (gex_Rank_t p = 0; p < np; ++p) {                                                                     \
      void *base = NULL;                                                                                      \
      CHECK(gex_Segment_QueryBound(tm, p, &base, NULL, NULL) == 0);                                          \
      T seen;                                                                                                 \
      gex_RMA_GetBlocking(tm, &seen, p, (char *)base + kOps + 64 * (size_t)me, sizeof(T), 0);                 \
      CHECKF(seen == expect[p], #NAME ": word of rank %u in rank %u's segment is %llx, expected %llx",        \
             (unsigned)me, (unsigned)p, (unsigned long long)seen, (unsigned long long)expect[p]);             \
    }                                                                                                         \
    test_barrier(tm);                                                                                         \
    gex_AD_Destroy(ad);                                                                                       \
  }
OPS_ROUND(int32_t, I32, GEX_DT_I32)
OPS_ROUND(uint32_t, U32, GEX_DT_U32)
OPS_ROUND(int64_t, I64, GEX_DT_I64)
OPS_ROUND(uint64_t, U64, GEX_DT_U64)

/* Floating point: the ops the header inlines (bits for GET/SET/SWAP/CAS, a CAS loop for the
 * arithmetic), with values whose sums are exact, against a serial reference. */
static const gex_OP_t kFpOps[] = {GEX_OP_SET, GEX_OP_GET,  GEX_OP_SWAP, GEX_OP_CAS,  GEX_OP_FCAS, GEX_OP_ADD, GEX_OP_FADD,
                                  GEX_OP_SUB, GEX_OP_FSUB, GEX_OP_INC,  GEX_OP_FINC, GEX_OP_DEC,  GEX_OP_FDEC};
#define NFP (sizeof kFpOps / sizeof kFpOps[0])
#define FP_ROUND(T, NAME, DT)                                                                                 \
  static void fp_round_##NAME(unsigned round) {                                                               \
    gex_AD_t ad;                                                                                              \
    gex_OP_t all = 0;                                                                                         \
    for (size_t i = 0; i < NFP; ++i) all |= kFpOps[i];                                                       \
    gex_AD_Create(&ad, tm, DT, all, 0);                                                                       \
    test_rng_t rng;                                                                                           \
    test_rng_seed(&rng, test_seed(me, round, DT, 23));                                                        \
    for (gex_Rank_t p = 0; p < np; ++p) {                                                                     \
      void *base = NULL;                                                                                      \
      CHECK(gex_Segment_QueryBound(tm, p, &base, NULL, NULL) == 0);                                          \
      T *word = (T *)((char *)base + kOps + 64 * (size_t)me + 16);                                            \
      T cur = (T)(test_rng_next(&rng) % 1000) / 4;                                                            \
      gex_Event_Wait(gex_AD_OpNB_##NAME(ad, NULL, p, word, GEX_OP_SET, cur, 0, 0));                           \
      for (unsigned k = 0; k < 3 * NFP; ++k) {                                                                \
        const gex_OP_t op = kFpOps[(k + round) % NFP];                                                        \
        const uint64_t r = test_rng_next(&rng);                                                               \
        T a = (T)((r >> 8) % 1000) / 4, b = (T)((r >> 24) % 1000) / 8;                                        \
        if ((op == GEX_OP_CAS || op == GEX_OP_FCAS) && (r & 1)) a = cur;                                      \
        T got = (T)-12345;                                                                                    \
        T *res = (op & kFetching) ? &got : NULL;                                                              \
        if (k & 1) {                                                                                          \
          CHECK_EQ(gex_AD_OpNBI_##NAME(ad, res, p, word, op, a, b, 0), 0);                                    \
          gex_NBI_Wait(GEX_EC_ALL, 0);                                                                        \
        } else {                                                                                              \
          gex_Event_Wait(gex_AD_OpNB_##NAME(ad, res, p, word, op, a, b, 0));                                  \
        }                                                                                                     \
        if (op & kFetching) CHECKF(got == cur, #NAME " op 0x%x: fetched %g, expected %g", (unsigned)op, (double)got, (double)cur); \
        switch (op) {                                                                                         \
          case GEX_OP_SET: case GEX_OP_SWAP: cur = a; break;                                                  \
          case GEX_OP_CAS: case GEX_OP_FCAS: if (cur == a) cur = b; break;                                    \
          case GEX_OP_ADD: case GEX_OP_FADD: cur = cur + a; break;                                            \
          case GEX_OP_SUB: case GEX_OP_FSUB: cur = cur - a; break;                                            \
          case GEX_OP_INC: case GEX_OP_FINC: cur = cur + 1; break;                                            \
          case GEX_OP_DEC: case GEX_OP_FDEC: cur = cur - 1; break;                                            \
          default: break;                                                                                     \
        }                                                                                                     \
      }                                                                                                       \
      T back = 0;                                                                                             \
      gex_Event_Wait((gex_AD_OpNB_##NAME)(ad, &back, p, word, GEX_OP_GET, 0, 0, 0));                          \
      CHECKF(back == cur, #NAME " on rank %u: the library reads %g, expected %g", (unsigned)p, (double)back,   \
             (double)cur);                                                                                    \
    }                                                                                                         \
    test_barrier(tm);                                                                                         \
    gex_AD_Destroy(ad);                                                                                       \
  }
FP_ROUND(float, FLT, GEX_DT_FLT)
FP_ROUND(double, DBL, GEX_DT_DBL)

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_EP_t ep;
  test_init("test_ratomic_inline", &argc, &argv, &client, &ep, &tm);
  me = gex_TM_QueryRank(tm);
  np = gex_TM_QuerySize(tm);
  gex_Segment_t segment;
  seg = (char *)test_attach(tm, 1 << 16, &segment);
  memset(seg, 0, 8192);
  test_barrier(tm);

  for (unsigned round = 0; round < 3; ++round) {
    ops_round_I32(round);
    ops_round_U32(round);
    ops_round_I64(round);
    ops_round_U64(round);
    fp_round_FLT(round);
    fp_round_DBL(round);
  }

  /* One counter at rank 0, FADDs from everyone through four paths in turn. */
  gex_AD_t ad64, addbl;
  gex_AD_Create(&ad64, tm, GEX_DT_U64, GEX_OP_FADD | GEX_OP_ADD | GEX_OP_GET, 0);
  gex_AD_Create(&addbl, tm, GEX_DT_DBL, GEX_OP_ADD | GEX_OP_GET, 0);
  gex_TM_t split;
  gex_TM_Split(&split, tm, 0, (int)me, NULL, 0, GEX_FLAG_TM_NO_SCRATCH); /* every rank, but not the primordial team: the library */
  void *base0 = NULL;
  CHECK(gex_Segment_QueryBound(tm, 0, &base0, NULL, NULL) == 0);
  uint64_t *counter = (uint64_t *)((char *)base0 + kCounter);
  double *dcounter = (double *)((char *)base0 + kDblCounter);
  gex_AD_t adsplit;
  gex_AD_Create(&adsplit, split, GEX_DT_U64, GEX_OP_ADD, 0);
  gex_Event_t (*library)(gex_AD_t, uint64_t *, gex_Rank_t, void *, gex_OP_t, uint64_t, uint64_t, gex_Flags_t) =
      &gex_AD_OpNB_U64;
  const unsigned kAdds = 20000;
  uint64_t prev_max = 0;
  for (unsigned i = 0; i < kAdds; ++i) {
    uint64_t old = 0;
    switch (i % 4) {
      case 0: gex_Event_Wait(gex_AD_OpNB_U64(ad64, &old, 0, counter, GEX_OP_FADD, 1, 0, 0)); break;
      case 1: gex_Event_Wait(library(ad64, &old, 0, counter, GEX_OP_FADD, 1, 0, 0)); break;
      case 2: gex_Event_Wait(gex_AD_OpNB_U64(ad64, &old, 0, counter, GEX_OP_FADD, 1, 0, GEX_FLAG_AD_REL)); break;
      default:
        CHECK_EQ(gex_AD_OpNBI_U64(adsplit, NULL, gex_TM_TranslateJobrankToRank(split, 0), counter, GEX_OP_ADD, 1, 0, 0), 0);
        gex_NBI_Wait(GEX_EC_ALL, 0);
        old = prev_max;
    }
    CHECKF(old >= prev_max, "FADD returned %llu after %llu: the counter went back", (unsigned long long)old,
           (unsigned long long)prev_max);
    prev_max = old;
    if (i % 16 == 0) CHECK_EQ(gex_AD_OpNBI_DBL(addbl, NULL, 0, dcounter, GEX_OP_ADD, 0.5, 0, 0), 0);
  }
  gex_NBI_Wait(GEX_EC_ALL, 0);
  test_barrier(tm);
  if (me == 0) {
    uint64_t total = 0;
    gex_Event_Wait(gex_AD_OpNB_U64(ad64, &total, 0, counter, GEX_OP_GET, 0, 0, 0));
    CHECKF(total == (uint64_t)kAdds * np, "counter is %llu after %u FADDs from each of %u ranks: updates were lost",
           (unsigned long long)total, kAdds, (unsigned)np);
    double dtotal = 0;
    gex_Event_Wait(gex_AD_OpNB_DBL(addbl, &dtotal, 0, dcounter, GEX_OP_GET, 0, 0, 0));
    CHECKF(dtotal == 0.5 * ((kAdds + 15) / 16) * np, "double counter is %g", dtotal);
  }
  test_barrier(tm);
  gex_AD_Destroy(adsplit);
  gex_AD_Destroy(addbl);
  gex_AD_Destroy(ad64);
  test_finish(tm, "test_ratomic_inline");
  return 0;
}
