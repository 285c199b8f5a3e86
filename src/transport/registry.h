// Which transports a job starts: the runtime asks for them once, at start-up, and builds its
// route table from what each one reaches (runtime/routes.h).
#pragma once

#include <memory>
#include <vector>

#include "transport/transport.h"

namespace gex::transport {

// Starts every transport this job needs, in order of preference (a peer's route is the first
// one that reaches it). Collective over the job.
std::vector<std::unique_ptr<Transport>> start_transports(const Config &config);

}  // namespace gex::transport
