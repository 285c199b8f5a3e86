// gexrun for a job on several hosts: starts one agent per host (through ssh or a spawn template),
// relays what crosses hosts between the agents, and ends the job everywhere when it ends
// anywhere. The agents are `gexrun --agent ...`: each is its host's job monitor.
// See docs/launch.md, "Jobs on several hosts", and src/bootstrap/host_relay.h.
#pragma once

#include <string>
#include <vector>

#include "bootstrap/bootstrap.h"
#include "launch_options.h"

namespace gex::gexrun {

// Runs the job; returns gexrun's exit code.
int run_multi_host(const LaunchOptions &options, const std::vector<HostPlan> &plan,
                   const std::string &job_id, const bootstrap::MonitorOptions &monitor_options);

// `gexrun --agent ADDR COOKIE INDEX -- program args`: one host's part of a job.
int run_agent(const std::vector<std::string> &args);

}  // namespace gex::gexrun
