// Client, endpoint, segment, system queries and job exit: the C entry points.
#include <sys/statvfs.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <new>
#include <vector>

#include <gasnet_tools.h>

#include "coll/service.h"
#include "diag/diag.h"
#include "extended/am_rma.h"
#include "legacy/service.h"
#include "ratomic/service.h"
#include "vis/service.h"
#include "runtime/env.h"
#include "runtime/exit.h"
#include "runtime/ident.h"
#include "runtime/runtime.h"

using namespace gex::runtime;
namespace bootstrap = gex::bootstrap;

namespace {

uintptr_t page_round_down(uintptr_t n) { return n & ~uintptr_t(GASNET_PAGESIZE - 1); }

// Default segment limit: what physical memory (and /dev/shm, where segments are shared-memory
// objects: ranks with neighbours on their host) can hold, shared by the host's ranks; a client's
// gasnet_max_segsize_str (or deprecated gasnet_max_segsize) replaces it, and GASNET_MAX_SEGSIZE
// overrides either (GASNet's order).
uintptr_t compute_max_segment_size(gex_Rank_t ranks_on_host) {
  uint64_t phys = uint64_t(sysconf(_SC_PHYS_PAGES)) * uint64_t(sysconf(_SC_PAGESIZE));
  uint64_t limit = phys / 2;
  struct statvfs vfs;
  if (ranks_on_host > 1 && statvfs("/dev/shm", &vfs) == 0) {
    uint64_t shm = uint64_t(vfs.f_bavail) * vfs.f_frsize;
    if (shm && shm < limit) limit = shm;
  }
  limit /= ranks_on_host ? ranks_on_host : 1;
  const uint64_t cap = uint64_t(64) << 30;
  if (limit > cap) limit = cap;
  if (gasnet_max_segsize_str) {
    uint64_t v = 0;
    if (!parse_memsize(gasnet_max_segsize_str, MemsizeContext{phys, ranks_on_host}, v) || v < GASNET_PAGESIZE)
      usage_fatal("gex_Client_Init", std::string("gasnet_max_segsize_str='") + gasnet_max_segsize_str +
                                         "' is not a valid GASNET_MAX_SEGSIZE value");
    limit = v;
  } else if (gasnet_max_segsize) {
    limit = gasnet_max_segsize;
  }
  size_t chosen = env_size("GASNET_MAX_SEGSIZE", size_t(limit), GASNET_PAGESIZE, size_t(1) << 46);
  return page_round_down(chosen);
}

}  // namespace

extern "C" {

void (*gasnet_client_attach_hook)(void *, uintptr_t) = nullptr;
// Weak, so a client's own definition (GASNet's "tentative definition" contract) replaces them.
__attribute__((weak)) const char *gasnet_max_segsize_str = nullptr;
__attribute__((weak)) uint64_t gasnet_max_segsize = 0;
gex_Rank_t gasneti_mynode = 0;
gex_Rank_t gasneti_nodes = 1;

int gexi_Client_Init(gex_Client_t *client_p, gex_EP_t *ep_p, gex_TM_t *tm_p, const char *clientName, int *argc,
                     char ***argv, gex_Flags_t flags, int thread_mode) {
  keep_ident_strings();
  if (g_rt.client) return usage_error(GASNET_ERR_RESOURCE, "gex_Client_Init", "only one client per process is supported");
  if (!client_p || !ep_p || !tm_p)
    usage_fatal("gex_Client_Init", "client_p, ep_p and tm_p must not be NULL");
  if (!clientName) usage_fatal("gex_Client_Init", "clientName must not be NULL");
  if (flags & ~(GEX_FLAG_USES_GASNET1 | GEX_FLAG_DEFER_THREADS))
    return usage_error(GASNET_ERR_BAD_ARG, "gex_Client_Init", "unsupported flags " + std::to_string(flags));

  // The runtime may already run (a GASPI program that also starts a GASNet-EX client).
  gex::runtime::start(argc, argv, thread_mode);
  // gasnet_tools.h's tick rate is measured at its first conversion (2 ms); here, so that it is not
  // inside the client's first timed interval (GASNet calibrates at init too).
  (void)gasnett_ticks_to_ns(1);
  const auto &job = bootstrap::job();
  gasneti_mynode = job.rank;
  gasneti_nodes = job.size;
  g_rt.max_segment_size = compute_max_segment_size(gex_Rank_t(g_rt.host_info.size()));

  auto *client = new gexi_Client;
  client->name = clientName;
  client->flags = flags;
  client->thread_mode = thread_mode;
  auto *ep = new gexi_EP;
  ep->client = client;
  auto *tm = new gexi_TM;
  tm->client = client;
  tm->ep = ep;
  tm->rank = job.rank;
  tm->size = job.size;
  tm->primordial = true;
  client->ep = ep;
  client->eps.push_back(ep);
  client->tm = tm;
  g_rt.client = client;
  // Runtime services register their handlers before this rank can poll (and so before any
  // message for them can run here).
  // (src/runtime/services.cpp; a GASPI init may have started the client-independent ones).
  start_services();
  *client_p = client;
  *ep_p = ep;
  *tm_p = tm;
  return GASNET_OK;
}

gex_Flags_t gex_Client_QueryFlags(gex_Client_t client) { return client->flags; }
const char *gex_Client_QueryName(gex_Client_t client) { return client->name.c_str(); }
void gex_Client_SetCData(gex_Client_t client, const void *val) { client->cdata = const_cast<void *>(val); }
void *gex_Client_QueryCData(gex_Client_t client) { return client->cdata; }

// ---- endpoints ------------------------------------------------------------------------------
gex_Client_t gex_EP_QueryClient(gex_EP_t ep) { return ep->client; }
gex_Flags_t gex_EP_QueryFlags(gex_EP_t ep) { return ep->flags; }
gex_Segment_t gex_EP_QuerySegment(gex_EP_t ep) { return ep->segment; }
gex_EP_Index_t gex_EP_QueryIndex(gex_EP_t ep) { return ep->index; }
void gex_EP_SetCData(gex_EP_t ep, const void *val) { ep->cdata = const_cast<void *>(val); }
void *gex_EP_QueryCData(gex_EP_t ep) { return ep->cdata; }

// ---- segments -------------------------------------------------------------------------------
int gex_Segment_Attach(gex_Segment_t *segment_p, gex_TM_t tm, uintptr_t size) {
  const char *call = "gex_Segment_Attach";
  require_init(call);
  check_may_communicate(call);
  gexi_TM *team = team_of(tm, call);
  if (!segment_p) usage_fatal(call, "segment_p is NULL");
  if (!team->primordial) return usage_error(GASNET_ERR_BAD_ARG, call, "tm must be the primordial team");
  if (team->ep->segment) return usage_error(GASNET_ERR_RESOURCE, call, "a segment is already attached (at most one call per process)");
  // The call is collective: every rank learns every rank's verdict on its own size before
  // anything is allocated, so a size that is bad on one rank fails the call on all of them
  // (instead of leaving the others waiting in the exchange for a rank that already returned).
  std::string problem;
  uintptr_t rounded = 0;
  if (size == 0) {
    problem = "size is 0";
  } else if (size > g_rt.max_segment_size) {  // before rounding: a size near UINTPTR_MAX would wrap
    problem = "size " + std::to_string(size) + " exceeds gasnet_getMaxLocalSegmentSize() = " +
              std::to_string(g_rt.max_segment_size) + " (set GASNET_MAX_SEGSIZE to raise it)";
  } else {
    rounded = (size + GASNET_PAGESIZE - 1) & ~uintptr_t(GASNET_PAGESIZE - 1);
  }
  const uint8_t mine_ok = problem.empty();
  std::vector<uint8_t> all_ok(g_rt.size);
  bootstrap::allgather(&mine_ok, 1, all_ok.data());
  if (!problem.empty()) return usage_error(GASNET_ERR_BAD_ARG, call, problem);
  for (gex_Rank_t r = 0; r < g_rt.size; ++r)
    if (!all_ok[r])
      return usage_error(GASNET_ERR_BAD_ARG, call,
                         "rank " + std::to_string(r) + " passed a size it cannot attach (it printed why); "
                         "no rank attached a segment");
  // Collective: every rank's segment lands in the segment table.
  const SegmentMemory mem = publish_segment(team->ep->index, rounded);
  void *base = mem.base;
  auto *seg = new gexi_Segment;
  seg->client = team->client;
  seg->attached = true;
  seg->allocated = true;
  seg->shared_id = mem.id;
  seg->owner = mem.owner;
  seg->regs = mem.regs;
  seg->addr = base;
  seg->size = rounded;
  team->ep->segment = seg;
  *segment_p = seg;
  if (gasnet_client_attach_hook) gasnet_client_attach_hook(base, rounded);
  return GASNET_OK;
}

gex_Client_t gex_Segment_QueryClient(gex_Segment_t seg) { return seg->client; }
gex_Flags_t gex_Segment_QueryFlags(gex_Segment_t seg) { return seg->flags; }
void *gex_Segment_QueryAddr(gex_Segment_t seg) { return seg->addr; }
uintptr_t gex_Segment_QuerySize(gex_Segment_t seg) { return seg->size; }
void gex_Segment_SetCData(gex_Segment_t seg, const void *val) { seg->cdata = const_cast<void *>(val); }
void *gex_Segment_QueryCData(gex_Segment_t seg) { return seg->cdata; }

int gex_Segment_QueryBound(gex_TM_t tm, gex_Rank_t rank, void **owneraddr_p, void **localaddr_p, uintptr_t *size_p) {
  require_init("gex_Segment_QueryBound");
  check_may_communicate("gex_Segment_QueryBound");
  gex_Rank_t jr = jobrank_of(tm, rank, "gex_Segment_QueryBound");
  const auto &seg = g_rt.segments.at(jr, remote_ep_of(tm));
  if (!seg.size) return 1;  // outputs untouched on failure
  if (owneraddr_p) *owneraddr_p = seg.owner_base;
  if (localaddr_p) *localaddr_p = seg.device ? nullptr : seg.local_base;  // only host memory has one
  if (size_p) *size_p = seg.size;
  return 0;
}

gex_Event_t gex_EP_QueryBoundSegmentNB(gex_TM_t tm, gex_Rank_t rank, void **owneraddr_p, void **localaddr_p,
                                       uintptr_t *size_p, gex_Flags_t flags) {
  require_init("gex_EP_QueryBoundSegmentNB");
  if (!(flags & GEX_FLAG_IMMEDIATE)) check_may_communicate("gex_EP_QueryBoundSegmentNB");
  if (rank == GEX_RANK_INVALID) usage_fatal("gex_EP_QueryBoundSegmentNB", "rank must not be GEX_RANK_INVALID");
  gex_Rank_t jr = jobrank_of(tm, rank, "gex_EP_QueryBoundSegmentNB");
  // Every segment published to this process is in its table, so the answer never communicates
  // (an unpublished remote one is an unsuccessful query, as the spec allows).
  const auto &seg = g_rt.segments.at(jr, remote_ep_of(tm));
  if (!seg.size) {
    if (size_p) *size_p = 0;
    return GEX_EVENT_INVALID;
  }
  if (owneraddr_p) *owneraddr_p = seg.owner_base;
  if (localaddr_p) *localaddr_p = seg.device ? nullptr : seg.local_base;  // only host memory has one
  if (size_p) *size_p = seg.size;
  return GEX_EVENT_INVALID;
}

uintptr_t gasnet_getMaxLocalSegmentSize(void) {
  require_init("gasnet_getMaxLocalSegmentSize");
  return g_rt.max_segment_size;
}
uintptr_t gasnet_getMaxGlobalSegmentSize(void) {
  require_init("gasnet_getMaxGlobalSegmentSize");
  return g_rt.max_segment_size;  // every rank of an smp job computes the same limit
}

// ---- system ---------------------------------------------------------------------------------
gex_Rank_t gex_System_QueryJobRank(void) { return bootstrap::joined() ? bootstrap::job().rank : 0; }
gex_Rank_t gex_System_QueryJobSize(void) { return bootstrap::joined() ? bootstrap::job().size : 1; }
int gex_System_GetVerboseErrors(void) { return g_verbose_errors; }
void gex_System_SetVerboseErrors(int enable) { g_verbose_errors = enable != 0; }

uint64_t gex_System_QueryMaxThreads(void) {
  if (g_rt.client && g_rt.thread_mode == 0) return 1;  // SEQ
  static const uint64_t max = uint64_t(env_int("GASNET_MAX_THREADS", 256, 1, 1 << 20));
  return max;
}

int gex_System_QueryHiddenAMConcurrencyLevel(void) { return 0; }  // handlers run only in client calls

// This conduit starts no progress threads, so a client that deferred them has none to start.
int gex_System_QueryProgressThreads(gex_Client_t client, unsigned int *count_p, const gex_ProgressThreadInfo_t **info_p,
                                    gex_Flags_t flags) {
  const char *call = "gex_System_QueryProgressThreads";
  require_init(call);
  if (!client) return usage_error(GASNET_ERR_BAD_ARG, call, "client is GEX_CLIENT_INVALID");
  if (client != g_rt.client) usage_fatal(call, "client " + fmt_ptr(client) + " is not this process's client");
  if (!count_p) return usage_error(GASNET_ERR_BAD_ARG, call, "count_p is NULL");
  if (!info_p) return usage_error(GASNET_ERR_BAD_ARG, call, "info_p is NULL");
  if (flags) return usage_error(GASNET_ERR_BAD_ARG, call, "flags=" + std::to_string(flags) + " (reserved: must be 0)");
  if (!(client->flags & GEX_FLAG_DEFER_THREADS))
    return usage_error(GASNET_ERR_RESOURCE, call, "GEX_FLAG_DEFER_THREADS was not passed to gex_Client_Init");
  static std::atomic<bool> answered{false};
  if (answered.exchange(true)) usage_fatal(call, "called twice (a client that defers its progress threads makes exactly one call)");
  *count_p = 0;
  *info_p = nullptr;
  return GASNET_OK;
}

void gex_System_QueryNbrhdInfo(gex_RankInfo_t **info_p, gex_Rank_t *info_count_p, gex_Rank_t *my_info_index_p) {
  require_init("gex_System_QueryNbrhdInfo");
  if (info_p) *info_p = g_rt.nbrhd_info.data();
  if (info_count_p) *info_count_p = gex_Rank_t(g_rt.nbrhd_info.size());
  if (my_info_index_p) *my_info_index_p = g_rt.nbrhd_index;
}

void gex_System_QueryHostInfo(gex_RankInfo_t **info_p, gex_Rank_t *info_count_p, gex_Rank_t *my_info_index_p) {
  require_init("gex_System_QueryHostInfo");
  if (info_p) *info_p = g_rt.host_info.data();
  if (info_count_p) *info_count_p = gex_Rank_t(g_rt.host_info.size());
  if (my_info_index_p) *my_info_index_p = g_rt.host_index;
}

void gex_System_QueryMyPosition(gex_Rank_t *nbrhd_set_size_p, gex_Rank_t *nbrhd_set_rank_p, gex_Rank_t *host_set_size_p,
                                gex_Rank_t *host_set_rank_p) {
  require_init("gex_System_QueryMyPosition");
  const auto &job = bootstrap::job();
  // A neighbourhood per host (shared memory within it), or per rank (all traffic over a network).
  if (nbrhd_set_size_p) *nbrhd_set_size_p = g_rt.nbrhd_is_host ? job.host_count : g_rt.size;
  if (nbrhd_set_rank_p) *nbrhd_set_rank_p = g_rt.nbrhd_is_host ? job.host_rank : g_rt.rank;
  if (host_set_size_p) *host_set_size_p = job.host_count;
  if (host_set_rank_p) *host_set_rank_p = job.host_rank;
}

void gasnet_exit(int exitcode) {
  if (g_rt.client) exit_job(exitcode);  // the runtime's exit coordinator (runtime/exit.h)
  bootstrap::exit_job(exitcode);
}

}  // extern "C"
