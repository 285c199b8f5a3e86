// The job control block: one shared mapping that every rank and the job monitor see.
// gexrun creates it as a named POSIX shm object (the ranks are exec'd, so they attach by name);
// the GASNET_PSHM_NODES fork path and singletons use an anonymous shared mapping.
//
// Layout: this header, then RankRecord[size], then size * kMaxExchangeBytes of allgather space.
#pragma once

#include <atomic>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "bootstrap/bootstrap.h"
#include "bootstrap/clock.h"

namespace gex::bootstrap {

enum RankState : uint32_t {
  kRankNotJoined = 0,  // forked (and maybe exec'd) but join() not reached yet
  kRankJoined = 1,     // attached to the control block
  kRankExiting = 2,    // called gasnet_exit (or returned from main): waits for the others
  kRankGone = 3,       // the monitor reaped the process
  // Fault-tolerant jobs only (GEX_FAULT_TOLERANT=1): the process died by a signal and the job
  // goes on without it. The other ranks see it as dead (bootstrap.h: rank_failed).
  kRankFailed = 4,
};

// Cache-line sized so that ranks publishing their state do not share lines.
struct alignas(64) RankRecord {
  std::atomic<int32_t> pid;
  std::atomic<uint32_t> state;
  // Set once the runtime has installed its signal handlers: the monitor then ends a rank that
  // did not exit in time with SIGQUIT (so the client's SIGQUIT handler runs, as in GASNet),
  // and with SIGTERM before that.
  std::atomic<uint32_t> catches_sigquit;
  // Index of the host the rank runs on (multi-host jobs; 0 on one host). Written once, before
  // any rank starts.
  uint32_t host;
  // Multi-host jobs: a signal a rank of this host asks to be sent to this (another host's) rank;
  // the host agent carries it to the rank's own host (bootstrap.h: signal_rank).
  std::atomic<uint32_t> signal_request;
  // Set before a signal_rank (gaspi_proc_kill) signal is sent to this rank, on the rank's own
  // host: its death was asked for, so the monitor lets the job go on without it even outside
  // the fault-tolerant mode (bootstrap.h: signal_rank).
  std::atomic<uint32_t> kill_requested;
};

struct ControlBlock {
  static constexpr uint64_t kMagic = 0x6c69626765784a42ull;  // "libgexJB"
  static constexpr int32_t kNoExitCode = INT32_MIN;

  uint64_t magic;
  uint32_t size;         // ranks in the whole job
  uint32_t hosts;        // hosts of the job: 1, or more when gexrun's agents relay (host_relay.h)
  uint32_t local_count;  // ranks on this host (= size on one host)
  uint32_t reserved;
  char job_id[64];

  alignas(64) std::atomic<uint32_t> job_ending;  // g_job_ending points here
  std::atomic<int32_t> exit_code;                // kNoExitCode until the first writer
  // CLOCK_MONOTONIC nanoseconds by which every rank should have left (first writer wins):
  // when the job started ending plus GEX_EXIT_TIMEOUT. 0 while the job runs.
  std::atomic<int64_t> exit_deadline_ns;

  // Counter barrier: the last arrival resets the counter and bumps the generation.
  alignas(64) std::atomic<uint32_t> barrier_arrived;
  alignas(64) std::atomic<uint32_t> barrier_generation;
  // Fault-tolerant jobs: how many ranks died (kRankFailed); 0 otherwise. One load tells a rank
  // whether it needs to look at its peers' states at all.
  alignas(64) std::atomic<uint32_t> failed_ranks;
  // How many signal_request words have been set (the agent scans the records only then).
  std::atomic<uint32_t> signal_requests;
  // How many ranks were asked to end by signal_rank through this host's block (kill_requested
  // set here): a transport may then see failed completions toward a rank about to be dead.
  std::atomic<uint32_t> kill_requests;
  // Multi-host jobs: the last local arrival does not complete the barrier but asks this host's
  // agent to (the generation to reach, and the allgather bytes per rank to carry with it); the
  // agent bumps barrier_generation once every host has arrived.
  alignas(64) std::atomic<uint32_t> barrier_request;
  std::atomic<uint32_t> barrier_len;
  // PMIx jobs: how many ranks of this host have disconnected from the PMIx server at their exit
  // (bootstrap.cpp: finish_exit waits for all of them before any leaves).
  std::atomic<uint32_t> pmix_finalized;

  static size_t bytes_for(uint32_t size);
  // Constructs the block in `memory` (at least bytes_for(size) bytes, zero-filled). For a
  // multi-host job, `host_of` gives each rank's host and `this_host` this one's index.
  static ControlBlock *initialize(void *memory, uint32_t size, const std::string &job_id,
                                  const std::vector<uint32_t> *host_of = nullptr,
                                  uint32_t this_host = 0);

  RankRecord *ranks() noexcept;
  uint8_t *exchange() noexcept;

  // The first non-zero code wins (a 0 recorded earlier gives way to it, as in GASNet); returns
  // the code that the job will end with so far.
  int record_exit_code(int code) noexcept;
  int recorded_exit_code() const noexcept;
  // Records `code` (record_exit_code's rule), the exit deadline (now + timeout,
  // unless one is recorded) and raises the job-ending word.
  void begin_ending(int code, double timeout_seconds) noexcept;
  // True once every rank has announced its exit or is gone.
  bool all_ranks_leaving() noexcept;
  // The job lost `rank` to signal `signal_number` and goes on (a fault-tolerant job, or a rank
  // ended by request): records 128+signal as the job's exit code (record_exit_code's rule) when
  // `record_code`, marks the rank kRankFailed and counts it. The job does not end.
  void mark_failed(uint32_t rank, int signal_number, bool record_code = true) noexcept;
  // `rank` is about to get a signal that signal_rank asked for (gaspi_proc_kill): sets its
  // kill_requested word and counts it in kill_requests, before the signal is sent.
  void note_kill_request(uint32_t rank) noexcept;
};

static_assert(std::atomic<uint32_t>::is_always_lock_free, "control block needs lock-free atomics");
static_assert(std::atomic<int64_t>::is_always_lock_free, "control block needs lock-free atomics");
static_assert(std::atomic<int32_t>::is_always_lock_free, "control block needs lock-free atomics");

// A control block mapping. `shm_object` is the POSIX shm name, empty for an anonymous mapping.
struct ControlBlockMapping {
  ControlBlock *block = nullptr;
  size_t bytes = 0;
  std::string shm_object;
};

// Creates a control block for a job of `size` ranks. With a non-empty `shm_object` it is a named
// POSIX shm object (created exclusively); otherwise a MAP_SHARED|MAP_ANONYMOUS mapping that
// forked children inherit. Throws std::system_error on failure.
ControlBlockMapping create_control_block(uint32_t size, const std::string &job_id,
                                         const std::string &shm_object,
                                         const std::vector<uint32_t> *host_of = nullptr,
                                         uint32_t this_host = 0);

// Attaches to the control block a launcher created. Throws std::runtime_error with a message
// that names the object when it is missing or does not match the expected job.
ControlBlockMapping attach_control_block(const std::string &shm_object, uint32_t expected_size,
                                         const std::string &expected_job_id);

}  // namespace gex::bootstrap
