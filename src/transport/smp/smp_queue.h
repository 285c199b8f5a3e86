// SmpAmQueue: one rank's incoming AM queue in shared memory: many producers (every rank of the
// host, and several threads of each), one consumer (the owning rank; with PAR, whichever of its
// threads holds the consumer lock). Each rank owns two: requests and replies (smp_transport.h).
//
// Layout in the shared object: a QueueControl (head, tail) and a power-of-two data area of
// records (ring_record.h), each starting on a 64-byte cell.
//
// Producing (claim, then publish):
//  - A producer claims room with a CAS on `head` from h to h + pad + need, only if that leaves
//    the claimed bytes within one lap of `tail`; otherwise it gets nullptr (the runtime polls and
//    retries: nothing here waits). A record never wraps: when it does not fit before the end of
//    the data area, the same CAS also claims the rest of the lap, which it fills with a pad.
//  - It then writes the record's body and stores its publication word (the first four bytes of
//    the header) with release. Other producers may claim and publish after it meanwhile.
//
// Consuming (one thread at a time):
//  - At `tail` the consumer loads the publication word with acquire. Zero: nothing there yet (the
//    queue is empty, or a producer has claimed this room and not yet published: a slow or
//    descheduled producer only makes the consumer wait, never read a half-written record). The
//    queue is strictly FIFO in claim order, so records of one producer thread arrive in order.
//  - Non-zero: it decodes (validating: a corrupt record ends the job), delivers, and only after
//    the handler has returned (the Medium payload stays valid in the queue while it runs) clears
//    the record and stores the new tail with release.
//
// Why a stale word can never look published: the consumer zeroes the publication word of every
// cell of a record it consumed (not just the record's first cell) before releasing the room with
// the tail store. The next lap's records may start on any cell, including ones that held a
// payload (arbitrary client bytes) last lap, so every cell's word must read zero by then.
// Producers acquire that tail before writing there (directly, or through cached_tail_ which is
// written with release after an acquire), so the zeroes are ordered before their writes. The
// alternative, lap-numbered stamps in the header, cannot tell a stamp from client payload bytes
// that happen to equal it, so it would need a stamp array beside the data, i.e. a second cache
// line on every message's latency path; the zeroing is one store per 64 bytes consumed, mostly
// to lines the consumer has just read, and is off the latency path (after the handler, which
// has already sent its reply).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "transport/smp/ring_record.h"
#include "transport/transport.h"

namespace gex::transport::smp {

// The shared control words of one queue, each on its own cache line: producers CAS head, the
// consumer writes tail (producers read it only when their cached copy says the queue is full).
struct alignas(64) QueueControl {
  alignas(64) std::atomic<uint64_t> head;
  alignas(64) std::atomic<uint64_t> tail;
};
static_assert(sizeof(QueueControl) == 128);

class SmpAmQueue {
 public:
  SmpAmQueue() = default;
  SmpAmQueue(const SmpAmQueue &) = delete;
  SmpAmQueue &operator=(const SmpAmQueue &) = delete;

  // A view of a queue whose control words and data area (`bytes`, a power of two of at least
  // 2 * kMaxRecord, 64-byte aligned, zero-filled when created) live in shared memory.
  // `reply`: the queue holds replies (else requests). `thread_safe`: several threads of this
  // process may produce into it or consume from it at once.
  void attach(QueueControl *control, char *data, size_t bytes, bool reply, bool thread_safe) noexcept {
    control_ = control;
    data_ = data;
    bytes_ = bytes;
    mask_ = bytes - 1;
    reply_ = reply;
    thread_safe_ = thread_safe;
    cached_tail_.store(control->tail.load(std::memory_order_acquire), std::memory_order_relaxed);
    next_.store(control->tail.load(std::memory_order_relaxed), std::memory_order_relaxed);
  }

  size_t bytes() const noexcept { return bytes_; }
  bool holds_replies() const noexcept { return reply_; }

  // ---- producer side ----------------------------------------------------------------------------
  // Claims `need` bytes (whole cells, at most kMaxRecord) for one record and returns where it
  // goes, or nullptr when the queue lacks room now. The caller then writes and publishes exactly
  // one record of `need` bytes there (write_record, or records and pads filling it exactly).
  // Lock-free: a failed CAS means another producer claimed first, so it retries with the new head.
  char *claim(size_t need, uint32_t src_jobrank) noexcept {
    uint64_t h = control_->head.load(std::memory_order_relaxed);
    uint64_t t = cached_tail_.load(std::memory_order_acquire);
    for (;;) {
      const size_t pos = h & mask_;
      const size_t pad = need > bytes_ - pos ? bytes_ - pos : 0;
      const uint64_t end = h + pad + need;
      // Signed: h may be older than t (another producer claimed and the consumer consumed since
      // this head was read); the CAS then fails and brings h up to date.
      if (int64_t(end - t) > int64_t(bytes_)) {
        t = control_->tail.load(std::memory_order_acquire);  // the consumer's zeroes come before
        if (int64_t(end - t) > int64_t(bytes_)) return nullptr;
        cached_tail_.store(t, std::memory_order_release);  // an older value is only conservative
      }
      if (control_->head.compare_exchange_weak(h, end, std::memory_order_relaxed, std::memory_order_relaxed)) {
        char *at = data_ + pos;
        if (pad) {
          write_pad(at, pad, src_jobrank);
          at = data_;  // h + pad is a multiple of bytes_
        }
        return at;
      }
    }
  }

  // ---- consumer side ----------------------------------------------------------------------------
  // Whether a record (or pad) is published at the consumer's position: the idle poll's only
  // load, of a line that stays in this core's cache until a producer writes it.
  bool ready() const noexcept { return published(data_ + (next_.load(std::memory_order_relaxed) & mask_)); }

  // Delivers up to `budget` messages in queue order through deliver(const AmMessage &), skipping
  // pads. `nranks`: the job's size (decode check). corrupt(offset, why) is called for a record the
  // decoder rejects and must not return. With thread_safe, a thread that finds another one
  // draining returns 0 at once: one consumer at a time, so no record is delivered twice or
  // out of order. Returns how many messages it delivered.
  template <class Deliver, class Corrupt>
  unsigned drain(unsigned budget, uint32_t nranks, Deliver &&deliver, Corrupt &&corrupt) {
    if (!ready()) return 0;
    if (thread_safe_ && (busy_.load(std::memory_order_relaxed) || busy_.exchange(true, std::memory_order_acquire)))
      return 0;
    uint64_t t = next_.load(std::memory_order_relaxed);
    unsigned delivered = 0;
    while (delivered < budget) {
      const size_t pos = t & mask_;
      char *rec = data_ + pos;
      if (!published(rec)) break;  // empty, or claimed and not yet published: wait for it
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
      clear(rec, len);
      t += len;
      next_.store(t, std::memory_order_relaxed);
      control_->tail.store(t, std::memory_order_release);  // orders the zeroes before any reuse
    }
    if (thread_safe_) busy_.store(false, std::memory_order_release);
    return delivered;
  }

 private:
  // Zeroes the publication word of every cell of a consumed record (see the top of this file).
  static void clear(char *rec, size_t len) noexcept {
    for (size_t off = 0; off < len; off += kCell) publication_word(rec + off).store(0, std::memory_order_relaxed);
  }

  QueueControl *control_ = nullptr;
  char *data_ = nullptr;
  size_t bytes_ = 0;
  uint64_t mask_ = 0;
  bool reply_ = false;
  bool thread_safe_ = true;
  // Producer side, in this process: the last tail seen, so a send reads the consumer's line only
  // when the queue looks full. Any older value is conservative (the tail only grows).
  alignas(64) std::atomic<uint64_t> cached_tail_{0};
  // Consumer side (the owner's own queues only): the consumer's position (== control_->tail,
  // kept here so the idle poll reads nothing a producer writes) and the consumer lock.
  alignas(64) std::atomic<uint64_t> next_{0};
  std::atomic<bool> busy_{false};
};

}  // namespace gex::transport::smp
