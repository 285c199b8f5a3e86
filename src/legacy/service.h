// Entry point of the legacy service (GASNet-1 gasnet.h over GASNet-EX): points the legacy team at
// the new client. It has no AM handlers of its own: its barrier and collectives are the
// collectives engine's (src/coll/).
#pragma once

namespace gex::legacy {
// Called once from gex_Client_Init, after the primordial endpoint exists and before this rank polls.
void init();
// Points GASNET_TEAM_ALL at the primordial team (coll.cpp), called by init().
void init_collectives();
}  // namespace gex::legacy
