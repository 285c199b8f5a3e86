// firehose: the tables, the budgets and the move protocol (firehose.h says what; docs/firehose.md
// says how a transport uses it).
//
// Both variants share one algorithm over "units": the page variant splits every range into pages
// (each its own table entry), the region variant uses one region per pin (an existing one that
// covers the range, else the range rounded to pages). A unit costs one slot of a budget:
//  - local: units with a local reference or idle in the local FIFO (GASNet's LOnly) <= local_budget_;
//    units pinned only for peers do not count, their owners' budgets bound them;
//  - remote, per peer: units this rank holds at that peer (in use, pending, idle) <= remote_budget_.
// Victims are taken from the head of a FIFO (the least recently released first).
#include "firehose/firehose.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <thread>

#include "diag/diag.h"

namespace gex::firehose {

namespace {

// Request::flags (internal).
constexpr uint16_t kLive = 1;       // returned by a pin, not yet released
constexpr uint16_t kOwned = 2;      // firehose allocated it: release deletes it
constexpr uint16_t kPrepinned = 4;  // covered by prepinned memory: no references to drop
constexpr uint16_t kLocal = 8;      // a local pin (node == this rank)

// The firehose AM: a header, then the regions to pin, the regions to unpin, the remote-callback
// arguments. The reply: the header (n_old 0) and the pinned regions with their keys.
constexpr uint32_t kMsgRequest = 0x46480001, kMsgReply = 0x46480002;
struct MsgHeader {
  uint32_t kind;
  uint32_t n_new;
  uint32_t n_old;
  uint32_t args_bytes;
  uint64_t op_id;
};
struct WireRegion {
  uint64_t addr, len, rkey, handle;
};
static_assert(sizeof(MsgHeader) == 24 && sizeof(WireRegion) == 32);

void put_regions(std::vector<unsigned char> &out, const std::vector<Region> &rs) {
  for (const Region &r : rs) {
    WireRegion w{uint64_t(r.addr), uint64_t(r.len), r.key.rkey, r.key.handle};
    const auto *b = reinterpret_cast<const unsigned char *>(&w);
    out.insert(out.end(), b, b + sizeof w);
  }
}
std::vector<Region> get_regions(const unsigned char *p, size_t n) {
  std::vector<Region> rs(n);
  for (size_t i = 0; i < n; ++i) {
    WireRegion w;
    std::memcpy(&w, p + i * sizeof w, sizeof w);
    rs[i] = Region{uintptr_t(w.addr), size_t(w.len), ClientKey{w.rkey, w.handle}};
  }
  return rs;
}

std::string hex(uintptr_t v) {
  char b[32];
  std::snprintf(b, sizeof b, "0x%" PRIxPTR, v);
  return b;
}

}  // namespace

bool decode_move_request(const void *payload, size_t bytes, MoveRequest &out) {
  MsgHeader h;
  if (bytes < sizeof h) return false;
  std::memcpy(&h, payload, sizeof h);
  if (h.kind != kMsgRequest || bytes != sizeof h + (size_t(h.n_new) + h.n_old) * sizeof(WireRegion) + h.args_bytes)
    return false;
  const auto *p = static_cast<const unsigned char *>(payload) + sizeof h;
  out.pin = get_regions(p, h.n_new);
  out.unpin = get_regions(p + h.n_new * sizeof(WireRegion), h.n_old);
  out.args_bytes = h.args_bytes;
  return true;
}

const char *variant_name(Variant v) noexcept { return v == Variant::Page ? "page" : "region"; }

void coalesce(std::vector<Region> &rs) {
  if (rs.size() < 2) return;
  std::sort(rs.begin(), rs.end(), [](const Region &a, const Region &b) { return a.addr < b.addr; });
  size_t out = 0;
  for (size_t i = 1; i < rs.size(); ++i) {
    if (rs[out].addr + rs[out].len == rs[i].addr) rs[out].len += rs[i].len;
    else rs[++out] = rs[i];
  }
  rs.resize(out + 1);
}

// ---- FIFO ----------------------------------------------------------------------------------------

void Firehose::Fifo::push_back(Entry *e) {
  e->prev = tail, e->next = nullptr;
  (tail ? tail->next : head) = e;
  tail = e;
  e->in_fifo = true;
  ++count;
}

void Firehose::Fifo::remove(Entry *e) {
  (e->prev ? e->prev->next : head) = e->next;
  (e->next ? e->next->prev : tail) = e->prev;
  e->prev = e->next = nullptr;
  e->in_fifo = false;
  --count;
}

// ---- set-up --------------------------------------------------------------------------------------

Firehose::Firehose(const Params &params, Backend &backend, const Region *prepinned, size_t n_prepinned)
    : p_(params), backend_(backend) {
  const size_t page = p_.page_size;
  if (page == 0 || (page & (page - 1)))
    throw ConfigError("firehose_init: page size " + std::to_string(page) + " is not a power of two");
  if (p_.size == 0 || p_.rank >= p_.size)
    throw ConfigError("firehose_init: rank " + std::to_string(p_.rank) + " of " + std::to_string(p_.size));
  const size_t peers = p_.size > 1 ? p_.size - 1 : 1;
  if (p_.variant == Variant::Page) {
    local_budget_ = p_.maxvictim_M / page;
    remote_budget_ = p_.local_only ? 0 : (p_.M / page) / peers;
  } else {
    if (p_.max_region_size < page)
      throw ConfigError("firehose_init: GASNET_FIREHOSE_MAXREGION_SIZE (" + std::to_string(p_.max_region_size) +
                        ") is less than a page (" + std::to_string(page) + ")");
    p_.max_region_size &= ~(page - 1);
    local_budget_ = p_.maxvictim_R;
    remote_budget_ = p_.local_only ? 0 : p_.R / peers;
  }
  if (local_budget_ == 0)
    throw ConfigError(std::string("firehose_init: ") +
                      (p_.variant == Variant::Page ? "GASNET_FIREHOSE_MAXVICTIM_M is less than a page"
                                                   : "GASNET_FIREHOSE_MAXVICTIM_R is 0"));
  if (!p_.local_only && p_.size > 1 && remote_budget_ == 0)
    throw ConfigError(std::string("firehose_init: ") +
                      (p_.variant == Variant::Page ? "GASNET_FIREHOSE_M" : "GASNET_FIREHOSE_R") +
                      " leaves no room for one pin at each of the " + std::to_string(p_.size - 1) + " peers");
  const size_t fixed = sizeof(MsgHeader) + kMaxRemoteArgs;
  max_message_regions_ = p_.max_payload > fixed ? (p_.max_payload - fixed) / sizeof(WireRegion) : 0;
  if (!p_.local_only && p_.size > 1 && max_message_regions_ < 2)
    throw ConfigError("firehose_init: an AM Medium of " + std::to_string(p_.max_payload) +
                      " bytes cannot carry a move request (at least " +
                      std::to_string(fixed + 2 * sizeof(WireRegion)) + ")");

  if (p_.variant == Variant::Page) {
    info_.max_local_pin_size = local_budget_ * page;
    info_.max_remote_pin_size = std::min(max_message_regions_ / 2, remote_budget_) * page;
  } else {
    info_.max_local_pin_size = p_.max_region_size;
    info_.max_remote_pin_size = remote_budget_ ? p_.max_region_size : 0;
    info_.max_local_regions = local_budget_;
    info_.max_remote_regions = remote_budget_;
  }
  if (p_.local_only) info_.max_remote_pin_size = info_.max_remote_regions = 0;

  for (size_t i = 0; i < n_prepinned; ++i) {
    const Region &r = prepinned[i];
    if ((r.addr & (page - 1)) || (r.len & (page - 1)) || r.len == 0)
      throw ConfigError("firehose_init: prepinned region " + hex(r.addr) + "+" + std::to_string(r.len) +
                        " is not page aligned");
    prepinned_.push_back(r);
  }
  peers_.resize(p_.size);

  if (p_.verbose && p_.rank == 0)
    std::fprintf(stderr,
                 "libgex firehose (%s): M=%zu MAXVICTIM_M=%zu R=%zu MAXVICTIM_R=%zu MAXREGION_SIZE=%zu; "
                 "local budget %zu units, %zu units at each of %u peers; max local pin %zu, max remote pin %zu bytes\n",
                 variant_name(p_.variant), p_.M, p_.maxvictim_M, p_.R, p_.maxvictim_R, p_.max_region_size,
                 local_budget_, remote_budget_, p_.size - 1, info_.max_local_pin_size, info_.max_remote_pin_size);
}

Firehose::~Firehose() {
  for (auto &[id, op] : ops_) delete op;
  for (Op *op : completed_) delete op;
}

Stats Firehose::stats() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return stats_;
}

size_t Firehose::remote_units_used(uint32_t node) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return node < peers_.size() ? peers_[node].table.size() : 0;
}

size_t Firehose::local_units_counted() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return local_counted_;
}

// ---- lookups -------------------------------------------------------------------------------------

const Region *Firehose::prepinned_covering(uintptr_t addr, size_t len) const {
  for (const Region &r : prepinned_)
    if (addr >= r.addr && addr + len <= r.addr + r.len) return &r;
  return nullptr;
}

Firehose::Entry *Firehose::find(Table &table, uintptr_t addr, size_t len) {
  auto it = table.find(Key{addr, len});
  return it == table.end() ? nullptr : &it->second;
}

// The units a pin of [addr, addr+len) takes in `table`. `local`: prepinned memory counts (a range
// wholly inside a prepinned region needs no unit; the page variant skips prepinned pages).
std::vector<std::pair<uintptr_t, size_t>> Firehose::units_of(const Table &table, size_t max_len, uintptr_t addr,
                                                             size_t len, bool local, bool &prepinned,
                                                             ClientKey &prepinned_key) const {
  const size_t page = p_.page_size;
  const uintptr_t a0 = addr & ~uintptr_t(page - 1);
  const uintptr_t a1 = (addr + len + page - 1) & ~uintptr_t(page - 1);
  std::vector<std::pair<uintptr_t, size_t>> units;
  prepinned = false;
  if (local) {
    if (const Region *r = prepinned_covering(a0, a1 - a0)) {
      prepinned = true;
      prepinned_key = r->key;
      return units;
    }
  }
  if (p_.variant == Variant::Page) {
    for (uintptr_t a = a0; a < a1; a += page)
      if (!local || prepinned_.empty() || !prepinned_covering(a, page)) units.emplace_back(a, page);
    return units;
  }
  // Region: an existing region that covers the range (a ready one before a pending one), else new.
  if (const Entry *best = covering(table, max_len, a0, a1, false)) units.emplace_back(best->addr, best->len);
  else units.emplace_back(a0, a1 - a0);
  return units;
}

// A region of `table` that covers [a0, a1): a ready one if there is one, else (unless ready_only)
// a pending one. Regions start at most max_len before a1.
const Firehose::Entry *Firehose::covering(const Table &table, size_t max_len, uintptr_t a0, uintptr_t a1,
                                          bool ready_only) const {
  const uintptr_t from = a1 - a0 >= max_len ? a0 : (a1 > max_len ? a1 - max_len : 0);
  const Entry *best = nullptr;
  for (auto it = table.lower_bound(Key{from, 0}); it != table.end() && it->first.first <= a0; ++it) {
    const Entry &e = it->second;
    if (e.addr + e.len < a1 || (ready_only && e.pending)) continue;
    if (!best || (best->pending && !e.pending)) best = &e;
    if (!best->pending) break;
  }
  return best;
}

// partial pins: the first run of pinned memory in [addr, addr+len) (from its lowest pinned page,
// at most `limit` bytes: page variant, the pinned pages that follow it; region variant, one region
// that holds it). False when nothing in the range is pinned (pending counts as not pinned).
bool Firehose::first_pinned(const Table &table, size_t max_len, bool local, uintptr_t addr, size_t len, size_t limit,
                            uintptr_t &out_addr, size_t &out_len) const {
  const size_t page = p_.page_size;
  const uintptr_t a0 = addr & ~uintptr_t(page - 1);
  const uintptr_t a1 = (addr + len + page - 1) & ~uintptr_t(page - 1);
  auto page_pinned = [&](uintptr_t a) -> bool {
    if (local && !prepinned_.empty() && prepinned_covering(a, page)) return true;
    auto it = table.find(Key{a, page});
    return it != table.end() && !it->second.pending;
  };
  for (uintptr_t a = a0; a < a1; a += page) {
    if (p_.variant == Variant::Page) {
      if (!page_pinned(a)) continue;
      uintptr_t b = a + page;
      while (b < a1 && b - a < limit && page_pinned(b)) b += page;
      out_addr = a, out_len = b - a;
      return true;
    }
    if (local && !prepinned_.empty()) {
      if (const Region *r = prepinned_covering(a, page)) {
        out_addr = std::max(r->addr, a0);
        out_len = std::min<uintptr_t>(std::min<uintptr_t>(r->addr + r->len, a1) - out_addr, limit);
        return true;
      }
    }
    if (const Entry *e = covering(table, max_len, a, a + page, true)) {
      out_addr = e->addr, out_len = e->len;
      return true;
    }
  }
  return false;
}

// ---- argument checks -----------------------------------------------------------------------------

void Firehose::check_pin_args(const char *call, uintptr_t addr, size_t len, size_t limit) const {
  if (len == 0) throw UsageError(std::string(call) + ": len is 0 (addr " + hex(addr) + ")");
  if (addr + len < addr || addr + len + p_.page_size < addr)
    throw UsageError(std::string(call) + ": the range " + hex(addr) + "+" + std::to_string(len) +
                     " wraps around the address space");
  const size_t page = p_.page_size;
  const uintptr_t a0 = addr & ~uintptr_t(page - 1);
  const uintptr_t a1 = (addr + len + page - 1) & ~uintptr_t(page - 1);
  if (a1 - a0 > limit)
    throw UsageError(std::string(call) + ": len " + std::to_string(len) + " at " + hex(addr) + " (" +
                     std::to_string(a1 - a0) + " bytes of whole pages) exceeds the budget: " +
                     (std::strstr(call, "remote") ? "max_RemotePinSize" : "max_LocalPinSize") + " is " +
                     std::to_string(limit));
}

void Firehose::check_remote_node(const char *call, uint32_t node) const {
  if (p_.local_only)
    throw UsageError(std::string(call) + ": firehose was initialised for local pins only (LOCAL_ONLY)");
  if (node >= p_.size)
    throw UsageError(std::string(call) + ": node " + std::to_string(node) + " is not a rank of this job of " +
                     std::to_string(p_.size));
  if (node == p_.rank)
    throw UsageError(std::string(call) + ": node " + std::to_string(node) +
                     " is this rank (a remote pin of local memory; use firehose_local_pin)");
}

// A local pin wholly inside prepinned memory costs nothing: no size limit (the spec lets prepinned
// regions exceed max_LocalPinSize).
size_t Firehose::local_limit(uintptr_t addr, size_t len) const {
  if (!prepinned_.empty() && addr + len >= addr) {
    const uintptr_t a0 = addr & ~uintptr_t(p_.page_size - 1);
    const uintptr_t a1 = (addr + len + p_.page_size - 1) & ~uintptr_t(p_.page_size - 1);
    if (a1 > a0 && prepinned_covering(a0, a1 - a0)) return SIZE_MAX;
  }
  return info_.max_local_pin_size;
}

Request *Firehose::own_request(Request *req) {
  if (req) {
    *req = Request{};
    return req;
  }
  auto *r = new Request;
  r->flags = kOwned;
  return r;
}

// ---- moves ---------------------------------------------------------------------------------------

void Firehose::adjust_local_fifo(std::vector<Region> &unpin) {
  while (local_counted_ > local_budget_ && local_fifo_.count) {
    Entry *e = local_fifo_.head;
    unpin.push_back(Region{e->addr, e->len, e->key});
    local_fifo_.remove(e);
    local_.erase(Key{e->addr, e->len});
    --local_counted_;
    ++stats_.victims_local;
  }
}

// Runs Backend::move (lock held) and records the keys it gave the new units of local_.
void Firehose::do_move(uint32_t node, std::vector<Region> &unpin, std::vector<Region> &pin) {
  if (unpin.empty() && pin.empty()) return;
  size_t units_in = 0, units_out = 0;
  uint64_t bytes_in = 0, bytes_out = 0;
  for (const Region &r : pin) units_in += p_.variant == Variant::Page ? r.len / p_.page_size : 1, bytes_in += r.len;
  for (const Region &r : unpin) units_out += p_.variant == Variant::Page ? r.len / p_.page_size : 1, bytes_out += r.len;
  if (p_.variant == Variant::Page) {
    coalesce(unpin);
    coalesce(pin);
  }
  int rc;
  {
    diag::Scope scope(diag::Op::FirehoseMove, node, bytes_in + bytes_out);
    rc = backend_.move(node, unpin.data(), unpin.size(), pin.data(), pin.size());
  }
  if (rc != 0)
    throw std::runtime_error("firehose: the transport's move callback failed (" + std::to_string(rc) + ") pinning " +
                             std::to_string(pin.size()) + " and unpinning " + std::to_string(unpin.size()) +
                             " regions for rank " + std::to_string(node));
  if (diag::on()) {
    if (units_in) diag::count(diag::Op::FirehosePin, node, bytes_in, units_in);
    if (units_out) diag::count(diag::Op::FirehoseUnpin, node, bytes_out, units_out);
  }
  for (const Region &r : pin) {
    if (p_.variant == Variant::Page) {
      for (uintptr_t a = r.addr; a < r.addr + r.len; a += p_.page_size)
        if (Entry *e = find(local_, a, p_.page_size)) e->key = r.key;
    } else if (Entry *e = find(local_, r.addr, r.len)) {
      e->key = r.key;
    }
  }
  ++stats_.move_calls;
  stats_.pins += units_in, stats_.unpins += units_out;
  stats_.pinned_bytes += bytes_in, stats_.unpinned_bytes += bytes_out;
  stats_.units_pinned_now += units_in, stats_.units_pinned_now -= units_out;
  stats_.bytes_pinned_now += bytes_in, stats_.bytes_pinned_now -= bytes_out;
}

// ---- local pins ----------------------------------------------------------------------------------

Firehose::Acquire Firehose::acquire_local(uintptr_t addr, size_t len, Request *req, bool try_only) {
  bool pre = false;
  ClientKey pre_key;
  const auto units = units_of(local_, local_max_len_, addr, len, true, pre, pre_key);
  const size_t page = p_.page_size;
  const uintptr_t a0 = addr & ~uintptr_t(page - 1);
  const uintptr_t a1 = (addr + len + page - 1) & ~uintptr_t(page - 1);
  req->node = p_.rank;
  req->addr = a0, req->len = a1 - a0;
  if (pre) {
    req->flags |= kLive | kLocal | kPrepinned;
    req->key = pre_key;
    ++stats_.local_hits;
    return Acquire::Done;
  }
  size_t need = 0, fifo_hits = 0;
  bool absent = false;
  for (const auto &[ua, ul] : units) {
    Entry *e = find(local_, ua, ul);
    if (!e) need++, absent = true;
    else if (e->in_fifo) fifo_hits++;
    else if (e->refc_l == 0) need++;  // pinned only for peers: now counted locally
  }
  const size_t free_slots = local_budget_ > local_counted_ ? local_budget_ - local_counted_ : 0;
  if (try_only && (absent || need > free_slots)) return Acquire::Wait;
  if (need > free_slots + (local_fifo_.count - fifo_hits)) return Acquire::Wait;

  std::vector<Region> unpin, pin;
  Entry *last = nullptr;
  for (const auto &[ua, ul] : units) {
    Entry *e = find(local_, ua, ul);
    if (!e) {
      e = &local_[Key{ua, ul}];
      e->addr = ua, e->len = ul;
      local_max_len_ = std::max(local_max_len_, ul);
      ++local_counted_;
      pin.push_back(Region{ua, ul, {}});
    } else if (e->in_fifo) {
      local_fifo_.remove(e);
    } else if (e->refc_l == 0) {
      ++local_counted_;
    }
    e->refc_l++;
    last = e;
  }
  adjust_local_fifo(unpin);
  const bool hit = pin.empty();
  do_move(p_.rank, unpin, pin);
  if (p_.variant == Variant::Region) {
    req->addr = last->addr, req->len = last->len;
    req->internal = last;
    req->key = last->key;
  }
  req->flags |= kLive | kLocal;
  if (hit) ++stats_.local_hits;
  else ++stats_.local_misses;
  if (diag::on()) diag::count(hit ? diag::Op::FirehoseLocalHit : diag::Op::FirehoseLocalMiss, p_.rank, req->len, 1);
  return Acquire::Done;
}

const Request *Firehose::local_pin(uintptr_t addr, size_t len, Request *req) {
  check_pin_args("firehose_local_pin", addr, len, local_limit(addr, len));
  Request *r = own_request(req);
  for (;;) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (acquire_local(addr, len, r, false) == Acquire::Done) return r;
    }
    // Every slot is in use by pins not yet released: let the operations holding them progress.
    backend_.poll();
    poll();
    std::this_thread::yield();
  }
}

const Request *Firehose::local_pin_nowait(uintptr_t addr, size_t len, Request *req) {
  check_pin_args("firehose_local_pin", addr, len, local_limit(addr, len));
  Request *r = own_request(req);
  std::lock_guard<std::mutex> lock(mutex_);
  if (acquire_local(addr, len, r, false) == Acquire::Done) return r;
  if (r->flags & kOwned) delete r;
  return nullptr;
}

const Request *Firehose::try_local_pin(uintptr_t addr, size_t len, Request *req) {
  check_pin_args("firehose_try_local_pin", addr, len, local_limit(addr, len));
  Request *r = own_request(req);
  std::lock_guard<std::mutex> lock(mutex_);
  if (acquire_local(addr, len, r, true) == Acquire::Done) return r;
  if (r->flags & kOwned) delete r;
  return nullptr;
}

const Request *Firehose::partial_local_pin(uintptr_t addr, size_t len, Request *req) {
  if (len == 0 || addr + len < addr)
    throw UsageError("firehose_partial_local_pin: the range " + hex(addr) + "+" + std::to_string(len) +
                     " is empty or wraps around the address space");
  Request *r = own_request(req);
  std::lock_guard<std::mutex> lock(mutex_);
  uintptr_t a = 0;
  size_t n = 0;
  if (first_pinned(local_, local_max_len_, true, addr, len, info_.max_local_pin_size, a, n) &&
      acquire_local(a, n, r, true) == Acquire::Done)
    return r;
  if (r->flags & kOwned) delete r;
  return nullptr;
}

// ---- remote pins ---------------------------------------------------------------------------------

Firehose::Acquire Firehose::acquire_remote(uint32_t node, uintptr_t addr, size_t len, uint32_t /*flags*/,
                                           Request *req, bool try_only, Op *op, Deferred &out) {
  Peer &peer = peers_[node];
  bool pre = false;
  ClientKey pre_key;
  const auto units = units_of(peer.table, peer.max_len, addr, len, false, pre, pre_key);
  size_t misses = 0, fifo_hits = 0, pendings = 0;
  for (const auto &[ua, ul] : units) {
    Entry *e = find(peer.table, ua, ul);
    if (!e) misses++;
    else if (e->pending) pendings++;
    else if (e->in_fifo) fifo_hits++;
  }
  if (try_only && (misses || pendings)) return Acquire::Wait;
  const size_t used = peer.table.size();
  const size_t free_slots = remote_budget_ > used ? remote_budget_ - used : 0;
  if (misses > free_slots + (peer.fifo.count - fifo_hits)) return Acquire::Wait;

  const size_t page = p_.page_size;
  req->node = node;
  req->addr = addr & ~uintptr_t(page - 1);
  req->len = ((addr + len + page - 1) & ~uintptr_t(page - 1)) - req->addr;
  std::vector<Region> fresh, victims;
  Entry *last = nullptr;
  for (const auto &[ua, ul] : units) {
    Entry *e = find(peer.table, ua, ul);
    if (!e) {
      e = &peer.table[Key{ua, ul}];
      e->addr = ua, e->len = ul;
      e->pending = true;
      peer.max_len = std::max(peer.max_len, ul);
      op->created.push_back(e);
      e->waiters.push_back(op);
      op->waiting++;
      fresh.push_back(Region{ua, ul, {}});
    } else if (e->pending) {
      e->waiters.push_back(op);
      op->waiting++;
    } else if (e->in_fifo) {
      peer.fifo.remove(e);
    }
    e->refc_r++;
    last = e;
  }
  while (peer.table.size() > remote_budget_) {
    Entry *v = peer.fifo.head;  // there is one: checked above
    victims.push_back(Region{v->addr, v->len, v->key});
    peer.fifo.remove(v);
    peer.table.erase(Key{v->addr, v->len});
    ++stats_.victims_remote;
  }
  if (p_.variant == Variant::Region) {
    req->addr = last->addr, req->len = last->len;
    req->internal = last;
    req->key = last->key;  // final once the reply is here
  } else if (!units.empty()) {
    req->key = last->key;
  }
  req->flags |= kLive;
  if (!fresh.empty()) {
    if (p_.variant == Variant::Page) {
      coalesce(fresh);
      coalesce(victims);
    }
    op->id = next_op_id_++;
    op->sent_am = true;
    ops_[op->id] = op;
    std::vector<unsigned char> msg(sizeof(MsgHeader));
    MsgHeader h{kMsgRequest, uint32_t(fresh.size()), uint32_t(victims.size()), 0, op->id};
    std::memcpy(msg.data(), &h, sizeof h);
    put_regions(msg, fresh);
    put_regions(msg, victims);
    out.requests.emplace_back(node, std::move(msg));
    ++stats_.am_requests;
    ++stats_.remote_misses;
  } else if (op && op->waiting) {
    ++stats_.remote_pending;
  } else {
    ++stats_.remote_hits;
  }
  if (diag::on())
    diag::count(fresh.empty() && !(op && op->waiting) ? diag::Op::FirehoseRemoteHit : diag::Op::FirehoseRemoteMiss,
                node, req->len, 1);
  return Acquire::Done;
}

const Request *Firehose::remote_pin(uint32_t node, uintptr_t addr, size_t len, uint32_t flags, Request *req,
                                    RemoteArgsFn remote_args, CompletedFn callback, void *context) {
  return remote_pin_impl(node, addr, len, flags, req, remote_args, callback, context, nullptr);
}

const Request *Firehose::remote_pin_nowait(uint32_t node, uintptr_t addr, size_t len, uint32_t flags, Request *req,
                                           RemoteArgsFn remote_args, CompletedFn callback, void *context,
                                           bool &refused) {
  refused = false;
  return remote_pin_impl(node, addr, len, flags, req, remote_args, callback, context, &refused);
}

const Request *Firehose::remote_pin_impl(uint32_t node, uintptr_t addr, size_t len, uint32_t flags, Request *req,
                                         RemoteArgsFn remote_args, CompletedFn callback, void *context,
                                         bool *refused) {
  check_remote_node("firehose_remote_pin", node);
  check_pin_args("firehose_remote_pin", addr, len, info_.max_remote_pin_size);
  if ((flags & kFlagEnableRemoteCallback) && !remote_args)
    throw UsageError("firehose_remote_pin: FIREHOSE_FLAG_ENABLE_REMOTE_CALLBACK needs a remote_args callback");
  if (!callback) throw UsageError("firehose_remote_pin: callback is null");
  Request *r = own_request(req);
  auto owner = std::make_unique<Op>();  // the tables own it once it waits for a reply
  Op *op = owner.get();
  op->req = r, op->callback = callback, op->context = context, op->node = node;
  Deferred d;
  bool waits = false;
  for (;;) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (acquire_remote(node, addr, len, flags, r, false, op, d) == Acquire::Done) {
        waits = op->waiting != 0;  // read under the lock: once it is released a reply may complete op
        break;
      }
    }
    // This rank's budget at `node` is held by pins in use: let their operations progress (or,
    // for remote_pin_nowait, give up having changed nothing).
    if (refused) {
      *refused = true;
      if (r->flags & kOwned) delete r;
      return nullptr;
    }
    backend_.poll();
    poll();
    std::this_thread::yield();
  }
  for (auto &[dest, msg] : d.requests) {
    if (flags & kFlagEnableRemoteCallback) {
      unsigned char args[kMaxRemoteArgs];
      size_t n = remote_args(context, args);
      if (n > kMaxRemoteArgs)
        throw UsageError("firehose_remote_pin: the remote_args callback wrote " + std::to_string(n) +
                         " bytes (at most " + std::to_string(kMaxRemoteArgs) + ")");
      msg.insert(msg.end(), args, args + n);
      reinterpret_cast<MsgHeader *>(msg.data())->args_bytes = uint32_t(n);
    }
    backend_.send_request(dest, msg.data(), msg.size());
  }
  if (waits) {
    owner.release();
    return nullptr;
  }
  owner.reset();
  if (flags & kFlagReturnIfPinned) return r;
  callback(context, r, true);
  return nullptr;
}

const Request *Firehose::try_remote_pin(uint32_t node, uintptr_t addr, size_t len, uint32_t flags, Request *req) {
  check_remote_node("firehose_try_remote_pin", node);
  check_pin_args("firehose_try_remote_pin", addr, len, info_.max_remote_pin_size);
  Request *r = own_request(req);
  Deferred d;
  std::lock_guard<std::mutex> lock(mutex_);
  if (acquire_remote(node, addr, len, flags, r, true, nullptr, d) == Acquire::Done) return r;
  if (r->flags & kOwned) delete r;
  return nullptr;
}

const Request *Firehose::partial_remote_pin(uint32_t node, uintptr_t addr, size_t len, uint32_t flags, Request *req) {
  check_remote_node("firehose_partial_remote_pin", node);
  if (len == 0 || addr + len < addr)
    throw UsageError("firehose_partial_remote_pin: the range " + hex(addr) + "+" + std::to_string(len) +
                     " is empty or wraps around the address space");
  Request *r = own_request(req);
  Deferred d;
  std::lock_guard<std::mutex> lock(mutex_);
  uintptr_t a = 0;
  size_t n = 0;
  const Peer &peer = peers_[node];
  if (first_pinned(peer.table, peer.max_len, false, addr, len, info_.max_remote_pin_size, a, n) &&
      acquire_remote(node, a, n, flags, r, true, nullptr, d) == Acquire::Done)
    return r;
  if (r->flags & kOwned) delete r;
  return nullptr;
}

void Firehose::complete(Op *op, Deferred &out) {
  if (p_.variant == Variant::Region && op->req->internal)
    op->req->key = static_cast<Entry *>(op->req->internal)->key;
  else if (p_.variant == Variant::Page) {
    if (Entry *e = find(peers_[op->node].table, op->req->addr, p_.page_size)) op->req->key = e->key;
  }
  if (p_.completion_in_handler) out.completions.push_back(op);
  else completed_.push_back(op);
}

void Firehose::run_deferred(Deferred &d) {
  for (Op *op : d.completions) {
    op->callback(op->context, op->req, !op->sent_am);
    delete op;
  }
  d.completions.clear();
}

void Firehose::poll() {
  std::vector<Op *> done;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    done.swap(completed_);
  }
  for (Op *op : done) {
    op->callback(op->context, op->req, !op->sent_am);
    delete op;
  }
}

// ---- the AM handlers -----------------------------------------------------------------------------

void Firehose::handle_request(uint32_t src, const void *payload, size_t bytes, void *token) {
  MsgHeader h;
  if (bytes < sizeof h) throw std::logic_error("firehose: a move request of " + std::to_string(bytes) + " bytes");
  std::memcpy(&h, payload, sizeof h);
  const auto *p = static_cast<const unsigned char *>(payload) + sizeof h;
  if (h.kind != kMsgRequest || bytes != sizeof h + (size_t(h.n_new) + h.n_old) * sizeof(WireRegion) + h.args_bytes)
    throw std::logic_error("firehose: a malformed move request from rank " + std::to_string(src));
  std::vector<Region> fresh = get_regions(p, h.n_new);
  const std::vector<Region> old = get_regions(p + h.n_new * sizeof(WireRegion), h.n_old);
  const void *args = p + (size_t(h.n_new) + h.n_old) * sizeof(WireRegion);

  const size_t page = p_.page_size;
  auto for_units = [&](const Region &r, auto &&fn) {
    if (p_.variant == Variant::Page) {
      for (uintptr_t a = r.addr; a < r.addr + r.len; a += page) fn(a, page);
    } else {
      fn(r.addr, r.len);
    }
  };
  {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<Region> unpin, pin;
    // The new pins first (a unit pinned already only gains a reference), then the victims, then
    // the local FIFO's overflow: all in one move, unpins before pins.
    for (const Region &r : fresh)
      for_units(r, [&](uintptr_t a, size_t l) {
        if (!prepinned_.empty() && prepinned_covering(a, l)) return;
        Entry *e = find(local_, a, l);
        if (!e) {
          e = &local_[Key{a, l}];
          e->addr = a, e->len = l;
          local_max_len_ = std::max(local_max_len_, l);
          pin.push_back(Region{a, l, {}});
        } else if (e->in_fifo) {
          local_fifo_.remove(e);
          --local_counted_;
        } else if (e->refc_l == 0 && e->refc_r == 0) {
          throw std::logic_error("firehose: an idle unit outside the FIFO");
        }
        e->refc_r++;
      });
    for (const Region &r : old)
      for_units(r, [&](uintptr_t a, size_t l) {
        if (!prepinned_.empty() && prepinned_covering(a, l)) return;
        Entry *e = find(local_, a, l);
        if (!e || e->refc_r == 0)
          throw std::logic_error("firehose: rank " + std::to_string(src) + " releases " + hex(a) + "+" +
                                 std::to_string(l) + ", which it does not hold here");
        if (--e->refc_r == 0 && e->refc_l == 0) {
          local_fifo_.push_back(e);
          ++local_counted_;
        }
      });
    adjust_local_fifo(unpin);
    do_move(src, unpin, pin);
    // The keys go back with the regions (a prepinned region's key, or the unit's).
    for (Region &r : fresh) {
      const Region *pre = prepinned_.empty() ? nullptr : prepinned_covering(r.addr, r.len);
      if (pre) r.key = pre->key;
      else if (Entry *e = find(local_, r.addr, p_.variant == Variant::Page ? page : r.len)) r.key = e->key;
    }
    ++stats_.am_handled;
  }
  if (h.args_bytes && backend_.remote_callback(src, fresh.data(), fresh.size(), args, h.args_bytes) != 0)
    throw std::runtime_error("firehose: the transport's remote callback failed for rank " + std::to_string(src));
  std::vector<unsigned char> reply(sizeof h);
  MsgHeader rh{kMsgReply, uint32_t(fresh.size()), 0, 0, h.op_id};
  std::memcpy(reply.data(), &rh, sizeof rh);
  put_regions(reply, fresh);
  backend_.send_reply(token, reply.data(), reply.size());
}

void Firehose::handle_reply(uint32_t src, const void *payload, size_t bytes) {
  MsgHeader h;
  if (bytes < sizeof h) throw std::logic_error("firehose: a move reply of " + std::to_string(bytes) + " bytes");
  std::memcpy(&h, payload, sizeof h);
  if (h.kind != kMsgReply || bytes != sizeof h + size_t(h.n_new) * sizeof(WireRegion))
    throw std::logic_error("firehose: a malformed move reply from rank " + std::to_string(src));
  const std::vector<Region> pinned = get_regions(static_cast<const unsigned char *>(payload) + sizeof h, h.n_new);
  Deferred d;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = ops_.find(h.op_id);
    if (it == ops_.end())
      throw std::logic_error("firehose: a move reply from rank " + std::to_string(src) + " for no request");
    Op *op = it->second;
    ops_.erase(it);
    for (Entry *e : op->created) {
      e->pending = false;
      for (const Region &r : pinned)
        if (e->addr >= r.addr && e->addr + e->len <= r.addr + r.len) {
          e->key = r.key;
          break;
        }
      for (Op *w : e->waiters)
        if (--w->waiting == 0) complete(w, d);
      e->waiters.clear();
      // Released while pending cannot happen (the client owns it only after completion).
    }
  }
  run_deferred(d);
}

// ---- release -------------------------------------------------------------------------------------

void Firehose::release_one(const Request *req) {
  if (!req) throw UsageError("firehose_release: a null request");
  if (!(req->flags & kLive))
    throw UsageError("firehose_release: request " + hex(uintptr_t(req)) + " (node " + std::to_string(req->node) +
                     ", " + hex(req->addr) + "+" + std::to_string(req->len) +
                     ") was never returned by a pin, or was released already");
  if (!(req->flags & kPrepinned)) {
    const bool local = req->flags & kLocal;
    if (!local && req->node >= peers_.size())
      throw UsageError("firehose_release: request " + hex(uintptr_t(req)) + " names node " + std::to_string(req->node));
    Table &table = local ? local_ : peers_[req->node].table;
    std::vector<Entry *> entries;
    if (p_.variant == Variant::Page) {
      for (uintptr_t a = req->addr; a < req->addr + req->len; a += p_.page_size) {
        if (local && !prepinned_.empty() && prepinned_covering(a, p_.page_size)) continue;
        entries.push_back(find(table, a, p_.page_size));
      }
    } else {
      entries.push_back(find(table, req->addr, req->len));
      if (entries.back() != req->internal) entries.back() = nullptr;
    }
    // All checked before any is changed: a bad request changes nothing.
    for (Entry *e : entries)
      if (!e || (local ? e->refc_l == 0 : (e->refc_r == 0 || e->pending)))
        throw UsageError("firehose_release: request " + hex(uintptr_t(req)) + " (node " + std::to_string(req->node) +
                         ", " + hex(req->addr) + "+" + std::to_string(req->len) + ") is not pinned by firehose");
    for (Entry *e : entries) {
      if (local) {
        if (--e->refc_l == 0) {
          if (e->refc_r == 0) local_fifo_.push_back(e);  // idle: still counted, now a victim candidate
          else --local_counted_;                         // held for peers only: their budgets count it
        }
      } else if (--e->refc_r == 0) {
        peers_[req->node].fifo.push_back(e);
      }
    }
  }
  const_cast<Request *>(req)->flags &= uint16_t(~kLive);
  if (req->flags & kOwned) delete req;
}

void Firehose::release(const Request *const *reqs, size_t n) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (size_t i = 0; i < n; ++i) release_one(reqs[i]);
}

// ---- fini and checks -----------------------------------------------------------------------------

size_t Firehose::fini(bool unpin) {
  std::lock_guard<std::mutex> lock(mutex_);
  size_t live = 0;
  for (auto &[k, e] : local_) live += e.refc_l;
  for (auto &peer : peers_)
    for (auto &[k, e] : peer.table) live += e.refc_r;
  if (unpin) {
    std::vector<Region> out, none;
    for (auto &[k, e] : local_) out.push_back(Region{e.addr, e.len, e.key});
    local_.clear();
    local_fifo_ = Fifo{};
    local_counted_ = 0;
    do_move(p_.rank, out, none);
  }
  if (p_.verbose)
    std::fprintf(stderr, "libgex firehose rank %u: fini with %zu references still held%s\n", p_.rank, live,
                 live ? " (pins never released)" : "");
  return live;
}

void Firehose::check_invariants() const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto fail = [](const std::string &what) { throw std::logic_error("firehose invariant: " + what); };
  auto check_fifo = [&](const Fifo &f, const char *name) {
    size_t n = 0;
    const Entry *prev = nullptr;
    for (const Entry *e = f.head; e; prev = e, e = e->next, ++n) {
      if (!e->in_fifo) fail(std::string(name) + ": an entry not marked in_fifo");
      if (e->prev != prev) fail(std::string(name) + ": broken links");
    }
    if (prev != f.tail || n != f.count) fail(std::string(name) + ": count " + std::to_string(f.count) + " vs " + std::to_string(n));
  };
  check_fifo(local_fifo_, "local FIFO");
  size_t counted = 0;
  for (const auto &[k, e] : local_) {
    if (e.in_fifo != (e.refc_l == 0 && e.refc_r == 0)) fail("local " + hex(e.addr) + ": in_fifo disagrees with refcounts");
    if (e.refc_l > 0 || e.in_fifo) ++counted;
    if (e.pending) fail("a pending local entry");
  }
  if (counted != local_counted_) fail("local count " + std::to_string(local_counted_) + " vs " + std::to_string(counted));
  if (local_counted_ > local_budget_) fail("local units " + std::to_string(local_counted_) + " over the budget");
  for (size_t n = 0; n < peers_.size(); ++n) {
    const Peer &peer = peers_[n];
    check_fifo(peer.fifo, "remote FIFO");
    if (peer.table.size() > remote_budget_)
      fail("node " + std::to_string(n) + ": " + std::to_string(peer.table.size()) + " units over the budget " +
           std::to_string(remote_budget_));
    for (const auto &[k, e] : peer.table) {
      if (e.pending && (e.refc_r == 0 || e.in_fifo)) fail("a pending remote entry without a reference");
      if (!e.pending && e.in_fifo != (e.refc_r == 0)) fail("remote " + hex(e.addr) + ": in_fifo disagrees");
    }
  }
}

}  // namespace gex::firehose
