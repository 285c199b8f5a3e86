// gexrun -n N program args...: starts an N-rank job on this host and stays as its monitor; with a
// host list (--hosts, --hostfile, GASNET_SSH_SERVERS, GASNET_NODEFILE) it starts an agent on
// each host that does the same there (coordinator.h). See docs/launch.md.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include "bootstrap/bootstrap.h"
#include "bootstrap/control_block.h"
#include "bootstrap/launch.h"
#include "coordinator.h"
#include "launch_options.h"
#include "local_job.h"

using namespace gex::bootstrap;
using namespace gex::gexrun;

int main(int argc, char **argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && args[0] == "--agent") return run_agent(args);
  const ParsedCommandLine parsed = parse_command_line(args);
  if (!parsed.options) {
    std::fputs(parsed.out.c_str(), stdout);
    std::fputs(parsed.err.c_str(), stderr);
    return parsed.exit_code;
  }
  const LaunchOptions &options = *parsed.options;

  std::string job_id;
  MonitorOptions monitor_options;
  try {
    job_id = job_id_from_env_or_pid();
    monitor_options = monitor_options_from_env("gexrun");
  } catch (const std::invalid_argument &error) {
    std::fprintf(stderr, "gexrun: %s\n", error.what());
    return kUsageErrorCode;
  }
  // What a launcher killed with SIGKILL left in /dev/shm (nothing could remove it then).
  remove_stale_job_shm_objects();
  if (const std::string problem = find_program_problem(options.command[0]); !problem.empty()) {
    std::fprintf(stderr, "gexrun: %s\n", problem.c_str());
    return kCannotExecuteCode;
  }
  if (!options.hosts.empty()) return run_multi_host(options, plan_hosts(options), job_id, monitor_options);

  const std::string control_name = control_block_name(job_id);
  ControlBlockMapping control;
  try {
    control = create_control_block(options.ranks, job_id, control_name);
  } catch (const std::system_error &error) {
    std::fprintf(stderr, "gexrun: cannot create the job control block: %s%s\n", error.what(),
                 error.code().value() == EEXIST
                     ? " (another job with this GEX_JOB_ID is running, or one crashed: "
                       "remove /dev/shm/gex-<id>-*)"
                     : "");
    return 1;
  }
  std::vector<uint32_t> ranks(options.ranks);
  for (uint32_t r = 0; r < options.ranks; ++r) ranks[r] = r;
  return run_local_ranks(*control.block, control_name, ranks, options.ranks, job_id,
                         options.command, monitor_options);
}
