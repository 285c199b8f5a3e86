// The smp conduit's queue record: the wire format of one Active Message in a rank's shared-memory
// AM queue (smp_queue.h), its encoder (write_record, write_pad) and its validating decoder
// (decode_record). Pure functions, inline (they sit on the AM injection and polling hot paths),
// fuzzed by tests/fuzz/fuzz_am_record.cpp.
//
// A record starts on a 64-byte cell of the queue and takes a whole number of cells:
//   RecordHeader (32) | args (nargs*4, rounded up to 16) | Medium: payload (nbytes, rounded up
//                     to 16) | unused up to the next cell
// so a Medium payload is 16-byte aligned, for any scalar type the client may read in place.
// A pad record (kind kPad, nbytes = its whole length) fills the end of the queue when a record
// does not fit there, the unused end of a negotiated-payload reservation, or a cancelled one.
//
// Publication: the header's first eight bytes are the record's stamp, a function of where the
// record lies in the queue's byte stream (smp_queue.h: position XOR the queue's salt). The
// producer writes everything else first and then stores the stamp with release (publish()); the
// consumer at position p takes a record as published only when it reads exactly p's stamp.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "transport/transport.h"

namespace gex::transport::smp {

inline constexpr size_t kMaxMedium = 65536;
inline constexpr size_t kMaxLong = size_t(1) << 30;

struct RecordHeader {
  uint64_t stamp;        // publication: written last, with release
  uint8_t kind;          // RecordKind
  uint8_t handler;
  uint8_t nargs;
  uint8_t is_request;
  uint32_t nbytes;       // Medium, Long: payload length (Short: 0); pad: the pad's whole length
  uint32_t src_jobrank;  // the producer (several ranks share one queue)
  uint16_t src_ep;
  uint16_t dest_ep;
  uint64_t dest_addr;    // Long: destination in the receiver's address space; otherwise 0
};
static_assert(sizeof(RecordHeader) == 32);

// Kind 0 is never written: zero-filled memory cannot pass for a record.
enum RecordKind : uint8_t { kShort = 1, kMedium = 2, kLong = 3, kPad = 4 };
inline constexpr size_t kRecordAlign = 16;  // alignment of the fields inside a record
inline constexpr size_t kCell = 64;         // alignment and granule of records in a queue
constexpr size_t align_up(size_t n, size_t a) { return (n + a - 1) & ~(a - 1); }

constexpr size_t args_bytes(unsigned nargs) { return align_up(nargs * sizeof(int32_t), kRecordAlign); }

// Offset of the Medium payload in a record of `nargs` arguments.
constexpr size_t medium_payload_offset(unsigned nargs) { return sizeof(RecordHeader) + args_bytes(nargs); }

// Bytes a record of this shape uses (before rounding up to whole cells).
constexpr size_t record_bytes(RecordKind kind, unsigned nargs, size_t nbytes) {
  return sizeof(RecordHeader) + args_bytes(nargs) + (kind == kMedium ? align_up(nbytes, kRecordAlign) : 0);
}

inline RecordKind record_kind(AmCategory c) {
  return c == AmCategory::Short ? kShort : c == AmCategory::Medium ? kMedium : kLong;
}

// Bytes of queue the record of `m` takes: whole cells (what write_record writes, decode_record
// reports as len and the consumer advances by).
inline size_t record_footprint(const AmMessage &m) {
  return align_up(record_bytes(record_kind(m.category), m.nargs, m.nbytes), kCell);
}

// The largest record (a maximal Medium with 16 arguments), in bytes of queue.
inline constexpr size_t kMaxRecord = align_up(record_bytes(kMedium, kMaxArgs, kMaxMedium), kCell);

inline std::atomic_ref<uint64_t> stamp_word(char *rec) noexcept {
  return std::atomic_ref<uint64_t>(*reinterpret_cast<uint64_t *>(rec));
}

// Whether the record at `rec` is published with `stamp` (acquire: its body is visible then).
inline bool published(const char *rec, uint64_t stamp) noexcept {
  return stamp_word(const_cast<char *>(rec)).load(std::memory_order_acquire) == stamp;
}

// Stores the stamp with release, after the rest of the record.
inline void publish(char *rec, uint64_t stamp) noexcept { stamp_word(rec).store(stamp, std::memory_order_release); }

// Writes one record (header, args, payload) at `rec` and publishes it with `stamp`. The payload
// is not copied when it already sits in place (a reserved negotiated-payload Medium).
inline void write_record(char *rec, const AmMessage &msg, uint32_t src_jobrank, uint64_t stamp) {
  auto *h = reinterpret_cast<RecordHeader *>(rec);
  h->kind = record_kind(msg.category);
  h->handler = msg.handler;
  h->nargs = msg.nargs;
  h->is_request = msg.is_request;
  h->nbytes = msg.category == AmCategory::Short ? 0 : msg.nbytes;
  h->src_jobrank = src_jobrank;
  h->src_ep = msg.src_ep;
  h->dest_ep = msg.dest_ep;
  h->dest_addr = msg.category == AmCategory::Long ? uint64_t(reinterpret_cast<uintptr_t>(msg.dest_addr)) : 0;
  char *p = rec + sizeof(RecordHeader);
  if (msg.nargs) std::memcpy(p, msg.args, msg.nargs * sizeof(int32_t));
  p += args_bytes(msg.nargs);
  if (msg.category == AmCategory::Medium && msg.nbytes && msg.payload != p) std::memcpy(p, msg.payload, msg.nbytes);
  publish(rec, stamp);
}

// Writes and publishes a pad of `len` bytes (whole cells) at `rec`: the consumer skips it.
inline void write_pad(char *rec, size_t len, uint32_t src_jobrank, uint64_t stamp) {
  auto *h = reinterpret_cast<RecordHeader *>(rec);
  h->kind = kPad;
  h->handler = 0;
  h->nargs = 0;
  h->is_request = 0;
  h->nbytes = uint32_t(len);
  h->src_jobrank = src_jobrank;
  h->src_ep = 0;
  h->dest_ep = 0;
  h->dest_addr = 0;
  publish(rec, stamp);
}

enum class Decoded : uint8_t { Message, Pad, Corrupt };

// Decodes the published record at `rec` (cell-aligned; its stamp is the caller's business), of
// which `avail` bytes are readable (up to the end of the queue: records never wrap). `nranks`:
// the job's size (a src_jobrank at or above it is rejected). Sets `len` to the record's length in
// the queue (the consumer advances by it) and, for a message, fills `out` (args and a Medium payload point into the record). A record
// that write_record or write_pad cannot have written is Corrupt, with `why` naming the field;
// nothing beyond rec[0, avail) is read, whatever the bytes say.
inline Decoded decode_record(const char *rec, size_t avail, uint32_t nranks, AmMessage &out, uint32_t &len,
                             const char *&why) {
  len = 0;
  if (__builtin_expect(avail < sizeof(RecordHeader), 0)) {
    why = "fewer bytes left in the queue than a record header";
    return Decoded::Corrupt;
  }
  RecordHeader h;
  std::memcpy(&h, rec, sizeof h);
  if (__builtin_expect(h.src_jobrank >= nranks, 0)) {
    why = "src_jobrank is not a rank of the job";
    return Decoded::Corrupt;
  }
  if (h.kind == kPad) {
    if (__builtin_expect(h.nbytes < kCell || h.nbytes % kCell || h.nbytes > avail, 0)) {
      why = "pad length is not a whole number of cells up to the end of the queue";
      return Decoded::Corrupt;
    }
    if (__builtin_expect(h.handler | h.nargs | h.is_request | h.src_ep | h.dest_ep | h.dest_addr, 0)) {
      why = "pad with message fields set";
      return Decoded::Corrupt;
    }
    len = h.nbytes;
    return Decoded::Pad;
  }
  if (__builtin_expect(h.kind < kShort || h.kind > kPad || h.nargs > kMaxArgs || h.is_request > 1, 0)) {
    why = h.kind < kShort || h.kind > kPad ? "unknown record kind" : h.nargs > kMaxArgs ? "nargs above 16" : "is_request not 0 or 1";
    return Decoded::Corrupt;
  }
  const RecordKind kind = RecordKind(h.kind);
  if (__builtin_expect(kind != kLong && h.dest_addr != 0, 0)) {
    why = "dest_addr set in a record that is not a Long";
    return Decoded::Corrupt;
  }
  if (__builtin_expect(kind == kShort ? h.nbytes != 0 : h.nbytes > (kind == kMedium ? kMaxMedium : kMaxLong), 0)) {
    why = kind == kShort ? "Short with a payload length" : "payload length above the conduit's maximum";
    return Decoded::Corrupt;
  }
  const size_t need = align_up(record_bytes(kind, h.nargs, h.nbytes), kCell);
  if (__builtin_expect(need > avail, 0)) {
    why = "record runs past the end of the queue";
    return Decoded::Corrupt;
  }
  len = uint32_t(need);
  out.category = kind == kShort ? AmCategory::Short : kind == kMedium ? AmCategory::Medium : AmCategory::Long;
  out.is_request = h.is_request;
  out.handler = h.handler;
  out.nargs = h.nargs;
  out.src_jobrank = h.src_jobrank;
  out.src_ep = h.src_ep;
  out.dest_ep = h.dest_ep;
  out.dest_local = nullptr;
  out.nbytes = h.nbytes;
  const char *p = rec + sizeof(RecordHeader);
  out.dest_addr = reinterpret_cast<void *>(uintptr_t(h.dest_addr));
  out.args = reinterpret_cast<const int32_t *>(p);
  p += args_bytes(h.nargs);
  out.payload = kind == kMedium ? p : out.dest_addr;
  return Decoded::Message;
}

}  // namespace gex::transport::smp
