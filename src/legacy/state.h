// Internal to src/legacy/: the GASNet-1 layer's process-wide state. legacy::init makes it; the
// runtime owns it (g_rt.legacy). gexi_legacy_tm and GASNET_TEAM_ALL stay C globals: gasnet.h and
// gasnet_coll.h name them in client code.
#pragma once

#include <gasnet.h>

#include "coll/engine.h"
#include "runtime/runtime.h"

namespace gex::legacy {

// The split-phase barrier (barrier.cpp). GASNet-1 allows one thread per node in it at a time.
struct BarrierState {
  gex_Event_t pending = GEX_EVENT_INVALID;  // the barrier notify started
  coll::BarrierValue outcome;               // written by the engine before `pending` completes
  uint64_t shm_seq = 0;                     // non-zero: `pending` is the shared-memory barrier of
                                            // this number, whose outcome is merged at completion
  coll::BarrierValue result;                // of the last completed barrier
  bool have_result = false;
};

struct ServiceState {
  bool inited_by_gasnet_init = false;  // gasnet_init (not gex_Client_Init) started the client
  bool attached = false;               // gasnet_attach has run
  int waitmode = GASNET_WAIT_SPIN;     // gasnet_set_waitmode's
  BarrierState barrier;
};

// Valid from legacy::init on.
inline ServiceState &state() { return *runtime::g_rt.legacy; }

}  // namespace gex::legacy
