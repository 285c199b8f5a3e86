// Memory kinds (gasnet_mk.h): gex_MK_Create/Destroy, the queries of a created kind, and the
// device segments a kind makes for gex_Segment_Create.
//
// GEX_MK_CLASS_HOST is erroneous to create (host memory is the predefined GEX_MK_HOST). A device
// class this build lacks returns GASNET_ERR_BAD_ARG, as GASNet's testcudauva expects ("correct
// failure due to missing support"); one it has is opened by its operations table (mk.h).
#include "api/mk_api.h"

#include <memory>
#include <string>

#include "runtime/runtime.h"

using namespace gex::runtime;

namespace {

const char *class_name(gex_MK_Class_t c) {
  switch (c) {
    case GEX_MK_CLASS_HOST: return "GEX_MK_CLASS_HOST";
    case GEX_MK_CLASS_CUDA_UVA: return "GEX_MK_CLASS_CUDA_UVA";
    case GEX_MK_CLASS_HIP: return "GEX_MK_CLASS_HIP";
    case GEX_MK_CLASS_ZE: return "GEX_MK_CLASS_ZE";
  }
  return nullptr;
}

}  // namespace

namespace gex::mk {

gexi_MK *created_kind(gex_MK_t mk, const char *call) {
  if (mk == GEX_MK_INVALID) usage_fatal(call, "mk is GEX_MK_INVALID");
  if (mk == GEX_MK_HOST) usage_fatal(call, "mk is GEX_MK_HOST, which is predefined (only kinds made by gex_MK_Create apply)");
  if (mk->magic != gexi_MK::kLive) usage_fatal(call, "mk " + fmt_ptr(mk) + " is not a live memory kind (destroyed, or never created)");
  return mk;
}

int create_segment(gexi_Segment &seg, gex_MK_t kind, void *address, uintptr_t length, const char *call) {
  gexi_MK *mk = created_kind(kind, call);
  std::string error;
  if (address) {
    if (!mk->ops->owns(mk, address, length, error))
      return usage_error(GASNET_ERR_BAD_ARG, call,
                         "[address, address + length) is not device memory of this kind: " + error);
    seg.addr = address;
  } else {
    if (!mk->ops->allocate(mk, length, &seg.addr, error))
      return usage_error(GASNET_ERR_RESOURCE, call, "cannot allocate " + std::to_string(length) + " bytes of " +
                                                        mk->ops->name + " memory: " + error);
    seg.allocated = true;
  }
  seg.size = length;
  register_range(mk, seg.addr, length);
  return GASNET_OK;
}

void destroy_segment(gexi_Segment &seg) {
  gexi_MK *mk = seg.kind;
  unregister_range(seg.addr);
  if (seg.allocated) mk->ops->release(mk, seg.addr);
}

}  // namespace gex::mk

using gex::mk::created_kind;

extern "C" {

int gex_MK_Create(gex_MK_t *memkind_p, gex_Client_t client, const gex_MK_Create_args_t *args, gex_Flags_t flags) {
  const char *call = "gex_MK_Create";
  require_init(call);
  if (!client) usage_fatal(call, "client is GEX_CLIENT_INVALID");
  if (!memkind_p) usage_fatal(call, "memkind_p is NULL");
  if (!args) usage_fatal(call, "args is NULL");
  if (flags) usage_fatal(call, "flags must be 0 (reserved)");
  if (args->gex_flags) usage_fatal(call, "args->gex_flags must be 0 (reserved)");
  const char *name = class_name(args->gex_class);
  if (!name) return usage_error(GASNET_ERR_BAD_ARG, call, "args->gex_class=" + std::to_string(int(args->gex_class)) + " is not a gex_MK_Class_t");
  if (args->gex_class == GEX_MK_CLASS_HOST)
    usage_fatal(call, "GEX_MK_CLASS_HOST cannot be created: host memory is the predefined GEX_MK_HOST");
  const gex::mk::KindOps *ops = gex::mk::ops_for(args->gex_class);
  if (!ops) return usage_error(GASNET_ERR_BAD_ARG, call, std::string("this build lacks support for ") + name);
  auto mk = std::make_unique<gexi_MK>();
  mk->client = client;
  mk->mk_class = args->gex_class;
  mk->ops = ops;
  std::string error;
  const int rc = ops->open(mk.get(), args->gex_args.gex_class_cuda_uva.gex_CUdevice, error);
  if (rc != GASNET_OK) return usage_error(rc, call, std::string(name) + ": " + error);
  gex::mk::add_kind(mk.get());
  *memkind_p = mk.release();
  return GASNET_OK;
}

void gex_MK_Destroy(gex_MK_t memkind, gex_Flags_t flags) {
  const char *call = "gex_MK_Destroy";
  gexi_MK *mk = created_kind(memkind, call);
  if (flags) usage_fatal(call, "flags must be 0 (reserved)");
  mk->ops->close(mk);
  // The object stays as a tombstone: segments made of it may still name it (destroying a kind
  // whose segments live on is erroneous, and diagnosed by created_kind).
  mk->magic = 0;
}

void gex_MK_SetCData(gex_MK_t mk, const void *val) { created_kind(mk, "gex_MK_SetCData")->cdata = const_cast<void *>(val); }
void *gex_MK_QueryCData(gex_MK_t mk) { return created_kind(mk, "gex_MK_QueryCData")->cdata; }
gex_Flags_t gex_MK_QueryFlags(gex_MK_t mk) { return created_kind(mk, "gex_MK_QueryFlags")->flags; }
gex_Client_t gex_MK_QueryClient(gex_MK_t mk) { return created_kind(mk, "gex_MK_QueryClient")->client; }
gex_MK_Class_t gex_MK_QueryClass(gex_MK_t mk) { return created_kind(mk, "gex_MK_QueryClass")->mk_class; }

}  // extern "C"
