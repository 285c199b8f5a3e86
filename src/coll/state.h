// Internal to src/coll/: the collectives service's process-wide state. coll::init makes it; the
// runtime owns it (g_rt.coll), so every API and endpoint sharing the runtime shares one engine.
#pragma once

#include <atomic>
#include <mutex>
#include <vector>

#include "coll/op.h"
#include "runtime/runtime.h"

namespace gex::coll {

namespace shm {
struct Block;  // shm.cpp: one team's slots in a collective area

// The shared-memory path's part (shm.cpp).
struct AreaState {
  bool enabled = false;        // team blocks are mapped: GEX_FORCE_AM off, GEX_COLL_SHM on
  std::vector<Block *> area;   // jobrank -> its collective area's blocks, mapped here (null: not a neighbour)
  // jobrank -> its primordial-barrier arrival counter, mapped here (empty under GEX_FORCE_AM)
  std::vector<const std::atomic<uint64_t> *> arrivals;
  std::atomic<uint64_t> *my_arrivals = nullptr;
  // The primordial barrier gathers the arrivals at rank 0 (GEX_BARRIER_FLAT_MAX, shm.cpp).
  bool barrier_gathered = false;
  std::mutex alloc_mutex;
  std::vector<bool> block_used;  // blocks of my own area
  std::atomic<uint64_t> shm_ops{0}, am_ops{0};  // client collectives started on each path
  std::atomic<uint64_t> reduce_in_place{0};     // reductions whose leaf (this rank) offered src in place
  std::atomic<uint64_t> fenced{0};              // data stages retired by the ALLSYNC barrier after them
};
}  // namespace shm

// The engine's lock. A PAR client's threads call in at once: a mutex. A SEQ or PARSYNC client
// calls in from one thread at a time (its own synchronization orders the calls), so there a flag
// stands in for it, saving a lock and an unlock per progress() call (about a sixth of a small
// shared-memory collective's instructions). The flag keeps the mutex's one other use: a thread
// already inside the engine (an Op's AM send polls) does not enter it again.
class EngineMutex {
 public:
  void lock() {
    if (threads_) m_.lock();
    else held_ = true;
  }
  bool try_lock() {
    if (threads_) return m_.try_lock();
    if (held_) return false;
    held_ = true;
    return true;
  }
  void unlock() {
    if (threads_) m_.unlock();
    else held_ = false;
  }
  void set_threads(bool several) { threads_ = several; }  // at init, before any use

 private:
  std::mutex m_;
  bool threads_ = true;
  bool held_ = false;
};

struct ServiceState {
  // The engine (service.cpp). Handlers append to the inbox; progress() takes the whole queue at once.
  std::mutex inbox_mutex;
  std::vector<Message> inbox;
  std::atomic<uint32_t> &inbox_count = runtime::work_counter(runtime::WorkSlot::CollInbox);
  // Guards every team's TeamState (ops, early messages) and the active list.
  EngineMutex engine_mutex;
  std::vector<Op *> active;
  std::atomic<uint32_t> &active_count = runtime::work_counter(runtime::WorkSlot::CollActive);

  shm::AreaState shm;
};

// Valid from coll::init on.
inline ServiceState &state() { return *runtime::g_rt.coll; }

}  // namespace gex::coll
