// Entry point of the vis service: registers its internal AM handlers and state.
#pragma once

namespace gex::vis {
// Called once from gex_Client_Init, after the primordial endpoint exists and before this rank polls.
void init();
}  // namespace gex::vis
