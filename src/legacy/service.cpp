#include "legacy/service.h"

#include <gasnet.h>

#include "legacy/state.h"
#include "runtime/runtime.h"

extern "C" {
gex_TM_t gexi_legacy_tm = GEX_TM_INVALID;
}

namespace gex::legacy {

void init() {
  gex::runtime::g_rt.legacy.reset(new ServiceState);
  gexi_legacy_tm = gex::runtime::g_rt.client->tm;
  init_collectives();
}

}  // namespace gex::legacy

void gex::runtime::ServiceStateDeleter::operator()(legacy::ServiceState *s) const noexcept { delete s; }
