// gasnett_debug_malloc and friends (gasnet_tools.h): a checking allocator for clients; and
// gasnett_mmap, fresh pages.
//
// Each block is [Header][client bytes][guard]. The header starts and ends with a magic word (live
// or freed) around the size, where it was allocated and the links of the list of live blocks; the
// guard is a fixed 8-byte pattern just past the client's bytes. A check verifies all three and
// ends the job naming the position of the check and of the allocation. Freed blocks wait in a
// short quarantine before going back to malloc, so that a second free of the same block still
// finds it marked freed. One mutex guards everything: a debugging aid, not a fast path.
#include <gasnetex.h>
#include <gasnet_tools.h>

#include <sys/mman.h>

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>

#include "bootstrap/bootstrap.h"

namespace {

constexpr uint64_t kLive = 0x676578616c6c6f63ull;   // "gexalloc"
constexpr uint64_t kFreed = 0x6765786672656564ull;  // "gexfreed"
constexpr unsigned char kGuard[8] = {0xde, 0xad, 0xbe, 0xef, 0x67, 0x65, 0x78, 0x21};

struct alignas(16) Header {
  uint64_t magic;
  size_t size;
  const char *where;  // allocation position, a string literal from the client's code
  Header *prev;
  Header *next;
  uint64_t back_magic;  // the last bytes before the client's: catches writes just before the block
};
static_assert(sizeof(Header) == 48, "the back magic word must touch the client's bytes");
constexpr size_t kOverhead = sizeof(Header) + sizeof kGuard;

std::mutex g_lock;
Header *g_live = nullptr;    // most recent first
Header *g_cursor = nullptr;  // the next block memcheck_one looks at
gasnett_heapstats_t g_stats;
constexpr size_t kQuarantine = 64;
Header *g_quarantine[kQuarantine];  // freed blocks not yet given back to malloc, oldest first out
size_t g_quarantine_next = 0;

unsigned char *payload(Header *h) { return reinterpret_cast<unsigned char *>(h + 1); }
Header *header_of(void *p) { return static_cast<Header *>(p) - 1; }

[[noreturn]] void damaged(const char *call, const char *curloc, const void *p, const std::string &what) {
  char addr[32];
  std::snprintf(addr, sizeof addr, "%p", p);
  gex::bootstrap::fatal(std::string(call) + " at " + (curloc ? curloc : "?") + ": block " + addr + " " + what);
}

// Verifies a block the caller says is live; returns its header. Called with g_lock held.
Header *check_block(void *p, const char *call, const char *curloc) {
  Header *h = header_of(p);
  if (h->magic == kFreed && h->back_magic == kFreed)
    damaged(call, curloc, p, "was already freed (a double free or a use after free)");
  if (h->magic != kLive || h->back_magic != kLive)
    damaged(call, curloc, p, "is not from gasnett_debug_malloc, or its header was overwritten");
  if (std::memcmp(payload(h) + h->size, kGuard, sizeof kGuard) != 0)
    damaged(call, curloc, p,
            std::string("(") + std::to_string(h->size) + " bytes, allocated at " + h->where +
                "): bytes past its end were overwritten");
  return h;
}

void *allocate(size_t size, const char *curloc, const char *call) {
  if (size > SIZE_MAX - kOverhead)
    gex::bootstrap::fatal(std::string(call) + "(" + std::to_string(size) + ") at " + curloc + ": size too large");
  auto *h = static_cast<Header *>(std::malloc(size + kOverhead));
  if (!h)
    gex::bootstrap::fatal(std::string(call) + "(" + std::to_string(size) + ") at " + curloc + ": out of memory");
  h->magic = kLive;
  h->back_magic = kLive;
  h->size = size;
  h->where = curloc ? curloc : "?";
  std::memcpy(payload(h) + size, kGuard, sizeof kGuard);
  std::lock_guard<std::mutex> hold(g_lock);
  h->prev = nullptr;
  h->next = g_live;
  if (g_live) g_live->prev = h;
  g_live = h;
  g_stats.allocated_bytes += size;
  g_stats.allocated_objects += 1;
  g_stats.live_bytes += size;
  g_stats.live_objects += 1;
  g_stats.overhead_bytes += kOverhead;
  if (g_stats.live_bytes > g_stats.live_bytes_max) g_stats.live_bytes_max = g_stats.live_bytes;
  if (g_stats.live_objects > g_stats.live_objects_max) g_stats.live_objects_max = g_stats.live_objects;
  return payload(h);
}

void release(void *p, const char *curloc, const char *call) {
  if (!p) return;
  Header *evicted;
  {
    std::lock_guard<std::mutex> hold(g_lock);
    Header *h = check_block(p, call, curloc);
    if (h->prev) h->prev->next = h->next;
    else g_live = h->next;
    if (h->next) h->next->prev = h->prev;
    if (g_cursor == h) g_cursor = h->next;
    g_stats.freed_bytes += h->size;
    g_stats.freed_objects += 1;
    g_stats.live_bytes -= h->size;
    g_stats.live_objects -= 1;
    g_stats.overhead_bytes -= kOverhead;
    h->magic = kFreed;
    h->back_magic = kFreed;
    evicted = g_quarantine[g_quarantine_next];
    g_quarantine[g_quarantine_next] = h;
    g_quarantine_next = (g_quarantine_next + 1) % kQuarantine;
  }
  std::free(evicted);
}

}  // namespace

extern "C" {

void *gexi_debug_malloc(size_t sz, const char *curloc) { return allocate(sz, curloc, "gasnett_debug_malloc"); }

void *gexi_tools_mmap(uintptr_t sz) {
  void *p = mmap(nullptr, sz, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    gex::bootstrap::fatal("gasnett_mmap(" + std::to_string(sz) + ") failed: " + std::strerror(errno));
  return p;
}

void *gexi_debug_calloc(size_t n, size_t s, const char *curloc) {
  if (s && n > SIZE_MAX / s) gex::bootstrap::fatal(std::string("gasnett_debug_calloc at ") + curloc + ": size overflows");
  void *p = allocate(n * s, curloc, "gasnett_debug_calloc");
  std::memset(p, 0, n * s);
  return p;
}

void *gexi_debug_realloc(void *ptr, size_t sz, const char *curloc) {
  if (!ptr) return allocate(sz, curloc, "gasnett_debug_realloc");
  size_t old;
  {
    std::lock_guard<std::mutex> hold(g_lock);
    old = check_block(ptr, "gasnett_debug_realloc", curloc)->size;
  }
  void *fresh = allocate(sz, curloc, "gasnett_debug_realloc");
  std::memcpy(fresh, ptr, old < sz ? old : sz);
  release(ptr, curloc, "gasnett_debug_realloc");
  return fresh;
}

void gexi_debug_free(void *ptr, const char *curloc) { release(ptr, curloc, "gasnett_debug_free"); }

char *gexi_debug_strdup(const char *s, const char *curloc) {
  const size_t n = std::strlen(s);
  auto *copy = static_cast<char *>(allocate(n + 1, curloc, "gasnett_debug_strdup"));
  std::memcpy(copy, s, n + 1);
  return copy;
}

char *gexi_debug_strndup(const char *s, size_t n, const char *curloc) {
  size_t len = 0;
  while (len < n && s[len]) ++len;
  auto *copy = static_cast<char *>(allocate(len + 1, curloc, "gasnett_debug_strndup"));
  std::memcpy(copy, s, len);
  copy[len] = '\0';
  return copy;
}

size_t gexi_debug_memcheck(void *ptr, const char *curloc) {
  if (!ptr) gex::bootstrap::fatal(std::string("gasnett_debug_memcheck at ") + curloc + ": NULL pointer");
  std::lock_guard<std::mutex> hold(g_lock);
  return check_block(ptr, "gasnett_debug_memcheck", curloc)->size;
}

void gexi_debug_memcheck_one(const char *curloc) {
  std::lock_guard<std::mutex> hold(g_lock);
  if (!g_cursor) g_cursor = g_live;
  if (!g_cursor) return;
  Header *h = g_cursor;
  g_cursor = h->next;
  check_block(payload(h), "gasnett_debug_memcheck_one", curloc);
}

void gexi_debug_memcheck_all(const char *curloc) {
  std::lock_guard<std::mutex> hold(g_lock);
  for (Header *h = g_live; h; h = h->next) check_block(payload(h), "gasnett_debug_memcheck_all", curloc);
}

int gexi_debug_getheapstats(gasnett_heapstats_t *pstat) {
  if (!pstat) return 1;
  std::lock_guard<std::mutex> hold(g_lock);
  *pstat = g_stats;
  return 0;
}

void gexi_debug_heapinfo_dump(const char *filename, int show_live_objects) {
  FILE *out = (filename && *filename && std::strcmp(filename, "-") != 0) ? std::fopen(filename, "w") : stderr;
  if (!out) gex::bootstrap::fatal(std::string("gasnett_heapinfo_dump: cannot open '") + filename + "'");
  std::lock_guard<std::mutex> hold(g_lock);
  std::fprintf(out,
               "gasnett_debug_malloc heap: %" PRIu64 " bytes in %" PRIu64 " blocks live (at most %" PRIu64
               " bytes, %" PRIu64 " blocks); %" PRIu64 " bytes in %" PRIu64 " blocks allocated, %" PRIu64
               " bytes in %" PRIu64 " blocks freed; %" PRIu64 " bytes of overhead\n",
               g_stats.live_bytes, g_stats.live_objects, g_stats.live_bytes_max, g_stats.live_objects_max,
               g_stats.allocated_bytes, g_stats.allocated_objects, g_stats.freed_bytes, g_stats.freed_objects,
               g_stats.overhead_bytes);
  if (show_live_objects)
    for (Header *h = g_live; h; h = h->next)
      std::fprintf(out, "  %zu bytes at %p, allocated at %s\n", h->size, static_cast<void *>(payload(h)), h->where);
  if (out != stderr) std::fclose(out);
  else std::fflush(out);
}

}  // extern "C"
