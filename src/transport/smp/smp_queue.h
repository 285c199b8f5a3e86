// SmpAmQueue: one rank's incoming AM queue in shared memory: many producers (every rank of the
// host, and several threads of each), one consumer (the owning rank; with PAR, whichever of its
// threads holds the consumer lock). Each rank owns two: requests and replies (smp_transport.h).
//
// Layout in the shared object: a QueueControl (head, tail, salt) and a power-of-two data area of
// records (ring_record.h), each starting on a 64-byte cell. Positions are offsets in the queue's
// byte stream (64-bit, never wrap); a record at position p lies at data[p % size].
//
// Producing (claim, then publish):
//  - A producer claims room with a CAS on `head` from h to h + pad + need, only if that leaves
//    the claimed bytes within one lap of `tail`; otherwise it gets nullptr (the runtime polls and
//    retries: nothing here waits). A record never wraps: when it does not fit before the end of
//    the data area, the same CAS also claims the rest of the lap, which it fills with a pad.
//  - It then writes the record's body and, last, with release, the record's stamp: its position
//    XOR the queue's salt. Other producers may claim and publish after it meanwhile.
//
// Consuming (one thread at a time):
//  - At its position p the consumer loads the first eight bytes with acquire and compares them
//    with p's stamp. Any other value: nothing there yet (the queue is empty, or a producer has
//    claimed this room and not yet published: a slow or descheduled producer only makes the
//    consumer wait, never read a half-written record). The queue is strictly FIFO in claim order,
//    so the records of one producer thread arrive in the order it sent them.
//  - On a match it decodes (validating: a corrupt record ends the job), delivers, and only after
//    the handler has returned (the Medium payload stays valid in the queue while it runs) stores
//    the new tail with release; producers acquire it before they reuse the room.
//
// Why a stale word is not taken for a new record, although the consumer never clears anything:
// a stamp names the position in the byte stream, not in the data area, so a header left from an
// earlier lap at the same offset carries an older position's stamp and never matches. The other
// bytes an earlier lap can leave at a record's start are args and payload, which are the
// client's; they match only if eight of them equal position XOR salt for the very position where
// the next record will start, while its producer is between claim and publish.
//
// A producer that dies between claim and publish (a rank killed in a fault-tolerant job) would
// hold the consumer at its room forever. So right after its CAS the producer stores a claim
// word in the room's stamp: position XOR salt XOR kClaimMark XOR (its rank + 1, the room's
// cells), which the publication overwrites. A consumer held at a claim word asks its dead-rank
// check (set_dead_check) about that rank and, if it died, skips the room (clearing the word)
// as a pad. The claim word can be mistaken for a stamp by no consumer (kClaimMark is a bit
// no position reaches); only a producer killed in the few instructions between the CAS and
// that store still holds the queue. The salt is
// 64 random bits per queue, with the top bit set so that no stamp is 0 (zero-filled memory is
// never published) -- and a false match would still have to pass the decoder, which ends the job
// on anything write_record cannot produce. The deterministic alternative, the consumer zeroing
// the first word of every 64-byte cell it consumed, writes to every line of every payload: it
// measured 5-15% slower 4 KiB Medium round trips and a third of the Medium flood bandwidth at
// 16-64 KiB (the producer must fetch back each line the consumer dirtied); a stamp array beside
// the data would put a second cache line on every message's latency path.
#pragma once

#include <sys/mman.h>

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "transport/smp/ring_record.h"
#include "transport/transport.h"

namespace gex::transport::smp {

// What an unattached queue's idle probe reads (never a stamp: its probe takes the full poll).
inline uint64_t g_never_published = 0;

// Maps every page of [base, base + bytes) (page-aligned) into this process now, writable, so that
// no page fault falls on the messages that first use them (before Linux 5.14, which lacks
// MADV_POPULATE_WRITE, the loads below fault them in for reading). Then one load per page: on the
// CI VM (Firecracker, Linux 6.18) the first access to each page of a populated mapping still cost
// 6-7 us with no page fault counted (the first access through a page table entry: presumably its
// accessed bit, set under nested paging), about 0.2 us on each of the first 16384 AM round trips
// of a 1 MiB queue (0.65 us after). On bare metal the loads cost a TLB fill each.
inline void prefault(void *base, size_t bytes) noexcept {
#ifdef MADV_POPULATE_WRITE
  madvise(base, bytes, MADV_POPULATE_WRITE);
#endif
  // Atomic loads: other threads of this process may already be writing those words (a claim).
  uint64_t sink = 0;
  for (size_t off = 0; off < bytes; off += 4096)
    sink ^= __atomic_load_n(reinterpret_cast<const uint64_t *>(static_cast<char *>(base) + off), __ATOMIC_RELAXED);
  asm volatile("" : : "r"(sink));  // the loads are kept
}

// The shared control words of one queue, on their own cache lines: producers CAS head, the
// consumer writes tail (producers read it only when their cached copy says the queue is full).
// salt: written once by the owner before any neighbour maps the queue.
struct alignas(64) QueueControl {
  alignas(64) std::atomic<uint64_t> head;
  alignas(64) std::atomic<uint64_t> tail;
  uint64_t salt;
};
static_assert(sizeof(QueueControl) == 128);

class SmpAmQueue {
 public:
  SmpAmQueue() = default;
  SmpAmQueue(const SmpAmQueue &) = delete;
  SmpAmQueue &operator=(const SmpAmQueue &) = delete;

  // Whether the producer of `rank` has died (fault-tolerant jobs): the consumer then skips a
  // room it claimed and never filled.
  using DeadCheck = bool (*)(uint32_t rank);
  void set_dead_check(DeadCheck dead) noexcept { dead_ = dead; }

  // The salt of a new queue from 64 random bits: the top bit set, so no stamp is ever 0.
  static uint64_t make_salt(uint64_t random_bits) noexcept { return random_bits | (uint64_t(1) << 63); }

  // A view of a queue whose control words and data area (`bytes`, a power of two of at least
  // 2 * kMaxRecord, 64-byte aligned) live in shared memory; its owner has set control->salt.
  // `reply`: the queue holds replies (else requests). `thread_safe`: several threads of this
  // process may produce into it or consume from it at once.
  void attach(QueueControl *control, char *data, size_t bytes, bool reply, bool thread_safe,
              bool prefault_on_first_claim = false) noexcept {
    prefaulted_.store(!prefault_on_first_claim, std::memory_order_relaxed);
    control_ = control;
    data_ = data;
    bytes_ = bytes;
    mask_ = bytes - 1;
    salt_ = control->salt;
    reply_ = reply;
    thread_safe_ = thread_safe;
    cached_tail_.store(control->tail.load(std::memory_order_acquire), std::memory_order_relaxed);
    set_next(control->tail.load(std::memory_order_relaxed));
  }

  size_t bytes() const noexcept { return bytes_; }
  bool holds_replies() const noexcept { return reply_; }
  uint64_t stamp(uint64_t position) const noexcept { return position ^ salt_; }
  // The claim word of a room of `bytes` (whole cells) at `position` claimed by `rank`.
  static constexpr uint64_t kClaimMark = uint64_t(1) << 62;
  static constexpr int kClaimCellsShift = 40, kClaimRankShift = 16;
  static constexpr uint64_t kClaimCellsMask = 0xfff, kClaimRankMask = 0x1fff;  // 4095 cells, 8190 ranks
  uint64_t claim_word(uint64_t position, uint32_t rank, size_t bytes) const noexcept {
    return stamp(position) ^ kClaimMark ^ (uint64_t(bytes / kCell) << kClaimCellsShift) ^
           (uint64_t(rank + 1) << kClaimRankShift);
  }

  // ---- producer side ----------------------------------------------------------------------------
  // Claims `need` bytes (whole cells, at most kMaxRecord) for one record and returns where it
  // goes, or nullptr when the queue lacks room now; `position` is the record's position (its
  // stamp is stamp(position)). The caller then writes and publishes exactly `need` bytes of
  // records there (one write_record, or records and pads filling it).
  // Lock-free: a failed CAS means another producer claimed first, so it retries with the new head.
  char *claim(size_t need, uint32_t src_jobrank, uint64_t &position) noexcept {
    if (__builtin_expect(!prefaulted_.load(std::memory_order_relaxed), 0)) {
      prefault(data_, bytes_);  // the first send here: map every page of the queue at once
      prefaulted_.store(true, std::memory_order_relaxed);
    }
    uint64_t h = control_->head.load(std::memory_order_relaxed);
    uint64_t t = cached_tail_.load(std::memory_order_acquire);
    for (;;) {
      const size_t pos = h & mask_;
      const size_t pad = need > bytes_ - pos ? bytes_ - pos : 0;
      const uint64_t end = h + pad + need;
      // Signed: h may be older than t (another producer claimed and the consumer consumed since
      // this head was read); the CAS then fails and brings h up to date.
      if (int64_t(end - t) > int64_t(bytes_)) {
        t = control_->tail.load(std::memory_order_acquire);  // the consumer is done with the room
        if (int64_t(end - t) > int64_t(bytes_)) return nullptr;
        cached_tail_.store(t, std::memory_order_release);  // an older value is only conservative
      }
      if (control_->head.compare_exchange_weak(h, end, std::memory_order_relaxed, std::memory_order_relaxed)) {
        char *at = data_ + pos;
        if (pad) {
          write_pad(at, pad, src_jobrank, stamp(h));
          at = data_;  // h + pad is a multiple of bytes_
        }
        position = h + pad;
        stamp_word(at).store(claim_word(position, src_jobrank, need), std::memory_order_relaxed);
        return at;
      }
    }
  }

  // ---- consumer side ----------------------------------------------------------------------------
  // Whether a record (or pad) is published at the consumer's position: the idle poll's only
  // load, of a line that stays in this core's cache until a producer writes it. Only for the
  // consumer itself (one consuming thread, or the holder of the consumer lock).
  bool ready() const noexcept {
    const uint64_t p = next_.load(std::memory_order_relaxed);
    return published(data_ + (p & mask_), stamp(p));
  }

  // Whether drain() would certainly find nothing: the idle poll's whole test, inline in the
  // caller (drain itself is out of line: its prologue alone costs more than this). One consumer
  // thread: the word at the consumer's position is neither its stamp (published) nor a claim word
  // for it (a producer may have died holding it: drain asks). Several (thread_safe): always
  // false, drain takes the consumer lock and looks. Not `head == next`: the consumer would then
  // read the line every producer CASes on each send, and in a ping-pong that line's trips
  // between the cores cost a third of the AM round trip (0.38 -> 0.58 us, 2026-11-26).
  bool idle() const noexcept { return !thread_safe_ && head_idle(); }
  // Whether nothing is published at the consumer's position: the runtime's idle probe
  // (SmpTransport::queues_idle), three loads. It does not tell a claim from an empty room (idle()
  // does, for the dead producer's claim that drain skips): a poll that finds a claim cannot
  // deliver it yet, and the runtime's full polls (runtime/idle_poll.h: poll_periodic, a
  // WaitLoop's idle ticks, poll_full) reach a dead one. With several consumer threads a hint: the position and its stamp
  // are two atomic words the lock holder stores one after the other, and a torn pair only makes
  // one poll look in vain or pass over what the draining thread is about to deliver.
  bool head_unpublished() const noexcept {
    const uint64_t word = std::atomic_ref<uint64_t>(*head_word_.load(std::memory_order_relaxed)).load(std::memory_order_relaxed);
    return word != head_stamp_.load(std::memory_order_relaxed);
  }
  // idle() without the test of thread_safe.
  bool head_idle() const noexcept {
    const uint64_t p = next_.load(std::memory_order_relaxed);
    const uint64_t x = stamp_word(data_ + (p & mask_)).load(std::memory_order_relaxed) ^ stamp(p);
    return x != 0 && ((x ^ kClaimMark) & ~((kClaimCellsMask << kClaimCellsShift) | (kClaimRankMask << kClaimRankShift)));
  }

  // Delivers up to `budget` messages in queue order through deliver(const AmMessage &), skipping
  // pads. `nranks`: the job's size (decode check). corrupt(position, why) is called for a record
  // the decoder rejects and must not return. With thread_safe, a thread that finds another one
  // draining returns 0 at once: one consumer at a time, so no record is delivered twice or
  // out of order. Returns how many messages it delivered.
  template <class Deliver, class Corrupt>
  unsigned drain(unsigned budget, uint32_t nranks, Deliver &&deliver, Corrupt &&corrupt) {
    if (thread_safe_) {
      // The lock first: a thread that read next_ without it could read a cell another thread has
      // consumed meanwhile and a producer is now rewriting (a data race, and what TSan reports).
      if (busy_.load(std::memory_order_relaxed) || busy_.exchange(true, std::memory_order_acquire)) return 0;
    } else if (idle()) {
      return 0;  // a claim word held by a live producer goes on to the loop, which stops at it
    }
    uint64_t t = next_.load(std::memory_order_relaxed);
    unsigned delivered = 0;
    while (delivered < budget) {
      const size_t pos = t & mask_;
      const char *rec = data_ + pos;
      if (!published(rec, stamp(t))) {  // empty, or claimed and not yet published: wait
        const uint32_t skip = dead_claim_at(t, nranks);
        if (!skip) break;
        // Claimed by a producer that died before publishing: never coming. Cleared first, so
        // the word is not taken for a claim again on a later lap.
        stamp_word(const_cast<char *>(rec)).store(0, std::memory_order_relaxed);
        t += skip;
        set_next(t);
        control_->tail.store(t, std::memory_order_release);
        continue;
      }
      AmMessage m;
      uint32_t len;
      const char *why = nullptr;
      const Decoded d = decode_record(rec, bytes_ - pos, nranks, m, len, why);
      if (__builtin_expect(d == Decoded::Corrupt, 0)) corrupt(t, why);
      if (__builtin_expect(d == Decoded::Message && m.is_request == reply_, 0))
        corrupt(t, reply_ ? "a request in the reply queue" : "a reply in the request queue");
      if (d == Decoded::Message) {
        deliver(static_cast<const AmMessage &>(m));  // the payload stays valid until it returns
        ++delivered;
      }
      t += len;
      set_next(t);
      control_->tail.store(t, std::memory_order_release);  // the room may be reused from here on
    }
    if (thread_safe_) busy_.store(false, std::memory_order_release);
    return delivered;
  }

 private:
  // The consumer's new position, and the stamp word and stamp the idle probe compares there.
  void set_next(uint64_t t) noexcept {
    next_.store(t, std::memory_order_relaxed);
    head_word_.store(reinterpret_cast<uint64_t *>(data_ + (t & mask_)), std::memory_order_relaxed);
    head_stamp_.store(stamp(t), std::memory_order_relaxed);
  }

  // The room at position `t` holds a claim word (not a publication) of a producer that died:
  // its length in bytes; 0 otherwise (the common case costs a few operations on the word
  // published() loaded already).
  uint32_t dead_claim_at(uint64_t t, uint32_t nranks) const noexcept {
    if (!dead_) return 0;
    const size_t pos = t & mask_;
    const uint64_t x = stamp_word(data_ + pos).load(std::memory_order_relaxed) ^ stamp(t);
    const uint64_t fields = x ^ kClaimMark;
    if (fields & ~((kClaimCellsMask << kClaimCellsShift) | (kClaimRankMask << kClaimRankShift))) return 0;
    const uint64_t cells = (fields >> kClaimCellsShift) & kClaimCellsMask;
    const uint64_t rank1 = (fields >> kClaimRankShift) & kClaimRankMask;
    if (cells == 0 || cells * kCell > bytes_ - pos || rank1 == 0 || rank1 > nranks) return 0;
    return dead_(uint32_t(rank1 - 1)) ? uint32_t(cells * kCell) : 0;
  }

  QueueControl *control_ = nullptr;
  DeadCheck dead_ = nullptr;
  char *data_ = nullptr;
  size_t bytes_ = 0;
  uint64_t mask_ = 0;
  uint64_t salt_ = 0;
  bool reply_ = false;
  bool thread_safe_ = true;
  // Producer side, in this process: the last tail seen, so a send reads the consumer's line only
  // when the queue looks full. Any older value is conservative (the tail only grows).
  alignas(64) std::atomic<uint64_t> cached_tail_{0};
  std::atomic<bool> prefaulted_{true};  // pages mapped here (attach: prefault_on_first_claim)
  // Consumer side (the owner's own queues only): the consumer's position (== control_->tail,
  // kept here so the idle poll reads nothing a producer writes) and the consumer lock.
  alignas(64) std::atomic<uint64_t> next_{0};
  std::atomic<bool> busy_{false};
  // head_unpublished's view of next_: its stamp word and the stamp it holds once published.
  std::atomic<uint64_t *> head_word_{&g_never_published};
  std::atomic<uint64_t> head_stamp_{0};
};

}  // namespace gex::transport::smp
