// Active Messages: registration, fixed- and negotiated-payload injection, limits, tokens.
#include <cstdio>

#include "diag/diag.h"
#include "runtime/runtime.h"

using namespace gex::runtime;
using gex::transport::AmCategory;
using gex::transport::AmMessage;
using gex::transport::SendResult;

namespace {

constexpr size_t kMaxMedium = gex::transport::smp::SmpTransport::kMaxMedium;
constexpr size_t kMaxLong = gex::transport::smp::SmpTransport::kMaxLong;
// A GASNet-allocated NPAM buffer: Medium uses its maximum, Long this much.
constexpr size_t kNpamLongAlloc = size_t(1) << 20;

inline void check_nargs(const char *call, unsigned nargs) {
  if (__builtin_expect(nargs > gex::transport::kMaxArgs, 0))
    usage_fatal(call, "nargs=" + std::to_string(nargs) + " exceeds gex_AM_MaxArgs()=16");
}

// Indices below GEX_AM_INDEX_BASE belong to the library's own handlers, which write where their
// arguments point: a client may never send to them (checked in every build).
inline void check_client_handler(const char *call, gex_AM_Index_t handler) {
  if (__builtin_expect(handler < GEX_AM_INDEX_BASE, 0))
    usage_fatal(call, "handler=" + std::to_string(handler) + " is below GEX_AM_INDEX_BASE=" +
                          std::to_string(GEX_AM_INDEX_BASE) + " (indices 0.." + std::to_string(GEX_AM_INDEX_BASE - 1) +
                          " belong to the library)");
}

inline void check_payload(const char *call, size_t nbytes, size_t max, const char *limit_name) {
  if (__builtin_expect(nbytes > max, 0))
    usage_fatal(call, "nbytes=" + std::to_string(nbytes) + " exceeds " + limit_name + "=" + std::to_string(max));
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

inline int send(gex_Rank_t dest, const AmMessage &m, gex_Flags_t flags) {
  return gex::diag::am_send(*g_rt.smp, dest, m, flags & GEX_FLAG_IMMEDIATE) == SendResult::WouldBlock;
}

// The requester's Long destination must lie in the receiver's segment (the payload is copied
// there by the initiator), so this check guards memory and stays on in every build. With no
// payload any dest_addr is legal (spec NOTE 5), even when the receiver has no segment.
inline void check_long_dest(const char *call, gex_Rank_t dest, void *dest_addr, size_t nbytes) {
  if (__builtin_expect(nbytes && !in_segment(dest, dest_addr, nbytes), 0)) segment_range_fatal(call, dest, dest_addr, nbytes);
}

// An IMMEDIATE no-op sent nothing, so the handler may still reply.
inline int send_reply(gexi_Token *t, const AmMessage &m, gex_Flags_t flags) {
  if (!send(t->src, m, flags)) return 0;
  t->replied = false;
  return 1;
}

// A Reply is legal only from the Request handler that owns `token`, at most once.
gexi_Token *reply_token(gex_Token_t token, const char *call) {
  ThreadState &t = t_thread;
  if (__builtin_expect(!token || t.token != token, 0))
    usage_fatal(call, "called outside the Request handler that received this token (a Reply is only legal from a Request handler)");
  if (__builtin_expect(!token->is_request, 0))
    usage_fatal(call, "called from a Reply handler (a Reply is only legal from a Request handler)");
  if (__builtin_expect(token->replied, 0)) usage_fatal(call, "a Request handler may send at most one Reply");
  if (__builtin_expect(t.hsl_held != 0, 0)) usage_fatal(call, "called while holding an HSL");
  token->replied = true;
  return token;
}

// Every AM this rank sends, client or internal, Short (no payload) or Medium/Long.
AmMessage message(AmCategory c, bool req, gex_AM_Index_t h, unsigned nargs, const gex_AM_Arg_t *args,
                  const void *payload = nullptr, size_t nbytes = 0, void *dest_addr = nullptr) {
  AmMessage m;
  m.category = c;
  m.is_request = req;
  m.handler = h;
  m.nargs = uint8_t(nargs);
  m.src_jobrank = g_rt.rank;
  m.nbytes = uint32_t(nbytes);
  m.dest_addr = dest_addr;
  m.payload = payload;
  m.args = args;
  return m;
}

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
  return send(dest, message(AmCategory::Short, true, handler, nargs, args), flags);
}

int gexi_AM_RequestMedium(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes,
                          gex_Event_t *lc_opt, gex_Flags_t flags, unsigned int nargs, const gex_AM_Arg_t *args) {
  const char *call = "gex_AM_RequestMedium";
  check_may_communicate(call);
  check_client_handler(call, handler);
  check_nargs(call, nargs);
  check_payload(call, nbytes, kMaxMedium, "gex_AM_MaxRequestMedium()");
  check_lc_opt(call, lc_opt, false);
  gex_Rank_t dest = jobrank_of(tm, rank, call);
  AmMessage m = message(AmCategory::Medium, true, handler, nargs, args, source_addr, nbytes);
  if (send(dest, m, flags)) return 1;
  lc_complete_now(lc_opt);  // the payload was copied before the call returned
  return 0;
}

int gexi_AM_RequestLong(gex_TM_t tm, gex_Rank_t rank, gex_AM_Index_t handler, const void *source_addr, size_t nbytes,
                        void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags, unsigned int nargs,
                        const gex_AM_Arg_t *args) {
  const char *call = "gex_AM_RequestLong";
  check_may_communicate(call);
  check_client_handler(call, handler);
  check_nargs(call, nargs);
  check_payload(call, nbytes, kMaxLong, "gex_AM_MaxRequestLong()");
  check_lc_opt(call, lc_opt, false);
  gex_Rank_t dest = jobrank_of(tm, rank, call);
  check_long_dest(call, dest, dest_addr, nbytes);
  AmMessage m = message(AmCategory::Long, true, handler, nargs, args, source_addr, nbytes, dest_addr);
  if (send(dest, m, flags)) return 1;
  lc_complete_now(lc_opt);
  return 0;
}

int gexi_AM_ReplyShort(gex_Token_t token, gex_AM_Index_t handler, gex_Flags_t flags, unsigned int nargs,
                       const gex_AM_Arg_t *args) {
  const char *call = "gex_AM_ReplyShort";
  check_client_handler(call, handler);
  check_nargs(call, nargs);
  gexi_Token *t = reply_token(token, call);
  return send_reply(t, message(AmCategory::Short, false, handler, nargs, args), flags);
}

int gexi_AM_ReplyMedium(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes,
                        gex_Event_t *lc_opt, gex_Flags_t flags, unsigned int nargs, const gex_AM_Arg_t *args) {
  const char *call = "gex_AM_ReplyMedium";
  check_client_handler(call, handler);
  check_nargs(call, nargs);
  check_payload(call, nbytes, kMaxMedium, "gex_AM_MaxReplyMedium()");
  check_lc_opt(call, lc_opt, true);
  gexi_Token *t = reply_token(token, call);
  AmMessage m = message(AmCategory::Medium, false, handler, nargs, args, source_addr, nbytes);
  if (send_reply(t, m, flags)) return 1;
  lc_complete_now(lc_opt);
  return 0;
}

int gexi_AM_ReplyLong(gex_Token_t token, gex_AM_Index_t handler, const void *source_addr, size_t nbytes, void *dest_addr,
                      gex_Event_t *lc_opt, gex_Flags_t flags, unsigned int nargs, const gex_AM_Arg_t *args) {
  const char *call = "gex_AM_ReplyLong";
  check_client_handler(call, handler);
  check_nargs(call, nargs);
  check_payload(call, nbytes, kMaxLong, "gex_AM_MaxReplyLong()");
  check_lc_opt(call, lc_opt, true);
  gexi_Token *t = reply_token(token, call);
  check_long_dest(call, t->src, dest_addr, nbytes);
  AmMessage m = message(AmCategory::Long, false, handler, nargs, args, source_addr, nbytes, dest_addr);
  if (send_reply(t, m, flags)) return 1;
  lc_complete_now(lc_opt);
  return 0;
}

// ---- limits ---------------------------------------------------------------------------------------
// The smp limits depend on nothing (peer, nargs, lc_opt): stable, symmetric, non-increasing.
unsigned int gex_AM_MaxArgs(void) { return gex::transport::kMaxArgs; }

static size_t max_long_for(gex_Flags_t flags) {
  return (flags & GEX_FLAG_AM_PREPARE_LEAST_ALLOC) ? kNpamLongAlloc : kMaxLong;
}

size_t gex_AM_MaxRequestLong(gex_TM_t, gex_Rank_t, const gex_Event_t *, gex_Flags_t flags, unsigned int) {
  return max_long_for(flags);
}
size_t gex_AM_MaxReplyLong(gex_TM_t, gex_Rank_t, const gex_Event_t *, gex_Flags_t flags, unsigned int) {
  return max_long_for(flags);
}
size_t gex_AM_MaxRequestMedium(gex_TM_t, gex_Rank_t, const gex_Event_t *, gex_Flags_t, unsigned int) { return kMaxMedium; }
size_t gex_AM_MaxReplyMedium(gex_TM_t, gex_Rank_t, const gex_Event_t *, gex_Flags_t, unsigned int) { return kMaxMedium; }
size_t gex_Token_MaxReplyLong(gex_Token_t, const gex_Event_t *, gex_Flags_t flags, unsigned int) { return max_long_for(flags); }
size_t gex_Token_MaxReplyMedium(gex_Token_t, const gex_Event_t *, gex_Flags_t, unsigned int) { return kMaxMedium; }
size_t gex_AM_LUBRequestLong(void) { return kMaxLong; }
size_t gex_AM_LUBReplyLong(void) { return kMaxLong; }
size_t gex_AM_LUBRequestMedium(void) { return kMaxMedium; }
size_t gex_AM_LUBReplyMedium(void) { return kMaxMedium; }

gex_TI_t gex_Token_Info(gex_Token_t token, gex_Token_Info_t *info, gex_TI_t mask) {
  (void)mask;  // every query is cheap: answer all of them
  if (!token || !info) usage_fatal("gex_Token_Info", "token and info must not be NULL");
  info->gex_srcrank = token->src;
  info->gex_ep = token->ep;
  info->gex_entry = token->entry;
  info->gex_is_req = token->is_request;
  info->gex_is_long = token->is_long;
  return GEX_TI_ALL;
}

// ---- negotiated payload -----------------------------------------------------------------------------
static gex_AM_SrcDesc_t prepare(const char *call, bool req, bool is_long, gex_Rank_t dest, gexi_Token *token,
                                const void *client_buf, size_t least, size_t most, void *dest_addr, gex_Event_t *lc_opt,
                                gex_Flags_t flags, unsigned nargs) {
  check_nargs(call, nargs);
  if (most < least) usage_fatal(call, "most_payload=" + std::to_string(most) + " is less than least_payload=" + std::to_string(least));
  gexi_SrcDesc &sd = t_thread.srcdesc;
  if (sd.active) usage_fatal(call, "a previous Prepare on this thread has not been committed (Prepare/Commit do not nest)");
  size_t max = is_long ? (client_buf ? kMaxLong : kNpamLongAlloc) : kMaxMedium;
  if (least > max) usage_fatal(call, "least_payload=" + std::to_string(least) + " exceeds the maximum " + std::to_string(max));
  if (!client_buf && lc_opt) usage_fatal(call, "lc_opt must be NULL when client_buf is NULL");
  if (client_buf) check_lc_opt(call, lc_opt, !req);
  sd.size = most < max ? most : max;
  sd.client_buf = client_buf != nullptr;
  sd.reserved = false;
  if (client_buf) {
    sd.addr = const_cast<void *>(client_buf);
  } else if (!is_long && g_rt.thread_mode != 1) {
    // The payload is written straight into the transport's ring. Not for PARSYNC clients:
    // another thread may send between this Prepare and its Commit, and the reservation would
    // hold the ring against it.
    sd.addr = g_rt.smp->reserve_medium(dest, req, nargs, sd.size, flags & GEX_FLAG_IMMEDIATE);
    if (!sd.addr) return GEX_AM_SRCDESC_NO_OP;
    sd.reserved = true;
  } else {
    if (sd.buffer_size < sd.size) {
      sd.buffer.reset(new char[max]);
      sd.buffer_size = max;
    }
    sd.addr = sd.buffer.get();
  }
  sd.active = true;
  sd.is_request = req;
  sd.is_long = is_long;
  sd.dest = dest;
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
  return prepare(call, true, false, jobrank_of(tm, rank, call), nullptr, client_buf, least_payload, most_payload, nullptr,
                 lc_opt, flags, numargs);
}

gex_AM_SrcDesc_t gex_AM_PrepareRequestLong(gex_TM_t tm, gex_Rank_t rank, const void *client_buf, size_t least_payload,
                                           size_t most_payload, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags,
                                           unsigned int numargs) {
  const char *call = "gex_AM_PrepareRequestLong";
  check_may_communicate(call);
  return prepare(call, true, true, jobrank_of(tm, rank, call), nullptr, client_buf, least_payload, most_payload, dest_addr,
                 lc_opt, flags, numargs);
}

gex_AM_SrcDesc_t gex_AM_PrepareReplyMedium(gex_Token_t token, const void *client_buf, size_t least_payload,
                                           size_t most_payload, gex_Event_t *lc_opt, gex_Flags_t flags, unsigned int numargs) {
  const char *call = "gex_AM_PrepareReplyMedium";
  gexi_Token *t = reply_token(token, call);
  gex_AM_SrcDesc_t sd =
      prepare(call, false, false, t->src, t, client_buf, least_payload, most_payload, nullptr, lc_opt, flags, numargs);
  if (sd == GEX_AM_SRCDESC_NO_OP) t->replied = false;  // nothing was sent: the handler may still reply
  return sd;
}

gex_AM_SrcDesc_t gex_AM_PrepareReplyLong(gex_Token_t token, const void *client_buf, size_t least_payload,
                                         size_t most_payload, void *dest_addr, gex_Event_t *lc_opt, gex_Flags_t flags,
                                         unsigned int numargs) {
  const char *call = "gex_AM_PrepareReplyLong";
  gexi_Token *t = reply_token(token, call);
  return prepare(call, false, true, t->src, t, client_buf, least_payload, most_payload, dest_addr, lc_opt, flags, numargs);
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
  if (is_long) check_long_dest(call, d.dest, dest_addr, nbytes);
  AmMessage m = message(is_long ? AmCategory::Long : AmCategory::Medium, req, handler, nargs, args, d.addr, nbytes, dest_addr);
  if (d.reserved) {
    // The room is already ours: this never has to wait, IMMEDIATE or not.
    consume(d);
    const gex::diag::Op op = handler < kHandlerInternalLimit ? gex::diag::Op::SendInternal
                             : req                           ? gex::diag::Op::SendRequestMedium
                                                             : gex::diag::Op::SendReplyMedium;
    gex::diag::Scope diag_scope(op, d.dest, nbytes, handler);
    g_rt.smp->commit_medium(d.dest, m);
  } else if (commit_flags & GEX_FLAG_IMMEDIATE) {
    // An IMMEDIATE attempt never polls, so the interval may stay open while it tries.
    if (gex::diag::am_send(*g_rt.smp, d.dest, m, true) == SendResult::WouldBlock) return 1;
    consume(d);
  } else {
    consume(d);  // first: the send may poll, and a handler run there may Prepare anew
    gex::diag::am_send(*g_rt.smp, d.dest, m, false);
  }
  if (d.client_buf) lc_complete_now(d.lc_opt);
  return 0;
}

// Releases what the Prepare took without sending; a Reply's handler may then still reply.
static int cancel(const char *call, gex_AM_SrcDesc_t sd, bool req, bool is_long, gex_Flags_t flags) {
  gexi_SrcDesc &d = pending_srcdesc(call, sd, req, is_long);
  if (flags) return usage_error(GASNET_ERR_BAD_ARG, call, "flags=" + std::to_string(flags) + " (reserved: must be 0)");
  if (d.reserved) g_rt.smp->cancel_medium(d.dest, req);
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
int gasnet_AMPoll(void) {
  if (__builtin_expect(t_thread.handler_depth != 0, 0)) reentrant_poll_fatal("gasnet_AMPoll");
  check_may_communicate("gasnet_AMPoll");
  if (g_rt.client) progress_wait_step();
  return GASNET_OK;
}

}  // extern "C"

// ---- the runtime's own messages (internal_am.h) ------------------------------------------------
namespace gex::runtime {

int am_request(AmCategory category, gex_Rank_t jobrank, gex_AM_Index_t handler, const void *payload, size_t nbytes,
               void *dest_addr, gex_Flags_t flags, unsigned nargs, const gex_AM_Arg_t *args) {
  if (category == AmCategory::Long) check_long_dest("internal AM Long Request", jobrank, dest_addr, nbytes);
  AmMessage m = message(category, true, handler, nargs, args, payload, nbytes, dest_addr);
  return send(jobrank, m, flags);
}

int am_reply(AmCategory category, gex_Token_t token, gex_AM_Index_t handler, const void *payload, size_t nbytes,
             void *dest_addr, gex_Flags_t flags, unsigned nargs, const gex_AM_Arg_t *args) {
  gexi_Token *t = reply_token(token, "internal AM Reply");
  if (category == AmCategory::Long) check_long_dest("internal AM Long Reply", t->src, dest_addr, nbytes);
  AmMessage m = message(category, false, handler, nargs, args, payload, nbytes, dest_addr);
  return send_reply(t, m, flags);
}

}  // namespace gex::runtime
