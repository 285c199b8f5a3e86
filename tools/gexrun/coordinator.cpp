#include "coordinator.h"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <stdexcept>
#include <system_error>

#include "bootstrap/control_block.h"
#include "bootstrap/env_values.h"
#include "bootstrap/host_relay.h"
#include "bootstrap/launch.h"
#include "bootstrap/wire.h"
#include "local_job.h"

extern char **environ;

namespace gex::gexrun {

namespace {

using bootstrap::monotonic_ns;
namespace wire = bootstrap::wire;

constexpr int64_t kSecond = 1000000000;

std::string random_cookie() {
  unsigned char bytes[16] = {};
  if (FILE *f = std::fopen("/dev/urandom", "rb")) {
    if (std::fread(bytes, 1, sizeof bytes, f) != sizeof bytes) bytes[0] ^= 1;
    std::fclose(f);
  }
  std::string hex;
  char two[3];
  for (unsigned char b : bytes) {
    std::snprintf(two, sizeof two, "%02x", b);
    hex += two;
  }
  return hex + std::to_string(getpid());
}

// The variables every host's ranks must see as they are here: the runtime's and libfabric's
// settings, and what -x names.
bool forwarded(const std::string &name, const std::vector<std::string> &extra) {
  for (const char *prefix : {"GEX_", "GASNET_", "FI_", "GASPI_", "LD_LIBRARY_PATH"})
    if (name.rfind(prefix, 0) == 0) return true;
  return std::find(extra.begin(), extra.end(), name) != extra.end();
}

std::string current_directory() {
  char buffer[PATH_MAX];
  return getcwd(buffer, sizeof buffer) ? buffer : "/";
}

std::string this_executable() {
  if (const char *given = bootstrap::env_or_null("GEX_REMOTE_GEXRUN")) return given;
  char buffer[PATH_MAX] = {};
  const ssize_t n = readlink("/proc/self/exe", buffer, sizeof buffer - 1);
  return n > 0 ? std::string(buffer, size_t(n)) : "gexrun";
}

double seconds_from_env(const char *name, double fallback) {
  const char *value = bootstrap::env_or_null(name);
  return value ? bootstrap::parse_seconds(name, value) : fallback;
}

// "rank 3", "ranks 0..3" or "ranks 0,2,4" (a machine file that repeats hosts).
std::string ranks_text(const std::vector<uint32_t> &ranks) {
  if (ranks.size() == 1) return "rank " + std::to_string(ranks[0]);
  if (ranks.back() - ranks.front() + 1 == ranks.size())
    return "ranks " + std::to_string(ranks.front()) + ".." + std::to_string(ranks.back());
  std::string text = "ranks ";
  for (size_t i = 0; i < ranks.size(); ++i) {
    if (i) text += ',';
    text += std::to_string(ranks[i]);
  }
  return text;
}

struct Host {
  HostPlan plan;
  pid_t spawner = -1;          // the ssh (or template) process
  wire::Connection link;
  bool connected = false;      // said hello with the right cookie
  bool done = false;           // its ranks are all gone
  bool lost = false;           // failed: the job ends
  int code = 0;                // its exit code (Done)
  int64_t last_heard_ns = 0;
  uint32_t barrier_generation = 0;  // the barrier it has reached (0: none pending)
  std::vector<uint8_t> barrier_bytes;
};

class Coordinator {
 public:
  Coordinator(const LaunchOptions &options, const std::vector<HostPlan> &plan, const std::string &job_id,
              const bootstrap::MonitorOptions &monitor)
      : options_(options), job_id_(job_id), monitor_(monitor) {
    for (const HostPlan &p : plan) {
      hosts_.emplace_back();
      hosts_.back().plan = p;
      for (uint32_t r : p.ranks) size_ = std::max(size_, r + 1);
    }
    host_of_.assign(size_, 0);
    for (size_t h = 0; h < hosts_.size(); ++h)
      for (uint32_t r : hosts_[h].plan.ranks) host_of_[r] = uint32_t(h);
  }

  int run() {
    try {
      start_timeout_ns_ = int64_t(seconds_from_env("GEX_SPAWN_TIMEOUT", 60) * 1e9);
      host_timeout_ns_ = int64_t(seconds_from_env("GEX_HOST_TIMEOUT", 10) * 1e9);
      spawn_template_ = options_.spawn_cmd;
      if (spawn_template_.empty()) {
        if (const char *t = bootstrap::env_or_null("GEX_SPAWN_CMD")) spawn_template_ = t;
        else if (const char *fn = bootstrap::env_or_null("GASNET_SPAWNFN"); fn && (*fn == 'C' || *fn == 'c'))
          if (const char *t = bootstrap::env_or_null("GASNET_CSPAWN_CMD")) spawn_template_ = t;
      }
      if (!spawn_template_.empty()) expand_spawn_template(spawn_template_, "h", "c", 1);  // validate
      if (job_id_.size() + 1 + std::to_string(hosts_.size()).size() > 40)
        throw std::invalid_argument("GEX_JOB_ID '" + job_id_ + "' is too long for a multi-host job (at most " +
                                    std::to_string(39 - std::to_string(hosts_.size()).size()) + " characters)");
    } catch (const std::invalid_argument &error) {
      std::fprintf(stderr, "gexrun: %s\n", error.what());
      return kUsageErrorCode;
    }
    uint16_t port = 0;
    try {
      listener_ = wire::listen_any(&port);
    } catch (const std::exception &error) {
      std::fprintf(stderr, "gexrun: %s\n", error.what());
      return 1;
    }
    std::string address = options_.bootstrap_address;
    if (address.empty())
      if (const char *a = bootstrap::env_or_null("GEX_BOOTSTRAP_ADDR")) address = a;
    if (address.empty()) address = wire::default_address();
    coordinator_address_ = address + ":" + std::to_string(port);
    cookie_ = random_cookie();

    sigset_t signals = bootstrap::monitor_signal_set();
    sigset_t previous;
    pthread_sigmask(SIG_BLOCK, &signals, &previous);
    signal_fd_ = signalfd(-1, &signals, SFD_NONBLOCK | SFD_CLOEXEC);
    started_ns_ = monotonic_ns();
    for (size_t h = 0; h < hosts_.size(); ++h) spawn(h, previous);
    loop();
    return finish();
  }

 private:
  // The command an agent runs: in the same directory, with the forwarded environment.
  std::string agent_command(size_t h) const {
    std::string command = "cd " + shell_quote(current_directory()) + " 2>/dev/null; exec env";
    // Appended word by word (" " + a temporary string made GCC 12 report a false -Wrestrict at -O3).
    const auto word = [&command](const std::string &w) {
      command += ' ';
      command += w;
    };
    for (char **e = environ; *e; ++e) {
      const std::string entry = *e;
      const size_t eq = entry.find('=');
      if (eq == std::string::npos || !forwarded(entry.substr(0, eq), options_.forward_env)) continue;
      word(shell_quote(entry));
    }
    word(shell_quote(this_executable()));
    word("--agent");
    word(shell_quote(coordinator_address_));
    word(cookie_);
    word(std::to_string(h));
    word("--");
    word(shell_quote(absolute_program(options_.command[0])));
    for (size_t i = 1; i < options_.command.size(); ++i) word(shell_quote(options_.command[i]));
    return command;
  }

  void spawn(size_t h, const sigset_t &child_mask) {
    Host &host = hosts_[h];
    const std::string command = agent_command(h);
    std::vector<std::string> argv;
    if (!spawn_template_.empty()) {
      argv = {"/bin/sh", "-c", expand_spawn_template(spawn_template_, host.plan.name, "/bin/sh -c " + shell_quote(command),
                                                     host.plan.ranks.size())};
    } else {
      const char *ssh = bootstrap::env_or_null("GASNET_SSH_CMD");
      argv = {ssh ? ssh : "ssh", "-n", "-o", "BatchMode=yes", "-o", "ConnectTimeout=10"};
      if (const char *extra = bootstrap::env_or_null("GASNET_SSH_OPTIONS"))
        for (const std::string &word : split_host_list(extra)) argv.push_back(word);
      argv.push_back(host.plan.name);
      argv.push_back(command);
    }
    std::fflush(nullptr);
    const pid_t pid = fork();
    if (pid == 0) {
      sigprocmask(SIG_SETMASK, &child_mask, nullptr);
      const int null_fd = open("/dev/null", O_RDONLY);
      if (null_fd >= 0) dup2(null_fd, 0);  // the agents never read gexrun's input
      std::vector<char *> args;
      for (std::string &a : argv) args.push_back(a.data());
      args.push_back(nullptr);
      execvp(args[0], args.data());
      std::fprintf(stderr, "gexrun: cannot run '%s' to start host %s: %s\n", args[0], host.plan.name.c_str(),
                   std::strerror(errno));
      _exit(kCannotExecuteCode);
    }
    if (pid < 0) {
      lose(h, std::string("cannot fork its spawner: ") + std::strerror(errno));
      return;
    }
    host.spawner = pid;
  }

  void send_all(const std::vector<uint8_t> &frame, size_t except = SIZE_MAX) {
    for (size_t h = 0; h < hosts_.size(); ++h)
      if (h != except && hosts_[h].connected && !hosts_[h].lost) hosts_[h].link.send(frame);
  }

  // The job ends (the first non-zero code wins): every host is told once.
  void end_job(int code, bool at_once, size_t from = SIZE_MAX) {
    if (code != 0 && job_code_ == 0) job_code_ = code;
    if (ending_) return;
    ending_ = true;
    ending_at_ns_ = monotonic_ns();
    send_all(wire::Writer(wire::Type::Ending).i32(code).u32(at_once).frame(), from);
  }

  void lose(size_t h, const std::string &why) {
    Host &host = hosts_[h];
    if (host.lost || host.done) return;
    host.lost = true;
    host.link.close();
    // A fault-tolerant job (GEX_FAULT_TOLERANT=1) goes on without the host: its ranks are failed
    // ranks for the others (as a rank killed by a signal is), and the job's code says so.
    const bool goes_on = monitor_.fault_tolerant && !ending_;
    std::fprintf(stderr, "gexrun: host %s (%s): %s; %s\n", host.plan.name.c_str(),
                 ranks_text(host.plan.ranks).c_str(), why.c_str(),
                 goes_on ? "the job goes on without it (GEX_FAULT_TOLERANT)" : "ending the job");
    std::fflush(stderr);
    // Its ranks count as gone (or failed), so the others' coordinated exit does not wait for them.
    for (uint32_t r : host.plan.ranks)
      send_all(wire::Writer(wire::Type::RankState).u32(r).u32(goes_on ? bootstrap::kRankFailed : bootstrap::kRankGone).frame());
    if (goes_on) {
      if (job_code_ == 0) job_code_ = 1;
      return;
    }
    end_job(1, /*at_once=*/true);
  }

  void accept_agents() {
    while (true) {
      const int fd = accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
      if (fd < 0) return;
      pending_.emplace_back(fd);
    }
  }

  void hello(wire::Connection &link, const wire::Frame &frame) {
    wire::Reader in = frame.reader();
    const std::string cookie = in.str();
    const uint32_t h = in.u32();
    if (cookie != cookie_ || h >= hosts_.size() || hosts_[h].connected || hosts_[h].lost) return;  // dropped
    Host &host = hosts_[h];
    host.link = std::move(link);
    host.connected = true;
    host.last_heard_ns = monotonic_ns();
    wire::Writer setup(wire::Type::Setup);
    setup.str(job_id_).u32(size_).u32(uint32_t(host_timeout_ns_ / 1000000)).u32(uint32_t(hosts_.size()));
    for (const Host &each : hosts_) setup.str(each.plan.name);
    for (uint32_t r = 0; r < size_; ++r) setup.u32(host_of_[r]);
    host.link.send(setup.frame());
    // A host that arrives after the job began ending learns it at once.
    if (ending_) host.link.send(wire::Writer(wire::Type::Ending).i32(job_code_ ? job_code_ : 1).u32(1).frame());
  }

  void from_host(size_t h, const wire::Frame &frame) {
    Host &host = hosts_[h];
    wire::Reader in = frame.reader();
    switch (frame.type) {
      case wire::Type::Barrier: {
        host.barrier_generation = in.u32();
        const uint32_t len = in.u32();
        if (len > bootstrap::kMaxExchangeBytes) throw std::runtime_error("barrier data too long");
        barrier_len_ = len;
        const uint8_t *bytes = in.raw(size_t(len) * host.plan.ranks.size());
        host.barrier_bytes.assign(bytes, bytes + size_t(len) * host.plan.ranks.size());
        complete_barrier_if_all_arrived();
        break;
      }
      case wire::Type::Ending: {
        const int code = in.i32();
        const bool at_once = in.u32() != 0;
        end_job(code, at_once, h);
        break;
      }
      case wire::Type::RankState: {
        const uint32_t rank = in.u32();
        const uint32_t state = in.u32();
        send_all(wire::Writer(wire::Type::RankState).u32(rank).u32(state).frame(), h);
        break;
      }
      case wire::Type::Done:
        host.code = in.i32();
        host.done = true;
        if (host.code != 0 && job_code_ == 0) job_code_ = host.code;
        break;
      case wire::Type::Signal: {  // to the host of the rank named
        const uint32_t rank = in.u32();
        const uint32_t signal_number = in.u32();
        if (rank >= size_) break;
        Host &owner = hosts_[host_of_[rank]];
        if (owner.connected && !owner.lost) owner.link.send(wire::Writer(wire::Type::Signal).u32(rank).u32(signal_number).frame());
        break;
      }
      case wire::Type::Heartbeat:
        break;
      default:
        throw std::runtime_error("unexpected message type " + std::to_string(int(frame.type)));
    }
  }

  void complete_barrier_if_all_arrived() {
    const uint32_t generation = hosts_[0].barrier_generation;
    for (const Host &host : hosts_)
      if (host.lost || host.barrier_generation == 0 || host.barrier_generation != generation) return;
    const uint32_t len = barrier_len_;
    std::vector<uint8_t> all(size_t(len) * size_);
    for (Host &host : hosts_) {
      for (size_t i = 0; i < host.plan.ranks.size(); ++i)
        if (len && host.barrier_bytes.size() >= (i + 1) * len)  // len 0: a plain barrier
          std::memcpy(all.data() + size_t(host.plan.ranks[i]) * len, host.barrier_bytes.data() + i * len, len);
      host.barrier_generation = 0;
    }
    send_all(wire::Writer(wire::Type::BarrierDone).u32(generation).u32(len).raw(all.data(), all.size()).frame());
  }

  void reap_spawners() {
    int status = 0;
    pid_t pid;
    while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
      for (size_t h = 0; h < hosts_.size(); ++h) {
        Host &host = hosts_[h];
        if (host.spawner != pid) continue;
        host.spawner = -1;
        if (host.done) break;
        // Frames it sent just before its end may still be unread: read them first.
        if (host.connected) poll_host(h);
        if (host.done) break;
        const std::string how = WIFEXITED(status) ? "exited with code " + std::to_string(WEXITSTATUS(status))
                                                  : "was killed by signal " + std::to_string(WTERMSIG(status));
        lose(h, host.connected ? "its agent " + how + " before its ranks finished"
                               : "could not start gexrun's agent there (the spawner " + how + ")");
        break;
      }
    }
  }

  void poll_host(size_t h) {
    Host &host = hosts_[h];
    if (!host.connected || host.lost) return;
    std::vector<wire::Frame> frames;
    const bool alive = host.link.receive(frames);
    if (!frames.empty()) host.last_heard_ns = monotonic_ns();
    try {
      for (const wire::Frame &frame : frames) from_host(h, frame);
    } catch (const std::exception &error) {
      lose(h, std::string("bad message from its agent (") + error.what() + ")");
      return;
    }
    if (!alive && !host.done) lose(h, "lost contact with its agent");
    if (!alive) host.link.close();
  }

  bool all_over() const {
    for (const Host &host : hosts_)
      if ((!host.done && !host.lost) || host.spawner > 0) return false;
    return true;
  }

  void loop() {
    int64_t last_beat = monotonic_ns();
    while (!all_over()) {
      std::vector<pollfd> fds;
      fds.push_back({signal_fd_, POLLIN, 0});
      fds.push_back({listener_, POLLIN, 0});
      for (const wire::Connection &link : pending_) fds.push_back({link.fd(), POLLIN, 0});
      for (const Host &host : hosts_)
        if (host.connected && host.link.open())
          fds.push_back({host.link.fd(), short(POLLIN | (host.link.wants_to_write() ? POLLOUT : 0)), 0});
      ::poll(fds.data(), fds.size(), 100);
      const int64_t now = monotonic_ns();

      signalfd_siginfo info{};
      while (read(signal_fd_, &info, sizeof info) == sizeof info) {
        const int s = int(info.ssi_signo);
        if (s == SIGINT || s == SIGTERM || s == SIGHUP) signalled(s);
      }
      reap_spawners();
      accept_agents();
      for (size_t i = 0; i < pending_.size();) {
        std::vector<wire::Frame> frames;
        const bool alive = pending_[i].receive(frames);
        if (!frames.empty() && frames.front().type == wire::Type::Hello) {
          try {
            hello(pending_[i], frames.front());
          } catch (const std::exception &) {
          }
          pending_.erase(pending_.begin() + std::ptrdiff_t(i));  // moved into its host, or dropped
        } else if (!alive || !frames.empty()) {
          pending_.erase(pending_.begin() + std::ptrdiff_t(i));
        } else {
          ++i;
        }
      }
      for (size_t h = 0; h < hosts_.size(); ++h) poll_host(h);

      for (size_t h = 0; h < hosts_.size(); ++h) {
        Host &host = hosts_[h];
        if (host.done || host.lost) continue;
        if (!host.connected && now - started_ns_ > start_timeout_ns_)
          lose(h, "its agent did not report within " + std::to_string(start_timeout_ns_ / kSecond) +
                      " s (GEX_SPAWN_TIMEOUT)");
        else if (host.connected && now - host.last_heard_ns > host_timeout_ns_)
          lose(h, "no word from its agent for " + std::to_string(host_timeout_ns_ / kSecond) +
                      " s (GEX_HOST_TIMEOUT)");
      }
      if (now - last_beat >= kSecond) {
        last_beat = now;
        send_all(wire::Writer(wire::Type::Heartbeat).frame());
      }
      for (size_t h = 0; h < hosts_.size(); ++h)
        if (hosts_[h].connected && !hosts_[h].lost && !hosts_[h].link.flush() && !hosts_[h].done)
          lose(h, "lost contact with its agent");

      // Once the job is ending, agents get their grace and a margin; then their spawners go.
      const int64_t give_up = int64_t((monitor_.exit_grace_seconds + 5) * 1e9);
      if (ending_ && !killed_spawners_ && now - ending_at_ns_ > give_up) {
        killed_spawners_ = true;
        for (Host &host : hosts_) {
          if (host.spawner > 0) kill(host.spawner, SIGKILL);
          if (!host.done && !host.lost) host.lost = true;
        }
      }
    }
  }

  void signalled(int s) {
    if (signalled_) {  // a second one: now
      for (Host &host : hosts_)
        if (host.spawner > 0) kill(host.spawner, SIGKILL);
      return;
    }
    signalled_ = true;
    std::fprintf(stderr, "gexrun: received signal %d (%s); ending the job\n", s,
                 bootstrap::signal_description(s).c_str());
    std::fflush(stderr);
    end_job(128 + s, /*at_once=*/true);
  }

  int finish() {
    if (listener_ >= 0) close(listener_);
    if (signal_fd_ >= 0) close(signal_fd_);
    int code = job_code_;
    for (const Host &host : hosts_)
      if (code == 0 && host.lost) code = 1;
    return code & 0xff;
  }

  const LaunchOptions &options_;
  std::string job_id_;
  bootstrap::MonitorOptions monitor_;
  std::vector<Host> hosts_;
  std::vector<uint32_t> host_of_;
  uint32_t size_ = 0;
  std::string spawn_template_;
  std::string coordinator_address_;
  std::string cookie_;
  int listener_ = -1;
  int signal_fd_ = -1;
  std::vector<wire::Connection> pending_;  // accepted, no hello yet
  int64_t started_ns_ = 0;
  int64_t start_timeout_ns_ = 0;
  int64_t host_timeout_ns_ = 0;
  uint32_t barrier_len_ = 0;
  bool ending_ = false;
  int64_t ending_at_ns_ = 0;
  bool killed_spawners_ = false;
  bool signalled_ = false;
  int job_code_ = 0;
};

}  // namespace

int run_multi_host(const LaunchOptions &options, const std::vector<HostPlan> &plan, const std::string &job_id,
                   const bootstrap::MonitorOptions &monitor_options) {
  return Coordinator(options, plan, job_id, monitor_options).run();
}

int run_agent(const std::vector<std::string> &args) {
  // gexrun --agent ADDR COOKIE INDEX -- program args...
  if (args.size() < 6 || args[4] != "--") {
    std::fprintf(stderr, "gexrun --agent: started by gexrun for jobs on several hosts, not by hand\n");
    return kUsageErrorCode;
  }
  using namespace gex::bootstrap;
  char *end = nullptr;
  const unsigned long index = std::strtoul(args[3].c_str(), &end, 10);
  std::string host_label = "host #" + args[3];
  try {
    if (*end) throw std::runtime_error("bad host index '" + args[3] + "'");
    HostRelay relay(args[1], args[2], uint32_t(index));
    const JobSetup &setup = relay.setup();
    host_label = setup.host_names[setup.host_index];
    setenv("GEX_HOST_NAME", host_label.c_str(), 1);  // what the ranks' messages call this host
    MonitorOptions monitor = monitor_options_from_env("gexrun");
    monitor.relay = &relay;
    const std::vector<std::string> command(args.begin() + 5, args.end());
    if (const std::string problem = find_program_problem(command[0]); !problem.empty())
      throw std::runtime_error(problem);
    const std::string job_id = setup.job_id + "h" + std::to_string(setup.host_index);
    const std::string control_name = control_block_name(job_id);
    ControlBlockMapping control = create_control_block(setup.size, job_id, control_name, &setup.host_of,
                                                       setup.host_index);
    const int code = run_local_ranks(*control.block, control_name, relay.local_ranks(), setup.size, job_id,
                                     command, monitor);
    relay.finish(code);
    return code;
  } catch (const std::exception &error) {
    std::fprintf(stderr, "gexrun (%s): %s\n", host_label.c_str(), error.what());
    return 1;
  }
}

}  // namespace gex::gexrun
