#include "transport/smp/smp_transport.h"


#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>

#include "bootstrap/bootstrap.h"
#include "bootstrap/shm_object.h"
#include "runtime/env.h"
#include "transport/smp/ring_record.h"

namespace gex::transport::smp {
namespace {

// A record the decoder rejects: the ring's shared memory was overwritten (a client writing out
// of bounds through a neighbour's mapping, or a mismatched build). Never delivered.
[[noreturn]] void corrupt_record(uint32_t sender, bool reply, uint64_t tail, const char *why) {
  bootstrap::fatal("smp conduit: corrupt AM record in the " + std::string(reply ? "reply" : "request") +
                   " ring from rank " + std::to_string(sender) + " at offset " + std::to_string(tail) + ": " + why);
}

}  // namespace

struct SmpTransport::OutRing {
  std::atomic<bool> lock{false};  // producer threads of this process (PAR only)
  uint64_t cached_tail = 0;       // last tail seen: avoids reading the consumer's line
};

SmpTransport::Ring SmpTransport::ring(uint32_t receiver, uint32_t sender, bool reply) const noexcept {
  size_t per_ring = sizeof(RingControl) + ring_bytes_;
  char *base = inboxes_[receiver] + (size_t(sender) * 2 + reply) * per_ring;
  return Ring{reinterpret_cast<RingControl *>(base), base + sizeof(RingControl), ring_bytes_};
}

SmpTransport::SmpTransport(const Config &config)
    : Transport(Kind::Smp), rank_(config.rank), size_(config.size), thread_safe_(config.thread_safe),
      deliver_(config.deliver) {
  const uint32_t size = size_, rank = rank_;
  // Two maximal Medium records must fit in a ring; bigger rings absorb longer floods.
  size_t min_ring = 2 * align_up(kMaxMedium + sizeof(RecordHeader) + args_bytes(kMaxArgs), 4096);
  size_t dflt = size <= 16 ? (size_t(256) << 10) : min_ring;
  ring_bytes_ = runtime::env_size("GEX_SMP_RING_BYTES", dflt, min_ring, size_t(1) << 30);
  size_t pow2 = 1;
  while (pow2 < ring_bytes_) pow2 <<= 1;
  ring_bytes_ = pow2;
  inbox_bytes_ = size_t(size) * 2 * (sizeof(RingControl) + ring_bytes_);

  inboxes_.assign(size, nullptr);
  std::string mine = bootstrap::shm_name("am", rank);
  inboxes_[rank] = static_cast<char *>(bootstrap::shm_create_or_die(mine, inbox_bytes_, "smp conduit"));  // zero-filled by ftruncate
  mappings_.emplace_back(inboxes_[rank], inbox_bytes_);
  bootstrap::barrier();
  for (uint32_t r = 0; r < size; ++r) {
    if (r == rank) continue;
    inboxes_[r] = static_cast<char *>(bootstrap::shm_open_or_die(bootstrap::shm_name("am", r), inbox_bytes_, "smp conduit"));
    mappings_.emplace_back(inboxes_[r], inbox_bytes_);
  }
  bootstrap::barrier();
  bootstrap::shm_remove(mine);  // every neighbour has it mapped: nothing stays in /dev/shm

  for (uint32_t r = 0; r < size; ++r) {
    for (bool reply : {false, true}) {
      in_rings_.push_back(ring(rank, r, reply));
      out_rings_.push_back(ring(r, rank, reply));
    }
  }

  out_.reset(new OutRing[size_t(size) * 2]);
  in_busy_.reset(new std::atomic<bool>[size_t(size) * 2]);
  for (size_t i = 0; i < size_t(size) * 2; ++i) in_busy_[i].store(false);
}

SmpTransport::~SmpTransport() {
  for (auto &m : mappings_) bootstrap::shm_unmap(m.first, m.second);
}

// Another thread of this process holds the ring (it is writing a record, or holds an NPAM
// reservation until its Commit): the caller gets NoResources and the runtime polls and retries.
bool SmpTransport::try_lock(OutRing &out) noexcept {
  if (!thread_safe_) return true;
  return !out.lock.load(std::memory_order_relaxed) && !out.lock.exchange(true, std::memory_order_acquire);
}

void SmpTransport::unlock(OutRing &out) noexcept {
  if (thread_safe_) out.lock.store(false, std::memory_order_release);
}

// Finds room for a record of `need` bytes at the ring's head; when the room left before the end
// of the ring is too short, a pad record (which the consumer skips) fills it first. The caller
// holds the ring's producer lock. On success `head` is where the record goes.
bool SmpTransport::claim(const Ring &r, OutRing &out, size_t need, uint64_t &head) {
  head = r.control->head.load(std::memory_order_relaxed);
  size_t pos = head & (r.bytes - 1);
  size_t contiguous = r.bytes - pos;
  size_t pad = need > contiguous ? contiguous : 0;
  if (head + pad + need - out.cached_tail > r.bytes) out.cached_tail = r.control->tail.load(std::memory_order_acquire);
  if (head + pad + need - out.cached_tail > r.bytes) return false;
  if (pad) {
    auto *p = reinterpret_cast<RecordHeader *>(r.data + pos);
    p->len = uint32_t(pad);
    p->kind = kPad;
    head += pad;
    r.control->head.store(head, std::memory_order_release);
  }
  return true;
}

Status SmpTransport::am_send(uint32_t dest, const AmMessage &msg, Counter *) {
  const size_t need = record_bytes(msg);
  const Ring &r = out_rings_[size_t(dest) * 2 + !msg.is_request];
  OutRing &out = out_[size_t(dest) * 2 + !msg.is_request];
  if (!try_lock(out)) return Status::NoResources;
  uint64_t head;
  if (!claim(r, out, need, head)) {
    unlock(out);
    return Status::NoResources;
  }
  // Long: the payload goes straight into the receiver's segment, which is mapped here. Only once
  // the record has room (a send that finds the ring full must leave the target untouched), and
  // before the header is published (release store of head).
  if (msg.category == AmCategory::Long && msg.nbytes) std::memcpy(msg.dest_local, msg.payload, msg.nbytes);
  write_record(r.data + (head & (r.bytes - 1)), msg, need);
  r.control->head.store(head + need, std::memory_order_release);
  unlock(out);
  return Status::Done;  // the payload is copied: locally complete
}

// The reservation keeps the ring's producer lock until commit_medium, so no other thread of this
// process can write into the reserved room.
void *SmpTransport::reserve_medium(uint32_t dest, bool is_request, unsigned nargs, size_t max_payload) {
  const size_t need = sizeof(RecordHeader) + args_bytes(nargs) + align_up(max_payload, kRecordAlign);
  const Ring &r = out_rings_[size_t(dest) * 2 + !is_request];
  OutRing &out = out_[size_t(dest) * 2 + !is_request];
  if (!try_lock(out)) return nullptr;
  uint64_t head;
  if (claim(r, out, need, head)) return r.data + (head & (r.bytes - 1)) + sizeof(RecordHeader) + args_bytes(nargs);
  unlock(out);
  return nullptr;
}

void SmpTransport::commit_medium(uint32_t dest, const AmMessage &msg) {
  const Ring &r = out_rings_[size_t(dest) * 2 + !msg.is_request];
  OutRing &out = out_[size_t(dest) * 2 + !msg.is_request];
  const uint64_t head = r.control->head.load(std::memory_order_relaxed);
  const size_t need = record_bytes(msg);
  write_record(r.data + (head & (r.bytes - 1)), msg, need);
  r.control->head.store(head + need, std::memory_order_release);
  unlock(out);
}

// Nothing was written at the head: giving back the producer lock returns the room.
void SmpTransport::cancel_medium(uint32_t dest, bool is_request) { unlock(out_[size_t(dest) * 2 + !is_request]); }

unsigned SmpTransport::drain(uint32_t sender, bool reply, unsigned budget) {
  const Ring &r = in_rings_[size_t(sender) * 2 + reply];
  uint64_t tail = r.control->tail.load(std::memory_order_relaxed);
  if (r.control->head.load(std::memory_order_relaxed) == tail) return 0;  // cheap common case

  std::atomic<bool> &busy = in_busy_[size_t(sender) * 2 + reply];
  if (thread_safe_ && busy.exchange(true, std::memory_order_acquire)) return 0;  // another thread drains it
  tail = r.control->tail.load(std::memory_order_relaxed);
  uint64_t head = r.control->head.load(std::memory_order_acquire);
  unsigned delivered = 0;
  // A bounded batch keeps one busy sender from starving the others.
  while (tail != head && delivered < budget) {
    const size_t pos = tail & (r.bytes - 1);
    const char *rec = r.data + pos;
    // Records never wrap (a pad fills the end of the ring): what can be read is the published
    // part up to the end of the ring.
    const size_t avail = std::min<uint64_t>(head - tail, r.bytes - pos);
    AmMessage m;
    uint32_t len;
    const char *why = nullptr;
    const Decoded d = decode_record(rec, avail, sender, m, len, why);
    if (__builtin_expect(d == Decoded::Corrupt, 0)) corrupt_record(sender, reply, tail, why);
    if (d == Decoded::Message) {
      deliver_(m);  // the Medium payload stays valid in the ring until the handler returns
      ++delivered;
    }
    tail += len;
    r.control->tail.store(tail, std::memory_order_release);
    if (tail == head) head = r.control->head.load(std::memory_order_acquire);
  }
  if (thread_safe_) busy.store(false, std::memory_order_release);
  return delivered;
}

unsigned SmpTransport::poll(unsigned budget, bool replies_only) {
  unsigned delivered = 0;
  // Rotate the starting sender so no source is always served last.
  uint32_t start = thread_safe_ ? poll_start_.fetch_add(1, std::memory_order_relaxed) : poll_start_.load(std::memory_order_relaxed);
  if (!thread_safe_) poll_start_.store(start + 1, std::memory_order_relaxed);  // no RMW when one thread polls
  start %= size_;
  // A bounded batch per ring keeps one busy sender from starving the others.
  const unsigned per_ring = budget < 32 ? budget : 32;
  for (uint32_t i = 0; i < size_ && delivered < budget; ++i) {
    uint32_t s = start + i < size_ ? start + i : start + i - size_;
    delivered += drain(s, /*reply=*/true, per_ring);
    if (!replies_only) delivered += drain(s, /*reply=*/false, per_ring);
  }
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
  return bootstrap::shm_create_or_die(segment_object(rank_, id), bytes, "smp conduit");
}

void SmpTransport::free_shared(uint32_t, void *base, size_t bytes) { bootstrap::shm_unmap(base, bytes); }

char *SmpTransport::map_peer_memory(uint32_t jobrank, uint32_t id, size_t bytes) {
  return static_cast<char *>(bootstrap::shm_open_or_die(segment_object(jobrank, id), bytes, "smp conduit"));
}

void SmpTransport::unmap_peer_memory(char *local, size_t bytes) { bootstrap::shm_unmap(local, bytes); }

void SmpTransport::shared_published(uint32_t id) { bootstrap::shm_remove(segment_object(rank_, id)); }

}  // namespace gex::transport::smp
