// The device ranges of this process (mk.h): a short list searched only when device memory exists,
// so host-only jobs pay one relaxed load per check.
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <vector>

#include "bootstrap/bootstrap.h"
#include "mk/mk.h"

namespace gex::mk {
namespace {

struct Range {
  char *base;
  size_t bytes;
  gexi_MK *kind;
};

std::mutex g_lock;                       // writers; readers copy the snapshot pointer
std::atomic<const std::vector<Range> *> g_ranges{nullptr};
std::vector<std::unique_ptr<std::vector<Range>>> g_retired;  // old snapshots, kept (few, small)

void publish(std::vector<Range> next) {
  auto snapshot = std::make_unique<std::vector<Range>>(std::move(next));
  g_ranges.store(snapshot.get(), std::memory_order_release);
  g_retired.push_back(std::move(snapshot));
}

}  // namespace

void register_range(gexi_MK *kind, void *base, size_t bytes) {
  std::lock_guard<std::mutex> lock(g_lock);
  const std::vector<Range> *now = g_ranges.load(std::memory_order_relaxed);
  std::vector<Range> next = now ? *now : std::vector<Range>{};
  next.push_back(Range{static_cast<char *>(base), bytes, kind});
  publish(std::move(next));
}

void unregister_range(void *base) {
  std::lock_guard<std::mutex> lock(g_lock);
  const std::vector<Range> *now = g_ranges.load(std::memory_order_relaxed);
  if (!now) return;
  std::vector<Range> next;
  for (const Range &r : *now)
    if (r.base != base) next.push_back(r);
  publish(std::move(next));
}

bool any_device_memory() {
  const std::vector<Range> *now = g_ranges.load(std::memory_order_acquire);
  return now && !now->empty();
}

gexi_MK *kind_of(const void *addr, size_t n) {
  const std::vector<Range> *now = g_ranges.load(std::memory_order_acquire);
  if (__builtin_expect(!now, 1)) return nullptr;
  const char *a = static_cast<const char *>(addr);
  for (const Range &r : *now)
    if (a >= r.base && a < r.base + r.bytes && n <= size_t(r.base + r.bytes - a)) return r.kind;
  return nullptr;
}

void copy(void *dst, const void *src, size_t n) {
  if (!n) return;
  gexi_MK *k = kind_of(dst, n);
  if (!k) k = kind_of(src, n);
  if (!k) {
    std::memcpy(dst, src, n);
    return;
  }
  k->ops->copy(k, dst, src, n);
}

// ---- classes and kinds ---------------------------------------------------------------------------
namespace {
std::mutex g_kinds_lock;
std::vector<gexi_MK *> g_kinds;
}  // namespace

const KindOps *ops_for(gex_MK_Class_t cls) {
  if (cls != GEX_MK_CLASS_CUDA_UVA) return nullptr;
  const char *sim = std::getenv("GEX_MK_SIM");
  if (sim && *sim) {
    if (std::strcmp(sim, "cuda_uva") != 0)
      bootstrap::fatal(std::string("GEX_MK_SIM='") + sim + "': the only simulated class is 'cuda_uva'");
    return sim_ops();
  }
  return cuda_uva_ops();
}

void add_kind(gexi_MK *kind) {
  std::lock_guard<std::mutex> lock(g_kinds_lock);
  g_kinds.push_back(kind);
}

gexi_MK *importer(gex_MK_Class_t cls) {
  std::lock_guard<std::mutex> lock(g_kinds_lock);
  for (gexi_MK *k : g_kinds)
    if (k->mk_class == cls && k->magic == gexi_MK::kLive) return k;
  const KindOps *ops = ops_for(cls);
  if (!ops) return nullptr;
  auto k = std::make_unique<gexi_MK>();
  k->mk_class = cls;
  k->ops = ops;
  std::string error;
  if (ops->open(k.get(), 0, error) != GASNET_OK) return nullptr;  // no device here: RMA goes over AM
  g_kinds.push_back(k.get());
  return k.release();  // lives as long as the process (imported segments use it)
}

}  // namespace gex::mk
