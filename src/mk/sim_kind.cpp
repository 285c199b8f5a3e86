// The test double of GEX_MK_CLASS_CUDA_UVA (GEX_MK_SIM=cuda_uva): "device memory" is an address
// range reserved with no access at all (PROT_NONE) whose bytes live in a shared-memory shadow
// mapped elsewhere. A load or store that bypasses the class's copy faults, so the tests of every
// device path (created device segments, IPC between neighbours, AM paths, staging) fail when code
// touches device memory directly, as it would crash on a GPU. An IPC handle is the shadow's name.
#include <sys/mman.h>

#include <cstring>
#include <map>
#include <mutex>
#include <string>

#include "bootstrap/bootstrap.h"
#include "bootstrap/shm_object.h"
#include "mk/mk.h"

namespace gex::mk {
namespace {

struct SimAllocation {
  size_t bytes;
  char *shadow;      // where the bytes are
  std::string name;  // the shadow's shared-memory object
  bool imported;     // a neighbour's, mapped here
};

std::mutex g_lock;
std::map<char *, SimAllocation> g_allocations;  // by device base
uint32_t g_next = 0;

// The allocation holding [addr, addr + n), under g_lock; nullptr when none does.
std::pair<char *const, SimAllocation> *find(const void *addr, size_t n) {
  const char *a = static_cast<const char *>(addr);
  auto it = g_allocations.upper_bound(const_cast<char *>(a));
  if (it == g_allocations.begin()) return nullptr;
  --it;
  if (a < it->first || a + n > it->first + it->second.bytes) return nullptr;
  return &*it;
}

char *reserve(size_t bytes) {
  void *p = mmap(nullptr, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return p == MAP_FAILED ? nullptr : static_cast<char *>(p);
}

// Host address of a device one (or the address itself when it is host memory).
char *translate(const void *addr, size_t n) {
  auto *a = find(addr, n);
  if (!a) return const_cast<char *>(static_cast<const char *>(addr));
  return a->second.shadow + (static_cast<const char *>(addr) - a->first);
}

int sim_open(gexi_MK *kind, int ordinal, std::string &error) {
  if (ordinal != 0) {
    error = "gex_CUdevice=" + std::to_string(ordinal) + " does not exist (the simulated class has device 0)";
    return GASNET_ERR_BAD_ARG;
  }
  kind->device = 0;
  return GASNET_OK;
}

void sim_close(gexi_MK *) {}

bool sim_allocate(gexi_MK *, size_t bytes, void **out, std::string &error) {
  std::lock_guard<std::mutex> lock(g_lock);
  const std::string name = bootstrap::shm_name(("mksim" + std::to_string(g_next++) + "-").c_str(), bootstrap::job().rank);
  char *device = reserve(bytes);
  if (!device) {
    error = "cannot reserve address space";
    return false;
  }
  char *shadow = static_cast<char *>(bootstrap::shm_create_or_die(name, bytes, "simulated CUDA class"));
  g_allocations[device] = SimAllocation{bytes, shadow, name, false};
  *out = device;
  return true;
}

void sim_release(gexi_MK *, void *base) {
  std::lock_guard<std::mutex> lock(g_lock);
  auto it = g_allocations.find(static_cast<char *>(base));
  if (it == g_allocations.end()) return;
  munmap(it->first, it->second.bytes);
  bootstrap::shm_unmap(it->second.shadow, it->second.bytes);
  if (!it->second.imported) bootstrap::shm_remove(it->second.name);
  g_allocations.erase(it);
}

bool sim_owns(gexi_MK *, const void *addr, size_t bytes, std::string &error) {
  std::lock_guard<std::mutex> lock(g_lock);
  auto *a = find(addr, bytes);
  if (!a || a->second.imported) {
    error = "not memory of the simulated device";
    return false;
  }
  return true;
}

void sim_copy(gexi_MK *, void *dst, const void *src, size_t n) {
  std::lock_guard<std::mutex> lock(g_lock);
  std::memmove(translate(dst, n), translate(src, n), n);
}

bool sim_export(gexi_MK *, void *base, IpcHandle *out, std::string &error) {
  std::lock_guard<std::mutex> lock(g_lock);
  auto *a = find(base, 1);
  if (!a || a->second.name.size() >= sizeof out->bytes) {
    error = "not memory of the simulated device";
    return false;
  }
  std::memset(out->bytes, 0, sizeof out->bytes);
  std::memcpy(out->bytes, a->second.name.data(), a->second.name.size());
  out->offset = static_cast<char *>(base) - a->first;
  out->alloc_bytes = a->second.bytes;
  return true;
}

void *sim_import(gexi_MK *, const IpcHandle &h) {
  std::lock_guard<std::mutex> lock(g_lock);
  const std::string name(reinterpret_cast<const char *>(h.bytes), strnlen(reinterpret_cast<const char *>(h.bytes), sizeof h.bytes));
  char *device = reserve(h.alloc_bytes);
  if (!device) return nullptr;
  char *shadow = static_cast<char *>(bootstrap::shm_open_or_die(name, h.alloc_bytes, "simulated CUDA class"));
  g_allocations[device] = SimAllocation{h.alloc_bytes, shadow, name, true};
  return device + h.offset;
}

void sim_close_ipc(gexi_MK *kind, void *mapped) {
  char *base = nullptr;
  {
    std::lock_guard<std::mutex> lock(g_lock);
    auto *a = find(mapped, 1);
    if (!a) return;
    base = a->first;
  }
  sim_release(kind, base);
}

const KindOps kSimOps = {"GEX_MK_CLASS_CUDA_UVA (simulated: GEX_MK_SIM=cuda_uva)",
                         sim_open, sim_close, sim_allocate, sim_release, sim_owns, sim_copy,
                         sim_export, sim_import, sim_close_ipc};

}  // namespace

const KindOps *sim_ops() { return &kSimOps; }

}  // namespace gex::mk
