#include "bootstrap/control_block.h"
#include "bootstrap/shm_object.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <new>
#include <stdexcept>
#include <system_error>

namespace gex::bootstrap {

namespace {

size_t round_up(size_t value, size_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

size_t ranks_offset() { return round_up(sizeof(ControlBlock), 64); }

size_t exchange_offset(uint32_t size) {
  return round_up(ranks_offset() + size * sizeof(RankRecord), 64);
}

}  // namespace

size_t ControlBlock::bytes_for(uint32_t size) {
  return exchange_offset(size) + size_t{size} * kMaxExchangeBytes;
}

ControlBlock *ControlBlock::initialize(void *memory, uint32_t size, const std::string &job_id,
                                       const std::vector<uint32_t> *host_of, uint32_t this_host) {
  auto *block = new (memory) ControlBlock{};
  block->magic = kMagic;
  block->size = size;
  block->hosts = 1;
  block->local_count = size;
  if (host_of) {
    uint32_t hosts = 0, local = 0;
    for (uint32_t h : *host_of) {
      hosts = std::max(hosts, h + 1);
      local += h == this_host;
    }
    block->hosts = hosts;
    block->local_count = local;
  }
  std::strncpy(block->job_id, job_id.c_str(), sizeof(block->job_id) - 1);
  block->job_ending.store(0, std::memory_order_relaxed);
  block->exit_code.store(kNoExitCode, std::memory_order_relaxed);
  block->exit_deadline_ns.store(0, std::memory_order_relaxed);
  block->barrier_arrived.store(0, std::memory_order_relaxed);
  block->barrier_generation.store(0, std::memory_order_relaxed);
  block->failed_ranks.store(0, std::memory_order_relaxed);
  block->signal_requests.store(0, std::memory_order_relaxed);
  block->kill_requests.store(0, std::memory_order_relaxed);
  block->barrier_request.store(0, std::memory_order_relaxed);
  block->barrier_len.store(0, std::memory_order_relaxed);
  RankRecord *records = block->ranks();
  for (uint32_t r = 0; r < size; ++r) {
    new (&records[r]) RankRecord{};
    records[r].pid.store(0, std::memory_order_relaxed);
    records[r].state.store(kRankNotJoined, std::memory_order_relaxed);
    records[r].catches_sigquit.store(0, std::memory_order_relaxed);
    records[r].host = host_of ? (*host_of)[r] : 0;
    records[r].signal_request.store(0, std::memory_order_relaxed);
    records[r].kill_requested.store(0, std::memory_order_relaxed);
  }
  std::atomic_thread_fence(std::memory_order_release);
  return block;
}

RankRecord *ControlBlock::ranks() noexcept {
  return reinterpret_cast<RankRecord *>(reinterpret_cast<uint8_t *>(this) + ranks_offset());
}

uint8_t *ControlBlock::exchange() noexcept {
  return reinterpret_cast<uint8_t *>(this) + exchange_offset(size);
}

int ControlBlock::record_exit_code(int code) noexcept {
  // As GASNet: the first non-zero code wins; 0 only if no rank reports a failure.
  int32_t expected = kNoExitCode;
  while (!exit_code.compare_exchange_weak(expected, code, std::memory_order_acq_rel)) {
    if (expected != kNoExitCode && (expected != 0 || code == 0)) return expected;
  }
  return code;
}

int ControlBlock::recorded_exit_code() const noexcept {
  return exit_code.load(std::memory_order_acquire);
}

void ControlBlock::begin_ending(int code, double timeout_seconds) noexcept {
  // The code and the deadline go first, so whoever sees job_ending (acquire) also sees the code
  // to leave with and the time by which to leave.
  record_exit_code(code);
  int64_t no_deadline = 0;
  exit_deadline_ns.compare_exchange_strong(no_deadline, monotonic_ns() + int64_t(timeout_seconds * 1e9),
                                           std::memory_order_acq_rel);
  job_ending.store(1, std::memory_order_release);
}

bool ControlBlock::all_ranks_leaving() noexcept {
  RankRecord *records = ranks();
  for (uint32_t r = 0; r < size; ++r)
    if (records[r].state.load(std::memory_order_acquire) < kRankExiting) return false;
  return true;
}

void ControlBlock::note_kill_request(uint32_t rank) noexcept {
  ranks()[rank].kill_requested.store(1, std::memory_order_release);
  kill_requests.fetch_add(1, std::memory_order_acq_rel);
}

void ControlBlock::mark_failed(uint32_t rank, int signal_number, bool record_code) noexcept {
  if (record_code) record_exit_code(128 + signal_number);
  ranks()[rank].state.store(kRankFailed, std::memory_order_release);
  failed_ranks.fetch_add(1, std::memory_order_acq_rel);
}

ControlBlockMapping create_control_block(uint32_t size, const std::string &job_id,
                                         const std::string &shm_object,
                                         const std::vector<uint32_t> *host_of, uint32_t this_host) {
  ControlBlockMapping mapping;
  mapping.bytes = ControlBlock::bytes_for(size);
  mapping.shm_object = shm_object;
  void *memory = MAP_FAILED;
  if (shm_object.empty()) {
    memory = mmap(nullptr, mapping.bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                  -1, 0);
    if (memory == MAP_FAILED)
      throw std::system_error(errno, std::generic_category(), "mmap of the job control block");
  } else {
    std::string error;
    memory = shm_create(shm_object, mapping.bytes, error);
    if (!memory) throw std::system_error(errno, std::generic_category(), "cannot create the job control block: " + error);
  }
  mapping.block = ControlBlock::initialize(memory, size, job_id, host_of, this_host);
  return mapping;
}

ControlBlockMapping attach_control_block(const std::string &shm_object, uint32_t expected_size,
                                         const std::string &expected_job_id) {
  ControlBlockMapping mapping;
  mapping.shm_object = shm_object;
  std::string error;
  void *memory = shm_open_existing(shm_object, mapping.bytes, error);
  if (!memory)
    throw std::runtime_error("cannot open the job control block: " + error + " (was this process started by gexrun?)");
  if (mapping.bytes < sizeof(ControlBlock)) {
    shm_unmap(memory, mapping.bytes);
    throw std::runtime_error("the job control block " + shm_object + " is truncated");
  }
  auto *block = static_cast<ControlBlock *>(memory);
  if (block->magic != ControlBlock::kMagic || block->size != expected_size ||
      mapping.bytes < ControlBlock::bytes_for(block->size) ||
      expected_job_id != block->job_id) {
    shm_unmap(memory, mapping.bytes);
    throw std::runtime_error("the job control block " + shm_object + " does not belong to job " +
                             expected_job_id + " of " + std::to_string(expected_size) +
                             " ranks");
  }
  mapping.block = block;
  return mapping;
}

}  // namespace gex::bootstrap
