/* gasnet_coll.h: GASNet-EX collectives beyond the barrier (gex_Coll_BarrierNB is in gasnetex.h). */
#ifndef GASNET_COLL_H
#define GASNET_COLL_H

#include <gasnetex.h>

#ifdef __cplusplus
extern "C" {
#endif

extern gex_Event_t gex_Coll_BroadcastNB(gex_TM_t tm, gex_Rank_t root, void *dst, const void *src,
                                        size_t nbytes, gex_Flags_t flags);
extern gex_Event_t gex_Coll_ReduceToOneNB(gex_TM_t tm, gex_Rank_t root, void *dst, const void *src,
                                          gex_DT_t dt, size_t dt_sz, size_t dt_cnt, gex_OP_t op,
                                          gex_Coll_ReduceFn_t user_op, void *user_cdata,
                                          gex_Flags_t flags);
extern gex_Event_t gex_Coll_ReduceToAllNB(gex_TM_t tm, void *dst, const void *src, gex_DT_t dt,
                                          size_t dt_sz, size_t dt_cnt, gex_OP_t op,
                                          gex_Coll_ReduceFn_t user_op, void *user_cdata,
                                          gex_Flags_t flags);

/* ---------------------------------------------------------------------------------------------- */
/* GASNet-1 collectives, as GASNet-EX 2025.8.0 still ships them (the prototype interface that     */
/* predates gex_Coll_*). Addresses are local only (GASNET_COLL_LOCAL is required: single-valued   */
/* addressing is gone); an image is a team rank. Values as in GASNet-EX 2025.8.0.                 */
/* ---------------------------------------------------------------------------------------------- */

/* Sync flags: exactly one IN_ and one OUT_ flag per call. NOSYNC and MYSYNC both run as MYSYNC
 * (a member's data is touched only while it is in the call); ALLSYNC adds a barrier. */
#define GASNET_COLL_IN_NOSYNC (1 << 0)
#define GASNET_COLL_IN_MYSYNC (1 << 1)
#define GASNET_COLL_IN_ALLSYNC (1 << 2)
#define GASNET_COLL_OUT_NOSYNC (1 << 3)
#define GASNET_COLL_OUT_MYSYNC (1 << 4)
#define GASNET_COLL_OUT_ALLSYNC (1 << 5)
#define GASNET_COLL_SYNC_FLAG_MASK (0x3F)

/* Addressing: GASNET_COLL_SINGLE no longer exists; using it fails to compile, as in GASNet-EX. */
#define GASNET_COLL_SINGLE GASNET_COLL_SINGLE_has_been_removed_use_GASNET_COLL_LOCAL
#define GASNET_COLL_LOCAL (1 << 7)
#define GASNET_COLL_FIXED_THREADS_PER_NODE (1 << 9)
/* Assertions by the caller that its own src/dst lie in its bound segment (checked in debug). */
#define GASNET_COLL_DST_IN_SEGMENT (1 << 10)
#define GASNET_COLL_SRC_IN_SEGMENT (1 << 11)
#define GASNET_COLL_DISABLE_AUTOTUNE (1 << 18)
#define GASNET_COLL_NO_IMAGES (1 << 19)

/* Flags of (prefix-)reduction functions, kept for source compatibility. */
#define GASNET_COLL_AMSAFE (1 << 0)
#define GASNET_COLL_NONCOMM (1 << 1)

typedef uint32_t gasnet_image_t;

/* A GASNet-1 collective's handle is a gex_Event_t (sync it with the calls below or gex_Event_*). */
typedef gex_Event_t gasnet_coll_handle_t;
#define GASNET_COLL_INVALID_HANDLE GEX_EVENT_INVALID

#define gasnet_coll_try_sync(event) gex_Event_Test(event)
#define gasnet_coll_try_sync_some(pevent, numevents) gex_Event_TestSome(pevent, numevents, 0)
#define gasnet_coll_try_sync_all(pevent, numevents) gex_Event_TestAll(pevent, numevents, 0)
#define gasnet_coll_wait_sync(event) gex_Event_Wait(event)
#define gasnet_coll_wait_sync_some(pevent, numevents) gex_Event_WaitSome(pevent, numevents, 0)
#define gasnet_coll_wait_sync_all(pevent, numevents) gex_Event_WaitAll(pevent, numevents, 0)

/* GASNET_TEAM_ALL: every rank of the job (NULL before gex_Client_Init or gasnet_init). */
typedef struct gexi_LegacyTeam *gasnet_team_handle_t;
extern gasnet_team_handle_t gexi_coll_team_all;
#define GASNET_TEAM_ALL gexi_coll_team_all

/* Data movement; nbytes is one member's block. _nb forms return a handle; the others block. */
extern gasnet_coll_handle_t gasnet_coll_broadcast_nb(gasnet_team_handle_t team, void *dst,
                                                     gasnet_image_t srcimage, void *src,
                                                     size_t nbytes, int flags);
extern void gasnet_coll_broadcast(gasnet_team_handle_t team, void *dst, gasnet_image_t srcimage,
                                  void *src, size_t nbytes, int flags);
extern gasnet_coll_handle_t gasnet_coll_scatter_nb(gasnet_team_handle_t team, void *dst,
                                                   gasnet_image_t srcimage, void *src,
                                                   size_t nbytes, int flags);
extern void gasnet_coll_scatter(gasnet_team_handle_t team, void *dst, gasnet_image_t srcimage,
                                void *src, size_t nbytes, int flags);
extern gasnet_coll_handle_t gasnet_coll_gather_nb(gasnet_team_handle_t team,
                                                  gasnet_image_t dstimage, void *dst, void *src,
                                                  size_t nbytes, int flags);
extern void gasnet_coll_gather(gasnet_team_handle_t team, gasnet_image_t dstimage, void *dst,
                               void *src, size_t nbytes, int flags);
extern gasnet_coll_handle_t gasnet_coll_gather_all_nb(gasnet_team_handle_t team, void *dst,
                                                      void *src, size_t nbytes, int flags);
extern void gasnet_coll_gather_all(gasnet_team_handle_t team, void *dst, void *src, size_t nbytes,
                                   int flags);
extern gasnet_coll_handle_t gasnet_coll_exchange_nb(gasnet_team_handle_t team, void *dst,
                                                    void *src, size_t nbytes, int flags);
extern void gasnet_coll_exchange(gasnet_team_handle_t team, void *dst, void *src, size_t nbytes,
                                 int flags);

/* Team barriers (GASNet-1 split-phase barrier semantics and flags, over a team). */
extern void gasnet_coll_barrier_notify(gasnet_team_handle_t team, int id, int flags);
extern int gasnet_coll_barrier_try(gasnet_team_handle_t team, int id, int flags);
extern int gasnet_coll_barrier_wait(gasnet_team_handle_t team, int id, int flags);
extern int gasnet_coll_barrier(gasnet_team_handle_t team, int id, int flags);
extern int gasnet_coll_barrier_result(gasnet_team_handle_t team, int *id);

/* Autotuning interface. This implementation has one algorithm per collective and path, so
 * there is nothing to tune: the setters check their arguments and change nothing, and the
 * tuning and profile dumps write nothing (as GASNet does unless search or profiling is on). */
typedef enum {
  GASNET_COLL_BROADCAST_OP = 0,
  GASNET_COLL_SCATTER_OP,
  GASNET_COLL_GATHER_OP,
  GASNET_COLL_GATHER_ALL_OP,
  GASNET_COLL_EXCHANGE_OP,
  GASNET_COLL_NUM_COLL_OPTYPES
} gasnet_coll_optype_t;
typedef enum {
  GASNET_COLL_PIPE_SEG_SIZE,
  GASNET_COLL_DISSEM_RADIX,
  GASNET_COLL_TREE_TYPE,
  GASNET_COLL_NUM_PARAM_TYPES
} gasnet_coll_tuning_param_type_t;
typedef void (*gasnet_coll_overlap_sample_work_t)(void *arg);

extern void gasnet_coll_loadTuningState(char *filename, gasnet_team_handle_t team);
extern void gasnet_coll_dumpTuningState(char *filename, gasnet_team_handle_t team);
extern void gasnet_coll_dumpProfile(char *filename, gasnet_team_handle_t team);
extern int gasnet_coll_get_num_tree_classes(gasnet_team_handle_t team, gasnet_coll_optype_t optype);
extern void gasnet_coll_set_tree_kind(gasnet_team_handle_t team, int tree_type, int fanout,
                                      gasnet_coll_optype_t optype);
extern void gasnet_coll_set_dissem_limit(gasnet_team_handle_t team, size_t dissemlimit,
                                         gasnet_coll_optype_t optype);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* GASNET_COLL_H */
