// GPI-2's deprecated thread helpers (GASPI_Threads.h): a thread count, ids handed out by
// gaspi_threads_register, and a process-local barrier of that many threads.
// The deprecation attributes are for programs; the library calls its own functions.
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include <GASPI_Threads.h>
#include <pthread.h>
#include <sched.h>

#include <condition_variable>
#include <mutex>

#include "gaspi/state.h"

namespace {

std::mutex g_mutex;
std::condition_variable g_cv;
int g_total = 0;          // threads of gaspi_threads_init[_user]; 0: not initialised
int g_next_id = 0;
int g_arrived = 0;
uint64_t g_generation = 0;
thread_local int t_tid = -1;

bool initialised(const char *call) {
  std::lock_guard<std::mutex> lock(g_mutex);
  if (g_total) return true;
  gex::gaspi::fail(GASPI_ERROR, call, "gaspi_threads_init was not called");
  return false;
}

// The local barrier; `last` runs (under no lock) in the thread that arrives last, before the
// others leave.
template <typename Last>
gaspi_return_t local_barrier(Last &&last) {
  std::unique_lock<std::mutex> lock(g_mutex);
  const uint64_t gen = g_generation;
  if (++g_arrived < g_total) {
    g_cv.wait(lock, [&] { return g_generation != gen; });
    return GASPI_SUCCESS;
  }
  lock.unlock();
  const gaspi_return_t rc = last();
  lock.lock();
  g_arrived = 0;
  ++g_generation;
  g_cv.notify_all();
  return rc;
}

}  // namespace

extern "C" {

gaspi_return_t gaspi_threads_get_tid(gaspi_int *const tid) {
  if (!tid) return gex::gaspi::fail(GASPI_ERR_NULLPTR, "gaspi_threads_get_tid", "tid is NULL");
  if (!initialised("gaspi_threads_get_tid")) return GASPI_ERROR;
  *tid = t_tid;
  return GASPI_SUCCESS;
}

gaspi_return_t gaspi_threads_get_total(gaspi_int *const num) {
  if (!num) return gex::gaspi::fail(GASPI_ERR_NULLPTR, "gaspi_threads_get_total", "num is NULL");
  if (!initialised("gaspi_threads_get_total")) return GASPI_ERROR;
  *num = g_total;
  return GASPI_SUCCESS;
}

gaspi_return_t gaspi_threads_get_num_cores(gaspi_int *const cores) {
  if (!cores) return gex::gaspi::fail(GASPI_ERR_NULLPTR, "gaspi_threads_get_num_cores", "cores is NULL");
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) != 0) return gex::gaspi::fail(GASPI_ERROR, "gaspi_threads_get_num_cores", "sched_getaffinity failed");
  *cores = CPU_COUNT(&set);
  return GASPI_SUCCESS;
}

gaspi_return_t gaspi_threads_init_user(const unsigned int n) {
  std::lock_guard<std::mutex> lock(g_mutex);
  if (g_total) return gex::gaspi::fail(GASPI_ERROR, "gaspi_threads_init_user", "called twice without gaspi_threads_term");
  if (n < 1 || n > 1024) return gex::gaspi::fail(GASPI_ERROR, "gaspi_threads_init_user", "use_nr_of_threads " + std::to_string(n) + " is outside [1, 1024]");
  g_total = int(n);
  g_next_id = 0;
  g_arrived = 0;
  return GASPI_SUCCESS;
}

gaspi_return_t gaspi_threads_init(gaspi_int *const num) {
  if (!num) return gex::gaspi::fail(GASPI_ERR_NULLPTR, "gaspi_threads_init", "num is NULL");
  gaspi_int cores = 0;
  if (gaspi_return_t rc = gaspi_threads_get_num_cores(&cores)) return rc;
  *num = cores;
  return gaspi_threads_init_user(unsigned(cores));
}

gaspi_return_t gaspi_threads_term(void) {
  std::lock_guard<std::mutex> lock(g_mutex);
  g_total = 0;
  return GASPI_SUCCESS;
}

gaspi_return_t gaspi_threads_register(gaspi_int *tid) {
  if (!tid) return gex::gaspi::fail(GASPI_ERR_NULLPTR, "gaspi_threads_register", "tid is NULL");
  std::lock_guard<std::mutex> lock(g_mutex);
  t_tid = g_next_id++;
  *tid = t_tid;
  return GASPI_SUCCESS;
}

// A detached thread running function(arg); it registers itself if it wants an id.
gaspi_return_t gaspi_threads_run(void *(*function)(void *), void *arg) {
  if (!initialised("gaspi_threads_run")) return GASPI_ERROR;
  pthread_t thread;
  if (pthread_create(&thread, nullptr, function, arg) != 0) return gex::gaspi::fail(GASPI_ERROR, "gaspi_threads_run", "pthread_create failed");
  pthread_detach(thread);
  return GASPI_SUCCESS;
}

void gaspi_threads_sync(void) {
  if (!initialised("gaspi_threads_sync")) return;
  local_barrier([] { return GASPI_SUCCESS; });
}

gaspi_return_t gaspi_threads_sync_all(const gaspi_group_t g, const gaspi_timeout_t timeout) {
  if (!initialised("gaspi_threads_sync_all")) return GASPI_ERROR;
  return local_barrier([&] { return pgaspi_barrier(g, timeout); });
}

}  // extern "C"
