// Active Messages: registration, fixed- and negotiated-payload injection, limits, tokens.
#include <cstdio>
#include <cstring>
#include <new>
#include <utility>

#include "diag/diag.h"
#include "runtime/handler_call.h"
#include "runtime/idle_poll.h"
#include "runtime/runtime.h"
#include "runtime/thread_reaper.h"

using namespace gex::runtime;
using gex::transport::AmCategory;
using gex::transport::AmMessage;

namespace {

// This thread's GASNet-allocated NPAM buffer (ThreadState::srcdesc.buffer), freed when the thread
// ends (armed at its first allocation: thread_reaper.h).
void free_npam_buffer() noexcept {
  delete[] std::exchange(t_thread.srcdesc.buffer, nullptr);
  t_thread.srcdesc.buffer_size = 0;
}

[[noreturn]] void not_am_capable_fatal(const gexi_EP *ep) {
  usage_fatal("gex_AM_*", "the local endpoint (index " + std::to_string(ep->index) +
                              ") was created without GEX_EP_CAPABILITY_AM");
}

// A GASNet-allocated NPAM buffer: Medium uses its maximum, Long this much.
constexpr size_t kNpamLongAlloc = size_t(1) << 20;

// The checks on every injection are a compare in line; the messages are built out of line (in
// line, GCC kept each check a call of its own with a frame for the strings).
[[noreturn, gnu::cold, gnu::noinline]] void nargs_fatal(const char *call, unsigned nargs) {
  usage_fatal(call, "nargs=" + std::to_string(nargs) + " exceeds gex_AM_MaxArgs()=16");
}
[[gnu::always_inline]] inline void check_nargs(const char *call, unsigned nargs) {
  if (__builtin_expect(nargs > gex::transport::kMaxArgs, 0)) nargs_fatal(call, nargs);
}

// Indices below GEX_AM_INDEX_BASE belong to the library's own handlers, which write where their
// arguments point: a client may never send to them (checked in every build).
[[noreturn, gnu::cold, gnu::noinline]] void client_handler_fatal(const char *call, gex_AM_Index_t handler) {
  usage_fatal(call, "handler=" + std::to_string(handler) + " is below GEX_AM_INDEX_BASE=" +
                        std::to_string(GEX_AM_INDEX_BASE) + " (indices 0.." + std::to_string(GEX_AM_INDEX_BASE - 1) +
                        " belong to the library)");
}
[[gnu::always_inline]] inline void check_client_handler(const char *call, gex_AM_Index_t handler) {
  if (__builtin_expect(handler < GEX_AM_INDEX_BASE, 0)) client_handler_fatal(call, handler);
}

[[noreturn, gnu::cold, gnu::noinline]] void payload_fatal(const char *call, size_t nbytes, size_t max, const char *limit_name) {
  usage_fatal(call, "nbytes=" + std::to_string(nbytes) + " exceeds " + limit_name + "=" + std::to_string(max));
}
[[gnu::always_inline]] inline void check_payload(const char *call, size_t nbytes, size_t max, const char *limit_name) {
  if (__builtin_expect(nbytes > max, 0)) payload_fatal(call, nbytes, max, limit_name);
}

inline void check_lc_opt(const char *call, gex_Event_t *lc_opt, bool reply) {
#ifdef GASNET_DEBUG
  if (lc_opt == GEX_EVENT_DEFER) usage_fatal(call, "lc_opt=GEX_EVENT_DEFER is not allowed for Active Messages");
  if (reply && lc_opt == GEX_EVENT_GROUP) usage_fatal(call, "lc_opt=GEX_EVENT_GROUP is not allowed for a Reply");
  if (!lc_opt) usage_fatal(call, "lc_opt is NULL");
#else
  (void)call, (void)lc_opt, (void)reply;
#endif
}

// Sends without a local-completion option: the payload is the caller's again on return.
inline int send(gex_Rank_t dest, const AmMessage &m, gex_Flags_t flags) {
  return send_am(dest, m, flags & GEX_FLAG_IMMEDIATE) == SendOutcome::NotSent;
}

// Sends with the client's lc_opt: GEX_EVENT_NOW waits for local completion here; an event
// pointer gets an event the transport completes (GEX_EVENT_INVALID when it already is);
// GEX_EVENT_GROUP counts on this thread's NBI AM/LC counter.
int send_lc(gex_Rank_t dest, const AmMessage &m, gex_Flags_t flags, gex_Event_t *lc_opt) {
  const bool immediate = flags & GEX_FLAG_IMMEDIATE;
  if (lc_opt == GEX_EVENT_NOW) return send(dest, m, flags);
  if (lc_opt == GEX_EVENT_GROUP) return send_am(dest, m, immediate, nbi_counter(kEcAmLc)) == SendOutcome::NotSent;
  gexi_Event *ev = event_alloc();
  const SendOutcome o = send_am(dest, m, immediate, &ev->pending);
  if (o == SendOutcome::LcPending) {
    *lc_opt = ev;
    return 0;
  }
  event_release(ev);
  if (o == SendOutcome::NotSent) return 1;
  *lc_opt = GEX_EVENT_INVALID;
  return 0;
}

// ---- loopback: a client AM to this process's own rank -------------------------------------------
// Runs its handler here, inside the injection call, on the calling thread, as GASNet-EX does
// (gasnetc_loopback_ReqRepGeneric, taken by its PSHM path whenever the target is the caller's
// own rank), instead of queueing it for this rank's next poll. A thread waiting for a flag that
// an AM to its own rank sets (GASNet's testcontend) then needs no poll from anyone, and so
// blocking RMA to a neighbour never has to poll (docs/spec-decisions.md, row 13). The runtime's
// own services keep the queue (am_request/am_reply below): their handlers may take locks that
// the sender holds. Local completion is at once.

// A Medium handler may write into its payload, so it gets a copy. One buffer per thread for a
// Request and one for a Reply (a Request handler's Reply to this rank runs while the Request's
// payload is in use); a handler that sends a Request of its own (a debug build refuses that)
// gets a fresh one.
struct LoopbackBuffers {
  char *buf[2];  // [is_request]
  bool live[2];
};
// constinit and trivially destructible: a plain TLS access; the buffers are freed when the thread
// ends (armed at the first allocation: thread_reaper.h).
thread_local constinit LoopbackBuffers loopback_buffers{};
void free_loopback_buffers() noexcept {
  for (char *&b : loopback_buffers.buf) ::operator delete[](std::exchange(b, nullptr), std::align_val_t{64});
}

[[gnu::cold]] char *loopback_alloc() {
  return static_cast<char *>(::operator new[](am_limits(g_rt.rank).max_medium, std::align_val_t{64}));
}

// A loopback Long's payload, placed at its destination (an address of this process: the segment
// check passed in the caller) before its handler runs.
inline void place_loopback_long(const AmMessage &m) {
  if (m.nbytes && m.dest_addr != m.payload) std::memcpy(m.dest_addr, m.payload, m.nbytes);
}

// Any loopback AM with statistics or tracing on, and a Medium whose buffer is not at hand (the
// thread's first, or one a handler's own Request to this rank finds in use). Out of line and
// cold: client_send keeps the common case in line (run_loopback_fast).
[[gnu::noinline, gnu::cold]] void run_loopback(const AmMessage &m) {
  if (gex::diag::on()) gex::diag::record_send(g_rt.rank, m, true, gex::diag::now_ns());
  if (m.category == AmCategory::Short) return deliver_am(m);
  if (m.category == AmCategory::Long) {
    place_loopback_long(m);
    return deliver_am(m, m.dest_addr);
  }
  LoopbackBuffers &lb = loopback_buffers;
  const int r = m.is_request ? 1 : 0;
  char *b;
  const bool own = !lb.live[r];
  if (__builtin_expect(own, 1)) {
    if (__builtin_expect(!lb.buf[r], 0)) {
      lb.buf[r] = loopback_alloc();
      arm_thread_reaper<free_loopback_buffers>();
    }
    b = lb.buf[r];
    lb.live[r] = true;
  } else {
    b = loopback_alloc();
  }
  if (m.nbytes) std::memcpy(b, m.payload, m.nbytes);
  struct Release {  // also when the handler unwinds (a C++ client's exception)
    LoopbackBuffers &lb;
    char *b;
    int r;
    bool own;
    ~Release() {
      if (own) lb.live[r] = false;
      else ::operator delete[](b, std::align_val_t{64});
    }
  } release{lb, b, r, own};
  deliver_am(m, b);
}

// A client AM to this rank with diagnostics off: the handler runs here, in line in the injection
// call (run_handler, handler_call.h), and a Medium's payload is copied into the thread's buffer.
// 507 -> 404 instructions a loopback Medium round trip (bench/report/issue16_vs_gasnet.md).
[[gnu::always_inline]] inline void run_loopback_fast(const AmMessage &m) {
  if (m.category == AmCategory::Short) return run_handler<true>(m, nullptr);
  if (m.category == AmCategory::Long) {
    place_loopback_long(m);
    return run_handler<true>(m, m.dest_addr);
  }
  LoopbackBuffers &lb = loopback_buffers;
  const int r = m.is_request ? 1 : 0;
  char *const b = lb.buf[r];
  if (__builtin_expect(!b || lb.live[r], 0)) return run_loopback(m);
  lb.live[r] = true;
  if (m.nbytes) std::memcpy(b, m.payload, m.nbytes);
  struct Release {  // also when the handler unwinds (a C++ client's exception)
    int r;
    ~Release() { loopback_buffers.live[r] = false; }
  } release{r};
  run_handler<true>(m, b);
}

// Sends a client message (gex_AM_Request*/Reply*, a Commit): to this rank, runs it here.
[[gnu::always_inline]] inline int client_send(gex_Rank_t dest, const AmMessage &m, gex_Flags_t flags,
                                              gex_Event_t *lc_opt) {
  if (__builtin_expect(dest != g_rt.rank, 1)) return send_lc(dest, m, flags, lc_opt);
  if (__builtin_expect(gex::diag::on(), 0)) run_loopback(m);
  else run_loopback_fast(m);
  if (lc_opt != GEX_EVENT_NOW && lc_opt != GEX_EVENT_GROUP) *lc_opt = GEX_EVENT_INVALID;
  return 0;
}

// The endpoint indices a TM names (runtime.h). The local endpoint must have the AM capability
// (every primordial endpoint has; a created one only when asked for).
inline uint16_t local_ep_index(gex_TM_t tm) {
  const gexi_EP *ep = local_ep_of(tm);
  if (__builtin_expect(!(ep->capabilities & GEX_EP_CAPABILITY_AM), 0)) not_am_capable_fatal(ep);
  return uint16_t(ep->index);
}
inline uint16_t remote_ep_index(gex_TM_t tm) { return remote_ep_of(tm); }

// The requester's Long destination must lie in the receiver's segment (the payload is copied
// there by the initiator), so this check guards memory and stays on in every build. With no
// payload any dest_addr is legal (spec NOTE 5), even when the receiver has no segment.
// Returns where dest_addr is mapped here (the transport may copy the payload itself).
inline void *check_long_dest(const char *call, gex_Rank_t dest, uint16_t dest_ep, void *dest_addr, size_t nbytes) {
  const PeerSegment &seg = g_rt.segments.at(dest, dest_ep);
  if (!nbytes) return nullptr;
  if (__builtin_expect(seg.device, 0))
    usage_fatal(call, "the destination endpoint's bound segment is device memory, which an AM Long cannot target "
                      "(move device data with gex_RMA_*)");
  if (__builtin_expect(!seg.contains(dest_addr, nbytes), 0)) segment_range_fatal(call, dest, dest_addr, nbytes, dest_ep);
  return seg.local_base ? seg.local_base + (static_cast<char *>(dest_addr) - seg.owner_base) : nullptr;
}

// An IMMEDIATE no-op sent nothing, so the handler may still reply. `client`: a client Reply
// (client_send: to this rank it runs here).
inline int send_reply(gexi_Token *t, const AmMessage &m, gex_Flags_t flags, gex_Event_t *lc_opt = GEX_EVENT_NOW,
                      bool client = false) {
  if (!(client ? client_send(t->src, m, flags, lc_opt) : send_lc(t->src, m, flags, lc_opt))) return 0;
  t->replied = false;
  return 1;
}

// A Reply is legal only from the Request handler that owns `token`, at most once. The test is in
// line (every Reply makes it), the message out of line.
[[noreturn, gnu::cold, gnu::noinline]] void reply_token_fatal(gex_Token_t token, const char *call) {
  const ThreadState &t = t_thread;
  if (!token || t.token != token)
    usage_fatal(call, "called outside the Request handler that received this token (a Reply is only legal from a Request handler)");
  if (!token->is_request) usage_fatal(call, "called from a Reply handler (a Reply is only legal from a Request handler)");
  if (token->replied) usage_fatal(call, "a Request handler may send at most one Reply");
  usage_fatal(call, "called while holding an HSL");
}
[[gnu::always_inline]] inline gexi_Token *reply_token(gex_Token_t token, const char *call) {
  const ThreadState &t = t_thread;
  if (__builtin_expect(!token || t.token != token || !token->is_request || token->replied || t.hsl_held != 0, 0))
    reply_token_fatal(token, call);
  token->replied = true;
  return token;
}

// Every AM this rank sends, client or internal, Short (no payload) or Medium/Long.
AmMessage message(AmCategory c, bool req, gex_AM_Index_t h, unsigned nargs, const gex_AM_Arg_t *args,
                  uint16_t src_ep, uint16_t dest_ep, const void *payload = nullptr, size_t nbytes = 0,
                  void *dest_addr = nullptr, void *dest_local = nullptr) {
  AmMessage m;
  m.category = c;
  m.is_request = req;
  m.handler = h;
  m.nargs = uint8_t(nargs);
  m.src_ep = src_ep;
  m.dest_ep = dest_ep;
  m.src_jobrank = g_rt.rank;
  m.nbytes = uint32_t(nbytes);
  m.dest_addr = dest_addr;
  m.dest_local = dest_local;
  m.payload = payload;
  m.args = args;
  return m;
}
// A Reply goes back to the endpoint the Request came from.
inline uint16_t reply_src_ep(const gexi_Token *t) { return uint16_t(t->ep ? t->ep->index : 0); }

}  // namespace

extern "C" {

// ---- registration -------------------------------------------------------------------------------
int gex_EP_RegisterHandlers(gex_EP_t ep, gex_AM_Entry_t *table, size_t numentries) {
  const char *call = "gex_EP_RegisterHandlers";
  require_init(call);
  if (!ep) usage_fatal(call, "ep is GEX_EP_INVALID");
  if (numentries && !table) usage_fatal(call, "table is NULL with numentries > 0");
  const gex_Flags_t cats = GEX_FLAG_AM_SHORT | GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_LONG;
  const gex_Flags_t dirs = GEX_FLAG_AM_REQUEST | GEX_FLAG_AM_REPLY;
  for (size_t i = 0; i < numentries; ++i) {
    const gex_AM_Entry_t &e = table[i];
    std::string which = "table[" + std::to_string(i) + "]" + (e.gex_name ? std::string(" (") + e.gex_name + ")" : "");
    if (!e.gex_fnptr) return usage_error(GASNET_ERR_BAD_ARG, call, which + ": gex_fnptr is NULL");
    if (!(e.gex_flags & cats) || !(e.gex_flags & dirs))
      return usage_error(GASNET_ERR_BAD_ARG, call, which + ": gex_flags needs one of GEX_FLAG_AM_{SHORT,MEDIUM,LONG,MEDLONG} and one of GEX_FLAG_AM_{REQUEST,REPLY,REQREP}");
    if (e.gex_nargs > gex::transport::kMaxArgs)
      return usage_error(GASNET_ERR_BAD_ARG, call, which + ": gex_nargs=" + std::to_string(e.gex_nargs) + " exceeds gex_AM_MaxArgs()=16");
    if (e.gex_index != 0 && e.gex_index < GEX_AM_INDEX_BASE)
      return usage_error(GASNET_ERR_BAD_ARG, call, which + ": gex_index=" + std::to_string(e.gex_index) + " is below GEX_AM_INDEX_BASE=" + std::to_string(GEX_AM_INDEX_BASE));
  }
  // Fixed indices first; then index-0 entries, in table order, take the highest free index.
  for (size_t i = 0; i < numentries; ++i) {
    gex_AM_Entry_t &e = table[i];
    if (!e.gex_index) continue;
    HandlerSlot &slot = ep->handlers[e.gex_index];
    if (slot.registered)
      return usage_error(GASNET_ERR_BAD_ARG, call, "table[" + std::to_string(i) + "]: handler index " + std::to_string(e.gex_index) + " is already registered");
    slot.entry = e;
    slot.registered = true;
  }
  for (size_t i = 0; i < numentries; ++i) {
    gex_AM_Entry_t &e = table[i];
    if (e.gex_index) continue;
    int idx = 255;
    while (idx >= GEX_AM_INDEX_BASE && ep->handlers[idx].registered) --idx;
    if (idx < GEX_AM_INDEX_BASE)
      return usage_error(GASNET_ERR_RESOURCE, call, "no free handler index left for table[" + std::to_string(i) + "]");
    e.gex_index = gex_AM_Index_t(idx);
    ep->handlers[idx].entry = e;
    ep->handlers[idx].registered = true;
  }
  return GASNET_OK;
}

// ---- fixed-payload injection ----------------------------------------------------------------------
int gexi_AM_RequestShort(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, gex_Flags_t flags, unsigned int nargs,
                         const gex_AM_Arg_t *args) {
  const char *call = "gex_AM_RequestShort";
  check_may_communicate(call);
  check_client_handler(call, handler);
  check_nargs(call, nargs);
  gex_Rank_t dest = jobrank_of(tm, rank, call);
  return client_send(dest, message(AmCategory::Short, true, handler, nargs, args, local_ep_index(tm), remote_ep_index(tm)),
                     flags, GEX_EVENT_NOW);
}

int gexi_AM_RequestMedium(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes,
                          gex_Event_t *lc_opt, gex_Flags_t flags, unsigned int nargs, const gex_AM_Arg_t *args) {
  const char *call = "gex_AM_RequestMedium";
  check_may_communicate(call);
  check_client_handler(call, handler);
  check_nargs(call, nargs);
  check_lc_opt(call, lc_opt, false);
  gex_Rank_t dest = jobrank_of(tm, rank, call);
  check_payload(call, nbytes, am_limits(dest).max_medium, "gex_AM_MaxRequestMedium()");
  AmMessage m = message(AmCategory::Medium, true, handler, nargs, args, local_ep_index(tm), remote_ep_index(tm),
                        source_addr, nbytes);
  return client_send(dest, m, flags, lc_opt);
}

int gexi_AM_RequestLong(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes,
                        void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, unsigned int nargs,
                        const gex_AM_Arg_t *args) {
  const char *call = "gex_AM_RequestLong";
  check_may_communicate(call);
  check_client_handler(call, handler);
  check_nargs(call, nargs);
  check_lc_opt(call, lc_opt, false);
  gex_Rank_t dest = jobrank_of(tm, rank, call);
  check_payload(call, nbytes, am_limits(dest).max_long, "gex_AM_MaxRequestLong()");
  const uint16_t dest_ep = remote_ep_index(tm);
  void *local = check_long_dest(call, dest, dest_ep, dest_addr, nbytes);
  AmMessage m = message(AmCategory::Long, true, handler, nargs, args, local_ep_index(tm), dest_ep, source_addr, nbytes,
                        dest_addr, local);
  m.early_payload = !(flags & GEX_FLAG_IMMEDIATE);
  return client_send(dest, m, flags, lc_opt);
}

int gexi_AM_ReplyShort(gex_Token_t token, gex_AM_Index_t handler, gex_Flags_t flags, unsigned int nargs,
                       const gex_AM_Arg_t *args) {
  const char *call = "gex_AM_ReplyShort";
  check_client_handler(call, handler);
  check_nargs(call, nargs);
  gexi_Token *t = reply_token(token, call);
  return send_reply(t, message(AmCategory::Short, false, handler, nargs, args, reply_src_ep(t), t->src_ep), flags,
                    GEX_EVENT_NOW, true);
}

int gexi_AM_ReplyMedium(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes,
                        gex_Event_t *lc_opt, gex_Flags_t flags, unsigned int nargs, const gex_AM_Arg_t *args) {
  const char *call = "gex_AM_ReplyMedium";
  check_client_handler(call, handler);
  check_nargs(call, nargs);
  check_lc_opt(call, lc_opt, true);
  gexi_Token *t = reply_token(token, call);
  check_payload(call, nbytes, am_limits(t->src).max_medium, "gex_AM_MaxReplyMedium()");
  AmMessage m = message(AmCategory::Medium, false, handler, nargs, args, reply_src_ep(t), t->src_ep, source_addr, nbytes);
  return send_reply(t, m, flags, lc_opt, true);
}

int gexi_AM_ReplyLong(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr,
                      gex_Event_t *lc_opt, gex_Flags_t flags, unsigned int nargs, const gex_AM_Arg_t *args) {
  const char *call = "gex_AM_ReplyLong";
  check_client_handler(call, handler);
  check_nargs(call, nargs);
  check_lc_opt(call, lc_opt, true);
  gexi_Token *t = reply_token(token, call);
  check_payload(call, nbytes, am_limits(t->src).max_long, "gex_AM_MaxReplyLong()");
  void *local = check_long_dest(call, t->src, t->src_ep, dest_addr, nbytes);
  AmMessage m = message(AmCategory::Long, false, handler, nargs, args, reply_src_ep(t), t->src_ep, source_addr, nbytes,
                        dest_addr, local);
  m.early_payload = !(flags & GEX_FLAG_IMMEDIATE);
  return send_reply(t, m, flags, lc_opt, true);
}

// ---- limits ---------------------------------------------------------------------------------------
// From the route to the peer (rank GEX_RANK_INVALID or no tm: the least upper bound over every
// route). Stable for the job, independent of nargs and lc_opt, so symmetric and non-increasing.
unsigned int gex_AM_MaxArgs(void) { return gex::transport::kMaxArgs; }

static const gex::transport::AmLimits &limits_for(gex_TM_t tm, gex_Rank_t rank, const char *call) {
  require_init(call);
  if (!tm || rank == GEX_RANK_INVALID) return g_rt.am_lub;
  return am_limits(jobrank_of(tm, rank, call));
}
static size_t max_long_for(const gex::transport::AmLimits &l, gex_Flags_t flags) {
  return (flags & GEX_FLAG_AM_PREPARE_LEAST_ALLOC) && kNpamLongAlloc < l.max_long ? kNpamLongAlloc : l.max_long;
}

size_t gex_AM_MaxRequestLong(gex_TM_t tm, gex_Rank_t rank, const gex_Event_t *, gex_Flags_t flags, unsigned int) {
  return max_long_for(limits_for(tm, rank, "gex_AM_MaxRequestLong"), flags);
}
size_t gex_AM_MaxReplyLong(gex_TM_t tm, gex_Rank_t rank, const gex_Event_t *, gex_Flags_t flags, unsigned int) {
  return max_long_for(limits_for(tm, rank, "gex_AM_MaxReplyLong"), flags);
}
size_t gex_AM_MaxRequestMedium(gex_TM_t tm, gex_Rank_t rank, const gex_Event_t *, gex_Flags_t, unsigned int) {
  return limits_for(tm, rank, "gex_AM_MaxRequestMedium").max_medium;
}
size_t gex_AM_MaxReplyMedium(gex_TM_t tm, gex_Rank_t rank, const gex_Event_t *, gex_Flags_t, unsigned int) {
  return limits_for(tm, rank, "gex_AM_MaxReplyMedium").max_medium;
}
size_t gex_Token_MaxReplyLong(gex_Token_t token, const gex_Event_t *, gex_Flags_t flags, unsigned int) {
  return max_long_for(am_limits(token->src), flags);
}
size_t gex_Token_MaxReplyMedium(gex_Token_t token, const gex_Event_t *, gex_Flags_t, unsigned int) {
  return am_limits(token->src).max_medium;
}
size_t gex_AM_LUBRequestLong(void) { return g_rt.am_lub.max_long; }
size_t gex_AM_LUBReplyLong(void) { return g_rt.am_lub.max_long; }
size_t gex_AM_LUBRequestMedium(void) { return g_rt.am_lub.max_medium; }
size_t gex_AM_LUBReplyMedium(void) { return g_rt.am_lub.max_medium; }

gex_TI_t gex_Token_Info(gex_Token_t token, gex_Token_Info_t *info, gex_TI_t mask) {
  (void)mask;  // every query is cheap: answer all of them
  if (!token || !info) usage_fatal("gex_Token_Info", "token and info must not be NULL");
  info->gex_srcrank = token->src;
  info->gex_ep = token->ep ? token->ep : g_rt.client->ep;  // the runtime's own handlers: the primordial EP
  info->gex_entry = token->entry;
  info->gex_is_req = token->is_request;
  info->gex_is_long = token->is_long;
  return GEX_TI_ALL;
}

// ---- negotiated payload -----------------------------------------------------------------------------
static gex_AM_SrcDesc_t prepare(const char *call, bool req, bool is_long, gex_Rank_t dest, uint16_t src_ep,
                                uint16_t dest_ep, gexi_Token *token, const void *client_buf, size_t least, size_t most,
                                void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, unsigned nargs) {
  check_nargs(call, nargs);
  if (most < least) usage_fatal(call, "most_payload=" + std::to_string(most) + " is less than least_payload=" + std::to_string(least));
  gexi_SrcDesc &sd = t_thread.srcdesc;
  if (sd.active) usage_fatal(call, "a previous Prepare on this thread has not been committed (Prepare/Commit do not nest)");
  const gex::transport::AmLimits &limits = am_limits(dest);
  size_t max = is_long ? (client_buf ? limits.max_long : max_long_for(limits, GEX_FLAG_AM_PREPARE_LEAST_ALLOC))
                       : limits.max_medium;
  if (least > max) usage_fatal(call, "least_payload=" + std::to_string(least) + " exceeds the maximum " + std::to_string(max));
  if (!client_buf && lc_opt) usage_fatal(call, "lc_opt must be NULL when client_buf is NULL");
  if (client_buf) check_lc_opt(call, lc_opt, !req);
  sd.size = most < max ? most : max;
  sd.client_buf = client_buf != nullptr;
  sd.reserved = false;
  if (client_buf) {
    sd.addr = const_cast<void *>(client_buf);
  } else if (!is_long && g_rt.thread_mode != 1 && dest != g_rt.rank) {
    // The payload is written straight into the transport's ring. Not for PARSYNC clients:
    // another thread may send between this Prepare and its Commit, and the reservation would
    // hold the ring against it; nor to this rank (the Commit runs the handler: loopback).
    gex::transport::Transport *t = g_rt.routes[dest].am;
    // No room now: IMMEDIATE declines, otherwise wait like any sender (this thread holds nothing
    // yet, so it may poll).
    while (!(sd.addr = t->reserve_medium(dest, req, nargs, sd.size))) {
      // A dead peer's queue never drains (fault-tolerant jobs): take the buffer below, and the
      // Commit's send drops the message (send_am).
      if (gex::bootstrap::failed_rank_count() != 0 && gex::bootstrap::rank_failed(dest)) break;
      if (flags & GEX_FLAG_IMMEDIATE) return GEX_AM_SRCDESC_NO_OP;
      wait_for_send_room(!req || t_thread.handler_depth != 0);
    }
    sd.reserved = sd.addr != nullptr;
  }
  if (!sd.client_buf && !sd.reserved) {
    if (sd.buffer_size < sd.size) {
      delete[] sd.buffer;
      sd.buffer = new char[max];
      sd.buffer_size = max;
      arm_thread_reaper<free_npam_buffer>();
    }
    sd.addr = sd.buffer;
  }
  sd.active = true;
  sd.is_request = req;
  sd.is_long = is_long;
  sd.dest = dest;
  sd.src_ep = src_ep;
  sd.dest_ep = dest_ep;
  sd.token = token;
  sd.dest_addr = dest_addr;
  sd.lc_opt = lc_opt;
  sd.flags = flags;
  sd.nargs = nargs;
  t_thread.in_prepare = true;
  return &sd;
}

void *gex_AM_SrcDescAddr(gex_AM_SrcDesc_t sd) { return sd->addr; }
size_t gex_AM_SrcDescSize(gex_AM_SrcDesc_t sd) { return sd->size; }

gex_AM_SrcDesc_t gex_AM_PrepareRequestMedium(gex_TM_t tm, gex_Rank_t rank, const void *client_buf, size_t least_payload,
                                             size_t most_payload, gex_Event_t *lc_opt, gex_Flags_t flags, unsigned int numargs) {
  const char *call = "gex_AM_PrepareRequestMedium";
  check_may_communicate(call);
  return prepare(call, true, false, jobrank_of(tm, rank, call), local_ep_index(tm), remote_ep_index(tm), nullptr,
                 client_buf, least_payload, most_payload, nullptr, lc_opt, flags, numargs);
}

gex_AM_SrcDesc_t gex_AM_PrepareRequestLong(gex_TM_t tm, gex_Rank_t rank, const void *client_buf, size_t least_payload,
                                           size_t most_payload, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags,
                                           unsigned int numargs) {
  const char *call = "gex_AM_PrepareRequestLong";
  check_may_communicate(call);
  return prepare(call, true, true, jobrank_of(tm, rank, call), local_ep_index(tm), remote_ep_index(tm), nullptr,
                 client_buf, least_payload, most_payload, dest_addr, lc_opt, flags, numargs);
}

gex_AM_SrcDesc_t gex_AM_PrepareReplyMedium(gex_Token_t token, const void *client_buf, size_t least_payload,
                                           size_t most_payload, gex_Event_t *lc_opt, gex_Flags_t flags, unsigned int numargs) {
  const char *call = "gex_AM_PrepareReplyMedium";
  gexi_Token *t = reply_token(token, call);
  gex_AM_SrcDesc_t sd =
      prepare(call, false, false, t->src, reply_src_ep(t), t->src_ep, t, client_buf, least_payload, most_payload, nullptr,
              lc_opt, flags, numargs);
  if (sd == GEX_AM_SRCDESC_NO_OP) t->replied = false;  // nothing was sent: the handler may still reply
  return sd;
}

gex_AM_SrcDesc_t gex_AM_PrepareReplyLong(gex_Token_t token, const void *client_buf, size_t least_payload,
                                         size_t most_payload, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags,
                                         unsigned int numargs) {
  const char *call = "gex_AM_PrepareReplyLong";
  gexi_Token *t = reply_token(token, call);
  return prepare(call, false, true, t->src, reply_src_ep(t), t->src_ep, t, client_buf, least_payload, most_payload,
                 dest_addr, lc_opt, flags, numargs);
}

// The pending SrcDesc of this thread, checked against the form of the Commit or Cancel call.
static gexi_SrcDesc &pending_srcdesc(const char *call, gex_AM_SrcDesc_t sd, bool req, bool is_long) {
  gexi_SrcDesc &d = t_thread.srcdesc;
  if (sd == GEX_AM_SRCDESC_NO_OP) usage_fatal(call, "sd is GEX_AM_SRCDESC_NO_OP (the result of a Prepare that IMMEDIATE declined)");
  if (sd != &d || !d.active) usage_fatal(call, "sd is not the pending SrcDesc of this thread's Prepare");
  if (d.is_request != req || d.is_long != is_long) usage_fatal(call, "does not match the Prepare call that made sd");
  return d;
}

// Ends the Prepare/Commit interval: sd is consumed.
static void consume(gexi_SrcDesc &d) {
  d.active = false;
  t_thread.in_prepare = false;
}

// Returns 1 only when commit_flags has GEX_FLAG_IMMEDIATE and the message could not be injected
// without waiting: nothing was sent and sd stays pending (spec v0.19, gex_AM_Commit*_v2).
static int commit(const char *call, gex_AM_SrcDesc_t sd, bool req, bool is_long, gex_AM_Index_t handler, size_t nbytes,
                  void *dest_addr, gex_Flags_t commit_flags, unsigned nargs, const gex_AM_Arg_t *args) {
  check_client_handler(call, handler);
  gexi_SrcDesc &d = pending_srcdesc(call, sd, req, is_long);
  if (commit_flags & ~GEX_FLAG_IMMEDIATE)
    usage_fatal(call, "commit_flags=" + std::to_string(commit_flags) + ": only GEX_FLAG_IMMEDIATE is supported");
  if (nargs != d.nargs)
    usage_fatal(call, "nargs=" + std::to_string(nargs) + " differs from numargs=" + std::to_string(d.nargs) + " given to Prepare");
  if (nbytes > d.size) usage_fatal(call, "nbytes=" + std::to_string(nbytes) + " exceeds gex_AM_SrcDescSize()=" + std::to_string(d.size));
  if (is_long && d.dest_addr && d.dest_addr != dest_addr)
    usage_fatal(call, "dest_addr differs from the non-NULL dest_addr given to Prepare");
  void *local = is_long ? check_long_dest(call, d.dest, d.dest_ep, dest_addr, nbytes) : nullptr;
  AmMessage m = message(is_long ? AmCategory::Long : AmCategory::Medium, req, handler, nargs, args, d.src_ep, d.dest_ep,
                        d.addr, nbytes, dest_addr, local);
  m.early_payload = !(commit_flags & GEX_FLAG_IMMEDIATE);
  if (d.reserved) {
    // The room is already ours: this never has to wait, IMMEDIATE or not.
    consume(d);
    const gex::diag::Op op = handler < kHandlerInternalLimit ? gex::diag::Op::SendInternal
                             : req                           ? gex::diag::Op::SendRequestMedium
                                                             : gex::diag::Op::SendReplyMedium;
    gex::diag::Scope diag_scope(op, d.dest, nbytes, handler);
    g_rt.routes[d.dest].am->commit_medium(d.dest, m);
    return 0;
  }
  // The lc_opt of a client buffer; a GASNet-allocated one is ours: wait for it here.
  gex_Event_t *lc_opt = d.client_buf ? d.lc_opt : GEX_EVENT_NOW;
  if ((commit_flags & GEX_FLAG_IMMEDIATE) && d.dest != g_rt.rank) {
    // An IMMEDIATE attempt never polls, so the interval may stay open while it tries. (To this
    // rank the handler runs in the Commit, outside the interval: below.)
    if (send_lc(d.dest, m, GEX_FLAG_IMMEDIATE, lc_opt)) return 1;
    consume(d);
  } else {
    consume(d);  // first: the send may poll, and a handler run there may Prepare anew
    // A transport that sends from the payload where it is (Pending) reads this thread's
    // GASNet-allocated buffer until local completion; a handler run while the send waits must
    // not Prepare into it: it gets a buffer of its own meanwhile.
    char *held = nullptr;
    size_t held_size = 0;
    if (!d.client_buf) {
      held = std::exchange(d.buffer, nullptr);
      held_size = std::exchange(d.buffer_size, 0);
    }
    client_send(d.dest, m, 0, lc_opt);
    if (held && !d.buffer) {
      d.buffer = held;
      d.buffer_size = held_size;
    } else {
      delete[] held;
    }
  }
  return 0;
}

// Releases what the Prepare took without sending; a Reply's handler may then still reply.
static int cancel(const char *call, gex_AM_SrcDesc_t sd, bool req, bool is_long, gex_Flags_t flags) {
  gexi_SrcDesc &d = pending_srcdesc(call, sd, req, is_long);
  if (flags) return usage_error(GASNET_ERR_BAD_ARG, call, "flags=" + std::to_string(flags) + " (reserved: must be 0)");
  if (d.reserved) g_rt.routes[d.dest].am->cancel_medium(d.dest, req);
  if (!req) d.token->replied = false;
  consume(d);
  return GASNET_OK;
}

int gexi_AM_CommitRequestMedium(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags,
                                unsigned int nargs, const gex_AM_Arg_t *args) {
  return commit("gex_AM_CommitRequestMedium", sd, true, false, handler, nbytes, nullptr, commit_flags, nargs, args);
}
int gexi_AM_CommitReplyMedium(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, gex_Flags_t commit_flags,
                              unsigned int nargs, const gex_AM_Arg_t *args) {
  return commit("gex_AM_CommitReplyMedium", sd, false, false, handler, nbytes, nullptr, commit_flags, nargs, args);
}
int gexi_AM_CommitRequestLong(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr,
                              gex_Flags_t commit_flags, unsigned int nargs, const gex_AM_Arg_t *args) {
  return commit("gex_AM_CommitRequestLong", sd, true, true, handler, nbytes, dest_addr, commit_flags, nargs, args);
}
int gexi_AM_CommitReplyLong(gex_AM_SrcDesc_t sd, gex_AM_Index_t handler, size_t nbytes, void *dest_addr,
                            gex_Flags_t commit_flags, unsigned int nargs, const gex_AM_Arg_t *args) {
  return commit("gex_AM_CommitReplyLong", sd, false, true, handler, nbytes, dest_addr, commit_flags, nargs, args);
}

int gex_AM_CancelRequestMedium(gex_AM_SrcDesc_t sd, gex_Flags_t flags) {
  return cancel("gex_AM_CancelRequestMedium", sd, true, false, flags);
}
int gex_AM_CancelReplyMedium(gex_AM_SrcDesc_t sd, gex_Flags_t flags) {
  return cancel("gex_AM_CancelReplyMedium", sd, false, false, flags);
}
int gex_AM_CancelRequestLong(gex_AM_SrcDesc_t sd, gex_Flags_t flags) {
  return cancel("gex_AM_CancelRequestLong", sd, true, true, flags);
}
int gex_AM_CancelReplyLong(gex_AM_SrcDesc_t sd, gex_Flags_t flags) {
  return cancel("gex_AM_CancelReplyLong", sd, false, true, flags);
}

// ---- polling -----------------------------------------------------------------------------------------
// The poll in line (runtime/idle_poll.h): an idle gasnet_AMPoll is one call, the client's.
int gasnet_AMPoll(void) {
  ThreadState &t = t_thread;
  check_may_communicate("gasnet_AMPoll");
  if (__builtin_expect(g_rt.client != nullptr, 1)) client_poll_step(t, "gasnet_AMPoll");
  else if (__builtin_expect(t.handler_depth != 0, 0)) reentrant_poll_fatal("gasnet_AMPoll");
  return GASNET_OK;
}

}  // extern "C"

// ---- the runtime's own messages (internal_am.h) ------------------------------------------------
namespace gex::runtime {

int am_request(AmCategory category, gex_Rank_t jobrank, gex_AM_Index_t handler, const void *payload, size_t nbytes,
               void *dest_addr, gex_Flags_t flags, unsigned nargs, const gex_AM_Arg_t *args, uint16_t dest_ep) {
  void *local =
      category == AmCategory::Long ? check_long_dest("internal AM Long Request", jobrank, dest_ep, dest_addr, nbytes) : nullptr;
  AmMessage m = message(category, true, handler, nargs, args, 0, dest_ep, payload, nbytes, dest_addr, local);
  return send(jobrank, m, flags);
}

int am_reply(AmCategory category, gex_Token_t token, gex_AM_Index_t handler, const void *payload, size_t nbytes,
             void *dest_addr, gex_Flags_t flags, unsigned nargs, const gex_AM_Arg_t *args) {
  gexi_Token *t = reply_token(token, "internal AM Reply");
  void *local = category == AmCategory::Long ? check_long_dest("internal AM Long Reply", t->src, 0, dest_addr, nbytes) : nullptr;
  AmMessage m = message(category, false, handler, nargs, args, 0, 0, payload, nbytes, dest_addr, local);
  return send_reply(t, m, flags);
}

}  // namespace gex::runtime
