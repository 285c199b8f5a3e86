/* gasnet.h: the GASNet-1 API (spec 1.8) as a legacy layer over libgex's GASNet-EX runtime.
 *
 * A GASNet-1 client starts with gasnet_init()/gasnet_attach(); a GASNet-EX client that passed
 * GEX_FLAG_USES_GASNET1 to gex_Client_Init may call the same functions (gasnet_attach excepted).
 * The legacy calls act on the primordial team, whose ranks are the GASNet-1 node numbers.
 * Hot paths (AM injection, RMA, syncs) are static inline onto the gex_* calls; the rest are
 * library functions in src/legacy/. C99-clean and valid C++.
 */
#ifndef GASNET_H
#define GASNET_H
#define _INCLUDED_GASNET_H 1

#include <gasnetex.h>
#include <gasnet_vis.h>
#include <gasnet_tools.h>

#define GASNET_VERSION GASNET_SPEC_VERSION_MAJOR

/* The barrier, gasnet_seginfo_t/gasnet_nodeinfo_t and their queries, gasnet_set_waitmode and
 * gasnet_getenv are in gasnetex.h, as in GASNet. */

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------- */
/* Types                                                                                           */
/* ---------------------------------------------------------------------------------------------- */
typedef gex_AM_Fn_t gasnet_handler_fn_t;
typedef struct gexi_gasnet_handlerentry_s {
  gasnet_handler_t index; /* 0: the library picks one and writes it back; else 128..255 */
  gasnet_handler_fn_t fnptr;
} gasnet_handlerentry_t;

/* Same layout as gex_Memvec_t. */
typedef struct gexi_gasnet_memvec_s {
  void *addr;
  size_t len;
} gasnet_memvec_t;

typedef struct gexi_valget_op *gasnet_valget_handle_t;

/* The team the legacy calls use (the primordial team); set by gex_Client_Init. */
extern gex_TM_t gexi_legacy_tm;

/* ---------------------------------------------------------------------------------------------- */
/* Start-up, job queries                                                                           */
/* ---------------------------------------------------------------------------------------------- */
extern int gexi_legacy_init(int *argc, char ***argv, int thread_mode);
/* Inline so the client's thread mode (GASNET_SEQ/PARSYNC/PAR) reaches the library. */
static inline int gasnet_init(int *argc, char ***argv) {
  return gexi_legacy_init(argc, argv, GEXI_THREAD_MODE);
}
extern int gasnet_attach(gasnet_handlerentry_t *table, int numentries, uintptr_t segsize,
                         uintptr_t minheapoffset);
extern gasnet_node_t gasnet_mynode(void);
extern gasnet_node_t gasnet_nodes(void);
extern void gasnet_QueryGexObjects(gex_Client_t *client_p, gex_EP_t *endpoint_p, gex_TM_t *tm_p,
                                   gex_Segment_t *segment_p);

/* ---------------------------------------------------------------------------------------------- */
/* Active Messages                                                                                 */
/* ---------------------------------------------------------------------------------------------- */
extern int gasnet_AMGetMsgSource(gasnet_token_t token, gasnet_node_t *srcindex);
#define gasnet_AMMaxArgs() ((size_t)gex_AM_MaxArgs())
#define gasnet_AMMaxMedium()                                                                     \
  (gex_AM_LUBRequestMedium() < gex_AM_LUBReplyMedium() ? gex_AM_LUBRequestMedium()              \
                                                       : gex_AM_LUBReplyMedium())
#define gasnet_AMMaxLongRequest() gex_AM_LUBRequestLong()
#define gasnet_AMMaxLongReply() gex_AM_LUBReplyLong()

/* No signal-driven handlers here, so there is nothing to hold off. */
#define gasnet_hold_interrupts() ((void)0)
#define gasnet_resume_interrupts() ((void)0)

#define gasnet_hsl_init(hsl) gex_HSL_Init(hsl)
#define gasnet_hsl_destroy(hsl) gex_HSL_Destroy(hsl)
#define gasnet_hsl_lock(hsl) gex_HSL_Lock(hsl)
#define gasnet_hsl_unlock(hsl) gex_HSL_Unlock(hsl)
#define gasnet_hsl_trylock(hsl) gex_HSL_Trylock(hsl)

/* BEGIN GENERATED GASNET-1 AM FORMS (tools/gen/gen_gasnet1_am.py; edit the script, not this text) */
static inline int gasnet_AMRequestShort0(gasnet_node_t dest, gasnet_handler_t handler) {
  return gex_AM_RequestShort0(gexi_legacy_tm, dest, handler, 0) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestShort1(gasnet_node_t dest, gasnet_handler_t handler, gasnet_handlerarg_t a0) {
  return gex_AM_RequestShort1(gexi_legacy_tm, dest, handler, 0, a0) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestShort2(gasnet_node_t dest, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1) {
  return gex_AM_RequestShort2(gexi_legacy_tm, dest, handler, 0, a0, a1) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestShort3(gasnet_node_t dest, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2) {
  return gex_AM_RequestShort3(gexi_legacy_tm, dest, handler, 0, a0, a1, a2) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestShort4(gasnet_node_t dest, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3) {
  return gex_AM_RequestShort4(gexi_legacy_tm, dest, handler, 0, a0, a1, a2, a3) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestShort5(gasnet_node_t dest, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4) {
  return gex_AM_RequestShort5(gexi_legacy_tm, dest, handler, 0, a0, a1, a2, a3, a4) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestShort6(gasnet_node_t dest, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5) {
  return gex_AM_RequestShort6(gexi_legacy_tm, dest, handler, 0, a0, a1, a2, a3, a4, a5) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestShort7(gasnet_node_t dest, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6) {
  return gex_AM_RequestShort7(gexi_legacy_tm, dest, handler, 0, a0, a1, a2, a3, a4, a5, a6) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestShort8(gasnet_node_t dest, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7) {
  return gex_AM_RequestShort8(gexi_legacy_tm, dest, handler, 0, a0, a1, a2, a3, a4, a5, a6, a7) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestShort9(gasnet_node_t dest, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8) {
  return gex_AM_RequestShort9(gexi_legacy_tm, dest, handler, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestShort10(gasnet_node_t dest, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9) {
  return gex_AM_RequestShort10(gexi_legacy_tm, dest, handler, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestShort11(gasnet_node_t dest, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10) {
  return gex_AM_RequestShort11(gexi_legacy_tm, dest, handler, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestShort12(gasnet_node_t dest, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11) {
  return gex_AM_RequestShort12(gexi_legacy_tm, dest, handler, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestShort13(gasnet_node_t dest, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12) {
  return gex_AM_RequestShort13(gexi_legacy_tm, dest, handler, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestShort14(gasnet_node_t dest, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12, gasnet_handlerarg_t a13) {
  return gex_AM_RequestShort14(gexi_legacy_tm, dest, handler, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestShort15(gasnet_node_t dest, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12, gasnet_handlerarg_t a13, gasnet_handlerarg_t a14) {
  return gex_AM_RequestShort15(gexi_legacy_tm, dest, handler, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestShort16(gasnet_node_t dest, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12, gasnet_handlerarg_t a13, gasnet_handlerarg_t a14, gasnet_handlerarg_t a15) {
  return gex_AM_RequestShort16(gexi_legacy_tm, dest, handler, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestMedium0(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes) {
  return gex_AM_RequestMedium0(gexi_legacy_tm, dest, handler, source_addr, nbytes, GEX_EVENT_NOW, 0) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestMedium1(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0) {
  return gex_AM_RequestMedium1(gexi_legacy_tm, dest, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestMedium2(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1) {
  return gex_AM_RequestMedium2(gexi_legacy_tm, dest, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestMedium3(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2) {
  return gex_AM_RequestMedium3(gexi_legacy_tm, dest, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestMedium4(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3) {
  return gex_AM_RequestMedium4(gexi_legacy_tm, dest, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2, a3) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestMedium5(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4) {
  return gex_AM_RequestMedium5(gexi_legacy_tm, dest, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestMedium6(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5) {
  return gex_AM_RequestMedium6(gexi_legacy_tm, dest, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestMedium7(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6) {
  return gex_AM_RequestMedium7(gexi_legacy_tm, dest, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestMedium8(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7) {
  return gex_AM_RequestMedium8(gexi_legacy_tm, dest, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestMedium9(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8) {
  return gex_AM_RequestMedium9(gexi_legacy_tm, dest, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestMedium10(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9) {
  return gex_AM_RequestMedium10(gexi_legacy_tm, dest, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestMedium11(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10) {
  return gex_AM_RequestMedium11(gexi_legacy_tm, dest, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestMedium12(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11) {
  return gex_AM_RequestMedium12(gexi_legacy_tm, dest, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestMedium13(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12) {
  return gex_AM_RequestMedium13(gexi_legacy_tm, dest, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestMedium14(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12, gasnet_handlerarg_t a13) {
  return gex_AM_RequestMedium14(gexi_legacy_tm, dest, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestMedium15(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12, gasnet_handlerarg_t a13, gasnet_handlerarg_t a14) {
  return gex_AM_RequestMedium15(gexi_legacy_tm, dest, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestMedium16(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12, gasnet_handlerarg_t a13, gasnet_handlerarg_t a14, gasnet_handlerarg_t a15) {
  return gex_AM_RequestMedium16(gexi_legacy_tm, dest, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLong0(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr) {
  return gex_AM_RequestLong0(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLong1(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0) {
  return gex_AM_RequestLong1(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLong2(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1) {
  return gex_AM_RequestLong2(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLong3(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2) {
  return gex_AM_RequestLong3(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLong4(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3) {
  return gex_AM_RequestLong4(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLong5(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4) {
  return gex_AM_RequestLong5(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLong6(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5) {
  return gex_AM_RequestLong6(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLong7(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6) {
  return gex_AM_RequestLong7(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLong8(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7) {
  return gex_AM_RequestLong8(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLong9(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8) {
  return gex_AM_RequestLong9(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLong10(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9) {
  return gex_AM_RequestLong10(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLong11(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10) {
  return gex_AM_RequestLong11(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLong12(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11) {
  return gex_AM_RequestLong12(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLong13(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12) {
  return gex_AM_RequestLong13(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLong14(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12, gasnet_handlerarg_t a13) {
  return gex_AM_RequestLong14(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLong15(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12, gasnet_handlerarg_t a13, gasnet_handlerarg_t a14) {
  return gex_AM_RequestLong15(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLong16(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12, gasnet_handlerarg_t a13, gasnet_handlerarg_t a14, gasnet_handlerarg_t a15) {
  return gex_AM_RequestLong16(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLongAsync0(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr) {
  return gex_AM_RequestLong0(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLongAsync1(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0) {
  return gex_AM_RequestLong1(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLongAsync2(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1) {
  return gex_AM_RequestLong2(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLongAsync3(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2) {
  return gex_AM_RequestLong3(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLongAsync4(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3) {
  return gex_AM_RequestLong4(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLongAsync5(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4) {
  return gex_AM_RequestLong5(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLongAsync6(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5) {
  return gex_AM_RequestLong6(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLongAsync7(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6) {
  return gex_AM_RequestLong7(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLongAsync8(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7) {
  return gex_AM_RequestLong8(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLongAsync9(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8) {
  return gex_AM_RequestLong9(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLongAsync10(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9) {
  return gex_AM_RequestLong10(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLongAsync11(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10) {
  return gex_AM_RequestLong11(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLongAsync12(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11) {
  return gex_AM_RequestLong12(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLongAsync13(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12) {
  return gex_AM_RequestLong13(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLongAsync14(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12, gasnet_handlerarg_t a13) {
  return gex_AM_RequestLong14(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLongAsync15(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12, gasnet_handlerarg_t a13, gasnet_handlerarg_t a14) {
  return gex_AM_RequestLong15(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMRequestLongAsync16(gasnet_node_t dest, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12, gasnet_handlerarg_t a13, gasnet_handlerarg_t a14, gasnet_handlerarg_t a15) {
  return gex_AM_RequestLong16(gexi_legacy_tm, dest, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyShort0(gasnet_token_t token, gasnet_handler_t handler) {
  return gex_AM_ReplyShort0(token, handler, 0) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyShort1(gasnet_token_t token, gasnet_handler_t handler, gasnet_handlerarg_t a0) {
  return gex_AM_ReplyShort1(token, handler, 0, a0) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyShort2(gasnet_token_t token, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1) {
  return gex_AM_ReplyShort2(token, handler, 0, a0, a1) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyShort3(gasnet_token_t token, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2) {
  return gex_AM_ReplyShort3(token, handler, 0, a0, a1, a2) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyShort4(gasnet_token_t token, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3) {
  return gex_AM_ReplyShort4(token, handler, 0, a0, a1, a2, a3) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyShort5(gasnet_token_t token, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4) {
  return gex_AM_ReplyShort5(token, handler, 0, a0, a1, a2, a3, a4) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyShort6(gasnet_token_t token, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5) {
  return gex_AM_ReplyShort6(token, handler, 0, a0, a1, a2, a3, a4, a5) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyShort7(gasnet_token_t token, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6) {
  return gex_AM_ReplyShort7(token, handler, 0, a0, a1, a2, a3, a4, a5, a6) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyShort8(gasnet_token_t token, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7) {
  return gex_AM_ReplyShort8(token, handler, 0, a0, a1, a2, a3, a4, a5, a6, a7) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyShort9(gasnet_token_t token, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8) {
  return gex_AM_ReplyShort9(token, handler, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyShort10(gasnet_token_t token, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9) {
  return gex_AM_ReplyShort10(token, handler, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyShort11(gasnet_token_t token, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10) {
  return gex_AM_ReplyShort11(token, handler, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyShort12(gasnet_token_t token, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11) {
  return gex_AM_ReplyShort12(token, handler, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyShort13(gasnet_token_t token, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12) {
  return gex_AM_ReplyShort13(token, handler, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyShort14(gasnet_token_t token, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12, gasnet_handlerarg_t a13) {
  return gex_AM_ReplyShort14(token, handler, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyShort15(gasnet_token_t token, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12, gasnet_handlerarg_t a13, gasnet_handlerarg_t a14) {
  return gex_AM_ReplyShort15(token, handler, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyShort16(gasnet_token_t token, gasnet_handler_t handler, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12, gasnet_handlerarg_t a13, gasnet_handlerarg_t a14, gasnet_handlerarg_t a15) {
  return gex_AM_ReplyShort16(token, handler, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyMedium0(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes) {
  return gex_AM_ReplyMedium0(token, handler, source_addr, nbytes, GEX_EVENT_NOW, 0) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyMedium1(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0) {
  return gex_AM_ReplyMedium1(token, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyMedium2(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1) {
  return gex_AM_ReplyMedium2(token, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyMedium3(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2) {
  return gex_AM_ReplyMedium3(token, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyMedium4(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3) {
  return gex_AM_ReplyMedium4(token, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2, a3) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyMedium5(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4) {
  return gex_AM_ReplyMedium5(token, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyMedium6(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5) {
  return gex_AM_ReplyMedium6(token, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyMedium7(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6) {
  return gex_AM_ReplyMedium7(token, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyMedium8(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7) {
  return gex_AM_ReplyMedium8(token, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyMedium9(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8) {
  return gex_AM_ReplyMedium9(token, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyMedium10(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9) {
  return gex_AM_ReplyMedium10(token, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyMedium11(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10) {
  return gex_AM_ReplyMedium11(token, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyMedium12(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11) {
  return gex_AM_ReplyMedium12(token, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyMedium13(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12) {
  return gex_AM_ReplyMedium13(token, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyMedium14(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12, gasnet_handlerarg_t a13) {
  return gex_AM_ReplyMedium14(token, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyMedium15(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12, gasnet_handlerarg_t a13, gasnet_handlerarg_t a14) {
  return gex_AM_ReplyMedium15(token, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyMedium16(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12, gasnet_handlerarg_t a13, gasnet_handlerarg_t a14, gasnet_handlerarg_t a15) {
  return gex_AM_ReplyMedium16(token, handler, source_addr, nbytes, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyLong0(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr) {
  return gex_AM_ReplyLong0(token, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyLong1(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0) {
  return gex_AM_ReplyLong1(token, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyLong2(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1) {
  return gex_AM_ReplyLong2(token, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyLong3(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2) {
  return gex_AM_ReplyLong3(token, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyLong4(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3) {
  return gex_AM_ReplyLong4(token, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyLong5(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4) {
  return gex_AM_ReplyLong5(token, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyLong6(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5) {
  return gex_AM_ReplyLong6(token, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyLong7(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6) {
  return gex_AM_ReplyLong7(token, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyLong8(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7) {
  return gex_AM_ReplyLong8(token, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyLong9(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8) {
  return gex_AM_ReplyLong9(token, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyLong10(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9) {
  return gex_AM_ReplyLong10(token, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyLong11(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10) {
  return gex_AM_ReplyLong11(token, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyLong12(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11) {
  return gex_AM_ReplyLong12(token, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyLong13(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12) {
  return gex_AM_ReplyLong13(token, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyLong14(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12, gasnet_handlerarg_t a13) {
  return gex_AM_ReplyLong14(token, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyLong15(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12, gasnet_handlerarg_t a13, gasnet_handlerarg_t a14) {
  return gex_AM_ReplyLong15(token, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
static inline int gasnet_AMReplyLong16(gasnet_token_t token, gasnet_handler_t handler, void *source_addr, size_t nbytes, void *dest_addr, gasnet_handlerarg_t a0, gasnet_handlerarg_t a1, gasnet_handlerarg_t a2, gasnet_handlerarg_t a3, gasnet_handlerarg_t a4, gasnet_handlerarg_t a5, gasnet_handlerarg_t a6, gasnet_handlerarg_t a7, gasnet_handlerarg_t a8, gasnet_handlerarg_t a9, gasnet_handlerarg_t a10, gasnet_handlerarg_t a11, gasnet_handlerarg_t a12, gasnet_handlerarg_t a13, gasnet_handlerarg_t a14, gasnet_handlerarg_t a15) {
  return gex_AM_ReplyLong16(token, handler, source_addr, nbytes, dest_addr, GEX_EVENT_NOW, 0, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15) ? GASNET_ERR_RESOURCE : GASNET_OK;
}
#define gasnet_AMRequestShort(dest, ...) \
  GEXI_AM_CAT(gasnet_AMRequestShort, GEXI_AM_NARGS(__VA_ARGS__))(dest, __VA_ARGS__)
#define gasnet_AMRequestMedium(dest, handler, source_addr, ...) \
  GEXI_AM_CAT(gasnet_AMRequestMedium, GEXI_AM_NARGS(__VA_ARGS__))(dest, handler, source_addr, __VA_ARGS__)
#define gasnet_AMRequestLong(dest, handler, source_addr, nbytes, ...) \
  GEXI_AM_CAT(gasnet_AMRequestLong, GEXI_AM_NARGS(__VA_ARGS__))(dest, handler, source_addr, nbytes, __VA_ARGS__)
#define gasnet_AMRequestLongAsync(dest, handler, source_addr, nbytes, ...) \
  GEXI_AM_CAT(gasnet_AMRequestLongAsync, GEXI_AM_NARGS(__VA_ARGS__))(dest, handler, source_addr, nbytes, __VA_ARGS__)
#define gasnet_AMReplyShort(token, ...) \
  GEXI_AM_CAT(gasnet_AMReplyShort, GEXI_AM_NARGS(__VA_ARGS__))(token, __VA_ARGS__)
#define gasnet_AMReplyMedium(token, handler, source_addr, ...) \
  GEXI_AM_CAT(gasnet_AMReplyMedium, GEXI_AM_NARGS(__VA_ARGS__))(token, handler, source_addr, __VA_ARGS__)
#define gasnet_AMReplyLong(token, handler, source_addr, nbytes, ...) \
  GEXI_AM_CAT(gasnet_AMReplyLong, GEXI_AM_NARGS(__VA_ARGS__))(token, handler, source_addr, nbytes, __VA_ARGS__)
/* END GENERATED GASNET-1 AM FORMS */

/* ---------------------------------------------------------------------------------------------- */
/* RMA. Non-bulk forms let the source be reused on return; bulk forms only after sync.            */
/* ---------------------------------------------------------------------------------------------- */
static inline void gasnet_put(gasnet_node_t node, void *dest, void *src, size_t nbytes) {
  (void)gex_RMA_PutBlocking(gexi_legacy_tm, node, dest, src, nbytes, 0);
}
static inline void gasnet_put_bulk(gasnet_node_t node, void *dest, void *src, size_t nbytes) {
  (void)gex_RMA_PutBlocking(gexi_legacy_tm, node, dest, src, nbytes, 0);
}
static inline void gasnet_get(void *dest, gasnet_node_t node, void *src, size_t nbytes) {
  (void)gex_RMA_GetBlocking(gexi_legacy_tm, dest, node, src, nbytes, 0);
}
static inline void gasnet_get_bulk(void *dest, gasnet_node_t node, void *src, size_t nbytes) {
  (void)gex_RMA_GetBlocking(gexi_legacy_tm, dest, node, src, nbytes, 0);
}
static inline gasnet_handle_t gasnet_put_nb(gasnet_node_t node, void *dest, void *src, size_t nbytes) {
  return gex_RMA_PutNB(gexi_legacy_tm, node, dest, src, nbytes, GEX_EVENT_NOW, 0);
}
static inline gasnet_handle_t gasnet_put_nb_bulk(gasnet_node_t node, void *dest, void *src,
                                                 size_t nbytes) {
  return gex_RMA_PutNB(gexi_legacy_tm, node, dest, src, nbytes, GEX_EVENT_DEFER, 0);
}
static inline gasnet_handle_t gasnet_get_nb(void *dest, gasnet_node_t node, void *src, size_t nbytes) {
  return gex_RMA_GetNB(gexi_legacy_tm, dest, node, src, nbytes, 0);
}
static inline gasnet_handle_t gasnet_get_nb_bulk(void *dest, gasnet_node_t node, void *src,
                                                 size_t nbytes) {
  return gex_RMA_GetNB(gexi_legacy_tm, dest, node, src, nbytes, 0);
}
static inline void gasnet_put_nbi(gasnet_node_t node, void *dest, void *src, size_t nbytes) {
  (void)gex_RMA_PutNBI(gexi_legacy_tm, node, dest, src, nbytes, GEX_EVENT_NOW, 0);
}
static inline void gasnet_put_nbi_bulk(gasnet_node_t node, void *dest, void *src, size_t nbytes) {
  (void)gex_RMA_PutNBI(gexi_legacy_tm, node, dest, src, nbytes, GEX_EVENT_DEFER, 0);
}
static inline void gasnet_get_nbi(void *dest, gasnet_node_t node, void *src, size_t nbytes) {
  (void)gex_RMA_GetNBI(gexi_legacy_tm, dest, node, src, nbytes, 0);
}
static inline void gasnet_get_nbi_bulk(void *dest, gasnet_node_t node, void *src, size_t nbytes) {
  (void)gex_RMA_GetNBI(gexi_legacy_tm, dest, node, src, nbytes, 0);
}

/* Value forms: the low-order nbytes (1..SIZEOF_GASNET_REGISTER_VALUE_T) of value. */
static inline void gasnet_put_val(gasnet_node_t node, void *dest, gasnet_register_value_t value,
                                  size_t nbytes) {
  (void)gex_RMA_PutBlockingVal(gexi_legacy_tm, node, dest, value, nbytes, 0);
}
static inline gasnet_handle_t gasnet_put_nb_val(gasnet_node_t node, void *dest,
                                                gasnet_register_value_t value, size_t nbytes) {
  return gex_RMA_PutNBVal(gexi_legacy_tm, node, dest, value, nbytes, 0);
}
static inline void gasnet_put_nbi_val(gasnet_node_t node, void *dest, gasnet_register_value_t value,
                                      size_t nbytes) {
  (void)gex_RMA_PutNBIVal(gexi_legacy_tm, node, dest, value, nbytes, 0);
}
static inline gasnet_register_value_t gasnet_get_val(gasnet_node_t node, void *src, size_t nbytes) {
  return gex_RMA_GetBlockingVal(gexi_legacy_tm, node, src, nbytes, 0);
}
extern gasnet_valget_handle_t gasnet_get_nb_val(gasnet_node_t node, void *src, size_t nbytes);
extern gasnet_register_value_t gasnet_wait_syncnb_valget(gasnet_valget_handle_t handle);

/* memset: nbytes bytes of value (int)val at dest on node. */
extern void gasnet_memset(gasnet_node_t node, void *dest, int val, size_t nbytes);
extern gasnet_handle_t gasnet_memset_nb(gasnet_node_t node, void *dest, int val, size_t nbytes);
extern void gasnet_memset_nbi(gasnet_node_t node, void *dest, int val, size_t nbytes);

/* ---------------------------------------------------------------------------------------------- */
/* Synchronization. The try forms poll once before testing (GASNet-1 behaviour).                  */
/* ---------------------------------------------------------------------------------------------- */
static inline void gasnet_wait_syncnb(gasnet_handle_t handle) { gex_Event_Wait(handle); }
extern int gasnet_try_syncnb(gasnet_handle_t handle);
static inline void gasnet_wait_syncnb_all(gasnet_handle_t *phandle, size_t numhandles) {
  gex_Event_WaitAll(phandle, numhandles, 0);
}
static inline void gasnet_wait_syncnb_some(gasnet_handle_t *phandle, size_t numhandles) {
  gex_Event_WaitSome(phandle, numhandles, 0);
}
extern int gasnet_try_syncnb_all(gasnet_handle_t *phandle, size_t numhandles);
extern int gasnet_try_syncnb_some(gasnet_handle_t *phandle, size_t numhandles);
/* The _nopoll forms test without polling first. */
#define gasnet_try_syncnb_nopoll(handle) gex_Event_Test(handle)
#define gasnet_try_syncnb_some_nopoll(phandle, numhandles) gex_Event_TestSome(phandle, numhandles, 0)
#define gasnet_try_syncnb_all_nopoll(phandle, numhandles) gex_Event_TestAll(phandle, numhandles, 0)

static inline void gasnet_wait_syncnbi_gets(void) { gex_NBI_Wait(GEX_EC_GET, 0); }
static inline void gasnet_wait_syncnbi_puts(void) { gex_NBI_Wait(GEX_EC_PUT | GEX_EC_LC, 0); }
static inline void gasnet_wait_syncnbi_all(void) { gex_NBI_Wait(GEX_EC_ALL, 0); }
extern int gasnet_try_syncnbi_gets(void);
extern int gasnet_try_syncnbi_puts(void);
extern int gasnet_try_syncnbi_all(void);

static inline void gasnet_begin_nbi_accessregion(void) { gex_NBI_BeginAccessRegion(0); }
static inline gasnet_handle_t gasnet_end_nbi_accessregion(void) { return gex_NBI_EndAccessRegion(0); }

/* ---------------------------------------------------------------------------------------------- */
/* VIS (GASNet-1 gasnet_vis.h names) onto gex_VIS_*. GASNet-1 strided transfers give count[0] in   */
/* bytes (the contiguous run) and stridelevels strides for count[1..]; GASNet-EX takes the run as  */
/* elemsz and count[1..] as its count[].                                                           */
/* ---------------------------------------------------------------------------------------------- */
#define GEXI_MEMVEC(list) ((gex_Memvec_t const *)(const void *)(list))
#define GEXI_STRIDES(s) ((const ptrdiff_t *)(const void *)(s))

static inline gasnet_handle_t gasnet_putv_nb_bulk(gasnet_node_t dstnode, size_t dstcount,
                                                  gasnet_memvec_t const dstlist[], size_t srccount,
                                                  gasnet_memvec_t const srclist[]) {
  return gex_VIS_VectorPutNB(gexi_legacy_tm, dstnode, dstcount, GEXI_MEMVEC(dstlist), srccount,
                             GEXI_MEMVEC(srclist), 0);
}
static inline void gasnet_putv_nbi_bulk(gasnet_node_t dstnode, size_t dstcount,
                                        gasnet_memvec_t const dstlist[], size_t srccount,
                                        gasnet_memvec_t const srclist[]) {
  (void)gex_VIS_VectorPutNBI(gexi_legacy_tm, dstnode, dstcount, GEXI_MEMVEC(dstlist), srccount,
                             GEXI_MEMVEC(srclist), 0);
}
static inline void gasnet_putv_bulk(gasnet_node_t dstnode, size_t dstcount,
                                    gasnet_memvec_t const dstlist[], size_t srccount,
                                    gasnet_memvec_t const srclist[]) {
  (void)gex_VIS_VectorPutBlocking(gexi_legacy_tm, dstnode, dstcount, GEXI_MEMVEC(dstlist),
                                  srccount, GEXI_MEMVEC(srclist), 0);
}
static inline gasnet_handle_t gasnet_getv_nb_bulk(size_t dstcount, gasnet_memvec_t const dstlist[],
                                                  gasnet_node_t srcnode, size_t srccount,
                                                  gasnet_memvec_t const srclist[]) {
  return gex_VIS_VectorGetNB(gexi_legacy_tm, dstcount, GEXI_MEMVEC(dstlist), srcnode, srccount,
                             GEXI_MEMVEC(srclist), 0);
}
static inline void gasnet_getv_nbi_bulk(size_t dstcount, gasnet_memvec_t const dstlist[],
                                        gasnet_node_t srcnode, size_t srccount,
                                        gasnet_memvec_t const srclist[]) {
  (void)gex_VIS_VectorGetNBI(gexi_legacy_tm, dstcount, GEXI_MEMVEC(dstlist), srcnode, srccount,
                             GEXI_MEMVEC(srclist), 0);
}
static inline void gasnet_getv_bulk(size_t dstcount, gasnet_memvec_t const dstlist[],
                                    gasnet_node_t srcnode, size_t srccount,
                                    gasnet_memvec_t const srclist[]) {
  (void)gex_VIS_VectorGetBlocking(gexi_legacy_tm, dstcount, GEXI_MEMVEC(dstlist), srcnode,
                                  srccount, GEXI_MEMVEC(srclist), 0);
}

static inline gasnet_handle_t gasnet_puti_nb_bulk(gasnet_node_t dstnode, size_t dstcount,
                                                  void *const dstlist[], size_t dstlen,
                                                  size_t srccount, void *const srclist[],
                                                  size_t srclen) {
  return gex_VIS_IndexedPutNB(gexi_legacy_tm, dstnode, dstcount, dstlist, dstlen, srccount,
                              srclist, srclen, 0);
}
static inline void gasnet_puti_nbi_bulk(gasnet_node_t dstnode, size_t dstcount,
                                        void *const dstlist[], size_t dstlen, size_t srccount,
                                        void *const srclist[], size_t srclen) {
  (void)gex_VIS_IndexedPutNBI(gexi_legacy_tm, dstnode, dstcount, dstlist, dstlen, srccount,
                              srclist, srclen, 0);
}
static inline void gasnet_puti_bulk(gasnet_node_t dstnode, size_t dstcount, void *const dstlist[],
                                    size_t dstlen, size_t srccount, void *const srclist[],
                                    size_t srclen) {
  (void)gex_VIS_IndexedPutBlocking(gexi_legacy_tm, dstnode, dstcount, dstlist, dstlen, srccount,
                                   srclist, srclen, 0);
}
static inline gasnet_handle_t gasnet_geti_nb_bulk(size_t dstcount, void *const dstlist[],
                                                  size_t dstlen, gasnet_node_t srcnode,
                                                  size_t srccount, void *const srclist[],
                                                  size_t srclen) {
  return gex_VIS_IndexedGetNB(gexi_legacy_tm, dstcount, dstlist, dstlen, srcnode, srccount,
                              srclist, srclen, 0);
}
static inline void gasnet_geti_nbi_bulk(size_t dstcount, void *const dstlist[], size_t dstlen,
                                        gasnet_node_t srcnode, size_t srccount,
                                        void *const srclist[], size_t srclen) {
  (void)gex_VIS_IndexedGetNBI(gexi_legacy_tm, dstcount, dstlist, dstlen, srcnode, srccount,
                              srclist, srclen, 0);
}
static inline void gasnet_geti_bulk(size_t dstcount, void *const dstlist[], size_t dstlen,
                                    gasnet_node_t srcnode, size_t srccount, void *const srclist[],
                                    size_t srclen) {
  (void)gex_VIS_IndexedGetBlocking(gexi_legacy_tm, dstcount, dstlist, dstlen, srcnode, srccount,
                                   srclist, srclen, 0);
}

static inline gasnet_handle_t gasnet_puts_nb_bulk(gasnet_node_t dstnode, void *dstaddr,
                                                  const size_t dststrides[], void *srcaddr,
                                                  const size_t srcstrides[], const size_t count[],
                                                  size_t stridelevels) {
  return gex_VIS_StridedPutNB(gexi_legacy_tm, dstnode, dstaddr, GEXI_STRIDES(dststrides), srcaddr,
                              GEXI_STRIDES(srcstrides), count[0], count + 1, stridelevels, 0);
}
static inline void gasnet_puts_nbi_bulk(gasnet_node_t dstnode, void *dstaddr,
                                        const size_t dststrides[], void *srcaddr,
                                        const size_t srcstrides[], const size_t count[],
                                        size_t stridelevels) {
  (void)gex_VIS_StridedPutNBI(gexi_legacy_tm, dstnode, dstaddr, GEXI_STRIDES(dststrides), srcaddr,
                              GEXI_STRIDES(srcstrides), count[0], count + 1, stridelevels, 0);
}
static inline void gasnet_puts_bulk(gasnet_node_t dstnode, void *dstaddr, const size_t dststrides[],
                                    void *srcaddr, const size_t srcstrides[], const size_t count[],
                                    size_t stridelevels) {
  (void)gex_VIS_StridedPutBlocking(gexi_legacy_tm, dstnode, dstaddr, GEXI_STRIDES(dststrides),
                                   srcaddr, GEXI_STRIDES(srcstrides), count[0], count + 1,
                                   stridelevels, 0);
}
static inline gasnet_handle_t gasnet_gets_nb_bulk(void *dstaddr, const size_t dststrides[],
                                                  gasnet_node_t srcnode, void *srcaddr,
                                                  const size_t srcstrides[], const size_t count[],
                                                  size_t stridelevels) {
  return gex_VIS_StridedGetNB(gexi_legacy_tm, dstaddr, GEXI_STRIDES(dststrides), srcnode, srcaddr,
                              GEXI_STRIDES(srcstrides), count[0], count + 1, stridelevels, 0);
}
static inline void gasnet_gets_nbi_bulk(void *dstaddr, const size_t dststrides[],
                                        gasnet_node_t srcnode, void *srcaddr,
                                        const size_t srcstrides[], const size_t count[],
                                        size_t stridelevels) {
  (void)gex_VIS_StridedGetNBI(gexi_legacy_tm, dstaddr, GEXI_STRIDES(dststrides), srcnode, srcaddr,
                              GEXI_STRIDES(srcstrides), count[0], count + 1, stridelevels, 0);
}
static inline void gasnet_gets_bulk(void *dstaddr, const size_t dststrides[], gasnet_node_t srcnode,
                                    void *srcaddr, const size_t srcstrides[], const size_t count[],
                                    size_t stridelevels) {
  (void)gex_VIS_StridedGetBlocking(gexi_legacy_tm, dstaddr, GEXI_STRIDES(dststrides), srcnode,
                                   srcaddr, GEXI_STRIDES(srcstrides), count[0], count + 1,
                                   stridelevels, 0);
}

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* GASNET_H */
