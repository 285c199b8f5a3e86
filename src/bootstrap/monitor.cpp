// The job monitor: watches the rank processes, turns the first way a rank leaves into the job's
// end (docs/launch.md, "How a job ends"), and removes what the job left in /dev/shm.
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <unordered_map>
#include <vector>

#include "bootstrap/bootstrap.h"
#include "bootstrap/control_block.h"
#include "bootstrap/launch.h"

namespace gex::bootstrap {

namespace {

using Clock = std::chrono::steady_clock;

// How often the monitor looks at the control block when no signal wakes it.
constexpr std::chrono::milliseconds kPollInterval{50};

class JobMonitor {
 public:
  JobMonitor(ControlBlock &control, const std::vector<int> &rank_pids,
             const MonitorOptions &options)
      : control_(control), options_(options), pids_(rank_pids),
        running_(rank_pids.size(), true), signalled_(rank_pids.size(), false),
        still_running_(rank_pids.size()) {
    for (size_t r = 0; r < pids_.size(); ++r) rank_of_[pids_[r]] = static_cast<uint32_t>(r);
  }

  int run() {
    const sigset_t signals = monitor_signal_set();
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);  // normally done by the caller already
    while (true) {
      reap_exited_ranks();
      if (!ending_ && control_.job_ending.load(std::memory_order_acquire))
        begin_ending(control_.recorded_exit_code(), /*terminate_now=*/false);
      if (still_running_ == 0) break;
      unlink_control_block_once_all_joined();
      if (ending_ && !killed_ && Clock::now() >= kill_deadline_) kill_remaining(SIGKILL);
      wait_for_signal(signals);
    }
    remove_job_shm_objects(control_.job_id);
    const int code = control_.recorded_exit_code();
    return code == ControlBlock::kNoExitCode ? 0 : (code & 0xff);
  }

 private:
  void reap_exited_ranks() {
    int status = 0;
    pid_t pid;
    while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
      const auto found = rank_of_.find(pid);
      if (found == rank_of_.end()) continue;  // a child the client forked before join()
      const uint32_t rank = found->second;
      if (!running_[rank]) continue;
      running_[rank] = false;
      --still_running_;
      if (WIFEXITED(status)) {
        // Returning from main or exit(c) without gasnet_exit: the job ends with c.
        if (!ending_) begin_ending(WEXITSTATUS(status), /*terminate_now=*/false);
      } else if (WIFSIGNALED(status)) {
        rank_killed_by_signal(rank, pid, WTERMSIG(status), WCOREDUMP(status));
      }
    }
  }

  void rank_killed_by_signal(uint32_t rank, pid_t pid, int signal_number, bool core_dumped) {
    if (signalled_[rank]) return;  // our own SIGTERM/SIGKILL while ending: expected
    std::fprintf(stderr, "%s: rank %u (pid %d on host %s) was killed by signal %d (%s)%s%s\n",
                 options_.name.c_str(), rank, static_cast<int>(pid), host_name().c_str(),
                 signal_number, signal_description(signal_number).c_str(),
                 core_dumped ? " (core dumped)" : "", ending_ ? "" : "; ending the job");
    std::fflush(stderr);
    if (!ending_) begin_ending(128 + signal_number, /*terminate_now=*/true);
  }

  // From here on the job is over: ranks polling the control block leave on their own; the
  // rest get the grace period, then SIGKILL.
  void begin_ending(int code, bool terminate_now) {
    ending_ = true;
    control_.begin_ending(code);
    kill_deadline_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                        std::chrono::duration<double>(options_.exit_grace_seconds));
    if (terminate_now) send_to_remaining(SIGTERM);
  }

  void send_to_remaining(int signal_number) {
    for (size_t r = 0; r < pids_.size(); ++r) {
      if (!running_[r]) continue;
      signalled_[r] = true;
      kill(pids_[r], signal_number);
    }
  }

  void kill_remaining(int signal_number) {
    send_to_remaining(signal_number);
    killed_ = true;
  }

  // Once every rank has attached, nobody needs the name any more; unlinking it early means
  // not even a SIGKILLed gexrun leaves the control block behind.
  void unlink_control_block_once_all_joined() {
    if (control_unlinked_) return;
    RankRecord *records = control_.ranks();
    for (size_t r = 0; r < pids_.size(); ++r)
      if (records[r].state.load(std::memory_order_acquire) != kRankJoined) return;
    shm_unlink(control_block_name(control_.job_id).c_str());  // ENOENT when anonymous
    control_unlinked_ = true;
  }

  void wait_for_signal(const sigset_t &signals) {
    auto timeout = std::chrono::duration_cast<std::chrono::nanoseconds>(kPollInterval);
    if (ending_ && !killed_)
      timeout = std::clamp(std::chrono::duration_cast<std::chrono::nanoseconds>(
                               kill_deadline_ - Clock::now()),
                           std::chrono::nanoseconds{0}, timeout);
    const timespec wait{0, static_cast<long>(timeout.count())};
    siginfo_t info{};
    const int signal_number = sigtimedwait(&signals, &info, &wait);
    if (signal_number == SIGINT || signal_number == SIGTERM || signal_number == SIGHUP)
      launcher_signalled(signal_number);
  }

  // SIGINT/SIGTERM/SIGHUP to the launcher: pass it on to the ranks and end the job. A second
  // one means "now": SIGKILL without waiting for the grace period.
  void launcher_signalled(int signal_number) {
    if (ending_ && externally_signalled_) {
      kill_remaining(SIGKILL);
      return;
    }
    externally_signalled_ = true;
    std::fprintf(stderr, "%s: received signal %d (%s); ending the job\n", options_.name.c_str(),
                 signal_number, signal_description(signal_number).c_str());
    std::fflush(stderr);
    if (!ending_) begin_ending(128 + signal_number, /*terminate_now=*/false);
    send_to_remaining(signal_number);
  }

  ControlBlock &control_;
  const MonitorOptions &options_;
  std::vector<int> pids_;
  std::unordered_map<pid_t, uint32_t> rank_of_;
  std::vector<bool> running_;
  std::vector<bool> signalled_;  // ranks we signalled ourselves: their deaths are expected
  size_t still_running_;
  bool ending_ = false;
  bool killed_ = false;
  bool externally_signalled_ = false;
  bool control_unlinked_ = false;
  Clock::time_point kill_deadline_{};
};

}  // namespace

int run_monitor(ControlBlock &control, const std::vector<int> &rank_pids,
                const MonitorOptions &options) {
  return JobMonitor(control, rank_pids, options).run();
}

}  // namespace gex::bootstrap
