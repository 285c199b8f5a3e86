// join() and the start-up collectives; how a rank ends the job. See docs/launch.md.
#include "bootstrap/bootstrap.h"

#include <pthread.h>
#include <signal.h>
#include <sched.h>
#include <unistd.h>

#include <sys/mman.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "bootstrap/control_block.h"
#include "bootstrap/env_values.h"
#include "bootstrap/launch.h"
#ifdef GEX_HAVE_PMIX
#include "bootstrap/pmix_client.h"
#endif

namespace gex::bootstrap {

std::atomic<uint32_t> *g_job_ending = nullptr;

namespace {

JobInfo g_job;
ControlBlock *g_control = nullptr;
double g_exit_timeout_seconds = 2.0;
bool g_fault_tolerant = false;
std::atomic<bool> g_joined{false};
std::mutex g_join_mutex;
// Joined through a PMIx launcher (mpirun, srun): start-up collectives and the cross-host part
// of the exit are PMIx fences, and no monitor process watches the ranks (the launcher does).
bool g_pmix = false;
bool g_host_leader = false;  // PMIx: the lowest rank of its host, which made the control block

// Before the job exists there is no one to tell: print and leave. Under gexrun the monitor sees
// this rank exit and ends the job.
[[noreturn]] void startup_error(const std::string &message) {
  std::fflush(nullptr);
  std::fprintf(stderr, "libgex (host %s): %s\n", host_name().c_str(), message.c_str());
  std::fflush(stderr);
  _exit(1);
}

// Waits politely: yield first (a peer may be one scheduling slice away), then short sleeps so
// that a long wait (a slow peer starting up) does not burn a core. Leaves an ending job.
class PoliteSpin {
 public:
  void pause() {
    // A rank lost during start-up (fault-tolerant jobs) leaves these collectives incomplete.
    if (job_ending() || failed_rank_count() != 0) leave_ending_job();
    if (++spins_ < kYieldSpins) {
      sched_yield();
    } else {
      const timespec nap{0, 100 * 1000};
      nanosleep(&nap, nullptr);
    }
  }

 private:
  static constexpr unsigned kYieldSpins = 20000;
  unsigned spins_ = 0;
};

void become_rank(ControlBlock *control, uint32_t rank, const std::string &job_id) {
  g_control = control;
  g_job.rank = rank;
  g_job.size = control->size;
  g_job.job_id = job_id;
  g_job.host_rank = 0;
  g_job.host_count = 1;
  RankRecord &record = control->ranks()[rank];
  record.pid.store(static_cast<int32_t>(getpid()), std::memory_order_relaxed);
  record.state.store(kRankJoined, std::memory_order_release);
  g_job_ending = &control->job_ending;
  const MonitorOptions options = monitor_options_from_env("libgex");
  g_exit_timeout_seconds = options.exit_grace_seconds;
  g_fault_tolerant = options.fault_tolerant;
}

#ifdef GEX_HAVE_PMIX
// The job id of a PMIx job: GEX_JOB_ID when set, otherwise from the launcher's namespace.
std::string pmix_job_id(const std::string &nspace) {
  if (const char *given = env_or_null("GEX_JOB_ID")) return validate_job_id("GEX_JOB_ID", given);
  std::string id = "x";
  for (char c : nspace)
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.') id += c;
  return id.substr(0, 30);
}

// Started by mpirun or srun (PMIx): the ranks of each host share a control block that the host's
// lowest rank creates; collectives across the job are PMIx fences.
void join_pmix_job() {
  const pmix::Session session = pmix::init();
  // Which host each rank is on, as the launcher names the hosts (containers or network
  // namespaces of one machine share the kernel's host name); the kernel's name where it says
  // nothing. Hosts are numbered in order of their lowest rank.
  std::vector<std::string> by_launcher = pmix::host_names();
  if (!by_launcher[session.rank].empty()) setenv("GEX_HOST_NAME", by_launcher[session.rank].c_str(), 0);
  char mine[256] = {};
  std::strncpy(mine, host_name().c_str(), sizeof mine - 1);
  std::vector<char> all(size_t(session.size) * sizeof mine);
  pmix::allgather(mine, sizeof mine, all.data());
  std::vector<std::string> names;
  std::vector<uint32_t> host_of(session.size);
  for (uint32_t r = 0; r < session.size; ++r) {
    const std::string name(&all[size_t(r) * sizeof mine]);
    uint32_t h = 0;
    while (h < names.size() && names[h] != name) ++h;
    if (h == names.size()) names.push_back(name);
    host_of[r] = h;
  }
  const uint32_t my_host = host_of[session.rank];
  uint32_t leader = session.rank;
  for (uint32_t r = 0; r < session.size; ++r)
    if (host_of[r] == my_host) { leader = r; break; }
  const std::string job_id = pmix_job_id(session.nspace) + "h" + std::to_string(my_host);
  const std::string name = control_block_name(job_id);
  ControlBlock *control = nullptr;
  if (session.rank == leader) control = create_control_block(session.size, job_id, name, &host_of, my_host).block;
  pmix::fence();
  if (!control) control = attach_control_block(name, session.size, job_id).block;
  become_rank(control, session.rank, job_id);
  pmix::fence();
  if (session.rank == leader) shm_unlink(name.c_str());  // every rank of the host has it mapped
  g_pmix = true;
  g_host_leader = session.rank == leader;
}
#endif

bool launched_by_gexrun() {
  return env_or_null("GEX_JOB_CTL") || env_or_null("GEX_RANK") || env_or_null("GEX_SIZE");
}

const char *required_env(const char *variable) {
  const char *value = env_or_null(variable);
  if (!value)
    throw std::invalid_argument(std::string(variable) +
                                " is not set, but other gexrun variables are (GEX_JOB_ID, "
                                "GEX_RANK, GEX_SIZE, GEX_JOB_CTL go together)");
  return value;
}

void join_launched_job() {
  const std::string job_id = validate_job_id("GEX_JOB_ID", required_env("GEX_JOB_ID"));
  const uint32_t size = parse_rank_count("GEX_SIZE", required_env("GEX_SIZE"));
  const uint32_t rank = parse_env_uint("GEX_RANK", required_env("GEX_RANK"), 0, size - 1);
  const ControlBlockMapping mapping =
      attach_control_block(required_env("GEX_JOB_CTL"), size, job_id);
  become_rank(mapping.block, rank, job_id);
}

void join_singleton() {
  const std::string job_id = job_id_from_env_or_pid();
  become_rank(create_control_block(1, job_id, "").block, 0, job_id);
}

// GASNET_PSHM_NODES=N: this process forks the N ranks and stays behind as their monitor.
// Returns only in the children.
void join_forked_job(uint32_t size) {
  const std::string job_id = job_id_from_env_or_pid();
  const MonitorOptions options = monitor_options_from_env("libgex");
  ControlBlock *control = create_control_block(size, job_id, "").block;

  std::fflush(nullptr);  // or every child would print the parent's buffered output again
  const sigset_t monitor_signals = monitor_signal_set();
  sigset_t previous_mask;
  pthread_sigmask(SIG_BLOCK, &monitor_signals, &previous_mask);

  std::vector<int> pids;
  pids.reserve(size);
  for (uint32_t rank = 0; rank < size; ++rank) {
    const pid_t pid = fork_rank(previous_mask);
    if (pid == 0) {
      become_rank(control, rank, job_id);
      return;
    }
    if (pid < 0) {
      std::fprintf(stderr, "libgex (host %s): GASNET_PSHM_NODES=%u: cannot fork rank %u: %s\n",
                   host_name().c_str(), size, rank, std::strerror(errno));
      control->begin_ending(1, 0.0);  // the ranks already started leave from their barrier
      break;
    }
    control->ranks()[rank].pid.store(pid, std::memory_order_relaxed);
    pids.push_back(pid);
  }
  const int code = run_monitor(*control, pids, options);
  std::fflush(nullptr);
  _exit(code);  // not exit(): the client's atexit handlers belong to the ranks
}

std::atomic<void (*)() noexcept> g_exit_hook{nullptr};

void run_exit_hook() noexcept {
  if (auto hook = g_exit_hook.exchange(nullptr)) hook();
}

}  // namespace

void set_exit_hook(void (*hook)() noexcept) noexcept { g_exit_hook.store(hook); }

const std::string &host_name() {
  static const std::string name = [] {
    // gexrun --hosts names each host as its host list does (GEX_HOST_NAME, set for the ranks).
    if (const char *given = env_or_null("GEX_HOST_NAME")) return std::string(given);
    char buffer[256] = {};
    if (gethostname(buffer, sizeof buffer - 1) != 0) return std::string("unknown");
    return std::string(buffer);
  }();
  return name;
}

void join(int * /*argc*/, char *** /*argv*/) {
  std::lock_guard<std::mutex> lock(g_join_mutex);
  if (g_joined.load(std::memory_order_acquire)) return;
  try {
    if (launched_by_gexrun()) {
      join_launched_job();  // gexrun made the job already; GASNET_PSHM_NODES does not apply
#ifdef GEX_HAVE_PMIX
    } else if (pmix::launched()) {
      join_pmix_job();  // mpirun or srun made the job
#endif
    } else {
      const char *pshm_nodes = env_or_null("GASNET_PSHM_NODES");
      const uint32_t size = pshm_nodes ? parse_rank_count("GASNET_PSHM_NODES", pshm_nodes) : 1;
      if (size > 1)
        join_forked_job(size);
      else
        join_singleton();
    }
  } catch (const std::exception &error) {
    startup_error(error.what());
  }
  g_joined.store(true, std::memory_order_release);
}

bool joined() noexcept { return g_joined.load(std::memory_order_acquire); }

const JobInfo &job() noexcept { return g_job; }

namespace {

// The start-up barrier. On one host the last arrival completes it. In a multi-host job
// (gexrun --hosts) the last arrival of this host hands it to the host's agent instead, with the
// allgather bytes per rank (`len`) the agent must carry to the other hosts; the agent completes it
// once every host has arrived (host_relay.h).
void barrier_carrying(size_t len) {
  if (!joined()) fatal("bootstrap barrier() called before join()");
#ifdef GEX_HAVE_PMIX
  if (g_pmix) return pmix::fence();
#endif
  ControlBlock &control = *g_control;
  if (control.size == 1) return;
  // Read the generation before arriving: it cannot move on until this rank has arrived.
  const uint32_t generation = control.barrier_generation.load(std::memory_order_acquire);
  if (control.barrier_arrived.fetch_add(1, std::memory_order_acq_rel) + 1 == control.local_count) {
    control.barrier_arrived.store(0, std::memory_order_relaxed);
    if (control.hosts <= 1) {
      control.barrier_generation.store(generation + 1, std::memory_order_release);
      return;
    }
    control.barrier_len.store(static_cast<uint32_t>(len), std::memory_order_relaxed);
    control.barrier_request.store(generation + 1, std::memory_order_release);
  }
  PoliteSpin spin;
  while (control.barrier_generation.load(std::memory_order_acquire) == generation) spin.pause();
}

}  // namespace

void barrier() { barrier_carrying(0); }

void allgather(const void *mine, size_t len, void *all) {
  if (!joined()) fatal("bootstrap allgather() called before join()");
  if (len > kMaxExchangeBytes)
    fatal("bootstrap allgather() of " + std::to_string(len) + " bytes (at most " +
          std::to_string(kMaxExchangeBytes) + ")");
#ifdef GEX_HAVE_PMIX
  if (g_pmix) return pmix::allgather(mine, len, all);
#endif
  // Each rank owns a kMaxExchangeBytes slot, so a rank passing a different len cannot
  // overwrite a neighbour's contribution.
  uint8_t *slots = g_control->exchange();
  std::memcpy(slots + size_t{g_job.rank} * kMaxExchangeBytes, mine, len);
  barrier_carrying(len);
  for (uint32_t r = 0; r < g_job.size; ++r)
    std::memcpy(static_cast<uint8_t *>(all) + size_t{r} * len, slots + size_t{r} * kMaxExchangeBytes,
                len);
  barrier();  // nobody reuses the slots until everyone has read them
}

const std::vector<uint32_t> &host_map() {
  static std::vector<uint32_t> map;
  if (!map.empty()) return map;
  if (!joined()) fatal("bootstrap host_map() called before join()");
  const uint32_t size = g_job.size;
  std::vector<uint32_t> hosts(size, 0);
  if (g_control->hosts > 1) {
    // gexrun --hosts placed the ranks; its agent wrote each rank's host into the control block
    // (processes in network namespaces of one machine share a host name, so names would not do).
    for (uint32_t r = 0; r < size; ++r) hosts[r] = g_control->ranks()[r].host;
  } else if (const char *test = env_or_null("GEX_TEST_HOSTS")) {
    char *end = nullptr;
    const unsigned long n = std::strtoul(test, &end, 10);
    if (!*test || *end || n < 1 || n > size)
      fatal("GEX_TEST_HOSTS='" + std::string(test) + "': expected a number of hosts from 1 to the job size (" +
            std::to_string(size) + ")");
    for (uint32_t r = 0; r < size; ++r) hosts[r] = uint32_t(uint64_t(r) * n / size);
  } else {
    char mine[256] = {};
    std::strncpy(mine, host_name().c_str(), sizeof mine - 1);
    std::vector<char> all(size_t(size) * sizeof mine);
    allgather(mine, sizeof mine, all.data());
    std::vector<std::string> names;  // in order of their lowest rank
    for (uint32_t r = 0; r < size; ++r) {
      const std::string name(&all[size_t(r) * sizeof mine]);
      uint32_t h = 0;
      while (h < names.size() && names[h] != name) ++h;
      if (h == names.size()) names.push_back(name);
      hosts[r] = h;
    }
  }
  g_job.host_rank = hosts[g_job.rank];
  g_job.host_count = hosts.empty() ? 1 : *std::max_element(hosts.begin(), hosts.end()) + 1;
  map = std::move(hosts);
  return map;
}

const std::vector<uint32_t> &machine_peers() {
  static std::vector<uint32_t> peers;
  if (!peers.empty()) return peers;
  if (!joined()) fatal("bootstrap machine_peers() called before join()");
  char mine[64] = {};
  if (FILE *f = std::fopen("/proc/sys/kernel/random/boot_id", "r")) {
    if (!std::fgets(mine, sizeof mine, f)) mine[0] = 0;
    std::fclose(f);
  }
  if (!mine[0]) std::snprintf(mine, sizeof mine, "host:%s", host_name().c_str());
  std::vector<char> all(size_t(g_job.size) * sizeof mine);
  allgather(mine, sizeof mine, all.data());
  for (uint32_t r = 0; r < g_job.size; ++r)
    if (std::memcmp(&all[size_t(r) * sizeof mine], mine, sizeof mine) == 0) peers.push_back(r);
  return peers;
}

std::string shm_name_for_job(const std::string &job_id, const char *tag, uint32_t rank) {
  return "/gex-" + job_id + "-" + tag + std::to_string(rank);
}

std::string shm_name(const char *tag, uint32_t rank) {
  if (!joined()) fatal(std::string("shm_name(\"") + tag + "\") called before join()");
  return shm_name_for_job(g_job.job_id, tag, rank);
}

void announce_exit(int code, bool at_once) noexcept {
  if (!g_control) return;
  g_control->begin_ending(code, at_once ? 0.0 : g_exit_timeout_seconds);
  g_control->ranks()[g_job.rank].state.store(kRankExiting, std::memory_order_release);
#ifdef GEX_HAVE_PMIX
  // Under PMIx the other hosts' exits are known through a fence every rank enters at its exit.
  if (g_pmix && !at_once) pmix::start_exit_fence();
#endif
}

bool exit_wait_over() noexcept {
  if (!g_control) return true;
  if (monotonic_ns() >= g_control->exit_deadline_ns.load(std::memory_order_acquire)) return true;
#ifdef GEX_HAVE_PMIX
  if (g_pmix) {
    // This host's ranks from the control block, the others' from the exit fence.
    RankRecord *records = g_control->ranks();
    const uint32_t my_host = records[g_job.rank].host;
    for (uint32_t r = 0; r < g_job.size; ++r)
      if (records[r].host == my_host && records[r].state.load(std::memory_order_acquire) < kRankExiting)
        return false;
    return pmix::exit_fence_done();
  }
#endif
  return g_control->all_ranks_leaving();
}

#ifdef GEX_HAVE_PMIX
// Open MPI's mpirun ends the rest of a job as soon as one rank exits with a non-zero code, and
// its PMIx server (Open MPI 4.1 with PMIx 4, Debian 12) can crash in PMIx_server_finalize when it
// loses a client that had not disconnected yet: the launcher then dies of SIGSEGV instead of
// reporting the job's code. So after a collective exit no rank leaves before every rank of its
// host has disconnected, for at most a second (a rank that died on the way does not hold the rest).
static void wait_for_host_disconnects() noexcept {
  if (!g_control) return;
  const uint32_t done = g_control->pmix_finalized.fetch_add(1, std::memory_order_acq_rel) + 1;
  if (done >= g_control->local_count) return;
  const int64_t give_up = monotonic_ns() + 1000000000;
  while (g_control->pmix_finalized.load(std::memory_order_acquire) < g_control->local_count &&
         monotonic_ns() < give_up)
    sched_yield();
}
#endif

[[noreturn]] void finish_exit(int fallback) {
  run_exit_hook();
  int code = fallback;
  if (g_control) {
    const int recorded = g_control->recorded_exit_code();
    if (recorded != ControlBlock::kNoExitCode) code = recorded;
  }
  std::fflush(nullptr);
#ifdef GEX_HAVE_PMIX
  if (g_pmix) {
    // No monitor cleans up after a PMIx job: the host's first rank removes the names of its
    // shared-memory objects (mappings stay valid for the ranks still using them).
    if (g_host_leader) remove_job_shm_objects(g_job.job_id);
    // A clean disconnect after a collective exit; otherwise (a non-collective exit, an error) the
    // launcher sees this rank leave without it and ends the rest of the job, as it should.
    if (pmix::exit_fence_done()) {
      pmix::finalize();
      wait_for_host_disconnects();
    }
  }
#endif
  _exit(code);
}

void set_catches_sigquit() noexcept {
  if (g_control) g_control->ranks()[g_job.rank].catches_sigquit.store(1, std::memory_order_release);
}

[[noreturn]] void leave_ending_job() {
  if (g_control) g_control->ranks()[g_job.rank].state.store(kRankExiting, std::memory_order_release);
  finish_exit(1);
}

[[noreturn]] void exit_job(int code) {
  announce_exit(code);
  finish_exit(code);  // if another rank got there first, its code is the job's
}

[[noreturn]] void fatal(const std::string &message, int exit_code) {
  std::fflush(nullptr);
  if (joined())
    std::fprintf(stderr, "libgex rank %u (host %s): %s\n", g_job.rank, host_name().c_str(),
                 message.c_str());
  else
    std::fprintf(stderr, "libgex (host %s): %s\n", host_name().c_str(), message.c_str());
  std::fflush(stderr);
  const int code = exit_code == 0 ? 1 : exit_code;
  announce_exit(code, /*at_once=*/true);
  finish_exit(code);
}

MonitorOptions monitor_options_from_env(const std::string &name) {
  MonitorOptions options;
  options.name = name;
  if (const char *timeout = env_or_null("GEX_EXIT_TIMEOUT"))
    options.exit_grace_seconds = parse_seconds("GEX_EXIT_TIMEOUT", timeout);
  if (const char *ft = env_or_null("GEX_FAULT_TOLERANT"))
    options.fault_tolerant = parse_env_uint("GEX_FAULT_TOLERANT", ft, 0, 1) != 0;
  return options;
}

bool fault_tolerant() noexcept { return g_fault_tolerant; }

uint32_t failed_rank_count() noexcept {
  return g_control ? g_control->failed_ranks.load(std::memory_order_acquire) : 0;
}

bool rank_failed(uint32_t rank) noexcept {
  return g_control && rank < g_control->size &&
         g_control->ranks()[rank].state.load(std::memory_order_acquire) == kRankFailed;
}

uint32_t kill_request_count() noexcept {
  return g_control ? g_control->kill_requests.load(std::memory_order_acquire) : 0;
}

bool signal_rank(uint32_t rank, int signal_number) noexcept {
  if (!g_control || rank >= g_control->size) return false;
  RankRecord &record = g_control->ranks()[rank];
  const int32_t pid = record.pid.load(std::memory_order_acquire);
  const uint32_t state = record.state.load(std::memory_order_acquire);
  if (state >= kRankGone) return false;
  // The death is asked for: the monitor lets the job go on without the rank (monitor.cpp).
  g_control->note_kill_request(rank);
  // Another host's rank in a job gexrun's agents run: this host's agent carries the request to
  // the rank's own host, whose agent signals it (host_relay.h).
  if (g_control->hosts > 1 && !g_pmix && record.host != g_control->ranks()[g_job.rank].host) {
    record.signal_request.store(uint32_t(signal_number), std::memory_order_release);
    g_control->signal_requests.fetch_add(1, std::memory_order_acq_rel);
    return true;
  }
  // pid 0: a rank not started (yet); never kill(0, ...), our process group.
  if (pid <= 0 || state == kRankNotJoined) return false;
  return kill(pid, signal_number) == 0;
}

}  // namespace gex::bootstrap
