/* Compile check of the GASNet-1 collectives names of gasnet_coll.h and of the gex_Coll_* names
 * GASNet-EX 2025.8.0 adds (gex_Coll_BarrierBlocking), included by compile_check_coll.c (C99,
 * C11) and compile_check_coll.cpp (C++17). Every call has exactly the argument types GASNet-EX
 * declares, every constant its value there. Nothing runs unless argc > 100: the point is that it
 * compiles warning-free and links. */
#ifndef COMPILE_CHECK_COLL_H
#define COMPILE_CHECK_COLL_H

#include <gasnetex.h>
#include <gasnet_coll.h>

#include <stddef.h>
#include <stdint.h>

#if defined(__cplusplus)
#define CCC_STATIC_ASSERT(cond, msg) static_assert(cond, msg)
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define CCC_STATIC_ASSERT(cond, msg) _Static_assert(cond, msg)
#else
#define CCC_CAT_(a, b) a##b
#define CCC_CAT(a, b) CCC_CAT_(a, b)
#define CCC_STATIC_ASSERT(cond, msg) typedef char CCC_CAT(ccc_static_assert_line_, __LINE__)[(cond) ? 1 : -1]
#endif

/* Values as in GASNet-EX 2025.8.0, usable in #if */
#if GASNET_COLL_IN_NOSYNC != 1 || GASNET_COLL_IN_MYSYNC != 2 || GASNET_COLL_IN_ALLSYNC != 4 || \
    GASNET_COLL_OUT_NOSYNC != 8 || GASNET_COLL_OUT_MYSYNC != 16 || GASNET_COLL_OUT_ALLSYNC != 32 || \
    GASNET_COLL_SYNC_FLAG_MASK != 0x3F
#error "sync flag values"
#endif
#if GASNET_COLL_LOCAL != 128 || GASNET_COLL_FIXED_THREADS_PER_NODE != 512 || GASNET_COLL_DST_IN_SEGMENT != 1024 || \
    GASNET_COLL_SRC_IN_SEGMENT != 2048 || GASNET_COLL_DISABLE_AUTOTUNE != (1 << 18) || GASNET_COLL_NO_IMAGES != (1 << 19)
#error "addressing flag values"
#endif
#if GASNET_COLL_AMSAFE != 1 || GASNET_COLL_NONCOMM != 2
#error "reduction function flag values"
#endif
#ifndef GASNET_COLL_SINGLE
#error "GASNET_COLL_SINGLE is defined (to something that does not compile)"
#endif
#if !defined(gasnet_coll_try_sync) || !defined(gasnet_coll_wait_sync_all) || !defined(GASNET_TEAM_ALL)
#error "macros"
#endif

CCC_STATIC_ASSERT(GASNET_COLL_BROADCAST_OP == 0 && GASNET_COLL_SCATTER_OP == 1 && GASNET_COLL_GATHER_OP == 2 &&
                      GASNET_COLL_GATHER_ALL_OP == 3 && GASNET_COLL_EXCHANGE_OP == 4 &&
                      GASNET_COLL_NUM_COLL_OPTYPES == 5,
                  "gasnet_coll_optype_t");
CCC_STATIC_ASSERT(GASNET_COLL_PIPE_SEG_SIZE == 0 && GASNET_COLL_DISSEM_RADIX == 1 && GASNET_COLL_TREE_TYPE == 2 &&
                      GASNET_COLL_NUM_PARAM_TYPES == 3,
                  "gasnet_coll_tuning_param_type_t");
CCC_STATIC_ASSERT(sizeof(gasnet_image_t) == 4 && (gasnet_image_t)-1 > 0, "gasnet_image_t is uint32_t");
CCC_STATIC_ASSERT(sizeof(gasnet_coll_handle_t) == sizeof(gex_Event_t), "gasnet_coll_handle_t is gex_Event_t");

static void ccc_sample_work(void *arg) { (void)arg; }

static int ccc_call_every_coll_api(gex_TM_t tm) {
  int rc = 0;
  int32_t src[16] = {0}, dst[16];
  gasnet_team_handle_t team = GASNET_TEAM_ALL;
  gasnet_image_t image = 0;
  const int flags = GASNET_COLL_LOCAL | GASNET_COLL_IN_MYSYNC | GASNET_COLL_OUT_MYSYNC;
  gex_Event_t ev = GEX_EVENT_INVALID;
  gasnet_coll_handle_t h[5];
  gasnet_coll_overlap_sample_work_t work = ccc_sample_work;
  gasnet_coll_tuning_param_type_t param = GASNET_COLL_TREE_TYPE;
  gasnet_coll_optype_t optype = GASNET_COLL_GATHER_OP;
  char file[] = "tuning.bin";

  gex_Coll_BarrierBlocking(tm, 0);

  h[0] = gasnet_coll_broadcast_nb(team, dst, image, src, sizeof(int32_t), flags);
  h[1] = gasnet_coll_scatter_nb(team, dst, image, src, sizeof(int32_t), flags | GASNET_COLL_SRC_IN_SEGMENT);
  h[2] = gasnet_coll_gather_nb(team, image, dst, src, sizeof(int32_t), flags | GASNET_COLL_DST_IN_SEGMENT);
  h[3] = gasnet_coll_gather_all_nb(team, dst, src, sizeof(int32_t), flags);
  h[4] = gasnet_coll_exchange_nb(GASNET_TEAM_ALL, dst, src, sizeof(int32_t), flags);
  rc |= gasnet_coll_try_sync(h[0]);
  rc |= gasnet_coll_try_sync_some(h, 5);
  rc |= gasnet_coll_try_sync_all(h, 5);
  gasnet_coll_wait_sync(h[1]);
  gasnet_coll_wait_sync_some(h, 5);
  gasnet_coll_wait_sync_all(h, 5);
  ev = h[0];
  if (ev == GASNET_COLL_INVALID_HANDLE) rc |= 1;

  gasnet_coll_broadcast(team, dst, image, src, sizeof(int32_t), flags);
  gasnet_coll_scatter(team, dst, image, src, sizeof(int32_t), flags);
  gasnet_coll_gather(team, image, dst, src, sizeof(int32_t), flags);
  gasnet_coll_gather_all(team, dst, src, sizeof(int32_t), flags);
  gasnet_coll_exchange(team, dst, src, sizeof(int32_t), flags);

  gasnet_coll_barrier_notify(team, 1, 0);
  rc |= gasnet_coll_barrier_try(team, 1, 0);
  rc |= gasnet_coll_barrier_wait(team, 1, 0);
  rc |= gasnet_coll_barrier(team, 2, 0);
  rc |= gasnet_coll_barrier_result(team, &rc);

  gasnet_coll_loadTuningState(file, team);
  gasnet_coll_dumpTuningState(NULL, team);
  gasnet_coll_dumpProfile(file, team);
  rc |= gasnet_coll_get_num_tree_classes(team, GASNET_COLL_BROADCAST_OP);
  gasnet_coll_set_tree_kind(team, 0, 2, optype);
  gasnet_coll_set_dissem_limit(team, (size_t)1024, GASNET_COLL_EXCHANGE_OP);
  work(&param);
  return rc;
}

#endif
