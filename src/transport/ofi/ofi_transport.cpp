#include "transport/ofi/ofi_transport.h"

#include <dlfcn.h>
#include <rdma/fabric.h>
#include <rdma/fi_cm.h>
#include <rdma/fi_domain.h>
#include <rdma/fi_endpoint.h>
#include <rdma/fi_errno.h>
#include <rdma/fi_rma.h>
#include <sys/uio.h>

#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <iterator>
#include <new>
#include <string>
#include <thread>

#include "bootstrap/bootstrap.h"
#include "diag/diag.h"

namespace gex::transport::ofi {

// Every operation's context starts with the provider's scratch space (FI_CONTEXT/FI_CONTEXT2
// modes), then what kind of operation it is.
enum class OpKind : uint8_t { Recv, Send, Rma };
struct OpBase {
  fi_context2 ctx;
  OpKind kind;
};

struct RecvSlot {
  OpBase op;
  char *buf;
  uint32_t owe_peer;  // credits to return once the buffer is posted again
  int8_t owe_class;   // -1: nothing (a credit-only message, or a fresh buffer)
};

struct SendSlot {
  OpBase op;
  char *buf;
  uint32_t dest;
  size_t len;            // bytes of buf to send
  const void *extra;     // the caller's payload, sent from where it is (Pending), or null
  size_t extra_len;
  Counter *lc;           // lowered when the provider reports the send complete
};

struct RmaOp {
  OpBase op;
  Counter *c1, *c2;  // lowered at completion
  char *bounce;      // a put's copy of its source (OfiTransport::put), returned at completion
  SendSlot *long_header;  // a Long's message, sent once its payload's fi_write completed
  fid_mr *local_mr;  // a registration of the local buffer for this operation alone, closed at completion
  const firehose::Request *pin;  // the local buffer's firehose pin, released at completion
  const firehose::Request *rpin; // any-address RMA: the remote pin, released at completion
};

// What the local side of one RMA uses under FI_MR_LOCAL (OfiTransport::local_desc).
struct LocalBuf {
  void *desc = nullptr;
  const firehose::Request *pin = nullptr;
  bool oneoff = false;  // larger than a firehose region: register it for this operation alone
};

// firehose's view of this transport: move() registers and closes regions of local memory (for this
// rank's local pins, and at a target for the peers' remote pins); its messages are this
// transport's kFhRequest/kFhReply, queued under the lock and sent as credits allow (never waiting).
class OfiTransport::FhBackend final : public firehose::Backend {
 public:
  explicit FhBackend(OfiTransport &t) : t_(t) {}
  int move(uint32_t node, const firehose::Region *unpin, size_t n_unpin, firehose::Region *pin, size_t n_pin) override {
    // firehose's lock is held here: the transport's comes second (never the other order).
    Guard g(t_);
    for (size_t i = 0; i < n_unpin; ++i) {
      fi_close(&reinterpret_cast<fid_mr *>(uintptr_t(unpin[i].key.handle))->fid);
      --t_.fh_live_;
    }
    // One registration serves a region's local pins and the peers' remote pins alike.
    const uint64_t access = t_.any_address_ ? FI_READ | FI_WRITE | FI_REMOTE_READ | FI_REMOTE_WRITE : FI_READ | FI_WRITE;
    for (size_t i = 0; i < n_pin; ++i) {
      fid_mr *mr = t_.reg(reinterpret_cast<void *>(pin[i].addr), pin[i].len, access, nullptr);
      pin[i].key = firehose::ClientKey{fi_mr_key(mr), uint64_t(uintptr_t(mr))};
      ++t_.fh_live_;
    }
    // The budget is firehose's to keep; this is the transport's own check that it does.
    // (at most MAXVICTIM_R for this rank's own pins plus R for its peers').
    const size_t budget = t_.fh_->local_budget() + t_.fh_->params().R;
    if (t_.fh_live_ > budget)
      bootstrap::fatal("ofi conduit: firehose holds " + std::to_string(t_.fh_live_) +
                       " registrations of local memory, more than its budget of " + std::to_string(budget) +
                       " (GASNET_FIREHOSE_MAXVICTIM_R + GASNET_FIREHOSE_R), for rank " + std::to_string(node));
    return 0;
  }
  void send_request(uint32_t dest, const void *payload, size_t bytes) override {
    Guard g(t_);
    t_.queue_fh(dest, true, payload, bytes);
  }
  void send_reply(void *token, const void *payload, size_t bytes) override {
    Guard g(t_);
    t_.queue_fh(*static_cast<const uint32_t *>(token), false, payload, bytes);
  }
  // Only reached when a blocking pin waits, which this transport never asks for (the *_nowait
  // calls): reap completions so the pins in use get released.
  void poll() override { t_.poll(16, true); }

 private:
  OfiTransport &t_;
};

namespace {

// kFhRequest/kFhReply: firehose's remote-pin messages (payload only), handled in this transport.
enum WireType : uint8_t { kRequest = 1, kReply = 2, kCredit = 3, kFhRequest = 4, kFhReply = 5 };

struct Wire {
  uint8_t type;
  uint8_t category;
  uint8_t handler;
  uint8_t nargs;
  uint16_t src_ep;
  uint16_t dest_ep;
  uint32_t src_jobrank;
  uint32_t nbytes;
  uint16_t credit_req;  // credits returned to the receiver, per class
  uint16_t credit_rep;
  uint32_t flags;  // kPayloadPlaced
  uint64_t dest_addr;
};
// A Long whose payload the sender already wrote to dest_addr with fi_write (OfiTransport::am_send):
// the message carries header and arguments only.
constexpr uint32_t kPayloadPlaced = 1;
static_assert(sizeof(Wire) == OfiTransport::kHeaderBytes);

// Payloads up to this size are copied into a send buffer (the send is locally complete at
// once); larger ones are sent from the caller's buffer.
constexpr size_t kCopyBytes = 8192;
constexpr size_t kSendSlots = 64;
// Puts up to kBigBounceBytes whose caller wants the source back at once (GEX_EVENT_NOW) copy it
// into a bounce buffer (kBounceSlots of kBounceBytes, kBigBounceSlots of kBigBounceBytes), so
// the call does not wait for the provider's completion of the write (with tcp;ofi_rxm that comes
// back with the target's acknowledgement: a round trip per put, which serialised GASNet
// testsmall's NBI/NB put loops at ~11 us per put). Above 64 KiB the copy costs more than the
// wait saves.
constexpr size_t kBounceBytes = 8192;
constexpr size_t kBounceSlots = 128;
constexpr size_t kBigBounceBytes = 65536;
constexpr size_t kBigBounceSlots = 16;
constexpr size_t kBounceRegionBytes = kBounceSlots * kBounceBytes + kBigBounceSlots * kBigBounceBytes;
constexpr size_t kMaxRmaOps = 4096;
constexpr size_t kAddrBytes = 256;  // an endpoint name in the allgather

// libfabric is loaded when a job first starts this transport (dlopen), not linked: its provider
// libraries' constructors install signal handlers (PSM's backtrace on SIGSEGV) that would
// replace the default action in every program, ofi or not. Only the few exported functions are
// looked up; the rest of the API is inline calls through the objects' operation tables.
struct Lib {
  int (*getinfo)(uint32_t, const char *, const char *, uint64_t, const fi_info *, fi_info **);
  void (*freeinfo)(fi_info *);
  fi_info *(*dupinfo)(const fi_info *);
  int (*fabric)(fi_fabric_attr *, fid_fabric **, void *);
  const char *(*strerror)(int);
};
Lib lib;

// The signals whose disposition a provider library may take over when it is loaded.
constexpr int kGuardedSignals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
struct SignalGuard {
  struct sigaction saved[sizeof kGuardedSignals / sizeof kGuardedSignals[0]];
  SignalGuard() {
    for (size_t i = 0; i < std::size(kGuardedSignals); ++i) sigaction(kGuardedSignals[i], nullptr, &saved[i]);
  }
  ~SignalGuard() {
    for (size_t i = 0; i < std::size(kGuardedSignals); ++i) sigaction(kGuardedSignals[i], &saved[i], nullptr);
  }
};

void load_libfabric() {
  if (lib.getinfo) return;
  // PSM's own switches for its backtrace handler, where the user has not chosen.
  setenv("IPATH_NO_BACKTRACE", "1", 0);
  setenv("HFI_NO_BACKTRACE", "1", 0);
  SignalGuard guard;
  void *h = dlopen("libfabric.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!h)
    bootstrap::fatal(std::string("ofi conduit: cannot load libfabric (libfabric.so.1: ") + dlerror() +
                     "); install libfabric1 (Debian) or set LD_LIBRARY_PATH");
  auto sym = [h](const char *name) {
    void *p = dlsym(h, name);
    if (!p) bootstrap::fatal(std::string("ofi conduit: libfabric.so.1 lacks ") + name);
    return p;
  };
  lib.freeinfo = reinterpret_cast<decltype(lib.freeinfo)>(sym("fi_freeinfo"));
  lib.dupinfo = reinterpret_cast<decltype(lib.dupinfo)>(sym("fi_dupinfo"));
  lib.fabric = reinterpret_cast<decltype(lib.fabric)>(sym("fi_fabric"));
  lib.strerror = reinterpret_cast<decltype(lib.strerror)>(sym("fi_strerror"));
  lib.getinfo = reinterpret_cast<decltype(lib.getinfo)>(sym("fi_getinfo"));
}

std::string errstr(ssize_t rc) { return lib.strerror(int(rc < 0 ? -rc : rc)); }

[[noreturn]] void fail(const std::string &what, ssize_t rc) {
  bootstrap::fatal("ofi conduit: " + what + " failed: " + errstr(rc) + " (" + std::to_string(rc) + ")");
}

// What the user asked libfabric for: FI_PROVIDER, named in errors.
std::string provider_request() {
  const char *p = std::getenv("FI_PROVIDER");
  return p && *p ? "provider '" + std::string(p) + "' (FI_PROVIDER)" : "the default provider (FI_PROVIDER unset)";
}

uint32_t env_count(const char *name, uint32_t dflt, uint32_t lo, uint32_t hi) {
  const char *v = std::getenv(name);
  if (!v || !*v) return dflt;
  char *end = nullptr;
  unsigned long x = std::strtoul(v, &end, 10);
  if (*end || x < lo || x > hi)
    bootstrap::fatal(std::string(name) + "='" + v + "': expected a whole number from " + std::to_string(lo) + " to " +
                     std::to_string(hi));
  return uint32_t(x);
}

// One message per peer and class while the job is large, eight while it is small: the receive
// buffers a rank posts grow with the ranks it hears from (docs/ofi.md).
uint32_t default_credits(uint32_t size) { return size <= 16 ? 8 : size <= 64 ? 4 : 2; }

}  // namespace

OfiTransport::OfiTransport(const Config &config)
    : Transport(Kind::Ofi), rank_(config.rank), size_(config.size), deliver_(config.deliver),
      thread_safe_(config.thread_safe) {
  max_medium_ = config.env_size ? config.env_size("GEX_OFI_MAX_MEDIUM", 65536, 512, size_t(1) << 20) : 65536;
  max_medium_ = (max_medium_ + 15) & ~size_t(15);
  credits_per_class_ = env_count("GEX_OFI_CREDITS", default_credits(size_), 1, 1024);
  buf_bytes_ = (payload_offset(kMaxArgs) + max_medium_ + 63) & ~size_t(63);
  // Tests: act as a provider that needs local buffers registered (tcp;ofi_rxm does not), so the
  // firehose path runs where the provider would not ask for it.
  force_mr_local_ = config.env_bool ? config.env_bool("GEX_OFI_FORCE_MR_LOCAL", false) : false;
  delay_puts_ns_ = uint64_t(env_count("GEX_OFI_TEST_DELAY_PUTS", 0, 0, 10000000)) * 1000;
  open_endpoint();
  if (force_mr_local_) mr_local_ = true;
  any_address_ = config.any_address && rma_ && size_ > 1;
  if ((mr_local_ || any_address_) && rma_) start_firehose(config);
  make_buffers();
  exchange_addresses();  // an allgather: every rank has posted its receive buffers after it
}

void OfiTransport::start_firehose(const Config &config) {
  if (!config.env_size_mb || !config.env_int || !config.env_bool)
    bootstrap::fatal("ofi conduit: firehose needs the runtime's environment readers");
  // What a rank may pin: half the physical memory (tcp and similar providers pin nothing; a NIC's
  // limit would come from the provider). Registrations: the domain's count, less a reserve for the
  // segments and AM buffers registered outside firehose.
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  firehose::Limits limits;
  limits.max_pinnable_memory = pages > 0 && page > 0 ? size_t(pages) * size_t(page) / 2 : size_t(1) << 30;
  const size_t mr_cnt = info_->domain_attr->mr_cnt;
  limits.max_regions = mr_cnt == 0 ? 0 : mr_cnt > 64 ? mr_cnt - 64 : 2;
  limits.max_region_size = 0;  // firehose's default (4 MB) unless GASNET_FIREHOSE_MAXREGION_SIZE
  limits.max_payload = max_medium_;
  const firehose::EnvReader env{config.env_size_mb, config.env_int, config.env_bool};
  try {
    firehose::Params p =
        firehose::params_from_env(firehose::Variant::Region, rank_, size_, limits, env, /*local_only=*/!any_address_);
    p.completion_in_handler = true;  // a completion only releases its pin (remote_pin below)
    fh_backend_ = std::make_unique<FhBackend>(*this);
    fh_ = std::make_unique<firehose::Firehose>(p, *fh_backend_);
    const size_t page = p.page_size;
    any_max_ = fh_->info().max_remote_pin_size > page ? fh_->info().max_remote_pin_size - page : 0;
  } catch (const std::exception &e) {
    bootstrap::fatal(std::string("ofi conduit: ") + e.what());
  }
}

OfiTransport::~OfiTransport() {
  // The job usually ends through _exit (bootstrap::finish_exit) and never gets here.
  if (fh_) {
    std::vector<const firehose::Request *> rel;
    rel.swap(fh_release_);
    release_pins(rel);
    fh_->fini(true);  // closes the cached registrations (GASNET_FIREHOSE_VERBOSE: the leak check)
  }
  if (ep_) fi_close(&ep_->fid);
  if (recv_mr_) fi_close(&recv_mr_->fid);
  if (send_mr_) fi_close(&send_mr_->fid);
  if (bounce_mr_) fi_close(&bounce_mr_->fid);
  if (av_) fi_close(&av_->fid);
  if (txcq_) fi_close(&txcq_->fid);
  if (rxcq_) fi_close(&rxcq_->fid);
  if (domain_) fi_close(&domain_->fid);
  if (fabric_) fi_close(&fabric_->fid);
  if (info_) lib.freeinfo(info_);
  for (RmaOp *op : rma_ops_) delete op;
  std::free(recv_region_);
  std::free(send_region_);
  std::free(bounce_region_);
}

void OfiTransport::open_endpoint() {
  load_libfabric();
  SignalGuard guard;  // providers are initialised (and may load libraries) in the first fi_getinfo
  fi_info *hints = lib.dupinfo(nullptr);
  if (!hints) bootstrap::fatal("ofi conduit: fi_dupinfo: out of memory");
  hints->ep_attr->type = FI_EP_RDM;
  hints->caps = FI_MSG | FI_RMA;
  hints->mode = FI_CONTEXT | FI_CONTEXT2;
  // Every registration mode this transport handles (the provider keeps those it needs).
  hints->domain_attr->mr_mode = FI_MR_LOCAL | FI_MR_VIRT_ADDR | FI_MR_ALLOCATED | FI_MR_PROV_KEY | FI_MR_ENDPOINT;
  hints->domain_attr->threading = FI_THREAD_DOMAIN;  // this transport serialises its calls
  const uint32_t version = FI_VERSION(1, 11);
  int rc = lib.getinfo(version, nullptr, nullptr, 0, hints, &info_);
  if (rc) {
    // No RMA: Active Messages still work, RMA goes over AM (extended-ref).
    hints->caps = FI_MSG;
    rc = lib.getinfo(version, nullptr, nullptr, 0, hints, &info_);
  }
  lib.freeinfo(hints);
  if (rc) {
    fi_info *any = nullptr;
    const int any_rc = lib.getinfo(version, nullptr, nullptr, 0, nullptr, &any);
    if (any_rc || !any)
      bootstrap::fatal("ofi conduit: " + provider_request() + ": no such libfabric provider here (fi_getinfo: " + errstr(rc) +
                       "; `fi_info -l` lists the providers)");
    lib.freeinfo(any);
    bootstrap::fatal("ofi conduit: " + provider_request() +
                     " offers no endpoint libgex can use: it needs a reliable-datagram endpoint (FI_EP_RDM) with "
                     "FI_MSG, in modes FI_CONTEXT/FI_CONTEXT2 at most, with memory registration within "
                     "FI_MR_LOCAL|FI_MR_VIRT_ADDR|FI_MR_ALLOCATED|FI_MR_PROV_KEY|FI_MR_ENDPOINT (fi_getinfo: " +
                     errstr(rc) + "; `fi_info -t FI_EP_RDM` lists what the providers offer)");
  }
  rma_ = (info_->caps & FI_RMA) != 0;
  const uint64_t mr = info_->domain_attr->mr_mode;
  mr_local_ = mr & FI_MR_LOCAL;
  // Without FI_MR_VIRT_ADDR a remote address is an offset into the registered region (tcp;ofi_rxm
  // reports no mode bits at all: offsets).
  mr_virt_ = (mr & (FI_MR_VIRT_ADDR | FI_MR_BASIC)) != 0;
  mr_prov_key_ = mr & FI_MR_PROV_KEY;
  mr_endpoint_ = mr & FI_MR_ENDPOINT;
  // The endpoint is opened with this info, so the ordering it lists is the endpoint's
  // (tcp;ofi_rxm lists FI_ORDER_SAW: one TCP stream per peer).
  // A delayed put (the test knob) may be overtaken by a later send: no SAW then.
  send_after_write_ = (info_->tx_attr->msg_order & FI_ORDER_SAW) != 0 && !delay_puts_ns_;
  if (info_->tx_attr->iov_limit < 2)
    copy_always_ = true;  // never sendv from the caller's buffer
  // ofi_rxm sends a message eagerly up to its buffer size (FI_OFI_RXM_BUFFER_SIZE, 16 KiB by
  // default) less its own header; above, by SAR or rendezvous (fi_rxm(7)). Other providers:
  // every message counts as eager, as before.
  if (std::strstr(info_->fabric_attr->prov_name, "ofi_rxm")) {
    size_t rxm_buffer = 16384;
    if (const char *e = std::getenv("FI_OFI_RXM_BUFFER_SIZE"); e && *e) rxm_buffer = std::strtoull(e, nullptr, 0);
    constexpr size_t kRxmHeaderMargin = 256;
    eager_bytes_ = rxm_buffer > kRxmHeaderMargin ? rxm_buffer - kRxmHeaderMargin : 0;
  }
  if (info_->ep_attr->max_msg_size < buf_bytes_)
    bootstrap::fatal("ofi conduit: provider " + std::string(info_->fabric_attr->prov_name) + " sends at most " +
                     std::to_string(info_->ep_attr->max_msg_size) + " bytes per message; GEX_OFI_MAX_MEDIUM needs " +
                     std::to_string(buf_bytes_));

  if ((rc = lib.fabric(info_->fabric_attr, &fabric_, nullptr))) fail("fi_fabric", rc);
  if ((rc = fi_domain(fabric_, info_, &domain_, nullptr))) fail("fi_domain", rc);
  fi_cq_attr cq_attr{};
  cq_attr.format = FI_CQ_FORMAT_CONTEXT;
  cq_attr.wait_obj = FI_WAIT_NONE;
  cq_attr.size = kSendSlots + kMaxRmaOps + 64;
  if ((rc = fi_cq_open(domain_, &cq_attr, &txcq_, nullptr))) fail("fi_cq_open (transmit)", rc);
  cq_attr.size = size_t(size_) * (2 * credits_per_class_ + 4) + 64;
  if ((rc = fi_cq_open(domain_, &cq_attr, &rxcq_, nullptr))) fail("fi_cq_open (receive)", rc);
  fi_av_attr av_attr{};
  av_attr.type = FI_AV_UNSPEC;
  av_attr.count = size_;
  if ((rc = fi_av_open(domain_, &av_attr, &av_, nullptr))) fail("fi_av_open", rc);
  if ((rc = fi_endpoint(domain_, info_, &ep_, nullptr))) fail("fi_endpoint", rc);
  if ((rc = fi_ep_bind(ep_, &av_->fid, 0))) fail("fi_ep_bind (address vector)", rc);
  if ((rc = fi_ep_bind(ep_, &txcq_->fid, FI_TRANSMIT))) fail("fi_ep_bind (transmit queue)", rc);
  if ((rc = fi_ep_bind(ep_, &rxcq_->fid, FI_RECV))) fail("fi_ep_bind (receive queue)", rc);
  if ((rc = fi_enable(ep_))) fail("fi_enable", rc);
}

fid_mr *OfiTransport::reg(void *base, size_t bytes, uint64_t access, void **desc) {
  fid_mr *mr = nullptr;
  int rc = fi_mr_reg(domain_, base, bytes, access, 0, mr_prov_key_ ? 0 : next_key_++, 0, &mr, nullptr);
  if (rc) fail("fi_mr_reg of " + std::to_string(bytes) + " bytes", rc);
  if (mr_endpoint_) {
    if ((rc = fi_mr_bind(mr, &ep_->fid, 0))) fail("fi_mr_bind", rc);
    if ((rc = fi_mr_enable(mr))) fail("fi_mr_enable", rc);
  }
  if (desc) *desc = fi_mr_desc(mr);
  return mr;
}

void OfiTransport::make_buffers() {
  const size_t nrecv = size_t(size_) * (2 * credits_per_class_ + 4);
  recv_region_bytes_ = nrecv * buf_bytes_;
  send_region_bytes_ = kSendSlots * buf_bytes_;
  recv_region_ = static_cast<char *>(std::aligned_alloc(4096, (recv_region_bytes_ + 4095) & ~size_t(4095)));
  send_region_ = static_cast<char *>(std::aligned_alloc(4096, (send_region_bytes_ + 4095) & ~size_t(4095)));
  bounce_region_ = static_cast<char *>(std::aligned_alloc(4096, kBounceRegionBytes));
  if (!recv_region_ || !send_region_ || !bounce_region_) bootstrap::fatal("ofi conduit: out of memory for AM buffers");
  if (mr_local_) {
    recv_mr_ = reg(recv_region_, recv_region_bytes_, FI_RECV, nullptr);
    send_mr_ = reg(send_region_, send_region_bytes_, FI_SEND, nullptr);
    if (rma_) bounce_mr_ = reg(bounce_region_, kBounceRegionBytes, FI_WRITE, &bounce_desc_);
  }
  for (size_t i = 0; i < kBounceSlots; ++i) free_bounce_.push_back(bounce_region_ + i * kBounceBytes);
  char *big = bounce_region_ + kBounceSlots * kBounceBytes;
  for (size_t i = 0; i < kBigBounceSlots; ++i) free_big_bounce_.push_back(big + i * kBigBounceBytes);
  recv_slots_.resize(nrecv);
  for (size_t i = 0; i < nrecv; ++i) {
    RecvSlot &r = recv_slots_[i];
    r.op.kind = OpKind::Recv;
    r.buf = recv_region_ + i * buf_bytes_;
    r.owe_class = -1;
    if (!post_recv(&r)) repost_.push_back(&r);
  }
  send_slots_.resize(kSendSlots);
  for (size_t i = 0; i < kSendSlots; ++i) {
    SendSlot &s = send_slots_[i];
    s.op.kind = OpKind::Send;
    s.buf = send_region_ + i * buf_bytes_;
    free_send_.push_back(&s);
  }
  credits_.assign(size_t(size_) * 2, credits_per_class_);
  owed_.assign(size_t(size_) * 2, 0);
  credit_due_flag_.assign(size_, 0);
  peer_regions_.resize(size_);
}

void OfiTransport::exchange_addresses() {
  struct Name {
    uint32_t len;
    char bytes[kAddrBytes - 4];
  } mine{};
  size_t len = sizeof mine.bytes;
  int rc = fi_getname(&ep_->fid, mine.bytes, &len);
  if (rc) fail("fi_getname (endpoint address of " + std::to_string(len) + " bytes)", rc);
  mine.len = uint32_t(len);
  std::vector<Name> all(size_);
  bootstrap::allgather(&mine, sizeof mine, all.data());
  addr_.assign(size_, FI_ADDR_NOTAVAIL);
  for (uint32_t r = 0; r < size_; ++r) {
    fi_addr_t a = FI_ADDR_NOTAVAIL;
    rc = fi_av_insert(av_, all[r].bytes, 1, &a, 0, nullptr);
    if (rc != 1) fail("fi_av_insert (address of rank " + std::to_string(r) + ")", rc < 0 ? rc : -FI_EINVAL);
    addr_[r] = a;
  }
}

bool OfiTransport::post_recv(RecvSlot *r) {
  ssize_t rc = fi_recv(ep_, r->buf, buf_bytes_, recv_mr_ ? fi_mr_desc(recv_mr_) : nullptr, FI_ADDR_UNSPEC, &r->op.ctx);
  if (rc == -FI_EAGAIN) return false;
  if (rc) fail("fi_recv", rc);
  return true;
}

void OfiTransport::recv_done(RecvSlot *r) {
  if (!post_recv(r)) {
    repost_.push_back(r);
    return;
  }
  if (r->owe_class < 0) return;
  const uint32_t peer = r->owe_peer;
  uint32_t &owed = owed_[size_t(peer) * 2 + size_t(r->owe_class)];
  r->owe_class = -1;
  ++owed;
  // Half a class's credits owed and no message going that way to carry them: a credit-only one.
  const uint32_t threshold = credits_per_class_ > 1 ? credits_per_class_ / 2 : 1;
  if (owed >= threshold && !credit_due_flag_[peer]) {
    credit_due_flag_[peer] = 1;
    credit_due_.push_back(peer);
  }
}

SendSlot *OfiTransport::take_send_slot() {
  if (free_send_.empty()) return nullptr;
  SendSlot *s = free_send_.back();
  free_send_.pop_back();
  s->extra = nullptr;
  s->extra_len = 0;
  s->lc = nullptr;
  return s;
}

void OfiTransport::free_send_slot(SendSlot *s) { free_send_.push_back(s); }

void OfiTransport::fill_header(SendSlot *s, uint32_t dest, const AmMessage &msg) {
  auto *h = reinterpret_cast<Wire *>(s->buf);
  h->type = msg.is_request ? kRequest : kReply;
  h->category = uint8_t(msg.category);
  h->handler = msg.handler;
  h->nargs = msg.nargs;
  h->src_ep = msg.src_ep;
  h->dest_ep = msg.dest_ep;
  h->src_jobrank = rank_;
  h->nbytes = msg.category == AmCategory::Short ? 0 : msg.nbytes;
  // Piggyback the credits owed to the destination.
  uint32_t *owed = &owed_[size_t(dest) * 2];
  h->credit_req = uint16_t(owed[0]);
  h->credit_rep = uint16_t(owed[1]);
  owed[0] = owed[1] = 0;
  h->flags = 0;
  h->dest_addr = reinterpret_cast<uintptr_t>(msg.dest_addr);
  if (msg.nargs) std::memcpy(s->buf + kHeaderBytes, msg.args, 4 * size_t(msg.nargs));
  s->dest = dest;
}

int OfiTransport::post_send(SendSlot *s) {
  void *desc = send_mr_ ? fi_mr_desc(send_mr_) : nullptr;
  if (s->extra) {
    iovec iov[2] = {{s->buf, s->len}, {const_cast<void *>(s->extra), s->extra_len}};
    void *descs[2] = {desc, nullptr};
    return int(fi_sendv(ep_, iov, descs, 2, addr_[s->dest], &s->op.ctx));
  }
  return int(fi_send(ep_, s->buf, s->len, desc, addr_[s->dest], &s->op.ctx));
}

Status OfiTransport::am_send(uint32_t dest, const AmMessage &msg, Counter *lc) {
  Guard g(*this);
  const size_t cls = msg.is_request ? 0 : 1;
  uint32_t &credit = credits_[size_t(dest) * 2 + cls];
  if (!credit) return Status::NoResources;
  SendSlot *s = take_send_slot();
  if (!s) {
    reap_tx(kSendSlots);
    if (!(s = take_send_slot())) return Status::NoResources;
  }
  const uint16_t saved_owed[2] = {uint16_t(owed_[size_t(dest) * 2]), uint16_t(owed_[size_t(dest) * 2 + 1])};
  // Nothing was sent: undo everything (the credits the header carried, its lc, the slot).
  auto not_sent = [&] {
    if (s->lc) s->lc->fetch_sub(1, std::memory_order_relaxed);
    owed_[size_t(dest) * 2] += saved_owed[0];
    owed_[size_t(dest) * 2 + 1] += saved_owed[1];
    free_send_slot(s);
    return Status::NoResources;
  };
  fill_header(s, dest, msg);
  const size_t off = payload_offset(msg.nargs);
  s->len = off;
  const size_t n = msg.category == AmCategory::Short ? 0 : msg.nbytes;
  if (msg.category == AmCategory::Long && lc && off + n > eager_bytes_ && rma_ && !mr_local_) {
    // Above the eager size the message would be a rendezvous (a round trip before the data
    // moves): write the payload into the target's segment instead, and send the message behind
    // the write (FI_ORDER_SAW) or once the write is delivered.
    const uint64_t a = reinterpret_cast<uintptr_t>(msg.dest_addr);
    const PeerRegion *region = nullptr;
    for (const PeerRegion &p : peer_regions_[dest])
      if (a >= p.base && a - p.base <= p.bytes && n <= p.bytes - (a - p.base)) {
        region = &p;
        break;
      }
    if (region) {
      RmaOp *op = take_rma_op();
      if (!op) return not_sent();
      reinterpret_cast<Wire *>(s->buf)->flags = kPayloadPlaced;
      const fi_rma_iov rma{mr_virt_ ? a : a - region->base, n, region->rkey};  // as remote_address gives it
      // With FI_ORDER_SAW the message may follow the write at once: the target processes it
      // after the payload is placed. Otherwise it waits for the write's delivery.
      const uint64_t wflags = send_after_write_ ? FI_COMPLETION : FI_COMPLETION | FI_DELIVERY_COMPLETE;
      const ssize_t wrc = write_msg(dest, msg.payload, n, nullptr, rma, op, wflags);
      if (wrc == -FI_EAGAIN) {
        free_rma_.push_back(op);
        return not_sent();
      }
      if (wrc) fail("fi_writemsg (AM Long payload) of " + std::to_string(n) + " bytes to rank " + std::to_string(dest), wrc);
      --credit;
      if (send_after_write_) {
        // lc waits for the write's completion (the source's reuse), the message for nothing.
        op->c1 = lc;
        lc->fetch_add(1, std::memory_order_relaxed);
        const int rc = post_send(s);
        if (rc == -FI_EAGAIN) {
          // The write is out, so the message must follow from the backlog; lc waits for it too,
          // so that the caller's later messages stay behind it.
          s->lc = lc;
          lc->fetch_add(1, std::memory_order_relaxed);
          backlog_.push_back(s);
        } else if (rc) {
          fail("fi_send (AM Long header) to rank " + std::to_string(dest), rc);
        }
        return Status::Pending;
      }
      // The caller's lc completes with the message's send, so a caller that waits for it still
      // has its later messages behind this one.
      s->lc = lc;
      lc->fetch_add(1, std::memory_order_relaxed);
      op->long_header = s;
      return Status::Pending;
    }
  }
  if (n) {
    if (n <= kCopyBytes || mr_local_ || copy_always_ || !lc) {
      std::memcpy(s->buf + off, msg.payload, n);
      s->len += n;
      if (s->len > eager_bytes_ && lc) {  // rendezvous: complete only when the provider says so
        s->lc = lc;
        lc->fetch_add(1, std::memory_order_relaxed);
      }
    } else {
      s->extra = msg.payload;
      s->extra_len = n;
      s->lc = lc;
      lc->fetch_add(1, std::memory_order_relaxed);
    }
  }
  const int rc = post_send(s);
  if (rc == -FI_EAGAIN) return not_sent();
  if (rc) fail("fi_send to rank " + std::to_string(dest), rc);
  --credit;
  return s->lc ? Status::Pending : Status::Done;
}

namespace {
// The negotiated-payload Medium this thread has reserved (reserve_medium to its commit or cancel).
struct Reservation {
  SendSlot *slot = nullptr;
  uint32_t dest = 0;
  bool is_request = false;
};
thread_local Reservation t_reservation;
}  // namespace

void *OfiTransport::reserve_medium(uint32_t dest, bool is_request, unsigned nargs, size_t max_payload) {
  if (max_payload > max_medium_) return nullptr;
  Guard g(*this);
  uint32_t &credit = credits_[size_t(dest) * 2 + !is_request];
  if (!credit) return nullptr;
  SendSlot *s = take_send_slot();
  if (!s) {
    reap_tx(kSendSlots);
    if (!(s = take_send_slot())) return nullptr;
  }
  --credit;
  t_reservation = Reservation{s, dest, is_request};
  return s->buf + payload_offset(nargs);
}

void OfiTransport::commit_medium(uint32_t dest, const AmMessage &msg) {
  Guard g(*this);
  SendSlot *s = t_reservation.slot;
  t_reservation = Reservation{};
  fill_header(s, dest, msg);  // the payload is in place already
  s->len = payload_offset(msg.nargs) + msg.nbytes;
  const int rc = post_send(s);
  if (rc == -FI_EAGAIN) {
    backlog_.push_back(s);  // the credit is spent: it goes out at the next poll
    return;
  }
  if (rc) fail("fi_send to rank " + std::to_string(dest), rc);
}

void OfiTransport::cancel_medium(uint32_t dest, bool is_request) {
  Guard g(*this);
  free_send_slot(t_reservation.slot);
  t_reservation = Reservation{};
  ++credits_[size_t(dest) * 2 + !is_request];
}

void OfiTransport::flush_backlog() {
  while (!backlog_.empty()) {
    SendSlot *s = backlog_.front();
    const int rc = post_send(s);
    if (rc == -FI_EAGAIN) return;
    if (rc) fail("fi_send to rank " + std::to_string(s->dest), rc);
    backlog_.pop_front();
  }
}

void OfiTransport::send_owed_credits() {
  const uint32_t threshold = credits_per_class_ > 1 ? credits_per_class_ / 2 : 1;
  while (!credit_due_.empty()) {
    const uint32_t peer = credit_due_.back();
    uint32_t *owed = &owed_[size_t(peer) * 2];
    if (owed[0] < threshold && owed[1] < threshold) {  // piggybacked meanwhile
      credit_due_.pop_back();
      credit_due_flag_[peer] = 0;
      continue;
    }
    SendSlot *s = take_send_slot();
    if (!s) return;
    auto *h = reinterpret_cast<Wire *>(s->buf);
    std::memset(h, 0, sizeof *h);
    h->type = kCredit;
    h->src_jobrank = rank_;
    h->credit_req = uint16_t(owed[0]);
    h->credit_rep = uint16_t(owed[1]);
    s->dest = peer;
    s->len = kHeaderBytes;
    const int rc = post_send(s);
    if (rc == -FI_EAGAIN) {
      free_send_slot(s);
      return;
    }
    if (rc) fail("fi_send (credits) to rank " + std::to_string(peer), rc);
    owed[0] = owed[1] = 0;
    credit_due_.pop_back();
    credit_due_flag_[peer] = 0;
  }
}

void *OfiTransport::cq_error(fid_cq *cq, const char *which) {
  fi_cq_err_entry err{};
  char buf[256] = "";
  if (fi_cq_readerr(cq, &err, 0) < 0) bootstrap::fatal(std::string("ofi conduit: ") + which + " completion error (unreadable)");
  // An ending job, or a fault-tolerant one (GEX_FAULT_TOLERANT=1) where the peer died and its
  // monitor marks it failed, or one where a rank was asked to end (gaspi_proc_kill): the
  // operation is finished quietly (its counters complete).
  if (bootstrap::job_ending() || bootstrap::fault_tolerant() || bootstrap::kill_request_count() != 0)
    return err.op_context;
  const char *detail = fi_cq_strerror(cq, err.prov_errno, err.err_data, buf, sizeof buf);
  std::string what = "ofi conduit: " + std::string(which) + " completion error: " + errstr(err.err) +
                     (detail ? std::string(" (") + detail + ")" : std::string());
  if (err.op_context) {
    auto *op = static_cast<OpBase *>(err.op_context);
    if (op->kind == OpKind::Send)
      what += " sending to rank " + std::to_string(reinterpret_cast<SendSlot *>(op)->dest);
  }
  bootstrap::fatal(what);
}

void OfiTransport::finish_tx(void *op_context) {
  auto *op = static_cast<OpBase *>(op_context);
  if (!op) return;
  if (op->kind == OpKind::Send) {
    auto *s = reinterpret_cast<SendSlot *>(op);
    if (s->lc) s->lc->fetch_sub(1, std::memory_order_release);
    free_send_slot(s);
  } else if (op->kind == OpKind::Rma) {
    auto *r = reinterpret_cast<RmaOp *>(op);
    if (r->local_mr) fi_close(&r->local_mr->fid);
    if (r->pin) fh_release_.push_back(r->pin);  // released once the lock is dropped (poll)
    if (r->rpin) fh_release_.push_back(r->rpin);
    if (r->c1) r->c1->fetch_sub(1, std::memory_order_release);
    if (r->c2) r->c2->fetch_sub(1, std::memory_order_release);
    if (r->bounce) return_bounce(r->bounce);
    if (SendSlot *h = r->long_header) {
      // The payload is at the target: now its message (credit already spent at am_send).
      const int rc = post_send(h);
      if (rc == -FI_EAGAIN) backlog_.push_back(h);
      else if (rc) fail("fi_send (AM Long header) to rank " + std::to_string(h->dest), rc);
    }
    free_rma_.push_back(r);
  }
}

// The pool a bounce buffer came from: the big ones lie after the small ones.
std::vector<char *> &OfiTransport::bounce_pool(size_t n) { return n <= kBounceBytes ? free_bounce_ : free_big_bounce_; }

void OfiTransport::return_bounce(char *b) {
  (b < bounce_region_ + kBounceSlots * kBounceBytes ? free_bounce_ : free_big_bounce_).push_back(b);
}

unsigned OfiTransport::reap_tx(unsigned max) {
  fi_cq_entry entries[16];
  unsigned done = 0;
  while (done < max) {
    const ssize_t n = fi_cq_read(txcq_, entries, 16);
    if (n == -FI_EAGAIN) break;
    if (n == -FI_EAVAIL) {  // only while the job ends: the operation is over
      finish_tx(cq_error(txcq_, "transmit"));
      ++done;
      continue;
    }
    if (n < 0) fail("fi_cq_read (transmit)", n);
    for (ssize_t i = 0; i < n; ++i) finish_tx(entries[i].op_context);
    done += unsigned(n);
  }
  return done;
}

void OfiTransport::release_pins(std::vector<const firehose::Request *> &pending) {
  if (pending.empty()) return;
  try {
    fh_->release(pending.data(), pending.size());
  } catch (const std::exception &e) {
    bootstrap::fatal(std::string("ofi conduit: ") + e.what());
  }
  pending.clear();
}

void OfiTransport::drain_released() {
  std::vector<const firehose::Request *> released;
  {
    Guard g(*this);
    if (fh_release_.empty()) return;
    released.swap(fh_release_);
  }
  release_pins(released);
}

unsigned OfiTransport::poll(unsigned budget, bool replies_only) {
  std::vector<const firehose::Request *> released;
  const unsigned n = poll_locked(budget, replies_only, released);
  release_pins(released);
  return n;
}

unsigned OfiTransport::poll_locked(unsigned budget, bool replies_only, std::vector<const firehose::Request *> &released) {
  Guard g(*this);
  reap_tx(~0u);
  if (__builtin_expect(!delayed_puts_.empty(), 0)) issue_delayed_puts();
  if (!fh_out_.empty()) flush_fh();
  for (size_t i = repost_.size(); i-- > 0;) {
    RecvSlot *r = repost_[i];
    repost_.erase(repost_.begin() + long(i));
    recv_done(r);
  }
  flush_backlog();
  if (!credit_due_.empty()) send_owed_credits();

  // One thread delivers at a time (handlers run with the mutex released): two threads taking
  // turns at the completion queue would run one sender's messages out of order (GASPI's
  // write_notify relies on that order; a GASPI progress thread polls beside the program's).
  // The delivering thread itself may poll again from inside a handler (replies only).
  const std::thread::id self = std::this_thread::get_id();
  if (deliverer_ != std::thread::id() && deliverer_ != self) return 0;
  const bool outermost = deliverer_ == std::thread::id();
  deliverer_ = self;
  struct DelivererReset {
    OfiTransport &t;
    bool outermost;
    ~DelivererReset() { if (outermost) t.deliverer_ = std::thread::id(); }  // under the mutex (g)
  } reset{*this, outermost};

  unsigned delivered = 0;
  auto deliver = [&](RecvSlot *r) {
    const auto *h = reinterpret_cast<const Wire *>(r->buf);
    AmMessage m{};
    m.category = AmCategory(h->category);
    m.is_request = h->type == kRequest;
    m.handler = h->handler;
    m.nargs = h->nargs;
    m.src_ep = h->src_ep;
    m.dest_ep = h->dest_ep;
    m.src_jobrank = h->src_jobrank;
    m.nbytes = h->nbytes;
    m.dest_addr = reinterpret_cast<void *>(uintptr_t(h->dest_addr));
    m.args = reinterpret_cast<const int32_t *>(r->buf + kHeaderBytes);
    const char *payload = r->buf + payload_offset(h->nargs);
    g.unlock();
    if (h->type == kFhRequest || h->type == kFhReply) {
      // firehose's own: the target pins (move) and queues the reply; the requester records keys.
      uint32_t src = h->src_jobrank;
      try {
        if (h->type == kFhRequest) fh_->handle_request(src, payload, h->nbytes, &src);
        else fh_->handle_reply(src, payload, h->nbytes);
      } catch (const std::exception &e) {
        bootstrap::fatal(std::string("ofi conduit: ") + e.what());
      }
      g.lock();
      r->owe_peer = src;
      r->owe_class = h->type == kFhRequest ? 0 : 1;
      recv_done(r);
      ++delivered;
      return;
    }
    if (m.category == AmCategory::Long) {
      // The payload is in place before the handler runs (written there already by the sender's
      // fi_write, delivery complete before this message was sent, when kPayloadPlaced).
      if (m.nbytes && !(h->flags & kPayloadPlaced)) std::memcpy(m.dest_addr, payload, m.nbytes);
      m.payload = m.dest_addr;
    } else if (m.category == AmCategory::Medium) {
      m.payload = payload;
    }
    deliver_(m);
    g.lock();
    r->owe_peer = h->src_jobrank;
    r->owe_class = m.is_request ? 0 : 1;
    recv_done(r);
    ++delivered;
  };

  while (!replies_only && delivered < budget && !deferred_.empty()) {
    RecvSlot *r = deferred_.front();
    deferred_.pop_front();
    deliver(r);
  }
  fi_cq_entry entries[16];
  while (delivered < budget) {
    const size_t want = budget - delivered < 16 ? budget - delivered : 16;
    const ssize_t n = fi_cq_read(rxcq_, entries, want);
    if (n == -FI_EAGAIN) break;
    if (n == -FI_EAVAIL) {  // only while the job ends: drop it
      cq_error(rxcq_, "receive");
      continue;
    }
    if (n < 0) fail("fi_cq_read (receive)", n);
    for (ssize_t i = 0; i < n; ++i) {
      auto *r = reinterpret_cast<RecvSlot *>(static_cast<OpBase *>(entries[i].op_context));
      const auto *h = reinterpret_cast<const Wire *>(r->buf);
      if (h->src_jobrank >= size_ || h->type < kRequest || h->type > kFhReply || (h->type >= kFhRequest && !fh_))
        bootstrap::fatal("ofi conduit: malformed message received (type " + std::to_string(h->type) + ", source " +
                         std::to_string(h->src_jobrank) + ")");
      credits_[size_t(h->src_jobrank) * 2] += h->credit_req;
      credits_[size_t(h->src_jobrank) * 2 + 1] += h->credit_rep;
      if (h->type == kCredit) {
        r->owe_class = -1;
        recv_done(r);
      } else if (h->type == kRequest && replies_only) {
        // (a firehose request runs even now: it only registers and queues its reply, never waits,
        // so a handler's any-address RMA cannot deadlock with a peer in the same state)
        deferred_.push_back(r);  // its buffer and credit stay held until it runs
      } else {
        deliver(r);
      }
    }
  }
  if (!credit_due_.empty()) send_owed_credits();
  if (!fh_release_.empty()) released.swap(fh_release_);
  return delivered;
}

// ---- RMA --------------------------------------------------------------------------------------

RmaOp *OfiTransport::take_rma_op() {
  if (free_rma_.empty()) {
    if (rma_ops_.size() >= kMaxRmaOps) return nullptr;
    auto *op = new RmaOp{};
    op->op.kind = OpKind::Rma;
    rma_ops_.push_back(op);
    free_rma_.push_back(op);
  }
  RmaOp *op = free_rma_.back();
  free_rma_.pop_back();
  op->c1 = op->c2 = nullptr;
  op->bounce = nullptr;
  op->long_header = nullptr;
  op->local_mr = nullptr;
  op->pin = op->rpin = nullptr;
  return op;
}

// One fi_writemsg of [from, from+n) to `rma` at `jobrank`, completing `op`.
ssize_t OfiTransport::write_msg(uint32_t jobrank, const void *from, size_t n, void *desc, const fi_rma_iov &rma, RmaOp *op,
                                uint64_t flags) {
  iovec iov{const_cast<void *>(from), n};
  fi_msg_rma msg{};
  msg.msg_iov = &iov;
  msg.desc = &desc;
  msg.iov_count = 1;
  msg.addr = addr_[jobrank];
  msg.rma_iov = &rma;
  msg.rma_iov_count = 1;
  msg.context = &op->op.ctx;
  return fi_writemsg(ep_, &msg, flags);
}

uint64_t OfiTransport::remote_address(uint32_t jobrank, const void *addr, uint64_t rkey) const {
  const uint64_t a = reinterpret_cast<uintptr_t>(addr);
  if (mr_virt_) return a;
  for (const PeerRegion &p : peer_regions_[jobrank])
    if (p.rkey == rkey && a >= p.base && a - p.base <= p.bytes) return a - p.base;
  bootstrap::fatal("ofi conduit: no registered memory of rank " + std::to_string(jobrank) + " holds address " +
                   std::to_string(a));
}

bool OfiTransport::local_desc(const void *p, size_t n, LocalBuf &out) {
  const uintptr_t a = reinterpret_cast<uintptr_t>(p);
  {
    Guard g(*this);
    for (const LocalRegion &r : local_regions_)
      if (a >= r.base && a - r.base <= r.bytes && n <= r.bytes - (a - r.base)) {
        out.desc = fi_mr_desc(r.mr);
        return true;
      }
  }
  if (!fh_) {  // RMA without firehose (cannot happen: it starts with FI_MR_LOCAL)
    out.oneoff = true;
    return true;
  }
  const size_t page = fh_->params().page_size;
  const uintptr_t a0 = a & ~uintptr_t(page - 1), a1 = (a + n + page - 1) & ~uintptr_t(page - 1);
  if (a1 - a0 > fh_->info().max_local_pin_size) {
    out.oneoff = true;  // larger than any region firehose may cache
    return true;
  }
  try {
    out.pin = fh_->local_pin_nowait(a, n);
  } catch (const std::exception &e) {
    bootstrap::fatal(std::string("ofi conduit: ") + e.what());
  }
  if (!out.pin) return false;
  out.desc = fi_mr_desc(reinterpret_cast<fid_mr *>(uintptr_t(out.pin->key.handle)));
  return true;
}

void OfiTransport::queue_fh(uint32_t dest, bool request, const void *payload, size_t bytes) {
  const auto *b = static_cast<const unsigned char *>(payload);
  fh_out_.push_back(FhMsg{dest, request, std::vector<unsigned char>(b, b + bytes)});
  flush_fh();
}

void OfiTransport::flush_fh() {
  for (auto it = fh_out_.begin(); it != fh_out_.end();) {
    uint32_t &credit = credits_[size_t(it->dest) * 2 + (it->request ? 0 : 1)];
    if (!credit) {  // this peer's class is out of credits: the others may still go
      ++it;
      continue;
    }
    SendSlot *s = take_send_slot();
    if (!s) return;
    AmMessage m{};
    m.category = AmCategory::Medium;
    m.is_request = it->request;
    m.nbytes = uint32_t(it->bytes.size());
    const uint32_t saved[2] = {owed_[size_t(it->dest) * 2], owed_[size_t(it->dest) * 2 + 1]};
    fill_header(s, it->dest, m);
    reinterpret_cast<Wire *>(s->buf)->type = it->request ? kFhRequest : kFhReply;
    std::memcpy(s->buf + payload_offset(0), it->bytes.data(), it->bytes.size());
    s->len = payload_offset(0) + it->bytes.size();
    const int rc = post_send(s);
    if (rc == -FI_EAGAIN) {
      owed_[size_t(it->dest) * 2] += saved[0];
      owed_[size_t(it->dest) * 2 + 1] += saved[1];
      free_send_slot(s);
      return;
    }
    if (rc) fail("fi_send (firehose) to rank " + std::to_string(it->dest), rc);
    --credit;
    it = fh_out_.erase(it);
  }
}

namespace {
// A remote pin's miss in flight: its completion only releases the pin (it stays cached, idle)
// and lets the next try of the put/get find it.
struct RemoteMiss {
  firehose::Firehose *fh;
  std::mutex *mutex;
  std::vector<std::pair<uint32_t, uintptr_t>> *inflight;
  uint32_t node;
  uintptr_t page;
};
void remote_pinned(void *context, const firehose::Request *req, bool) {
  auto *m = static_cast<RemoteMiss *>(context);
  m->fh->release(req);
  {
    std::lock_guard<std::mutex> lock(*m->mutex);
    auto &v = *m->inflight;
    for (size_t i = 0; i < v.size(); ++i)
      if (v[i].first == m->node && v[i].second == m->page) {
        v.erase(v.begin() + long(i));
        break;
      }
  }
  delete m;
}
}  // namespace

const firehose::Request *OfiTransport::remote_pin(uint32_t jobrank, const void *addr, size_t n) {
  const uintptr_t a = reinterpret_cast<uintptr_t>(addr);
  const uintptr_t page = a & ~uintptr_t(fh_->params().page_size - 1);
  try {
    // A hit: this rank holds a pin covering it (no message at all).
    if (const firehose::Request *r = fh_->try_remote_pin(jobrank, a, n, 0)) return r;
    {
      std::lock_guard<std::mutex> lock(fh_inflight_mutex_);
      for (const auto &p : fh_inflight_)
        if (p.first == jobrank && p.second == page) return nullptr;  // asked already: wait for the reply
      fh_inflight_.emplace_back(jobrank, page);
    }
    auto *miss = new RemoteMiss{fh_.get(), &fh_inflight_mutex_, &fh_inflight_, jobrank, page};
    bool refused = false;
    const firehose::Request *r = fh_->remote_pin_nowait(jobrank, a, n, firehose::kFlagReturnIfPinned, nullptr, nullptr,
                                                        remote_pinned, miss, refused);
    if (r || refused) {  // a hit after all, or the budget at that peer is all in use: no callback
      std::lock_guard<std::mutex> lock(fh_inflight_mutex_);
      for (size_t i = 0; i < fh_inflight_.size(); ++i)
        if (fh_inflight_[i].first == jobrank && fh_inflight_[i].second == page) {
          fh_inflight_.erase(fh_inflight_.begin() + long(i));
          break;
        }
      delete miss;
    }
    return r;  // null on a miss: its request is queued, remote_pinned runs when the reply comes
  } catch (const std::exception &e) {
    bootstrap::fatal(std::string("ofi conduit: ") + e.what());
  }
}

// The address to name in fi_write/fi_read for memory a remote pin covers: the peer registered the
// region at req->addr, so an offset into it unless the provider addresses by virtual address.
uint64_t OfiTransport::pinned_address(const firehose::Request *req, const void *addr) const {
  const uint64_t a = reinterpret_cast<uintptr_t>(addr);
  return mr_virt_ ? a : a - req->addr;
}

Status OfiTransport::put(uint32_t jobrank, void *remote_addr, uint64_t rkey, const void *src, size_t n,
                         Counter *c_local, Counter *c_remote) {
  if (!n) return Status::Done;
  if (fh_) drain_released();
  // Any address: the remote pin first, then the local one (firehose's precedence rule).
  const firehose::Request *rpin = nullptr;
  if (rkey == kAnyAddress && !(rpin = remote_pin(jobrank, remote_addr, n))) return Status::NoResources;
  // Small and wanted back at once: copied (below), so no local registration of src is needed.
  const bool bounce = c_local && n <= kBigBounceBytes;
  LocalBuf lb;
  if (mr_local_ && !bounce && !local_desc(src, n, lb)) {
    if (rpin) fh_->release(rpin);
    return Status::NoResources;
  }
  Guard g(*this);
  RmaOp *op = take_rma_op();
  if (!op || (bounce && bounce_pool(n).empty())) {
    if (op) free_rma_.push_back(op);
    reap_tx(~0u);
    if (!(op = take_rma_op()) || (bounce && bounce_pool(n).empty())) {
      if (op) free_rma_.push_back(op);
      if (lb.pin) fh_release_.push_back(lb.pin);
      if (rpin) fh_release_.push_back(rpin);
      return Status::NoResources;
    }
  }
  void *desc = lb.desc;
  op->pin = lb.pin;
  op->rpin = rpin;
  if (lb.oneoff) op->local_mr = reg(const_cast<void *>(src), n, FI_WRITE, &desc);
  const void *from = src;
  if (bounce) {
    op->bounce = bounce_pool(n).back();
    bounce_pool(n).pop_back();
    std::memcpy(op->bounce, src, n);
    from = op->bounce;
    desc = bounce_desc_;
    c_local = nullptr;  // src is reusable now: nothing to wait for
  }
  const fi_rma_iov rma = rpin ? fi_rma_iov{pinned_address(rpin, remote_addr), n, rpin->key.rkey}
                              : fi_rma_iov{remote_address(jobrank, remote_addr, rkey), n, rkey};
  // Delivery complete when the caller wants remote completion: the completion then means the
  // data is visible at the target, and one completion serves both counters.
  const uint64_t flags = c_remote ? FI_COMPLETION | FI_DELIVERY_COMPLETE : FI_COMPLETION;
  ssize_t rc = 0;
  if (__builtin_expect(delay_puts_ns_ != 0, 0))  // tests: handed to the provider later (poll)
    delayed_puts_.push_back(DelayedPut{jobrank, from, n, desc, rma.addr, rma.key, op, flags, diag::now_ns() + delay_puts_ns_});
  else
    rc = write_msg(jobrank, from, n, desc, rma, op, flags);
  if (rc == -FI_EAGAIN) {
    if (op->local_mr) fi_close(&op->local_mr->fid);
    if (op->pin) fh_release_.push_back(op->pin);
    if (op->rpin) fh_release_.push_back(op->rpin);
    if (op->bounce) return_bounce(op->bounce);
    free_rma_.push_back(op);
    return Status::NoResources;
  }
  if (rc) fail("fi_writemsg of " + std::to_string(n) + " bytes to rank " + std::to_string(jobrank), rc);
  op->c1 = c_local;
  op->c2 = c_remote;
  if (c_local) c_local->fetch_add(1, std::memory_order_relaxed);
  if (c_remote) c_remote->fetch_add(1, std::memory_order_relaxed);
  return c_local || c_remote ? Status::Pending : Status::Done;  // a bounce returns at completion either way
}

void OfiTransport::issue_delayed_puts() {
  const uint64_t now = diag::now_ns();
  while (!delayed_puts_.empty() && delayed_puts_.front().due_ns <= now) {
    const DelayedPut &d = delayed_puts_.front();
    const ssize_t rc = write_msg(d.jobrank, d.from, d.n, d.desc, fi_rma_iov{d.raddr, d.n, d.rkey}, d.op, d.flags);
    if (rc == -FI_EAGAIN) return;
    if (rc) fail("fi_writemsg of " + std::to_string(d.n) + " bytes to rank " + std::to_string(d.jobrank), rc);
    delayed_puts_.pop_front();
  }
}

Status OfiTransport::get(uint32_t jobrank, void *dst, const void *remote_addr, uint64_t rkey, size_t n, Counter *c_done) {
  if (!n) return Status::Done;
  if (fh_) drain_released();
  const firehose::Request *rpin = nullptr;
  if (rkey == kAnyAddress && !(rpin = remote_pin(jobrank, remote_addr, n))) return Status::NoResources;
  LocalBuf lb;
  if (mr_local_ && !local_desc(dst, n, lb)) {
    if (rpin) fh_->release(rpin);
    return Status::NoResources;
  }
  Guard g(*this);
  RmaOp *op = take_rma_op();
  if (!op) {
    reap_tx(~0u);
    if (!(op = take_rma_op())) {
      if (lb.pin) fh_release_.push_back(lb.pin);
      if (rpin) fh_release_.push_back(rpin);
      return Status::NoResources;
    }
  }
  void *desc = lb.desc;
  op->pin = lb.pin;
  op->rpin = rpin;
  if (lb.oneoff) op->local_mr = reg(dst, n, FI_READ, &desc);
  const uint64_t raddr = rpin ? pinned_address(rpin, remote_addr) : remote_address(jobrank, remote_addr, rkey);
  const ssize_t rc = fi_read(ep_, dst, n, desc, addr_[jobrank], raddr, rpin ? rpin->key.rkey : rkey, &op->op.ctx);
  if (rc == -FI_EAGAIN) {
    if (op->local_mr) fi_close(&op->local_mr->fid);
    if (op->pin) fh_release_.push_back(op->pin);
    if (op->rpin) fh_release_.push_back(op->rpin);
    free_rma_.push_back(op);
    return Status::NoResources;
  }
  if (rc) fail("fi_read of " + std::to_string(n) + " bytes from rank " + std::to_string(jobrank), rc);
  op->c1 = c_done;
  if (c_done) c_done->fetch_add(1, std::memory_order_relaxed);
  return Status::Pending;
}

Registration OfiTransport::register_memory(void *base, size_t bytes) {
  if (!rma_ || !bytes) return {};
  Guard g(*this);
  fid_mr *mr = reg(base, bytes, FI_REMOTE_READ | FI_REMOTE_WRITE | FI_READ | FI_WRITE, nullptr);
  // RMA whose local buffer lies in here uses this registration (FI_MR_LOCAL), never firehose.
  local_regions_.push_back(LocalRegion{reinterpret_cast<uintptr_t>(base), bytes, mr});
  return Registration{fi_mr_key(mr), mr};
}

void OfiTransport::deregister_memory(const Registration &r) {
  if (!r.handle) return;
  Guard g(*this);
  for (size_t i = 0; i < local_regions_.size(); ++i)
    if (local_regions_[i].mr == r.handle) {
      local_regions_.erase(local_regions_.begin() + long(i));
      break;
    }
  fi_close(&static_cast<fid_mr *>(r.handle)->fid);
}

void OfiTransport::peer_memory(uint32_t jobrank, const void *owner_base, size_t bytes, uint64_t rkey) {
  if (!rma_ || !bytes || jobrank >= size_) return;
  Guard g(*this);
  peer_regions_[jobrank].push_back(PeerRegion{reinterpret_cast<uintptr_t>(owner_base), bytes, rkey});
}

}  // namespace gex::transport::ofi
