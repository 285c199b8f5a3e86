#include "bootstrap/pmix_client.h"

#include <dlfcn.h>
#include <pmix.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace gex::bootstrap::pmix {

namespace {

// The PMIx calls this bootstrap makes, resolved from libpmix.so.2 at run time.
struct Library {
  decltype(&PMIx_Init) init = nullptr;
  decltype(&PMIx_Finalize) finalize = nullptr;
  decltype(&PMIx_Get) get = nullptr;
  decltype(&PMIx_Put) put = nullptr;
  decltype(&PMIx_Commit) commit = nullptr;
  decltype(&PMIx_Fence) fence = nullptr;
  decltype(&PMIx_Fence_nb) fence_nb = nullptr;
  decltype(&PMIx_Value_destruct) value_destruct = nullptr;
  decltype(&PMIx_Error_string) error_string = nullptr;
};

Library g_lib;
pmix_proc_t g_me;
bool g_initialized = false;
uint32_t g_size = 0;
uint32_t g_round = 0;  // allgather rounds: every process makes the same calls in the same order
std::atomic<int> g_exit_fence{0};  // 0: not started, 1: running, 2: done

std::string error_text(pmix_status_t rc) {
  return g_lib.error_string ? g_lib.error_string(rc) : "PMIx error " + std::to_string(rc);
}

void check(pmix_status_t rc, const char *what) {
  if (rc != PMIX_SUCCESS) throw std::runtime_error(std::string("PMIx: ") + what + " failed: " + error_text(rc));
}

void load() {
  void *handle = dlopen("libpmix.so.2", RTLD_NOW | RTLD_GLOBAL);
  if (!handle) handle = dlopen("libpmix.so", RTLD_NOW | RTLD_GLOBAL);
  if (!handle)
    throw std::runtime_error(std::string("this process was started by a PMIx launcher (PMIX_RANK is set) but "
                                         "libpmix cannot be loaded: ") + dlerror());
  auto sym = [&](const char *name) {
    void *p = dlsym(handle, name);
    if (!p) throw std::runtime_error(std::string("libpmix lacks ") + name);
    return p;
  };
  g_lib.init = reinterpret_cast<decltype(g_lib.init)>(sym("PMIx_Init"));
  g_lib.finalize = reinterpret_cast<decltype(g_lib.finalize)>(sym("PMIx_Finalize"));
  g_lib.get = reinterpret_cast<decltype(g_lib.get)>(sym("PMIx_Get"));
  g_lib.put = reinterpret_cast<decltype(g_lib.put)>(sym("PMIx_Put"));
  g_lib.commit = reinterpret_cast<decltype(g_lib.commit)>(sym("PMIx_Commit"));
  g_lib.fence = reinterpret_cast<decltype(g_lib.fence)>(sym("PMIx_Fence"));
  g_lib.fence_nb = reinterpret_cast<decltype(g_lib.fence_nb)>(sym("PMIx_Fence_nb"));
  g_lib.value_destruct = reinterpret_cast<decltype(g_lib.value_destruct)>(sym("PMIx_Value_destruct"));
  g_lib.error_string = reinterpret_cast<decltype(g_lib.error_string)>(sym("PMIx_Error_string"));
}

uint32_t get_job_uint32(const char *key) {
  pmix_proc_t job = g_me;
  job.rank = PMIX_RANK_WILDCARD;
  pmix_value_t *value = nullptr;
  check(g_lib.get(&job, key, nullptr, 0, &value), key);
  uint32_t result = 0;
  if (value->type == PMIX_UINT32) result = value->data.uint32;
  else if (value->type == PMIX_UINT64) result = uint32_t(value->data.uint64);
  else if (value->type == PMIX_INT) result = uint32_t(value->data.integer);
  else throw std::runtime_error(std::string("PMIx: ") + key + " has an unexpected type");
  g_lib.value_destruct(value);
  std::free(value);
  return result;
}

pmix_info_t collect_data_info() {
  pmix_info_t info;
  std::memset(&info, 0, sizeof info);
  std::strncpy(info.key, PMIX_COLLECT_DATA, PMIX_MAX_KEYLEN);
  info.value.type = PMIX_BOOL;
  info.value.data.flag = true;
  return info;
}

void exit_fence_done_cb(pmix_status_t, void *) { g_exit_fence.store(2, std::memory_order_release); }

}  // namespace

bool launched() { return std::getenv("PMIX_RANK") && std::getenv("PMIX_NAMESPACE"); }

Session init() {
  load();
  std::memset(&g_me, 0, sizeof g_me);
  check(g_lib.init(&g_me, nullptr, 0), "PMIx_Init (is the launcher's PMIx server reachable?)");
  g_initialized = true;
  Session session;
  session.rank = g_me.rank;
  session.nspace = g_me.nspace;
  session.size = g_size = get_job_uint32(PMIX_JOB_SIZE);
  if (session.size == 0 || session.rank >= session.size)
    throw std::runtime_error("PMIx: rank " + std::to_string(session.rank) + " of a job of " +
                             std::to_string(session.size));
  return session;
}

std::vector<std::string> host_names() {
  std::vector<std::string> names(g_size);
  pmix_proc_t peer = g_me;
  for (uint32_t r = 0; r < g_size; ++r) {
    pmix_value_t *got = nullptr;
    peer.rank = r;
    if (g_lib.get(&peer, PMIX_HOSTNAME, nullptr, 0, &got) != PMIX_SUCCESS) continue;
    if (got->type == PMIX_STRING && got->data.string) names[r] = got->data.string;
    g_lib.value_destruct(got);
    std::free(got);
  }
  return names;
}

void fence() { check(g_lib.fence(nullptr, 0, nullptr, 0), "PMIx_Fence"); }

void allgather(const void *mine, size_t len, void *all) {
  const std::string key = "gex.ag." + std::to_string(g_round++);
  pmix_value_t value;
  std::memset(&value, 0, sizeof value);
  value.type = PMIX_BYTE_OBJECT;
  value.data.bo.bytes = static_cast<char *>(const_cast<void *>(mine));
  value.data.bo.size = len;
  check(g_lib.put(PMIX_GLOBAL, key.c_str(), &value), "PMIx_Put");
  check(g_lib.commit(), "PMIx_Commit");
  pmix_info_t collect = collect_data_info();
  check(g_lib.fence(nullptr, 0, &collect, 1), "PMIx_Fence");
  // Every contribution is here now (collected by the fence): the gets are local.
  pmix_proc_t peer = g_me;
  for (uint32_t r = 0; r < g_size; ++r) {
    pmix_value_t *got = nullptr;
    peer.rank = r;
    check(g_lib.get(&peer, key.c_str(), nullptr, 0, &got), "PMIx_Get of a peer's start-up data");
    if (got->type != PMIX_BYTE_OBJECT || got->data.bo.size != len)
      throw std::runtime_error("PMIx: a peer's start-up data has the wrong size");
    std::memcpy(static_cast<char *>(all) + size_t(r) * len, got->data.bo.bytes, len);
    g_lib.value_destruct(got);
    std::free(got);
  }
}

void start_exit_fence() {
  int expected = 0;
  if (!g_initialized || !g_exit_fence.compare_exchange_strong(expected, 1)) return;
  if (g_lib.fence_nb(nullptr, 0, nullptr, 0, exit_fence_done_cb, nullptr) != PMIX_SUCCESS)
    g_exit_fence.store(2);  // no fence: the exit deadline decides
}

bool exit_fence_done() { return !g_initialized || g_exit_fence.load(std::memory_order_acquire) == 2; }

void finalize() {
  if (!g_initialized) return;
  g_initialized = false;
  g_lib.finalize(nullptr, 0);
}

}  // namespace gex::bootstrap::pmix
