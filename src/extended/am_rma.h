// extended-ref: RMA written only on Active Messages (../shared/spec/extended-ref-README.txt).
// Used for every peer whose segment is not mapped here (the network conduit's peers), and for
// neighbours too when GEX_FORCE_AM=1 (so the whole test suite can run over this path on one host).
//
//  put: n <= kPutMediumMax: one Medium Request carrying the payload; larger: Long Request
//       chunks straight into the target segment. Every chunk is acknowledged by a Short Reply,
//       so completion means remote completion.
//  get: Short Request; the target answers with Medium Reply chunks, or Long Reply chunks when
//       the destination lies in this rank's own segment.
// Each chunk adds one to a CompletionCounter before it is sent and its acknowledgement
// subtracts one: an event's pending count, this thread's NBI counter, or an access region's.
#pragma once

#include <cstddef>

#include "runtime/internal_am.h"

namespace gex::extended {

inline constexpr size_t kPutMediumMax = 4096;

// Registers the extended-ref handlers (called from gex_Client_Init).
void init();

// Return false only when `immediate` is set and nothing could be sent (no side effect then).
// `ep`: the remote endpoint whose bound segment holds dest (its Long chunks land there).
bool put(gex_Rank_t jobrank, void *dest, const void *src, size_t nbytes, runtime::CompletionCounter *counter,
         bool immediate, uint16_t ep = 0);
bool get(gex_Rank_t jobrank, void *dest, const void *src, size_t nbytes, runtime::CompletionCounter *counter,
         bool immediate);

}  // namespace gex::extended
