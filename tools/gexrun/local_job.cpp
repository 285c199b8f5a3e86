#include "local_job.h"

#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "bootstrap/launch.h"

namespace gex::gexrun {

namespace {

bool is_executable_file(const std::string &path) {
  struct stat info {};
  return stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode) && access(path.c_str(), X_OK) == 0;
}

// The PATH entry holding `program`, or empty.
std::string search_path(const std::string &program) {
  const char *path = std::getenv("PATH");
  std::string search = path ? path : "/usr/local/bin:/usr/bin:/bin";
  size_t start = 0;
  while (start <= search.size()) {
    const size_t end = std::min(search.find(':', start), search.size());
    const std::string directory = end > start ? search.substr(start, end - start) : ".";
    if (is_executable_file(directory + "/" + program)) return directory + "/" + program;
    start = end + 1;
  }
  return {};
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

std::string find_program_problem(const std::string &program) {
  if (program.find('/') != std::string::npos) {
    if (access(program.c_str(), X_OK) != 0)
      return "cannot execute '" + program + "': " + std::strerror(errno);
    if (!is_executable_file(program)) return "cannot execute '" + program + "': not a file";
    return {};
  }
  if (search_path(program).empty()) return "program '" + program + "' not found in PATH";
  return {};
}

std::string absolute_program(const std::string &program) {
  std::string path = program.find('/') == std::string::npos ? search_path(program) : program;
  if (path.empty()) return program;
  char resolved[PATH_MAX];
  if (path[0] != '/' && realpath(path.c_str(), resolved)) return resolved;
  return path;
}

int run_local_ranks(bootstrap::ControlBlock &control, const std::string &control_name,
                    const std::vector<uint32_t> &ranks, uint32_t size, const std::string &job_id,
                    const std::vector<std::string> &command,
                    const bootstrap::MonitorOptions &monitor_options) {
  using namespace gex::bootstrap;
  std::vector<char *> rank_argv;
  for (const std::string &arg : command) rank_argv.push_back(const_cast<char *>(arg.c_str()));
  rank_argv.push_back(nullptr);

  std::fflush(nullptr);
  const sigset_t monitor_signals = monitor_signal_set();
  sigset_t previous_mask;
  pthread_sigmask(SIG_BLOCK, &monitor_signals, &previous_mask);
  std::vector<int> pids(size, 0);
  for (uint32_t rank : ranks) {
    const pid_t pid = fork_rank(previous_mask);
    if (pid == 0) exec_rank(rank_argv, job_id, rank, size, control_name);
    if (pid < 0) {
      std::fprintf(stderr, "gexrun: cannot start rank %u: fork: %s\n", rank, std::strerror(errno));
      control.begin_ending(1, 0.0);  // the ranks already started leave from their barrier
      break;
    }
    control.ranks()[rank].pid.store(pid, std::memory_order_relaxed);
    pids[rank] = pid;
  }
  return run_monitor(control, pids, monitor_options);
}

}  // namespace gex::gexrun
