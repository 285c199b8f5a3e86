// GASNet-1 start-up, queries, and the legacy calls that are not inline in gasnet.h.
#include <gasnet.h>

#include <cstdlib>
#include <algorithm>
#include <cstring>
#include <vector>

#include "legacy/state.h"
#include "runtime/runtime.h"

using namespace gex::runtime;
using gex::legacy::state;

namespace {

// The legacy calls are available to clients that started with gasnet_init() or passed
// GEX_FLAG_USES_GASNET1 (spec: "GASNet-1 relationship").
void require_legacy(const char *call) {
  require_init(call);
  if (!(g_rt.client->flags & GEX_FLAG_USES_GASNET1))
    usage_fatal(call, "legacy GASNet-1 support is off: start with gasnet_init(), or pass GEX_FLAG_USES_GASNET1 to gex_Client_Init");
}

}  // namespace

extern "C" {

struct gexi_valget_op {
  gasnet_register_value_t value;
};

int gexi_legacy_init(int *argc, char ***argv, int thread_mode) {
  if (g_rt.client)
    return usage_error(GASNET_ERR_RESOURCE, "gasnet_init", "already initialized (gasnet_init or gex_Client_Init was called before)");
  gex_Client_t client;
  gex_EP_t ep;
  gex_TM_t tm;
  int rc = gexi_Client_Init(&client, &ep, &tm, "GASNET_LEGACY", argc, argv, GEX_FLAG_USES_GASNET1, thread_mode);
  if (rc == GASNET_OK) state().inited_by_gasnet_init = true;
  return rc;
}

int gasnet_attach(gasnet_handlerentry_t *table, int numentries, uintptr_t segsize, uintptr_t minheapoffset) {
  const char *call = "gasnet_attach";
  (void)minheapoffset;  // the segment is a shared-memory object of its own, never carved from the heap
  if (!g_rt.client) return usage_error(GASNET_ERR_NOT_INIT, call, "called before gasnet_init");
  check_may_communicate(call);
  if (!state().inited_by_gasnet_init)
    return usage_error(GASNET_ERR_BAD_ARG, call, "only a client started with gasnet_init may call gasnet_attach (use gex_Segment_Attach and gex_EP_RegisterHandlers)");
  if (state().attached) return usage_error(GASNET_ERR_RESOURCE, call, "called twice");
  if (numentries < 0 || (numentries > 0 && !table))
    return usage_error(GASNET_ERR_BAD_ARG, call, "table is NULL or numentries is negative");
  if (segsize % GASNET_PAGESIZE)
    return usage_error(GASNET_ERR_BAD_ARG, call, "segsize " + std::to_string(segsize) + " is not a multiple of GASNET_PAGESIZE (" + std::to_string(GASNET_PAGESIZE) + ")");
  if (segsize > g_rt.max_segment_size)
    return usage_error(GASNET_ERR_BAD_ARG, call, "segsize " + std::to_string(segsize) + " exceeds gasnet_getMaxLocalSegmentSize() = " + std::to_string(g_rt.max_segment_size));

  // GASNet-1 handler tables say neither the category nor the argument count: register each
  // handler for every category and direction, with any count (kNargsUnspecified).
  std::vector<gex_AM_Entry_t> entries(static_cast<size_t>(numentries));
  for (int i = 0; i < numentries; ++i) {
    if (table[i].index != 0 && table[i].index < GEX_AM_INDEX_BASE)
      return usage_error(GASNET_ERR_BAD_ARG, call, "table[" + std::to_string(i) + "].index = " + std::to_string(table[i].index) + ": client handler indices are 128..255 (or 0 to have one assigned)");
    entries[size_t(i)] = gex_AM_Entry_t{table[i].index, table[i].fnptr,
                                        GEX_FLAG_AM_REQREP | GEX_FLAG_AM_SHORT | GEX_FLAG_AM_MEDLONG, 0, nullptr, nullptr};
  }
  gexi_EP *ep = g_rt.client->ep;
  if (int rc = gex_EP_RegisterHandlers(ep, entries.data(), entries.size())) return rc;
  for (int i = 0; i < numentries; ++i) {
    table[i].index = entries[size_t(i)].gex_index;
    ep->handlers[table[i].index].entry.gex_nargs = kNargsUnspecified;
  }

  // Every node attaches (the call is collective); a zero size still gets one page so the
  // segment tables stay uniform.
  gex_Segment_t seg;
  if (int rc = gex_Segment_Attach(&seg, g_rt.client->tm, segsize ? segsize : GASNET_PAGESIZE)) return rc;
  state().attached = true;
  return GASNET_OK;
}

gasnet_node_t gasnet_mynode(void) { return gex_System_QueryJobRank(); }
gasnet_node_t gasnet_nodes(void) { return gex_System_QueryJobSize(); }

int gasnet_getSegmentInfo(gasnet_seginfo_t *seginfo_table, int numentries) {
  const char *call = "gasnet_getSegmentInfo";
  if (!g_rt.client) return usage_error(GASNET_ERR_NOT_INIT, call, "called before gasnet_init");
  if (!g_rt.client->ep->segment) return usage_error(GASNET_ERR_NOT_INIT, call, "called before gasnet_attach");
  if (numentries < 0 || (numentries > 0 && !seginfo_table)) return usage_error(GASNET_ERR_BAD_ARG, call, "bad table");
  gex_Rank_t n = std::min<gex_Rank_t>(gex_Rank_t(numentries), g_rt.size);
  for (gex_Rank_t r = 0; r < n; ++r) {
    seginfo_table[r].addr = g_rt.segments.at(r).owner_base;
    seginfo_table[r].size = g_rt.segments.at(r).size;
  }
  return GASNET_OK;
}

int gasnet_getNodeInfo(gasnet_nodeinfo_t *nodeinfo_table, int numentries) {
  const char *call = "gasnet_getNodeInfo";
  if (!g_rt.client) return usage_error(GASNET_ERR_NOT_INIT, call, "called before gasnet_init");
  if (numentries < 0 || (numentries > 0 && !nodeinfo_table)) return usage_error(GASNET_ERR_BAD_ARG, call, "bad table");
  gex_Rank_t n = std::min<gex_Rank_t>(gex_Rank_t(numentries), g_rt.size);
  // host: the lowest rank of r's host; supernode: of r's neighbourhood (the host, or r alone when
  // all traffic goes over a network).
  for (gex_Rank_t r = 0; r < n; ++r) {
    const auto &seg = g_rt.segments.at(r);
    nodeinfo_table[r].host = g_rt.host_lead[r];
    nodeinfo_table[r].supernode = g_rt.nbrhd_is_host ? g_rt.host_lead[r] : r;
    nodeinfo_table[r].offset = (seg.local_base && seg.owner_base) ? intptr_t(seg.local_base - seg.owner_base) : 0;
  }
  return GASNET_OK;
}

void gasnet_QueryGexObjects(gex_Client_t *client_p, gex_EP_t *endpoint_p, gex_TM_t *tm_p, gex_Segment_t *segment_p) {
  require_init("gasnet_QueryGexObjects");
  gexi_Client *c = g_rt.client;
  if (client_p) *client_p = c;
  if (endpoint_p) *endpoint_p = c->ep;
  if (tm_p) *tm_p = c->tm;
  if (segment_p) *segment_p = c->ep->segment;
}

int gasnet_set_waitmode(int wait_mode) {
  if (wait_mode != GASNET_WAIT_SPIN && wait_mode != GASNET_WAIT_BLOCK && wait_mode != GASNET_WAIT_SPINBLOCK)
    return usage_error(GASNET_ERR_BAD_ARG, "gasnet_set_waitmode", "wait_mode " + std::to_string(wait_mode) + " is not GASNET_WAIT_{SPIN,BLOCK,SPINBLOCK}");
  // BLOCK and SPINBLOCK: waiting loops yield the core when idle (they always do when ranks
  // outnumber cores). SPIN: they spin, as they do by default with a core per rank.
  if (!g_rt.legacy) return GASNET_OK;  // before gasnet_init there is nothing to set
  state().waitmode = wait_mode;
  set_idle_yield(wait_mode != GASNET_WAIT_SPIN || g_rt.oversubscribed);
  return GASNET_OK;
}

char *gasnet_getenv(const char *s) { return s ? std::getenv(s) : nullptr; }

int gasnet_AMGetMsgSource(gasnet_token_t token, gasnet_node_t *srcindex) {
  if (!token || !srcindex) return usage_error(GASNET_ERR_BAD_ARG, "gasnet_AMGetMsgSource", "token and srcindex must not be NULL");
  gex_Token_Info_t info;
  gex_Token_Info(token, &info, GEX_TI_SRCRANK);
  *srcindex = info.gex_srcrank;
  return GASNET_OK;
}

// ---- value get, memset --------------------------------------------------------------------------
gasnet_valget_handle_t gasnet_get_nb_val(gasnet_node_t node, void *src, size_t nbytes) {
  require_legacy("gasnet_get_nb_val");
  auto *op = new gexi_valget_op;
  op->value = gex_RMA_GetBlockingVal(gexi_legacy_tm, node, src, nbytes, 0);
  return op;
}

gasnet_register_value_t gasnet_wait_syncnb_valget(gasnet_valget_handle_t handle) {
  if (!handle) usage_fatal("gasnet_wait_syncnb_valget", "handle is NULL");
  gasnet_register_value_t v = handle->value;
  delete handle;
  return v;
}

void gasnet_memset(gasnet_node_t node, void *dest, int val, size_t nbytes) {
  const char *call = "gasnet_memset";
  require_legacy(call);
  check_may_communicate(call);
  gex_Rank_t jr = jobrank_of(gexi_legacy_tm, node, call);
  if (!in_segment(jr, dest, nbytes)) segment_range_fatal(call, jr, dest, nbytes);
  if (!nbytes) return;
  if (!use_am_path(jr)) {
    std::memset(local_address(jr, dest), val, nbytes);
    return;
  }
  // A peer reached over AM: put a buffer of the byte, in chunks.
  const size_t chunk = std::min<size_t>(nbytes, size_t(1) << 16);
  std::vector<unsigned char> buf(chunk, static_cast<unsigned char>(val));
  for (size_t off = 0; off < nbytes; off += chunk) {
    size_t n = std::min(chunk, nbytes - off);
    gex_RMA_PutBlocking(gexi_legacy_tm, node, static_cast<char *>(dest) + off, buf.data(), n, 0);
  }
}

// memset completes before returning: the handle is already synced, the NBI form owes nothing.
gasnet_handle_t gasnet_memset_nb(gasnet_node_t node, void *dest, int val, size_t nbytes) {
  gasnet_memset(node, dest, val, nbytes);
  return GASNET_INVALID_HANDLE;
}
void gasnet_memset_nbi(gasnet_node_t node, void *dest, int val, size_t nbytes) { gasnet_memset(node, dest, val, nbytes); }

// ---- try forms: poll once, then test -------------------------------------------------------------
int gasnet_try_syncnb(gasnet_handle_t handle) {
  gasnet_AMPoll();
  return gex_Event_Test(handle);
}
int gasnet_try_syncnb_all(gasnet_handle_t *phandle, size_t numhandles) {
  gasnet_AMPoll();
  return gex_Event_TestAll(phandle, numhandles, 0);
}
int gasnet_try_syncnb_some(gasnet_handle_t *phandle, size_t numhandles) {
  gasnet_AMPoll();
  return gex_Event_TestSome(phandle, numhandles, 0);
}
int gasnet_try_syncnbi_gets(void) {
  gasnet_AMPoll();
  return gex_NBI_Test(GEX_EC_GET, 0);
}
int gasnet_try_syncnbi_puts(void) {
  gasnet_AMPoll();
  return gex_NBI_Test(GEX_EC_PUT | GEX_EC_LC, 0);
}
int gasnet_try_syncnbi_all(void) {
  gasnet_AMPoll();
  return gex_NBI_Test(GEX_EC_ALL, 0);
}

}  // extern "C"
