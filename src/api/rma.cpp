// RMA. Three paths, chosen per peer endpoint (the segment table's RmaPath), and device memory
// (below) through its memory kind:
//  - load/store: the peer's segment is mapped here (smp neighbours), so a transfer is a memcpy
//    by the initiator, remotely complete when the call returns; NB/NBI have nothing to track.
//  - transport: the route's transport moves the bytes (ofi: fi_write/fi_read), completion
//    through counters (runtime::rma_put/rma_get).
//  - extended-ref over Active Messages (src/extended/) for peers that are neither, and for
//    every peer when GEX_FORCE_AM=1.
#include <vector>

#include "diag/diag.h"
#include "extended/am_rma.h"
#include "runtime/rma_copy.h"
#include "runtime/runtime.h"

using namespace gex::runtime;

namespace {

struct Target {
  gex_Rank_t jobrank;
  bool am;      // not load/store: the transport's RMA (xport) or extended-ref
  bool xport;   // the route's transport moves the bytes
  char *local;  // load/store address (when !am)
  uint16_t ep;  // the remote endpoint
  bool device;  // device memory on either side: copies go through the memory kind (device_*)
};

// (tm, rank) names a remote endpoint: a team's member endpoints share the team endpoint's index
// (0), a TM-pair names any endpoint of the peer.
inline Target target(const char *call, gex_TM_t tm, gex_Rank_t rank, const void *addr, size_t nbytes) {
  check_may_communicate(call);
  gex_Rank_t jr = jobrank_of(tm, rank, call);
  const uint32_t ep = remote_ep_of(tm);
  check_remote_range(jr, addr, nbytes, call, ep);
  const PeerSegment &seg = g_rt.segments.at(jr, ep);
  // GEX_SEGMENT_EVERYTHING: outside the segment only a transport that pins remote memory reaches it.
  if (__builtin_expect(g_rt.any_address, 0) && !seg.contains(addr, nbytes)) {
    if (!g_rt.routes[jr].am->any_address_max(jr)) unreachable_range_fatal(call, jr, addr, nbytes);
    return {jr, true, true, nullptr, uint16_t(ep), false};
  }
  // The local address is a device address when the local endpoint (a TM-pair's) has a bound
  // device segment (spec NOTE 3); a team's endpoint is primordial, always host.
  const bool device = seg.device || (is_tm_pair(tm) && tm_pair_ep(tm)->segment && tm_pair_ep(tm)->segment->kind != GEX_MK_HOST);
  if (seg.path != RmaPath::LoadStore) return {jr, true, seg.path == RmaPath::Transport, nullptr, uint16_t(ep), device};
  return {jr, false, false, seg.local_base + (static_cast<const char *>(addr) - seg.owner_base), uint16_t(ep), device};
}

inline void wait_counter(CompletionCounter &c) {
  wait_until([&] { return c.load(std::memory_order_acquire) == 0; });
}

// A put on the transport path. Local completion as lc_opt asks: GEX_EVENT_DEFER leaves it to the
// operation's completion; any other option waits for it here (a transport reports it when the
// provider says the source may be reused) and then reports it complete.
bool transport_put(const Target &t, void *dest, const void *src, size_t nbytes, CompletionCounter *c_remote,
                   gex_Event_t *lc_opt, bool immediate) {
  CompletionCounter local{0};
  CompletionCounter *c_local = lc_opt == GEX_EVENT_DEFER ? nullptr : &local;
  if (!rma_put(t.jobrank, dest, src, nbytes, c_remote, c_local, immediate, t.ep)) return false;
  wait_counter(local);
  lc_complete_now(lc_opt);
  return true;
}

// ---- device memory: complete on return, through the memory kind's copy ----------------------
// Mapped here (a neighbour's device segment opened by IPC, or this process's own): one copy.
// Otherwise over AM, staged through host memory on this side (the owner copies on its side).
void device_put(const Target &t, void *dest, const void *src, size_t nbytes) {
  if (!t.am) {
    gex::mk::copy(t.local, src, nbytes);
    return;
  }
  std::vector<char> staged;
  if (gex::mk::kind_of(src, nbytes)) {
    staged.resize(nbytes);
    gex::mk::copy(staged.data(), src, nbytes);
    src = staged.data();
  }
  CompletionCounter done{0};
  gex::extended::put(t.jobrank, dest, src, nbytes, &done, false, t.ep);
  wait_counter(done);
}

void device_get(const Target &t, void *dest, const void *src, size_t nbytes) {
  if (!t.am) {
    gex::mk::copy(dest, t.local, nbytes);
    return;
  }
  const bool stage = gex::mk::kind_of(dest, nbytes) != nullptr;
  std::vector<char> staged(stage ? nbytes : 0);
  CompletionCounter done{0};
  gex::extended::get(t.jobrank, stage ? staged.data() : dest, src, nbytes, &done, false);
  wait_counter(done);
  if (stage) gex::mk::copy(dest, staged.data(), nbytes);
}

// Value forms move the low-order nbytes of the value as an integer of that width.
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "value RMA assumes little endian");
inline void check_value_size(size_t nbytes, const char *call) {
  if (nbytes == 0 || nbytes > sizeof(gex_RMA_Value_t))
    usage_fatal(call, "nbytes=" + std::to_string(nbytes) + " must be 1..SIZEOF_GEX_RMA_VALUE_T (8)");
}

// ---- the three completion forms, over either path ------------------------------------------
void put_blocking(const char *call, gex_TM_t tm, gex_Rank_t rank, void *dest, const void *src, size_t nbytes) {
  Target t = target(call, tm, rank, dest, nbytes);
  gex::diag::Scope diag_scope(gex::diag::Op::PutBlocking, t.jobrank, nbytes);
  if (__builtin_expect(t.device, 0)) return device_put(t, dest, src, nbytes);
  if (!t.am) {
    rma_copy_to_shared(t.local, src, nbytes);
    return;
  }
  CompletionCounter done{0};
  if (t.xport)
    rma_put(t.jobrank, dest, src, nbytes, &done, nullptr, false, t.ep);
  else
    gex::extended::put(t.jobrank, dest, src, nbytes, &done, false, t.ep);
  gex::diag::Scope diag_wait(gex::diag::Op::WaitRma, t.jobrank, nbytes);
  wait_counter(done);
}

void get_blocking(const char *call, gex_TM_t tm, void *dest, gex_Rank_t rank, const void *src, size_t nbytes) {
  Target t = target(call, tm, rank, src, nbytes);
  gex::diag::Scope diag_scope(gex::diag::Op::GetBlocking, t.jobrank, nbytes);
  if (__builtin_expect(t.device, 0)) return device_get(t, dest, src, nbytes);
  if (!t.am) {
    rma_copy_from_shared(dest, t.local, nbytes);
    return;
  }
  CompletionCounter done{0};
  if (t.xport)
    rma_get(t.jobrank, dest, src, nbytes, &done, false, t.ep);
  else
    gex::extended::get(t.jobrank, dest, src, nbytes, &done, false);
  gex::diag::Scope diag_wait(gex::diag::Op::WaitRma, t.jobrank, nbytes);
  wait_counter(done);
}

gex_Event_t put_nb(const char *call, gex_TM_t tm, gex_Rank_t rank, void *dest, const void *src, size_t nbytes,
                   gex_Event_t *lc_opt, gex_Flags_t flags) {
  Target t = target(call, tm, rank, dest, nbytes);
  gex::diag::Scope diag_scope(gex::diag::Op::PutNB, t.jobrank, nbytes);
  if (__builtin_expect(t.device, 0)) {
    device_put(t, dest, src, nbytes);
    lc_complete_now(lc_opt);
    return GEX_EVENT_INVALID;
  }
  if (!t.am) {
    rma_copy_to_shared(t.local, src, nbytes);
    lc_complete_now(lc_opt);
    return GEX_EVENT_INVALID;
  }
  gexi_Event *ev = event_alloc();
  if (t.xport) {
    if (!transport_put(t, dest, src, nbytes, &ev->pending, lc_opt, flags & GEX_FLAG_IMMEDIATE)) {
      event_release(ev);
      return GEX_EVENT_NO_OP;
    }
    return ev;
  }
  if (!gex::extended::put(t.jobrank, dest, src, nbytes, &ev->pending, flags & GEX_FLAG_IMMEDIATE, t.ep)) {
    event_release(ev);
    return GEX_EVENT_NO_OP;
  }
  lc_complete_now(lc_opt);  // the AM layer copied or placed the payload before returning
  return ev;
}

gex_Event_t get_nb(const char *call, gex_TM_t tm, void *dest, gex_Rank_t rank, const void *src, size_t nbytes,
                   gex_Flags_t flags) {
  Target t = target(call, tm, rank, src, nbytes);
  gex::diag::Scope diag_scope(gex::diag::Op::GetNB, t.jobrank, nbytes);
  if (__builtin_expect(t.device, 0)) {
    device_get(t, dest, src, nbytes);
    return GEX_EVENT_INVALID;
  }
  if (!t.am) {
    rma_copy_from_shared(dest, t.local, nbytes);
    return GEX_EVENT_INVALID;
  }
  gexi_Event *ev = event_alloc();
  const bool sent = t.xport ? rma_get(t.jobrank, dest, src, nbytes, &ev->pending, flags & GEX_FLAG_IMMEDIATE, t.ep)
                            : gex::extended::get(t.jobrank, dest, src, nbytes, &ev->pending, flags & GEX_FLAG_IMMEDIATE);
  if (!sent) {
    event_release(ev);
    return GEX_EVENT_NO_OP;
  }
  return ev;
}

int put_nbi(const char *call, gex_TM_t tm, gex_Rank_t rank, void *dest, const void *src, size_t nbytes,
            gex_Event_t *lc_opt, gex_Flags_t flags) {
  Target t = target(call, tm, rank, dest, nbytes);
  gex::diag::Scope diag_scope(gex::diag::Op::PutNBI, t.jobrank, nbytes);
  if (__builtin_expect(t.device, 0)) {
    device_put(t, dest, src, nbytes);
  } else if (!t.am) {
    rma_copy_to_shared(t.local, src, nbytes);
  } else if (t.xport) {
    return transport_put(t, dest, src, nbytes, nbi_counter(kEcPut), lc_opt, flags & GEX_FLAG_IMMEDIATE) ? 0 : 1;
  } else if (!gex::extended::put(t.jobrank, dest, src, nbytes, nbi_counter(kEcPut), flags & GEX_FLAG_IMMEDIATE, t.ep)) {
    return 1;
  }
  lc_complete_now(lc_opt);
  return 0;
}

int get_nbi(const char *call, gex_TM_t tm, void *dest, gex_Rank_t rank, const void *src, size_t nbytes, gex_Flags_t flags) {
  Target t = target(call, tm, rank, src, nbytes);
  gex::diag::Scope diag_scope(gex::diag::Op::GetNBI, t.jobrank, nbytes);
  if (__builtin_expect(t.device, 0)) {
    device_get(t, dest, src, nbytes);
    return 0;
  }
  if (!t.am) {
    rma_copy_from_shared(dest, t.local, nbytes);
    return 0;
  }
  const bool immediate = flags & GEX_FLAG_IMMEDIATE;
  if (t.xport) return rma_get(t.jobrank, dest, src, nbytes, nbi_counter(kEcGet), immediate, t.ep) ? 0 : 1;
  return gex::extended::get(t.jobrank, dest, src, nbytes, nbi_counter(kEcGet), immediate) ? 0 : 1;
}

}  // namespace

extern "C" {

int gex_RMA_PutBlocking(gex_TM_t tm, gex_Rank_t rank, void *dest, const void *src, size_t nbytes, gex_Flags_t) {
  put_blocking("gex_RMA_PutBlocking", tm, rank, dest, src, nbytes);
  return 0;
}

int gex_RMA_PutNBI(gex_TM_t tm, gex_Rank_t rank, void *dest, const void *src, size_t nbytes, gex_Event_t *lc_opt,
                   gex_Flags_t flags) {
  return put_nbi("gex_RMA_PutNBI", tm, rank, dest, src, nbytes, lc_opt, flags);
}

gex_Event_t gex_RMA_PutNB(gex_TM_t tm, gex_Rank_t rank, void *dest, const void *src, size_t nbytes, gex_Event_t *lc_opt,
                          gex_Flags_t flags) {
  return put_nb("gex_RMA_PutNB", tm, rank, dest, src, nbytes, lc_opt, flags);
}

int gex_RMA_GetBlocking(gex_TM_t tm, void *dest, gex_Rank_t rank, void *src, size_t nbytes, gex_Flags_t) {
  get_blocking("gex_RMA_GetBlocking", tm, dest, rank, src, nbytes);
  return 0;
}

int gex_RMA_GetNBI(gex_TM_t tm, void *dest, gex_Rank_t rank, void *src, size_t nbytes, gex_Flags_t flags) {
  return get_nbi("gex_RMA_GetNBI", tm, dest, rank, src, nbytes, flags);
}

gex_Event_t gex_RMA_GetNB(gex_TM_t tm, void *dest, gex_Rank_t rank, void *src, size_t nbytes, gex_Flags_t flags) {
  return get_nb("gex_RMA_GetNB", tm, dest, rank, src, nbytes, flags);
}

gex_RMA_Value_t gex_RMA_GetBlockingVal(gex_TM_t tm, gex_Rank_t rank, void *src, size_t nbytes, gex_Flags_t) {
  const char *call = "gex_RMA_GetBlockingVal";
  check_value_size(nbytes, call);
  gex_RMA_Value_t v = 0;  // little endian: the low-order bytes hold the nbytes-wide integer
  get_blocking(call, tm, &v, rank, src, nbytes);
  return v;
}

int gex_RMA_PutBlockingVal(gex_TM_t tm, gex_Rank_t rank, void *dest, gex_RMA_Value_t value, size_t nbytes, gex_Flags_t) {
  const char *call = "gex_RMA_PutBlockingVal";
  check_value_size(nbytes, call);
  put_blocking(call, tm, rank, dest, &value, nbytes);
  return 0;
}

// The value lives on this stack frame: GEX_EVENT_NOW makes the initiation consume it.
int gex_RMA_PutNBIVal(gex_TM_t tm, gex_Rank_t rank, void *dest, gex_RMA_Value_t value, size_t nbytes, gex_Flags_t flags) {
  const char *call = "gex_RMA_PutNBIVal";
  check_value_size(nbytes, call);
  return put_nbi(call, tm, rank, dest, &value, nbytes, GEX_EVENT_NOW, flags);
}

gex_Event_t gex_RMA_PutNBVal(gex_TM_t tm, gex_Rank_t rank, void *dest, gex_RMA_Value_t value, size_t nbytes,
                             gex_Flags_t flags) {
  const char *call = "gex_RMA_PutNBVal";
  check_value_size(nbytes, call);
  return put_nb(call, tm, rank, dest, &value, nbytes, GEX_EVENT_NOW, flags);
}

}  // extern "C"
