// The runtime services' start-up, shared by every API on the runtime (gex_Client_Init and
// gaspi_proc_init both call start_services). The one place below the APIs that names the
// services: it only fixes their initialisation order.
#include <mutex>

#include "coll/service.h"
#include "extended/am_rma.h"
#include "legacy/service.h"
#include "ratomic/service.h"
#include "runtime/exit.h"
#include "runtime/runtime.h"
#include "vis/service.h"

namespace gex::runtime {

void start_services() {
  static std::mutex once;
  std::lock_guard<std::mutex> lock(once);
  // Services that need only the runtime: their handlers are registered before this rank polls.
  if (!g_rt.services_started) {
    gex::extended::init();
    gex::ratomic::init();
    gex::vis::init();
    install_exit_handling();  // return from main and exit() now go through the exit coordinator
    g_rt.services_started = true;
  }
  // Services built on the GASNet-EX client's primordial team, once there is a client.
  if (g_rt.client && !g_rt.client_services_started) {
    gex::coll::init();
    gex::legacy::init();
    g_rt.client_services_started = true;
  }
}

}  // namespace gex::runtime
