// Memory kinds (gasnet_mk.h): gex_MK_Create/Destroy and the queries of a created kind.
//
// This build supports host memory only (GASNET_HAVE_MK_CLASS_HOST alone), so as in GASNet a
// request for any device class returns GASNET_ERR_BAD_ARG and GEX_MK_CLASS_HOST is erroneous
// (host memory is the predefined GEX_MK_HOST, not something to create). The kind objects and
// their queries are complete so that a device class only has to add its constructor.
#include <gasnet_mk.h>

#include <string>

#include "runtime/runtime.h"

struct gexi_MK {
  static constexpr uint32_t kLive = 0x4d4b4f4b;  // "MKOK": cleared by Destroy
  uint32_t magic = kLive;
  gex_Client_t client = nullptr;
  gex_MK_Class_t mk_class = GEX_MK_CLASS_HOST;
  gex_Flags_t flags = 0;
  void *cdata = nullptr;
};

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

// A kind made by gex_MK_Create and not yet destroyed.
gexi_MK *created_kind(gex_MK_t mk, const char *call) {
  if (mk == GEX_MK_INVALID) usage_fatal(call, "mk is GEX_MK_INVALID");
  if (mk == GEX_MK_HOST) usage_fatal(call, "mk is GEX_MK_HOST, which is predefined (only kinds made by gex_MK_Create apply)");
  if (mk->magic != gexi_MK::kLive) usage_fatal(call, "mk " + fmt_ptr(mk) + " is not a live memory kind (destroyed, or never created)");
  return mk;
}

}  // namespace

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
  return usage_error(GASNET_ERR_BAD_ARG, call, std::string("this build lacks support for ") + name);
}

void gex_MK_Destroy(gex_MK_t memkind, gex_Flags_t flags) {
  const char *call = "gex_MK_Destroy";
  gexi_MK *mk = created_kind(memkind, call);
  if (flags) usage_fatal(call, "flags must be 0 (reserved)");
  mk->magic = 0;
  delete mk;
}

void gex_MK_SetCData(gex_MK_t mk, const void *val) { created_kind(mk, "gex_MK_SetCData")->cdata = const_cast<void *>(val); }
void *gex_MK_QueryCData(gex_MK_t mk) { return created_kind(mk, "gex_MK_QueryCData")->cdata; }
gex_Flags_t gex_MK_QueryFlags(gex_MK_t mk) { return created_kind(mk, "gex_MK_QueryFlags")->flags; }
gex_Client_t gex_MK_QueryClient(gex_MK_t mk) { return created_kind(mk, "gex_MK_QueryClient")->client; }
gex_MK_Class_t gex_MK_QueryClass(gex_MK_t mk) { return created_kind(mk, "gex_MK_QueryClass")->mk_class; }

}  // extern "C"
