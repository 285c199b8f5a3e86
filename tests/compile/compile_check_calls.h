/* Shared body of the compile checks (compile_check.c, compile_check.cpp).
 *
 * Calls every API that gasnetex.h, gasnet_coll.h, gasnet_vis.h, gasnet_ratomic.h and gasnet_mk.h
 * declare, with exactly the spec's argument types, and stores each result in a variable of the
 * spec's return type. The GASNet-1 names that GASNet's gasnetex.h provides (barrier, seginfo,
 * waitmode, ...) are used here without gasnet.h, which proves gasnetex.h alone provides them. Nothing here runs (main calls cc_call_every_api only when argc > 100): the
 * point is that it compiles warning-free in C99, C11 and C++17 under every thread mode and that it
 * links, which proves every symbol exists in the library.
 */
#ifndef COMPILE_CHECK_CALLS_H
#define COMPILE_CHECK_CALLS_H

#include <gasnetex.h>
#include <gasnet_coll.h>
#include <gasnet_mk.h>
#include <gasnet_ratomic.h>
#include <gasnet_vis.h>

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__cplusplus)
#define CC_STATIC_ASSERT(cond, msg) static_assert(cond, msg)
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define CC_STATIC_ASSERT(cond, msg) _Static_assert(cond, msg)
#else
// C99 has no _Static_assert: a negative array size fails the build instead.
#define CC_CAT_(a, b) a##b
#define CC_CAT(a, b) CC_CAT_(a, b)
#define CC_STATIC_ASSERT(cond, msg) typedef char CC_CAT(cc_static_assert_line_, __LINE__)[(cond) ? 1 : -1]
#endif
#define CC_STR_(x) #x
#define CC_STR(x) CC_STR_(x)

/* ---- Preprocess-time checks: these macros must work in #if ---- */
#if !(GEX_SPEC_VERSION_MAJOR == 0 && GEX_SPEC_VERSION_MINOR >= 17)
#error "GEX spec version"
#endif
#if GASNET_SPEC_VERSION_MAJOR != 1 || GASNET_SPEC_VERSION_MINOR != 8 || GASNETT_SPEC_VERSION_MAJOR != 1 || GASNETT_SPEC_VERSION_MINOR != 20
#error "GASNet-1 / tools spec versions"
#endif
#if (defined(GASNET_SEQ) + defined(GASNET_PARSYNC) + defined(GASNET_PAR)) != 1
#error "exactly one thread mode must be defined after gasnetex.h"
#endif
#if defined(GASNET_SEQ) && (GEXI_THREAD_MODE != 0 || defined(GASNETI_THREADS))
#error "SEQ mapping"
#endif
#if defined(GASNET_PARSYNC) && (GEXI_THREAD_MODE != 1 || !defined(GASNETI_THREADS))
#error "PARSYNC mapping"
#endif
#if defined(GASNET_PAR) && (GEXI_THREAD_MODE != 2 || !defined(GASNETI_THREADS))
#error "PAR mapping"
#endif
#if defined(GASNET_DEBUG) == defined(GASNET_NDEBUG)
#error "exactly one of GASNET_DEBUG / GASNET_NDEBUG"
#endif
#if !GASNET_CONDUIT_SMP || !GASNET_PSHM || !GASNET_SEGMENT_FAST || GASNET_ALIGNED_SEGMENTS
#error "conduit feature macros"
#endif
#if GASNET_MAXEPS != 33 || GASNET_HIDDEN_AM_CONCURRENCY_LEVEL != 0 || GASNET_PAGESIZE != 4096 || GASNET_MAXNODES < 1
#error "limits"
#endif
#if !GASNET_SUPPORTS_TI_SRCRANK || !GASNET_SUPPORTS_TI_EP || !GASNET_SUPPORTS_TI_ENTRY || !GASNET_SUPPORTS_TI_IS_REQ || !GASNET_SUPPORTS_TI_IS_LONG
#error "token info support macros"
#endif
#if SIZEOF_GEX_RMA_VALUE_T != 8 || GEX_AM_INDEX_BASE != 128 || !GASNET_HAVE_MK_CLASS_HOST
#error "sizes"
#endif
// DT and OP codes are preprocess-time constants (spec section "Data types").
#if GEX_DT_I32 == 0 || GEX_OP_TO_FETCHING(GEX_OP_ADD) != GEX_OP_FADD || GEX_OP_TO_NONFETCHING(GEX_OP_SWAP) != GEX_OP_SET
#error "DT/OP in #if"
#endif

/* ---- Every constant's value (GASNet-EX 2025.8.0) ---- */
#include "constant_values.h"

/* ---- Compile-time checks ---- */
#define CC_ONE_BIT(x) ((x) != 0 && ((x) & ((x) - 1)) == 0)

CC_STATIC_ASSERT(GEX_RANK_INVALID != 0 && GEX_RANK_INVALID > GASNET_MAXNODES, "GEX_RANK_INVALID above every rank");
CC_STATIC_ASSERT(sizeof(gex_AM_Index_t) == 1 && sizeof(gex_AM_Arg_t) == 4, "AM index/arg widths");
CC_STATIC_ASSERT(sizeof(gex_RMA_Value_t) == SIZEOF_GEX_RMA_VALUE_T, "SIZEOF_GEX_RMA_VALUE_T");
CC_STATIC_ASSERT(GEX_FLAG_IMMEDIATE == 1, "IMMEDIATE is bit 0");

// Field order is part of the API: clients use positional initializers.
CC_STATIC_ASSERT(offsetof(gex_AM_Entry_t, gex_index) == 0 &&
                 offsetof(gex_AM_Entry_t, gex_index) < offsetof(gex_AM_Entry_t, gex_fnptr) &&
                 offsetof(gex_AM_Entry_t, gex_fnptr) < offsetof(gex_AM_Entry_t, gex_flags) &&
                 offsetof(gex_AM_Entry_t, gex_flags) < offsetof(gex_AM_Entry_t, gex_nargs) &&
                 offsetof(gex_AM_Entry_t, gex_nargs) < offsetof(gex_AM_Entry_t, gex_cdata) &&
                 offsetof(gex_AM_Entry_t, gex_cdata) < offsetof(gex_AM_Entry_t, gex_name),
                 "gex_AM_Entry_t field order");
CC_STATIC_ASSERT(offsetof(gex_Memvec_t, gex_addr) == 0 && offsetof(gex_Memvec_t, gex_len) > 0, "gex_Memvec_t field order");
CC_STATIC_ASSERT(offsetof(gex_EP_Location_t, gex_rank) == 0 && offsetof(gex_EP_Location_t, gex_ep_index) > 0,
                 "gex_EP_Location_t field order");
CC_STATIC_ASSERT(offsetof(gex_Token_Info_t, gex_srcrank) < offsetof(gex_Token_Info_t, gex_ep) &&
                 offsetof(gex_Token_Info_t, gex_ep) < offsetof(gex_Token_Info_t, gex_entry) &&
                 offsetof(gex_Token_Info_t, gex_entry) < offsetof(gex_Token_Info_t, gex_is_req) &&
                 offsetof(gex_Token_Info_t, gex_is_req) < offsetof(gex_Token_Info_t, gex_is_long),
                 "gex_Token_Info_t field order");

// Data types: distinct single bits.
CC_STATIC_ASSERT(CC_ONE_BIT(GEX_DT_I32) && CC_ONE_BIT(GEX_DT_U32) && CC_ONE_BIT(GEX_DT_I64) && CC_ONE_BIT(GEX_DT_U64) &&
                 CC_ONE_BIT(GEX_DT_FLT) && CC_ONE_BIT(GEX_DT_DBL) && CC_ONE_BIT(GEX_DT_USER), "DT single bits");
CC_STATIC_ASSERT((GEX_DT_I32 | GEX_DT_U32 | GEX_DT_I64 | GEX_DT_U64 | GEX_DT_FLT | GEX_DT_DBL | GEX_DT_USER) ==
                 (GEX_DT_I32 + GEX_DT_U32 + GEX_DT_I64 + GEX_DT_U64 + GEX_DT_FLT + GEX_DT_DBL + GEX_DT_USER),
                 "DT bits disjoint");
// Opcodes: distinct single bits.
#define CC_NONFETCHING_OPS (GEX_OP_ADD | GEX_OP_MULT | GEX_OP_MIN | GEX_OP_MAX | GEX_OP_SUB | GEX_OP_INC | GEX_OP_DEC | \
                            GEX_OP_AND | GEX_OP_OR | GEX_OP_XOR | GEX_OP_SET | GEX_OP_CAS)
#define CC_NONFETCHING_SUM (GEX_OP_ADD + GEX_OP_MULT + GEX_OP_MIN + GEX_OP_MAX + GEX_OP_SUB + GEX_OP_INC + GEX_OP_DEC + \
                            GEX_OP_AND + GEX_OP_OR + GEX_OP_XOR + GEX_OP_SET + GEX_OP_CAS)
#define CC_FETCHING_OPS (GEX_OP_FADD | GEX_OP_FMULT | GEX_OP_FMIN | GEX_OP_FMAX | GEX_OP_FSUB | GEX_OP_FINC | \
                         GEX_OP_FDEC | GEX_OP_FAND | GEX_OP_FOR | GEX_OP_FXOR | GEX_OP_SWAP | GEX_OP_FCAS)
#define CC_FETCHING_SUM (GEX_OP_FADD + GEX_OP_FMULT + GEX_OP_FMIN + GEX_OP_FMAX + GEX_OP_FSUB + GEX_OP_FINC + \
                         GEX_OP_FDEC + GEX_OP_FAND + GEX_OP_FOR + GEX_OP_FXOR + GEX_OP_SWAP + GEX_OP_FCAS)
#define CC_OTHER_OPS (GEX_OP_GET | GEX_OP_USER | GEX_OP_USER_NC)
CC_STATIC_ASSERT(CC_ONE_BIT(GEX_OP_ADD) && CC_ONE_BIT(GEX_OP_MULT) && CC_ONE_BIT(GEX_OP_MIN) && CC_ONE_BIT(GEX_OP_MAX) &&
                 CC_ONE_BIT(GEX_OP_SUB) && CC_ONE_BIT(GEX_OP_INC) && CC_ONE_BIT(GEX_OP_DEC) && CC_ONE_BIT(GEX_OP_AND) &&
                 CC_ONE_BIT(GEX_OP_OR) && CC_ONE_BIT(GEX_OP_XOR) && CC_ONE_BIT(GEX_OP_SET) && CC_ONE_BIT(GEX_OP_CAS) &&
                 CC_ONE_BIT(GEX_OP_GET) && CC_ONE_BIT(GEX_OP_USER) && CC_ONE_BIT(GEX_OP_USER_NC),
                 "non-fetching OP single bits");
CC_STATIC_ASSERT(CC_ONE_BIT(GEX_OP_FADD) && CC_ONE_BIT(GEX_OP_FMULT) && CC_ONE_BIT(GEX_OP_FMIN) && CC_ONE_BIT(GEX_OP_FMAX) &&
                 CC_ONE_BIT(GEX_OP_FSUB) && CC_ONE_BIT(GEX_OP_FINC) && CC_ONE_BIT(GEX_OP_FDEC) && CC_ONE_BIT(GEX_OP_FAND) &&
                 CC_ONE_BIT(GEX_OP_FOR) && CC_ONE_BIT(GEX_OP_FXOR) && CC_ONE_BIT(GEX_OP_SWAP) && CC_ONE_BIT(GEX_OP_FCAS),
                 "fetching OP single bits");
CC_STATIC_ASSERT(CC_NONFETCHING_OPS == CC_NONFETCHING_SUM && CC_FETCHING_OPS == CC_FETCHING_SUM &&
                 (CC_NONFETCHING_OPS & CC_FETCHING_OPS) == 0 && ((CC_NONFETCHING_OPS | CC_FETCHING_OPS) & CC_OTHER_OPS) == 0 &&
                 (GEX_OP_GET & (GEX_OP_USER | GEX_OP_USER_NC)) == 0 && GEX_OP_USER != GEX_OP_USER_NC,
                 "OP bits disjoint");
CC_STATIC_ASSERT(GEX_OP_TO_FETCHING(GEX_OP_ADD) == GEX_OP_FADD && GEX_OP_TO_FETCHING(GEX_OP_MULT) == GEX_OP_FMULT &&
                 GEX_OP_TO_FETCHING(GEX_OP_MIN) == GEX_OP_FMIN && GEX_OP_TO_FETCHING(GEX_OP_MAX) == GEX_OP_FMAX &&
                 GEX_OP_TO_FETCHING(GEX_OP_SUB) == GEX_OP_FSUB && GEX_OP_TO_FETCHING(GEX_OP_INC) == GEX_OP_FINC &&
                 GEX_OP_TO_FETCHING(GEX_OP_DEC) == GEX_OP_FDEC && GEX_OP_TO_FETCHING(GEX_OP_AND) == GEX_OP_FAND &&
                 GEX_OP_TO_FETCHING(GEX_OP_OR) == GEX_OP_FOR && GEX_OP_TO_FETCHING(GEX_OP_XOR) == GEX_OP_FXOR &&
                 GEX_OP_TO_FETCHING(GEX_OP_SET) == GEX_OP_SWAP && GEX_OP_TO_FETCHING(GEX_OP_CAS) == GEX_OP_FCAS,
                 "GEX_OP_TO_FETCHING pairs");
CC_STATIC_ASSERT(GEX_OP_TO_NONFETCHING(GEX_OP_FADD) == GEX_OP_ADD && GEX_OP_TO_NONFETCHING(GEX_OP_FMULT) == GEX_OP_MULT &&
                 GEX_OP_TO_NONFETCHING(GEX_OP_FMIN) == GEX_OP_MIN && GEX_OP_TO_NONFETCHING(GEX_OP_FMAX) == GEX_OP_MAX &&
                 GEX_OP_TO_NONFETCHING(GEX_OP_FSUB) == GEX_OP_SUB && GEX_OP_TO_NONFETCHING(GEX_OP_FINC) == GEX_OP_INC &&
                 GEX_OP_TO_NONFETCHING(GEX_OP_FDEC) == GEX_OP_DEC && GEX_OP_TO_NONFETCHING(GEX_OP_FAND) == GEX_OP_AND &&
                 GEX_OP_TO_NONFETCHING(GEX_OP_FOR) == GEX_OP_OR && GEX_OP_TO_NONFETCHING(GEX_OP_FXOR) == GEX_OP_XOR &&
                 GEX_OP_TO_NONFETCHING(GEX_OP_SWAP) == GEX_OP_SET && GEX_OP_TO_NONFETCHING(GEX_OP_FCAS) == GEX_OP_CAS &&
                 GEX_OP_CSWAP == GEX_OP_FCAS,
                 "GEX_OP_TO_NONFETCHING pairs");
// Event categories: AM and LC share a value that PUT includes (as in GASNet); GET and RMW are
// their own; _ALL covers everything. Token-info queries: distinct single bits, _ALL covers them.
CC_STATIC_ASSERT(GEX_EC_AM == GEX_EC_LC && (GEX_EC_PUT & GEX_EC_LC) == GEX_EC_LC && CC_ONE_BIT(GEX_EC_GET) &&
                 CC_ONE_BIT(GEX_EC_RMW) && ((GEX_EC_PUT | GEX_EC_AM) & (GEX_EC_GET | GEX_EC_RMW)) == 0 &&
                 (GEX_EC_GET & GEX_EC_RMW) == 0 &&
                 (GEX_EC_ALL & (GEX_EC_GET | GEX_EC_PUT | GEX_EC_AM | GEX_EC_LC | GEX_EC_RMW)) == (GEX_EC_GET | GEX_EC_PUT | GEX_EC_AM | GEX_EC_LC | GEX_EC_RMW),
                 "GEX_EC_*");
CC_STATIC_ASSERT(CC_ONE_BIT(GEX_TI_SRCRANK) && CC_ONE_BIT(GEX_TI_EP) && CC_ONE_BIT(GEX_TI_ENTRY) && CC_ONE_BIT(GEX_TI_IS_REQ) &&
                 CC_ONE_BIT(GEX_TI_IS_LONG) &&
                 (GEX_TI_SRCRANK | GEX_TI_EP | GEX_TI_ENTRY | GEX_TI_IS_REQ | GEX_TI_IS_LONG) == GEX_TI_ALL &&
                 (GEX_TI_SRCRANK + GEX_TI_EP + GEX_TI_ENTRY + GEX_TI_IS_REQ + GEX_TI_IS_LONG) == GEX_TI_ALL,
                 "GEX_TI_*");
CC_STATIC_ASSERT((GEX_EP_CAPABILITY_RMA | GEX_EP_CAPABILITY_AM | GEX_EP_CAPABILITY_VIS | GEX_EP_CAPABILITY_COLL | GEX_EP_CAPABILITY_AD) == GEX_EP_CAPABILITY_ALL &&
                 (GEX_EP_CAPABILITY_RMA + GEX_EP_CAPABILITY_AM + GEX_EP_CAPABILITY_VIS + GEX_EP_CAPABILITY_COLL + GEX_EP_CAPABILITY_AD) == GEX_EP_CAPABILITY_ALL,
                 "GEX_EP_CAPABILITY_*");

// Flags valid in the same call never collide (each group below is one call's flag set).
#define CC_DISJOINT2(a, b) (CC_ONE_BIT(a) && CC_ONE_BIT(b) && ((a) & (b)) == 0)
#define CC_FLAGS_COMM (GEX_FLAG_IMMEDIATE | GEX_FLAG_LC_COPY_YES | GEX_FLAG_LC_COPY_NO | GEX_FLAG_SELF_SEG_UNKNOWN | \
                       GEX_FLAG_SELF_SEG_SOME | GEX_FLAG_SELF_SEG_BOUND | GEX_FLAG_SELF_SEG_OFFSET | GEX_FLAG_PEER_SEG_UNKNOWN | \
                       GEX_FLAG_PEER_SEG_SOME | GEX_FLAG_PEER_SEG_BOUND | GEX_FLAG_PEER_SEG_OFFSET | \
                       GEX_FLAG_PEER_NEVER_SELF | GEX_FLAG_PEER_NEVER_NBRHD)
#define CC_FLAGS_COMM_SUM (GEX_FLAG_IMMEDIATE + GEX_FLAG_LC_COPY_YES + GEX_FLAG_LC_COPY_NO + GEX_FLAG_SELF_SEG_UNKNOWN + \
                           GEX_FLAG_SELF_SEG_SOME + GEX_FLAG_SELF_SEG_BOUND + GEX_FLAG_SELF_SEG_OFFSET + GEX_FLAG_PEER_SEG_UNKNOWN + \
                           GEX_FLAG_PEER_SEG_SOME + GEX_FLAG_PEER_SEG_BOUND + GEX_FLAG_PEER_SEG_OFFSET + \
                           GEX_FLAG_PEER_NEVER_SELF + GEX_FLAG_PEER_NEVER_NBRHD)
CC_STATIC_ASSERT(CC_FLAGS_COMM == CC_FLAGS_COMM_SUM, "communication flags disjoint");
#define CC_FLAGS_AD_OP (GEX_FLAG_AD_MY_RANK | GEX_FLAG_AD_MY_NBRHD | GEX_FLAG_AD_ACQ | GEX_FLAG_AD_REL | GEX_FLAG_RANK_IS_JOBRANK)
CC_STATIC_ASSERT(CC_FLAGS_AD_OP == (GEX_FLAG_AD_MY_RANK + GEX_FLAG_AD_MY_NBRHD + GEX_FLAG_AD_ACQ + GEX_FLAG_AD_REL + GEX_FLAG_RANK_IS_JOBRANK) &&
                 (CC_FLAGS_AD_OP & CC_FLAGS_COMM) == 0, "gex_AD_Op* flags");
CC_STATIC_ASSERT(CC_DISJOINT2(GEX_FLAG_AD_FAVOR_MY_RANK, GEX_FLAG_AD_FAVOR_MY_NBRHD) &&
                 CC_DISJOINT2(GEX_FLAG_AD_FAVOR_MY_NBRHD, GEX_FLAG_AD_FAVOR_REMOTE) &&
                 CC_DISJOINT2(GEX_FLAG_AD_FAVOR_MY_RANK, GEX_FLAG_AD_FAVOR_REMOTE), "gex_AD_Create flags");
CC_STATIC_ASSERT(CC_DISJOINT2(GEX_FLAG_AM_PREPARE_LEAST_CLIENT, GEX_FLAG_AM_PREPARE_LEAST_ALLOC) &&
                 ((GEX_FLAG_AM_PREPARE_LEAST_CLIENT | GEX_FLAG_AM_PREPARE_LEAST_ALLOC) & CC_FLAGS_COMM) == 0, "AM Max/Prepare flags");
CC_STATIC_ASSERT(CC_ONE_BIT(GEX_FLAG_ENABLE_LEAF_LC) && (GEX_FLAG_ENABLE_LEAF_LC & CC_FLAGS_COMM) == 0, "VIS flags");
// gex_TM_Split/Create take these; gex_TM_Destroy takes GLOBALLY_QUIESCED (which shares
// RANK_IS_JOBRANK's bit, as in GASNet) and SCRATCH_SEG_OFFSET.
#define CC_FLAGS_TM (GEX_FLAG_RANK_IS_JOBRANK | GEX_FLAG_TM_GLOBAL_SCRATCH | GEX_FLAG_TM_LOCAL_SCRATCH | GEX_FLAG_TM_SYMMETRIC_SCRATCH | \
                     GEX_FLAG_TM_NO_SCRATCH | GEX_FLAG_TM_SCRATCH_SIZE_RECOMMENDED | GEX_FLAG_TM_SCRATCH_SIZE_MIN | \
                     GEX_FLAG_SCRATCH_SEG_OFFSET)
CC_STATIC_ASSERT(CC_FLAGS_TM == (GEX_FLAG_RANK_IS_JOBRANK + GEX_FLAG_TM_GLOBAL_SCRATCH + GEX_FLAG_TM_LOCAL_SCRATCH +
                                 GEX_FLAG_TM_SYMMETRIC_SCRATCH + GEX_FLAG_TM_NO_SCRATCH + GEX_FLAG_TM_SCRATCH_SIZE_RECOMMENDED +
                                 GEX_FLAG_TM_SCRATCH_SIZE_MIN + GEX_FLAG_SCRATCH_SEG_OFFSET) &&
                 CC_DISJOINT2(GEX_FLAG_GLOBALLY_QUIESCED, GEX_FLAG_SCRATCH_SEG_OFFSET),
                 "team flags disjoint");
CC_STATIC_ASSERT(CC_DISJOINT2(GEX_FLAG_HINT_ACCEL_AD, GEX_FLAG_HINT_ACCEL_COLL) &&
                 GEX_FLAG_HINT_ACCEL_ALL == (GEX_FLAG_HINT_ACCEL_AD | GEX_FLAG_HINT_ACCEL_COLL), "EP hint flags");
CC_STATIC_ASSERT(CC_ONE_BIT(GEX_FLAG_USES_GASNET1), "GEX_FLAG_USES_GASNET1");
#define CC_FLAGS_AM_REG (GEX_FLAG_AM_SHORT | GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_LONG | GEX_FLAG_AM_REQUEST | GEX_FLAG_AM_REPLY)
CC_STATIC_ASSERT(CC_FLAGS_AM_REG == (GEX_FLAG_AM_SHORT + GEX_FLAG_AM_MEDIUM + GEX_FLAG_AM_LONG + GEX_FLAG_AM_REQUEST + GEX_FLAG_AM_REPLY) &&
                 GEX_FLAG_AM_MEDLONG == (GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_LONG) &&
                 GEX_FLAG_AM_REQREP == (GEX_FLAG_AM_REQUEST | GEX_FLAG_AM_REPLY), "AM registration flags");

/* ---- Handlers, in the natural C signatures ---- */
static volatile gex_AM_Arg_t cc_sink;

static void cc_short0(gex_Token_t token) {
  (void)token;
}
static void cc_medium1(gex_Token_t token, void *buf, size_t nbytes, gex_AM_Arg_t a0) {
  (void)token;
  (void)buf;
  cc_sink = a0 + (gex_AM_Arg_t)nbytes;
}
static void cc_long3(gex_Token_t token, void *buf, size_t nbytes, gex_AM_Arg_t a0, gex_AM_Arg_t a1,
                     gex_AM_Arg_t a2) {
  (void)token;
  (void)buf;
  cc_sink = a0 + a1 + a2 + (gex_AM_Arg_t)nbytes;
}
static void cc_short16(gex_Token_t token, gex_AM_Arg_t a0, gex_AM_Arg_t a1, gex_AM_Arg_t a2, gex_AM_Arg_t a3, gex_AM_Arg_t a4, gex_AM_Arg_t a5, gex_AM_Arg_t a6, gex_AM_Arg_t a7, gex_AM_Arg_t a8, gex_AM_Arg_t a9, gex_AM_Arg_t a10, gex_AM_Arg_t a11, gex_AM_Arg_t a12, gex_AM_Arg_t a13, gex_AM_Arg_t a14, gex_AM_Arg_t a15) {
  (void)token;
  cc_sink = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11 + a12 + a13 + a14 + a15;
}

// A Short request handler with 1 arg that makes every reply-side call.
static void cc_request1(gex_Token_t token, gex_AM_Arg_t a0) {
  gex_AM_Arg_t a[16];
  int i;
  for (i = 0; i < 16; ++i) a[i] = a0 + i;
  gex_AM_Index_t hidx = GEX_AM_INDEX_BASE;
  const void *src = a;
  size_t nbytes = sizeof a;
  void *dest = NULL;
  gex_Event_t ev = GEX_EVENT_INVALID;
  gex_Flags_t flags = 0;
  int rc = 0;

  gex_Token_Info_t info;
  gex_TI_t ti = gex_Token_Info(token, &info, GEX_TI_ALL);
  gex_Rank_t srcrank = info.gex_srcrank;
  gex_EP_t ep = info.gex_ep;
  const gex_AM_Entry_t *entry = info.gex_entry;
  int is_req = info.gex_is_req;
  int is_long = info.gex_is_long;
  size_t max_long = gex_Token_MaxReplyLong(token, GEX_EVENT_NOW, flags, 2);
  size_t max_medium = gex_Token_MaxReplyMedium(token, &ev, flags, 0);
  (void)ti;
  (void)srcrank;
  (void)ep;
  (void)entry;
  (void)is_req;
  (void)is_long;
  (void)max_long;
  (void)max_medium;

  gex_AM_SrcDesc_t sd = gex_AM_PrepareReplyMedium(token, NULL, 8, 64, NULL, flags, 2);
  void *sd_addr = gex_AM_SrcDescAddr(sd);
  size_t sd_size = gex_AM_SrcDescSize(sd);
  (void)sd_addr;
  (void)sd_size;
  rc |= gex_AM_CancelReplyMedium(sd, 0);
  sd = gex_AM_PrepareReplyLong(token, src, 8, 64, dest, &ev, flags, 16);
  rc |= gex_AM_CancelReplyLong(sd, 0);

  rc |= gex_AM_ReplyShort0(token, hidx, flags);
  rc |= gex_AM_ReplyShort1(token, hidx, flags, a[0]);
  rc |= gex_AM_ReplyShort2(token, hidx, flags, a[0], a[1]);
  rc |= gex_AM_ReplyShort16(token, hidx, flags, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
  rc |= gex_AM_ReplyShort(token, hidx, flags);
  rc |= gex_AM_ReplyShort(token, hidx, flags, a[0]);
  rc |= gex_AM_ReplyShort(token, hidx, flags, a[0], a[1]);
  rc |= gex_AM_ReplyShort(token, hidx, flags, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
  rc |= gex_AM_ReplyMedium0(token, hidx, src, nbytes, GEX_EVENT_NOW, flags);
  rc |= gex_AM_ReplyMedium1(token, hidx, src, nbytes, GEX_EVENT_NOW, flags, a[0]);
  rc |= gex_AM_ReplyMedium2(token, hidx, src, nbytes, GEX_EVENT_NOW, flags, a[0], a[1]);
  rc |= gex_AM_ReplyMedium16(token, hidx, src, nbytes, GEX_EVENT_NOW, flags, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
  rc |= gex_AM_ReplyMedium(token, hidx, src, nbytes, GEX_EVENT_NOW, flags);
  rc |= gex_AM_ReplyMedium(token, hidx, src, nbytes, GEX_EVENT_NOW, flags, a[0]);
  rc |= gex_AM_ReplyMedium(token, hidx, src, nbytes, GEX_EVENT_NOW, flags, a[0], a[1]);
  rc |= gex_AM_ReplyMedium(token, hidx, src, nbytes, GEX_EVENT_NOW, flags, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
  rc |= gex_AM_ReplyLong0(token, hidx, src, nbytes, dest, &ev, flags);
  rc |= gex_AM_ReplyLong1(token, hidx, src, nbytes, dest, &ev, flags, a[0]);
  rc |= gex_AM_ReplyLong2(token, hidx, src, nbytes, dest, &ev, flags, a[0], a[1]);
  rc |= gex_AM_ReplyLong16(token, hidx, src, nbytes, dest, &ev, flags, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
  rc |= gex_AM_ReplyLong(token, hidx, src, nbytes, dest, &ev, flags);
  rc |= gex_AM_ReplyLong(token, hidx, src, nbytes, dest, &ev, flags, a[0]);
  rc |= gex_AM_ReplyLong(token, hidx, src, nbytes, dest, &ev, flags, a[0], a[1]);
  rc |= gex_AM_ReplyLong(token, hidx, src, nbytes, dest, &ev, flags, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
  gex_AM_CommitReplyMedium0(sd, hidx, nbytes);
  gex_AM_CommitReplyMedium1(sd, hidx, nbytes, a[0]);
  gex_AM_CommitReplyMedium2(sd, hidx, nbytes, a[0], a[1]);
  gex_AM_CommitReplyMedium16(sd, hidx, nbytes, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
  gex_AM_CommitReplyMedium(sd, hidx, nbytes);
  gex_AM_CommitReplyMedium(sd, hidx, nbytes, a[0]);
  gex_AM_CommitReplyMedium(sd, hidx, nbytes, a[0], a[1]);
  gex_AM_CommitReplyMedium(sd, hidx, nbytes, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
  gex_AM_CommitReplyLong0(sd, hidx, nbytes, dest);
  gex_AM_CommitReplyLong1(sd, hidx, nbytes, dest, a[0]);
  gex_AM_CommitReplyLong2(sd, hidx, nbytes, dest, a[0], a[1]);
  gex_AM_CommitReplyLong16(sd, hidx, nbytes, dest, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
  gex_AM_CommitReplyLong(sd, hidx, nbytes, dest);
  gex_AM_CommitReplyLong(sd, hidx, nbytes, dest, a[0]);
  gex_AM_CommitReplyLong(sd, hidx, nbytes, dest, a[0], a[1]);
  gex_AM_CommitReplyLong(sd, hidx, nbytes, dest, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
  /* Spec v0.19 Commit*_v2: commit_flags, int result */
  rc |= gex_AM_CommitReplyMedium0_v2(sd, hidx, nbytes, GEX_FLAG_IMMEDIATE);
  rc |= gex_AM_CommitReplyMedium1_v2(sd, hidx, nbytes, flags, a[0]);
  rc |= gex_AM_CommitReplyMedium2_v2(sd, hidx, nbytes, flags, a[0], a[1]);
  rc |= gex_AM_CommitReplyMedium16_v2(sd, hidx, nbytes, flags, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
  rc |= gex_AM_CommitReplyMedium_v2(sd, hidx, nbytes, flags);
  rc |= gex_AM_CommitReplyMedium_v2(sd, hidx, nbytes, flags, a[0]);
  rc |= gex_AM_CommitReplyMedium_v2(sd, hidx, nbytes, flags, a[0], a[1]);
  rc |= gex_AM_CommitReplyMedium_v2(sd, hidx, nbytes, flags, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
  rc |= gex_AM_CommitReplyLong0_v2(sd, hidx, nbytes, dest, GEX_FLAG_IMMEDIATE);
  rc |= gex_AM_CommitReplyLong1_v2(sd, hidx, nbytes, dest, flags, a[0]);
  rc |= gex_AM_CommitReplyLong2_v2(sd, hidx, nbytes, dest, flags, a[0], a[1]);
  rc |= gex_AM_CommitReplyLong16_v2(sd, hidx, nbytes, dest, flags, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
  rc |= gex_AM_CommitReplyLong_v2(sd, hidx, nbytes, dest, flags);
  rc |= gex_AM_CommitReplyLong_v2(sd, hidx, nbytes, dest, flags, a[0]);
  rc |= gex_AM_CommitReplyLong_v2(sd, hidx, nbytes, dest, flags, a[0], a[1]);
  rc |= gex_AM_CommitReplyLong_v2(sd, hidx, nbytes, dest, flags, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
  cc_sink = rc;
}

static void cc_attach_hook(void *segbase, uintptr_t segsize) {
  (void)segbase;
  cc_sink = (gex_AM_Arg_t)segsize;
}

static void cc_reduce(const void *arg1, void *arg2_and_out, size_t count, const void *cdata) {
  (void)arg1;
  (void)arg2_and_out;
  (void)count;
  (void)cdata;
}

/* ---- Every request-side / non-handler API ---- */
static int cc_call_every_api(int *argc, char ***argv, gex_AM_Entry_t *table, size_t numentries) {
  int rc = 0;
  gex_Client_t client = GEX_CLIENT_INVALID;
  gex_EP_t ep = GEX_EP_INVALID;
  gex_TM_t tm = GEX_TM_INVALID;
  gex_Segment_t seg = GEX_SEGMENT_INVALID;

  /* Client and system */
  rc |= gex_Client_Init(&client, &ep, &tm, "compile_check", argc, argv, GEX_FLAG_DEFER_THREADS);
  gex_Flags_t client_flags = gex_Client_QueryFlags(client);
  const char *client_name = gex_Client_QueryName(client);
  gex_Client_SetCData(client, client_name);
  void *client_cdata = gex_Client_QueryCData(client);
  gex_Rank_t jobrank = gex_System_QueryJobRank();
  gex_Rank_t jobsize = gex_System_QueryJobSize();
  int verbose = gex_System_GetVerboseErrors();
  gex_System_SetVerboseErrors(verbose);
  uint64_t max_threads = gex_System_QueryMaxThreads();
  int hidden_level = gex_System_QueryHiddenAMConcurrencyLevel();
  gex_RankInfo_t *rank_info = NULL;
  gex_Rank_t info_count = 0, my_info_index = 0;
  gex_System_QueryNbrhdInfo(&rank_info, &info_count, &my_info_index);
  gex_System_QueryHostInfo(&rank_info, &info_count, &my_info_index);
  gex_Rank_t first_jobrank = rank_info[0].gex_jobrank;
  gex_Rank_t nbrhd_set_size, nbrhd_set_rank, host_set_size, host_set_rank;
  gex_System_QueryMyPosition(&nbrhd_set_size, &nbrhd_set_rank, &host_set_size, &host_set_rank);
  /* Deferred progress threads (spec v0.18) */
  unsigned int nthreads = 0;
  const gex_ProgressThreadInfo_t *threads = NULL;
  rc |= gex_System_QueryProgressThreads(client, &nthreads, &threads, 0);
  if (nthreads) {
    const char *device_list = threads[0].gex_device_list;
    unsigned int roles = threads[0].gex_thread_roles & (GEX_THREAD_ROLE_RCV | GEX_THREAD_ROLE_SND);
    void *(*progress_fn)(void *) = threads[0].gex_progress_fn;
    void *progress_arg = threads[0].gex_progress_arg;
    (void)device_list;
    (void)roles;
    (void)progress_fn;
    (void)progress_arg;
  }
  (void)client_flags;
  (void)client_cdata;
  (void)jobsize;
  (void)max_threads;
  (void)hidden_level;
  (void)first_jobrank;

  /* Handlers */
  rc |= gex_EP_RegisterHandlers(ep, table, numentries);

  /* Segment */
  uintptr_t max_local = gasnet_getMaxLocalSegmentSize();
  uintptr_t max_global = gasnet_getMaxGlobalSegmentSize();
  rc |= gex_Segment_Attach(&seg, tm, (uintptr_t)GASNET_PAGESIZE * 16);
  gex_Client_t seg_client = gex_Segment_QueryClient(seg);
  gex_Flags_t seg_flags = gex_Segment_QueryFlags(seg);
  void *seg_addr = gex_Segment_QueryAddr(seg);
  uintptr_t seg_size = gex_Segment_QuerySize(seg);
  void *owneraddr = NULL, *localaddr = NULL;
  uintptr_t bound_size = 0;
  rc |= gex_Segment_QueryBound(tm, jobrank, &owneraddr, &localaddr, &bound_size);
  gex_Segment_SetCData(seg, client_name);
  void *seg_cdata = gex_Segment_QueryCData(seg);
  gex_Segment_t seg2 = GEX_SEGMENT_INVALID;
  rc |= gex_Segment_Create(&seg2, client, seg_addr, seg_size, GEX_MK_HOST, 0);
  (void)max_local;
  (void)max_global;
  (void)seg_client;
  (void)seg_flags;
  (void)seg_cdata;

  /* Endpoint */
  gex_Client_t ep_client = gex_EP_QueryClient(ep);
  gex_Flags_t ep_flags = gex_EP_QueryFlags(ep);
  gex_Segment_t ep_seg = gex_EP_QuerySegment(ep);
  gex_EP_Index_t ep_index = gex_EP_QueryIndex(ep);
  gex_Event_t ev = gex_EP_QueryBoundSegmentNB(tm, jobrank, &owneraddr, &localaddr, &bound_size, GEX_FLAG_IMMEDIATE);
  gex_EP_t eps[1];
  eps[0] = ep;
  rc |= gex_EP_PublishBoundSegment(tm, eps, 1, 0);
  gex_EP_SetCData(ep, client_name);
  void *ep_cdata = gex_EP_QueryCData(ep);
  gex_EP_t ep2 = GEX_EP_INVALID;
  gex_EP_Capabilities_t caps = GEX_EP_CAPABILITY_RMA | GEX_EP_CAPABILITY_AM;
  rc |= gex_EP_Create(&ep2, client, caps, GEX_FLAG_HINT_ACCEL_ALL);
  rc |= gex_EP_BindSegment(ep2, seg2, 0);
  gex_Segment_Destroy(seg2, 0);
  (void)ep_client;
  (void)ep_flags;
  (void)ep_seg;
  (void)ep_index;
  (void)ep_cdata;

  /* Memory kinds */
  gex_MK_Create_args_t mk_args;
  memset(&mk_args, 0, sizeof mk_args);
  mk_args.gex_flags = 0;
  mk_args.gex_class = GEX_MK_CLASS_CUDA_UVA;
  mk_args.gex_args.gex_class_cuda_uva.gex_CUdevice = 0;
  mk_args.gex_args.gex_class_hip.gex_hipDevice = 0;
  mk_args.gex_args.gex_class_ze.gex_zeDevice = NULL;
  mk_args.gex_args.gex_class_ze.gex_zeContext = NULL;
  mk_args.gex_args.gex_class_ze.gex_zeMemoryOrdinal = 0;
  gex_MK_Class_t mk_classes[4] = {GEX_MK_CLASS_HOST, GEX_MK_CLASS_CUDA_UVA, GEX_MK_CLASS_HIP, GEX_MK_CLASS_ZE};
  gex_MK_t kind = GEX_MK_INVALID;
  rc |= gex_MK_Create(&kind, client, &mk_args, 0);
  gex_MK_SetCData(kind, client_name);
  void *mk_cdata = gex_MK_QueryCData(kind);
  gex_Flags_t mk_flags = gex_MK_QueryFlags(kind);
  gex_Client_t mk_client = gex_MK_QueryClient(kind);
  gex_MK_Class_t mk_class = gex_MK_QueryClass(kind);
  gex_MK_Destroy(kind, 0);
  (void)mk_classes;
  (void)mk_cdata;
  (void)mk_flags;
  (void)mk_client;
  (void)mk_class;

  /* Teams */
  gex_Client_t tm_client = gex_TM_QueryClient(tm);
  gex_EP_t tm_ep = gex_TM_QueryEP(tm);
  gex_Flags_t tm_flags = gex_TM_QueryFlags(tm);
  gex_Rank_t tm_rank = gex_TM_QueryRank(tm);
  gex_Rank_t tm_size = gex_TM_QuerySize(tm);
  gex_TM_SetCData(tm, client_name);
  void *tm_cdata = gex_TM_QueryCData(tm);
  gex_TM_t new_tm = GEX_TM_INVALID;
  size_t scratch_size = gex_TM_Split(&new_tm, tm, 0, (int)jobrank, NULL, 0, GEX_FLAG_TM_SCRATCH_SIZE_RECOMMENDED);
  scratch_size = gex_TM_Split(&new_tm, tm, 0, (int)jobrank, seg_addr, scratch_size, 0);
  gex_EP_Location_t members[2] = {{0, 0}, {1, 0}};
  gex_Addr_t scratch_addrs[1];
  scratch_addrs[0] = seg_addr;
  gex_TM_t new_tms[1];
  scratch_size = gex_TM_Create(new_tms, 1, tm, members, 2, scratch_addrs, scratch_size,
                               GEX_FLAG_TM_SYMMETRIC_SCRATCH | GEX_FLAG_RANK_IS_JOBRANK);
  gex_Memvec_t scratch_back = {NULL, 0};
  rc |= gex_TM_Destroy(new_tm, &scratch_back, GEX_FLAG_GLOBALLY_QUIESCED);
  gex_TM_t pair = gex_TM_Pair(ep, 0);
  gex_Rank_t to_jobrank = gex_TM_TranslateRankToJobrank(tm, 0);
  gex_Rank_t to_rank = gex_TM_TranslateJobrankToRank(tm, jobrank);
  gex_EP_Location_t location = gex_TM_TranslateRankToEP(tm, 0, 0);
  gex_Rank_t location_rank = location.gex_rank;
  gex_EP_Index_t location_index = location.gex_ep_index;
  (void)tm_client;
  (void)tm_ep;
  (void)tm_flags;
  (void)tm_rank;
  (void)tm_size;
  (void)tm_cdata;
  (void)to_jobrank;
  (void)to_rank;
  (void)location_rank;
  (void)location_index;

  /* AM limits */
  unsigned int max_args = gex_AM_MaxArgs();
  size_t max_req_long = gex_AM_MaxRequestLong(tm, GEX_RANK_INVALID, GEX_EVENT_NOW, 0, max_args);
  size_t max_rep_long = gex_AM_MaxReplyLong(pair, jobrank, GEX_EVENT_GROUP, GEX_FLAG_IMMEDIATE, 0);
  size_t max_req_medium = gex_AM_MaxRequestMedium(tm, 0, &ev, GEX_FLAG_AM_PREPARE_LEAST_ALLOC, 2);
  size_t max_rep_medium = gex_AM_MaxReplyMedium(tm, 0, NULL, GEX_FLAG_AM_PREPARE_LEAST_CLIENT, 16);
  size_t lub = gex_AM_LUBRequestLong() + gex_AM_LUBReplyLong() + gex_AM_LUBRequestMedium() + gex_AM_LUBReplyMedium();
  (void)max_req_long;
  (void)max_rep_long;
  (void)max_req_medium;
  (void)max_rep_medium;
  (void)lub;

  /* AM requests: numbered and count-inferring forms, 0, 1, 2 and 16 arguments */
  {
    gex_AM_Arg_t a[16];
    int i;
    for (i = 0; i < 16; ++i) a[i] = i;
    gex_Rank_t rank = 0;
    gex_AM_Index_t hidx = table[0].gex_index;
    const void *src = a;
    size_t nbytes = sizeof a;
    void *dest = seg_addr;
    gex_Flags_t flags = GEX_FLAG_IMMEDIATE;
    gex_AM_SrcDesc_t sd = gex_AM_PrepareRequestMedium(tm, rank, NULL, 8, 64, NULL, flags, 2);
    void *sd_addr = gex_AM_SrcDescAddr(sd);
    size_t sd_size = gex_AM_SrcDescSize(sd);
    (void)sd_addr;
    (void)sd_size;
    rc |= gex_AM_CancelRequestMedium(sd, 0);
    sd = gex_AM_PrepareRequestLong(tm, rank, src, 8, 64, dest, GEX_EVENT_NOW, flags, 16);
    rc |= gex_AM_CancelRequestLong(sd, 0);
    rc |= gex_AM_RequestShort0(tm, rank, hidx, flags);
    rc |= gex_AM_RequestShort1(tm, rank, hidx, flags, a[0]);
    rc |= gex_AM_RequestShort2(tm, rank, hidx, flags, a[0], a[1]);
    rc |= gex_AM_RequestShort16(tm, rank, hidx, flags, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
    rc |= gex_AM_RequestShort(tm, rank, hidx, flags);
    rc |= gex_AM_RequestShort(tm, rank, hidx, flags, a[0]);
    rc |= gex_AM_RequestShort(tm, rank, hidx, flags, a[0], a[1]);
    rc |= gex_AM_RequestShort(tm, rank, hidx, flags, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
    rc |= gex_AM_RequestMedium0(tm, rank, hidx, src, nbytes, &ev, flags);
    rc |= gex_AM_RequestMedium1(tm, rank, hidx, src, nbytes, &ev, flags, a[0]);
    rc |= gex_AM_RequestMedium2(tm, rank, hidx, src, nbytes, &ev, flags, a[0], a[1]);
    rc |= gex_AM_RequestMedium16(tm, rank, hidx, src, nbytes, &ev, flags, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
    rc |= gex_AM_RequestMedium(tm, rank, hidx, src, nbytes, &ev, flags);
    rc |= gex_AM_RequestMedium(tm, rank, hidx, src, nbytes, &ev, flags, a[0]);
    rc |= gex_AM_RequestMedium(tm, rank, hidx, src, nbytes, &ev, flags, a[0], a[1]);
    rc |= gex_AM_RequestMedium(tm, rank, hidx, src, nbytes, &ev, flags, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
    rc |= gex_AM_RequestLong0(tm, rank, hidx, src, nbytes, dest, GEX_EVENT_GROUP, flags);
    rc |= gex_AM_RequestLong1(tm, rank, hidx, src, nbytes, dest, GEX_EVENT_GROUP, flags, a[0]);
    rc |= gex_AM_RequestLong2(tm, rank, hidx, src, nbytes, dest, GEX_EVENT_GROUP, flags, a[0], a[1]);
    rc |= gex_AM_RequestLong16(tm, rank, hidx, src, nbytes, dest, GEX_EVENT_GROUP, flags, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
    rc |= gex_AM_RequestLong(tm, rank, hidx, src, nbytes, dest, GEX_EVENT_GROUP, flags);
    rc |= gex_AM_RequestLong(tm, rank, hidx, src, nbytes, dest, GEX_EVENT_GROUP, flags, a[0]);
    rc |= gex_AM_RequestLong(tm, rank, hidx, src, nbytes, dest, GEX_EVENT_GROUP, flags, a[0], a[1]);
    rc |= gex_AM_RequestLong(tm, rank, hidx, src, nbytes, dest, GEX_EVENT_GROUP, flags, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
    gex_AM_CommitRequestMedium0(sd, hidx, nbytes);
    gex_AM_CommitRequestMedium1(sd, hidx, nbytes, a[0]);
    gex_AM_CommitRequestMedium2(sd, hidx, nbytes, a[0], a[1]);
    gex_AM_CommitRequestMedium16(sd, hidx, nbytes, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
    gex_AM_CommitRequestMedium(sd, hidx, nbytes);
    gex_AM_CommitRequestMedium(sd, hidx, nbytes, a[0]);
    gex_AM_CommitRequestMedium(sd, hidx, nbytes, a[0], a[1]);
    gex_AM_CommitRequestMedium(sd, hidx, nbytes, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
    gex_AM_CommitRequestLong0(sd, hidx, nbytes, dest);
    gex_AM_CommitRequestLong1(sd, hidx, nbytes, dest, a[0]);
    gex_AM_CommitRequestLong2(sd, hidx, nbytes, dest, a[0], a[1]);
    gex_AM_CommitRequestLong16(sd, hidx, nbytes, dest, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
    gex_AM_CommitRequestLong(sd, hidx, nbytes, dest);
    gex_AM_CommitRequestLong(sd, hidx, nbytes, dest, a[0]);
    gex_AM_CommitRequestLong(sd, hidx, nbytes, dest, a[0], a[1]);
    gex_AM_CommitRequestLong(sd, hidx, nbytes, dest, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
    rc |= gex_AM_CommitRequestMedium0_v2(sd, hidx, nbytes, GEX_FLAG_IMMEDIATE);
    rc |= gex_AM_CommitRequestMedium1_v2(sd, hidx, nbytes, flags, a[0]);
    rc |= gex_AM_CommitRequestMedium2_v2(sd, hidx, nbytes, flags, a[0], a[1]);
    rc |= gex_AM_CommitRequestMedium16_v2(sd, hidx, nbytes, flags, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
    rc |= gex_AM_CommitRequestMedium_v2(sd, hidx, nbytes, flags);
    rc |= gex_AM_CommitRequestMedium_v2(sd, hidx, nbytes, flags, a[0]);
    rc |= gex_AM_CommitRequestMedium_v2(sd, hidx, nbytes, flags, a[0], a[1]);
    rc |= gex_AM_CommitRequestMedium_v2(sd, hidx, nbytes, flags, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
    rc |= gex_AM_CommitRequestLong0_v2(sd, hidx, nbytes, dest, 0);
    rc |= gex_AM_CommitRequestLong1_v2(sd, hidx, nbytes, dest, flags, a[0]);
    rc |= gex_AM_CommitRequestLong2_v2(sd, hidx, nbytes, dest, flags, a[0], a[1]);
    rc |= gex_AM_CommitRequestLong16_v2(sd, hidx, nbytes, dest, flags, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
    rc |= gex_AM_CommitRequestLong_v2(sd, hidx, nbytes, dest, flags);
    rc |= gex_AM_CommitRequestLong_v2(sd, hidx, nbytes, dest, flags, a[0]);
    rc |= gex_AM_CommitRequestLong_v2(sd, hidx, nbytes, dest, flags, a[0], a[1]);
    rc |= gex_AM_CommitRequestLong_v2(sd, hidx, nbytes, dest, flags, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14], a[15]);
  }

  /* RMA */
  char buf[64];
  gex_RMA_Value_t value = 0;
  rc |= gex_RMA_PutBlocking(tm, 0, seg_addr, buf, sizeof buf, 0);
  rc |= gex_RMA_PutNBI(tm, 0, seg_addr, buf, sizeof buf, GEX_EVENT_DEFER, 0);
  ev = gex_RMA_PutNB(tm, 0, seg_addr, buf, sizeof buf, &ev, GEX_FLAG_PEER_NEVER_SELF);
  rc |= gex_RMA_GetBlocking(tm, buf, 0, seg_addr, sizeof buf, 0);
  rc |= gex_RMA_GetNBI(tm, buf, 0, seg_addr, sizeof buf, 0);
  ev = gex_RMA_GetNB(tm, buf, 0, seg_addr, sizeof buf, GEX_FLAG_PEER_NEVER_NBRHD);
  value = gex_RMA_GetBlockingVal(tm, 0, seg_addr, sizeof value, 0);
  rc |= gex_RMA_PutBlockingVal(tm, 0, seg_addr, value, sizeof value, 0);
  rc |= gex_RMA_PutNBIVal(tm, 0, seg_addr, value, sizeof value, 0);
  ev = gex_RMA_PutNBVal(tm, 0, seg_addr, value, sizeof value, 0);

  /* Events, NBI, access regions */
  gex_NBI_BeginAccessRegion(0);
  ev = gex_NBI_EndAccessRegion(0);
  gex_Event_t leaf = gex_Event_QueryLeaf(ev, GEX_EC_LC);
  rc |= gex_Event_Test(leaf);
  gex_Event_Wait(ev);
  gex_Event_t events[2];
  events[0] = ev;
  events[1] = GEX_EVENT_INVALID;
  rc |= gex_Event_TestSome(events, 2, 0);
  gex_Event_WaitSome(events, 2, 0);
  rc |= gex_Event_TestAll(events, 2, 0);
  gex_Event_WaitAll(events, 2, 0);
  rc |= gex_NBI_Test(GEX_EC_ALL, 0);
  gex_NBI_Wait(GEX_EC_GET | GEX_EC_PUT | GEX_EC_AM | GEX_EC_LC | GEX_EC_RMW, 0);

  /* Handler-safe locks */
  static gex_HSL_t static_hsl = GEX_HSL_INITIALIZER;
  static gasnet_hsl_t static_gasnet_hsl = GASNET_HSL_INITIALIZER;
  gex_HSL_t hsl;
  gex_HSL_Init(&hsl);
  gex_HSL_Lock(&hsl);
  gex_HSL_Unlock(&hsl);
  rc |= gex_HSL_Trylock(&static_hsl);
  gex_HSL_Unlock(&static_hsl);
  gex_HSL_Lock(&static_gasnet_hsl);
  gex_HSL_Unlock(&static_gasnet_hsl);
  gex_HSL_Destroy(&hsl);

  /* Collectives */
  int32_t coll_src[4] = {1, 2, 3, 4}, coll_dst[4];
  ev = gex_Coll_BarrierNB(tm, 0);
  ev = gex_Coll_BroadcastNB(tm, 0, coll_dst, coll_src, sizeof coll_src, 0);
  ev = gex_Coll_ReduceToOneNB(tm, 0, coll_dst, coll_src, GEX_DT_I32, sizeof(int32_t), 4, GEX_OP_ADD, NULL, NULL, 0);
  gex_Coll_ReduceFn_t user_op = cc_reduce;
  ev = gex_Coll_ReduceToAllNB(tm, coll_dst, coll_src, GEX_DT_USER, sizeof coll_src, 1, GEX_OP_USER, user_op, coll_dst, 0);

  /* Remote atomics */
  gex_AD_t ad = GEX_AD_INVALID;
  gex_AD_Create(&ad, tm, GEX_DT_I64, GEX_OP_FADD | GEX_OP_SET | GEX_OP_GET, GEX_FLAG_AD_FAVOR_MY_RANK);
  gex_Flags_t ad_flags = gex_AD_QueryFlags(ad);
  gex_TM_t ad_tm = gex_AD_QueryTM(ad);
  gex_DT_t ad_dt = gex_AD_QueryDT(ad);
  gex_OP_t ad_ops = gex_AD_QueryOps(ad);
  gex_AD_SetCData(ad, client_name);
  void *ad_cdata = gex_AD_QueryCData(ad);
  (void)ad_flags;
  (void)ad_tm;
  (void)ad_dt;
  (void)ad_ops;
  (void)ad_cdata;
  int32_t r_i32;
  uint32_t r_u32;
  int64_t r_i64;
  uint64_t r_u64;
  float r_flt;
  double r_dbl;
  gex_Flags_t ad_op_flags = GEX_FLAG_AD_MY_RANK | GEX_FLAG_AD_ACQ | GEX_FLAG_AD_REL;
  ev = gex_AD_OpNB_I32(ad, &r_i32, 0, seg_addr, GEX_OP_FADD, (int32_t)1, (int32_t)0, ad_op_flags);
  ev = gex_AD_OpNB_U32(ad, &r_u32, 0, seg_addr, GEX_OP_FADD, (uint32_t)1, (uint32_t)0, 0);
  ev = gex_AD_OpNB_I64(ad, &r_i64, 0, seg_addr, GEX_OP_FADD, (int64_t)1, (int64_t)0, GEX_FLAG_RANK_IS_JOBRANK);
  ev = gex_AD_OpNB_U64(ad, &r_u64, 0, seg_addr, GEX_OP_FCAS, (uint64_t)1, (uint64_t)2, 0);
  ev = gex_AD_OpNB_FLT(ad, &r_flt, 0, seg_addr, GEX_OP_FADD, 1.0f, 0.0f, GEX_FLAG_IMMEDIATE);
  ev = gex_AD_OpNB_DBL(ad, &r_dbl, 0, seg_addr, GEX_OP_FADD, 1.0, 0.0, GEX_FLAG_AD_MY_NBRHD);
  rc |= gex_AD_OpNBI_I32(ad, &r_i32, 0, seg_addr, GEX_OP_SET, (int32_t)1, (int32_t)0, 0);
  rc |= gex_AD_OpNBI_U32(ad, &r_u32, 0, seg_addr, GEX_OP_GET, (uint32_t)1, (uint32_t)0, 0);
  rc |= gex_AD_OpNBI_I64(ad, &r_i64, 0, seg_addr, GEX_OP_INC, (int64_t)0, (int64_t)0, 0);
  rc |= gex_AD_OpNBI_U64(ad, &r_u64, 0, seg_addr, GEX_OP_SWAP, (uint64_t)1, (uint64_t)0, 0);
  rc |= gex_AD_OpNBI_FLT(ad, &r_flt, 0, seg_addr, GEX_OP_FMAX, 1.0f, 0.0f, 0);
  rc |= gex_AD_OpNBI_DBL(ad, &r_dbl, 0, seg_addr, GEX_OP_FMIN, 1.0, 0.0, 0);
  gex_AD_Destroy(ad);

  /* VIS */
  gex_Memvec_t dstlist[2] = {{NULL, 8}, {NULL, 8}};
  gex_Memvec_t srclist[1] = {{NULL, 16}};
  void *dst_chunks[2];
  void *src_chunks[2];
  dst_chunks[0] = dst_chunks[1] = seg_addr;
  src_chunks[0] = src_chunks[1] = buf;
  ptrdiff_t dststrides[1] = {16}, srcstrides[1] = {-16};
  size_t count[1] = {4};
  gex_Flags_t lc = GEX_FLAG_ENABLE_LEAF_LC;
  ev = gex_VIS_VectorGetNB(tm, 2, dstlist, 0, 1, srclist, 0);
  rc |= gex_VIS_VectorGetNBI(tm, 2, dstlist, 0, 1, srclist, 0);
  rc |= gex_VIS_VectorGetBlocking(tm, 2, dstlist, 0, 1, srclist, 0);
  ev = gex_VIS_VectorPutNB(tm, 0, 2, dstlist, 1, srclist, lc);
  rc |= gex_VIS_VectorPutNBI(tm, 0, 2, dstlist, 1, srclist, lc);
  rc |= gex_VIS_VectorPutBlocking(tm, 0, 2, dstlist, 1, srclist, 0);
  ev = gex_VIS_IndexedGetNB(tm, 2, dst_chunks, 8, 0, 2, src_chunks, 8, 0);
  rc |= gex_VIS_IndexedGetNBI(tm, 2, dst_chunks, 8, 0, 2, src_chunks, 8, 0);
  rc |= gex_VIS_IndexedGetBlocking(tm, 2, dst_chunks, 8, 0, 2, src_chunks, 8, 0);
  ev = gex_VIS_IndexedPutNB(tm, 0, 2, dst_chunks, 8, 2, src_chunks, 8, lc);
  rc |= gex_VIS_IndexedPutNBI(tm, 0, 2, dst_chunks, 8, 2, src_chunks, 8, lc);
  rc |= gex_VIS_IndexedPutBlocking(tm, 0, 2, dst_chunks, 8, 2, src_chunks, 8, 0);
  ev = gex_VIS_StridedGetNB(tm, buf, dststrides, 0, seg_addr, srcstrides, 4, count, 1, 0);
  rc |= gex_VIS_StridedGetNBI(tm, buf, dststrides, 0, seg_addr, srcstrides, 4, count, 1, 0);
  rc |= gex_VIS_StridedGetBlocking(tm, buf, dststrides, 0, seg_addr, srcstrides, 4, count, 1, 0);
  gex_VIS_SetPeerCompletionHandler(table[0].gex_index, buf, GEX_VIS_MAX_PEERCOMPLETION < sizeof buf ? GEX_VIS_MAX_PEERCOMPLETION : sizeof buf, 0);
  ev = gex_VIS_StridedPutNB(tm, 0, seg_addr, dststrides, buf, srcstrides, 4, count, 1, lc);
  rc |= gex_VIS_StridedPutNBI(tm, 0, seg_addr, dststrides, buf, srcstrides, 4, count, 1, lc);
  rc |= gex_VIS_StridedPutBlocking(tm, 0, seg_addr, dststrides, buf, srcstrides, 4, count, 1, 0);

  /* GASNet-1 names */
  gasnet_node_t node = jobrank;
  gasnet_handle_t handle = GASNET_INVALID_HANDLE;
  gasnet_token_t g1_token = NULL;
  gasnet_handler_t g1_handler = table[0].gex_index;
  gasnet_handlerarg_t g1_arg = 0;
  gasnet_register_value_t g1_value = value;
  (void)node;
  (void)handle;
  (void)g1_token;
  (void)g1_handler;
  (void)g1_arg;
  (void)g1_value;
  rc |= gasnet_AMPoll();
  GASNET_BLOCKUNTIL(cc_sink != 0);
  /* GASNet-1 names gasnetex.h provides (no gasnet.h here) */
  gasnet_client_attach_hook = cc_attach_hook;
  gasnet_seginfo_t seginfo[1];
  rc |= gasnet_getSegmentInfo(seginfo, 1);
  void *seginfo_addr = seginfo[0].addr;
  uintptr_t seginfo_size = seginfo[0].size;
  gasnet_nodeinfo_t nodeinfo[1];
  rc |= gasnet_getNodeInfo(nodeinfo, 1);
  gasnet_node_t nodeinfo_host = nodeinfo[0].host;
  gasnet_node_t nodeinfo_supernode = nodeinfo[0].supernode;
  uintptr_t nodeinfo_offset = nodeinfo[0].offset;
  rc |= gasnet_set_waitmode(GASNET_WAIT_SPIN) | gasnet_set_waitmode(GASNET_WAIT_BLOCK) | gasnet_set_waitmode(GASNET_WAIT_SPINBLOCK);
  char *env_value = gasnet_getenv("GASNET_BACKTRACE");
  gasnet_barrier_notify(0, GASNET_BARRIERFLAG_UNNAMED);
  rc |= gasnet_barrier_wait(0, GASNET_BARRIERFLAG_UNNAMED);
  gasnet_barrier_notify(1, 0);
  rc |= gasnet_barrier_try(1, 0);
  rc |= gasnet_barrier(2, GASNET_BARRIERFLAG_ANONYMOUS | GASNET_BARRIERFLAG_MISMATCH);
  int barrier_id = 0;
  int barrier_result = gasnet_barrier_result(&barrier_id);
  {
    GASNET_BEGIN_FUNCTION();
    gasnet_threadinfo_t threadinfo = GASNET_GET_THREADINFO();
    GASNET_POST_THREADINFO(threadinfo);
  }
  (void)seginfo_addr;
  (void)seginfo_size;
  (void)nodeinfo_host;
  (void)nodeinfo_supernode;
  (void)nodeinfo_offset;
  (void)env_value;
  (void)barrier_result;
  const char *error_name = gasnet_ErrorName(GASNET_ERR_BAD_ARG);
  const char *error_desc = gasnet_ErrorDesc(rc);
  (void)error_name;
  (void)error_desc;
  if (rc == GASNET_ERR_BARRIER_MISMATCH) gasnet_exit(rc);
  return rc;
}

/* ---- Checks that run (no library call needs an initialised client here) ---- */
static int cc_runtime_checks(void) {
  int failures = 0;
  // Pointer sentinels are not integer constant expressions in C, so they are checked here.
  if (GEX_EVENT_INVALID != NULL || GEX_EP_INVALID != NULL || GEX_CLIENT_INVALID != NULL ||
      GEX_SEGMENT_INVALID != NULL || GEX_TM_INVALID != NULL || GEX_AM_SRCDESC_NO_OP != NULL ||
      GEX_AD_INVALID != NULL || GEX_MK_INVALID != NULL || GASNET_INVALID_HANDLE != NULL)
    ++failures;
  if (GEX_EVENT_NO_OP == GEX_EVENT_INVALID || GEX_MK_HOST == GEX_MK_INVALID) ++failures;
  if (GEX_EVENT_NOW == NULL || GEX_EVENT_DEFER == NULL || GEX_EVENT_GROUP == NULL ||
      GEX_EVENT_NOW == GEX_EVENT_DEFER || GEX_EVENT_NOW == GEX_EVENT_GROUP || GEX_EVENT_DEFER == GEX_EVENT_GROUP)
    ++failures;
  // Sentinel values are GASNet's (clients compare and even switch on them).
  if ((uintptr_t)GEX_EVENT_NO_OP != 1 || (uintptr_t)GEX_EVENT_NOW != 1 || (uintptr_t)GEX_EVENT_DEFER != 2 ||
      (uintptr_t)GEX_EVENT_GROUP != 3 || (uintptr_t)GEX_MK_HOST != 1)
    ++failures;
  // Names: GASNET_CORE_NAME and GASNET_CONDUIT_NAME are the bare token SMP, as in GASNet.
  if (strcmp(GASNET_CONDUIT_NAME_STR, "SMP") != 0 || strcmp(CC_STR(GASNET_CONDUIT_NAME), "SMP") != 0 ||
      strcmp(CC_STR(GASNET_CORE_NAME), "SMP") != 0 || strcmp(GASNET_CORE_NAME_STR, "SMP") != 0)
    ++failures;
  // GASNet's layout of the configuration string, with the client's thread mode.
  if (strncmp(GASNET_CONFIG_STRING, "RELEASE=2025.8.0,SPEC=0.", 24) != 0 ||
      strstr(GASNET_CONFIG_STRING, ",CONDUIT=SMP(SMP-2.1/SMP-2.1),THREADMODEL=" GEXI_THREADMODEL_STR ",SEGMENT=FAST,") == NULL ||
      strstr(GASNET_CONFIG_STRING, ",pshm,") == NULL)
    ++failures;
  // Version and name macros of the smp conduit (GASNET_CORE_VERSION is the token 2.1).
  if (strcmp(CC_STR(GASNET_CORE_VERSION), "2.1") != 0 || strcmp(GASNET_CORE_VERSION_STR, "2.1") != 0 ||
      strcmp(CC_STR(GASNET_EXTENDED_VERSION), "2.1") != 0 || strcmp(GASNET_EXTENDED_VERSION_STR, "2.1") != 0 ||
      strcmp(CC_STR(GASNET_EXTENDED_NAME), "SMP") != 0 || strcmp(GASNET_EXTENDED_NAME_STR, "SMP") != 0 ||
      strstr(GASNET_CONFIG_STRING, ",SPEC=0.19,") == NULL)
    ++failures;
  if (strcmp(gasnet_ErrorName(GASNET_OK), "GASNET_OK") != 0 ||
      strcmp(gasnet_ErrorName(GASNET_ERR_BAD_ARG), "GASNET_ERR_BAD_ARG") != 0 ||
      gasnet_ErrorDesc(GASNET_ERR_RESOURCE) == NULL || gasnet_ErrorName(12345) == NULL)
    ++failures;
  return failures;
}

#endif /* COMPILE_CHECK_CALLS_H */
