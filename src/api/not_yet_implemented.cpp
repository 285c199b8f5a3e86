// Every declared function that a later issue implements (docs/internals.md, "Not yet
// implemented"). Each says so on stderr; an int-returning one then returns GASNET_ERR_RESOURCE so
// the caller can cope, any other ends the job (it has no value that could mean "failed").
// When an issue implements a function, it deletes the stub here.
#include <gasnetex.h>
#include <gasnet_coll.h>
#include <gasnet_ratomic.h>
#include <gasnet_vis.h>

#include <cstdio>
#include <string>

#include "bootstrap/bootstrap.h"

namespace {

std::string not_implemented(const char *function) {
  std::string message = "libgex: ";
  message += function;
  message += " is not implemented in this release";
  std::fprintf(stderr, "%s\n", message.c_str());
  std::fflush(stderr);
  return message;
}

}  // namespace

#define GEXI_NYI_RETURN()            \
  do {                               \
    not_implemented(__func__);       \
    return GASNET_ERR_RESOURCE;      \
  } while (0)
#define GEXI_NYI_FATAL() gex::bootstrap::fatal(not_implemented(__func__))

extern "C" {

// ---- Segments in other memory kinds and multi-EP [PROPOSED] ----
int gex_Segment_Create(gex_Segment_t *, gex_Client_t, gex_Addr_t, uintptr_t, gex_MK_t, gex_Flags_t) {
  GEXI_NYI_RETURN();
}
void gex_Segment_Destroy(gex_Segment_t, gex_Flags_t) {
  GEXI_NYI_FATAL();
}
int gex_EP_Create(gex_EP_t *, gex_Client_t, gex_EP_Capabilities_t, gex_Flags_t) {
  GEXI_NYI_RETURN();
}
int gex_EP_BindSegment(gex_EP_t, gex_Segment_t, gex_Flags_t) {
  GEXI_NYI_RETURN();
}

}  // extern "C"
