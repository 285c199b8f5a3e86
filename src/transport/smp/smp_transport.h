// smp conduit: the ranks of one host talk through shared memory.
//  - Each rank's segment is a POSIX shm object mapped into every neighbour, so RMA is a plain
//    load/store in the initiator (the runtime uses segment_of() and never calls in here for it).
//  - Each rank owns one "inbox" object holding two multi-producer, single-consumer AM queues
//    (smp_queue.h): one for the requests and one for the replies every rank sends it. A rank's
//    shared memory is O(1) in the number of ranks (the queues' size is set per rank), it maps each
//    neighbour's inbox (O(ranks) mappings), and a poll looks at its own two queues only.
//  - Why no deadlock: replies have their own queue, and a reply handler never sends. A rank
//    waiting for room to send a reply (or anything from inside a handler) drains only its reply
//    queue, which therefore always empties while its owner waits; so every reply eventually finds
//    room, every request handler returns, and request queues drain too, however many ranks flood
//    one another. A claimed but unpublished record (a producer writing it, or a negotiated-payload
//    reservation) holds up only the records behind it, and its producer publishes it without
//    waiting for anything (between reserve and commit the client makes no transport call).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "transport/smp/ring_record.h"
#include "transport/smp/smp_queue.h"
#include "transport/transport.h"

namespace gex::transport::smp {

// Per-rank header at the start of every inbox.
struct alignas(64) InboxHeader {
  QueueControl queues[2];  // [0] requests, [1] replies
};

class SmpTransport final : public Transport {
 public:
  // Collective over the job (creates this rank's inbox, maps every neighbour's).
  explicit SmpTransport(const Config &config);
  ~SmpTransport() override;

  const char *name() const noexcept override { return "smp"; }
  // The ranks of this host (bootstrap::host_map); the others need a network transport.
  bool reaches(uint32_t jobrank) const noexcept override { return same_host_[jobrank]; }
  AmLimits am_limits(uint32_t) const noexcept override { return AmLimits{kMaxMedium, kMaxLong}; }
  bool load_store(uint32_t jobrank) const noexcept override { return same_host_[jobrank]; }
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
  // The idle test is inline (transport/dispatch.h calls this on a final class): an idle poll
  // is a few loads in the caller, no call.
  unsigned poll(unsigned budget, bool replies_only) override {
    if (in_[1].idle() && (replies_only || in_[0].idle())) return 0;
    return poll_queues(budget, replies_only);
  }
  // Whether nothing is published at the head of either queue: the runtime's idle-poll probe
  // (runtime/idle_poll.h). With several consumer threads (PAR) a hint, read without the consumer
  // lock: it loads only atomic words (the stamp word at the consumer's position and the stamp
  // expected there), and a stale position (another thread is draining) answers either way, as
  // that thread delivers what is there.
  bool queues_idle() const noexcept { return in_[1].head_unpublished() && in_[0].head_unpublished(); }

  static constexpr size_t kMaxMedium = smp::kMaxMedium;
  static constexpr size_t kMaxLong = smp::kMaxLong;

  // Bytes of each AM queue (GEX_SMP_RING_BYTES, else the default for a job of config.size ranks).
  static size_t queue_bytes(const Config &config);

 private:
  SmpAmQueue &out_queue(uint32_t dest, bool is_request) noexcept { return out_[size_t(dest) * 2 + !is_request]; }
  unsigned drain(SmpAmQueue &q, unsigned budget);
  unsigned poll_queues(unsigned budget, bool replies_only);

  uint32_t rank_, size_;
  AmDeliverFn deliver_;
  size_t queue_bytes_;
  size_t inbox_bytes_;
  void write_peer_memory(uint32_t dest, void *remote, const void *local, size_t n);
  std::vector<bool> same_host_;  // per jobrank: on this host (reached through shared memory)
  bool alone_ = false;           // no other rank on this host: nobody maps this rank's segments
  std::vector<char *> inboxes_;  // every neighbour's inbox, mapped here (null for other hosts)
  std::vector<int32_t> pids_;    // every rank's process id (cross-memory attach; 0 on other hosts)
  std::unique_ptr<SmpAmQueue[]> out_;  // [dest*2 + reply]: the queues this rank produces into
  SmpAmQueue in_[2];                   // this rank's own queues: [0] requests, [1] replies
  std::vector<std::pair<void *, size_t>> mappings_;  // inboxes, to unmap at exit
};

}  // namespace gex::transport::smp
