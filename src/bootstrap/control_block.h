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

#include "bootstrap/bootstrap.h"

namespace gex::bootstrap {

enum RankState : uint32_t {
  kRankNotJoined = 0,  // forked (and maybe exec'd) but join() not reached yet
  kRankJoined = 1,     // attached to the control block
};

// Cache-line sized so that ranks publishing their state do not share lines.
struct alignas(64) RankRecord {
  std::atomic<int32_t> pid;
  std::atomic<uint32_t> state;
};

struct ControlBlock {
  static constexpr uint64_t kMagic = 0x6c69626765784a42ull;  // "libgexJB"
  static constexpr int32_t kNoExitCode = INT32_MIN;

  uint64_t magic;
  uint32_t size;
  uint32_t reserved;
  char job_id[64];

  alignas(64) std::atomic<uint32_t> job_ending;  // g_job_ending points here
  std::atomic<int32_t> exit_code;                // kNoExitCode until the first writer

  // Counter barrier: the last arrival resets the counter and bumps the generation.
  alignas(64) std::atomic<uint32_t> barrier_arrived;
  alignas(64) std::atomic<uint32_t> barrier_generation;

  static size_t bytes_for(uint32_t size);
  // Constructs the block in `memory` (at least bytes_for(size) bytes, zero-filled).
  static ControlBlock *initialize(void *memory, uint32_t size, const std::string &job_id);

  RankRecord *ranks() noexcept;
  uint8_t *exchange() noexcept;

  // First writer wins; returns the code that the job will end with.
  int record_exit_code(int code) noexcept;
  int recorded_exit_code() const noexcept;
  // Records `code` (unless a code is already recorded) and raises the job-ending word.
  void begin_ending(int code) noexcept;
};

static_assert(std::atomic<uint32_t>::is_always_lock_free, "control block needs lock-free atomics");
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
                                         const std::string &shm_object);

// Attaches to the control block a launcher created. Throws std::runtime_error with a message
// that names the object when it is missing or does not match the expected job.
ControlBlockMapping attach_control_block(const std::string &shm_object, uint32_t expected_size,
                                         const std::string &expected_job_id);

}  // namespace gex::bootstrap
