// Bootstrap: how a job finds itself. Who the ranks are, a start-up barrier and
// exchange, the names of shared-memory objects, and how the job ends.
//
// Three ways a process becomes a rank (see docs/launch.md):
//  1. Launched by gexrun (env GEX_JOB_ID, GEX_RANK, GEX_SIZE, GEX_JOB_CTL set by the launcher):
//     attach to the job control block gexrun created.
//  2. GASNET_PSHM_NODES=N (N>1) and not under gexrun: join() forks N ranks; the calling process
//     becomes the job monitor and never returns from join() (it exits with the job's exit code).
//  3. Otherwise: a singleton job of one rank.
// Later a PMIx bootstrap (mpirun/srun) implements the same interface.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace gex::bootstrap {

struct JobInfo {
  uint32_t rank = 0;      // jobrank of this process
  uint32_t size = 1;      // number of ranks in the job
  std::string job_id;     // unique tag of this job, used in shared-memory object names
  uint32_t host_rank = 0;   // index of this process's host among the job's hosts (host_map())
  uint32_t host_count = 1;  // number of hosts (host_map(); 1 until it is called)
};

// Largest blob one rank may contribute to allgather().
inline constexpr size_t kMaxExchangeBytes = 1024;

// Joins the job (see the three cases above). Idempotent: later calls return at once.
// argc/argv may be NULL.
void join(int *argc, char ***argv);
bool joined() noexcept;
const JobInfo &job() noexcept;

// Start-up collectives over all ranks of the job. Not for hot paths: they spin with yields.
// While waiting they notice a job that is ending and leave with it (never hang).
void barrier();
// Every rank contributes `len` bytes (the same len on all ranks, <= kMaxExchangeBytes);
// `all` receives size*len bytes ordered by rank.
void allgather(const void *mine, size_t len, void *all);

// Which host each rank runs on: per jobrank, the index of its host among the job's hosts
// (numbered in the order of their lowest rank). Collective the first time (an allgather of the
// host names; every rank calls it at the same point of start-up), cached after; sets
// job().host_rank and host_count. GEX_TEST_HOSTS=N (tests only) pretends the ranks run on N
// hosts, in contiguous blocks, so one machine rehearses a multi-host job (docs/ofi.md).
const std::vector<uint32_t> &host_map();

// The jobranks that run on this machine, in rank order: the ranks whose kernel has this one's
// boot id (/proc/sys/kernel/random/boot_id; the host name where it cannot be read). This rank's
// index among them is its machine index. Hosts rehearsed on one machine (GEX_TEST_HOSTS, network
// namespaces) share its cores, so oversubscription and binding count these, not per host_map()
// host. Collective the first time (an allgather), cached after.
const std::vector<uint32_t> &machine_peers();

// Name for a POSIX shared-memory object of this job: "/gex-<job_id>-<tag><rank>".
// The monitor removes every /dev/shm/gex-<job_id>-* when the job ends, whatever the cause,
// and ranks should shm_unlink their objects as soon as every neighbour has mapped them.
std::string shm_name(const char *tag, uint32_t rank);
// The same for any job id (the launcher names objects before any rank has joined).
std::string shm_name_for_job(const std::string &job_id, const char *tag, uint32_t rank);

// This host's name (gethostname), as printed in error messages.
const std::string &host_name();

// The job-wide "job is ending" word. Zero while the job runs; once a rank has called
// gasnet_exit (or returned from main, or died) it is non-zero, and the recorded exit code and
// the exit deadline are visible to whoever reads it (acquire). Seeing it does not mean "leave
// now": a rank keeps working until it reaches its own exit or the monitor ends it at the
// deadline (docs/launch.md, "How a job ends").
extern std::atomic<uint32_t> *g_job_ending;
inline bool job_ending() noexcept {
  return g_job_ending && g_job_ending->load(std::memory_order_acquire) != 0;
}
// Leaves a job that another rank (or the monitor) is ending, at once: marks this rank as
// leaving, flushes stdio, exits with the job's exit code. For start-up collectives that can
// no longer complete. Never returns.
[[noreturn]] void leave_ending_job();

// ---- fault-tolerant jobs (GEX_FAULT_TOLERANT=1; docs/launch.md) ----
// Whether this job runs in the fault-tolerant mode (the monitor's and this rank's setting).
bool fault_tolerant() noexcept;
// How many ranks of the job have died and been marked failed by the monitor (0 in a job
// without the mode, where a death ends it, unless a rank was ended by signal_rank). One
// acquire load.
uint32_t failed_rank_count() noexcept;
// Whether `rank` died (the monitor marked it failed): nothing it was sent will be answered.
bool rank_failed(uint32_t rank) noexcept;
// Sends `signal_number` to the process of `rank` when it has joined and not ended: by its pid
// (in the control block) on this host, through the host agents for another host's rank in a job
// started with gexrun --hosts. False when it cannot (gone, not started, another host under PMIx).
// The rank's death is then one the program asked for (gaspi_proc_kill): with or without the
// fault-tolerant mode the monitor marks it failed and the job goes on without it; outside the
// mode its signal does not become the job's exit code (as in GPI-2, where the killed process
// leaves and the others go on).
bool signal_rank(uint32_t rank, int signal_number) noexcept;
// How many ranks this host's ranks asked signal_rank to end (0 in most jobs): a failed transfer
// toward such a rank is expected, as in a fault-tolerant job.
uint32_t kill_request_count() noexcept;

// A function run once, on this rank, just before the process ends through this interface
// (src/diag/ writes its statistics and trace there). It must not end the job itself.
void set_exit_hook(void (*hook)() noexcept) noexcept;

// ---- the exit protocol (the runtime's exit coordinator drives it: src/runtime/exit.cpp) ----
// Announces this rank's exit: records `code` as the job's exit code (the first non-zero code
// wins, ControlBlock::record_exit_code), sets the exit deadline (now + GEX_EXIT_TIMEOUT, or now when `at_once`)
// unless one is set, marks this rank as exiting and raises the job-ending word.
void announce_exit(int code, bool at_once = false) noexcept;
// True once every rank has announced its exit (or is gone), or the exit deadline has passed:
// an exiting rank stops waiting for the others then.
bool exit_wait_over() noexcept;
// Ends this process with the job's recorded exit code (`fallback` if none): runs the exit
// hook, flushes stdio and calls _exit, so no static destructor unmaps memory that another
// thread of this process may still use. Never returns.
[[noreturn]] void finish_exit(int fallback);
// The monitor ends a rank that misses the exit deadline with SIGQUIT once the runtime has
// installed its SIGQUIT handler (so the client's SIGQUIT handler runs, as in GASNet), with
// SIGTERM before.
void set_catches_sigquit() noexcept;

// gasnet_exit(code) without coordination (no runtime yet): announces and leaves at once.
// Never returns.
[[noreturn]] void exit_job(int code);

// A fatal error on this rank: prints "libgex rank R (host H): <message>" on stderr and ends the
// whole job with a non-zero code (exit_code, default 1) at once: the monitor does not wait for
// the other ranks' exit (as after a crash). Never returns.
[[noreturn]] void fatal(const std::string &message, int exit_code = 1);

// The job monitor (shared by gexrun and the GASNET_PSHM_NODES fork path). Returns the job's
// exit code once every rank is gone and /dev/shm is clean.
class HostRelay;  // host_relay.h
struct MonitorOptions {
  double exit_grace_seconds = 2.0;  // after the first rank leaves, how long the rest get
  std::string name = "gexrun";      // prefix of the monitor's messages on stderr
  // GEX_FAULT_TOLERANT=1: a rank killed by a signal is marked failed and the job goes on
  // (docs/launch.md, "Fault-tolerant jobs"); otherwise it ends the job at once.
  bool fault_tolerant = false;
  HostRelay *relay = nullptr;       // a host agent's link to gexrun (multi-host jobs), or none
};

// Reads GEX_EXIT_TIMEOUT (seconds) into exit_grace_seconds and GEX_FAULT_TOLERANT (0 or 1)
// into fault_tolerant. Throws std::invalid_argument with a
// message naming the variable and value when it is not a number from 0 to 3600.
MonitorOptions monitor_options_from_env(const std::string &name);

struct ControlBlock;  // control_block.h
// Watches the ranks `rank_pids[r]` (children of the caller; 0 for a rank that is not this
// host's or was never started) until all are gone, ending the job
// as docs/launch.md describes, removes /dev/shm/gex-<job_id>-*, and returns the job's exit code.
// The caller blocks monitor_signal_set() (launch.h) before forking the ranks, so that no
// SIGCHLD, SIGINT or SIGTERM is lost; the monitor consumes them with sigtimedwait.
int run_monitor(ControlBlock &control, const std::vector<int> &rank_pids,
                const MonitorOptions &options);

}  // namespace gex::bootstrap
