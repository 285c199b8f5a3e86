#include "transport/smp/smp_transport.h"

#include <sys/mman.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <random>
#include <string>

#include "bootstrap/bootstrap.h"
#include "bootstrap/shm_object.h"
#include "runtime/reader_copy.h"

namespace gex::transport::smp {
namespace {

// A record the decoder rejects: the queue's shared memory was overwritten (a client writing out
// of bounds through a neighbour's mapping, or a mismatched build). Never delivered.
[[noreturn]] void corrupt_record(bool reply, uint64_t position, const char *why) {
  bootstrap::fatal("smp conduit: corrupt AM record in this rank's " + std::string(reply ? "reply" : "request") +
                   " queue at position " + std::to_string(position) + ": " + why);
}

// The queues start on a page of their own after the inbox header.
constexpr size_t kQueuesOffset = 4096;
static_assert(sizeof(InboxHeader) <= kQueuesOffset);

// The negotiated-payload Medium this thread has reserved (reserve_medium to commit_medium or
// cancel_medium; a thread holds at most one: Prepare/Commit do not nest). Several threads may
// hold reservations in the same queue at once, so this is per thread, not per queue.
struct Reservation {
  SmpAmQueue *queue = nullptr;
  char *record = nullptr;
  uint64_t position = 0;  // the record's position in the queue (its stamp's source)
  size_t bytes = 0;       // the room claimed: whole cells
};
thread_local Reservation t_reservation;

}  // namespace

// Writes into a neighbour's memory that is not mapped here (cross-memory attach). Every failure
// ends the job: the message would otherwise run its handler on data that never arrived.
void SmpTransport::write_peer_memory(uint32_t dest, void *remote, const void *local, size_t n) {
  size_t done = 0;
  while (done < n) {
    iovec l{const_cast<char *>(static_cast<const char *>(local)) + done, n - done};
    iovec r{static_cast<char *>(remote) + done, n - done};
    const ssize_t w = process_vm_writev(pids_[dest], &l, 1, &r, 1, 0);
    if (w > 0) {
      done += size_t(w);
      continue;
    }
    const int e = errno;
    if (w < 0 && e == EINTR) continue;
    bootstrap::fatal("smp conduit: cannot write " + std::to_string(n) + " bytes into rank " + std::to_string(dest) +
                     "'s memory at " + std::to_string(reinterpret_cast<uintptr_t>(remote)) +
                     " (an AM Long into a segment the client allocated, which neighbours cannot map): "
                     "process_vm_writev: " + (w < 0 ? std::strerror(e) : "wrote nothing") +
                     (e == EPERM ? " (cross-memory attach is forbidden here: kernel.yama.ptrace_scope, or a "
                                   "container's seccomp policy)"
                                 : ""));
  }
}

size_t SmpTransport::queue_bytes(const Config &config) {
  const uint32_t size = config.size;
  // Two maximal Mediums must fit (a record may need a pad in front of it at the end of the lap).
  size_t min_queue = 1;
  while (min_queue < 2 * kMaxRecord) min_queue <<= 1;
  // 1 MiB each up to 64 ranks; above, 64 MiB per queue kind for the whole host (at 256 ranks:
  // 256 KiB each), never below the minimum.
  size_t dflt = size_t(1) << 20;
  while (dflt > min_queue && dflt * size > (size_t(64) << 20)) dflt >>= 1;
  size_t bytes = config.env_size ? config.env_size("GEX_SMP_RING_BYTES", dflt, min_queue, size_t(1) << 30) : dflt;
  size_t pow2 = 1;
  while (pow2 < bytes) pow2 <<= 1;
  return pow2;
}

SmpTransport::SmpTransport(const Config &config)
    : Transport(Kind::Smp), rank_(config.rank), size_(config.size), deliver_(config.deliver) {
  const uint32_t size = size_, rank = rank_;
  queue_bytes_ = queue_bytes(config);
  const bool prefault_queues = !config.env_size || config.env_size("GEX_SMP_PREFAULT", 1, 0, 1) != 0;
  inbox_bytes_ = kQueuesOffset + 2 * queue_bytes_;

  const std::vector<uint32_t> &hosts = bootstrap::host_map();
  same_host_.assign(size, false);
  for (uint32_t r = 0; r < size; ++r) same_host_[r] = hosts[r] == hosts[rank];
  alone_ = std::count(same_host_.begin(), same_host_.end(), true) == 1;
  inboxes_.assign(size, nullptr);
  std::string mine = bootstrap::shm_name("am", rank);
  inboxes_[rank] = static_cast<char *>(bootstrap::shm_create_or_die(mine, inbox_bytes_, "smp conduit"));  // zero-filled by ftruncate
  mappings_.emplace_back(inboxes_[rank], inbox_bytes_);
  {
    std::random_device entropy;
    auto *header = reinterpret_cast<InboxHeader *>(inboxes_[rank]);
    for (QueueControl &q : header->queues)
      q.salt = SmpAmQueue::make_salt((uint64_t(entropy()) << 32) ^ entropy() ^ (uint64_t(rank) << 40));
  }
  bootstrap::barrier();  // the neighbours map the inbox (and read the salts) after this
  for (uint32_t r = 0; r < size; ++r) {
    if (r == rank || !same_host_[r]) continue;
    inboxes_[r] = static_cast<char *>(bootstrap::shm_open_or_die(bootstrap::shm_name("am", r), inbox_bytes_, "smp conduit"));
    mappings_.emplace_back(inboxes_[r], inbox_bytes_);
  }
  bootstrap::barrier();
  bootstrap::shm_remove(mine);  // every neighbour has it mapped: nothing stays in /dev/shm
  // This rank's own queues are faulted in now, not by the messages that first reach them: a
  // page fault per 64 Short records would otherwise fall on the first lap of every queue (e.g.
  // GASNet's testam with its default 1000 iterations). A neighbour's queue is faulted in here
  // by the first send to it (SmpAmQueue::claim), so a job maps only what it uses.
  if (prefault_queues) prefault(inboxes_[rank], inbox_bytes_);
  // Process ids: a Long into a neighbour's segment that is not mapped here (the client's own
  // memory, gex_Segment_Create) is written with cross-memory attach (process_vm_writev).
  const int32_t my_pid = int32_t(getpid());
  pids_.resize(size);
  bootstrap::allgather(&my_pid, sizeof my_pid, pids_.data());

  auto attach = [&](SmpAmQueue &q, uint32_t owner, bool reply) {
    auto *header = reinterpret_cast<InboxHeader *>(inboxes_[owner]);
    q.attach(&header->queues[reply], inboxes_[owner] + kQueuesOffset + reply * queue_bytes_, queue_bytes_, reply,
             config.thread_safe, /*prefault_on_first_claim=*/prefault_queues && owner != rank);
  };
  out_.reset(new SmpAmQueue[size_t(size) * 2]);
  for (uint32_t r = 0; r < size; ++r) {
    if (!same_host_[r]) continue;  // reached by another transport: no queues
    attach(out_[size_t(r) * 2], r, false);
    attach(out_[size_t(r) * 2 + 1], r, true);
  }
  attach(in_[0], rank, false);
  attach(in_[1], rank, true);
  // A neighbour that died between claiming room in this rank's queues and publishing it
  // (fault-tolerant jobs) does not hold them up (smp_queue.h).
  for (SmpAmQueue &q : in_)
    q.set_dead_check([](uint32_t r) { return bootstrap::failed_rank_count() != 0 && bootstrap::rank_failed(r); });
}

SmpTransport::~SmpTransport() {
  for (auto &m : mappings_) bootstrap::shm_unmap(m.first, m.second);
}

namespace {
constexpr size_t kEarlyPayloadMin = 1024;  // am_send: a Long's payload before its record's room
}  // namespace

Status SmpTransport::am_send(uint32_t dest, const AmMessage &msg, Counter *) {
  SmpAmQueue &q = out_queue(dest, msg.is_request);
  uint64_t position;
  // Long: the payload goes straight into the receiver's segment, which is mapped here, before the
  // record is published. A send that will be retried copies it before it claims the record, so
  // the record is claimed and published back to back: the consumer, which stops at a claimed
  // record until it is published, is not held up for the copy (nor are other neighbours' messages
  // behind it), and does not pull the record's line away between the claim and the publication.
  // From 1 KiB: below, the claim's CAS, which waits for the payload's stores to drain, cost a
  // ping-pong more than the consumer gained (testam 2 ranks, stop 34: AMLong floods of 1-8 KiB
  // 1.1-1.4x faster, ping-pongs of 256-512 B 0.75-0.85 when it applied to them too;
  // bench/report/issue16_vs_gasnet.md). The copy is a reader's (runtime/reader_copy.h): the
  // receiver has often read those lines last (its handler read the previous payload there).
  const bool long_payload = msg.category == AmCategory::Long && msg.nbytes;
  const bool early = long_payload && msg.nbytes >= kEarlyPayloadMin && msg.early_payload && msg.dest_local;
  if (early) runtime::copy_to_reader(msg.dest_local, msg.payload, msg.nbytes);
  char *rec = q.claim(record_footprint(msg), rank_, position);
  if (!rec) return Status::NoResources;
  // Otherwise only once the record has room (an IMMEDIATE send that finds the queue full must
  // leave the target untouched), and before the record is published.
  if (long_payload && !early) {
    if (msg.dest_local) {
      runtime::copy_to_reader(msg.dest_local, msg.payload, msg.nbytes);
    } else {
      write_peer_memory(dest, msg.dest_addr, msg.payload, msg.nbytes);
    }
  }
  write_record(rec, msg, rank_, q.stamp(position));
  return Status::Done;  // the payload is copied: locally complete
}

// The room is claimed now and filled at commit_medium: the consumer waits at it meanwhile (other
// producers keep claiming room after it), so it must end in a well-formed record or pad.
void *SmpTransport::reserve_medium(uint32_t dest, bool is_request, unsigned nargs, size_t max_payload) {
  const size_t bytes = align_up(record_bytes(kMedium, nargs, max_payload), kCell);
  SmpAmQueue &q = out_queue(dest, is_request);
  uint64_t position;
  char *rec = q.claim(bytes, rank_, position);
  if (!rec) return nullptr;
  t_reservation = Reservation{&q, rec, position, bytes};
  return rec + medium_payload_offset(nargs);
}

void SmpTransport::commit_medium(uint32_t, const AmMessage &msg) {
  const Reservation r = t_reservation;
  t_reservation = Reservation{};
  const size_t used = record_footprint(msg);  // nbytes <= the reserved max_payload
  // The unused end of the reservation becomes a pad, published first so the consumer finds it
  // ready when it gets there.
  if (used < r.bytes) write_pad(r.record + used, r.bytes - used, rank_, r.queue->stamp(r.position + used));
  write_record(r.record, msg, rank_, r.queue->stamp(r.position));  // the payload is already in place
}

void SmpTransport::cancel_medium(uint32_t, bool) {
  const Reservation r = t_reservation;
  t_reservation = Reservation{};
  write_pad(r.record, r.bytes, rank_, r.queue->stamp(r.position));  // the consumer skips all of it
}

unsigned SmpTransport::drain(SmpAmQueue &q, unsigned budget) {
  const bool reply = q.holds_replies();
  return q.drain(
      budget, size_, [this](const AmMessage &m) { deliver_(m); },
      [reply](uint64_t offset, const char *why) { corrupt_record(reply, offset, why); });
}

unsigned SmpTransport::poll_queues(unsigned budget, bool replies_only) {
  // Replies first: they free the requester's resources and never send.
  unsigned delivered = drain(in_[1], budget);
  if (!replies_only && delivered < budget) delivered += drain(in_[0], budget - delivered);
  return delivered;
}

Status SmpTransport::put(uint32_t, void *, uint64_t, const void *, size_t, Counter *, Counter *) {
  bootstrap::fatal("smp conduit: put() called, but this transport offers no RMA (its peers are load/store reachable)");
}
Status SmpTransport::get(uint32_t, void *, const void *, uint64_t, size_t, Counter *) {
  bootstrap::fatal("smp conduit: get() called, but this transport offers no RMA (its peers are load/store reachable)");
}

namespace {
std::string segment_object(uint32_t rank, uint32_t id) {
  return bootstrap::shm_name(("seg" + std::to_string(id) + "-").c_str(), rank);
}
}  // namespace

void *SmpTransport::allocate_shared(uint32_t id, size_t bytes) {
  // Alone on its host (a one-rank job, or one rank per host), a rank's segments are mapped by
  // nobody else: private memory, as GASNet's smp conduit gives a single process. No /dev/shm
  // object (nor its size limit: a container's /dev/shm is often 64 MiB), and pages the program
  // never writes stay unallocated. Network transports register it like any other memory.
  if (alone_) {
    void *p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
      bootstrap::fatal("smp conduit: cannot map " + std::to_string(bytes) + " bytes of segment memory: " +
                       std::strerror(errno));
    return p;
  }
  return bootstrap::shm_create_or_die(segment_object(rank_, id), bytes, "smp conduit");
}

void SmpTransport::free_shared(uint32_t, void *base, size_t bytes) { bootstrap::shm_unmap(base, bytes); }

char *SmpTransport::map_peer_memory(uint32_t jobrank, uint32_t id, size_t bytes) {
  return static_cast<char *>(bootstrap::shm_open_or_die(segment_object(jobrank, id), bytes, "smp conduit"));
}

void SmpTransport::unmap_peer_memory(char *local, size_t bytes) { bootstrap::shm_unmap(local, bytes); }

void SmpTransport::shared_published(uint32_t id) {
  if (!alone_) bootstrap::shm_remove(segment_object(rank_, id));
}

}  // namespace gex::transport::smp
