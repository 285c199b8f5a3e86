// smp conduit: the ranks of one host talk through shared memory.
//  - Each rank's segment is a POSIX shm object mapped into every neighbour, so RMA is a plain
//    load/store in the initiator (the runtime uses segment_of() and never calls in here for it).
//  - Each rank owns an "inbox" object holding, for every source rank, a request ring and a
//    reply ring (single producer per source process, single consumer). Replies have their own
//    rings so a handler that must wait to send its reply only needs to drain replies, which
//    never send anything: no deadlock when two ranks flood each other.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "transport/transport.h"

namespace gex::transport::smp {

// Control words of one ring, each on its own cache line: the producer writes head, the
// consumer writes tail.
struct alignas(64) RingControl {
  alignas(64) std::atomic<uint64_t> head;
  alignas(64) std::atomic<uint64_t> tail;
};

class SmpTransport final : public Transport {
 public:
  // Collective over the job (creates this rank's inbox, maps every neighbour's).
  explicit SmpTransport(const Config &config);
  ~SmpTransport() override;

  const char *name() const noexcept override { return "smp"; }
  bool reaches(uint32_t) const noexcept override { return true; }  // every rank of the job shares this host
  AmLimits am_limits(uint32_t) const noexcept override { return AmLimits{kMaxMedium, kMaxLong}; }
  Status am_send(uint32_t dest, const AmMessage &msg, Counter *lc) override;
  void *reserve_medium(uint32_t dest, bool is_request, unsigned nargs, size_t max_payload) override;
  void commit_medium(uint32_t dest, const AmMessage &msg) override;
  void cancel_medium(uint32_t dest, bool is_request) override;
  // Neighbours' memory is load/store reachable: the runtime copies itself, no put/get here.
  bool has_rma(uint32_t) const noexcept override { return false; }
  Status put(uint32_t, void *, uint64_t, const void *, size_t, Counter *, Counter *) override;
  Status get(uint32_t, void *, const void *, uint64_t, size_t, Counter *) override;
  void *allocate_shared(uint32_t id, size_t bytes) override;
  void free_shared(uint32_t id, void *base, size_t bytes) override;
  char *map_peer_memory(uint32_t jobrank, uint32_t id, size_t bytes) override;
  void unmap_peer_memory(char *local, size_t bytes) override;
  void shared_published(uint32_t id) override;
  Registration register_memory(void *, size_t) override { return {}; }
  void deregister_memory(const Registration &) override {}
  unsigned poll(unsigned budget, bool replies_only) override;

  static constexpr size_t kMaxMedium = 65536;
  static constexpr size_t kMaxLong = size_t(1) << 30;

 private:
  struct Ring {
    RingControl *control;
    char *data;
    size_t bytes;  // power of two
  };
  struct OutRing;  // producer-side state kept in this process
  Ring ring(uint32_t receiver, uint32_t sender, bool reply) const noexcept;
  bool claim(const Ring &r, OutRing &out, size_t need, uint64_t &head);
  bool try_lock(OutRing &out) noexcept;
  void unlock(OutRing &out) noexcept;
  unsigned drain(uint32_t sender, bool reply, unsigned budget);

  uint32_t rank_, size_;
  bool thread_safe_;
  AmDeliverFn deliver_;
  size_t ring_bytes_;
  size_t inbox_bytes_;
  std::vector<char *> inboxes_;  // every rank's inbox, mapped here
  // Precomputed so neither a send nor an idle poll recomputes ring addresses.
  std::vector<Ring> in_rings_;   // [sender*2 + reply]: rings this rank consumes
  std::vector<Ring> out_rings_;  // [dest*2 + reply]: rings this rank produces into
  std::unique_ptr<OutRing[]> out_;        // [dest*2 + reply]
  std::unique_ptr<std::atomic<bool>[]> in_busy_;  // consumer locks [sender*2 + reply]
  std::atomic<uint32_t> poll_start_{0};
  std::vector<std::pair<void *, size_t>> mappings_;  // inboxes, to unmap at exit
};

}  // namespace gex::transport::smp
