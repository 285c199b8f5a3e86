// ofi conduit: ranks talk through libfabric (a network card, or tcp sockets), one FI_EP_RDM
// endpoint per process. Provider: whatever libfabric picks, restricted by FI_PROVIDER as every
// libfabric program is (docs/ofi.md). Endpoint addresses are exchanged over the bootstrap's
// allgather into an address vector.
//
// Active Messages: one fi_send per message (header, arguments, payload) into receive buffers the
// receiver posted in advance. Flow control by credits, per peer and per class (requests,
// replies): a sender may have `credits` messages of each class unacknowledged at a peer, and the
// receiver posts, for every peer, a buffer for each of them plus four for credit-only messages.
// So a message never waits in the network for a receive buffer, and the provider never has to
// hold one back: replies cannot queue behind requests. Credits come back piggybacked on any
// message to the sender, or in a credit-only message once half of them are owed (at most four of
// those can be in flight per peer: each returns at least half of a class's credits).
//  - No credit, no send buffer, or the provider says EAGAIN: NoResources, nothing sent.
//  - Requests that arrive while the runtime polls for replies only (a handler waiting to send)
//    stay in their receive buffer, queued, and run at the next full poll; their credit comes
//    back only then, so the bound on buffers holds.
//  - Long: the payload travels in the message and the receiver copies it to its destination
//    before the handler runs (the Long limit is the Medium limit). Above the eager size (a
//    rendezvous with ofi_rxm), with RMA and no FI_MR_LOCAL, into the target's registered memory:
//    fi_write of the payload (delivery complete), then the message without it (kPayloadPlaced).
//  - RMA: fi_write/fi_read on registered memory. A put of at most 64 KiB whose caller
//    wants its source back at once (local completion: GEX_EVENT_NOW, blocking) is copied into a
//    bounce buffer first and only its remote completion is tracked, so NB/NBI put loops
//    pipeline instead of waiting a round trip for each put's local completion.
//  - A payload above kCopyBytes is sent from the caller's buffer (Pending: the local-completion
//    counter drops when the provider reports the send complete), unless the provider needs
//    local buffers registered (FI_MR_LOCAL): then it is copied into a registered send buffer.
//    Either way a message longer than the provider's eager size (eager_bytes_) is Pending until
//    the provider reports it sent: with ofi_rxm it goes by rendezvous, and a caller that waits
//    for it (GEX_EVENT_NOW, the runtime's own sends) keeps its later messages behind it. GASPI's
//    write_notify relies on that order. FI_OFI_RXM_BUFFER_SIZE (libfabric's own variable)
//    raises rxm's eager size; docs/ofi.md has the measurements.
//
// Local registration (FI_MR_LOCAL, or forced by GEX_OFI_FORCE_MR_LOCAL=1 for tests): the local
// buffer of a put/get inside memory this transport registered (segments, AM buffers) uses that
// registration's descriptor; any other buffer is pinned through firehose (region variant, local
// pins only), whose cache keeps the registration for the next operation on the same memory and
// bounds how many there are (GASNET_FIREHOSE_MAXVICTIM_R/_M). A pin is released when the
// operation's completion is reaped; a buffer larger than a firehose region is registered for
// that operation alone (docs/firehose.md).
//
// RMA to any address (GEX_SEGMENT_EVERYTHING=1, rkey kAnyAddress): the target memory is pinned at
// the peer through firehose's remote pins. A hit (this rank already holds a pin covering it) costs
// no message; a miss sends one firehose request (kFhRequest: the regions to pin and this rank's
// victims there), handled inside this transport at the peer (its move registers them), and
// answered with the keys (kFhReply); the put/get returns NoResources until then and the runtime's
// retry hits. Firehose messages travel like AMs (credits, request/reply classes) but never reach
// the runtime's handler table.
//
// Nothing here waits: sends return NoResources and the runtime polls. A PAR client's threads
// share one endpoint under one mutex, never held while a handler runs.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "firehose/firehose.h"

#include "transport/transport.h"

struct fi_info;
struct fid_fabric;
struct fid_domain;
struct fid_ep;
struct fid_av;
struct fid_cq;
struct fid_mr;
struct fi_rma_iov;

namespace gex::transport::ofi {

struct SendSlot;
struct RecvSlot;
struct RmaOp;
struct LocalBuf;

class OfiTransport final : public Transport {
 public:
  // Collective over the job: opens the endpoint, exchanges addresses, posts receive buffers.
  explicit OfiTransport(const Config &config);
  ~OfiTransport() override;

  const char *name() const noexcept override { return "ofi"; }
  // Every other rank. A rank's messages to itself stay in shared memory (smp), as GASNet's
  // conduits deliver them locally: through the provider (tcp;ofi_rxm loops back over a socket)
  // a rank flooding itself with large messages stalled.
  bool reaches(uint32_t jobrank) const noexcept override { return jobrank != rank_; }
  AmLimits am_limits(uint32_t) const noexcept override { return AmLimits{max_medium_, max_medium_}; }
  Status am_send(uint32_t dest, const AmMessage &msg, Counter *lc) override;
  void *reserve_medium(uint32_t dest, bool is_request, unsigned nargs, size_t max_payload) override;
  void commit_medium(uint32_t dest, const AmMessage &msg) override;
  void cancel_medium(uint32_t dest, bool is_request) override;
  bool has_rma(uint32_t jobrank) const noexcept override { return rma_ && reaches(jobrank); }
  bool orders_send_after_put(uint32_t jobrank) const noexcept override {
    return send_after_write_ && has_rma(jobrank);
  }
  Status put(uint32_t jobrank, void *remote_addr, uint64_t rkey, const void *src, size_t n, Counter *c_local,
             Counter *c_remote) override;
  Status get(uint32_t jobrank, void *dst, const void *remote_addr, uint64_t rkey, size_t n, Counter *c_done) override;
  size_t any_address_max(uint32_t jobrank) const noexcept override {
    return any_address_ && fh_ && reaches(jobrank) ? any_max_ : 0;
  }
  void *allocate_shared(uint32_t, size_t) override { return nullptr; }
  void free_shared(uint32_t, void *, size_t) override {}
  char *map_peer_memory(uint32_t, uint32_t, size_t) override { return nullptr; }
  void unmap_peer_memory(char *, size_t) override {}
  void shared_published(uint32_t) override {}
  Registration register_memory(void *base, size_t bytes) override;
  void deregister_memory(const Registration &r) override;
  void peer_memory(uint32_t jobrank, const void *owner_base, size_t bytes, uint64_t rkey) override;
  unsigned poll(unsigned budget, bool replies_only) override;

  // The registration cache of local buffers (null unless local buffers need registering).
  const firehose::Firehose *firehose() const noexcept { return fh_.get(); }

  // Header of every message on the wire (then the arguments, then the payload, 16-aligned).
  static constexpr size_t kHeaderBytes = 32;
  static size_t payload_offset(unsigned nargs) { return (kHeaderBytes + 4 * nargs + 15) & ~size_t(15); }

 private:
  // A lock only when several threads may call in (a PAR client).
  class Guard {
   public:
    explicit Guard(OfiTransport &t) : m_(t.thread_safe_ ? &t.mutex_ : nullptr) { if (m_) m_->lock(); }
    ~Guard() { if (m_) m_->unlock(); }
    void unlock() { if (m_) m_->unlock(); }
    void lock() { if (m_) m_->lock(); }
   private:
    std::mutex *m_;
  };

  void open_endpoint();
  void exchange_addresses();
  void make_buffers();
  fid_mr *reg(void *base, size_t bytes, uint64_t access, void **desc);
  SendSlot *take_send_slot();
  void free_send_slot(SendSlot *s);
  // Posts (or re-posts) a receive buffer; one that the provider refuses now waits in repost_.
  bool post_recv(RecvSlot *r);
  // Credits for messages delivered from `peer` become owed once their buffer is posted again.
  void recv_done(RecvSlot *r);
  void fill_header(SendSlot *s, uint32_t dest, const AmMessage &msg);
  int post_send(SendSlot *s);  // fi_send/fi_sendv of a filled slot; the provider's return code
  void flush_backlog();
  void send_owed_credits();
  unsigned reap_tx(unsigned max);
  RmaOp *take_rma_op();
  ssize_t write_msg(uint32_t jobrank, const void *from, size_t n, void *desc, const fi_rma_iov &rma, RmaOp *op,
                    uint64_t flags);
  uint64_t remote_address(uint32_t jobrank, const void *addr, uint64_t rkey) const;
  // Reads an error completion: fatal while the job runs; once it is ending (a peer may have left
  // already) the operation is finished quietly. Returns the operation's context.
  void *cq_error(fid_cq *cq, const char *which);
  void finish_tx(void *op_context);  // a transmit completion: free the slot, lower the counters
  // FI_MR_LOCAL: the descriptor for the local buffer [p, p+n) of an RMA, called without the
  // lock held (a firehose miss registers, taking it). Inside registered memory: that
  // registration's. Else a firehose pin (out.pin) or, above the largest region, a flag to register
  // it for this operation alone (out.oneoff, under the lock). False: the local budget is all held by operations in
  // flight (NoResources, nothing pinned).
  bool local_desc(const void *p, size_t n, LocalBuf &out);
  void start_firehose(const Config &config);
  // Pins whose operation completed, released outside the lock (firehose's move takes it, so its
  // lock comes first); `pending` comes from the list swapped out under the lock.
  void release_pins(std::vector<const firehose::Request *> &pending);
  // Releases the pins queued so far (before a new pin: a completed operation's region is idle
  // again, a victim candidate in the order operations completed).
  void drain_released();
  // RMA to any address: the remote pin covering [addr, addr+n) at `jobrank`, or null (a miss:
  // its request is on its way, or the budget there is all in use; retry after progress).
  const firehose::Request *remote_pin(uint32_t jobrank, const void *addr, size_t n);
  // Firehose messages (under the lock): queued, sent as credits and send slots allow.
  void queue_fh(uint32_t dest, bool request, const void *payload, size_t bytes);
  void flush_fh();
  uint64_t pinned_address(const firehose::Request *req, const void *addr) const;
  unsigned poll_locked(unsigned budget, bool replies_only, std::vector<const firehose::Request *> &released);
  class FhBackend;
  friend class FhBackend;

  uint32_t rank_, size_;
  AmDeliverFn deliver_;
  bool thread_safe_;
  std::mutex mutex_;
  bool rma_ = false;         // fi_write/fi_read available (FI_RMA)
  bool mr_local_ = false;    // FI_MR_LOCAL: local buffers need a registration's descriptor
  bool mr_virt_ = false;     // FI_MR_VIRT_ADDR: remote addresses are virtual (else offsets)
  bool mr_prov_key_ = false; // FI_MR_PROV_KEY: the provider picks keys
  bool mr_endpoint_ = false; // FI_MR_ENDPOINT: registrations are bound to the endpoint
  bool copy_always_ = false; // no sendv from the caller's buffer (iov_limit < 2)
  bool send_after_write_ = false;  // FI_ORDER_SAW: a send goes after earlier writes' data
  // Messages (header included) up to this length go eagerly: a copied one is complete when
  // posted. A longer one may go by rendezvous (ofi_rxm above FI_OFI_RXM_BUFFER_SIZE): it then
  // completes at the target only after eager messages this rank posts later, so even a copied
  // one stays Pending until the provider reports it (waiters keep one sender's order).
  size_t eager_bytes_ = SIZE_MAX;
  std::thread::id deliverer_;  // the thread delivering received messages now (poll), if any
  size_t max_medium_ = 0;
  size_t buf_bytes_ = 0;     // one message at most: header, 16 arguments, max_medium_
  uint32_t credits_per_class_ = 0;
  uint64_t next_key_ = 1;

  fi_info *info_ = nullptr;
  fid_fabric *fabric_ = nullptr;
  fid_domain *domain_ = nullptr;
  fid_ep *ep_ = nullptr;
  fid_av *av_ = nullptr;
  fid_cq *txcq_ = nullptr;
  fid_cq *rxcq_ = nullptr;
  std::vector<uint64_t> addr_;  // fi_addr_t of every rank

  // Buffers: one registered region each for receive and send slots.
  char *recv_region_ = nullptr, *send_region_ = nullptr;
  size_t recv_region_bytes_ = 0, send_region_bytes_ = 0;
  fid_mr *recv_mr_ = nullptr, *send_mr_ = nullptr;
  std::vector<RecvSlot> recv_slots_;
  std::vector<SendSlot> send_slots_;
  std::vector<SendSlot *> free_send_;
  std::vector<RmaOp *> free_rma_;
  // Bounce buffers of puts up to 64 KiB (ofi_transport.cpp: kBounceBytes, kBigBounceBytes), one
  // region registered under FI_MR_LOCAL; free lists per size.
  char *bounce_region_ = nullptr;
  fid_mr *bounce_mr_ = nullptr;
  void *bounce_desc_ = nullptr;
  std::vector<char *> free_bounce_, free_big_bounce_;
  std::vector<char *> &bounce_pool(size_t n);
  void return_bounce(char *b);
  std::vector<RmaOp *> rma_ops_;  // every one allocated, freed at the end
  // Tests (GEX_OFI_TEST_DELAY_PUTS=<us>): each put is handed to the provider only that long
  // after it was posted, as a provider that reorders an RMA write behind later messages would
  // deliver it, so code that must fence its notifications behind puts is tested on tcp too.
  struct DelayedPut {
    uint32_t jobrank;
    const void *from;
    size_t n;
    void *desc;
    uint64_t raddr, rkey;  // the fi_rma_iov
    RmaOp *op;
    uint64_t flags;
    uint64_t due_ns;
  };
  uint64_t delay_puts_ns_ = 0;
  std::deque<DelayedPut> delayed_puts_;
  void issue_delayed_puts();

  // Flow control, per peer: [peer*2 + class], class 0 requests, 1 replies.
  std::vector<uint32_t> credits_;    // messages this rank may still send
  std::vector<uint32_t> owed_;       // delivered from the peer, buffer posted again, not yet returned
  std::vector<uint32_t> credit_due_; // peers that should get a credit-only message
  std::vector<uint8_t> credit_due_flag_;

  std::deque<RecvSlot *> deferred_;  // requests that arrived during a replies-only poll
  std::deque<SendSlot *> backlog_;   // committed sends the provider refused for now
  std::vector<RecvSlot *> repost_;   // receive buffers the provider refused for now

  // Peer segments registered for RMA (offset addressing needs each one's base).
  struct PeerRegion {
    uint64_t base, bytes, rkey;
  };
  std::vector<std::vector<PeerRegion>> peer_regions_;

  // Local memory registered here (segments by register_memory, the AM buffers): the
  // registrations whose descriptors RMA on that memory uses under FI_MR_LOCAL.
  struct LocalRegion {
    uintptr_t base;
    size_t bytes;
    fid_mr *mr;
  };
  std::vector<LocalRegion> local_regions_;
  std::unique_ptr<FhBackend> fh_backend_;
  std::unique_ptr<firehose::Firehose> fh_;
  std::vector<const firehose::Request *> fh_release_;  // completed operations' pins (under the lock)
  size_t fh_live_ = 0;  // registrations firehose holds now (checked against its budget)
  bool force_mr_local_ = false;
  bool any_address_ = false;  // GEX_SEGMENT_EVERYTHING: firehose remote pins too
  size_t any_max_ = 0;        // the largest any-address put/get (a remote pin, less a page)
  struct FhMsg {
    uint32_t dest;
    bool request;
    std::vector<unsigned char> bytes;
  };
  std::deque<FhMsg> fh_out_;  // firehose messages waiting for a credit or a send slot
  // Remote pins requested and not yet answered, by (rank, first page): no second request.
  std::vector<std::pair<uint32_t, uintptr_t>> fh_inflight_;
  std::mutex fh_inflight_mutex_;
};

}  // namespace gex::transport::ofi
