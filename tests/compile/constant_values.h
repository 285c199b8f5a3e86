/* The numeric value of every public constant, as GASNet-EX 2025.8.0 (smp conduit) defines it.
 *
 * Clients hard-code these (Legion/Realm static_asserts them), so each one is pinned here: the
 * flags, which clients test with #if, by the preprocessor; the rest by static assertions, which
 * compile_check_calls.h includes in C99, C11 and C++17 under every thread mode. Where GASNet gives a
 * constant a signed (int) or unsigned type, that is pinned as well (-X < 0 holds for int only).
 */
#ifndef CONSTANT_VALUES_H
#define CONSTANT_VALUES_H

#if defined(__cplusplus)
#define CV_STATIC_ASSERT(cond, msg) static_assert(cond, msg)
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define CV_STATIC_ASSERT(cond, msg) _Static_assert(cond, msg)
#else
// C99 has no _Static_assert: a negative array size fails the build instead.
#define CV_CAT_(a, b) a##b
#define CV_CAT(a, b) CV_CAT_(a, b)
#define CV_STATIC_ASSERT(cond, msg) typedef char CV_CAT(cv_static_assert_line_, __LINE__)[(cond) ? 1 : -1]
#endif

/* ---- Flags: usable in #if, with GASNet's values ---- */
#if GEX_FLAG_IMMEDIATE != 1 || GEX_FLAG_SELF_SEG_UNKNOWN != 8 || GEX_FLAG_SELF_SEG_SOME != 16 || \
    GEX_FLAG_SELF_SEG_BOUND != 32 || GEX_FLAG_SELF_SEG_OFFSET != 64 || GEX_FLAG_PEER_SEG_UNKNOWN != 128 || \
    GEX_FLAG_PEER_SEG_SOME != 256 || GEX_FLAG_PEER_SEG_BOUND != 512 || GEX_FLAG_PEER_SEG_OFFSET != 1024
#error "communication flag values"
#endif
#if GEX_FLAG_PEER_NEVER_NBRHD != 16384 || GEX_FLAG_PEER_NEVER_SELF != 32768
#error "PEER_NEVER flag values"
#endif
#if GEX_FLAG_AM_PREPARE_LEAST_CLIENT != 2048 || GEX_FLAG_AM_PREPARE_LEAST_ALLOC != 4096
#error "AM_PREPARE flag values"
#endif
#if GEX_FLAG_AD_MY_RANK != 2048 || GEX_FLAG_AD_MY_NBRHD != 4096 || GEX_FLAG_AD_REL != 2 || GEX_FLAG_AD_ACQ != 4
#error "gex_AD_Op flag values"
#endif
#if GEX_FLAG_AD_FAVOR_MY_RANK != 1 || GEX_FLAG_AD_FAVOR_MY_NBRHD != 2 || GEX_FLAG_AD_FAVOR_REMOTE != 4
#error "gex_AD_Create flag values"
#endif
#if GEX_FLAG_AM_SHORT != 1 || GEX_FLAG_AM_MEDIUM != 2 || GEX_FLAG_AM_LONG != 4 || GEX_FLAG_AM_MEDLONG != 6 || \
    GEX_FLAG_AM_REQUEST != 8 || GEX_FLAG_AM_REPLY != 16 || GEX_FLAG_AM_REQREP != 24
#error "AM registration flag values"
#endif
#if GEX_FLAG_ENABLE_LEAF_LC != 2048 || GEX_FLAG_USES_GASNET1 != 1 || GEX_FLAG_DEFER_THREADS != 2
#error "VIS / Client_Init flag values"
#endif
#if GEX_THREAD_ROLE_RCV != 1 || GEX_THREAD_ROLE_SND != 2
#error "GEX_THREAD_ROLE_* values"
#endif
#if GEX_FLAG_TM_SCRATCH_SIZE_MIN != 1 || GEX_FLAG_TM_SCRATCH_SIZE_RECOMMENDED != 2 || GEX_FLAG_TM_GLOBAL_SCRATCH != 4 || \
    GEX_FLAG_TM_LOCAL_SCRATCH != 8 || GEX_FLAG_TM_SYMMETRIC_SCRATCH != 16 || GEX_FLAG_TM_NO_SCRATCH != 32 || \
    GEX_FLAG_SCRATCH_SEG_OFFSET != 64 || GEX_FLAG_GLOBALLY_QUIESCED != 8192 || GEX_FLAG_RANK_IS_JOBRANK != 8192
#error "team flag values"
#endif
#if GEX_FLAG_HINT_ACCEL_AD != 1 || GEX_FLAG_HINT_ACCEL_COLL != 2 || GEX_FLAG_HINT_ACCEL_ALL != 3
#error "gex_EP_Create flag values"
#endif
#if GEX_EP_CAPABILITY_RMA != 1 || GEX_EP_CAPABILITY_AM != 2 || GEX_EP_CAPABILITY_VIS != 4 || \
    GEX_EP_CAPABILITY_COLL != 8 || GEX_EP_CAPABILITY_AD != 16 || GEX_EP_CAPABILITY_ALL != 31
#error "GEX_EP_CAPABILITY_* values"
#endif

/* ---- Data types and opcodes: usable in #if too ---- */
#if GEX_DT_I32 != 1 || GEX_DT_U32 != 2 || GEX_DT_I64 != 4 || GEX_DT_U64 != 8 || GEX_DT_FLT != 16 || \
    GEX_DT_DBL != 32 || GEX_DT_USER != 64
#error "GEX_DT_* values"
#endif
#if GEX_OP_AND != 1 || GEX_OP_OR != 2 || GEX_OP_XOR != 4 || GEX_OP_ADD != 8 || GEX_OP_SUB != 16 || GEX_OP_MULT != 32 || \
    GEX_OP_MIN != 64 || GEX_OP_MAX != 128 || GEX_OP_INC != 256 || GEX_OP_DEC != 512 || GEX_OP_SET != 1024 || \
    GEX_OP_CAS != 2048
#error "non-fetching GEX_OP_* values"
#endif
#if GEX_OP_FAND != 32768 || GEX_OP_FOR != 65536 || GEX_OP_FXOR != 131072 || GEX_OP_FADD != 262144 || \
    GEX_OP_FSUB != 524288 || GEX_OP_FMULT != 1048576 || GEX_OP_FMIN != 2097152 || GEX_OP_FMAX != 4194304 || \
    GEX_OP_FINC != 8388608 || GEX_OP_FDEC != 16777216 || GEX_OP_SWAP != 33554432 || GEX_OP_FCAS != 67108864 || \
    GEX_OP_CSWAP != 67108864
#error "fetching GEX_OP_* values"
#endif
#if GEX_OP_GET != 134217728 || GEX_OP_USER != 1073741824 || GEX_OP_USER_NC != 2147483648u
#error "GET / user GEX_OP_* values"
#endif
#if GEX_OP_TO_FETCHING(GEX_OP_AND) != GEX_OP_FAND || GEX_OP_TO_NONFETCHING(GEX_OP_FCAS) != GEX_OP_CAS
#error "GEX_OP_TO_(NON)FETCHING in #if"
#endif

/* ---- Other preprocessor constants ---- */
#if GEX_SPEC_VERSION_MAJOR != 0 || GEX_SPEC_VERSION_MINOR != 19
#error "GASNet-EX spec version"
#endif
#if GASNET_SUPPORTS_AM_CANCEL != 20240418L || GASNET_SUPPORTS_AM_COMMIT_V2 != 20240906L || GASNET_NULL_ARGV_OK != 1
#error "spec v0.19 feature macros"
#endif
#if GASNET_BARRIERFLAG_ANONYMOUS != 1 || GASNET_BARRIERFLAG_MISMATCH != 2 || GASNET_BARRIERFLAG_UNNAMED != 9
#error "barrier flags"
#endif
#if GASNET_WAIT_SPIN != 0 || GASNET_WAIT_BLOCK != 1 || GASNET_WAIT_SPINBLOCK != 2
#error "wait modes"
#endif
#if GASNET_RELEASE_VERSION_MAJOR != 2025 || GASNET_RELEASE_VERSION_MINOR != 8 || GASNET_RELEASE_VERSION_PATCH != 0
#error "release version"
#endif
#if GASNET_SPEC_VERSION_MAJOR != 1 || GASNET_SPEC_VERSION_MINOR != 8
#error "GASNet-1 spec version"
#endif
#if GASNET_OK != 0 || GASNET_ERR_NOT_INIT != 10001 || GASNET_ERR_RESOURCE != 10002 || GASNET_ERR_BAD_ARG != 10003 || \
    GASNET_ERR_NOT_READY != 10004 || GASNET_ERR_BARRIER_MISMATCH != 10005
#error "error codes"
#endif
#if GASNET_MAXNODES != 2147483647 || GASNET_MAXEPS != 33 || GASNET_PAGESIZE != 4096 || GEX_AM_INDEX_BASE != 128
#error "limits"
#endif
#if GASNET_CONDUIT_SMP != 1 || GASNET_PSHM != 1 || GASNET_SEGMENT_FAST != 1 || GASNET_ALIGNED_SEGMENTS != 0 || \
    GASNET_HIDDEN_AM_CONCURRENCY_LEVEL != 0 || GASNET_HAVE_MK_CLASS_HOST != 1
#error "conduit feature macros"
#endif
#if GASNET_SUPPORTS_TI_SRCRANK != 1 || GASNET_SUPPORTS_TI_EP != 1 || GASNET_SUPPORTS_TI_ENTRY != 1 || \
    GASNET_SUPPORTS_TI_IS_REQ != 1 || GASNET_SUPPORTS_TI_IS_LONG != 1
#error "token-info support macros"
#endif
#if GASNET_NATIVE_NP_ALLOC_REQ_MEDIUM != 1 || GASNET_NATIVE_NP_ALLOC_REP_MEDIUM != 1 || \
    defined(GASNET_NATIVE_NP_ALLOC_REQ_LONG) || defined(GASNET_NATIVE_NP_ALLOC_REP_LONG)
#error "NPAM native-allocation hints (Long ones are undefined on smp)"
#endif
#if SIZEOF_GEX_RMA_VALUE_T != 8 || SIZEOF_GASNET_REGISTER_VALUE_T != 8
#error "value sizes"
#endif

/* ---- Constants with casts: static assertions ---- */
CV_STATIC_ASSERT(GEX_TI_SRCRANK == 1 && GEX_TI_ENTRY == 2 && GEX_TI_IS_REQ == 4 && GEX_TI_IS_LONG == 8 &&
                 GEX_TI_EP == 16 && GEX_TI_ALL == 31, "GEX_TI_* values");
CV_STATIC_ASSERT(GEX_EC_PUT == 3 && GEX_EC_GET == 4 && GEX_EC_AM == 2 && GEX_EC_LC == 2 && GEX_EC_RMW == 8 &&
                 GEX_EC_ALL == 0xFFFFFFFFu, "GEX_EC_* values");
CV_STATIC_ASSERT(GEX_RANK_INVALID == 0xFFFFFFFFu, "GEX_RANK_INVALID");
CV_STATIC_ASSERT(GEX_MK_CLASS_HOST == 0 && GEX_MK_CLASS_CUDA_UVA == 1 && GEX_MK_CLASS_HIP == 2 && GEX_MK_CLASS_ZE == 3,
                 "gex_MK_Class_t values");
CV_STATIC_ASSERT(GEX_VIS_MAX_PEERCOMPLETION == 127, "GEX_VIS_MAX_PEERCOMPLETION");

/* ---- Types GASNet gives them: int for DT/OP (but USER_NC), unsigned for flags and bit sets ---- */
CV_STATIC_ASSERT(-GEX_DT_I32 < 0 && -GEX_DT_DBL < 0 && -GEX_DT_USER < 0, "GEX_DT_* are int");
CV_STATIC_ASSERT(-GEX_OP_AND < 0 && -GEX_OP_FADD < 0 && -GEX_OP_GET < 0 && -GEX_OP_USER < 0, "GEX_OP_* are int");
CV_STATIC_ASSERT(-GEX_OP_USER_NC > 0, "GEX_OP_USER_NC is unsigned");
CV_STATIC_ASSERT(-GEX_FLAG_DEFER_THREADS > 0 && -GEX_THREAD_ROLE_RCV > 0, "DEFER_THREADS, THREAD_ROLE are unsigned");
CV_STATIC_ASSERT(-GEX_FLAG_IMMEDIATE > 0 && -GEX_FLAG_AM_SHORT > 0 && -GEX_EP_CAPABILITY_RMA > 0 && -GEX_TI_SRCRANK > 0 &&
                 -GEX_EC_GET > 0 && -GASNET_MAXNODES > 0, "flags, TI, EC, capabilities, GASNET_MAXNODES are unsigned");
CV_STATIC_ASSERT(-GEX_VIS_MAX_PEERCOMPLETION < 0 && -GASNET_ERR_BAD_ARG < 0, "int constants");

/* ---- What GASNet's headers bring along that its tests use: type sizes, size_t conversions,
 * <limits.h>, and the internal rank globals testlegacy reads ---- */
CV_STATIC_ASSERT(SIZEOF_INT == sizeof(int) && SIZEOF_LONG == sizeof(long) && SIZEOF_VOID_P == sizeof(void *) &&
                 SIZEOF_SIZE_T == sizeof(size_t) && SIZEOF_SHORT == sizeof(short) && SIZEOF_DOUBLE == sizeof(double),
                 "SIZEOF_*");
CV_STATIC_ASSERT(INT_MAX > 0, "<limits.h> comes with gasnetex.h");
static const char cv_size_format[] = "%" PRIuSZ " %" PRIdSZ " %" PRIxSZ " %" PRIdPD;
static inline gex_Rank_t cv_internal_ranks(void) { return gasneti_mynode + gasneti_nodes; }

#endif /* CONSTANT_VALUES_H */
