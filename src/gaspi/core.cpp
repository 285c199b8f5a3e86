// GASPI process management, configuration, information queries, error strings, and the calls
// declared but not implemented yet (each returns GASPI_ERROR with a message naming it).
#include <sched.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "bootstrap/bootstrap.h"
#include "gaspi/state.h"
#include "runtime/env.h"

namespace gex::gaspi {

namespace {

Context g_ctx;

// GPI-2 1.6's defaults (its GPI2_CONFIG.c), the TCP device's network type.
gaspi_config_t default_config() {
  gaspi_config_t c{};
  c.logger = 1;
  c.sn_port = 12121;
  c.net_info = 0;
  c.user_net = 0;
  c.sn_persistent = 1;
  c.sn_timeout = 30000;
  c.dev_config.network_type = GASPI_ETHERNET;
  c.dev_config.params.ib.netdev_id = -1;
  c.dev_config.params.ib.mtu = 0;
  c.dev_config.params.ib.port_check = 1;
  c.dev_config.params.tcp.port = 19000;
  c.dev_config.params.ofi.use_shm = 1;
  c.dev_config.params.ofi.provider_info = 0;
  c.dev_config.params.ofi.progress_auto = 1;
  c.network = GASPI_ETHERNET;
  c.queue_size_max = 1024;
  c.queue_num = 8;
  c.group_max = kDefaultGroupMax;
  c.segment_max = 255;
  c.transfer_size_max = kTransferSizeMax;
  c.notification_num = 65536;
  c.passive_queue_size_max = 1024;
  c.passive_transfer_size_max = kPassiveTransferSizeMax;
  c.allreduce_buf_size = kAllreduceBufSize;
  c.allreduce_elem_max = kAllreduceElemMax;
  c.rw_list_elem_max = kRwListElemMax;
  c.build_infrastructure = GASPI_TOPOLOGY_STATIC;
  c.user_defined = nullptr;
  return c;
}

bool g_config_defaults_set = false;
gaspi_config_t &config() {
  if (!g_config_defaults_set) {
    g_ctx.config = default_config();
    g_config_defaults_set = true;
  }
  return g_ctx.config;
}

bool messages_on() {
  static const int on = [] {
    const char *v = std::getenv("GEX_GASPI_QUIET");
    return v && *v && std::strcmp(v, "0") != 0 ? 0 : 1;
  }();
  return on;
}

}  // namespace

Context &ctx() { return g_ctx; }

gaspi_return_t fail(gaspi_return_t code, const char *call, const std::string &what) {
  if (messages_on())
    std::fprintf(stderr, "libgex GASPI rank %u: %s: %s\n", unsigned(g_ctx.rank), call, what.c_str());
  return code;
}

Deadline::Deadline(gaspi_timeout_t t) : ms(t), end_ns(0) {
  if (t != GASPI_BLOCK && t != GASPI_TEST) end_ns = now_ns() + uint64_t(t) * 1000000ull;
}
bool Deadline::expired() {
  if (ms == GASPI_BLOCK) return false;
  if (ms == GASPI_TEST) return checks++ > 0;
  return now_ns() >= end_ns;
}

gaspi_timeout_t Deadline::remaining() const {
  if (ms == GASPI_BLOCK || ms == GASPI_TEST) return ms;
  const uint64_t now = now_ns();
  return now >= end_ns ? GASPI_TEST : (end_ns - now + 999999) / 1000000;
}

void wait_step() { runtime::progress_wait_step(); }

bool lock_until(std::mutex &m, Deadline &dl) {
  while (!m.try_lock()) {
    if (dl.expired()) return false;
    dl.step();
  }
  return true;
}

// Binds this process to the CPUs of NUMA node `node` (/sys/devices/system/node/nodeN/cpulist).
gaspi_return_t bind_to_numa_node(const char *call, unsigned node) {
  if (node >= 16) return fail(GASPI_ERROR, call, "socket " + std::to_string(node) + " is not below 16 (GPI-2's GASPI_MAX_NUMAS)");
  const std::string path = "/sys/devices/system/node/node" + std::to_string(node) + "/cpulist";
  FILE *f = std::fopen(path.c_str(), "r");
  if (!f) return fail(GASPI_ERROR, call, "this host has no NUMA node " + std::to_string(node) + " (" + path + ")");
  char buf[4096] = {};
  const bool read = std::fgets(buf, sizeof buf, f) != nullptr;
  std::fclose(f);
  cpu_set_t set;
  CPU_ZERO(&set);
  // "0-3,8-11": ranges and single CPUs
  for (char *p = buf; read && *p && *p != '\n';) {
    char *end = nullptr;
    const long lo = std::strtol(p, &end, 10);
    long hi = lo;
    if (end == p) break;
    if (*end == '-') {
      p = end + 1;
      hi = std::strtol(p, &end, 10);
    }
    for (long c = lo; c <= hi && c < CPU_SETSIZE; ++c) CPU_SET(int(c), &set);
    p = *end == ',' ? end + 1 : end;
  }
  if (CPU_COUNT(&set) == 0) return fail(GASPI_ERROR, call, "NUMA node " + std::to_string(node) + " lists no CPU (" + path + ")");
  if (sched_setaffinity(0, sizeof set, &set) != 0)
    return fail(GASPI_ERROR, call, "sched_setaffinity to the CPUs of NUMA node " + std::to_string(node) + ": " + std::strerror(errno));
  return GASPI_SUCCESS;
}

gaspi_return_t dead_peer_error(const char *call, gaspi_rank_t rank, const std::string &detail) {
  return fail(GASPI_ERROR, call, "rank " + std::to_string(rank) + " is dead (GASPI_STATE_CORRUPT)" + detail);
}

void drain_incoming() {
  for (int i = 0; i < 1000 && runtime::poll_all() != 0; ++i) {
  }
}

int dead_member(const std::vector<gaspi_rank_t> &members) {
  if (__builtin_expect(bootstrap::failed_rank_count() == 0, 1)) return -1;
  for (gaspi_rank_t r : members)
    if (peer_dead(r)) return int(r);
  return -1;
}

int abandon_dead_requests(Queue &q, uint32_t &abandoned) {
  abandoned = 0;
  int first = -1;
  if (__builtin_expect(bootstrap::failed_rank_count() == 0, 1) || !q.to_rank) return -1;
  bool drained = false;
  for (gaspi_rank_t r = 0; r < g_ctx.size; ++r) {
    if (q.to_rank[r].load(std::memory_order_relaxed) == 0 || !bootstrap::rank_failed(r)) continue;
    if (!drained) {  // acknowledgements it sent before it died complete their requests first
      drain_incoming();
      drained = true;
    }
    if (q.to_rank[r].load(std::memory_order_relaxed) == 0 || !bootstrap::rank_failed(r)) continue;
    const uint32_t n = q.to_rank[r].exchange(0, std::memory_order_relaxed);
    if (!n) continue;
    q.pending.fetch_sub(n, std::memory_order_release);
    abandoned += n;
    if (first < 0) first = int(r);
  }
  return first;
}

namespace {
void on_ping(gex_Token_t token, gex_AM_Arg_t c_hi, gex_AM_Arg_t c_lo) {
  const gex_AM_Arg_t args[] = {c_hi, c_lo};
  runtime::am_reply(gex::transport::AmCategory::Short, token, kHAck, nullptr, 0, nullptr, 0, 2, args);
}
// gaspi_proc_kill from another host: this process ends as a crash would (the monitor sees the
// signal).
void on_kill(gex_Token_t) { raise(SIGKILL); }
}  // namespace

void core_init() {
  runtime::register_internal_handler(kHPing, (gex_AM_Fn_t)on_ping, GEX_FLAG_AM_REQUEST | GEX_FLAG_AM_SHORT, 2, "GASPI ping");
  runtime::register_internal_handler(kHKill, (gex_AM_Fn_t)on_kill, GEX_FLAG_AM_REQUEST | GEX_FLAG_AM_SHORT, 0, "GASPI proc kill");
}

}  // namespace gex::gaspi

using namespace gex::gaspi;
namespace rt = gex::runtime;

extern "C" {

// ---- configuration ---------------------------------------------------------------------------
gaspi_return_t pgaspi_config_get(gaspi_config_t *const cfg) {
  if (!cfg) return fail(GASPI_ERR_NULLPTR, "gaspi_config_get", "config is NULL");
  *cfg = config();
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_config_set(const gaspi_config_t c) {
  const char *call = "gaspi_config_set";
  if (g_ctx.initialized.load()) return fail(GASPI_ERR_INITED, call, "called after gaspi_proc_init (the configuration is fixed then)");
  if (c.sn_port < 1024 || c.sn_port > 65536)
    return fail(GASPI_ERR_CONFIG, call, "sn_port " + std::to_string(c.sn_port) + " is outside [1024, 65536]");
  if (c.queue_size_max < 1 || c.queue_size_max > kMaxQueueSize)
    return fail(GASPI_ERR_CONFIG, call, "queue_size_max " + std::to_string(c.queue_size_max) + " is outside [1, " + std::to_string(kMaxQueueSize) + "]");
  if (c.queue_num < 1 || c.queue_num > kMaxQueues)
    return fail(GASPI_ERR_CONFIG, call, "queue_num " + std::to_string(c.queue_num) + " is outside [1, " + std::to_string(kMaxQueues) + "]");
  if (c.segment_max < 1 || c.segment_max > 255)
    return fail(GASPI_ERR_CONFIG, call, "segment_max " + std::to_string(c.segment_max) + " is outside [1, 255]");
  if (c.group_max < 1 || c.group_max > kMaxGroups)
    return fail(GASPI_ERR_CONFIG, call, "group_max " + std::to_string(c.group_max) + " is outside [1, " + std::to_string(kMaxGroups) + "]");
  if (c.transfer_size_max > kTransferSizeMax)
    return fail(GASPI_ERR_CONFIG, call, "transfer_size_max " + std::to_string(c.transfer_size_max) + " exceeds " + std::to_string(kTransferSizeMax));
  if (c.notification_num > (1u << 24))
    return fail(GASPI_ERR_CONFIG, call, "notification_num " + std::to_string(c.notification_num) + " exceeds 16777216");
  if (c.passive_transfer_size_max > kPassiveTransferSizeMax)
    return fail(GASPI_ERR_CONFIG, call, "passive_transfer_size_max " + std::to_string(c.passive_transfer_size_max) + " exceeds " + std::to_string(kPassiveTransferSizeMax));
  if (c.rw_list_elem_max < 1 || c.rw_list_elem_max > kRwListElemMax)
    return fail(GASPI_ERR_CONFIG, call, "rw_list_elem_max " + std::to_string(c.rw_list_elem_max) + " is outside [1, " + std::to_string(kRwListElemMax) + "]");
  if (c.allreduce_elem_max < 1 || c.allreduce_elem_max > (1u << 28))
    return fail(GASPI_ERR_CONFIG, call, "allreduce_elem_max " + std::to_string(c.allreduce_elem_max) + " is outside [1, 268435456]");
  gaspi_config_t &cur = config();
  const gaspi_network_t old_network = cur.network;
  cur = c;
  cur.user_net = c.network != old_network ? 1 : c.user_net;
  // As in GPI-2: accepted but without effect (the buffer for allreduce_user is fixed).
  cur.allreduce_buf_size = kAllreduceBufSize;
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_version(float *version) {
  if (!version) return fail(GASPI_ERR_NULLPTR, "gaspi_version", "version is NULL");
  *version = 1.6f;  // the GPI-2 release whose interface this is
  return GASPI_SUCCESS;
}

// ---- the progress thread -------------------------------------------------------------------------
// GASPI's one-sided model lets a target wait for data without any call (spinning on its segment),
// and lets a rank's calls complete while a peer computes: GPI-2 receives data from a device
// thread and serves segment registrations, pings and passive sends from another. This thread
// polls while the program does not. Where data reaches this rank as messages it must poll for (a
// peer over ofi, GEX_FORCE_AM, GEX_ROUTE_TEST=mixed) it polls at once after work, backing off
// from 1 us to 1 ms while idle, so an idle rank costs about a thousand wake-ups a second. Where
// every peer is a mapped neighbour, data moves by load/store and messages are control only
// (registrations, pings, passive sends, collectives' steps): the thread polls once a millisecond
// whatever it finds, so a peer's gaspi_segment_register or gaspi_passive_send to a rank that is
// computing completes within about a millisecond instead of never, while a rank that calls GASPI
// receives them itself at once. GEX_GASPI_PROGRESS_THREAD=0 turns it off, =1 on. Only in a
// thread-safe (PAR) runtime: a GASNet-EX SEQ client that started the runtime first gets none.
// The process ends through the exit coordinator (_exit), never with this thread to join; only
// gaspi_proc_term stops it.
namespace {
struct ProgressThread {
  std::atomic<bool> stop{false};
  std::atomic<bool> running{false};
  bool control_only = false;  // every peer mapped: poll once a millisecond
};
ProgressThread g_progress;

constexpr long kIdleMinNs = 1000, kIdleMaxNs = 1000000;

void progress_loop() {
  long idle_ns = g_progress.control_only ? kIdleMaxNs : kIdleMinNs;
  while (!g_progress.stop.load(std::memory_order_acquire)) {
    if (rt::poll_full() && !g_progress.control_only) {
      idle_ns = kIdleMinNs;
      continue;
    }
    timespec ts{0, idle_ns};
    nanosleep(&ts, nullptr);
    idle_ns = std::min(idle_ns * 2, kIdleMaxNs);
  }
  rt::g_rt.internal_threads.fetch_sub(1, std::memory_order_relaxed);
  g_progress.running.store(false, std::memory_order_release);
}

bool data_as_messages() { return !rt::g_rt.one_nbrhd || rt::g_rt.force_am || rt::g_rt.route_mix; }

bool progress_thread_wanted() { return rt::g_rt.thread_mode == 2 && rt::env_bool("GEX_GASPI_PROGRESS_THREAD", true); }

void start_progress_thread() {
  if (g_progress.running.load(std::memory_order_acquire) || !progress_thread_wanted()) return;
  g_progress.stop.store(false, std::memory_order_relaxed);
  g_progress.control_only = !data_as_messages();
  g_progress.running.store(true, std::memory_order_release);
  rt::g_rt.internal_threads.fetch_add(1, std::memory_order_relaxed);  // not the client's (placement.cpp)
  std::thread(progress_loop).detach();
}

void stop_progress_thread() {
  if (!g_progress.running.load(std::memory_order_acquire)) return;
  g_progress.stop.store(true, std::memory_order_release);
  while (g_progress.running.load(std::memory_order_acquire)) sched_yield();
}
}  // namespace

// ---- process management ----------------------------------------------------------------------
gaspi_return_t pgaspi_proc_init(const gaspi_timeout_t) {
  const char *call = "gaspi_proc_init";
  std::lock_guard<std::mutex> lock(g_ctx.lock);
  if (g_ctx.initialized.load()) return fail(GASPI_ERR_INITED, call, "called twice (GASPI is already initialised)");
  config();
  // The runtime may already run (a GASNet-EX client started first): then this only builds GASPI.
  rt::start(nullptr, nullptr, 2);
  g_ctx.rank = gaspi_rank_t(rt::g_rt.rank);
  g_ctx.size = gaspi_rank_t(rt::g_rt.size);
  if (rt::g_rt.size > 65535) return fail(GASPI_ERROR, call, "more than 65535 ranks (gaspi_rank_t)");
  g_ctx.local_num = gaspi_rank_t(rt::g_rt.nbrhd_info.size());
  for (size_t i = 0; i < rt::g_rt.nbrhd_info.size(); ++i)
    if (rt::g_rt.nbrhd_info[i].gex_jobrank == rt::g_rt.rank) g_ctx.local_rank = gaspi_rank_t(i);
  // gaspi_run -N: local rank i runs on the CPUs of NUMA node i (GPI-2's placement); a host with
  // fewer nodes than ranks fails the init there, as in GPI-2.
  if (const char *numa = std::getenv("GASPI_SET_NUMA_SOCKET"); numa && std::atoi(numa) == 1)
    if (bind_to_numa_node(call, g_ctx.local_rank) != GASPI_SUCCESS) return GASPI_ERR_ENV;
  g_ctx.queue_num = g_ctx.config.queue_num;
  for (unsigned q = 0; q < kMaxQueues; ++q) {
    g_ctx.queues[q].exists = q < g_ctx.queue_num;
    g_ctx.queues[q].entries.store(0);
    if (!g_ctx.queues[q].to_rank) g_ctx.queues[q].to_rank.reset(new std::atomic<uint32_t>[g_ctx.size]());
  }
  g_ctx.kill_sent.assign(g_ctx.size, 0);
  for (unsigned g = 1; g < kMaxGroups; ++g) g_ctx.groups[g].exists = g_ctx.groups[g].committed = false;
  g_ctx.state_vec.assign(g_ctx.size, GASPI_STATE_HEALTHY);
  // A process may init again after gaspi_proc_term: the handlers and the directory stay.
  static bool handlers_registered = false;
  if (!handlers_registered) {
    core_init();
    segments_init();
    rma_init();
    coll_init();
    passive_atomic_init();
    handlers_registered = true;
  }
  rt::start_services();
  // Everyone's handlers are in place before anyone sends (GPI-2's init is collective too).
  gex::bootstrap::barrier();
  g_ctx.initialized.store(true, std::memory_order_release);
  // GASPI_GROUP_ALL exists and is committed from the start (build_infrastructure STATIC).
  Group &all = g_ctx.groups[GASPI_GROUP_ALL];
  all.exists = all.committed = true;
  all.members.resize(g_ctx.size);
  for (gaspi_rank_t r = 0; r < g_ctx.size; ++r) all.members[r] = r;
  all.my_index = g_ctx.rank;
  start_progress_thread();  // last: its handlers may use everything above
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_proc_term(const gaspi_timeout_t) {
  GEXI_GASPI_REQUIRE_INIT("gaspi_proc_term");
  // Local: outstanding queue operations are completed; segments are released. The runtime stays
  // (another API may use it; the process's exit goes through the runtime's exit coordinator).
  // Requests to a dead rank are given up (it never acknowledges them).
  for (unsigned q = 0; q < kMaxQueues; ++q) {
    Queue &queue = g_ctx.queues[q];
    uint32_t abandoned = 0;
    close_write_groups(queue);
    while (queue.pending.load(std::memory_order_acquire)) {
      abandon_dead_requests(queue, abandoned);
      wait_step();
    }
  }
  stop_progress_thread();
  g_ctx.initialized.store(false, std::memory_order_release);
  segments_term();
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_proc_rank(gaspi_rank_t *const rank) {
  GEXI_GASPI_REQUIRE_INIT("gaspi_proc_rank");
  if (!rank) return fail(GASPI_ERR_NULLPTR, "gaspi_proc_rank", "rank is NULL");
  *rank = g_ctx.rank;
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_proc_num(gaspi_rank_t *const num) {
  GEXI_GASPI_REQUIRE_INIT("gaspi_proc_num");
  if (!num) return fail(GASPI_ERR_NULLPTR, "gaspi_proc_num", "proc_num is NULL");
  *num = g_ctx.size;
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_initialized(gaspi_number_t *initialized) {
  if (!initialized) return fail(GASPI_ERR_NULLPTR, "gaspi_initialized", "initialized is NULL");
  *initialized = g_ctx.initialized.load() ? 1 : 0;
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_proc_local_rank(gaspi_rank_t *const local_rank) {
  GEXI_GASPI_REQUIRE_INIT("gaspi_proc_local_rank");
  if (!local_rank) return fail(GASPI_ERR_NULLPTR, "gaspi_proc_local_rank", "local_rank is NULL");
  *local_rank = g_ctx.local_rank;
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_proc_local_num(gaspi_rank_t *const local_num) {
  GEXI_GASPI_REQUIRE_INIT("gaspi_proc_local_num");
  if (!local_num) return fail(GASPI_ERR_NULLPTR, "gaspi_proc_local_num", "local_num is NULL");
  *local_num = g_ctx.local_num;
  return GASPI_SUCCESS;
}

// Every rank is connected from the start (the runtime's routes): connect/disconnect only check.
gaspi_return_t pgaspi_connect(const gaspi_rank_t rank, const gaspi_timeout_t) {
  GEXI_GASPI_REQUIRE_INIT("gaspi_connect");
  if (rank >= g_ctx.size) return fail(GASPI_ERR_INV_RANK, "gaspi_connect", "rank " + std::to_string(rank) + " >= " + std::to_string(g_ctx.size) + " processes");
  if (peer_dead(rank)) return dead_peer_error("gaspi_connect", rank);
  return GASPI_SUCCESS;
}
gaspi_return_t pgaspi_disconnect(const gaspi_rank_t rank, const gaspi_timeout_t) {
  GEXI_GASPI_REQUIRE_INIT("gaspi_disconnect");
  if (rank >= g_ctx.size) return fail(GASPI_ERR_INV_RANK, "gaspi_disconnect", "rank " + std::to_string(rank) + " >= " + std::to_string(g_ctx.size) + " processes");
  return GASPI_SUCCESS;
}

// A round trip to `rank`: its answer within the timeout, or GASPI_TIMEOUT.
gaspi_return_t pgaspi_proc_ping(const gaspi_rank_t rank, gaspi_timeout_t timeout) {
  const char *call = "gaspi_proc_ping";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (rank >= g_ctx.size) return fail(GASPI_ERR_INV_RANK, call, "rank " + std::to_string(rank) + " >= " + std::to_string(g_ctx.size) + " processes");
  if (peer_dead(rank)) return dead_peer_error(call, rank);
  auto *done = new rt::CompletionCounter(1);  // leaked if the answer comes after the timeout
  const gex_AM_Arg_t args[] = {rt::ptr_hi(done), rt::ptr_lo(done)};
  rt::am_request(gex::transport::AmCategory::Short, rank, kHPing, nullptr, 0, nullptr, 0, 2, args);
  Deadline dl(timeout);
  while (done->load(std::memory_order_acquire)) {
    if (peer_dead(rank)) {
      drain_incoming();
      if (done->load(std::memory_order_acquire) == 0) break;
      return dead_peer_error(call, rank, " (no answer)");
    }
    if (dl.expired()) return GASPI_TIMEOUT;
    dl.step();
  }
  delete done;
  return GASPI_SUCCESS;
}

// Ends the process of `rank` with SIGKILL. The job monitor knows the death was asked for
// (bootstrap::signal_rank): it marks the rank failed and the job goes on, with or without
// GEX_FAULT_TOLERANT=1, as in GPI-2 (there the killed process leaves and the others go on).
// Under the mode the others see it GASPI_STATE_CORRUPT; without it GASPI does not report it
// (state.h: peer_dead). SUCCESS once the monitor has marked it failed; resumable after
// GASPI_TIMEOUT. This process itself is GASPI_ERR_INV_RANK, as in GPI-2.
gaspi_return_t pgaspi_proc_kill(const gaspi_rank_t rank, const gaspi_timeout_t timeout) {
  const char *call = "gaspi_proc_kill";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (rank >= g_ctx.size) return fail(GASPI_ERR_INV_RANK, call, "rank " + std::to_string(rank) + " >= " + std::to_string(g_ctx.size) + " processes");
  if (rank == g_ctx.rank) return fail(GASPI_ERR_INV_RANK, call, "rank " + std::to_string(rank) + " is this process (a process cannot kill itself)");
  if (gex::bootstrap::rank_failed(rank)) return GASPI_SUCCESS;
  // A rank of this host: its pid is in the job's control block. Another host's: an AM whose
  // handler raises SIGKILL there (once: a retry after GASPI_TIMEOUT only waits).
  if (!gex::bootstrap::signal_rank(rank, SIGKILL) && !g_ctx.kill_sent[rank]) {
    g_ctx.kill_sent[rank] = 1;
    rt::am_request(gex::transport::AmCategory::Short, rank, kHKill, nullptr, 0, nullptr, 0, 0, nullptr);
  }
  Deadline dl(timeout);
  while (!gex::bootstrap::rank_failed(rank)) {
    if (dl.expired()) return GASPI_TIMEOUT;
    dl.step();
  }
  return GASPI_SUCCESS;
}

// ---- information --------------------------------------------------------------------------------
#define GEXI_GASPI_QUERY(fn, type, arg, value)                                  \
  gaspi_return_t p##fn(type *const arg) {                                        \
    GEXI_GASPI_REQUIRE_INIT(#fn);                                                \
    if (!arg) return fail(GASPI_ERR_NULLPTR, #fn, #arg " is NULL");              \
    *arg = (value);                                                              \
    return GASPI_SUCCESS;                                                        \
  }
GEXI_GASPI_QUERY(gaspi_queue_num, gaspi_number_t, queue_num, g_ctx.queue_num)
GEXI_GASPI_QUERY(gaspi_queue_size_max, gaspi_number_t, queue_size_max, g_ctx.config.queue_size_max)
GEXI_GASPI_QUERY(gaspi_queue_max, gaspi_number_t, queue_max, kMaxQueues)
GEXI_GASPI_QUERY(gaspi_transfer_size_min, gaspi_size_t, transfer_size_min, 0)  // size 0 is valid (moves nothing)
GEXI_GASPI_QUERY(gaspi_transfer_size_max, gaspi_size_t, transfer_size_max, g_ctx.config.transfer_size_max)
GEXI_GASPI_QUERY(gaspi_notification_num, gaspi_number_t, notification_num, g_ctx.config.notification_num)
GEXI_GASPI_QUERY(gaspi_passive_transfer_size_min, gaspi_size_t, passive_transfer_size_min, 1)
GEXI_GASPI_QUERY(gaspi_passive_transfer_size_max, gaspi_size_t, passive_transfer_size_max, g_ctx.config.passive_transfer_size_max)
GEXI_GASPI_QUERY(gaspi_atomic_max, gaspi_atomic_value_t, max_value, ~gaspi_atomic_value_t(0))
GEXI_GASPI_QUERY(gaspi_allreduce_buf_size, gaspi_size_t, buf_size, g_ctx.config.allreduce_buf_size)
GEXI_GASPI_QUERY(gaspi_allreduce_elem_max, gaspi_number_t, elem_max, g_ctx.config.allreduce_elem_max)
GEXI_GASPI_QUERY(gaspi_rw_list_elem_max, gaspi_number_t, elem_max, g_ctx.config.rw_list_elem_max)
GEXI_GASPI_QUERY(gaspi_network_type, gaspi_network_t, network_type, g_ctx.config.network)
GEXI_GASPI_QUERY(gaspi_build_infrastructure, gaspi_number_t, build, gaspi_number_t(g_ctx.config.build_infrastructure))
GEXI_GASPI_QUERY(gaspi_group_max, gaspi_number_t, group_max, g_ctx.config.group_max)
GEXI_GASPI_QUERY(gaspi_segment_max, gaspi_number_t, segment_max, g_ctx.config.segment_max)

gaspi_return_t pgaspi_time_ticks(gaspi_cycles_t *const ticks) {
  if (!ticks) return fail(GASPI_ERR_NULLPTR, "gaspi_time_ticks", "ticks is NULL");
  *ticks = gaspi_cycles_t(now_ns());  // nanoseconds: gaspi_cpu_frequency says 1000 MHz
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_time_get(gaspi_time_t *const wtime) {
  if (!wtime) return fail(GASPI_ERR_NULLPTR, "gaspi_time_get", "wtime is NULL");
  static const uint64_t t0 = now_ns();
  *wtime = gaspi_time_t(double(now_ns() - t0) / 1e6);  // milliseconds, as GPI-2
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_cpu_frequency(gaspi_float *const cpu_mhz) {
  if (!cpu_mhz) return fail(GASPI_ERR_NULLPTR, "gaspi_cpu_frequency", "cpu_mhz is NULL");
  *cpu_mhz = 1000.0f;  // the unit of gaspi_time_ticks
  return GASPI_SUCCESS;
}

// ---- errors ----------------------------------------------------------------------------------
gaspi_string_t pgaspi_error_str(gaspi_return_t code) {
  switch (code) {
    case GASPI_ERROR: return (gaspi_string_t) "general error";
    case GASPI_SUCCESS: return (gaspi_string_t) "success";
    case GASPI_TIMEOUT: return (gaspi_string_t) "timeout";
    case GASPI_ERR_EMFILE: return (gaspi_string_t) "too many open files";
    case GASPI_ERR_ENV: return (gaspi_string_t) "incorrect environment variables";
    case GASPI_ERR_SN_PORT: return (gaspi_string_t) "invalid or busy internal port";
    case GASPI_ERR_CONFIG: return (gaspi_string_t) "invalid parameter in the configuration (gaspi_config_t)";
    case GASPI_ERR_NOINIT: return (gaspi_string_t) "invalid call before initialisation";
    case GASPI_ERR_INITED: return (gaspi_string_t) "invalid call after initialisation";
    case GASPI_ERR_NULLPTR: return (gaspi_string_t) "NULL pointer argument";
    case GASPI_ERR_INV_SEGSIZE: return (gaspi_string_t) "invalid segment size";
    case GASPI_ERR_INV_SEG: return (gaspi_string_t) "invalid segment";
    case GASPI_ERR_INV_GROUP: return (gaspi_string_t) "invalid group";
    case GASPI_ERR_INV_RANK: return (gaspi_string_t) "invalid rank";
    case GASPI_ERR_INV_QUEUE: return (gaspi_string_t) "invalid queue";
    case GASPI_ERR_INV_LOC_OFF: return (gaspi_string_t) "invalid local offset";
    case GASPI_ERR_INV_REM_OFF: return (gaspi_string_t) "invalid remote offset";
    case GASPI_ERR_INV_COMMSIZE: return (gaspi_string_t) "invalid size for communication";
    case GASPI_ERR_INV_NOTIF_VAL: return (gaspi_string_t) "invalid notification value (must be > 0)";
    case GASPI_ERR_INV_NOTIF_ID: return (gaspi_string_t) "invalid notification id";
    case GASPI_ERR_INV_NUM: return (gaspi_string_t) "invalid number of elements";
    case GASPI_ERR_INV_SIZE: return (gaspi_string_t) "invalid size";
    case GASPI_ERR_MANY_SEG: return (gaspi_string_t) "too many segments";
    case GASPI_ERR_MANY_GRP: return (gaspi_string_t) "too many groups";
    case GASPI_QUEUE_FULL: return (gaspi_string_t) "queue is full";
    case GASPI_ERR_UNALIGN_OFF: return (gaspi_string_t) "offset not aligned to 8 bytes";
    case GASPI_ERR_ACTIVE_COLL: return (gaspi_string_t) "another collective is still active";
    case GASPI_ERR_DEVICE: return (gaspi_string_t) "device operation error";
    case GASPI_ERR_SN: return (gaspi_string_t) "internal communication failed";
    case GASPI_ERR_MEMALLOC: return (gaspi_string_t) "memory allocation failed";
  }
  return (gaspi_string_t) "unknown";
}

gaspi_return_t pgaspi_print_error(gaspi_return_t code, gaspi_string_t *message) {
  if (!message) return fail(GASPI_ERR_NULLPTR, "gaspi_print_error", "error_message is NULL");
  const char *s = pgaspi_error_str(code);
  *message = static_cast<gaspi_string_t>(std::malloc(std::strlen(s) + 1));  // the caller frees it
  if (!*message) return GASPI_ERR_MEMALLOC;
  std::strcpy(*message, s);
  return GASPI_SUCCESS;
}

// Every rank's state as the job knows it (not only the ranks this one talked to): a rank the
// job monitor saw die (GEX_FAULT_TOLERANT=1 jobs) is GASPI_STATE_CORRUPT.
gaspi_return_t pgaspi_state_vec_get(gaspi_state_vector_t v) {
  GEXI_GASPI_REQUIRE_INIT("gaspi_state_vec_get");
  if (!v) return fail(GASPI_ERR_NULLPTR, "gaspi_state_vec_get", "state_vector is NULL");
  for (gaspi_rank_t r = 0; r < g_ctx.size; ++r) v[r] = peer_dead(r) ? GASPI_STATE_CORRUPT : g_ctx.state_vec[r];
  return GASPI_SUCCESS;
}

// ---- output --------------------------------------------------------------------------------------
void pgaspi_printf(const char *fmt, ...) {
  char line[4096];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  std::fprintf(stdout, "[%u] %s", unsigned(g_ctx.rank), line);
  std::fflush(stdout);
}

// GPI-2 sends the text to a logger process on `rank`'s host; here every rank prints its own.
void pgaspi_printf_to(gaspi_rank_t, const char *fmt, ...) {
  char line[4096];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  std::fprintf(stdout, "[%u] %s", unsigned(g_ctx.rank), line);
  std::fflush(stdout);
}

void pgaspi_print_affinity_mask(void) {
  cpu_set_t set;
  CPU_ZERO(&set);
  std::string s;
  if (sched_getaffinity(0, sizeof set, &set) == 0)
    for (int c = 0; c < CPU_SETSIZE; ++c) s += CPU_ISSET(c, &set) ? '1' : (c < 64 ? '0' : '\0');
  while (!s.empty() && s.back() == '\0') s.pop_back();
  std::fprintf(stdout, "[%u] affinity mask: %s\n", unsigned(g_ctx.rank), s.c_str());
  std::fflush(stdout);
}

void pgaspi_delay(void) { sched_yield(); }

// ---- NUMA placement (GPI-2's extensions; gaspi_run -N sets GASPI_SET_NUMA_SOCKET=1) -------------
// The "socket" of GPI-2 is a NUMA node: gaspi_run -N places local rank i on node i.
gaspi_return_t pgaspi_numa_socket(gaspi_uchar *const socket) {
  const char *call = "gaspi_numa_socket";
  GEXI_GASPI_REQUIRE_INIT(call);
  if (!socket) return fail(GASPI_ERR_NULLPTR, call, "socket is NULL");
  const char *numa = std::getenv("GASPI_SET_NUMA_SOCKET");
  if (!numa || std::atoi(numa) != 1)
    return fail(GASPI_ERR_ENV, call, "NUMA placement is off (gaspi_run -N sets GASPI_SET_NUMA_SOCKET=1)");
  *socket = gaspi_uchar(g_ctx.local_rank);
  return GASPI_SUCCESS;
}

gaspi_return_t pgaspi_set_socket_affinity(const gaspi_uchar socket) {
  const char *call = "gaspi_set_socket_affinity";
  return bind_to_numa_node(call, socket);
}

}  // extern "C"

GEXI_GASPI_ALIAS(gaspi_config_get)
GEXI_GASPI_ALIAS(gaspi_config_set)
GEXI_GASPI_ALIAS(gaspi_version)
GEXI_GASPI_ALIAS(gaspi_proc_init)
GEXI_GASPI_ALIAS(gaspi_proc_term)
GEXI_GASPI_ALIAS(gaspi_proc_rank)
GEXI_GASPI_ALIAS(gaspi_proc_num)
GEXI_GASPI_ALIAS(gaspi_initialized)
GEXI_GASPI_ALIAS(gaspi_proc_local_rank)
GEXI_GASPI_ALIAS(gaspi_proc_local_num)
GEXI_GASPI_ALIAS(gaspi_connect)
GEXI_GASPI_ALIAS(gaspi_disconnect)
GEXI_GASPI_ALIAS(gaspi_queue_num)
GEXI_GASPI_ALIAS(gaspi_queue_size_max)
GEXI_GASPI_ALIAS(gaspi_queue_max)
GEXI_GASPI_ALIAS(gaspi_transfer_size_min)
GEXI_GASPI_ALIAS(gaspi_transfer_size_max)
GEXI_GASPI_ALIAS(gaspi_notification_num)
GEXI_GASPI_ALIAS(gaspi_passive_transfer_size_min)
GEXI_GASPI_ALIAS(gaspi_passive_transfer_size_max)
GEXI_GASPI_ALIAS(gaspi_atomic_max)
GEXI_GASPI_ALIAS(gaspi_allreduce_buf_size)
GEXI_GASPI_ALIAS(gaspi_allreduce_elem_max)
GEXI_GASPI_ALIAS(gaspi_rw_list_elem_max)
GEXI_GASPI_ALIAS(gaspi_network_type)
GEXI_GASPI_ALIAS(gaspi_build_infrastructure)
GEXI_GASPI_ALIAS(gaspi_group_max)
GEXI_GASPI_ALIAS(gaspi_segment_max)
GEXI_GASPI_ALIAS(gaspi_time_ticks)
GEXI_GASPI_ALIAS(gaspi_time_get)
GEXI_GASPI_ALIAS(gaspi_cpu_frequency)
GEXI_GASPI_ALIAS(gaspi_error_str)
GEXI_GASPI_ALIAS(gaspi_print_error)
GEXI_GASPI_ALIAS(gaspi_state_vec_get)
GEXI_GASPI_ALIAS(gaspi_printf)
GEXI_GASPI_ALIAS(gaspi_printf_to)
GEXI_GASPI_ALIAS(gaspi_print_affinity_mask)
GEXI_GASPI_ALIAS(gaspi_delay)
GEXI_GASPI_ALIAS(gaspi_proc_kill)
GEXI_GASPI_ALIAS(gaspi_proc_ping)
GEXI_GASPI_ALIAS(gaspi_numa_socket)
GEXI_GASPI_ALIAS(gaspi_set_socket_affinity)
