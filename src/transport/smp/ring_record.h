// The smp conduit's ring record: the wire format of one Active Message in a shared-memory ring,
// its encoder (write_record) and its validating decoder (decode_record). Pure functions, inline
// (they sit on the AM injection and polling hot paths), fuzzed by tests/fuzz/fuzz_am_record.cpp.
//
// A record is 16-byte aligned and a multiple of 16 bytes long, so a Medium payload is aligned
// for any scalar type the client may read in place:
//   RecordHeader (16) | Long: dest_addr (16) | args (nargs*4, rounded up to 16) | Medium: payload
//                     (nbytes, rounded up to 16)
// A pad record (kind kPad, any len) fills the end of the ring when a record does not fit there.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "transport/transport.h"

namespace gex::transport::smp {

struct RecordHeader {
  uint32_t len;  // whole record, multiple of kRecordAlign
  uint8_t kind;  // RecordKind
  uint8_t handler;
  uint8_t nargs;
  uint8_t is_request;
  uint32_t nbytes;
  uint16_t src_ep;
  uint16_t dest_ep;
};
static_assert(sizeof(RecordHeader) == 16);

enum RecordKind : uint8_t { kPad = 0, kShort = 1, kMedium = 2, kLong = 3 };
inline constexpr size_t kRecordAlign = 16;
constexpr size_t align_up(size_t n, size_t a) { return (n + a - 1) & ~(a - 1); }

constexpr size_t args_bytes(unsigned nargs) { return align_up(nargs * sizeof(int32_t), kRecordAlign); }

// Length of the record of `m` (what write_record writes and decode_record expects).
inline size_t record_bytes(const AmMessage &m) {
  size_t n = sizeof(RecordHeader) + args_bytes(m.nargs);
  if (m.category == AmCategory::Long) n += kRecordAlign;  // dest_addr
  if (m.category == AmCategory::Medium) n += align_up(m.nbytes, kRecordAlign);
  return n;
}

// Writes one record (header, dest_addr, args, payload) at `rec`. The payload is not copied
// when it already sits in place (a reserved negotiated-payload Medium).
inline void write_record(char *rec, const AmMessage &msg, size_t len) {
  auto *h = reinterpret_cast<RecordHeader *>(rec);
  h->len = uint32_t(len);
  h->kind = msg.category == AmCategory::Short ? kShort : msg.category == AmCategory::Medium ? kMedium : kLong;
  h->handler = msg.handler;
  h->nargs = msg.nargs;
  h->is_request = msg.is_request;
  h->nbytes = msg.nbytes;
  h->src_ep = msg.src_ep;
  h->dest_ep = msg.dest_ep;
  char *p = rec + sizeof(RecordHeader);
  if (msg.category == AmCategory::Long) {
    std::memcpy(p, &msg.dest_addr, sizeof(void *));
    p += kRecordAlign;
  }
  if (msg.nargs) std::memcpy(p, msg.args, msg.nargs * sizeof(int32_t));
  p += args_bytes(msg.nargs);
  if (msg.category == AmCategory::Medium && msg.nbytes && msg.payload != p) std::memcpy(p, msg.payload, msg.nbytes);
}

enum class Decoded : uint8_t { Message, Pad, Corrupt };

// Decodes the record at `rec` (16-byte aligned), of which `avail` bytes are readable: the
// published bytes up to the end of the ring. Sets `len` to the record's length (the consumer
// advances its tail by it) and, for a message, fills `out` (args and a Medium payload point into
// the record). A record that cannot have been written by write_record is Corrupt, with `why`
// naming the field; nothing beyond rec[0, avail) is read, whatever the bytes say.
inline Decoded decode_record(const char *rec, size_t avail, uint32_t sender, AmMessage &out, uint32_t &len,
                             const char *&why) {
  if (__builtin_expect(avail < sizeof(RecordHeader), 0)) {
    why = "fewer bytes published than a record header";
    return Decoded::Corrupt;
  }
  RecordHeader h;
  std::memcpy(&h, rec, sizeof h);
  len = h.len;
  if (__builtin_expect(h.len < sizeof(RecordHeader) || h.len % kRecordAlign || h.len > avail, 0)) {
    why = "len is not a multiple of 16 from 16 up to the bytes published";
    return Decoded::Corrupt;
  }
  if (h.kind == kPad) return Decoded::Pad;
  if (__builtin_expect(h.kind > kLong || h.nargs > kMaxArgs || h.is_request > 1, 0)) {
    why = h.kind > kLong ? "unknown record kind" : h.nargs > kMaxArgs ? "nargs above 16" : "is_request not 0 or 1";
    return Decoded::Corrupt;
  }
  size_t need = sizeof(RecordHeader) + args_bytes(h.nargs);
  if (h.kind == kLong) need += kRecordAlign;
  if (h.kind == kMedium) need += align_up(h.nbytes, kRecordAlign);
  if (__builtin_expect(need != h.len, 0)) {
    why = "len does not match the kind, nargs and nbytes it carries";
    return Decoded::Corrupt;
  }
  out.category = h.kind == kShort ? AmCategory::Short : h.kind == kMedium ? AmCategory::Medium : AmCategory::Long;
  out.is_request = h.is_request;
  out.handler = h.handler;
  out.nargs = h.nargs;
  out.src_jobrank = sender;
  out.src_ep = h.src_ep;
  out.dest_ep = h.dest_ep;
  out.dest_local = nullptr;
  out.nbytes = h.kind == kShort ? 0 : h.nbytes;
  const char *p = rec + sizeof(RecordHeader);
  out.dest_addr = nullptr;
  if (h.kind == kLong) {
    std::memcpy(&out.dest_addr, p, sizeof(void *));
    p += kRecordAlign;
  }
  out.args = reinterpret_cast<const int32_t *>(p);
  p += args_bytes(h.nargs);
  out.payload = h.kind == kMedium ? p : out.dest_addr;
  return Decoded::Message;
}

}  // namespace gex::transport::smp
