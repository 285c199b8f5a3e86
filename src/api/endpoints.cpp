// Many endpoints per process and created segments (GASNet-EX Memory Kinds spec, sections 3-4):
// gex_EP_Create, gex_Segment_Create/Destroy, gex_EP_BindSegment, gex_EP_PublishBoundSegment.
//
// An endpoint is a handler table, a capability set and an optional bound segment; messages and
// RMA name it by (jobrank, endpoint index), which a TM-pair carries. Publication enters a bound
// segment in the peers' segment tables (runtime/segments.cpp): library-allocated host memory is
// shared memory that neighbours map (RMA is load/store), the client's own memory is reached
// through the transport's RMA or extended-ref over AM. docs/memory-kinds.md has the rules.
#include <gasnet_mk.h>

#include <mutex>
#include <string>
#include <vector>

#include "api/mk_api.h"
#include "runtime/runtime.h"

using namespace gex::runtime;

namespace {

std::mutex g_ep_lock;  // endpoint creation, binding and segment creation may race in PAR mode

gexi_Client *our_client(gex_Client_t client, const char *call) {
  if (!client) usage_fatal(call, "client is GEX_CLIENT_INVALID");
  if (client != g_rt.client) usage_fatal(call, "client " + fmt_ptr(client) + " is not the client gex_Client_Init created");
  return client;
}

gexi_EP *our_ep(gex_EP_t ep, const char *call, const char *what = "ep") {
  if (!ep) usage_fatal(call, std::string(what) + " is GEX_EP_INVALID");
  const gexi_Client *c = g_rt.client;
  if (!c || ep->index >= c->eps.size() || c->eps[ep->index] != ep)
    usage_fatal(call, std::string(what) + "=" + fmt_ptr(ep) + " is not an endpoint of this client");
  return ep;
}

gexi_Segment *live_segment(gex_Segment_t seg, const char *call) {
  if (!seg) usage_fatal(call, "segment is GEX_SEGMENT_INVALID");
  if (seg->destroyed) usage_fatal(call, "segment " + fmt_ptr(seg) + " was destroyed by gex_Segment_Destroy");
  return seg;
}

bool is_host(gex_MK_t kind) { return kind == GEX_MK_HOST; }

// What peers learn of an endpoint's bound segment.
PublishedSegment record_of(const gexi_EP *e) {
  const gexi_Segment *seg = e->segment;
  PublishedSegment p;
  p.base = reinterpret_cast<uintptr_t>(seg->addr);
  p.size = seg->size;
  p.rkey = seg->regs.rkey;
  p.id = seg->shared_id;
  p.ep = uint16_t(e->index);
  p.shared = seg->allocated && is_host(seg->kind);  // shared memory that neighbours can map
  p.host = is_host(seg->kind);
  if (!p.host) {
    // Device memory: an IPC handle lets a neighbour open it (else RMA to it goes over AM).
    gexi_MK *k = seg->kind;
    std::string error;
    p.mk_class = uint8_t(k->mk_class);
    p.has_ipc = k->ops->export_ipc(k, seg->addr, &p.ipc, error);
  }
  return p;
}

}  // namespace

extern "C" {

int gex_EP_Create(gex_EP_t *ep_p, gex_Client_t client, gex_EP_Capabilities_t capabilities, gex_Flags_t flags) {
  const char *call = "gex_EP_Create";
  require_init(call);
  gexi_Client *c = our_client(client, call);
  if (!ep_p) usage_fatal(call, "ep_p is NULL");
  if (!capabilities) return usage_error(GASNET_ERR_BAD_ARG, call, "capabilities is 0: no capability was requested");
  if (capabilities & ~gex_EP_Capabilities_t(GEX_EP_CAPABILITY_ALL))
    return usage_error(GASNET_ERR_BAD_ARG, call,
                       "capabilities=" + std::to_string(capabilities) + " has bits outside GEX_EP_CAPABILITY_ALL");
  if (flags & ~gex_Flags_t(GEX_FLAG_HINT_ACCEL_ALL))
    return usage_error(GASNET_ERR_BAD_ARG, call,
                       "flags=" + std::to_string(flags) + ": only the GEX_FLAG_HINT_ACCEL_* hints are defined");
  std::lock_guard<std::mutex> lock(g_ep_lock);
  if (c->eps.size() >= GASNET_MAXEPS)
    return usage_error(GASNET_ERR_RESOURCE, call,
                       "would exceed the per-client endpoint limit GASNET_MAXEPS=" + std::to_string(GASNET_MAXEPS));
  auto *ep = new gexi_EP;
  ep->client = c;
  ep->flags = flags;  // the ACCEL hints are kept (gex_EP_QueryFlags), no resource is scarce here
  ep->capabilities = capabilities;
  ep->index = gex_EP_Index_t(c->eps.size());
  c->eps.push_back(ep);
  *ep_p = ep;
  return GASNET_OK;
}

int gex_Segment_Create(gex_Segment_t *segment_p, gex_Client_t client, gex_Addr_t address, uintptr_t length,
                       gex_MK_t kind, gex_Flags_t flags) {
  const char *call = "gex_Segment_Create";
  require_init(call);
  gexi_Client *c = our_client(client, call);
  if (!segment_p) usage_fatal(call, "segment_p is NULL");
  if (flags) usage_fatal(call, "flags=" + std::to_string(flags) + " must be 0 (reserved)");
  if (kind == GEX_MK_INVALID) usage_fatal(call, "kind is GEX_MK_INVALID");
  if (!length) return usage_error(GASNET_ERR_BAD_ARG, call, "length is 0 (a segment cannot be empty)");

  auto seg = std::make_unique<gexi_Segment>();
  seg->client = c;
  seg->kind = kind;
  if (!is_host(kind)) {
    // Device memory: the kind's class makes it (src/mk/).
    const int rc = gex::mk::create_segment(*seg, kind, address, length, call);
    if (rc != GASNET_OK) return rc;
  } else if (!address) {
    if (length > g_rt.max_segment_size)
      return usage_error(GASNET_ERR_BAD_ARG, call,
                         "length " + std::to_string(length) + " exceeds gasnet_getMaxLocalSegmentSize() = " +
                             std::to_string(g_rt.max_segment_size) + " (set GASNET_MAX_SEGSIZE to raise it)");
    const uintptr_t rounded = (length + GASNET_PAGESIZE - 1) & ~uintptr_t(GASNET_PAGESIZE - 1);
    std::lock_guard<std::mutex> lock(g_ep_lock);
    SegmentMemory mem = allocate_segment(rounded);
    seg->addr = mem.base;
    seg->size = rounded;
    seg->allocated = true;
    seg->shared_id = mem.id;
    seg->owner = mem.owner;
    seg->regs = mem.regs;
  } else {
    // The client's memory, as given (no alignment rules for host memory). Registered with every
    // transport, so one with RMA reaches it; neighbours cannot map it.
    if (uintptr_t(address) + length < uintptr_t(address))
      return usage_error(GASNET_ERR_BAD_ARG, call, "address + length wraps around the address space");
    seg->addr = address;
    seg->size = length;
    seg->regs = register_everywhere(address, length);
  }
  *segment_p = seg.release();
  return GASNET_OK;
}

void gex_Segment_Destroy(gex_Segment_t segment, gex_Flags_t flags) {
  const char *call = "gex_Segment_Destroy";
  require_init(call);
  gexi_Segment *seg = live_segment(segment, call);
  if (flags) usage_fatal(call, "flags=" + std::to_string(flags) + " must be 0 (reserved)");
  if (seg->attached) usage_fatal(call, "the segment of gex_Segment_Attach cannot be destroyed");
  std::lock_guard<std::mutex> lock(g_ep_lock);
  if (!is_host(seg->kind)) {
    gex::mk::destroy_segment(*seg);
  } else if (seg->allocated) {
    SegmentMemory mem;
    mem.base = seg->addr;
    mem.bytes = seg->size;
    mem.id = seg->shared_id;
    mem.shared = true;
    mem.owner = seg->owner;
    mem.regs = seg->regs;
    free_segment(mem);
  } else {
    deregister_everywhere(seg->regs);
  }
  // Endpoints keep their binding (spec 4.3: using them with this segment is erroneous), so the
  // object stays as a tombstone that diagnoses such use.
  seg->destroyed = true;
  seg->addr = nullptr;
  seg->size = 0;
}

int gex_EP_BindSegment(gex_EP_t ep, gex_Segment_t segment, gex_Flags_t flags) {
  const char *call = "gex_EP_BindSegment";
  require_init(call);
  if (!ep) return usage_error(GASNET_ERR_BAD_ARG, call, "ep is GEX_EP_INVALID");
  if (!segment) return usage_error(GASNET_ERR_BAD_ARG, call, "segment is GEX_SEGMENT_INVALID");
  gexi_EP *e = our_ep(ep, call);
  gexi_Segment *seg = live_segment(segment, call);
  if (e->index == 0 && !is_host(seg->kind))
    return usage_error(GASNET_ERR_BAD_ARG, call,
                       "a device memory segment cannot be bound to the primordial endpoint: create an endpoint "
                       "with gex_EP_Create, bind it there and publish it with gex_EP_PublishBoundSegment");
  if (flags) return usage_error(GASNET_ERR_BAD_ARG, call, "flags=" + std::to_string(flags) + " must be 0 (reserved)");
  if (seg->client != e->client) return usage_error(GASNET_ERR_BAD_ARG, call, "segment and ep belong to different clients");
  std::lock_guard<std::mutex> lock(g_ep_lock);
  if (e->segment)
    return usage_error(GASNET_ERR_BAD_ARG, call,
                       "endpoint " + std::to_string(e->index) + " already has a bound segment");
  e->segment = seg;
  // Bound here means reachable from here at once (spec: a query of an endpoint in the calling
  // process succeeds without publication).
  apply_peer_segment(g_rt.rank, record_of(e));
  return GASNET_OK;
}

int gex_EP_PublishBoundSegment(gex_TM_t tm, gex_EP_t *eps, size_t num_eps, gex_Flags_t flags) {
  const char *call = "gex_EP_PublishBoundSegment";
  require_init(call);
  check_may_communicate(call);
  gexi_TM *team = team_of(tm, call);
  if (flags) return usage_error(GASNET_ERR_BAD_ARG, call, "flags must be 0");
  if (num_eps && !eps) usage_fatal(call, "eps is NULL with num_eps > 0");
  std::vector<PublishedSegment> records;
  for (size_t i = 0; i < num_eps; ++i) {
    gexi_EP *e = our_ep(eps[i], call, ("eps[" + std::to_string(i) + "]").c_str());
    const gexi_Segment *seg = e->segment;
    if (!seg) continue;  // nothing bound: nothing to publish (as GASNet)
    if (seg->destroyed)
      usage_fatal(call, "eps[" + std::to_string(i) + "]'s bound segment was destroyed by gex_Segment_Destroy");
    records.push_back(record_of(e));
  }
  std::vector<gex_Rank_t> members(team->size);
  for (gex_Rank_t r = 0; r < team->size; ++r) members[r] = team->members.empty() ? r : team->members[r];
  // Every member's records reach every other member; the barrier then says all have arrived
  // everywhere (each member waited for its acknowledgements before entering it).
  publish_to_members(members, records);
  gex_Coll_BarrierBlocking(tm, 0);
  return GASNET_OK;
}

}  // extern "C"
