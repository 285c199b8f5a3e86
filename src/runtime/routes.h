// The route table: for every peer, which transport carries its AMs (and RMA, where the transport
// offers it), what it accepts, and for every peer endpoint the segment bound to it: where it is
// in the owner's address space, whether it is load/store reachable from here and at what
// address, and the remote key. Several transports live in one job; a route names one of them.
#pragma once

#include <gasnetex.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

#include "transport/transport.h"

namespace gex::runtime {

// How bytes move to and from a peer's segment.
enum class RmaPath : uint8_t {
  LoadStore,  // mapped here: memcpy / single loads and stores (rma_copy.h)
  Transport,  // the route's transport moves them (put/get, a network card's RDMA)
  AmRef,      // extended-ref over Active Messages (src/extended/)
};

struct Route {
  transport::Transport *am = nullptr;  // carries AMs to this peer (never null after start-up)
  transport::AmLimits limits;          // what that transport accepts to this peer
  bool transport_rma = false;          // am->has_rma(peer)
};

// A range of this process's memory registered with every transport (one without RMA hands back
// an empty Registration); peers address it with the key of the transport that has RMA.
struct Registrations {
  std::vector<transport::Registration> by_transport;  // aligned with g_rt.transports
  uint64_t rkey = 0;
  bool has_rkey = false;  // a transport with RMA registered it: rkey is valid
};

// One peer endpoint's bound segment, as seen from this process.
struct PeerSegment {
  char *owner_base = nullptr;  // in the owner's address space
  char *local_base = nullptr;  // mapped here (nullptr: not load/store reachable)
  size_t size = 0;             // 0: no segment bound
  uint64_t rkey = 0;           // for the transport's put/get
  RmaPath path = RmaPath::AmRef;
  bool device = false;         // device memory (a memory kind): local_base, when set, is a device
                               // address here, reached only through mk::copy

  // Whether [addr, addr+nbytes) lies in this segment (owner addresses); false when none is bound.
  bool contains(const void *addr, size_t nbytes) const noexcept {
    const uintptr_t off = reinterpret_cast<uintptr_t>(addr) - reinterpret_cast<uintptr_t>(owner_base);
    return size && off <= size && nbytes <= size - off;
  }
};

// Every peer endpoint's bound segment: one table for the job, indexed by endpoint and jobrank.
// The primordial endpoints' row is a flat vector of its own: RMA hot paths read it with one
// indirection, as before there were endpoints. The rows of the other endpoint indices are made
// on first publication and never move or go away (a reader on another endpoint may run while a
// publication of a new index lands from a handler), so readers take no lock.
class SegmentTable {
 public:
  static constexpr uint32_t kMaxEps = GASNET_MAXEPS;
  SegmentTable() = default;
  SegmentTable(const SegmentTable &) = delete;
  SegmentTable &operator=(const SegmentTable &) = delete;
  ~SegmentTable() {
    for (auto &row : more_) delete[] row.load(std::memory_order_relaxed);
  }
  void resize(size_t ranks) {
    ep0_.assign(ranks, PeerSegment{});
    for (auto &row : more_) delete[] row.exchange(nullptr, std::memory_order_relaxed);
  }
  const PeerSegment &at(uint32_t jobrank, uint32_t ep = 0) const noexcept {
    return __builtin_expect(ep == 0, 1) ? ep0_[jobrank] : at_ep(jobrank, ep);
  }
  // The writer's view (publication only): makes the endpoint's row on first use.
  PeerSegment &mut(uint32_t jobrank, uint32_t ep = 0) {
    if (ep == 0) return ep0_[jobrank];
    std::atomic<PeerSegment *> &row = more_[ep - 1];
    PeerSegment *r = row.load(std::memory_order_acquire);
    if (!r) {
      std::lock_guard<std::mutex> lock(grow_);
      if (!(r = row.load(std::memory_order_relaxed))) {
        r = new PeerSegment[ep0_.size()]();
        row.store(r, std::memory_order_release);
      }
    }
    return r[jobrank];
  }

 private:
  const PeerSegment &at_ep(uint32_t jobrank, uint32_t ep) const noexcept {
    static const PeerSegment none;
    const PeerSegment *r = ep < kMaxEps ? more_[ep - 1].load(std::memory_order_acquire) : nullptr;
    return r ? r[jobrank] : none;
  }
  std::vector<PeerSegment> ep0_;                        // endpoint 0, by jobrank
  std::atomic<PeerSegment *> more_[kMaxEps - 1] = {};   // endpoint i >= 1 at more_[i - 1]
  std::mutex grow_;
};

}  // namespace gex::runtime
