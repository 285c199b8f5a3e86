// Handlers the runtime itself registers (extended-ref RMA, atomics, collectives, ...).
// Client handlers live in [GEX_AM_INDEX_BASE, 255]; the runtime owns [1, GEX_AM_INDEX_BASE).
// Each service gets a fixed block of indices here, so services never collide.
#pragma once

#include <gasnetex.h>

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "transport/transport.h"

namespace gex::runtime {

enum InternalHandler : gex_AM_Index_t {
  // extended-ref RMA (src/extended/)
  kHandlerPutMedium = 1,
  kHandlerPutLong = 2,
  kHandlerGetRequest = 3,
  kHandlerGetReplyMedium = 4,
  kHandlerGetReplyLong = 5,
  kHandlerAck = 6,
  // segment publication (runtime/segments.cpp)
  kHandlerSegmentPublish = 10,
  kHandlerSegmentPublishAck = 11,
  // remote atomics over AM (src/ratomic/): 16..31
  kHandlerAtomicFirst = 16,
  // collectives and teams over AM (src/coll/): 32..63
  kHandlerCollFirst = 32,
  // VIS over AM (src/vis/): 64..79
  kHandlerVisFirst = 64,
  // GASNet-1 legacy layer (src/legacy/): 80..95 (none in use: its barrier is the collectives engine's)
  kHandlerLegacyFirst = 80,
  // GASPI (src/gaspi/): 96..127
  kHandlerGaspiFirst = 96,
  kHandlerInternalLimit = GEX_AM_INDEX_BASE,
};

// Registers a runtime handler on the primordial endpoint at a fixed internal index. Called
// during gex_Client_Init (before any rank can send), from each service's init function.
void register_internal_handler(gex_AM_Index_t index, gex_AM_Fn_t fn, gex_Flags_t flags, unsigned nargs,
                               const char *name);

// Sending the runtime's own messages (services' internal handlers). Unlike the public entry
// points these take a jobrank, accept internal handler indices and skip the client-facing
// checks; the payload is copied before they return (local completion is immediate). Return 0
// when sent, non-zero when GEX_FLAG_IMMEDIATE is in `flags` and there was no room.
// A Long Request lands in the bound segment of the receiver's endpoint `dest_ep`.
int am_request(transport::AmCategory category, gex_Rank_t jobrank, gex_AM_Index_t handler, const void *payload,
               size_t nbytes, void *dest_addr, gex_Flags_t flags, unsigned nargs, const gex_AM_Arg_t *args,
               uint16_t dest_ep = 0);
int am_reply(transport::AmCategory category, gex_Token_t token, gex_AM_Index_t handler, const void *payload,
             size_t nbytes, void *dest_addr, gex_Flags_t flags, unsigned nargs, const gex_AM_Arg_t *args);

// gex_nargs of a handler registered through GASNet-1's gasnet_attach, whose table does not say
// how many arguments a handler takes: delivery then accepts any count.
constexpr unsigned kNargsUnspecified = ~0u;

// Pointers travel as two 32-bit AM arguments.
inline gex_AM_Arg_t ptr_hi(const void *p) { return gex_AM_Arg_t(uint64_t(reinterpret_cast<uintptr_t>(p)) >> 32); }
inline gex_AM_Arg_t ptr_lo(const void *p) { return gex_AM_Arg_t(uint32_t(reinterpret_cast<uintptr_t>(p))); }
template <typename T = void>
inline T *make_ptr(gex_AM_Arg_t hi, gex_AM_Arg_t lo) {
  return reinterpret_cast<T *>(uintptr_t((uint64_t(uint32_t(hi)) << 32) | uint32_t(lo)));
}

// A completion counter that an acknowledgement decrements: an event's pending count, this
// thread's NBI counter for a category, or the open access region's event.
using CompletionCounter = std::atomic<uint32_t>;
inline void complete_one(CompletionCounter *c) { c->fetch_sub(1, std::memory_order_release); }

}  // namespace gex::runtime
