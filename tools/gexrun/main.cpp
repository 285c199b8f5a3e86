// gexrun -n N program args...: starts an N-rank job on this host and stays as its monitor.
// See docs/launch.md.
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include "bootstrap/bootstrap.h"
#include "bootstrap/control_block.h"
#include "bootstrap/launch.h"
#include "launch_options.h"

namespace {

using namespace gex::bootstrap;

constexpr int kCannotExecuteCode = 127;  // as the shell reports a missing program

bool is_executable_file(const std::string &path) {
  struct stat info {};
  return stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode) && access(path.c_str(), X_OK) == 0;
}

// Checked once up front so that a typo gives one clear message rather than N from the ranks.
// Returns an error message, empty when the program can be run.
std::string find_program_problem(const std::string &program) {
  if (program.find('/') != std::string::npos) {
    if (access(program.c_str(), X_OK) != 0)
      return "cannot execute '" + program + "': " + std::strerror(errno);
    if (!is_executable_file(program)) return "cannot execute '" + program + "': not a file";
    return {};
  }
  const char *path = std::getenv("PATH");
  std::string search = path ? path : "/usr/local/bin:/usr/bin:/bin";
  size_t start = 0;
  while (start <= search.size()) {
    const size_t end = std::min(search.find(':', start), search.size());
    const std::string directory = end > start ? search.substr(start, end - start) : ".";
    if (is_executable_file(directory + "/" + program)) return {};
    start = end + 1;
  }
  return "program '" + program + "' not found in PATH";
}

[[noreturn]] void exec_rank(const std::vector<char *> &argv, const std::string &job_id,
                            uint32_t rank, uint32_t size, const std::string &control_name) {
  setenv("GEX_JOB_ID", job_id.c_str(), 1);
  setenv("GEX_RANK", std::to_string(rank).c_str(), 1);
  setenv("GEX_SIZE", std::to_string(size).c_str(), 1);
  setenv("GEX_JOB_CTL", control_name.c_str(), 1);
  execvp(argv[0], argv.data());
  std::fprintf(stderr, "gexrun: rank %u: cannot execute '%s': %s\n", rank, argv[0],
               std::strerror(errno));
  _exit(kCannotExecuteCode);
}

}  // namespace

int main(int argc, char **argv) {
  const gex::gexrun::ParsedCommandLine parsed =
      gex::gexrun::parse_command_line(std::vector<std::string>(argv + 1, argv + argc));
  if (!parsed.options) {
    std::fputs(parsed.out.c_str(), stdout);
    std::fputs(parsed.err.c_str(), stderr);
    return parsed.exit_code;
  }
  const gex::gexrun::LaunchOptions &options = *parsed.options;

  std::string job_id;
  MonitorOptions monitor_options;
  try {
    job_id = job_id_from_env_or_pid();
    monitor_options = monitor_options_from_env("gexrun");
  } catch (const std::invalid_argument &error) {
    std::fprintf(stderr, "gexrun: %s\n", error.what());
    return gex::gexrun::kUsageErrorCode;
  }
  if (const std::string problem = find_program_problem(options.command[0]); !problem.empty()) {
    std::fprintf(stderr, "gexrun: %s\n", problem.c_str());
    return kCannotExecuteCode;
  }

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

  std::vector<char *> rank_argv;
  for (const std::string &arg : options.command) rank_argv.push_back(const_cast<char *>(arg.c_str()));
  rank_argv.push_back(nullptr);

  std::fflush(nullptr);
  const sigset_t monitor_signals = monitor_signal_set();
  sigset_t previous_mask;
  pthread_sigmask(SIG_BLOCK, &monitor_signals, &previous_mask);
  std::vector<int> pids;
  for (uint32_t rank = 0; rank < options.ranks; ++rank) {
    const pid_t pid = fork_rank(previous_mask);
    if (pid == 0) exec_rank(rank_argv, job_id, rank, options.ranks, control_name);
    if (pid < 0) {
      std::fprintf(stderr, "gexrun: cannot start rank %u: fork: %s\n", rank, std::strerror(errno));
      control.block->begin_ending(1, 0.0);  // the ranks already started leave from their barrier
      break;
    }
    control.block->ranks()[rank].pid.store(pid, std::memory_order_relaxed);
    pids.push_back(pid);
  }
  return run_monitor(*control.block, pids, monitor_options);
}
