// The job monitor: watches the rank processes, turns the first way a rank leaves into the job's
// end (docs/launch.md, "How a job ends"), and removes what the job left in /dev/shm.
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdio>
#include <unordered_map>
#include <vector>

#include "bootstrap/bootstrap.h"
#include "bootstrap/control_block.h"
#include "bootstrap/host_relay.h"
#include "bootstrap/launch.h"

namespace gex::bootstrap {

namespace {

// How often the monitor looks at the control block when no signal wakes it.
constexpr std::chrono::milliseconds kPollInterval{50};

// A host agent (multi-host jobs) also watches its link to gexrun; barriers relayed through it
// are latency-bound, so it looks at the control block more often.
constexpr std::chrono::milliseconds kRelayPollInterval{1};

class JobMonitor final : public MonitorHooks {
 public:
  JobMonitor(ControlBlock &control, const std::vector<int> &rank_pids,
             const MonitorOptions &options)
      : control_(control), options_(options), pids_(rank_pids),
        running_(rank_pids.size(), false), signalled_(rank_pids.size(), false),
        still_running_(0) {
    for (size_t r = 0; r < pids_.size(); ++r) {
      if (pids_[r] <= 0) continue;  // another host's rank, or one that could not be started
      rank_of_[pids_[r]] = static_cast<uint32_t>(r);
      running_[r] = true;
      ++still_running_;
    }
  }

  // MonitorHooks: the job ends because of something on another host (or the launcher is lost).
  void end_job(int code, bool at_once) override {
    control_.record_exit_code(code);
    if (!ending_) begin_ending(code, at_once);
    else if (at_once && !quit_sent_) {
      quit_at_ns_ = monotonic_ns();
      kill_at_ns_ = quit_at_ns_ + int64_t(std::max(1.0, options_.exit_grace_seconds) * 1e9);
      quit_stragglers();
    }
  }

  int run() {
    const sigset_t signals = monitor_signal_set();
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);  // normally done by the caller already
    if (options_.relay) {
      signal_fd_ = signalfd(-1, &signals, SFD_NONBLOCK | SFD_CLOEXEC);
      options_.relay->attach(&control_);
    }
    while (true) {
      reap_exited_ranks();
      if (options_.relay) options_.relay->poll(*this);
      if (!ending_ && control_.job_ending.load(std::memory_order_acquire))
        begin_ending(control_.recorded_exit_code(), /*quit_now=*/false);
      if (still_running_ == 0) break;
      unlink_control_block_once_all_joined();
      if (ending_ && !quit_sent_ && monotonic_ns() >= quit_at_ns_) quit_stragglers();
      if (ending_ && !killed_ && monotonic_ns() >= kill_at_ns_) kill_remaining(SIGKILL);
      wait_for_signal(signals);
    }
    if (signal_fd_ >= 0) close(signal_fd_);
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
      // A fault-tolerant job goes on without a rank that a signal killed (not one we signalled
      // ourselves while ending the job): it is marked failed for the others, not gone. So does
      // any job without a rank another rank asked to end (signal_rank: gaspi_proc_kill).
      const bool requested = control_.ranks()[rank].kill_requested.load(std::memory_order_acquire) != 0;
      if (WIFSIGNALED(status) && (options_.fault_tolerant || requested) && !ending_ && !signalled_[rank]) {
        rank_lost(rank, pid, WTERMSIG(status), WCOREDUMP(status), requested);
        continue;
      }
      // Ranks waiting in their exit for everyone to leave stop waiting for this one.
      control_.ranks()[rank].state.store(kRankGone, std::memory_order_release);
      if (WIFEXITED(status)) {
        // exit(c) without the runtime's exit coordination (before gex_Client_Init, or a
        // program that never initialises): the job ends with c.
        if (!ending_) begin_ending(WEXITSTATUS(status), /*quit_now=*/false);
      } else if (WIFSIGNALED(status)) {
        rank_killed_by_signal(rank, pid, WTERMSIG(status), WCOREDUMP(status));
      }
    }
  }

  void rank_killed_by_signal(uint32_t rank, pid_t pid, int signal_number, bool core_dumped) {
    if (signalled_[rank]) return;  // our own SIGQUIT/SIGTERM/SIGKILL while ending: expected
    std::fprintf(stderr, "%s: rank %u (pid %d on host %s) was killed by signal %d (%s)%s%s\n",
                 options_.name.c_str(), rank, static_cast<int>(pid), host_name().c_str(),
                 signal_number, signal_description(signal_number).c_str(),
                 core_dumped ? " (core dumped)" : "", ending_ ? "" : "; ending the job");
    std::fflush(stderr);
    if (!ending_) begin_ending(128 + signal_number, /*quit_now=*/true);
  }

  // GEX_FAULT_TOLERANT=1: the rank is reported and marked failed in the control block (the
  // others see it dead); the job goes on, and its exit code will be 128+signal (the first
  // non-zero code wins, as when the job ends at once). Without the mode, a rank that another
  // rank asked to end (`requested`: gaspi_proc_kill) is lost the same way, but its signal is
  // not the job's exit code: the program meant it (GPI-2's gaspi_proc_kill ends the process
  // and the job goes on).
  void rank_lost(uint32_t rank, pid_t pid, int signal_number, bool core_dumped, bool requested) {
    std::fprintf(stderr, "%s: rank %u (pid %d on host %s) was killed by signal %d (%s)%s%s; the job goes on without it (%s)\n",
                 options_.name.c_str(), rank, static_cast<int>(pid), host_name().c_str(), signal_number,
                 signal_description(signal_number).c_str(), core_dumped ? " (core dumped)" : "",
                 requested ? " at another rank's request" : "",
                 options_.fault_tolerant ? "GEX_FAULT_TOLERANT" : "gaspi_proc_kill");
    std::fflush(stderr);
    control_.mark_failed(rank, signal_number, /*record_code=*/options_.fault_tolerant);
  }

  // From here on the job is over (docs/launch.md, "How a job ends"). Ranks that are still
  // working get until the exit deadline (GEX_EXIT_TIMEOUT after the first exit) to reach their
  // own exit: a collective exit loses nothing. At the deadline the stragglers get SIGQUIT (the
  // runtime's handler, or the client's, leaves with the recorded code), and a second later
  // whatever is left gets SIGKILL. After a crash nobody is waited for: SIGQUIT at once.
  void begin_ending(int code, bool quit_now) {
    ending_ = true;
    control_.begin_ending(code, quit_now ? 0.0 : options_.exit_grace_seconds);
    quit_at_ns_ = control_.exit_deadline_ns.load(std::memory_order_acquire);
    if (quit_now) quit_at_ns_ = monotonic_ns();
    const double after_quit = quit_now ? std::max(1.0, options_.exit_grace_seconds) : 1.0;
    kill_at_ns_ = quit_at_ns_ + int64_t(after_quit * 1e9);
    if (quit_now) quit_stragglers();
  }

  // SIGQUIT to every rank that has not announced its exit (SIGTERM to one whose runtime has not
  // installed its handlers yet: SIGQUIT's default action would dump core).
  void quit_stragglers() {
    quit_sent_ = true;
    RankRecord *records = control_.ranks();
    for (size_t r = 0; r < pids_.size(); ++r) {
      if (!running_[r] || records[r].state.load(std::memory_order_acquire) >= kRankExiting) continue;
      signalled_[r] = true;
      kill(pids_[r], records[r].catches_sigquit.load(std::memory_order_acquire) ? SIGQUIT : SIGTERM);
    }
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
      if (pids_[r] > 0 && records[r].state.load(std::memory_order_acquire) < kRankJoined) return;
    shm_unlink(control_block_name(control_.job_id).c_str());  // ENOENT when anonymous
    control_unlinked_ = true;
  }

  void wait_for_signal(const sigset_t &signals) {
    int64_t timeout_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(kPollInterval).count();
    if (ending_) {
      const int64_t next = !quit_sent_ ? quit_at_ns_ : !killed_ ? kill_at_ns_ : INT64_MAX;
      if (next != INT64_MAX) timeout_ns = std::clamp<int64_t>(next - monotonic_ns(), 0, timeout_ns);
    }
    int signal_number = -1;
    if (signal_fd_ >= 0) {
      // A host agent: wake for a signal or for gexrun's messages, and at least every kRelayPollInterval.
      timeout_ns = std::min<int64_t>(timeout_ns, std::chrono::duration_cast<std::chrono::nanoseconds>(kRelayPollInterval).count());
      pollfd fds[2] = {{signal_fd_, POLLIN, 0}, {options_.relay->fd(), POLLIN, 0}};
      const timespec wait{0, static_cast<long>(timeout_ns)};
      ppoll(fds, options_.relay->fd() >= 0 ? 2 : 1, &wait, nullptr);
      signalfd_siginfo info{};
      while (read(signal_fd_, &info, sizeof info) == sizeof info) {
        const int s = int(info.ssi_signo);
        if (s == SIGINT || s == SIGTERM || s == SIGHUP) signal_number = s;
      }
    } else {
      const timespec wait{0, static_cast<long>(timeout_ns)};
      siginfo_t info{};
      signal_number = sigtimedwait(&signals, &info, &wait);
    }
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
    if (!ending_) begin_ending(128 + signal_number, /*quit_now=*/false);
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
  bool quit_sent_ = false;
  bool killed_ = false;
  bool externally_signalled_ = false;
  bool control_unlinked_ = false;
  int64_t quit_at_ns_ = 0;  // CLOCK_MONOTONIC (control_block.h: monotonic_ns)
  int64_t kill_at_ns_ = 0;
  int signal_fd_ = -1;  // host agents only
};

}  // namespace

int run_monitor(ControlBlock &control, const std::vector<int> &rank_pids,
                const MonitorOptions &options) {
  return JobMonitor(control, rank_pids, options).run();
}

}  // namespace gex::bootstrap
