// A copy into shared memory that another process on this host reads: an AM Long's payload in a
// neighbour's segment, a collective's chunk in this rank's slot. That reader has usually read
// the same lines last time, so they sit in its cache. From 1 to 64 KiB the copy is `rep movsb`
// where the CPU has fast string moves (ERMS), not libc's memcpy: below its own rep-movsb
// threshold (2112 bytes on the AMD Zen 5 CI VM, glibc 2.36) memcpy uses vector stores, and each
// of them first fetches its target line from the reader's cache; the string move writes whole
// lines without reading them. Below 1 KiB the instruction's start-up costs more than it saves;
// above 64 KiB libc's own choice stays (non-temporal stores for copies larger than the caches).
// Figures: bench/report/issue16_vs_gasnet.md (stop 38). Sanitizer builds use memcpy, which they
// see.
#pragma once

#include <cstddef>
#include <cstring>
#if defined(__x86_64__)
#include <cpuid.h>
#endif

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define GEX_READER_COPY_PLAIN 1  // clang
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define GEX_READER_COPY_PLAIN 1  // gcc
#endif
#if !defined(__x86_64__)
#define GEX_READER_COPY_PLAIN 1
#endif

namespace gex::runtime {

#if !defined(GEX_READER_COPY_PLAIN)
namespace reader_copy_detail {
inline bool fast_string_moves() {
  unsigned a = 0, b = 0, c = 0, d = 0;
  return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & (1u << 9));  // CPUID.7.0:EBX.ERMS
}
}  // namespace reader_copy_detail
#endif

inline void copy_to_reader(void *dst, const void *src, size_t n) {
#if !defined(GEX_READER_COPY_PLAIN)
  // CPUID is asked on first use, not by a static initializer: that would add startup code ahead
  // of the client's own functions in its executable, moving them by 128 bytes (testsmall's loops
  // looked 2x slower in one window that way, level in the next: not a cost, but a variable).
  if (n >= 1024 && n <= 65536) {
    static const bool fast = reader_copy_detail::fast_string_moves();
    if (fast) {
      asm volatile("rep movsb" : "+D"(dst), "+S"(src), "+c"(n) : : "memory");
      return;
    }
  }
#endif
  std::memcpy(dst, src, n);
}

}  // namespace gex::runtime
