// libFuzzer target: the smp conduit's AM wire decode (src/transport/smp/ring_record.h), i.e. what
// SmpAmQueue::drain (smp_queue.h) does with the bytes producers published in a rank's AM queue.
// Input: the bytes of a queue from one record up to the end of the queue (avail = the input's
// size), copied to a 64-byte-aligned buffer of exactly that size, so that ASan reports any read
// beyond it.
// Besides "no crash, no sanitizer report":
//   - a record the decoder accepts lies in [0, avail), is a whole number of 64-byte cells long,
//     and its args and Medium payload lie inside it; nargs <= 16; kind, is_request are in range;
//     src_jobrank is below the job's size; Medium and Long lengths are within the conduit's limits;
//   - encoding the decoded message again (write_record, write_pad, with the record's own stamp)
//     gives back the same bytes for every field the format defines (header, args, payload);
//   - records are consumed one after another as drain does (the stamp, drain's business, is not
//     checked here: every input is taken as published), so a valid record followed by garbage is
//     covered too.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>

#include "transport/smp/ring_record.h"

using namespace gex::transport;
using namespace gex::transport::smp;

namespace {

constexpr uint32_t kRanks = 8;  // the job's size the decoder is given

[[noreturn]] void contract_broken(const char *what, size_t offset) {
  std::fprintf(stderr, "fuzz_am_record: %s (record at offset %zu)\n", what, offset);
  std::abort();
}

bool inside(const void *p, size_t n, const char *lo, const char *hi) {
  const char *c = static_cast<const char *>(p);
  return c >= lo && c <= hi && n <= size_t(hi - c);
}

volatile unsigned g_sink;  // keeps the reads of args and payload (what a handler would read)

void check_message(const char *rec, uint32_t len, const AmMessage &m, size_t offset) {
  const char *end = rec + len;
  if (m.nargs > kMaxArgs) contract_broken("nargs above kMaxArgs accepted", offset);
  if (m.src_jobrank >= kRanks) contract_broken("src_jobrank at or above the job's size accepted", offset);
  if (!inside(m.args, m.nargs * sizeof(int32_t), rec, end)) contract_broken("args outside the record", offset);
  unsigned sum = 0;
  for (unsigned i = 0; i < m.nargs; ++i) sum += unsigned(m.args[i]);
  if (m.category == AmCategory::Medium) {
    if (!inside(m.payload, m.nbytes, rec, end)) contract_broken("Medium payload outside the record", offset);
    if (m.nbytes > kMaxMedium) contract_broken("Medium above kMaxMedium accepted", offset);
    if (reinterpret_cast<uintptr_t>(m.payload) % 16) contract_broken("Medium payload not 16-byte aligned", offset);
    const auto *p = static_cast<const unsigned char *>(m.payload);
    for (uint32_t i = 0; i < m.nbytes; ++i) sum += p[i];
  } else if (m.category == AmCategory::Long) {
    if (m.payload != m.dest_addr) contract_broken("Long payload is not dest_addr", offset);
    if (m.nbytes > kMaxLong) contract_broken("Long above kMaxLong accepted", offset);
  } else if (m.category == AmCategory::Short) {
    if (m.nbytes) contract_broken("Short with a payload length accepted", offset);
  } else {
    contract_broken("unknown category", offset);
  }
  g_sink = sum;

  // Round trip: the encoder, given the decoded message, writes the same record.
  if (record_footprint(m) != len) contract_broken("record_footprint of the decoded message differs from len", offset);
  char *again = static_cast<char *>(::operator new[](len, std::align_val_t{64}));
  std::memset(again, 0, len);
  RecordHeader a, b;
  std::memcpy(&a, rec, sizeof a);
  write_record(again, m, m.src_jobrank, a.stamp);
  std::memcpy(&b, again, sizeof b);
  if (std::memcmp(&a, &b, sizeof a)) contract_broken("re-encoded header differs", offset);
  size_t at = sizeof(RecordHeader);
  if (std::memcmp(rec + at, again + at, m.nargs * sizeof(int32_t))) contract_broken("re-encoded args differ", offset);
  at += args_bytes(m.nargs);
  if (m.category == AmCategory::Medium && std::memcmp(rec + at, again + at, m.nbytes))
    contract_broken("re-encoded payload differs", offset);
  ::operator delete[](again, std::align_val_t{64});
}

// A pad must be exactly what write_pad writes.
void check_pad(const char *rec, uint32_t len, size_t offset) {
  alignas(16) char again[sizeof(RecordHeader)] = {};
  RecordHeader h;
  std::memcpy(&h, rec, sizeof h);
  if (h.src_jobrank >= kRanks) contract_broken("pad from a rank at or above the job's size accepted", offset);
  if (len < kCell || len % kCell) contract_broken("pad length not whole cells", offset);
  write_pad(again, len, h.src_jobrank, h.stamp);
  if (std::memcmp(rec, again, sizeof again)) contract_broken("re-encoded pad header differs", offset);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0) return 0;
  char *ring = static_cast<char *>(::operator new[](size, std::align_val_t{64}));
  std::memcpy(ring, data, size);
  size_t offset = 0;
  while (offset < size) {  // as drain: one record after another until the published end
    AmMessage m;
    uint32_t len = 0;
    const char *why = nullptr;
    const size_t avail = size - offset;
    const Decoded d = decode_record(ring + offset, avail, kRanks, m, len, why);
    if (d == Decoded::Corrupt) {
      if (!why || !*why) contract_broken("a corrupt record without a reason", offset);
      break;  // drain ends the job here
    }
    if (len < kCell || len % kCell || len > avail)
      contract_broken("accepted a record whose len is not whole cells within the queue", offset);
    if (d == Decoded::Message) check_message(ring + offset, len, m, offset);
    if (d == Decoded::Pad) check_pad(ring + offset, len, offset);
    offset += len;
  }
  ::operator delete[](ring, std::align_val_t{64});
  return 0;
}
