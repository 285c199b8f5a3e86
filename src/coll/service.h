// Entry point of the coll service: registers its internal AM handlers and state.
#pragma once

namespace gex::coll {
// Called once from gex_Client_Init, after the primordial endpoint exists and before this rank polls.
void init();
}  // namespace gex::coll
