// VIS over Active Messages: packed Mediums for small pieces, extended-ref RMA for large ones.
// Wire format of a packed put (Medium Request payload): per piece a 12-byte header
// {uint64 destination address, uint32 length} followed by the bytes. A packed get's request
// carries the headers {uint64 source address, uint32 length}; the Medium Reply carries the
// concatenated bytes, and the initiator's GetPacket says where each piece lands.
#include "vis/service.h"

#include <atomic>
#include <cstring>
#include <mutex>

#include "extended/am_rma.h"
#include "runtime/rma_copy.h"
#include "runtime/runtime.h"

// Threads with a peer completion armed (gasnet_vis.h): while any is, VIS puts take the library.

namespace gex::vis {
namespace {

using runtime::CompletionCounter;
using runtime::make_ptr;
using runtime::ptr_hi;
using runtime::ptr_lo;

enum : gex_AM_Index_t {
  kHandlerPutPacked = runtime::kHandlerVisFirst + 0,
  kHandlerPutAck = runtime::kHandlerVisFirst + 1,
  kHandlerGetPacked = runtime::kHandlerVisFirst + 2,
  kHandlerGetReply = runtime::kHandlerVisFirst + 3,
  kHandlerPeerCompletion = runtime::kHandlerVisFirst + 4,
};

constexpr const char *kSetPeerCompletion = "gex_VIS_SetPeerCompletionHandler";

constexpr size_t kHeaderBytes = 12;

inline void write_header(char *p, const void *addr, size_t len) {
  const uint64_t a = reinterpret_cast<uintptr_t>(addr);
  const uint32_t l = uint32_t(len);
  std::memcpy(p, &a, 8);
  std::memcpy(p + 8, &l, 4);
}
inline void read_header(const char *p, char **addr, uint32_t *len) {
  uint64_t a;
  std::memcpy(&a, p, 8);
  std::memcpy(len, p + 8, 4);
  *addr = reinterpret_cast<char *>(uintptr_t(a));
}

// The initiator's half of a packed get, alive from the request until its reply has landed.
struct GetPacket {
  CompletionCounter *counter;
  std::vector<LocalPiece> dests;
};


// ---- handlers ------------------------------------------------------------------------------------
void on_put_packed(gex_Token_t token, void *buf, size_t nbytes, gex_AM_Arg_t counter_hi, gex_AM_Arg_t counter_lo) {
  const char *p = static_cast<const char *>(buf), *end = p + nbytes;
  while (p < end) {
    char *dest;
    uint32_t len;
    read_header(p, &dest, &len);
    runtime::rma_copy_to_shared(dest, p + kHeaderBytes, len);
    p += kHeaderBytes + len;
  }
  const gex_AM_Arg_t args[] = {counter_hi, counter_lo};
  runtime::am_reply(gex::transport::AmCategory::Short, token, kHandlerPutAck, nullptr, 0, nullptr, 0, 2, args);
}

void on_put_ack(gex_Token_t, gex_AM_Arg_t counter_hi, gex_AM_Arg_t counter_lo) {
  runtime::complete_one(make_ptr<CompletionCounter>(counter_hi, counter_lo));
}

void on_get_packed(gex_Token_t token, void *buf, size_t nbytes, gex_AM_Arg_t packet_hi, gex_AM_Arg_t packet_lo) {
  thread_local std::vector<char> gathered;
  gathered.clear();
  const char *p = static_cast<const char *>(buf), *end = p + nbytes;
  for (; p < end; p += kHeaderBytes) {
    char *src;
    uint32_t len;
    read_header(p, &src, &len);
    const size_t at = gathered.size();
    gathered.resize(at + len);
    runtime::rma_copy_from_shared(gathered.data() + at, src, len);
  }
  const gex_AM_Arg_t args[] = {packet_hi, packet_lo};
  runtime::am_reply(gex::transport::AmCategory::Medium, token, kHandlerGetReply, gathered.data(), gathered.size(), nullptr, 0, 2, args);
}

void on_get_reply(gex_Token_t, void *buf, size_t, gex_AM_Arg_t packet_hi, gex_AM_Arg_t packet_lo) {
  std::unique_ptr<GetPacket> packet(make_ptr<GetPacket>(packet_hi, packet_lo));
  const char *p = static_cast<const char *>(buf);
  for (const LocalPiece &d : packet->dests) {
    std::memcpy(d.addr, p, d.len);
    p += d.len;
  }
  runtime::complete_one(packet->counter);
}

// Runs the client's handler as the 0-argument Medium Reply handler it was registered as, with
// the initiator as its source.
void on_peer_completion(gex_Token_t token, void *buf, size_t nbytes, gex_AM_Arg_t handler) {
  const gex_AM_Index_t index = gex_AM_Index_t(handler);
  const gex_Rank_t src = token->src;
  const HandlerSlot &slot = runtime::g_rt.client->ep->handlers[index];  // sent to the primordial EP
  const gex_AM_Entry_t &e = slot.entry;
  const bool fits = slot.registered && (e.gex_flags & GEX_FLAG_AM_MEDIUM) && (e.gex_flags & GEX_FLAG_AM_REPLY) &&
                    (e.gex_nargs == 0 || e.gex_nargs == runtime::kNargsUnspecified);
  if (!fits)
    runtime::usage_fatal(kSetPeerCompletion, "handler index " + std::to_string(index) + " armed by jobrank " +
                                                 std::to_string(src) +
                                                 (slot.registered ? " is not registered on this rank as a 0-argument "
                                                                    "Medium Reply handler (GEX_FLAG_AM_MEDIUM | "
                                                                    "GEX_FLAG_AM_REPLY, gex_nargs 0)"
                                                                  : " is not registered on this rank"));
  transport::AmMessage m{};
  m.category = transport::AmCategory::Medium;
  m.is_request = false;
  m.handler = uint8_t(index);
  m.src_jobrank = src;
  m.nbytes = uint32_t(nbytes);
  m.payload = buf;
  runtime::deliver_am(m);
}

// ---- peer completion ------------------------------------------------------------------------------
struct Armed {
  gex_AM_Index_t handler = 0;
  const void *source = nullptr;
  size_t nbytes = 0;
};
thread_local Armed t_armed;

// Sets this thread's armed peer completion, keeping gexi_vis_pc_armed (the count of threads with
// one armed, which gasnet_vis.h's inline path reads) in step.
void set_armed(const Armed &next) {
  Armed &a = t_armed;
  if (!a.handler != !next.handler) __atomic_add_fetch(&gexi_vis_pc_armed, next.handler ? 1 : -1, __ATOMIC_RELAXED);
  a = next;
}

}  // namespace

// A put over AM whose peer completion waits for its data to be acknowledged.
struct PendingPeerCompletion {
  CompletionCounter data{1};  // its messages, plus one held until the last is sent
  gex_Rank_t jobrank;
  PeerCompletion pc;
  CompletionCounter *done;
};

// The VIS service's process-wide state: init() makes it, the runtime owns it (g_rt.vis).
struct ServiceState {
  std::mutex pending_mutex;
  std::vector<PendingPeerCompletion *> pending;
  std::atomic<uint32_t> &pending_count = runtime::work_counter(runtime::WorkSlot::Vis);
};

namespace {

ServiceState &state() { return *runtime::g_rt.vis; }

// Sends the peer completions whose puts are complete (a progress function).
void progress() {
  ServiceState &st = state();
  if (!st.pending_count.load(std::memory_order_acquire)) return;
  runtime::ThreadState &t = runtime::t_thread;
  if (t.restricted()) return;
  thread_local bool running = false;  // sending may poll, which runs this again
  if (running) return;
  running = true;
  std::vector<PendingPeerCompletion *> ready;
  {
    std::lock_guard<std::mutex> lock(st.pending_mutex);
    for (size_t i = 0; i < st.pending.size();) {
      if (st.pending[i]->data.load(std::memory_order_acquire) == 0) {
        ready.push_back(st.pending[i]);
        st.pending[i] = st.pending.back();
        st.pending.pop_back();
      } else {
        ++i;
      }
    }
    st.pending_count.store(uint32_t(st.pending.size()), std::memory_order_release);
  }
  for (PendingPeerCompletion *p : ready) {
    send_peer_completion(p->jobrank, p->pc);
    runtime::complete_one(p->done);
    delete p;
  }
  running = false;
}

}  // namespace

bool take_peer_completion(PeerCompletion *pc) {
  Armed &a = t_armed;
  if (!a.handler) return false;
  pc->handler = a.handler;
  pc->nbytes = a.nbytes;
  if (a.nbytes) std::memcpy(pc->payload, a.source, a.nbytes);
  set_armed(Armed{});
  return true;
}

void send_peer_completion(gex_Rank_t jobrank, const PeerCompletion &pc) {
  const gex_AM_Arg_t args[] = {gex_AM_Arg_t(pc.handler)};
  static const char empty = 0;
  runtime::am_request(transport::AmCategory::Medium, jobrank, kHandlerPeerCompletion, pc.nbytes ? pc.payload : &empty,
                      pc.nbytes, nullptr, 0, 1, args);
}

CompletionCounter *defer_peer_completion(gex_Rank_t jobrank, const PeerCompletion &pc, CompletionCounter *done) {
  auto *p = new PendingPeerCompletion;
  p->jobrank = jobrank;
  p->pc = pc;
  p->done = done;
  done->fetch_add(1, std::memory_order_relaxed);
  ServiceState &st = state();
  std::lock_guard<std::mutex> lock(st.pending_mutex);
  st.pending.push_back(p);
  st.pending_count.store(uint32_t(st.pending.size()), std::memory_order_release);
  return &p->data;
}

void init() {
  runtime::g_rt.vis.reset(new ServiceState);
  using runtime::register_internal_handler;
  const gex_Flags_t req = GEX_FLAG_AM_REQUEST, rep = GEX_FLAG_AM_REPLY;
  register_internal_handler(kHandlerPutPacked, (gex_AM_Fn_t)on_put_packed, req | GEX_FLAG_AM_MEDIUM, 2, "VIS packed put");
  register_internal_handler(kHandlerPutAck, (gex_AM_Fn_t)on_put_ack, rep | GEX_FLAG_AM_SHORT, 2, "VIS put ack");
  register_internal_handler(kHandlerGetPacked, (gex_AM_Fn_t)on_get_packed, req | GEX_FLAG_AM_MEDIUM, 2, "VIS packed get");
  register_internal_handler(kHandlerGetReply, (gex_AM_Fn_t)on_get_reply, rep | GEX_FLAG_AM_MEDIUM, 2, "VIS get reply");
  register_internal_handler(kHandlerPeerCompletion, (gex_AM_Fn_t)on_peer_completion, req | GEX_FLAG_AM_MEDIUM, 1,
                            "VIS peer completion");
  runtime::add_progress_fn(progress, runtime::WorkSlot::Vis);
}

// ---- AmTransfer ------------------------------------------------------------------------------------
AmTransfer::AmTransfer(Direction dir, gex_Rank_t jobrank, CompletionCounter *counter, bool immediate, uint16_t ep)
    : dir_(dir), jobrank_(jobrank), ep_(ep), counter_(counter), immediate_(immediate),
      capacity_(runtime::am_limits(jobrank).max_medium) {}

AmTransfer::~AmTransfer() = default;

void AmTransfer::note_sent(bool ok) {
  if (ok) {
    sent_any_ = true;
  } else {
    refused_ = true;  // only an IMMEDIATE first message can be refused, so nothing went out
  }
}

void AmTransfer::add(char *local, char *remote, size_t n) {
  if (refused_ || n == 0) return;
  if (n > kPackedPieceMax) {
    const bool imm = may_send_immediate();
    note_sent(dir_ == Direction::Put ? extended::put(jobrank_, remote, local, n, counter_, imm, ep_)
                                     : extended::get(jobrank_, local, remote, n, counter_, imm));
    return;
  }
  if (dir_ == Direction::Put) {
    if (packet_.size() + kHeaderBytes + n > capacity_) flush();
    if (refused_) return;
    const size_t at = packet_.size();
    packet_.resize(at + kHeaderBytes + n);
    write_header(packet_.data() + at, remote, n);
    std::memcpy(packet_.data() + at + kHeaderBytes, local, n);
  } else {
    if (packet_.size() + kHeaderBytes > capacity_ || reply_bytes_ + n > capacity_) flush();
    if (refused_) return;
    const size_t at = packet_.size();
    packet_.resize(at + kHeaderBytes);
    write_header(packet_.data() + at, remote, n);
    reply_bytes_ += n;
    dests_.push_back({local, uint32_t(n)});
  }
}

void AmTransfer::flush() {
  if (refused_ || packet_.empty()) return;
  const gex_Flags_t flags = may_send_immediate() ? GEX_FLAG_IMMEDIATE : 0;
  counter_->fetch_add(1, std::memory_order_relaxed);  // before sending: the reply can never underflow it
  int rc;
  if (dir_ == Direction::Put) {
    const gex_AM_Arg_t args[] = {ptr_hi(counter_), ptr_lo(counter_)};
    rc = runtime::am_request(gex::transport::AmCategory::Medium, jobrank_, kHandlerPutPacked, packet_.data(), packet_.size(),
                             nullptr, flags, 2, args);
  } else {
    auto packet = std::make_unique<GetPacket>();
    packet->counter = counter_;
    packet->dests = std::move(dests_);
    const gex_AM_Arg_t args[] = {ptr_hi(packet.get()), ptr_lo(packet.get())};
    rc = runtime::am_request(gex::transport::AmCategory::Medium, jobrank_, kHandlerGetPacked, packet_.data(), packet_.size(),
                             nullptr, flags, 2, args);
    if (rc == 0) packet.release();  // the reply handler owns it now
  }
  if (rc != 0) counter_->fetch_sub(1, std::memory_order_relaxed);
  note_sent(rc == 0);
  packet_.clear();
  dests_.clear();
  reply_bytes_ = 0;
}

}  // namespace gex::vis

// gex_VIS_SetPeerCompletionHandler arms this thread's next VIS put (vis_api.cpp takes it).
extern "C" void gex_VIS_SetPeerCompletionHandler(gex_AM_Index_t handler, const void *source_addr, size_t nbytes,
                                                 gex_Flags_t flags) {
  using gex::vis::kSetPeerCompletion;
  gex::runtime::require_init(kSetPeerCompletion);
  if (flags) gex::runtime::usage_fatal(kSetPeerCompletion, "flags must be 0 (flags=" + std::to_string(flags) + ")");
  if (!handler) {  // disarm
    gex::vis::set_armed(gex::vis::Armed{});
    return;
  }
  if (handler < GEX_AM_INDEX_BASE)
    gex::runtime::usage_fatal(kSetPeerCompletion, "handler=" + std::to_string(handler) +
                                                      " is not a client handler index (" +
                                                      std::to_string(GEX_AM_INDEX_BASE) + "..255, or 0 to disarm)");
  if (nbytes > GEX_VIS_MAX_PEERCOMPLETION)
    gex::runtime::usage_fatal(kSetPeerCompletion, "nbytes=" + std::to_string(nbytes) +
                                                      " exceeds GEX_VIS_MAX_PEERCOMPLETION (" +
                                                      std::to_string(GEX_VIS_MAX_PEERCOMPLETION) + ")");
  if (nbytes && !source_addr) gex::runtime::usage_fatal(kSetPeerCompletion, "source_addr is NULL with nbytes > 0");
  gex::vis::set_armed(gex::vis::Armed{handler, source_addr, nbytes});
}

void gex::runtime::ServiceStateDeleter::operator()(vis::ServiceState *s) const noexcept { delete s; }
