// libFuzzer target: the smp conduit's AM wire decode (src/transport/smp/ring_record.h), i.e. what
// SmpTransport::drain does with the bytes a peer published in a shared-memory ring.
// Input: the published bytes of a ring from one record on (avail = the input's size), copied to a
// 16-byte-aligned buffer of exactly that size, so that ASan reports any read beyond it.
// Besides "no crash, no sanitizer report":
//   - a record the decoder accepts lies in [0, avail), is a multiple of 16 long, and its args
//     and Medium payload lie inside it; nargs <= 16; kind, is_request are in range;
//   - encoding the decoded message again (write_record) gives back the same bytes for every
//     field the format defines (header, dest_addr, args, payload);
//   - records are consumed one after another as drain does, so a valid record followed by
//     garbage is covered too.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>

#include "transport/smp/ring_record.h"

using namespace gex::transport;
using namespace gex::transport::smp;

namespace {

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
  if (m.src_jobrank != 7) contract_broken("src_jobrank is not the sender passed in", offset);
  if (!inside(m.args, m.nargs * sizeof(int32_t), rec, end)) contract_broken("args outside the record", offset);
  unsigned sum = 0;
  for (unsigned i = 0; i < m.nargs; ++i) sum += unsigned(m.args[i]);
  if (m.category == AmCategory::Medium) {
    if (!inside(m.payload, m.nbytes, rec, end)) contract_broken("Medium payload outside the record", offset);
    const auto *p = static_cast<const unsigned char *>(m.payload);
    for (uint32_t i = 0; i < m.nbytes; ++i) sum += p[i];
  } else if (m.category == AmCategory::Long) {
    if (m.payload != m.dest_addr) contract_broken("Long payload is not dest_addr", offset);
  } else if (m.category != AmCategory::Short) {
    contract_broken("unknown category", offset);
  }
  g_sink = sum;

  // Round trip: the encoder, given the decoded message, writes the same record.
  if (record_bytes(m) != len) contract_broken("record_bytes of the decoded message differs from len", offset);
  char *again = static_cast<char *>(::operator new[](len, std::align_val_t{16}));
  std::memset(again, 0, len);
  write_record(again, m, len);
  RecordHeader a, b;
  std::memcpy(&a, rec, sizeof a);
  std::memcpy(&b, again, sizeof b);
  if (a.len != b.len || a.kind != b.kind || a.handler != b.handler || a.nargs != b.nargs ||
      a.is_request != b.is_request || (m.category != AmCategory::Short && a.nbytes != b.nbytes))
    contract_broken("re-encoded header differs", offset);
  size_t at = sizeof(RecordHeader);
  if (m.category == AmCategory::Long) {
    if (std::memcmp(rec + at, again + at, sizeof(void *))) contract_broken("re-encoded dest_addr differs", offset);
    at += kRecordAlign;
  }
  if (std::memcmp(rec + at, again + at, m.nargs * sizeof(int32_t))) contract_broken("re-encoded args differ", offset);
  at += args_bytes(m.nargs);
  if (m.category == AmCategory::Medium && std::memcmp(rec + at, again + at, m.nbytes))
    contract_broken("re-encoded payload differs", offset);
  ::operator delete[](again, std::align_val_t{16});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0) return 0;
  char *ring = static_cast<char *>(::operator new[](size, std::align_val_t{16}));
  std::memcpy(ring, data, size);
  size_t offset = 0;
  while (offset < size) {  // as drain: one record after another until the published end
    AmMessage m;
    uint32_t len = 0;
    const char *why = nullptr;
    const size_t avail = size - offset;
    const Decoded d = decode_record(ring + offset, avail, 7, m, len, why);
    if (d == Decoded::Corrupt) {
      if (!why || !*why) contract_broken("a corrupt record without a reason", offset);
      break;  // drain ends the job here
    }
    if (len < sizeof(RecordHeader) || len % kRecordAlign || len > avail)
      contract_broken("accepted a record whose len is not a multiple of 16 within the bytes published", offset);
    if (d == Decoded::Message) check_message(ring + offset, len, m, offset);
    offset += len;
  }
  ::operator delete[](ring, std::align_val_t{16});
  return 0;
}
