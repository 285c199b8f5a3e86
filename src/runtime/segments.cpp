// The segment table's writers: allocating segment memory through the transports, and publishing
// an endpoint's bound segment to peers, by the job-wide allgather of gex_Segment_Attach or, for
// gex_EP_PublishBoundSegment over any team, by one AM per member (docs/internals.md).
#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "bootstrap/bootstrap.h"
#include "diag/diag.h"
#include "runtime/runtime.h"

extern "C" {
const gexi_PeerMap_t *gexi_peer_map = nullptr;
// gasnetex.h's inline fast path: the same map (NULL while statistics or tracing must see every
// transfer, and under GEX_SEGMENT_EVERYTHING), the team it serves (the primordial one: ranks are
// jobranks) and the job size (0 while the map is NULL: the inline test reads only the size).
// In the last line of a block that starts a page, placed after every .data section and before
// the .bss ones: gasnetex.h says why.
alignas(4096) __attribute__((section(".data1"), used)) gexi_FastPath_t gexi_fast = {};
}
static_assert(offsetof(gexi_FastPath_t, map) == GEXI_FAST_PATH_BYTES - 64 && sizeof(gexi_FastPath_t) == GEXI_FAST_PATH_BYTES,
              "the fast path's variables are the block's last cache line");

namespace gex::runtime {

namespace {

// gasnetex.h's gexi_peer_map: what an inline put/get needs to skip the library call. Sized once
// (at the first publication) so a later one only rewrites entries. Its entries start half way
// into a page, away from the page offsets that a copy to a page-aligned buffer stores to first
// (gasnetex.h, 4K aliasing). The first 64 ranks' entries fit in that page.
constexpr size_t kPeerMapPageOffset = 2048;
struct PeerMapStorage {
  gexi_PeerMap_t *entries = nullptr;
  size_t count = 0;
  void assign(size_t n) {
    const size_t bytes = (kPeerMapPageOffset + n * sizeof(gexi_PeerMap_t) + 4095) / 4096 * 4096;
    void *block = std::aligned_alloc(4096, bytes);  // kept for the process's life, as the vector was
    if (!block) throw std::bad_alloc();
    entries = reinterpret_cast<gexi_PeerMap_t *>(static_cast<char *>(block) + kPeerMapPageOffset);
    for (size_t i = 0; i < n; ++i) entries[i] = gexi_PeerMap_t{};
    count = n;
  }
  size_t size() const { return count; }
  gexi_PeerMap_t *data() const { return entries; }
  gexi_PeerMap_t &operator[](size_t i) const { return entries[i]; }
};
PeerMapStorage g_peer_map;

void update_peer_map(gex_Rank_t r) {
  if (g_peer_map.size() != g_rt.size) g_peer_map.assign(g_rt.size);
  const PeerSegment &seg = g_rt.segments.at(r);
  gexi_PeerMap_t entry{};
  if (seg.path == RmaPath::LoadStore && !seg.device) {
    entry.owner_base = reinterpret_cast<uintptr_t>(seg.owner_base);
    entry.size = seg.size;
    entry.delta = seg.local_base - seg.owner_base;
  }
  g_peer_map[r] = entry;
  gexi_peer_map = g_peer_map.data();
  gexi_fast_tm = g_rt.client ? g_rt.client->tm : nullptr;
  // Off under GEX_SEGMENT_EVERYTHING too: an inline put or get does not test the range (an
  // address outside the segment must reach the library, which sends it over the transport).
  gexi_fast_map = gex::diag::on() || g_rt.any_address ? nullptr : gexi_peer_map;
  // The inline path tests only the size (gasnetex.h): 0 whenever the map is NULL, and stored
  // after the map, so a thread that sees the size sees the map.
  std::atomic_thread_fence(std::memory_order_release);
  gexi_fast_size = gexi_fast_map ? g_rt.size : 0;
}

}  // namespace

SegmentMemory allocate_segment(size_t bytes) {
  SegmentMemory m;
  m.id = g_rt.next_segment_id++;
  // Memory from the first transport that offers it in shareable form (its neighbours map it).
  for (auto &t : g_rt.transports) {
    if ((m.base = t->allocate_shared(m.id, bytes))) {
      m.owner = t.get();
      break;
    }
  }
  if (!m.base) bootstrap::fatal("no transport can allocate a segment of " + std::to_string(bytes) + " bytes");
  m.bytes = bytes;
  m.regs = register_everywhere(m.base, bytes);
  m.shared = true;
  return m;
}

Registrations register_everywhere(void *base, size_t bytes) {
  // Every transport registers it (a network card pins it for its peers' put/get; smp needs
  // nothing); the key published is the RMA transport's (one at most).
  Registrations r;
  for (auto &t : g_rt.transports) {
    r.by_transport.push_back(t->register_memory(base, bytes));
    if (r.by_transport.back().handle) {
      r.rkey = r.by_transport.back().rkey;
      r.has_rkey = true;
    }
  }
  return r;
}

void deregister_everywhere(Registrations &r) {
  for (size_t i = 0; i < r.by_transport.size() && i < g_rt.transports.size(); ++i)
    g_rt.transports[i]->deregister_memory(r.by_transport[i]);
  r = Registrations{};
}

void free_segment(SegmentMemory &m) {
  if (!m.owner) return;
  deregister_everywhere(m.regs);
  if (m.shared) {
    m.owner->shared_published(m.id);  // the name goes (peers that mapped it keep their mapping)
    m.owner->free_shared(m.id, m.base, m.bytes);
  }
  m = SegmentMemory{};
}

void apply_peer_segment(gex_Rank_t r, const PublishedSegment &p) {
  PeerSegment &seg = g_rt.segments.mut(r, p.ep);
  // Published again unchanged (an endpoint named in a second publication): nothing to redo.
  if (seg.size && seg.owner_base == reinterpret_cast<char *>(uintptr_t(p.base)) && seg.size == p.size &&
      seg.rkey == p.rkey)
    return;
  if (seg.local_base && r != g_rt.rank) {
    if (seg.device) {
      gexi_MK *k = mk::kind_of(seg.local_base, 1);
      mk::unregister_range(seg.local_base);
      if (k) k->ops->close_ipc(k, seg.local_base);
    } else {
      g_rt.routes[r].am->unmap_peer_memory(seg.local_base, seg.size);
    }
  }
  seg.owner_base = reinterpret_cast<char *>(uintptr_t(p.base));
  seg.size = p.size;
  seg.rkey = p.rkey;
  // A transport that addresses remote memory by offset keeps each registered base (by key).
  for (auto &t : g_rt.transports) t->peer_memory(r, seg.owner_base, seg.size, seg.rkey);
  seg.device = !p.host;
  seg.local_base = nullptr;
  if (r == g_rt.rank) {
    seg.local_base = seg.owner_base;  // host or device memory of this process
  } else if (seg.size && p.shared) {
    seg.local_base = g_rt.routes[r].am->map_peer_memory(r, p.id, seg.size);
  } else if (seg.size && p.has_ipc && g_rt.routes[r].am->load_store(r)) {
    // A neighbour's device memory (same host), opened here through its class (CUDA IPC) when
    // this process can; else (or off this host) RMA to it goes over AM and the owner copies.
    if (gexi_MK *k = mk::importer(gex_MK_Class_t(p.mk_class))) {
      if (char *mapped = static_cast<char *>(k->ops->import_ipc(k, p.ipc))) {
        mk::register_range(k, mapped, seg.size);
        seg.local_base = mapped;
      }
    }
  }
  // The path RMA takes: load/store when mapped (unless forced over AM, or this peer plays an
  // off-host one in a mixed-route rehearsal), else the transport's RMA, else extended-ref.
  const bool mixed_remote = g_rt.route_mix && ((r + g_rt.rank) & 1);
  if (seg.local_base && !g_rt.force_am && !mixed_remote) {
    seg.path = RmaPath::LoadStore;
  } else {
    seg.path = g_rt.routes[r].transport_rma && p.rkey && !g_rt.force_am ? RmaPath::Transport : RmaPath::AmRef;
  }
  if (p.ep == 0) update_peer_map(r);
}

SegmentMemory publish_segment(uint32_t ep, size_t bytes) {
  SegmentMemory mem = allocate_segment(bytes);
  PublishedSegment mine = describe_segment(mem.base, mem.bytes, mem, ep, true);
  std::vector<PublishedSegment> all(g_rt.size);
  bootstrap::allgather(&mine, sizeof mine, all.data());
  for (gex_Rank_t r = 0; r < g_rt.size; ++r) apply_peer_segment(r, all[r]);
  bootstrap::barrier();
  mem.owner->shared_published(mem.id);
  return mem;
}

// ---- publication to a team's members over AM -------------------------------------------------
namespace {

// At a member: enter the publisher's records, then acknowledge.
void on_publish(gex_Token_t token, void *buf, size_t nbytes, gex_AM_Arg_t counter_hi, gex_AM_Arg_t counter_lo) {
  const gex_Rank_t src = token->src;
  for (size_t off = 0; off + sizeof(PublishedSegment) <= nbytes; off += sizeof(PublishedSegment)) {
    PublishedSegment p;
    std::memcpy(&p, static_cast<const char *>(buf) + off, sizeof p);  // the payload may be unaligned
    apply_peer_segment(src, p);
  }
  const gex_AM_Arg_t args[] = {counter_hi, counter_lo};
  am_reply(transport::AmCategory::Short, token, kHandlerSegmentPublishAck, nullptr, 0, nullptr, 0, 2, args);
}

void on_publish_ack(gex_Token_t, gex_AM_Arg_t counter_hi, gex_AM_Arg_t counter_lo) {
  complete_one(make_ptr<CompletionCounter>(counter_hi, counter_lo));
}

}  // namespace

void register_segment_handlers() {
  register_internal_handler(kHandlerSegmentPublish, (gex_AM_Fn_t)on_publish, GEX_FLAG_AM_REQUEST | GEX_FLAG_AM_MEDIUM, 2,
                            "segment publication");
  register_internal_handler(kHandlerSegmentPublishAck, (gex_AM_Fn_t)on_publish_ack, GEX_FLAG_AM_REPLY | GEX_FLAG_AM_SHORT,
                            2, "segment publication ack");
}

void publish_to_members(const std::vector<gex_Rank_t> &members, const std::vector<PublishedSegment> &records) {
  for (const PublishedSegment &p : records) apply_peer_segment(g_rt.rank, p);
  if (records.empty()) return;
  const size_t bytes = records.size() * sizeof(PublishedSegment);
  CompletionCounter pending{0};
  const gex_AM_Arg_t args[] = {ptr_hi(&pending), ptr_lo(&pending)};
  for (gex_Rank_t jr : members) {
    if (jr == g_rt.rank) continue;
    if (bytes > am_limits(jr).max_medium)
      bootstrap::fatal("gex_EP_PublishBoundSegment: " + std::to_string(records.size()) +
                       " segment records do not fit one AM Medium to rank " + std::to_string(jr));
    pending.fetch_add(1, std::memory_order_relaxed);
    am_request(transport::AmCategory::Medium, jr, kHandlerSegmentPublish, records.data(), bytes, nullptr, 0, 2, args);
  }
  wait_until([&] { return pending.load(std::memory_order_acquire) == 0; });
}

}  // namespace gex::runtime
