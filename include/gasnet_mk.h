/* gasnet_mk.h: GASNet-EX Memory Kinds [PROPOSED]. gex_MK_t, GEX_MK_HOST and GEX_MK_INVALID are
 * in gasnetex.h because core APIs (gex_Segment_Create) name them. */
#ifndef GASNET_MK_H
#define GASNET_MK_H

#include <gasnetex.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum gexi_MK_Class_e {
  GEX_MK_CLASS_HOST,
  GEX_MK_CLASS_CUDA_UVA,
  GEX_MK_CLASS_HIP,
  GEX_MK_CLASS_ZE
} gex_MK_Class_t;

typedef struct gexi_MK_Create_args_s {
  uint64_t gex_flags;  // reserved, must be 0
  gex_MK_Class_t gex_class;
  union {
    struct {
      int gex_CUdevice;
    } gex_class_cuda_uva;
    struct {
      int gex_hipDevice;
    } gex_class_hip;
    struct {
      void *gex_zeDevice;
      void *gex_zeContext;
      uint32_t gex_zeMemoryOrdinal;
    } gex_class_ze;
  } gex_args;
} gex_MK_Create_args_t;

extern int gex_MK_Create(gex_MK_t *memkind_p, gex_Client_t client, const gex_MK_Create_args_t *args,
                         gex_Flags_t flags);
extern void gex_MK_Destroy(gex_MK_t memkind, gex_Flags_t flags);

/* Queries of a memory kind made by gex_MK_Create (not GEX_MK_HOST, which is no object). */
extern void gex_MK_SetCData(gex_MK_t mk, const void *val);
extern void *gex_MK_QueryCData(gex_MK_t mk);
extern gex_Flags_t gex_MK_QueryFlags(gex_MK_t mk);
extern gex_Client_t gex_MK_QueryClient(gex_MK_t mk);
extern gex_MK_Class_t gex_MK_QueryClass(gex_MK_t mk);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* GASNET_MK_H */
