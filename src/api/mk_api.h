// The memory-kind entry points' helpers that the endpoint code (endpoints.cpp) shares with
// gex_MK_* (mk.cpp): device segments for gex_Segment_Create and gex_Segment_Destroy.
#pragma once

#include "mk/mk.h"

struct gexi_Segment;

namespace gex::mk {

// The kind of a live created kind (fatal otherwise, naming `call`).
gexi_MK *created_kind(gex_MK_t mk, const char *call);
// gex_Segment_Create for a device kind: fills seg (addr, size, allocated) or returns the error.
int create_segment(gexi_Segment &seg, gex_MK_t kind, void *address, uintptr_t length, const char *call);
void destroy_segment(gexi_Segment &seg);

}  // namespace gex::mk
