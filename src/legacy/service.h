// Entry point of the legacy service (GASNet-1 gasnet.h over GASNet-EX): registers its internal
// AM handlers and points the legacy team at the new client.
#pragma once

namespace gex::legacy {
// Called once from gex_Client_Init, after the primordial endpoint exists and before this rank polls.
void init();
// The barrier's handler (barrier.cpp), registered by init().
void register_barrier_handler();
// Points GASNET_TEAM_ALL at the primordial team (coll.cpp), called by init().
void init_collectives();
}  // namespace gex::legacy
