// Remote atomics over Active Messages: the path for a target whose segment is not mapped here
// (and for every target with GEX_FORCE_AM=1). A Short Request carries the opcode, the operands
// and the target address; the target's handler applies the same CPU atomic the load/store path
// uses (cpu_atomic.h) and a Short Reply brings back the fetched value and lowers the initiator's
// completion counter.
#pragma once

#include <gasnetex.h>

#include <cstdint>

#include "runtime/internal_am.h"

namespace gex::ratomic {

// Called once from gex_Client_Init, after the primordial endpoint exists and before this rank polls.
void init();

// The atomics service's process-wide state: init() makes it, the runtime owns it (g_rt.ratomic).
struct ServiceState {
  // GEX_RATOMIC_FORCE_AM=1: this rank sends every atomic over AM, whatever the rest of the
  // runtime does. Unlike GEX_FORCE_AM it may differ between ranks (the other services need one
  // path per job), so a test can mix the two atomic paths on one location in one job. Each
  // domain copies it at gex_AD_Create (gexi_AD::force_am), off the operations' path.
  bool force_am = false;
};

// Starts `op` on the dt-typed word at tgt_addr (an address in jobrank's segment, as its owner
// sees it). The operands travel as their bit patterns (low 32 bits for 4-byte types). When the
// reply arrives the fetched value is stored to result_p (when not NULL) and counter is lowered;
// the counter is raised before sending. fence_flags: GEX_FLAG_AD_ACQ/REL, applied at the target.
// Returns false only when `immediate` is set and nothing could be sent (no side effect then).
bool send_op(gex_Rank_t jobrank, gex_DT_t dt, void *tgt_addr, gex_OP_t op, uint64_t a, uint64_t b, void *result_p,
             gex_Flags_t fence_flags, runtime::CompletionCounter *counter, bool immediate);

}  // namespace gex::ratomic
