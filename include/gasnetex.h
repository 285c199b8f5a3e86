/* gasnetex.h: the GASNet-EX API (spec v0.19) as provided by libgex.
 *
 * C99-clean and valid C++ (declarations are extern "C"). Thin on purpose: every function is a real
 * library symbol except gex_Client_Init and the numbered AM forms, which are static inline (see
 * docs/internals.md). Choices the spec leaves open are listed in docs/header-decisions.md.
 */
#ifndef GASNETEX_H
#define GASNETEX_H
#define _INCLUDED_GASNETEX_H 1
#include <gasnet_config.h> /* GASNET_RELEASE_VERSION_* and the build's GASNETI_* settings */
#include <gasnet_basic.h>  /* PLATFORM_*, if_pf/if_pt, GASNETI_MAX_THREADS */

/* ---------------------------------------------------------------------------------------------- */
/* Versions                                                                                        */
/* ---------------------------------------------------------------------------------------------- */
/* GASNET_RELEASE_VERSION_* (the GASNet-EX release whose API this one provides, 2025.8.0) come
 * from gasnet_config.h, where client build scripts read them. */
#define GEX_SPEC_VERSION_MAJOR 0
#define GEX_SPEC_VERSION_MINOR 19
#define GASNET_SPEC_VERSION_MAJOR 1
#define GASNET_SPEC_VERSION_MINOR 8
#define GASNETT_SPEC_VERSION_MAJOR 1
#define GASNETT_SPEC_VERSION_MINOR 20

/* ---------------------------------------------------------------------------------------------- */
/* Thread mode: the client defines at most one of GASNET_SEQ / GASNET_PARSYNC / GASNET_PAR.        */
/* ---------------------------------------------------------------------------------------------- */
#if (defined(GASNET_SEQ) + defined(GASNET_PARSYNC) + defined(GASNET_PAR)) > 1
#error "gasnetex.h: define at most one of GASNET_SEQ, GASNET_PARSYNC, GASNET_PAR"
#endif
// Default PAR (not an #error as in the reference) so a plain `cc prog.c` builds a safe program.
#if !defined(GASNET_SEQ) && !defined(GASNET_PARSYNC) && !defined(GASNET_PAR)
#define GASNET_PAR 1
#endif
#if defined(GASNET_SEQ)
#define GEXI_THREAD_MODE 0
#define GEXI_THREADMODEL_STR "SEQ"
#elif defined(GASNET_PARSYNC)
#define GEXI_THREAD_MODE 1
#define GEXI_THREADMODEL_STR "PARSYNC"
#define GASNETI_THREADS 1
#else
#define GEXI_THREAD_MODE 2
#define GEXI_THREADMODEL_STR "PAR"
#define GASNETI_THREADS 1
#endif

#if defined(GASNET_DEBUG) && defined(GASNET_NDEBUG)
#error "gasnetex.h: GASNET_DEBUG and GASNET_NDEBUG are both defined"
#endif
#if !defined(GASNET_DEBUG) && !defined(GASNET_NDEBUG)
#define GASNET_NDEBUG 1
#endif
#if defined(GASNET_DEBUG)
#define GEXI_DEBUG_STR "debug"
#else
#define GEXI_DEBUG_STR "nodebug"
#endif

#include <stddef.h>
#include <stdint.h>
#include <pthread.h>

/* ---------------------------------------------------------------------------------------------- */
/* Conduit and feature macros (tested with #if by clients)                                         */
/* ---------------------------------------------------------------------------------------------- */
#define GASNET_CONDUIT_SMP 1
// Bare tokens, as in GASNet (the _STR forms are the strings).
#define GASNET_CORE_NAME SMP
#define GASNET_CORE_NAME_STR "SMP"
#define GASNET_CONDUIT_NAME GASNET_CORE_NAME
#define GASNET_CONDUIT_NAME_STR "SMP"
#if defined(__SIZEOF_POINTER__) && __SIZEOF_POINTER__ == 4
#define GEXI_PTR_STR "32bit"
#else
#define GEXI_PTR_STR "64bit"
#endif
// GASNet's layout of the build description, with this build's facts.
#define GASNET_CONFIG_STRING                                                                     \
  "RELEASE=2025.8.0,SPEC=0.19,CONDUIT=SMP(SMP-2.1/SMP-2.1),THREADMODEL=" GEXI_THREADMODEL_STR   \
  ",SEGMENT=FAST,PTR=" GEXI_PTR_STR ",CACHE_LINE_BYTES=64,noalign,pshm," GEXI_DEBUG_STR          \
  ",notrace,nostats,nodebugmalloc,nosrclines,timers_native,membars_native,atomics_native,"       \
  "atomic32_native,atomic64_native,notiopt"
#define GASNET_CORE_VERSION 2.1
#define GASNET_CORE_VERSION_STR "2.1"
#define GASNET_EXTENDED_VERSION GASNET_CORE_VERSION
#define GASNET_EXTENDED_VERSION_STR "2.1"
#define GASNET_EXTENDED_NAME SMP
#define GASNET_EXTENDED_NAME_STR "SMP"
#define GASNET_NULL_ARGV_OK 1 /* gex_Client_Init and gasnet_init accept NULL argc/argv */
// Spec v0.19 features: the revision dates of gex_AM_Cancel* and gex_AM_Commit*_v2.
#define GASNET_SUPPORTS_AM_CANCEL 20240418L
#define GASNET_SUPPORTS_AM_COMMIT_V2 20240906L
#define GASNET_PSHM 1
#define GASNET_SEGMENT_FAST 1
#define GASNET_ALIGNED_SEGMENTS 0
#define GASNET_MAXNODES (0x7FFFFFFFu)
#define GASNET_MAXEPS 33 /* the primordial endpoint and 32 created ones, as GASNet ofi/ibv */
#define GASNET_PAGESIZE 4096
#define GASNET_HIDDEN_AM_CONCURRENCY_LEVEL 0
#define GASNET_SUPPORTS_TI_SRCRANK 1
#define GASNET_SUPPORTS_TI_EP 1
#define GASNET_SUPPORTS_TI_ENTRY 1
#define GASNET_SUPPORTS_TI_IS_REQ 1
#define GASNET_SUPPORTS_TI_IS_LONG 1
#define GASNET_NATIVE_NP_ALLOC_REQ_MEDIUM 1
#define GASNET_NATIVE_NP_ALLOC_REP_MEDIUM 1
/* GASNET_NATIVE_NP_ALLOC_{REQ,REP}_LONG stay undefined, as in GASNet's smp conduit. */
#define GASNET_HAVE_MK_CLASS_HOST 1
/* The device classes this build has (GASNET_HAVE_MK_CLASS_CUDA_UVA, ..._MULTIPLE): generated
 * next to the installed headers. Compiling against the source tree alone, none is announced. */
#if defined(__has_include)
#if __has_include(<gex_build_features.h>)
#include <gex_build_features.h>
#endif
#endif
#define SIZEOF_GEX_RMA_VALUE_T 8
#define SIZEOF_GASNET_REGISTER_VALUE_T SIZEOF_GEX_RMA_VALUE_T
#define GEX_AM_INDEX_BASE 128
#define GEXI_AM_MAX_ARGS 16 /* == gex_AM_MaxArgs() */
#define GEX_VIS_MAX_PEERCOMPLETION 127

#if defined(__GNUC__) || defined(__clang__)
#define GEXI_NORETURN __attribute__((__noreturn__))
#else
#define GEXI_NORETURN
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------- */
/* Basic types, handles and sentinels                                                              */
/* ---------------------------------------------------------------------------------------------- */
typedef uint32_t gex_Rank_t;
typedef uint32_t gex_Flags_t;
typedef uint8_t gex_AM_Index_t;
typedef int32_t gex_AM_Arg_t;
typedef uint64_t gex_RMA_Value_t;
typedef uint16_t gex_EP_Index_t;
typedef unsigned int gex_TI_t;
typedef unsigned int gex_EC_t;
typedef uint32_t gex_DT_t;
typedef uint32_t gex_OP_t;
typedef uint32_t gex_EP_Capabilities_t;
typedef void *gex_Addr_t;

typedef struct gexi_Client *gex_Client_t;
typedef struct gexi_EP *gex_EP_t;
typedef struct gexi_Segment *gex_Segment_t;
typedef struct gexi_TM *gex_TM_t;
typedef struct gexi_Event *gex_Event_t;
typedef struct gexi_Token *gex_Token_t;
typedef struct gexi_SrcDesc *gex_AM_SrcDesc_t;
typedef struct gexi_AD *gex_AD_t;
typedef struct gexi_MK *gex_MK_t;

// Unprototyped in C so handler tables take `void h(gex_Token_t, gex_AM_Arg_t)` without a cast.
// C23 and C++ read `()` as `(void)`: there, as with the reference, tables need a cast. A client
// building with -Wstrict-prototypes may define GASNET_USE_STRICT_PROTOTYPES to get `(void)` (and cast).
#if defined(GASNET_USE_STRICT_PROTOTYPES) || defined(__cplusplus)
typedef void (*gex_AM_Fn_t)(void);
#else
typedef void (*gex_AM_Fn_t)();
#endif

#define GEX_RANK_INVALID (~(gex_Rank_t)0)
#define GEX_EVENT_INVALID ((gex_Event_t)0)
#define GEX_EVENT_NO_OP ((gex_Event_t)(uintptr_t)1)
#define GEX_EVENT_NOW ((gex_Event_t *)(uintptr_t)1)
#define GEX_EVENT_DEFER ((gex_Event_t *)(uintptr_t)2)
#define GEX_EVENT_GROUP ((gex_Event_t *)(uintptr_t)3)
#define GEX_EP_INVALID ((gex_EP_t)0)
#define GEX_CLIENT_INVALID ((gex_Client_t)0)
#define GEX_SEGMENT_INVALID ((gex_Segment_t)0)
#define GEX_TM_INVALID ((gex_TM_t)0)
#define GEX_AM_SRCDESC_NO_OP ((gex_AM_SrcDesc_t)0)
#define GEX_AD_INVALID ((gex_AD_t)0)
#define GEX_MK_INVALID ((gex_MK_t)0)
#define GEX_MK_HOST ((gex_MK_t)(uintptr_t)1)

typedef struct gexi_Memvec_s {
  void *gex_addr;
  size_t gex_len;
} gex_Memvec_t;

typedef struct gexi_EP_Location_s {
  gex_Rank_t gex_rank;
  gex_EP_Index_t gex_ep_index;
} gex_EP_Location_t;

typedef struct gexi_AM_Entry_s {
  gex_AM_Index_t gex_index;  // 0 (library picks) or in [GEX_AM_INDEX_BASE..255]
  gex_AM_Fn_t gex_fnptr;
  gex_Flags_t gex_flags;     // one GEX_FLAG_AM_{SHORT,MEDIUM,LONG,MEDLONG} | one _{REQUEST,REPLY,REQREP}
  unsigned int gex_nargs;
  const void *gex_cdata;
  const char *gex_name;
} gex_AM_Entry_t;

typedef struct gexi_Token_Info_s {
  gex_Rank_t gex_srcrank;  // jobrank of the sender
  gex_EP_t gex_ep;         // receiving EP
  const gex_AM_Entry_t *gex_entry;
  int gex_is_req;
  int gex_is_long;
} gex_Token_Info_t;

struct gexi_RankInfo_s {
  gex_Rank_t gex_jobrank;
};
typedef const struct gexi_RankInfo_s gex_RankInfo_t;

typedef struct gexi_HSL_s {
  pthread_mutex_t gexi_lock;
} gex_HSL_t;
#define GEX_HSL_INITIALIZER { PTHREAD_MUTEX_INITIALIZER }

typedef void (*gex_Coll_ReduceFn_t)(const void *arg1, void *arg2_and_out, size_t count,
                                    const void *cdata);

/* ---------------------------------------------------------------------------------------------- */
/* Flags, bit sets, data types and opcodes: GASNet-EX 2025.8.0's values (docs/header-decisions.md).  */
/* Flags are plain unsigned constants, so `#if GEX_FLAG_...` works. A bit is reused only by flags   */
/* that never meet in one call.                                                                    */
/* ---------------------------------------------------------------------------------------------- */
// Communication calls (any gex_AM_*, gex_RMA_*, gex_VIS_*, gex_AD_Op*, gex_Coll_* initiation)
#define GEX_FLAG_IMMEDIATE (1U << 0)
#define GEX_FLAG_SELF_SEG_UNKNOWN (1U << 3)
#define GEX_FLAG_SELF_SEG_SOME (1U << 4)
#define GEX_FLAG_SELF_SEG_BOUND (1U << 5)
#define GEX_FLAG_SELF_SEG_OFFSET (1U << 6)
#define GEX_FLAG_PEER_SEG_UNKNOWN (1U << 7)
#define GEX_FLAG_PEER_SEG_SOME (1U << 8)
#define GEX_FLAG_PEER_SEG_BOUND (1U << 9)
#define GEX_FLAG_PEER_SEG_OFFSET (1U << 10)
#define GEX_FLAG_PEER_NEVER_NBRHD (1U << 14)
#define GEX_FLAG_PEER_NEVER_SELF (1U << 15) /* its own bit: this build has PSHM */
// [UNIMPLEMENTED] in the spec and absent from GASNet 2025.8.0; bits no GASNet flag uses.
#define GEX_FLAG_LC_COPY_YES (1U << 16)
#define GEX_FLAG_LC_COPY_NO (1U << 17)

// gex_AM_Max{Request,Reply}{Medium,Long}, ignored by gex_AM_Prepare*
#define GEX_FLAG_AM_PREPARE_LEAST_CLIENT (1U << 11)
#define GEX_FLAG_AM_PREPARE_LEAST_ALLOC (1U << 12)
// gex_AD_Op*
#define GEX_FLAG_AD_MY_RANK (1U << 11)
#define GEX_FLAG_AD_MY_NBRHD (1U << 12)
#define GEX_FLAG_AD_REL (1U << 1)
#define GEX_FLAG_AD_ACQ (1U << 2)
// gex_AD_Create
#define GEX_FLAG_AD_FAVOR_MY_RANK (1U << 0)
#define GEX_FLAG_AD_FAVOR_MY_NBRHD (1U << 1)
#define GEX_FLAG_AD_FAVOR_REMOTE (1U << 2)
// gex_AM_Entry_t.gex_flags (handler registration)
#define GEX_FLAG_AM_SHORT (1U << 0)
#define GEX_FLAG_AM_MEDIUM (1U << 1)
#define GEX_FLAG_AM_LONG (1U << 2)
#define GEX_FLAG_AM_MEDLONG (GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_LONG)
#define GEX_FLAG_AM_REQUEST (1U << 3)
#define GEX_FLAG_AM_REPLY (1U << 4)
#define GEX_FLAG_AM_REQREP (GEX_FLAG_AM_REQUEST | GEX_FLAG_AM_REPLY)
// gex_VIS_*Put{NB,NBI}
#define GEX_FLAG_ENABLE_LEAF_LC (1U << 11)
// gex_Client_Init
#define GEX_FLAG_USES_GASNET1 (1U << 0)
#define GEX_FLAG_DEFER_THREADS (1U << 1) /* [EXPERIMENTAL, spec v0.18] */
// gex_TM_Split / gex_TM_Create / gex_TM_Destroy
#define GEX_FLAG_TM_SCRATCH_SIZE_MIN (1U << 0) /* deprecated since spec v0.11 */
#define GEX_FLAG_TM_SCRATCH_SIZE_RECOMMENDED (1U << 1)
#define GEX_FLAG_TM_GLOBAL_SCRATCH (1U << 2)
#define GEX_FLAG_TM_LOCAL_SCRATCH (1U << 3)
#define GEX_FLAG_TM_SYMMETRIC_SCRATCH (1U << 4)
#define GEX_FLAG_TM_NO_SCRATCH (1U << 5)
#define GEX_FLAG_SCRATCH_SEG_OFFSET (1U << 6)
#define GEX_FLAG_GLOBALLY_QUIESCED (1U << 13) /* gex_TM_Destroy */
// gex_TM_Create and gex_AD_Op*
#define GEX_FLAG_RANK_IS_JOBRANK (1U << 13)
// gex_EP_Create
#define GEX_FLAG_HINT_ACCEL_AD (1U << 0)
#define GEX_FLAG_HINT_ACCEL_COLL (1U << 1)
#define GEX_FLAG_HINT_ACCEL_ALL ((1U << 2) - 1)

/* Token info queries */
#define GEX_TI_SRCRANK ((gex_TI_t)1 << 0)
#define GEX_TI_ENTRY ((gex_TI_t)1 << 1)
#define GEX_TI_IS_REQ ((gex_TI_t)1 << 2)
#define GEX_TI_IS_LONG ((gex_TI_t)1 << 3)
#define GEX_TI_EP ((gex_TI_t)1 << 4)
#define GEX_TI_ALL (((gex_TI_t)1 << 5) - 1)

/* Event categories. As in GASNet's smp conduit, AM and LC share one bit (local completion of
 * AMs and of Puts is tracked together) and GEX_EC_PUT includes it. */
#define GEX_EC_PUT ((gex_EC_t)3)
#define GEX_EC_GET ((gex_EC_t)4)
#define GEX_EC_AM ((gex_EC_t)2)
#define GEX_EC_LC ((gex_EC_t)2)
#define GEX_EC_RMW ((gex_EC_t)8)
#define GEX_EC_ALL (~(gex_EC_t)0)

/* Endpoint capabilities [PROPOSED] */
#define GEX_EP_CAPABILITY_RMA (1U << 0)
#define GEX_EP_CAPABILITY_AM (1U << 1)
#define GEX_EP_CAPABILITY_VIS (1U << 2)
#define GEX_EP_CAPABILITY_COLL (1U << 3)
#define GEX_EP_CAPABILITY_AD (1U << 4)
#define GEX_EP_CAPABILITY_ALL ((1U << 5) - 1)

/* Data types and opcodes: preprocess-time constants (`#if GEX_DT_I32 ...` works), int-typed
 * except GEX_OP_USER_NC, as in GASNet. */
#define GEX_DT_I32 (1 << 0)
#define GEX_DT_U32 (1 << 1)
#define GEX_DT_I64 (1 << 2)
#define GEX_DT_U64 (1 << 3)
#define GEX_DT_FLT (1 << 4)
#define GEX_DT_DBL (1 << 5)
#define GEX_DT_USER (1 << 6)

// Non-fetching ops use bits 0..11 (12..14 are reserved), each fetching op is its partner
// shifted by 15, so the conversions are shifts; GET (27) and the user ops (30, 31) have none.
#define GEX_OP_AND (1 << 0)
#define GEX_OP_OR (1 << 1)
#define GEX_OP_XOR (1 << 2)
#define GEX_OP_ADD (1 << 3)
#define GEX_OP_SUB (1 << 4)
#define GEX_OP_MULT (1 << 5)
#define GEX_OP_MIN (1 << 6)
#define GEX_OP_MAX (1 << 7)
#define GEX_OP_INC (1 << 8)
#define GEX_OP_DEC (1 << 9)
#define GEX_OP_SET (1 << 10)
#define GEX_OP_CAS (1 << 11)
#define GEX_OP_FAND (1 << 15)
#define GEX_OP_FOR (1 << 16)
#define GEX_OP_FXOR (1 << 17)
#define GEX_OP_FADD (1 << 18)
#define GEX_OP_FSUB (1 << 19)
#define GEX_OP_FMULT (1 << 20)
#define GEX_OP_FMIN (1 << 21)
#define GEX_OP_FMAX (1 << 22)
#define GEX_OP_FINC (1 << 23)
#define GEX_OP_FDEC (1 << 24)
#define GEX_OP_SWAP (1 << 25)
#define GEX_OP_FCAS (1 << 26)
#define GEX_OP_GET (1 << 27)
#define GEX_OP_USER (1 << 30)
#define GEX_OP_USER_NC (1U << 31)
#define GEX_OP_CSWAP GEX_OP_FCAS /* deprecated alias */
#define GEX_OP_TO_FETCHING(op) ((op) << 15)
#define GEX_OP_TO_NONFETCHING(op) ((op) >> 15)

/* ---------------------------------------------------------------------------------------------- */
/* GASNet-1 names that EX clients use                                                              */
/* ---------------------------------------------------------------------------------------------- */
#define GASNET_OK 0
#define GASNET_ERR_NOT_INIT 10001
#define GASNET_ERR_RESOURCE 10002
#define GASNET_ERR_BAD_ARG 10003
#define GASNET_ERR_NOT_READY 10004
#define GASNET_ERR_BARRIER_MISMATCH 10005

typedef gex_Rank_t gasnet_node_t;
typedef gex_Event_t gasnet_handle_t;
typedef gex_Token_t gasnet_token_t;
typedef gex_AM_Index_t gasnet_handler_t;
typedef gex_AM_Arg_t gasnet_handlerarg_t;
typedef gex_RMA_Value_t gasnet_register_value_t;
typedef gex_HSL_t gasnet_hsl_t;
#define GASNET_HSL_INITIALIZER GEX_HSL_INITIALIZER
#define GASNET_INVALID_HANDLE GEX_EVENT_INVALID

/* GASNet-1 barrier flags (gasnet_barrier_notify/wait/try); UNNAMED includes ANONYMOUS. */
#define GASNET_BARRIERFLAG_ANONYMOUS 1
#define GASNET_BARRIERFLAG_MISMATCH 2
#define GEXI_BARRIERFLAG_UNNAMED_BIT 8
#define GASNET_BARRIERFLAG_UNNAMED (GASNET_BARRIERFLAG_ANONYMOUS | GEXI_BARRIERFLAG_UNNAMED_BIT)
/* gasnet_set_waitmode */
#define GASNET_WAIT_SPIN 0
#define GASNET_WAIT_BLOCK 1
#define GASNET_WAIT_SPINBLOCK 2

typedef struct gexi_gasnet_seginfo_s {
  void *addr;
  uintptr_t size;
} gasnet_seginfo_t;

typedef struct gexi_gasnet_nodeinfo_s {
  gasnet_node_t host;      /* equal for the nodes of one host */
  gasnet_node_t supernode; /* equal for the nodes sharing memory (PSHM) */
  uintptr_t offset;        /* add to a node's segment address to get its address here */
} gasnet_nodeinfo_t;

/* Thread-information caching: this library needs none, so these cost nothing. The same block
 * as gasnet_tools.h's: either header may come first. */
#ifndef GASNET_BEGIN_FUNCTION
typedef void *gasnet_threadinfo_t;
#define GASNET_GET_THREADINFO() ((gasnet_threadinfo_t)0)
#define GASNET_POST_THREADINFO(info) ((void)(info))
#define GASNET_BEGIN_FUNCTION() GASNET_POST_THREADINFO(GASNET_GET_THREADINFO())
#endif

extern const char *gasnet_ErrorName(int errval);
extern const char *gasnet_ErrorDesc(int errval);
extern int gasnet_AMPoll(void);
extern void gasnet_exit(int exitcode) GEXI_NORETURN;
extern uintptr_t gasnet_getMaxLocalSegmentSize(void);
extern uintptr_t gasnet_getMaxGlobalSegmentSize(void);
/* After a segment is attached: every node's segment (owner's address, size). */
extern int gasnet_getSegmentInfo(gasnet_seginfo_t *seginfo_table, int numentries);
extern int gasnet_getNodeInfo(gasnet_nodeinfo_t *nodeinfo_table, int numentries);
extern int gasnet_set_waitmode(int wait_mode);
extern char *gasnet_getenv(const char *s);
/* When non-NULL, called with this process's segment base and size once gex_Segment_Attach (or
 * gasnet_attach) has attached it, before that call returns. */
extern void (*gasnet_client_attach_hook)(void *, uintptr_t);
/* Client overrides of the default segment size limit, read once by gex_Client_Init (GASNet's
 * gasnet_help.h): a program may define one of them. gasnet_max_segsize_str is a
 * GASNET_MAX_SEGSIZE value ("2GB", "0.5/H"); the deprecated gasnet_max_segsize is bytes per
 * process, used when the string is NULL. The GASNET_MAX_SEGSIZE variable overrides both. */
extern const char *gasnet_max_segsize_str;
extern uint64_t gasnet_max_segsize;
/* GASNet-internal names that GASNet's own tests read directly (testlegacy): this rank's jobrank
 * and the job size, set by gex_Client_Init. Use gex_System_QueryJobRank/Size instead. */
extern gex_Rank_t gasneti_mynode;
extern gex_Rank_t gasneti_nodes;

/* The GASNet-1 split-phase barrier over the primordial team (named or anonymous, with mismatch
 * detection); any client may use it, as in GASNet. */
extern void gasnet_barrier_notify(int id, int flags);
extern int gasnet_barrier_wait(int id, int flags);
extern int gasnet_barrier_try(int id, int flags);
extern int gasnet_barrier(int id, int flags);
/* After a barrier completes: GASNET_BARRIERFLAG_ANONYMOUS when every node was anonymous,
 * GASNET_BARRIERFLAG_MISMATCH when it mismatched, 0 with *id the agreed id otherwise. */
extern int gasnet_barrier_result(int *id);
// A statement; polls (running handlers) until cond holds. Not legal in handler context.
#define GASNET_BLOCKUNTIL(cond)                                                                  \
  do {                                                                                           \
    while (!(cond)) (void)gasnet_AMPoll();                                                       \
  } while (0)

/* ---------------------------------------------------------------------------------------------- */
/* System and job queries                                                                          */
/* ---------------------------------------------------------------------------------------------- */
extern gex_Rank_t gex_System_QueryJobRank(void);
extern gex_Rank_t gex_System_QueryJobSize(void);
extern int gex_System_GetVerboseErrors(void);
extern void gex_System_SetVerboseErrors(int enable);
extern uint64_t gex_System_QueryMaxThreads(void);
extern int gex_System_QueryHiddenAMConcurrencyLevel(void);
extern void gex_System_QueryNbrhdInfo(gex_RankInfo_t **info_p, gex_Rank_t *info_count_p,
                                      gex_Rank_t *my_info_index_p);
extern void gex_System_QueryHostInfo(gex_RankInfo_t **info_p, gex_Rank_t *info_count_p,
                                     gex_Rank_t *my_info_index_p);
extern void gex_System_QueryMyPosition(gex_Rank_t *nbrhd_set_size_p, gex_Rank_t *nbrhd_set_rank_p,
                                       gex_Rank_t *host_set_size_p, gex_Rank_t *host_set_rank_p);

/* [EXPERIMENTAL, spec v0.18] Deferred progress threads. This conduit has none: a client that passed
 * GEX_FLAG_DEFER_THREADS gets *count_p == 0 (one call allowed); any other gets
 * GASNET_ERR_RESOURCE. */
typedef struct gexi_ProgressThreadInfo_s {
  const char *gex_device_list;
  unsigned int gex_thread_roles;
  void *(*gex_progress_fn)(void *);
  void *gex_progress_arg;
} gex_ProgressThreadInfo_t;
#define GEX_THREAD_ROLE_RCV (1U << 0)
#define GEX_THREAD_ROLE_SND (1U << 1)
extern int gex_System_QueryProgressThreads(gex_Client_t client, unsigned int *count_p,
                                           const gex_ProgressThreadInfo_t **info_p,
                                           gex_Flags_t flags);

/* ---------------------------------------------------------------------------------------------- */
/* Client                                                                                          */
/* ---------------------------------------------------------------------------------------------- */
extern int gexi_Client_Init(gex_Client_t *client_p, gex_EP_t *ep_p, gex_TM_t *tm_p,
                            const char *clientName, int *argc, char ***argv, gex_Flags_t flags,
                            int thread_mode);
// Inline so the client's thread mode reaches the library: one library build serves all modes.
static inline int gex_Client_Init(gex_Client_t *client_p, gex_EP_t *ep_p, gex_TM_t *tm_p,
                                  const char *clientName, int *argc, char ***argv,
                                  gex_Flags_t flags) {
  return gexi_Client_Init(client_p, ep_p, tm_p, clientName, argc, argv, flags, GEXI_THREAD_MODE);
}
extern gex_Flags_t gex_Client_QueryFlags(gex_Client_t client);
extern const char *gex_Client_QueryName(gex_Client_t client);
extern void gex_Client_SetCData(gex_Client_t client, const void *val);
extern void *gex_Client_QueryCData(gex_Client_t client);

/* ---------------------------------------------------------------------------------------------- */
/* Segment                                                                                         */
/* ---------------------------------------------------------------------------------------------- */
extern int gex_Segment_Attach(gex_Segment_t *segment_p, gex_TM_t tm, uintptr_t size);
extern gex_Client_t gex_Segment_QueryClient(gex_Segment_t seg);
extern gex_Flags_t gex_Segment_QueryFlags(gex_Segment_t seg);
extern void *gex_Segment_QueryAddr(gex_Segment_t seg);
extern uintptr_t gex_Segment_QuerySize(gex_Segment_t seg);
extern int gex_Segment_QueryBound(gex_TM_t tm, gex_Rank_t rank, void **owneraddr_p,
                                  void **localaddr_p, uintptr_t *size_p);
extern void gex_Segment_SetCData(gex_Segment_t seg, const void *val);
extern void *gex_Segment_QueryCData(gex_Segment_t seg);
/* [PROPOSED] Memory Kinds */
extern int gex_Segment_Create(gex_Segment_t *segment_p, gex_Client_t client, gex_Addr_t address,
                              uintptr_t length, gex_MK_t kind, gex_Flags_t flags);
extern void gex_Segment_Destroy(gex_Segment_t segment, gex_Flags_t flags);

/* ---------------------------------------------------------------------------------------------- */
/* Endpoint                                                                                        */
/* ---------------------------------------------------------------------------------------------- */
extern gex_Client_t gex_EP_QueryClient(gex_EP_t ep);
extern gex_Flags_t gex_EP_QueryFlags(gex_EP_t ep);
extern gex_Segment_t gex_EP_QuerySegment(gex_EP_t ep);
extern gex_EP_Index_t gex_EP_QueryIndex(gex_EP_t ep);
extern gex_Event_t gex_EP_QueryBoundSegmentNB(gex_TM_t tm, gex_Rank_t rank, void **owneraddr_p,
                                              void **localaddr_p, uintptr_t *size_p,
                                              gex_Flags_t flags);
extern int gex_EP_PublishBoundSegment(gex_TM_t tm, gex_EP_t *eps, size_t num_eps,
                                      gex_Flags_t flags);
extern int gex_EP_RegisterHandlers(gex_EP_t ep, gex_AM_Entry_t *table, size_t numentries);
extern void gex_EP_SetCData(gex_EP_t ep, const void *val);
extern void *gex_EP_QueryCData(gex_EP_t ep);
/* [PROPOSED] multi-EP */
extern int gex_EP_Create(gex_EP_t *ep_p, gex_Client_t client, gex_EP_Capabilities_t capabilities,
                         gex_Flags_t flags);
extern int gex_EP_BindSegment(gex_EP_t ep, gex_Segment_t segment, gex_Flags_t flags);

/* ---------------------------------------------------------------------------------------------- */
/* Teams                                                                                           */
/* ---------------------------------------------------------------------------------------------- */
extern gex_Client_t gex_TM_QueryClient(gex_TM_t tm);
extern gex_EP_t gex_TM_QueryEP(gex_TM_t tm);
extern gex_Flags_t gex_TM_QueryFlags(gex_TM_t tm);
extern gex_Rank_t gex_TM_QueryRank(gex_TM_t tm);
extern gex_Rank_t gex_TM_QuerySize(gex_TM_t tm);
extern void gex_TM_SetCData(gex_TM_t tm, const void *val);
extern void *gex_TM_QueryCData(gex_TM_t tm);
extern size_t gex_TM_Split(gex_TM_t *new_tm_p, gex_TM_t parent_tm, int color, int key,
                           void *scratch_addr, size_t scratch_size, gex_Flags_t flags);
extern size_t gex_TM_Create(gex_TM_t *new_tms, size_t num_new_tms, gex_TM_t parent_tm,
                            gex_EP_Location_t *args, size_t numargs, gex_Addr_t *scratch_addrs,
                            size_t scratch_size, gex_Flags_t flags);
extern int gex_TM_Destroy(gex_TM_t tm, gex_Memvec_t *scratch_p, gex_Flags_t flags);
extern gex_TM_t gex_TM_Pair(gex_EP_t local_ep, gex_EP_Index_t remote_ep_index);
extern gex_Rank_t gex_TM_TranslateRankToJobrank(gex_TM_t tm, gex_Rank_t rank);
extern gex_Rank_t gex_TM_TranslateJobrankToRank(gex_TM_t tm, gex_Rank_t jobrank);
extern gex_EP_Location_t gex_TM_TranslateRankToEP(gex_TM_t tm, gex_Rank_t rank, gex_Flags_t flags);

/* ---------------------------------------------------------------------------------------------- */
/* Active Messages: limits and token queries                                                       */
/* ---------------------------------------------------------------------------------------------- */
extern unsigned int gex_AM_MaxArgs(void);
extern size_t gex_AM_MaxRequestLong(gex_TM_t tm, gex_Rank_t other_rank, const gex_Event_t *lc_opt,
                                    gex_Flags_t flags, unsigned int numargs);
extern size_t gex_AM_MaxReplyLong(gex_TM_t tm, gex_Rank_t other_rank, const gex_Event_t *lc_opt,
                                  gex_Flags_t flags, unsigned int numargs);
extern size_t gex_AM_MaxRequestMedium(gex_TM_t tm, gex_Rank_t other_rank,
                                      const gex_Event_t *lc_opt, gex_Flags_t flags,
                                      unsigned int numargs);
extern size_t gex_AM_MaxReplyMedium(gex_TM_t tm, gex_Rank_t other_rank, const gex_Event_t *lc_opt,
                                    gex_Flags_t flags, unsigned int numargs);
extern size_t gex_Token_MaxReplyLong(gex_Token_t token, const gex_Event_t *lc_opt,
                                     gex_Flags_t flags, unsigned int numargs);
extern size_t gex_Token_MaxReplyMedium(gex_Token_t token, const gex_Event_t *lc_opt,
                                       gex_Flags_t flags, unsigned int numargs);
extern size_t gex_AM_LUBRequestLong(void);
extern size_t gex_AM_LUBReplyLong(void);
extern size_t gex_AM_LUBRequestMedium(void);
extern size_t gex_AM_LUBReplyMedium(void);
extern gex_TI_t gex_Token_Info(gex_Token_t token, gex_Token_Info_t *info, gex_TI_t mask);

/* Negotiated-payload AM: Prepare (the Commit forms are generated below) */
extern void *gex_AM_SrcDescAddr(gex_AM_SrcDesc_t sd);
extern size_t gex_AM_SrcDescSize(gex_AM_SrcDesc_t sd);
extern gex_AM_SrcDesc_t gex_AM_PrepareRequestMedium(gex_TM_t tm, gex_Rank_t rank,
                                                    const void *client_buf, size_t least_payload,
                                                    size_t most_payload, gex_Event_t *lc_opt,
                                                    gex_Flags_t flags, unsigned int numargs);
extern gex_AM_SrcDesc_t gex_AM_PrepareReplyMedium(gex_Token_t token, const void *client_buf,
                                                  size_t least_payload, size_t most_payload,
                                                  gex_Event_t *lc_opt, gex_Flags_t flags,
                                                  unsigned int numargs);
extern gex_AM_SrcDesc_t gex_AM_PrepareRequestLong(gex_TM_t tm, gex_Rank_t rank,
                                                  const void *client_buf, size_t least_payload,
                                                  size_t most_payload, void *dest_addr,
                                                  gex_Event_t *lc_opt, gex_Flags_t flags,
                                                  unsigned int numargs);
extern gex_AM_SrcDesc_t gex_AM_PrepareReplyLong(gex_Token_t token, const void *client_buf,
                                                size_t least_payload, size_t most_payload,
                                                void *dest_addr, gex_Event_t *lc_opt,
                                                gex_Flags_t flags, unsigned int numargs);

/* [EXPERIMENTAL, spec v0.19] Cancel a Prepare without sending: consumes sd and releases what the
 * Prepare reserved; after a Reply's Cancel the handler may still reply. flags must be 0. */
extern int gex_AM_CancelRequestMedium(gex_AM_SrcDesc_t sd, gex_Flags_t flags);
extern int gex_AM_CancelReplyMedium(gex_AM_SrcDesc_t sd, gex_Flags_t flags);
extern int gex_AM_CancelRequestLong(gex_AM_SrcDesc_t sd, gex_Flags_t flags);
extern int gex_AM_CancelReplyLong(gex_AM_SrcDesc_t sd, gex_Flags_t flags);

/* Library entry points behind the numbered AM forms (docs/internals.md). args is NULL when
 * nargs is 0. */
extern int gexi_AM_RequestShort(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler,
                                gex_Flags_t flags, unsigned int nargs, const gex_AM_Arg_t *args);
extern int gexi_AM_RequestMedium(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler,
                                 const void *source_addr, size_t nbytes, gex_Event_t *lc_opt,
                                 gex_Flags_t flags, unsigned int nargs, const gex_AM_Arg_t *args);
extern int gexi_AM_RequestLong(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler,
                               const void *source_addr, size_t nbytes, void *dest_addr,
                               gex_Event_t *lc_opt, gex_Flags_t flags, unsigned int nargs,
                               const gex_AM_Arg_t *args);
extern int gexi_AM_ReplyShort(gex_Token_t token, gex_AM_Index_t handler, gex_Flags_t flags,
                              unsigned int nargs, const gex_AM_Arg_t *args);
extern int gexi_AM_ReplyMedium(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr,
                               size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags,
                               unsigned int nargs, const gex_AM_Arg_t *args);
extern int gexi_AM_ReplyLong(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr,
                             size_t nbytes, void *dest_addr, gex_Event_t *lc_opt,
                             gex_Flags_t flags, unsigned int nargs, const gex_AM_Arg_t *args);
/* The Commits: commit_flags is 0 for the plain forms; non-zero return only for an IMMEDIATE no-op
 * of a _v2 form. */
extern int gexi_AM_CommitRequestMedium(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes,
                                       gex_Flags_t commit_flags, unsigned int nargs,
                                       const gex_AM_Arg_t *args);
extern int gexi_AM_CommitReplyMedium(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes,
                                     gex_Flags_t commit_flags, unsigned int nargs,
                                     const gex_AM_Arg_t *args);
extern int gexi_AM_CommitRequestLong(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes,
                                     void *dest_addr, gex_Flags_t commit_flags, unsigned int nargs,
                                     const gex_AM_Arg_t *args);
extern int gexi_AM_CommitReplyLong(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes,
                                   void *dest_addr, gex_Flags_t commit_flags, unsigned int nargs,
                                   const gex_AM_Arg_t *args);

/* Count-inferring forms: `flags` (Commit: `nbytes` or `dest_addr`) travels inside `...`, so a
 * call with no handler arguments never leaves `...` empty (ISO C99/C++17 require one). */
#define GEXI_AM_CAT_(a, b) a##b
#define GEXI_AM_CAT(a, b) GEXI_AM_CAT_(a, b)
#define GEXI_AM_NARGS_(_x, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, \
                       n, ...)                                                                   \
  n
#define GEXI_AM_NARGS(...)                                                                       \
  GEXI_AM_NARGS_(__VA_ARGS__, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, _)
#define GEXI_AMVA(form, ...) GEXI_AM_CAT(gex_AM_##form, GEXI_AM_NARGS(__VA_ARGS__))

#define gex_AM_RequestShort(tm, rank, handler, ...)                                              \
  GEXI_AMVA(RequestShort, __VA_ARGS__)(tm, rank, handler, __VA_ARGS__)
#define gex_AM_RequestMedium(tm, rank, handler, source_addr, nbytes, lc_opt, ...)                \
  GEXI_AMVA(RequestMedium, __VA_ARGS__)(tm, rank, handler, source_addr, nbytes, lc_opt,         \
                                        __VA_ARGS__)
#define gex_AM_RequestLong(tm, rank, handler, source_addr, nbytes, dest_addr, lc_opt, ...)       \
  GEXI_AMVA(RequestLong, __VA_ARGS__)(tm, rank, handler, source_addr, nbytes, dest_addr,        \
                                      lc_opt, __VA_ARGS__)
#define gex_AM_ReplyShort(token, handler, ...)                                                   \
  GEXI_AMVA(ReplyShort, __VA_ARGS__)(token, handler, __VA_ARGS__)
#define gex_AM_ReplyMedium(token, handler, source_addr, nbytes, lc_opt, ...)                     \
  GEXI_AMVA(ReplyMedium, __VA_ARGS__)(token, handler, source_addr, nbytes, lc_opt, __VA_ARGS__)
#define gex_AM_ReplyLong(token, handler, source_addr, nbytes, dest_addr, lc_opt, ...)            \
  GEXI_AMVA(ReplyLong, __VA_ARGS__)(token, handler, source_addr, nbytes, dest_addr, lc_opt,     \
                                    __VA_ARGS__)
#define gex_AM_CommitRequestMedium(sd, handler, ...)                                             \
  GEXI_AMVA(CommitRequestMedium, __VA_ARGS__)(sd, handler, __VA_ARGS__)
#define gex_AM_CommitReplyMedium(sd, handler, ...)                                               \
  GEXI_AMVA(CommitReplyMedium, __VA_ARGS__)(sd, handler, __VA_ARGS__)
#define gex_AM_CommitRequestLong(sd, handler, nbytes, ...)                                       \
  GEXI_AMVA(CommitRequestLong, __VA_ARGS__)(sd, handler, nbytes, __VA_ARGS__)
#define gex_AM_CommitReplyLong(sd, handler, nbytes, ...)                                         \
  GEXI_AMVA(CommitReplyLong, __VA_ARGS__)(sd, handler, nbytes, __VA_ARGS__)
/* [EXPERIMENTAL, spec v0.19] _v2 Commits: `commit_flags` travels inside `...`. */
#define GEXI_AMVA_V2(form, ...) GEXI_AM_CAT(GEXI_AMVA(form, __VA_ARGS__), _v2)
#define gex_AM_CommitRequestMedium_v2(sd, handler, nbytes, ...)                                  \
  GEXI_AMVA_V2(CommitRequestMedium, __VA_ARGS__)(sd, handler, nbytes, __VA_ARGS__)
#define gex_AM_CommitReplyMedium_v2(sd, handler, nbytes, ...)                                    \
  GEXI_AMVA_V2(CommitReplyMedium, __VA_ARGS__)(sd, handler, nbytes, __VA_ARGS__)
#define gex_AM_CommitRequestLong_v2(sd, handler, nbytes, dest_addr, ...)                         \
  GEXI_AMVA_V2(CommitRequestLong, __VA_ARGS__)(sd, handler, nbytes, dest_addr, __VA_ARGS__)
#define gex_AM_CommitReplyLong_v2(sd, handler, nbytes, dest_addr, ...)                           \
  GEXI_AMVA_V2(CommitReplyLong, __VA_ARGS__)(sd, handler, nbytes, dest_addr, __VA_ARGS__)

/* BEGIN GENERATED AM FORMS (tools/gen/gen_am_forms.py; edit the script, not this text) */
static inline int gex_AM_RequestShort0(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, gex_Flags_t flags) {
  return gexi_AM_RequestShort(tm, rank, handler, flags, 0, NULL);
}
static inline int gex_AM_RequestShort1(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0) {
  const gex_AM_Arg_t gexi_args[1] = {arg0};
  return gexi_AM_RequestShort(tm, rank, handler, flags, 1, gexi_args);
}
static inline int gex_AM_RequestShort2(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1) {
  const gex_AM_Arg_t gexi_args[2] = {arg0, arg1};
  return gexi_AM_RequestShort(tm, rank, handler, flags, 2, gexi_args);
}
static inline int gex_AM_RequestShort3(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2) {
  const gex_AM_Arg_t gexi_args[3] = {arg0, arg1, arg2};
  return gexi_AM_RequestShort(tm, rank, handler, flags, 3, gexi_args);
}
static inline int gex_AM_RequestShort4(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3) {
  const gex_AM_Arg_t gexi_args[4] = {arg0, arg1, arg2, arg3};
  return gexi_AM_RequestShort(tm, rank, handler, flags, 4, gexi_args);
}
static inline int gex_AM_RequestShort5(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4) {
  const gex_AM_Arg_t gexi_args[5] = {arg0, arg1, arg2, arg3, arg4};
  return gexi_AM_RequestShort(tm, rank, handler, flags, 5, gexi_args);
}
static inline int gex_AM_RequestShort6(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5) {
  const gex_AM_Arg_t gexi_args[6] = {arg0, arg1, arg2, arg3, arg4, arg5};
  return gexi_AM_RequestShort(tm, rank, handler, flags, 6, gexi_args);
}
static inline int gex_AM_RequestShort7(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6) {
  const gex_AM_Arg_t gexi_args[7] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6};
  return gexi_AM_RequestShort(tm, rank, handler, flags, 7, gexi_args);
}
static inline int gex_AM_RequestShort8(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7) {
  const gex_AM_Arg_t gexi_args[8] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7};
  return gexi_AM_RequestShort(tm, rank, handler, flags, 8, gexi_args);
}
static inline int gex_AM_RequestShort9(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8) {
  const gex_AM_Arg_t gexi_args[9] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8};
  return gexi_AM_RequestShort(tm, rank, handler, flags, 9, gexi_args);
}
static inline int gex_AM_RequestShort10(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9) {
  const gex_AM_Arg_t gexi_args[10] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9};
  return gexi_AM_RequestShort(tm, rank, handler, flags, 10, gexi_args);
}
static inline int gex_AM_RequestShort11(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10) {
  const gex_AM_Arg_t gexi_args[11] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10};
  return gexi_AM_RequestShort(tm, rank, handler, flags, 11, gexi_args);
}
static inline int gex_AM_RequestShort12(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11) {
  const gex_AM_Arg_t gexi_args[12] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11};
  return gexi_AM_RequestShort(tm, rank, handler, flags, 12, gexi_args);
}
static inline int gex_AM_RequestShort13(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12) {
  const gex_AM_Arg_t gexi_args[13] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12};
  return gexi_AM_RequestShort(tm, rank, handler, flags, 13, gexi_args);
}
static inline int gex_AM_RequestShort14(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13) {
  const gex_AM_Arg_t gexi_args[14] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13};
  return gexi_AM_RequestShort(tm, rank, handler, flags, 14, gexi_args);
}
static inline int gex_AM_RequestShort15(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14) {
  const gex_AM_Arg_t gexi_args[15] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14};
  return gexi_AM_RequestShort(tm, rank, handler, flags, 15, gexi_args);
}
static inline int gex_AM_RequestShort16(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14, gex_AM_Arg_t arg15) {
  const gex_AM_Arg_t gexi_args[16] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14, arg15};
  return gexi_AM_RequestShort(tm, rank, handler, flags, 16, gexi_args);
}
static inline int gex_AM_ReplyShort0(gex_Token_t token, gex_AM_Index_t handler, gex_Flags_t flags) {
  return gexi_AM_ReplyShort(token, handler, flags, 0, NULL);
}
static inline int gex_AM_ReplyShort1(gex_Token_t token, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0) {
  const gex_AM_Arg_t gexi_args[1] = {arg0};
  return gexi_AM_ReplyShort(token, handler, flags, 1, gexi_args);
}
static inline int gex_AM_ReplyShort2(gex_Token_t token, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1) {
  const gex_AM_Arg_t gexi_args[2] = {arg0, arg1};
  return gexi_AM_ReplyShort(token, handler, flags, 2, gexi_args);
}
static inline int gex_AM_ReplyShort3(gex_Token_t token, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2) {
  const gex_AM_Arg_t gexi_args[3] = {arg0, arg1, arg2};
  return gexi_AM_ReplyShort(token, handler, flags, 3, gexi_args);
}
static inline int gex_AM_ReplyShort4(gex_Token_t token, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3) {
  const gex_AM_Arg_t gexi_args[4] = {arg0, arg1, arg2, arg3};
  return gexi_AM_ReplyShort(token, handler, flags, 4, gexi_args);
}
static inline int gex_AM_ReplyShort5(gex_Token_t token, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4) {
  const gex_AM_Arg_t gexi_args[5] = {arg0, arg1, arg2, arg3, arg4};
  return gexi_AM_ReplyShort(token, handler, flags, 5, gexi_args);
}
static inline int gex_AM_ReplyShort6(gex_Token_t token, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5) {
  const gex_AM_Arg_t gexi_args[6] = {arg0, arg1, arg2, arg3, arg4, arg5};
  return gexi_AM_ReplyShort(token, handler, flags, 6, gexi_args);
}
static inline int gex_AM_ReplyShort7(gex_Token_t token, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6) {
  const gex_AM_Arg_t gexi_args[7] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6};
  return gexi_AM_ReplyShort(token, handler, flags, 7, gexi_args);
}
static inline int gex_AM_ReplyShort8(gex_Token_t token, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7) {
  const gex_AM_Arg_t gexi_args[8] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7};
  return gexi_AM_ReplyShort(token, handler, flags, 8, gexi_args);
}
static inline int gex_AM_ReplyShort9(gex_Token_t token, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8) {
  const gex_AM_Arg_t gexi_args[9] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8};
  return gexi_AM_ReplyShort(token, handler, flags, 9, gexi_args);
}
static inline int gex_AM_ReplyShort10(gex_Token_t token, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9) {
  const gex_AM_Arg_t gexi_args[10] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9};
  return gexi_AM_ReplyShort(token, handler, flags, 10, gexi_args);
}
static inline int gex_AM_ReplyShort11(gex_Token_t token, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10) {
  const gex_AM_Arg_t gexi_args[11] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10};
  return gexi_AM_ReplyShort(token, handler, flags, 11, gexi_args);
}
static inline int gex_AM_ReplyShort12(gex_Token_t token, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11) {
  const gex_AM_Arg_t gexi_args[12] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11};
  return gexi_AM_ReplyShort(token, handler, flags, 12, gexi_args);
}
static inline int gex_AM_ReplyShort13(gex_Token_t token, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12) {
  const gex_AM_Arg_t gexi_args[13] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12};
  return gexi_AM_ReplyShort(token, handler, flags, 13, gexi_args);
}
static inline int gex_AM_ReplyShort14(gex_Token_t token, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13) {
  const gex_AM_Arg_t gexi_args[14] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13};
  return gexi_AM_ReplyShort(token, handler, flags, 14, gexi_args);
}
static inline int gex_AM_ReplyShort15(gex_Token_t token, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14) {
  const gex_AM_Arg_t gexi_args[15] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14};
  return gexi_AM_ReplyShort(token, handler, flags, 15, gexi_args);
}
static inline int gex_AM_ReplyShort16(gex_Token_t token, gex_AM_Index_t handler, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14, gex_AM_Arg_t arg15) {
  const gex_AM_Arg_t gexi_args[16] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14, arg15};
  return gexi_AM_ReplyShort(token, handler, flags, 16, gexi_args);
}
static inline int gex_AM_RequestMedium0(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags) {
  return gexi_AM_RequestMedium(tm, rank, handler, source_addr, nbytes, lc_opt, flags, 0, NULL);
}
static inline int gex_AM_RequestMedium1(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0) {
  const gex_AM_Arg_t gexi_args[1] = {arg0};
  return gexi_AM_RequestMedium(tm, rank, handler, source_addr, nbytes, lc_opt, flags, 1, gexi_args);
}
static inline int gex_AM_RequestMedium2(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1) {
  const gex_AM_Arg_t gexi_args[2] = {arg0, arg1};
  return gexi_AM_RequestMedium(tm, rank, handler, source_addr, nbytes, lc_opt, flags, 2, gexi_args);
}
static inline int gex_AM_RequestMedium3(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2) {
  const gex_AM_Arg_t gexi_args[3] = {arg0, arg1, arg2};
  return gexi_AM_RequestMedium(tm, rank, handler, source_addr, nbytes, lc_opt, flags, 3, gexi_args);
}
static inline int gex_AM_RequestMedium4(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3) {
  const gex_AM_Arg_t gexi_args[4] = {arg0, arg1, arg2, arg3};
  return gexi_AM_RequestMedium(tm, rank, handler, source_addr, nbytes, lc_opt, flags, 4, gexi_args);
}
static inline int gex_AM_RequestMedium5(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4) {
  const gex_AM_Arg_t gexi_args[5] = {arg0, arg1, arg2, arg3, arg4};
  return gexi_AM_RequestMedium(tm, rank, handler, source_addr, nbytes, lc_opt, flags, 5, gexi_args);
}
static inline int gex_AM_RequestMedium6(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5) {
  const gex_AM_Arg_t gexi_args[6] = {arg0, arg1, arg2, arg3, arg4, arg5};
  return gexi_AM_RequestMedium(tm, rank, handler, source_addr, nbytes, lc_opt, flags, 6, gexi_args);
}
static inline int gex_AM_RequestMedium7(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6) {
  const gex_AM_Arg_t gexi_args[7] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6};
  return gexi_AM_RequestMedium(tm, rank, handler, source_addr, nbytes, lc_opt, flags, 7, gexi_args);
}
static inline int gex_AM_RequestMedium8(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7) {
  const gex_AM_Arg_t gexi_args[8] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7};
  return gexi_AM_RequestMedium(tm, rank, handler, source_addr, nbytes, lc_opt, flags, 8, gexi_args);
}
static inline int gex_AM_RequestMedium9(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8) {
  const gex_AM_Arg_t gexi_args[9] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8};
  return gexi_AM_RequestMedium(tm, rank, handler, source_addr, nbytes, lc_opt, flags, 9, gexi_args);
}
static inline int gex_AM_RequestMedium10(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9) {
  const gex_AM_Arg_t gexi_args[10] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9};
  return gexi_AM_RequestMedium(tm, rank, handler, source_addr, nbytes, lc_opt, flags, 10, gexi_args);
}
static inline int gex_AM_RequestMedium11(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10) {
  const gex_AM_Arg_t gexi_args[11] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10};
  return gexi_AM_RequestMedium(tm, rank, handler, source_addr, nbytes, lc_opt, flags, 11, gexi_args);
}
static inline int gex_AM_RequestMedium12(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11) {
  const gex_AM_Arg_t gexi_args[12] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11};
  return gexi_AM_RequestMedium(tm, rank, handler, source_addr, nbytes, lc_opt, flags, 12, gexi_args);
}
static inline int gex_AM_RequestMedium13(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12) {
  const gex_AM_Arg_t gexi_args[13] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12};
  return gexi_AM_RequestMedium(tm, rank, handler, source_addr, nbytes, lc_opt, flags, 13, gexi_args);
}
static inline int gex_AM_RequestMedium14(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13) {
  const gex_AM_Arg_t gexi_args[14] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13};
  return gexi_AM_RequestMedium(tm, rank, handler, source_addr, nbytes, lc_opt, flags, 14, gexi_args);
}
static inline int gex_AM_RequestMedium15(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14) {
  const gex_AM_Arg_t gexi_args[15] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14};
  return gexi_AM_RequestMedium(tm, rank, handler, source_addr, nbytes, lc_opt, flags, 15, gexi_args);
}
static inline int gex_AM_RequestMedium16(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14, gex_AM_Arg_t arg15) {
  const gex_AM_Arg_t gexi_args[16] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14, arg15};
  return gexi_AM_RequestMedium(tm, rank, handler, source_addr, nbytes, lc_opt, flags, 16, gexi_args);
}
static inline int gex_AM_ReplyMedium0(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags) {
  return gexi_AM_ReplyMedium(token, handler, source_addr, nbytes, lc_opt, flags, 0, NULL);
}
static inline int gex_AM_ReplyMedium1(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0) {
  const gex_AM_Arg_t gexi_args[1] = {arg0};
  return gexi_AM_ReplyMedium(token, handler, source_addr, nbytes, lc_opt, flags, 1, gexi_args);
}
static inline int gex_AM_ReplyMedium2(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1) {
  const gex_AM_Arg_t gexi_args[2] = {arg0, arg1};
  return gexi_AM_ReplyMedium(token, handler, source_addr, nbytes, lc_opt, flags, 2, gexi_args);
}
static inline int gex_AM_ReplyMedium3(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2) {
  const gex_AM_Arg_t gexi_args[3] = {arg0, arg1, arg2};
  return gexi_AM_ReplyMedium(token, handler, source_addr, nbytes, lc_opt, flags, 3, gexi_args);
}
static inline int gex_AM_ReplyMedium4(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3) {
  const gex_AM_Arg_t gexi_args[4] = {arg0, arg1, arg2, arg3};
  return gexi_AM_ReplyMedium(token, handler, source_addr, nbytes, lc_opt, flags, 4, gexi_args);
}
static inline int gex_AM_ReplyMedium5(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4) {
  const gex_AM_Arg_t gexi_args[5] = {arg0, arg1, arg2, arg3, arg4};
  return gexi_AM_ReplyMedium(token, handler, source_addr, nbytes, lc_opt, flags, 5, gexi_args);
}
static inline int gex_AM_ReplyMedium6(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5) {
  const gex_AM_Arg_t gexi_args[6] = {arg0, arg1, arg2, arg3, arg4, arg5};
  return gexi_AM_ReplyMedium(token, handler, source_addr, nbytes, lc_opt, flags, 6, gexi_args);
}
static inline int gex_AM_ReplyMedium7(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6) {
  const gex_AM_Arg_t gexi_args[7] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6};
  return gexi_AM_ReplyMedium(token, handler, source_addr, nbytes, lc_opt, flags, 7, gexi_args);
}
static inline int gex_AM_ReplyMedium8(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7) {
  const gex_AM_Arg_t gexi_args[8] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7};
  return gexi_AM_ReplyMedium(token, handler, source_addr, nbytes, lc_opt, flags, 8, gexi_args);
}
static inline int gex_AM_ReplyMedium9(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8) {
  const gex_AM_Arg_t gexi_args[9] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8};
  return gexi_AM_ReplyMedium(token, handler, source_addr, nbytes, lc_opt, flags, 9, gexi_args);
}
static inline int gex_AM_ReplyMedium10(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9) {
  const gex_AM_Arg_t gexi_args[10] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9};
  return gexi_AM_ReplyMedium(token, handler, source_addr, nbytes, lc_opt, flags, 10, gexi_args);
}
static inline int gex_AM_ReplyMedium11(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10) {
  const gex_AM_Arg_t gexi_args[11] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10};
  return gexi_AM_ReplyMedium(token, handler, source_addr, nbytes, lc_opt, flags, 11, gexi_args);
}
static inline int gex_AM_ReplyMedium12(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11) {
  const gex_AM_Arg_t gexi_args[12] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11};
  return gexi_AM_ReplyMedium(token, handler, source_addr, nbytes, lc_opt, flags, 12, gexi_args);
}
static inline int gex_AM_ReplyMedium13(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12) {
  const gex_AM_Arg_t gexi_args[13] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12};
  return gexi_AM_ReplyMedium(token, handler, source_addr, nbytes, lc_opt, flags, 13, gexi_args);
}
static inline int gex_AM_ReplyMedium14(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13) {
  const gex_AM_Arg_t gexi_args[14] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13};
  return gexi_AM_ReplyMedium(token, handler, source_addr, nbytes, lc_opt, flags, 14, gexi_args);
}
static inline int gex_AM_ReplyMedium15(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14) {
  const gex_AM_Arg_t gexi_args[15] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14};
  return gexi_AM_ReplyMedium(token, handler, source_addr, nbytes, lc_opt, flags, 15, gexi_args);
}
static inline int gex_AM_ReplyMedium16(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14, gex_AM_Arg_t arg15) {
  const gex_AM_Arg_t gexi_args[16] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14, arg15};
  return gexi_AM_ReplyMedium(token, handler, source_addr, nbytes, lc_opt, flags, 16, gexi_args);
}
static inline int gex_AM_RequestLong0(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags) {
  return gexi_AM_RequestLong(tm, rank, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 0, NULL);
}
static inline int gex_AM_RequestLong1(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0) {
  const gex_AM_Arg_t gexi_args[1] = {arg0};
  return gexi_AM_RequestLong(tm, rank, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 1, gexi_args);
}
static inline int gex_AM_RequestLong2(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1) {
  const gex_AM_Arg_t gexi_args[2] = {arg0, arg1};
  return gexi_AM_RequestLong(tm, rank, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 2, gexi_args);
}
static inline int gex_AM_RequestLong3(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2) {
  const gex_AM_Arg_t gexi_args[3] = {arg0, arg1, arg2};
  return gexi_AM_RequestLong(tm, rank, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 3, gexi_args);
}
static inline int gex_AM_RequestLong4(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3) {
  const gex_AM_Arg_t gexi_args[4] = {arg0, arg1, arg2, arg3};
  return gexi_AM_RequestLong(tm, rank, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 4, gexi_args);
}
static inline int gex_AM_RequestLong5(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4) {
  const gex_AM_Arg_t gexi_args[5] = {arg0, arg1, arg2, arg3, arg4};
  return gexi_AM_RequestLong(tm, rank, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 5, gexi_args);
}
static inline int gex_AM_RequestLong6(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5) {
  const gex_AM_Arg_t gexi_args[6] = {arg0, arg1, arg2, arg3, arg4, arg5};
  return gexi_AM_RequestLong(tm, rank, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 6, gexi_args);
}
static inline int gex_AM_RequestLong7(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6) {
  const gex_AM_Arg_t gexi_args[7] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6};
  return gexi_AM_RequestLong(tm, rank, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 7, gexi_args);
}
static inline int gex_AM_RequestLong8(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7) {
  const gex_AM_Arg_t gexi_args[8] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7};
  return gexi_AM_RequestLong(tm, rank, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 8, gexi_args);
}
static inline int gex_AM_RequestLong9(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8) {
  const gex_AM_Arg_t gexi_args[9] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8};
  return gexi_AM_RequestLong(tm, rank, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 9, gexi_args);
}
static inline int gex_AM_RequestLong10(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9) {
  const gex_AM_Arg_t gexi_args[10] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9};
  return gexi_AM_RequestLong(tm, rank, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 10, gexi_args);
}
static inline int gex_AM_RequestLong11(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10) {
  const gex_AM_Arg_t gexi_args[11] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10};
  return gexi_AM_RequestLong(tm, rank, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 11, gexi_args);
}
static inline int gex_AM_RequestLong12(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11) {
  const gex_AM_Arg_t gexi_args[12] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11};
  return gexi_AM_RequestLong(tm, rank, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 12, gexi_args);
}
static inline int gex_AM_RequestLong13(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12) {
  const gex_AM_Arg_t gexi_args[13] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12};
  return gexi_AM_RequestLong(tm, rank, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 13, gexi_args);
}
static inline int gex_AM_RequestLong14(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13) {
  const gex_AM_Arg_t gexi_args[14] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13};
  return gexi_AM_RequestLong(tm, rank, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 14, gexi_args);
}
static inline int gex_AM_RequestLong15(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14) {
  const gex_AM_Arg_t gexi_args[15] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14};
  return gexi_AM_RequestLong(tm, rank, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 15, gexi_args);
}
static inline int gex_AM_RequestLong16(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14, gex_AM_Arg_t arg15) {
  const gex_AM_Arg_t gexi_args[16] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14, arg15};
  return gexi_AM_RequestLong(tm, rank, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 16, gexi_args);
}
static inline int gex_AM_ReplyLong0(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags) {
  return gexi_AM_ReplyLong(token, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 0, NULL);
}
static inline int gex_AM_ReplyLong1(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0) {
  const gex_AM_Arg_t gexi_args[1] = {arg0};
  return gexi_AM_ReplyLong(token, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 1, gexi_args);
}
static inline int gex_AM_ReplyLong2(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1) {
  const gex_AM_Arg_t gexi_args[2] = {arg0, arg1};
  return gexi_AM_ReplyLong(token, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 2, gexi_args);
}
static inline int gex_AM_ReplyLong3(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2) {
  const gex_AM_Arg_t gexi_args[3] = {arg0, arg1, arg2};
  return gexi_AM_ReplyLong(token, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 3, gexi_args);
}
static inline int gex_AM_ReplyLong4(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3) {
  const gex_AM_Arg_t gexi_args[4] = {arg0, arg1, arg2, arg3};
  return gexi_AM_ReplyLong(token, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 4, gexi_args);
}
static inline int gex_AM_ReplyLong5(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4) {
  const gex_AM_Arg_t gexi_args[5] = {arg0, arg1, arg2, arg3, arg4};
  return gexi_AM_ReplyLong(token, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 5, gexi_args);
}
static inline int gex_AM_ReplyLong6(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5) {
  const gex_AM_Arg_t gexi_args[6] = {arg0, arg1, arg2, arg3, arg4, arg5};
  return gexi_AM_ReplyLong(token, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 6, gexi_args);
}
static inline int gex_AM_ReplyLong7(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6) {
  const gex_AM_Arg_t gexi_args[7] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6};
  return gexi_AM_ReplyLong(token, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 7, gexi_args);
}
static inline int gex_AM_ReplyLong8(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7) {
  const gex_AM_Arg_t gexi_args[8] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7};
  return gexi_AM_ReplyLong(token, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 8, gexi_args);
}
static inline int gex_AM_ReplyLong9(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8) {
  const gex_AM_Arg_t gexi_args[9] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8};
  return gexi_AM_ReplyLong(token, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 9, gexi_args);
}
static inline int gex_AM_ReplyLong10(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9) {
  const gex_AM_Arg_t gexi_args[10] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9};
  return gexi_AM_ReplyLong(token, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 10, gexi_args);
}
static inline int gex_AM_ReplyLong11(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10) {
  const gex_AM_Arg_t gexi_args[11] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10};
  return gexi_AM_ReplyLong(token, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 11, gexi_args);
}
static inline int gex_AM_ReplyLong12(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11) {
  const gex_AM_Arg_t gexi_args[12] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11};
  return gexi_AM_ReplyLong(token, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 12, gexi_args);
}
static inline int gex_AM_ReplyLong13(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12) {
  const gex_AM_Arg_t gexi_args[13] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12};
  return gexi_AM_ReplyLong(token, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 13, gexi_args);
}
static inline int gex_AM_ReplyLong14(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13) {
  const gex_AM_Arg_t gexi_args[14] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13};
  return gexi_AM_ReplyLong(token, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 14, gexi_args);
}
static inline int gex_AM_ReplyLong15(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14) {
  const gex_AM_Arg_t gexi_args[15] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14};
  return gexi_AM_ReplyLong(token, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 15, gexi_args);
}
static inline int gex_AM_ReplyLong16(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14, gex_AM_Arg_t arg15) {
  const gex_AM_Arg_t gexi_args[16] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14, arg15};
  return gexi_AM_ReplyLong(token, handler, source_addr, nbytes, dest_addr, lc_opt, flags, 16, gexi_args);
}
static inline void gex_AM_CommitRequestMedium0(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes) {
  (void)gexi_AM_CommitRequestMedium(sd, handler, nbytes, 0, 0, NULL);
}
static inline void gex_AM_CommitRequestMedium1(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0) {
  const gex_AM_Arg_t gexi_args[1] = {arg0};
  (void)gexi_AM_CommitRequestMedium(sd, handler, nbytes, 0, 1, gexi_args);
}
static inline void gex_AM_CommitRequestMedium2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1) {
  const gex_AM_Arg_t gexi_args[2] = {arg0, arg1};
  (void)gexi_AM_CommitRequestMedium(sd, handler, nbytes, 0, 2, gexi_args);
}
static inline void gex_AM_CommitRequestMedium3(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2) {
  const gex_AM_Arg_t gexi_args[3] = {arg0, arg1, arg2};
  (void)gexi_AM_CommitRequestMedium(sd, handler, nbytes, 0, 3, gexi_args);
}
static inline void gex_AM_CommitRequestMedium4(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3) {
  const gex_AM_Arg_t gexi_args[4] = {arg0, arg1, arg2, arg3};
  (void)gexi_AM_CommitRequestMedium(sd, handler, nbytes, 0, 4, gexi_args);
}
static inline void gex_AM_CommitRequestMedium5(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4) {
  const gex_AM_Arg_t gexi_args[5] = {arg0, arg1, arg2, arg3, arg4};
  (void)gexi_AM_CommitRequestMedium(sd, handler, nbytes, 0, 5, gexi_args);
}
static inline void gex_AM_CommitRequestMedium6(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5) {
  const gex_AM_Arg_t gexi_args[6] = {arg0, arg1, arg2, arg3, arg4, arg5};
  (void)gexi_AM_CommitRequestMedium(sd, handler, nbytes, 0, 6, gexi_args);
}
static inline void gex_AM_CommitRequestMedium7(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6) {
  const gex_AM_Arg_t gexi_args[7] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6};
  (void)gexi_AM_CommitRequestMedium(sd, handler, nbytes, 0, 7, gexi_args);
}
static inline void gex_AM_CommitRequestMedium8(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7) {
  const gex_AM_Arg_t gexi_args[8] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7};
  (void)gexi_AM_CommitRequestMedium(sd, handler, nbytes, 0, 8, gexi_args);
}
static inline void gex_AM_CommitRequestMedium9(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8) {
  const gex_AM_Arg_t gexi_args[9] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8};
  (void)gexi_AM_CommitRequestMedium(sd, handler, nbytes, 0, 9, gexi_args);
}
static inline void gex_AM_CommitRequestMedium10(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9) {
  const gex_AM_Arg_t gexi_args[10] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9};
  (void)gexi_AM_CommitRequestMedium(sd, handler, nbytes, 0, 10, gexi_args);
}
static inline void gex_AM_CommitRequestMedium11(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10) {
  const gex_AM_Arg_t gexi_args[11] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10};
  (void)gexi_AM_CommitRequestMedium(sd, handler, nbytes, 0, 11, gexi_args);
}
static inline void gex_AM_CommitRequestMedium12(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11) {
  const gex_AM_Arg_t gexi_args[12] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11};
  (void)gexi_AM_CommitRequestMedium(sd, handler, nbytes, 0, 12, gexi_args);
}
static inline void gex_AM_CommitRequestMedium13(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12) {
  const gex_AM_Arg_t gexi_args[13] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12};
  (void)gexi_AM_CommitRequestMedium(sd, handler, nbytes, 0, 13, gexi_args);
}
static inline void gex_AM_CommitRequestMedium14(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13) {
  const gex_AM_Arg_t gexi_args[14] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13};
  (void)gexi_AM_CommitRequestMedium(sd, handler, nbytes, 0, 14, gexi_args);
}
static inline void gex_AM_CommitRequestMedium15(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14) {
  const gex_AM_Arg_t gexi_args[15] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14};
  (void)gexi_AM_CommitRequestMedium(sd, handler, nbytes, 0, 15, gexi_args);
}
static inline void gex_AM_CommitRequestMedium16(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14, gex_AM_Arg_t arg15) {
  const gex_AM_Arg_t gexi_args[16] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14, arg15};
  (void)gexi_AM_CommitRequestMedium(sd, handler, nbytes, 0, 16, gexi_args);
}
static inline int gex_AM_CommitRequestMedium0_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags) {
  return gexi_AM_CommitRequestMedium(sd, handler, nbytes, commit_flags, 0, NULL);
}
static inline int gex_AM_CommitRequestMedium1_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0) {
  const gex_AM_Arg_t gexi_args[1] = {arg0};
  return gexi_AM_CommitRequestMedium(sd, handler, nbytes, commit_flags, 1, gexi_args);
}
static inline int gex_AM_CommitRequestMedium2_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1) {
  const gex_AM_Arg_t gexi_args[2] = {arg0, arg1};
  return gexi_AM_CommitRequestMedium(sd, handler, nbytes, commit_flags, 2, gexi_args);
}
static inline int gex_AM_CommitRequestMedium3_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2) {
  const gex_AM_Arg_t gexi_args[3] = {arg0, arg1, arg2};
  return gexi_AM_CommitRequestMedium(sd, handler, nbytes, commit_flags, 3, gexi_args);
}
static inline int gex_AM_CommitRequestMedium4_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3) {
  const gex_AM_Arg_t gexi_args[4] = {arg0, arg1, arg2, arg3};
  return gexi_AM_CommitRequestMedium(sd, handler, nbytes, commit_flags, 4, gexi_args);
}
static inline int gex_AM_CommitRequestMedium5_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4) {
  const gex_AM_Arg_t gexi_args[5] = {arg0, arg1, arg2, arg3, arg4};
  return gexi_AM_CommitRequestMedium(sd, handler, nbytes, commit_flags, 5, gexi_args);
}
static inline int gex_AM_CommitRequestMedium6_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5) {
  const gex_AM_Arg_t gexi_args[6] = {arg0, arg1, arg2, arg3, arg4, arg5};
  return gexi_AM_CommitRequestMedium(sd, handler, nbytes, commit_flags, 6, gexi_args);
}
static inline int gex_AM_CommitRequestMedium7_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6) {
  const gex_AM_Arg_t gexi_args[7] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6};
  return gexi_AM_CommitRequestMedium(sd, handler, nbytes, commit_flags, 7, gexi_args);
}
static inline int gex_AM_CommitRequestMedium8_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7) {
  const gex_AM_Arg_t gexi_args[8] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7};
  return gexi_AM_CommitRequestMedium(sd, handler, nbytes, commit_flags, 8, gexi_args);
}
static inline int gex_AM_CommitRequestMedium9_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8) {
  const gex_AM_Arg_t gexi_args[9] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8};
  return gexi_AM_CommitRequestMedium(sd, handler, nbytes, commit_flags, 9, gexi_args);
}
static inline int gex_AM_CommitRequestMedium10_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9) {
  const gex_AM_Arg_t gexi_args[10] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9};
  return gexi_AM_CommitRequestMedium(sd, handler, nbytes, commit_flags, 10, gexi_args);
}
static inline int gex_AM_CommitRequestMedium11_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10) {
  const gex_AM_Arg_t gexi_args[11] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10};
  return gexi_AM_CommitRequestMedium(sd, handler, nbytes, commit_flags, 11, gexi_args);
}
static inline int gex_AM_CommitRequestMedium12_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11) {
  const gex_AM_Arg_t gexi_args[12] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11};
  return gexi_AM_CommitRequestMedium(sd, handler, nbytes, commit_flags, 12, gexi_args);
}
static inline int gex_AM_CommitRequestMedium13_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12) {
  const gex_AM_Arg_t gexi_args[13] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12};
  return gexi_AM_CommitRequestMedium(sd, handler, nbytes, commit_flags, 13, gexi_args);
}
static inline int gex_AM_CommitRequestMedium14_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13) {
  const gex_AM_Arg_t gexi_args[14] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13};
  return gexi_AM_CommitRequestMedium(sd, handler, nbytes, commit_flags, 14, gexi_args);
}
static inline int gex_AM_CommitRequestMedium15_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14) {
  const gex_AM_Arg_t gexi_args[15] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14};
  return gexi_AM_CommitRequestMedium(sd, handler, nbytes, commit_flags, 15, gexi_args);
}
static inline int gex_AM_CommitRequestMedium16_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14, gex_AM_Arg_t arg15) {
  const gex_AM_Arg_t gexi_args[16] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14, arg15};
  return gexi_AM_CommitRequestMedium(sd, handler, nbytes, commit_flags, 16, gexi_args);
}
static inline void gex_AM_CommitReplyMedium0(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes) {
  (void)gexi_AM_CommitReplyMedium(sd, handler, nbytes, 0, 0, NULL);
}
static inline void gex_AM_CommitReplyMedium1(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0) {
  const gex_AM_Arg_t gexi_args[1] = {arg0};
  (void)gexi_AM_CommitReplyMedium(sd, handler, nbytes, 0, 1, gexi_args);
}
static inline void gex_AM_CommitReplyMedium2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1) {
  const gex_AM_Arg_t gexi_args[2] = {arg0, arg1};
  (void)gexi_AM_CommitReplyMedium(sd, handler, nbytes, 0, 2, gexi_args);
}
static inline void gex_AM_CommitReplyMedium3(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2) {
  const gex_AM_Arg_t gexi_args[3] = {arg0, arg1, arg2};
  (void)gexi_AM_CommitReplyMedium(sd, handler, nbytes, 0, 3, gexi_args);
}
static inline void gex_AM_CommitReplyMedium4(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3) {
  const gex_AM_Arg_t gexi_args[4] = {arg0, arg1, arg2, arg3};
  (void)gexi_AM_CommitReplyMedium(sd, handler, nbytes, 0, 4, gexi_args);
}
static inline void gex_AM_CommitReplyMedium5(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4) {
  const gex_AM_Arg_t gexi_args[5] = {arg0, arg1, arg2, arg3, arg4};
  (void)gexi_AM_CommitReplyMedium(sd, handler, nbytes, 0, 5, gexi_args);
}
static inline void gex_AM_CommitReplyMedium6(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5) {
  const gex_AM_Arg_t gexi_args[6] = {arg0, arg1, arg2, arg3, arg4, arg5};
  (void)gexi_AM_CommitReplyMedium(sd, handler, nbytes, 0, 6, gexi_args);
}
static inline void gex_AM_CommitReplyMedium7(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6) {
  const gex_AM_Arg_t gexi_args[7] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6};
  (void)gexi_AM_CommitReplyMedium(sd, handler, nbytes, 0, 7, gexi_args);
}
static inline void gex_AM_CommitReplyMedium8(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7) {
  const gex_AM_Arg_t gexi_args[8] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7};
  (void)gexi_AM_CommitReplyMedium(sd, handler, nbytes, 0, 8, gexi_args);
}
static inline void gex_AM_CommitReplyMedium9(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8) {
  const gex_AM_Arg_t gexi_args[9] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8};
  (void)gexi_AM_CommitReplyMedium(sd, handler, nbytes, 0, 9, gexi_args);
}
static inline void gex_AM_CommitReplyMedium10(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9) {
  const gex_AM_Arg_t gexi_args[10] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9};
  (void)gexi_AM_CommitReplyMedium(sd, handler, nbytes, 0, 10, gexi_args);
}
static inline void gex_AM_CommitReplyMedium11(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10) {
  const gex_AM_Arg_t gexi_args[11] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10};
  (void)gexi_AM_CommitReplyMedium(sd, handler, nbytes, 0, 11, gexi_args);
}
static inline void gex_AM_CommitReplyMedium12(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11) {
  const gex_AM_Arg_t gexi_args[12] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11};
  (void)gexi_AM_CommitReplyMedium(sd, handler, nbytes, 0, 12, gexi_args);
}
static inline void gex_AM_CommitReplyMedium13(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12) {
  const gex_AM_Arg_t gexi_args[13] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12};
  (void)gexi_AM_CommitReplyMedium(sd, handler, nbytes, 0, 13, gexi_args);
}
static inline void gex_AM_CommitReplyMedium14(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13) {
  const gex_AM_Arg_t gexi_args[14] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13};
  (void)gexi_AM_CommitReplyMedium(sd, handler, nbytes, 0, 14, gexi_args);
}
static inline void gex_AM_CommitReplyMedium15(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14) {
  const gex_AM_Arg_t gexi_args[15] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14};
  (void)gexi_AM_CommitReplyMedium(sd, handler, nbytes, 0, 15, gexi_args);
}
static inline void gex_AM_CommitReplyMedium16(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14, gex_AM_Arg_t arg15) {
  const gex_AM_Arg_t gexi_args[16] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14, arg15};
  (void)gexi_AM_CommitReplyMedium(sd, handler, nbytes, 0, 16, gexi_args);
}
static inline int gex_AM_CommitReplyMedium0_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags) {
  return gexi_AM_CommitReplyMedium(sd, handler, nbytes, commit_flags, 0, NULL);
}
static inline int gex_AM_CommitReplyMedium1_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0) {
  const gex_AM_Arg_t gexi_args[1] = {arg0};
  return gexi_AM_CommitReplyMedium(sd, handler, nbytes, commit_flags, 1, gexi_args);
}
static inline int gex_AM_CommitReplyMedium2_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1) {
  const gex_AM_Arg_t gexi_args[2] = {arg0, arg1};
  return gexi_AM_CommitReplyMedium(sd, handler, nbytes, commit_flags, 2, gexi_args);
}
static inline int gex_AM_CommitReplyMedium3_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2) {
  const gex_AM_Arg_t gexi_args[3] = {arg0, arg1, arg2};
  return gexi_AM_CommitReplyMedium(sd, handler, nbytes, commit_flags, 3, gexi_args);
}
static inline int gex_AM_CommitReplyMedium4_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3) {
  const gex_AM_Arg_t gexi_args[4] = {arg0, arg1, arg2, arg3};
  return gexi_AM_CommitReplyMedium(sd, handler, nbytes, commit_flags, 4, gexi_args);
}
static inline int gex_AM_CommitReplyMedium5_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4) {
  const gex_AM_Arg_t gexi_args[5] = {arg0, arg1, arg2, arg3, arg4};
  return gexi_AM_CommitReplyMedium(sd, handler, nbytes, commit_flags, 5, gexi_args);
}
static inline int gex_AM_CommitReplyMedium6_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5) {
  const gex_AM_Arg_t gexi_args[6] = {arg0, arg1, arg2, arg3, arg4, arg5};
  return gexi_AM_CommitReplyMedium(sd, handler, nbytes, commit_flags, 6, gexi_args);
}
static inline int gex_AM_CommitReplyMedium7_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6) {
  const gex_AM_Arg_t gexi_args[7] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6};
  return gexi_AM_CommitReplyMedium(sd, handler, nbytes, commit_flags, 7, gexi_args);
}
static inline int gex_AM_CommitReplyMedium8_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7) {
  const gex_AM_Arg_t gexi_args[8] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7};
  return gexi_AM_CommitReplyMedium(sd, handler, nbytes, commit_flags, 8, gexi_args);
}
static inline int gex_AM_CommitReplyMedium9_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8) {
  const gex_AM_Arg_t gexi_args[9] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8};
  return gexi_AM_CommitReplyMedium(sd, handler, nbytes, commit_flags, 9, gexi_args);
}
static inline int gex_AM_CommitReplyMedium10_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9) {
  const gex_AM_Arg_t gexi_args[10] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9};
  return gexi_AM_CommitReplyMedium(sd, handler, nbytes, commit_flags, 10, gexi_args);
}
static inline int gex_AM_CommitReplyMedium11_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10) {
  const gex_AM_Arg_t gexi_args[11] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10};
  return gexi_AM_CommitReplyMedium(sd, handler, nbytes, commit_flags, 11, gexi_args);
}
static inline int gex_AM_CommitReplyMedium12_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11) {
  const gex_AM_Arg_t gexi_args[12] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11};
  return gexi_AM_CommitReplyMedium(sd, handler, nbytes, commit_flags, 12, gexi_args);
}
static inline int gex_AM_CommitReplyMedium13_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12) {
  const gex_AM_Arg_t gexi_args[13] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12};
  return gexi_AM_CommitReplyMedium(sd, handler, nbytes, commit_flags, 13, gexi_args);
}
static inline int gex_AM_CommitReplyMedium14_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13) {
  const gex_AM_Arg_t gexi_args[14] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13};
  return gexi_AM_CommitReplyMedium(sd, handler, nbytes, commit_flags, 14, gexi_args);
}
static inline int gex_AM_CommitReplyMedium15_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14) {
  const gex_AM_Arg_t gexi_args[15] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14};
  return gexi_AM_CommitReplyMedium(sd, handler, nbytes, commit_flags, 15, gexi_args);
}
static inline int gex_AM_CommitReplyMedium16_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14, gex_AM_Arg_t arg15) {
  const gex_AM_Arg_t gexi_args[16] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14, arg15};
  return gexi_AM_CommitReplyMedium(sd, handler, nbytes, commit_flags, 16, gexi_args);
}
static inline void gex_AM_CommitRequestLong0(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr) {
  (void)gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, 0, 0, NULL);
}
static inline void gex_AM_CommitRequestLong1(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0) {
  const gex_AM_Arg_t gexi_args[1] = {arg0};
  (void)gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, 0, 1, gexi_args);
}
static inline void gex_AM_CommitRequestLong2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1) {
  const gex_AM_Arg_t gexi_args[2] = {arg0, arg1};
  (void)gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, 0, 2, gexi_args);
}
static inline void gex_AM_CommitRequestLong3(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2) {
  const gex_AM_Arg_t gexi_args[3] = {arg0, arg1, arg2};
  (void)gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, 0, 3, gexi_args);
}
static inline void gex_AM_CommitRequestLong4(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3) {
  const gex_AM_Arg_t gexi_args[4] = {arg0, arg1, arg2, arg3};
  (void)gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, 0, 4, gexi_args);
}
static inline void gex_AM_CommitRequestLong5(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4) {
  const gex_AM_Arg_t gexi_args[5] = {arg0, arg1, arg2, arg3, arg4};
  (void)gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, 0, 5, gexi_args);
}
static inline void gex_AM_CommitRequestLong6(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5) {
  const gex_AM_Arg_t gexi_args[6] = {arg0, arg1, arg2, arg3, arg4, arg5};
  (void)gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, 0, 6, gexi_args);
}
static inline void gex_AM_CommitRequestLong7(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6) {
  const gex_AM_Arg_t gexi_args[7] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6};
  (void)gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, 0, 7, gexi_args);
}
static inline void gex_AM_CommitRequestLong8(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7) {
  const gex_AM_Arg_t gexi_args[8] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7};
  (void)gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, 0, 8, gexi_args);
}
static inline void gex_AM_CommitRequestLong9(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8) {
  const gex_AM_Arg_t gexi_args[9] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8};
  (void)gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, 0, 9, gexi_args);
}
static inline void gex_AM_CommitRequestLong10(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9) {
  const gex_AM_Arg_t gexi_args[10] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9};
  (void)gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, 0, 10, gexi_args);
}
static inline void gex_AM_CommitRequestLong11(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10) {
  const gex_AM_Arg_t gexi_args[11] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10};
  (void)gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, 0, 11, gexi_args);
}
static inline void gex_AM_CommitRequestLong12(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11) {
  const gex_AM_Arg_t gexi_args[12] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11};
  (void)gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, 0, 12, gexi_args);
}
static inline void gex_AM_CommitRequestLong13(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12) {
  const gex_AM_Arg_t gexi_args[13] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12};
  (void)gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, 0, 13, gexi_args);
}
static inline void gex_AM_CommitRequestLong14(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13) {
  const gex_AM_Arg_t gexi_args[14] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13};
  (void)gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, 0, 14, gexi_args);
}
static inline void gex_AM_CommitRequestLong15(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14) {
  const gex_AM_Arg_t gexi_args[15] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14};
  (void)gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, 0, 15, gexi_args);
}
static inline void gex_AM_CommitRequestLong16(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14, gex_AM_Arg_t arg15) {
  const gex_AM_Arg_t gexi_args[16] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14, arg15};
  (void)gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, 0, 16, gexi_args);
}
static inline int gex_AM_CommitRequestLong0_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags) {
  return gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, commit_flags, 0, NULL);
}
static inline int gex_AM_CommitRequestLong1_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0) {
  const gex_AM_Arg_t gexi_args[1] = {arg0};
  return gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, commit_flags, 1, gexi_args);
}
static inline int gex_AM_CommitRequestLong2_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1) {
  const gex_AM_Arg_t gexi_args[2] = {arg0, arg1};
  return gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, commit_flags, 2, gexi_args);
}
static inline int gex_AM_CommitRequestLong3_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2) {
  const gex_AM_Arg_t gexi_args[3] = {arg0, arg1, arg2};
  return gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, commit_flags, 3, gexi_args);
}
static inline int gex_AM_CommitRequestLong4_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3) {
  const gex_AM_Arg_t gexi_args[4] = {arg0, arg1, arg2, arg3};
  return gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, commit_flags, 4, gexi_args);
}
static inline int gex_AM_CommitRequestLong5_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4) {
  const gex_AM_Arg_t gexi_args[5] = {arg0, arg1, arg2, arg3, arg4};
  return gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, commit_flags, 5, gexi_args);
}
static inline int gex_AM_CommitRequestLong6_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5) {
  const gex_AM_Arg_t gexi_args[6] = {arg0, arg1, arg2, arg3, arg4, arg5};
  return gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, commit_flags, 6, gexi_args);
}
static inline int gex_AM_CommitRequestLong7_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6) {
  const gex_AM_Arg_t gexi_args[7] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6};
  return gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, commit_flags, 7, gexi_args);
}
static inline int gex_AM_CommitRequestLong8_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7) {
  const gex_AM_Arg_t gexi_args[8] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7};
  return gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, commit_flags, 8, gexi_args);
}
static inline int gex_AM_CommitRequestLong9_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8) {
  const gex_AM_Arg_t gexi_args[9] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8};
  return gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, commit_flags, 9, gexi_args);
}
static inline int gex_AM_CommitRequestLong10_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9) {
  const gex_AM_Arg_t gexi_args[10] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9};
  return gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, commit_flags, 10, gexi_args);
}
static inline int gex_AM_CommitRequestLong11_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10) {
  const gex_AM_Arg_t gexi_args[11] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10};
  return gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, commit_flags, 11, gexi_args);
}
static inline int gex_AM_CommitRequestLong12_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11) {
  const gex_AM_Arg_t gexi_args[12] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11};
  return gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, commit_flags, 12, gexi_args);
}
static inline int gex_AM_CommitRequestLong13_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12) {
  const gex_AM_Arg_t gexi_args[13] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12};
  return gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, commit_flags, 13, gexi_args);
}
static inline int gex_AM_CommitRequestLong14_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13) {
  const gex_AM_Arg_t gexi_args[14] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13};
  return gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, commit_flags, 14, gexi_args);
}
static inline int gex_AM_CommitRequestLong15_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14) {
  const gex_AM_Arg_t gexi_args[15] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14};
  return gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, commit_flags, 15, gexi_args);
}
static inline int gex_AM_CommitRequestLong16_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14, gex_AM_Arg_t arg15) {
  const gex_AM_Arg_t gexi_args[16] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14, arg15};
  return gexi_AM_CommitRequestLong(sd, handler, nbytes, dest_addr, commit_flags, 16, gexi_args);
}
static inline void gex_AM_CommitReplyLong0(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr) {
  (void)gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, 0, 0, NULL);
}
static inline void gex_AM_CommitReplyLong1(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0) {
  const gex_AM_Arg_t gexi_args[1] = {arg0};
  (void)gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, 0, 1, gexi_args);
}
static inline void gex_AM_CommitReplyLong2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1) {
  const gex_AM_Arg_t gexi_args[2] = {arg0, arg1};
  (void)gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, 0, 2, gexi_args);
}
static inline void gex_AM_CommitReplyLong3(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2) {
  const gex_AM_Arg_t gexi_args[3] = {arg0, arg1, arg2};
  (void)gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, 0, 3, gexi_args);
}
static inline void gex_AM_CommitReplyLong4(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3) {
  const gex_AM_Arg_t gexi_args[4] = {arg0, arg1, arg2, arg3};
  (void)gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, 0, 4, gexi_args);
}
static inline void gex_AM_CommitReplyLong5(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4) {
  const gex_AM_Arg_t gexi_args[5] = {arg0, arg1, arg2, arg3, arg4};
  (void)gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, 0, 5, gexi_args);
}
static inline void gex_AM_CommitReplyLong6(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5) {
  const gex_AM_Arg_t gexi_args[6] = {arg0, arg1, arg2, arg3, arg4, arg5};
  (void)gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, 0, 6, gexi_args);
}
static inline void gex_AM_CommitReplyLong7(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6) {
  const gex_AM_Arg_t gexi_args[7] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6};
  (void)gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, 0, 7, gexi_args);
}
static inline void gex_AM_CommitReplyLong8(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7) {
  const gex_AM_Arg_t gexi_args[8] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7};
  (void)gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, 0, 8, gexi_args);
}
static inline void gex_AM_CommitReplyLong9(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8) {
  const gex_AM_Arg_t gexi_args[9] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8};
  (void)gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, 0, 9, gexi_args);
}
static inline void gex_AM_CommitReplyLong10(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9) {
  const gex_AM_Arg_t gexi_args[10] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9};
  (void)gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, 0, 10, gexi_args);
}
static inline void gex_AM_CommitReplyLong11(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10) {
  const gex_AM_Arg_t gexi_args[11] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10};
  (void)gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, 0, 11, gexi_args);
}
static inline void gex_AM_CommitReplyLong12(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11) {
  const gex_AM_Arg_t gexi_args[12] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11};
  (void)gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, 0, 12, gexi_args);
}
static inline void gex_AM_CommitReplyLong13(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12) {
  const gex_AM_Arg_t gexi_args[13] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12};
  (void)gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, 0, 13, gexi_args);
}
static inline void gex_AM_CommitReplyLong14(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13) {
  const gex_AM_Arg_t gexi_args[14] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13};
  (void)gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, 0, 14, gexi_args);
}
static inline void gex_AM_CommitReplyLong15(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14) {
  const gex_AM_Arg_t gexi_args[15] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14};
  (void)gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, 0, 15, gexi_args);
}
static inline void gex_AM_CommitReplyLong16(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14, gex_AM_Arg_t arg15) {
  const gex_AM_Arg_t gexi_args[16] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14, arg15};
  (void)gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, 0, 16, gexi_args);
}
static inline int gex_AM_CommitReplyLong0_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags) {
  return gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, commit_flags, 0, NULL);
}
static inline int gex_AM_CommitReplyLong1_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0) {
  const gex_AM_Arg_t gexi_args[1] = {arg0};
  return gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, commit_flags, 1, gexi_args);
}
static inline int gex_AM_CommitReplyLong2_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1) {
  const gex_AM_Arg_t gexi_args[2] = {arg0, arg1};
  return gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, commit_flags, 2, gexi_args);
}
static inline int gex_AM_CommitReplyLong3_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2) {
  const gex_AM_Arg_t gexi_args[3] = {arg0, arg1, arg2};
  return gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, commit_flags, 3, gexi_args);
}
static inline int gex_AM_CommitReplyLong4_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3) {
  const gex_AM_Arg_t gexi_args[4] = {arg0, arg1, arg2, arg3};
  return gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, commit_flags, 4, gexi_args);
}
static inline int gex_AM_CommitReplyLong5_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4) {
  const gex_AM_Arg_t gexi_args[5] = {arg0, arg1, arg2, arg3, arg4};
  return gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, commit_flags, 5, gexi_args);
}
static inline int gex_AM_CommitReplyLong6_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5) {
  const gex_AM_Arg_t gexi_args[6] = {arg0, arg1, arg2, arg3, arg4, arg5};
  return gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, commit_flags, 6, gexi_args);
}
static inline int gex_AM_CommitReplyLong7_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6) {
  const gex_AM_Arg_t gexi_args[7] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6};
  return gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, commit_flags, 7, gexi_args);
}
static inline int gex_AM_CommitReplyLong8_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7) {
  const gex_AM_Arg_t gexi_args[8] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7};
  return gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, commit_flags, 8, gexi_args);
}
static inline int gex_AM_CommitReplyLong9_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8) {
  const gex_AM_Arg_t gexi_args[9] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8};
  return gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, commit_flags, 9, gexi_args);
}
static inline int gex_AM_CommitReplyLong10_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9) {
  const gex_AM_Arg_t gexi_args[10] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9};
  return gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, commit_flags, 10, gexi_args);
}
static inline int gex_AM_CommitReplyLong11_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10) {
  const gex_AM_Arg_t gexi_args[11] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10};
  return gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, commit_flags, 11, gexi_args);
}
static inline int gex_AM_CommitReplyLong12_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11) {
  const gex_AM_Arg_t gexi_args[12] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11};
  return gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, commit_flags, 12, gexi_args);
}
static inline int gex_AM_CommitReplyLong13_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12) {
  const gex_AM_Arg_t gexi_args[13] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12};
  return gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, commit_flags, 13, gexi_args);
}
static inline int gex_AM_CommitReplyLong14_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13) {
  const gex_AM_Arg_t gexi_args[14] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13};
  return gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, commit_flags, 14, gexi_args);
}
static inline int gex_AM_CommitReplyLong15_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14) {
  const gex_AM_Arg_t gexi_args[15] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14};
  return gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, commit_flags, 15, gexi_args);
}
static inline int gex_AM_CommitReplyLong16_v2(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr, gex_Flags_t commit_flags, gex_AM_Arg_t arg0, gex_AM_Arg_t arg1, gex_AM_Arg_t arg2, gex_AM_Arg_t arg3, gex_AM_Arg_t arg4, gex_AM_Arg_t arg5, gex_AM_Arg_t arg6, gex_AM_Arg_t arg7, gex_AM_Arg_t arg8, gex_AM_Arg_t arg9, gex_AM_Arg_t arg10, gex_AM_Arg_t arg11, gex_AM_Arg_t arg12, gex_AM_Arg_t arg13, gex_AM_Arg_t arg14, gex_AM_Arg_t arg15) {
  const gex_AM_Arg_t gexi_args[16] = {arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7, arg8, arg9, arg10, arg11, arg12, arg13, arg14, arg15};
  return gexi_AM_CommitReplyLong(sd, handler, nbytes, dest_addr, commit_flags, 16, gexi_args);
}
/* END GENERATED AM FORMS */

/* ---------------------------------------------------------------------------------------------- */
/* RMA                                                                                             */
/* ---------------------------------------------------------------------------------------------- */
/* The library's per-peer load/store map of the primordial endpoint's bound segments, the room an
   inline fast path builds on (docs/internals.md, "Inline fast path"): entry r (a jobrank) has
   size != 0 when rank r's segment [owner_base, owner_base + size) is load/store reachable from
   this process at owner address + delta. NULL before gex_Segment_Attach; an entry of size 0 means
   "call the library" (another route, or GEX_FORCE_AM). Read-only for clients; not an API. */
typedef struct {
  uintptr_t owner_base;
  uintptr_t size;
  intptr_t delta;
  uintptr_t reserved;
} gexi_PeerMap_t;
extern const gexi_PeerMap_t *gexi_peer_map;
extern int gex_RMA_PutBlocking(gex_TM_t tm, gex_Rank_t rank, void *dest, const void *src,
                               size_t nbytes, gex_Flags_t flags);
extern int gex_RMA_PutNBI(gex_TM_t tm, gex_Rank_t rank, void *dest, const void *src, size_t nbytes,
                          gex_Event_t *lc_opt, gex_Flags_t flags);
extern gex_Event_t gex_RMA_PutNB(gex_TM_t tm, gex_Rank_t rank, void *dest, const void *src,
                                 size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags);
// Get: dest comes before rank.
extern int gex_RMA_GetBlocking(gex_TM_t tm, void *dest, gex_Rank_t rank, void *src, size_t nbytes,
                               gex_Flags_t flags);
extern int gex_RMA_GetNBI(gex_TM_t tm, void *dest, gex_Rank_t rank, void *src, size_t nbytes,
                          gex_Flags_t flags);
extern gex_Event_t gex_RMA_GetNB(gex_TM_t tm, void *dest, gex_Rank_t rank, void *src,
                                 size_t nbytes, gex_Flags_t flags);
extern gex_RMA_Value_t gex_RMA_GetBlockingVal(gex_TM_t tm, gex_Rank_t rank, void *src,
                                              size_t nbytes, gex_Flags_t flags);
extern int gex_RMA_PutBlockingVal(gex_TM_t tm, gex_Rank_t rank, void *dest, gex_RMA_Value_t value,
                                  size_t nbytes, gex_Flags_t flags);
extern int gex_RMA_PutNBIVal(gex_TM_t tm, gex_Rank_t rank, void *dest, gex_RMA_Value_t value,
                             size_t nbytes, gex_Flags_t flags);
extern gex_Event_t gex_RMA_PutNBVal(gex_TM_t tm, gex_Rank_t rank, void *dest,
                                    gex_RMA_Value_t value, size_t nbytes, gex_Flags_t flags);

/* The inline fast path (docs/internals.md, "Inline fast path"): in a release build (GASNET_NDEBUG)
   with a GCC-compatible compiler, a put or get on the primordial team, with no flags, to a peer
   whose segment is mapped into this process is a load or store in the caller's own code, as
   GASNet's smp conduit does; everything else (another team or a TM-pair, flags, a peer reached
   over a network or over AMs, statistics or tracing on, GEX_SEGMENT_EVERYTHING) calls the
   library. As in GASNet, a release build does not test that the remote range is in the segment
   (the debug build does, in the library). The library keeps the three variables below:
   gexi_fast_map is NULL while the fast path is off. Like GASNet's, these transfers never poll:
   a client that waits for an AM polls (an AM to the caller's own rank runs inside the injection
   call, as in GASNet).
   Define GEX_NO_INLINE_RMA to always call the library. Not an API.
   Where the variables sit matters (bench/report/issue16_vs_gasnet.md, stop 36): a load whose
   page offset matches that of a store still in flight waits for it ("4K aliasing"), and a copy
   to or from a page-aligned buffer (segments, most large buffers) stores to a page's first bytes.
   A client loop of puts reloads these variables after each copy, and its own globals too, so the
   library places one block, gexi_fast, at the start of a page after all of the executable's
   initialized data (section .data1) and before its zero-initialized data: the variables are the
   block's last cache line, at page offset 2752, and the client's .bss starts after the block, at
   page offset 2816. A copy of up to 2.75 KiB to a page-aligned buffer then stores to none of
   the offsets either is loaded from. (Left to the linker, both landed wherever the sizes of the
   sections before them put them: page offsets 0x80-0x7c0 in GASNet's testlarge, where puts of
   256 B-2 KiB waited at every iteration.) */
#define GEXI_FAST_PATH_BYTES 2816
typedef struct {
  char gexi_pad[GEXI_FAST_PATH_BYTES - 64];
  const gexi_PeerMap_t *map;
  gex_TM_t tm;
  gex_Rank_t size;
  int vis_pc_armed;  /* gasnet_vis.h: threads with a VIS peer completion armed */
  char gexi_tail[64 - 2 * sizeof(void *) - 8];
} gexi_FastPath_t;
extern gexi_FastPath_t gexi_fast;
#define gexi_fast_map (gexi_fast.map)
#define gexi_fast_tm (gexi_fast.tm)
#define gexi_fast_size (gexi_fast.size)
#if defined(__GNUC__)
/* The inline fast path's functions are always inlined, as GASNet's GASNETI_INLINE ones are: at -O3
   GCC's own heuristics kept gexi_inline_PutBlocking out of line in testsmall's loops and every VIS
   entry point out of line in testvisperf (a call, a frame and six saved registers around a 64-byte
   copy: 0.67 of GASNet on Indexed gets, AMD EPYC VM 2026-11-27). */
#define GEXI_INLINE static inline __attribute__((__always_inline__))
#endif
#if defined(__GNUC__)
/* 16 to 128 bytes copied in the caller's code, as two, four or eight 16-byte pieces (the last ones
   may overlap the first): a libc memcpy call costs 2-3x the copy at 16-64 bytes. The RMA fast path
   uses it up to 64 bytes only: at 65-128 bytes the eight 16-byte stores cost more than libc's
   four 32-byte ones where the CPU has AVX (one store a cycle on AMD Zen), and when source and
   target share a page offset (two page-aligned buffers) each copy's loads wait on the previous
   copy's stores (4K aliasing): 2.7-3.1 ns against memcpy's 2.1-2.5 (AMD EPYC VM, stop 36,
   bench/report/issue16_vs_gasnet.md). The library's VIS copies its 16-128 byte pieces with it. */
#define GEXI_COPY16(d, s) __builtin_memcpy((d), (s), 16)
#define GEXI_INLINE_COPY_MAX 64 /* the RMA fast path's largest inline copy; memcpy above */
/* GCC's -Warray-bounds and -Wstringop-overflow/-overread follow a call like
   gex_RMA_PutBlocking(..., &u64, width, 0) with width in {1, 2, 4, 8}, or a 32-byte buffer, into
   the copies below for other sizes, which never run for it: false reports in the client's build,
   silenced from here to the end of the inline RMA path. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Warray-bounds"
#if !defined(__clang__) && __GNUC__ >= 11
#pragma GCC diagnostic ignored "-Wstringop-overflow"
#pragma GCC diagnostic ignored "-Wstringop-overread"
#endif
GEXI_INLINE void gexi_copy_small(void *to, const void *from, size_t n) {
  char *d = (char *)to;
  const char *s = (const char *)from;
  if (n > 32) {
    if (n > 64) {
      GEXI_COPY16(d + 32, s + 32);
      GEXI_COPY16(d + 48, s + 48);
      GEXI_COPY16(d + n - 64, s + n - 64);
      GEXI_COPY16(d + n - 48, s + n - 48);
    }
    GEXI_COPY16(d + 16, s + 16);
    GEXI_COPY16(d + n - 32, s + n - 32);
  }
  GEXI_COPY16(d, s);
  GEXI_COPY16(d + n - 16, s + n - 16);
}
#endif
#if defined(__GNUC__)
/* 1 and *out = where [addr, addr+nbytes) (nbytes > 0) of the segment that map entry m describes
   is in this process, or 0 (outside it, or no load/store segment: size 0). A flag rather than a
   NULL pointer: the caller branches on a value known on each path, with no test of the translated
   address (two instructions per transfer fewer). Remote atomics use it (gexi_fast_xlate). */
GEXI_INLINE int gexi_peer_map_xlate(const gexi_PeerMap_t *m, const void *addr, size_t nbytes, void **out) {
  const uintptr_t off = (uintptr_t)addr - m->owner_base;
  if (__builtin_expect(off >= m->size || nbytes > m->size - off, 0)) return 0;
  *out = (void *)((uintptr_t)addr + (uintptr_t)m->delta);
  return 1;
}
/* Whether the fast path covers rank of tm with these flags (here and in gasnet_vis.h, whose test
   the library's release VIS paths use too). gexi_fast_size is 0 while the map is unset or the
   fast path is off, so no NULL test. */
#define GEXI_FAST_COVERS(tm, rank, flags) \
  __builtin_expect((tm) == gexi_fast_tm && (rank) < gexi_fast_size && (flags) == 0, 1)
#endif
#if defined(GASNET_NDEBUG) && defined(__GNUC__) && !defined(GEXI_BUILDING_LIBRARY) && !defined(GEX_NO_INLINE_RMA)
/* gexi_peer_map_xlate for rank of tm, with the range test: for remote atomics, which check the
   range in every build (a stray atomic corrupts silently). */
GEXI_INLINE int gexi_fast_xlate(gex_TM_t tm, gex_Rank_t rank, const void *addr, size_t nbytes,
                                gex_Flags_t flags, void **out) {
  return GEXI_FAST_COVERS(tm, rank, flags) && gexi_peer_map_xlate(gexi_fast_map + rank, addr, nbytes, out);
}
/* For put and get: the peer's segment is load/store reachable (size != 0), and the address is
   translated with no range test, as GASNet's smp conduit and the library's own release path do
   (the debug build checks a remote range: docs/spec-decisions.md). Eight instructions fewer per
   transfer than gexi_fast_xlate (bench/report/issue16_vs_gasnet.md). gasnet_vis.h does the same. */
GEXI_INLINE int gexi_fast_rma_xlate(gex_TM_t tm, gex_Rank_t rank, const void *addr, gex_Flags_t flags,
                                    void **out) {
  if (!GEXI_FAST_COVERS(tm, rank, flags) || __builtin_expect(gexi_fast_map[rank].size == 0, 0)) return 0;
  *out = (void *)((uintptr_t)addr + (uintptr_t)gexi_fast_map[rank].delta);
  return 1;
}
/* As the library: an aligned 1, 2, 4 or 8-byte transfer is one store or one load (a peer may be
   writing the same word), anything else a memcpy. */
#define GEXI_FAST_ONE(T, to, from) do { T gexi_v_; __builtin_memcpy(&gexi_v_, (from), sizeof(T)); \
    __atomic_store_n((T *)(to), gexi_v_, __ATOMIC_RELAXED); } while (0)
#define GEXI_FAST_LOAD(T, to, from) do { T gexi_v_ = __atomic_load_n((const T *)(from), __ATOMIC_RELAXED); \
    __builtin_memcpy((to), &gexi_v_, sizeof(T)); } while (0)
GEXI_INLINE void gexi_fast_copy(void *to, const void *from, size_t n) {
  /* A size known at compile time: the compiler's own copy of exactly that size is best. */
  if (!__builtin_constant_p(n) && n >= 16 && n <= GEXI_INLINE_COPY_MAX) gexi_copy_small(to, from, n);
  else __builtin_memcpy(to, from, n);
}
/* A size not known at compile time: above 64 bytes libc's memcpy at once (one test on its way:
   each test costs in a back-to-back loop of puts), then the inline copy of 16-64 bytes, then the
   single words (bench/report/issue16_vs_gasnet.md). */
#define GEXI_FAST_MOVE(to, from, n, a, ONE)                                                           \
  do {                                                                                               \
    if (!__builtin_constant_p(n) && n > GEXI_INLINE_COPY_MAX) __builtin_memcpy(to, from, n);         \
    else if (n > 8) gexi_fast_copy(to, from, n);                                                     \
    else if (n == 8 && !(a & 7)) ONE(uint64_t, to, from);                                            \
    else if (n == 4 && !(a & 3)) ONE(uint32_t, to, from);                                            \
    else if (n == 2 && !(a & 1)) ONE(uint16_t, to, from);                                            \
    else if (n == 1) ONE(uint8_t, to, from);                                                         \
    else gexi_fast_copy(to, from, n);                                                                \
  } while (0)
GEXI_INLINE void gexi_fast_put(void *to, const void *from, size_t n) {
  const uintptr_t a = (uintptr_t)to;
  GEXI_FAST_MOVE(to, from, n, a, GEXI_FAST_ONE);
}
GEXI_INLINE void gexi_fast_get(void *to, const void *from, size_t n) {
  const uintptr_t a = (uintptr_t)from;
  GEXI_FAST_MOVE(to, from, n, a, GEXI_FAST_LOAD);
}
GEXI_INLINE void gexi_fast_lc(gex_Event_t *lc_opt) {
  if ((uintptr_t)lc_opt > (uintptr_t)GEX_EVENT_GROUP) *lc_opt = GEX_EVENT_INVALID;
}
GEXI_INLINE int gexi_inline_PutBlocking(gex_TM_t tm, gex_Rank_t rank, void *dest, const void *src,
                                        size_t nbytes, gex_Flags_t flags) {
  void *to;
  if (gexi_fast_rma_xlate(tm, rank, dest, flags, &to)) { gexi_fast_put(to, src, nbytes); return 0; }
  return (gex_RMA_PutBlocking)(tm, rank, dest, src, nbytes, flags);
}
GEXI_INLINE int gexi_inline_PutNBI(gex_TM_t tm, gex_Rank_t rank, void *dest, const void *src,
                                   size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags) {
  void *to;
  if (!gexi_fast_rma_xlate(tm, rank, dest, flags, &to)) return (gex_RMA_PutNBI)(tm, rank, dest, src, nbytes, lc_opt, flags);
  gexi_fast_put(to, src, nbytes);
  gexi_fast_lc(lc_opt);
  return 0;
}
GEXI_INLINE gex_Event_t gexi_inline_PutNB(gex_TM_t tm, gex_Rank_t rank, void *dest, const void *src,
                                          size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t flags) {
  void *to;
  if (!gexi_fast_rma_xlate(tm, rank, dest, flags, &to)) return (gex_RMA_PutNB)(tm, rank, dest, src, nbytes, lc_opt, flags);
  gexi_fast_put(to, src, nbytes);
  gexi_fast_lc(lc_opt);
  return GEX_EVENT_INVALID;
}
GEXI_INLINE int gexi_inline_GetBlocking(gex_TM_t tm, void *dest, gex_Rank_t rank, void *src,
                                        size_t nbytes, gex_Flags_t flags) {
  void *from;
  if (gexi_fast_rma_xlate(tm, rank, src, flags, &from)) { gexi_fast_get(dest, from, nbytes); return 0; }
  return (gex_RMA_GetBlocking)(tm, dest, rank, src, nbytes, flags);
}
GEXI_INLINE int gexi_inline_GetNBI(gex_TM_t tm, void *dest, gex_Rank_t rank, void *src, size_t nbytes,
                                   gex_Flags_t flags) {
  void *from;
  if (!gexi_fast_rma_xlate(tm, rank, src, flags, &from)) return (gex_RMA_GetNBI)(tm, dest, rank, src, nbytes, flags);
  gexi_fast_get(dest, from, nbytes);
  return 0;
}
GEXI_INLINE gex_Event_t gexi_inline_GetNB(gex_TM_t tm, void *dest, gex_Rank_t rank, void *src,
                                          size_t nbytes, gex_Flags_t flags) {
  void *from;
  if (!gexi_fast_rma_xlate(tm, rank, src, flags, &from)) return (gex_RMA_GetNB)(tm, dest, rank, src, nbytes, flags);
  gexi_fast_get(dest, from, nbytes);
  return GEX_EVENT_INVALID;
}
/* Value forms: nbytes 1..8, the low-order bytes of the value (little endian, as the library). */
GEXI_INLINE gex_RMA_Value_t gexi_inline_GetBlockingVal(gex_TM_t tm, gex_Rank_t rank, void *src, size_t nbytes,
                                                       gex_Flags_t flags) {
  void *from;
  if (nbytes - 1 < sizeof(gex_RMA_Value_t) && gexi_fast_rma_xlate(tm, rank, src, flags, &from)) {
    gex_RMA_Value_t v = 0;
    gexi_fast_get(&v, from, nbytes);
    return v;
  }
  return (gex_RMA_GetBlockingVal)(tm, rank, src, nbytes, flags);
}
GEXI_INLINE int gexi_inline_PutBlockingVal(gex_TM_t tm, gex_Rank_t rank, void *dest, gex_RMA_Value_t value,
                                           size_t nbytes, gex_Flags_t flags) {
  void *to;
  if (nbytes - 1 < sizeof(gex_RMA_Value_t) && gexi_fast_rma_xlate(tm, rank, dest, flags, &to)) {
    gexi_fast_put(to, &value, nbytes);
    return 0;
  }
  return (gex_RMA_PutBlockingVal)(tm, rank, dest, value, nbytes, flags);
}
GEXI_INLINE int gexi_inline_PutNBIVal(gex_TM_t tm, gex_Rank_t rank, void *dest, gex_RMA_Value_t value,
                                      size_t nbytes, gex_Flags_t flags) {
  void *to;
  if (!(nbytes - 1 < sizeof(gex_RMA_Value_t) && gexi_fast_rma_xlate(tm, rank, dest, flags, &to))) return (gex_RMA_PutNBIVal)(tm, rank, dest, value, nbytes, flags);
  gexi_fast_put(to, &value, nbytes);
  return 0;
}
GEXI_INLINE gex_Event_t gexi_inline_PutNBVal(gex_TM_t tm, gex_Rank_t rank, void *dest, gex_RMA_Value_t value,
                                             size_t nbytes, gex_Flags_t flags) {
  void *to;
  if (!(nbytes - 1 < sizeof(gex_RMA_Value_t) && gexi_fast_rma_xlate(tm, rank, dest, flags, &to))) return (gex_RMA_PutNBVal)(tm, rank, dest, value, nbytes, flags);
  gexi_fast_put(to, &value, nbytes);
  return GEX_EVENT_INVALID;
}
/* Function-like macros: a call goes inline, while &gex_RMA_PutBlocking and (gex_RMA_PutBlocking)(...)
   still name the library's function. */
#define gex_RMA_PutBlocking(tm, rank, dest, src, nbytes, flags) gexi_inline_PutBlocking(tm, rank, dest, src, nbytes, flags)
#define gex_RMA_PutNBI(tm, rank, dest, src, nbytes, lc_opt, flags) gexi_inline_PutNBI(tm, rank, dest, src, nbytes, lc_opt, flags)
#define gex_RMA_PutNB(tm, rank, dest, src, nbytes, lc_opt, flags) gexi_inline_PutNB(tm, rank, dest, src, nbytes, lc_opt, flags)
#define gex_RMA_GetBlocking(tm, dest, rank, src, nbytes, flags) gexi_inline_GetBlocking(tm, dest, rank, src, nbytes, flags)
#define gex_RMA_GetNBI(tm, dest, rank, src, nbytes, flags) gexi_inline_GetNBI(tm, dest, rank, src, nbytes, flags)
#define gex_RMA_GetNB(tm, dest, rank, src, nbytes, flags) gexi_inline_GetNB(tm, dest, rank, src, nbytes, flags)
#define gex_RMA_GetBlockingVal(tm, rank, src, nbytes, flags) gexi_inline_GetBlockingVal(tm, rank, src, nbytes, flags)
#define gex_RMA_PutBlockingVal(tm, rank, dest, value, nbytes, flags) gexi_inline_PutBlockingVal(tm, rank, dest, value, nbytes, flags)
#define gex_RMA_PutNBIVal(tm, rank, dest, value, nbytes, flags) gexi_inline_PutNBIVal(tm, rank, dest, value, nbytes, flags)
#define gex_RMA_PutNBVal(tm, rank, dest, value, nbytes, flags) gexi_inline_PutNBVal(tm, rank, dest, value, nbytes, flags)
#endif
#if defined(__GNUC__)
#pragma GCC diagnostic pop /* pushed before gexi_copy_small: covers the whole inline copy path */
#endif

/* ---------------------------------------------------------------------------------------------- */
/* Events, NBI, access regions                                                                     */
/* ---------------------------------------------------------------------------------------------- */
extern void gex_NBI_BeginAccessRegion(gex_Flags_t flags);
extern gex_Event_t gex_NBI_EndAccessRegion(gex_Flags_t flags);
extern int gex_Event_Test(gex_Event_t event);
extern void gex_Event_Wait(gex_Event_t event);
extern int gex_Event_TestSome(gex_Event_t *pevent, size_t numevents, gex_Flags_t flags);
extern void gex_Event_WaitSome(gex_Event_t *pevent, size_t numevents, gex_Flags_t flags);
extern int gex_Event_TestAll(gex_Event_t *pevent, size_t numevents, gex_Flags_t flags);
extern void gex_Event_WaitAll(gex_Event_t *pevent, size_t numevents, gex_Flags_t flags);
extern int gex_NBI_Test(gex_EC_t event_mask, gex_Flags_t flags);
extern void gex_NBI_Wait(gex_EC_t event_mask, gex_Flags_t flags);
extern gex_Event_t gex_Event_QueryLeaf(gex_Event_t root, gex_EC_t event_category);
#if defined(GASNET_NDEBUG) && defined(__GNUC__) && !defined(GEXI_BUILDING_LIBRARY) && !defined(GEX_NO_INLINE_RMA)
/* The event of a transfer the inline path completed is GEX_EVENT_INVALID: waiting on or testing
   it is answered here, as GASNet's inline gex_Event_Wait does, without a library call. Any other
   event goes to the library (its checks, its progress). */
GEXI_INLINE void gexi_inline_Event_Wait(gex_Event_t event) {
  if (event != GEX_EVENT_INVALID) (gex_Event_Wait)(event);
}
GEXI_INLINE int gexi_inline_Event_Test(gex_Event_t event) {
  return event == GEX_EVENT_INVALID ? GASNET_OK : (gex_Event_Test)(event);
}
#define gex_Event_Wait(event) gexi_inline_Event_Wait(event)
#define gex_Event_Test(event) gexi_inline_Event_Test(event)
#endif

/* ---------------------------------------------------------------------------------------------- */
/* Handler-safe locks                                                                              */
/* ---------------------------------------------------------------------------------------------- */
extern void gex_HSL_Init(gex_HSL_t *hsl);
extern void gex_HSL_Destroy(gex_HSL_t *hsl);
extern void gex_HSL_Lock(gex_HSL_t *hsl);
extern void gex_HSL_Unlock(gex_HSL_t *hsl);
extern int gex_HSL_Trylock(gex_HSL_t *hsl);
/* A SEQ client in a release build: no lock at all, as GASNet's smp conduit (GASNETC_NULL_HSL). Only
   the client's one thread calls the library, handlers run only inside its calls (this conduit has
   no progress threads), and the release build checks no HSL misuse; testam takes an HSL in every
   handler, two library calls and a mutex each time (about 10 ns a loopback AM, VM 2026-11-27).
   The functions stay (&gex_HSL_Lock names them); GEX_REAL_HSL keeps the calls. Not for the library
   itself, which is built for every mode. */
#if defined(GASNET_SEQ) && defined(GASNET_NDEBUG) && !defined(GEXI_BUILDING_LIBRARY) && !defined(GEX_REAL_HSL)
#define gex_HSL_Init(hsl) ((void)(hsl))
#define gex_HSL_Destroy(hsl) ((void)(hsl))
#define gex_HSL_Lock(hsl) ((void)(hsl))
#define gex_HSL_Unlock(hsl) ((void)(hsl))
#define gex_HSL_Trylock(hsl) ((void)(hsl), GASNET_OK)
#endif

/* ---------------------------------------------------------------------------------------------- */
/* Collectives (the others are in gasnet_coll.h)                                                   */
/* ---------------------------------------------------------------------------------------------- */
extern gex_Event_t gex_Coll_BarrierNB(gex_TM_t tm, gex_Flags_t flags);

/* ---------------------------------------------------------------------------------------------- */
/* Names GASNet-EX 2025.8.0 declares beyond spec v0.17                                             */
/* ---------------------------------------------------------------------------------------------- */
/* gex_Coll_BarrierNB followed by gex_Event_Wait, in one call. */
extern void gex_Coll_BarrierBlocking(gex_TM_t tm, gex_Flags_t flags);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* GASNETEX_H */
