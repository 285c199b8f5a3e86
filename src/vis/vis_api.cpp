// The 18 VIS entry points of gasnet_vis.h. Each validates its metadata, handles the degenerate
// cases, then feeds contiguous pieces to the peer's path (service.h explains the two paths).
#include <gasnet_vis.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "runtime/rma_copy.h"
#include "runtime/runtime.h"
#include "vis/service.h"

using namespace gex::runtime;
using gex::vis::AmTransfer;
using gex::vis::Direction;

namespace {

enum class Form : uint8_t { Blocking, NB, NBI };

struct Call {
  const char *name;
  Direction dir;
  Form form;
};

// Merges a piece into the previous one when both its local and remote ranges continue it.
template <typename Sink>
class Coalescer {
 public:
  explicit Coalescer(Sink &sink) : sink_(sink) {}
  void add(char *local, char *remote, size_t n) {
    if (n == 0) return;
    if (n_ && local == local_ + n_ && remote == remote_ + n_) {
      n_ += n;
      return;
    }
    flush();
    local_ = local, remote_ = remote, n_ = n;
  }
  void flush() {
    if (n_) sink_.piece(local_, remote_, n_);
    n_ = 0;
  }

 private:
  Sink &sink_;
  char *local_ = nullptr, *remote_ = nullptr;
  size_t n_ = 0;
};

// One piece between local memory and a neighbour's segment as mapped here: 16-128 bytes in line
// as gasnetex.h's inline path copies them (no call, so the loop keeps its registers: Indexed
// gets of 64-byte entries 4.5-5.0 -> 2.3-2.9 ns each, VM), the rest by rma_copy.h (one store or
// load for an aligned word, else memcpy).
[[gnu::always_inline]] inline void copy_piece(bool put, char *local, char *mapped, size_t n) {
  if (n >= 16 && n <= 128)
    put ? gexi_copy_small(mapped, local, n) : gexi_copy_small(local, mapped, n);
  else if (put)
    rma_copy_to_shared(mapped, local, n);
  else
    rma_copy_from_shared(local, mapped, n);
}

template <size_t N, typename Body>
[[gnu::always_inline]] inline bool with_word_copy(bool put, Body &body) {
  if (put) return body([](char *l, char *m) { rma_copy_to_shared(m, l, N); });
  return body([](char *l, char *m) { rma_copy_from_shared(l, m, N); });
}

// Runs body(copy), where copy(local, mapped) moves n bytes in the direction given: a loop over
// many pieces of one size then chooses its copy once, not at every piece (copy_piece's tests cost
// about 8 instructions a piece).
// Always inlined into its caller: out of line (GCC's choice once gasnetex.h's copy became
// always_inline) the body's loop reloaded every captured reference at each entry, 1024 scattered
// 8-byte Indexed entries 874 -> 2223 ns a call (VM, 2026-11-27).
template <typename Body>
[[gnu::always_inline]] inline bool with_fixed_copy(bool put, size_t n, Body &&body) {
  if (n >= 16 && n <= 128) {
    if (put) return body([n](char *l, char *m) { gexi_copy_small(m, l, n); });
    return body([n](char *l, char *m) { gexi_copy_small(l, m, n); });
  }
  if (n > 8) {
    if (put) return body([n](char *l, char *m) { std::memcpy(m, l, n); });
    return body([n](char *l, char *m) { std::memcpy(l, m, n); });
  }
  // 8 and 4 bytes as constants: rma_copy's switch on the size folds away, one alignment test
  // and one store or load an entry remain.
  if (n == 8) return with_word_copy<8>(put, body);
  if (n == 4) return with_word_copy<4>(put, body);
  if (put) return body([n](char *l, char *m) { rma_copy_to_shared(m, l, n); });
  return body([n](char *l, char *m) { rma_copy_from_shared(l, m, n); });
}

// Remote addresses must lie in the peer's bound segment (checked per merged piece, debug build).
// `ep`: the remote endpoint's index (a TM-pair names any endpoint of the peer). `delta` maps the
// peer's segment addresses into this process (local_address, looked up once per operation).
struct LoadStoreSink {
  const char *call;
  Direction dir;
  gex_Rank_t jobrank;
  uint32_t ep;
  ptrdiff_t delta;
  void piece(char *local, char *remote, size_t n) {
    check_remote_range(jobrank, remote, n, call, ep);
    // GEX_SEGMENT_EVERYTHING: outside the segment, a load/store peer's memory is not mapped here.
    if (__builtin_expect(g_rt.any_address, 0) && !in_segment(jobrank, remote, n, ep))
      unreachable_range_fatal(call, jobrank, remote, n);
    copy_piece(dir == Direction::Put, local, mapped(remote), n);
  }
  char *mapped(char *remote) const {
    return reinterpret_cast<char *>(reinterpret_cast<uintptr_t>(remote) + uintptr_t(delta));
  }
};

struct AmSink {
  const char *call;
  gex_Rank_t jobrank;
  uint32_t ep;
  AmTransfer &transfer;
  void piece(char *local, char *remote, size_t n) {
    check_remote_range(jobrank, remote, n, call, ep);
    transfer.add(local, remote, n);
  }
};

void check_flags([[maybe_unused]] const Call &c, [[maybe_unused]] gex_Flags_t flags) {
#ifdef GASNET_DEBUG
  if (flags & ~(GEX_FLAG_IMMEDIATE | GEX_FLAG_ENABLE_LEAF_LC))
    usage_fatal(c.name, "flags=" + std::to_string(flags) + " has bits other than GEX_FLAG_IMMEDIATE and GEX_FLAG_ENABLE_LEAF_LC");
  if ((flags & GEX_FLAG_ENABLE_LEAF_LC) && (c.dir != Direction::Put || c.form == Form::Blocking))
    usage_fatal(c.name, "GEX_FLAG_ENABLE_LEAF_LC is only valid for gex_VIS_*PutNB and gex_VIS_*PutNBI");
#endif
}

// Stores the result an operation with nothing to do (or done synchronously) gives.
inline int done_now(gex_Event_t *ev_out) {
  if (ev_out) *ev_out = GEX_EVENT_INVALID;
  return 0;
}

// A put takes the peer completion armed on this thread, if any.
bool take_peer_completion(const Call &c, gex_Flags_t flags, gex::vis::PeerCompletion *pc) {
  // gexi_vis_pc_armed: no thread has one armed, the common case, without a call.
  if (c.dir != Direction::Put || __atomic_load_n(&gexi_vis_pc_armed, __ATOMIC_RELAXED) == 0 ||
      !gex::vis::take_peer_completion(pc))
    return false;
  if (flags & GEX_FLAG_IMMEDIATE)
    usage_fatal(c.name, "GEX_FLAG_IMMEDIATE is not allowed on the put a peer completion handler is armed for "
                        "(gex_VIS_SetPeerCompletionHandler)");
  return true;
}

// An operation that moves no data: a put still runs its peer completion at the peer.
int nothing_to_move(const Call &c, gex_TM_t tm, gex_Rank_t rank, gex_Flags_t flags, gex_Event_t *ev_out) {
  gex::vis::PeerCompletion pc;
  if (take_peer_completion(c, flags, &pc)) gex::vis::send_peer_completion(jobrank_of(tm, rank, c.name), pc);
  return done_now(ev_out);
}

// execute()'s AM path, out of line: its state (counters, the transfer) would otherwise weigh on
// the load/store path's prologue.
template <typename Generate>
[[gnu::noinline]] int execute_am(const Call &c, gex_Rank_t jr, uint32_t ep, gex_Flags_t flags, gex_Event_t *ev_out,
                                 bool has_pc, const gex::vis::PeerCompletion &pc, Generate &generate) {
  CompletionCounter blocking_done{0};
  gexi_Event *ev = nullptr;
  CompletionCounter *counter;
  switch (c.form) {
    case Form::Blocking: counter = &blocking_done; break;
    case Form::NB: ev = event_alloc(); counter = &ev->pending; break;
    default: counter = nbi_counter(c.dir == Direction::Put ? kEcPut : kEcGet); break;
  }
  // NB/NBI with a peer completion: the messages count on their own counter, and the operation
  // completes once progress has sent the peer completion after them.
  CompletionCounter *pc_data = nullptr;
  if (has_pc && c.form != Form::Blocking) counter = pc_data = gex::vis::defer_peer_completion(jr, pc, counter);
  {
    AmTransfer transfer(c.dir, jr, counter, flags & GEX_FLAG_IMMEDIATE, uint16_t(ep));
    AmSink sink{c.name, jr, ep, transfer};
    generate(sink);
    transfer.flush();
    if (transfer.refused()) {
      if (ev) {
        event_release(ev);
        *ev_out = GEX_EVENT_NO_OP;
      }
      return 1;
    }
  }
  if (pc_data) complete_one(pc_data);  // every message is out: the count may drain now
  if (c.form == Form::Blocking) {
    wait_until([&] { return blocking_done.load(std::memory_order_acquire) == 0; });
    if (has_pc) gex::vis::send_peer_completion(jr, pc);
  }
  if (ev_out) *ev_out = ev;
  return 0;
}

// Runs one operation: `generate(sink)` feeds every piece to the sink, through a Coalescer that is
// a local of its loop (its three words then stay in registers: an Indexed get of 1024 64-byte
// entries took 6.0 ns per entry with the Coalescer made here, 4.0 with it there). One look-up of
// the peer's segment decides the path. Returns the NBI/Blocking result (non-zero only for a
// refused IMMEDIATE); the NB result goes to *ev_out.
template <typename Generate>
int execute(const Call &c, gex_TM_t tm, gex_Rank_t rank, gex_Flags_t flags, gex_Event_t *ev_out, Generate &&generate) {
  const gex_Rank_t jr = jobrank_of(tm, rank, c.name);
  const uint32_t ep = remote_ep_of(tm);
  const auto &seg = g_rt.segments.at(jr, ep);
  if (__builtin_expect(seg.device ||
                           (is_tm_pair(tm) && tm_pair_ep(tm)->segment && tm_pair_ep(tm)->segment->kind != GEX_MK_HOST),
                       0))
    usage_fatal(c.name, "VIS to or from device memory is not supported (move device data with gex_RMA_*)");
  gex::vis::PeerCompletion pc;
  const bool has_pc = take_peer_completion(c, flags, &pc);
  if (seg.path != RmaPath::LoadStore) return execute_am(c, jr, ep, flags, ev_out, has_pc, pc, generate);
  LoadStoreSink sink{c.name, c.dir, jr, ep,
                     ptrdiff_t(reinterpret_cast<uintptr_t>(seg.local_base) - reinterpret_cast<uintptr_t>(seg.owner_base))};
  generate(sink);
  if (has_pc) gex::vis::send_peer_completion(jr, pc);  // the stores are done (the ring orders them first)
  return done_now(ev_out);
}

// ---- Vector and Indexed: walk the two lists in step, cutting at every boundary of either ----------
struct MemvecList {
  const gex_Memvec_t *list;
  char *addr(size_t i) const { return static_cast<char *>(list[i].gex_addr); }
  size_t len(size_t i) const { return list[i].gex_len; }
};
struct IndexedList {
  void *const *list;
  size_t fixed_len;
  char *addr(size_t i) const { return static_cast<char *>(list[i]); }
  size_t len(size_t) const { return fixed_len; }
};

template <typename List>
size_t total_bytes(const List &l, size_t count) {
  size_t total = 0;
  for (size_t i = 0; i < count; ++i) total += l.len(i);
  return total;
}

// Both lists' totals, and whether they have the same shape (entry i of each the same length): the
// common case, which the copy then walks in step, one piece per entry.
struct ListsMeasure {
  size_t dtotal, stotal;
  bool same_shape;
};
template <typename DstList, typename SrcList>
ListsMeasure measure(const DstList &dst, size_t dstcount, const SrcList &src, size_t srccount) {
  if (dstcount != srccount) return {total_bytes(dst, dstcount), total_bytes(src, srccount), false};
  size_t dtotal = 0, stotal = 0, differ = 0;
  for (size_t i = 0; i < dstcount; ++i) {
    const size_t dl = dst.len(i), sl = src.len(i);
    dtotal += dl, stotal += sl, differ |= dl ^ sl;
  }
  return {dtotal, stotal, differ == 0};
}
ListsMeasure measure(const IndexedList &dst, size_t dstcount, const IndexedList &src, size_t srccount) {
  return {dstcount * dst.fixed_len, srccount * src.fixed_len, dstcount == srccount && dst.fixed_len == src.fixed_len};
}

// Emits (dst, src, n) for the concatenations of both lists (their totals are equal).
template <typename DstList, typename SrcList, typename Emit>
void walk_lists(const DstList &dst, size_t dstcount, const SrcList &src, size_t srccount, Emit &&emit) {
  size_t di = 0, si = 0, doff = 0, soff = 0;
  while (di < dstcount && si < srccount) {
    const size_t dlen = dst.len(di), slen = src.len(si);
    if (doff == dlen) { ++di, doff = 0; continue; }
    if (soff == slen) { ++si, soff = 0; continue; }
    const size_t n = std::min(dlen - doff, slen - soff);
    emit(dst.addr(di) + doff, src.addr(si) + soff, n);
    doff += n, soff += n;
  }
}

#ifndef GASNET_DEBUG
// Same-shape lists in a release build, without the general machinery (about 190 instructions a
// call before the first copy): the primordial team, a load/store peer, no flags, no peer
// completion armed, entry i of both lists the same length (gasnetex.h's inline map). Remote
// addresses are translated with no range test, as the general path's release build (a remote
// range is checked in the debug build) and GASNet do. It copies as it walks; at an entry that
// does not qualify it returns false and the general path does the whole operation (the bytes
// already copied are copied again, the same ones).
//
// Two loops, because each instruction per entry shows against GASNet's loop, which is a load, an
// add and a memcpy call (it checks nothing: testvisperf's 512-byte Indexed gets at 50% density
// were 0.5 of GASNet with one walk that tested for merging at every entry, VM 2026-11-27):
// - copy_runs: entries that continue each other on both sides become one copy (100% density);
// - copy_each_fixed: an Indexed list whose first two entries do not continue each other is taken
//   as scattered: a copy per entry, nothing else.

// The lists come by value (two words): a copy through a char pointer could alias a list passed by
// reference for all the compiler knows, and it then reloaded the list's pointer at every entry
// (256 scattered 64-byte Indexed entries 4680 -> 5239 instructions a call once copy_each_fixed was
// no longer inlined into its caller, callgrind 2026-11-27).

// Copies `local`/`remote` entry by entry, merging runs of entries adjacent on both sides.
template <typename List>
bool copy_runs(bool put, const gexi_PeerMap_t &m, const List local, const List remote, size_t count) {
  for (size_t i = 0; i < count;) {
    char *const l = local.addr(i), *const r = remote.addr(i);
    size_t n = local.len(i);
    if (n != remote.len(i)) return false;
    size_t j = i + 1;
    for (; j < count && local.addr(j) == l + n && remote.addr(j) == r + n; ++j) {
      const size_t nj = local.len(j);
      if (nj != remote.len(j)) return false;
      n += nj;
    }
    i = j;
    if (n == 0) continue;
    copy_piece(put, l, static_cast<char *>(gexi_vis_mapped(&m, r)), n);
  }
  return true;
}

// Indexed entries of n bytes each, taken one by one. Inlined into each entry point, as GCC chose
// before with_fixed_copy was forced in line: out of line it cost ~100 more instructions a call
// (16 x 512 B: 291 -> 391 besides the copies, callgrind 2026-11-27).
[[gnu::always_inline]] inline bool copy_each_fixed(bool put, const gexi_PeerMap_t &m, const IndexedList local,
                                                   const IndexedList remote, size_t count, size_t n) {
  const intptr_t delta = m.delta;
  return with_fixed_copy(put, n, [&](auto copy) {
    for (size_t i = 0; i < count; ++i) copy(local.addr(i), remote.addr(i) + delta);
    return true;
  });
}

template <typename List>
bool lists_load_store(const Call &c, gex_TM_t tm, gex_Rank_t rank, const List dst, size_t dstcount, const List src,
                      size_t srccount, gex_Flags_t flags) {
  const bool put = c.dir == Direction::Put;
  gexi_PeerMap_t m;  // a copy: the copies below may alias the map for all the compiler knows
  if (dstcount != srccount || !dst.list || !src.list || !gexi_vis_peer(tm, rank, flags, put, &m)) return false;
  const List &local = put ? src : dst, &remote = put ? dst : src;
  if constexpr (std::is_same_v<List, IndexedList>) {
    const size_t n = dst.fixed_len;
    if (n != src.fixed_len) return false;
    if (dstcount < 2 || local.addr(1) != local.addr(0) + n || remote.addr(1) != remote.addr(0) + n)
      return copy_each_fixed(put, m, local, remote, dstcount, n);
  }
  return copy_runs(put, m, local, remote, dstcount);
}
#endif

// The general path (out of line: its frame would otherwise be set up before the quick walk).
template <typename DstList, typename SrcList>
[[gnu::noinline]] int vector_like_general(const Call &c, gex_TM_t tm, gex_Rank_t rank, const DstList dst,
                                          size_t dstcount, const SrcList src, size_t srccount, gex_Flags_t flags,
                                          gex_Event_t *ev_out) {
  require_init(c.name);
  check_may_communicate(c.name);
  check_flags(c, flags);
  if (dstcount && !dst.list) usage_fatal(c.name, "dstlist is NULL with dstcount=" + std::to_string(dstcount));
  if (srccount && !src.list) usage_fatal(c.name, "srclist is NULL with srccount=" + std::to_string(srccount));
  const ListsMeasure m = measure(dst, dstcount, src, srccount);
  if (m.dtotal != m.stotal)
    usage_fatal(c.name, "the destination regions hold " + std::to_string(m.dtotal) + " bytes but the source regions " +
                            std::to_string(m.stotal) + " (the totals must be equal)");
  if (m.dtotal == 0) return nothing_to_move(c, tm, rank, flags, ev_out);
  const bool put = c.dir == Direction::Put;
  return execute(c, tm, rank, flags, ev_out, [&](auto &sink) {
    Coalescer pieces(sink);
    // Two loops with the direction test written in each: one lambda serving both made the
    // same-shape loop slower (1024 64-byte entries 2.9 -> 3.1-3.5 ns each, VM).
    if (m.same_shape) {
      // One piece per entry (adjacent ones merge in `pieces`).
      for (size_t i = 0; i < dstcount; ++i) {
        if (put)
          pieces.add(src.addr(i), dst.addr(i), dst.len(i));
        else
          pieces.add(dst.addr(i), src.addr(i), dst.len(i));
      }
    } else {
      walk_lists(dst, dstcount, src, srccount, [&](char *d, char *s, size_t n) {
        if (put)
          pieces.add(s, d, n);
        else
          pieces.add(d, s, n);
      });
    }
    pieces.flush();
  });
}

template <typename DstList, typename SrcList>
inline int vector_like(const Call &c, gex_TM_t tm, gex_Rank_t rank, const DstList &dst, size_t dstcount,
                       const SrcList &src, size_t srccount, gex_Flags_t flags, gex_Event_t *ev_out) {
#ifndef GASNET_DEBUG
  if (lists_load_store(c, tm, rank, dst, dstcount, src, srccount, flags)) return done_now(ev_out);
#endif
  return vector_like_general(c, tm, rank, dst, dstcount, src, srccount, flags, ev_out);
}

int vector_op(const Call &c, gex_TM_t tm, gex_Rank_t rank, size_t dstcount, const gex_Memvec_t *dstlist, size_t srccount,
              const gex_Memvec_t *srclist, gex_Flags_t flags, gex_Event_t *ev_out) {
  return vector_like(c, tm, rank, MemvecList{dstlist}, dstcount, MemvecList{srclist}, srccount, flags, ev_out);
}

int indexed_op(const Call &c, gex_TM_t tm, gex_Rank_t rank, size_t dstcount, void *const *dstlist, size_t dstlen,
               size_t srccount, void *const *srclist, size_t srclen, gex_Flags_t flags, gex_Event_t *ev_out) {
  // A zero length makes a list empty whatever its count (and its pointer).
  if (dstlen == 0) dstcount = 0;
  if (srclen == 0) srccount = 0;
  return vector_like(c, tm, rank, IndexedList{dstlist, dstlen}, dstcount, IndexedList{srclist, srclen}, srccount, flags,
                     ev_out);
}

// ---- Strided -------------------------------------------------------------------------------------
// Element (i_0 .. i_{L-1}) lies at base + sum_k i_k * strides[k] on each side; dimension 0 varies
// fastest. The metadata is read here, before the initiation returns (the spec requires it).

// The same transfer with fewer dimensions, as GASNet's strided engine normalises it: a dimension
// of count 1 goes; dimension 0 joins the element when both sides' stride 0 is the element size
// (rows of contiguous elements are one longer element); dimension k+1 joins dimension k when both
// sides' stride k+1 is stride k times count k. The elements and their order are unchanged; a
// fully contiguous section becomes one element, one copy (testvisperf's 100% density lines).
struct StridedShape {
  static constexpr size_t kInline = 8;  // dimensions kept without an allocation
  size_t elemsz = 0, levels = 0;
  size_t *count;
  ptrdiff_t *ls, *rs;  // local and remote strides

  StridedShape(size_t elem, const size_t *cnt, const ptrdiff_t *lstr, const ptrdiff_t *rstr, size_t nlevels)
      : elemsz(elem) {
    if (nlevels > kInline) {
      heap_.reset(new size_t[3 * nlevels]);
      count = heap_.get();
      ls = reinterpret_cast<ptrdiff_t *>(count + nlevels);
      rs = ls + nlevels;
    } else {
      count = count_, ls = ls_, rs = rs_;
    }
    for (size_t k = 0; k < nlevels; ++k) {
      if (cnt[k] == 1) continue;
      if (levels > 0 && ls[levels - 1] * ptrdiff_t(count[levels - 1]) == lstr[k] &&
          rs[levels - 1] * ptrdiff_t(count[levels - 1]) == rstr[k]) {
        count[levels - 1] *= cnt[k];
        continue;
      }
      count[levels] = cnt[k], ls[levels] = lstr[k], rs[levels] = rstr[k];
      ++levels;
    }
    // Dimension 0 contiguous on both sides: part of the element (the merge above already joined
    // every further dimension that continues it).
    if (levels > 0 && ls[0] == ptrdiff_t(elemsz) && rs[0] == ptrdiff_t(elemsz)) {
      elemsz *= count[0];
      --levels, ++count, ++ls, ++rs;
    }
  }
  StridedShape(const StridedShape &) = delete;
  StridedShape &operator=(const StridedShape &) = delete;

 private:
  size_t count_[kInline];
  ptrdiff_t ls_[kInline], rs_[kInline];
  std::unique_ptr<size_t[]> heap_;  // size_t and ptrdiff_t have the same size and alignment (no
                                    // std::vector: its set-up and tear-down cost ~10 instructions a call)
};
static_assert(sizeof(size_t) == sizeof(ptrdiff_t) && alignof(size_t) == alignof(ptrdiff_t));

// Calls piece(l, r) for every element of `shape` in order (dimension 0 fastest), from the local
// and remote bases given.
template <typename Piece>
void walk_strided(const StridedShape &shape, char *local, char *remote, Piece &&piece) {
  const size_t levels = shape.levels;
  if (levels == 0) {
    piece(local, remote);
    return;
  }
  const size_t n0 = shape.count[0];
  const ptrdiff_t l0 = shape.ls[0], r0 = shape.rs[0];
  if (levels == 1) {  // the common case after normalisation: rows of one element
    for (size_t i = 0; i < n0; ++i, local += l0, remote += r0) piece(local, remote);
    return;
  }
  size_t idx_inline[StridedShape::kInline] = {};
  std::vector<size_t> idx_heap(levels > StridedShape::kInline ? levels : 0);
  size_t *idx = levels > StridedShape::kInline ? idx_heap.data() : idx_inline;
  char *lrow = local, *rrow = remote;  // address of element (0, i_1, ..., i_{L-1})
  for (;;) {
    char *l = lrow, *r = rrow;
    for (size_t i = 0; i < n0; ++i, l += l0, r += r0) piece(l, r);
    // Odometer over dimensions 1..L-1.
    size_t k = 1;
    for (; k < levels; ++k) {
      lrow += shape.ls[k], rrow += shape.rs[k];
      if (++idx[k] < shape.count[k]) break;
      lrow -= shape.ls[k] * ptrdiff_t(shape.count[k]), rrow -= shape.rs[k] * ptrdiff_t(shape.count[k]);
      idx[k] = 0;
    }
    if (k == levels) return;
  }
}

#ifndef GASNET_DEBUG
// Strided to a load/store neighbour in a release build, as lists_load_store: the primordial team,
// no flags, no peer completion armed (no range test, as lists_load_store). Each element is one
// copy chosen once for the element size (no Coalescer: normalisation has already joined every
// element that continues another on both sides). false: the general path does it.
bool strided_load_store(const Call &c, gex_TM_t tm, gex_Rank_t rank, char *local, char *remote,
                        const StridedShape &shape, gex_Flags_t flags) {
  const bool put = c.dir == Direction::Put;
  gexi_PeerMap_t m;
  if (!gexi_vis_peer(tm, rank, flags, put, &m)) return false;
  char *const mapped = static_cast<char *>(gexi_vis_mapped(&m, remote));
  return with_fixed_copy(put, shape.elemsz, [&](auto copy) {
    walk_strided(shape, local, mapped, copy);
    return true;
  });
}
#endif

int strided_op(const Call &c, gex_TM_t tm, gex_Rank_t rank, void *dstaddr, const ptrdiff_t *dststrides, void *srcaddr,
               const ptrdiff_t *srcstrides, size_t elemsz, const size_t *count, size_t stridelevels, gex_Flags_t flags,
               gex_Event_t *ev_out) {
  require_init(c.name);
  check_may_communicate(c.name);
  if (elemsz == 0) return nothing_to_move(c, tm, rank, flags, ev_out);  // the rest is ignored (but a peer completion)
  check_flags(c, flags);
  if (stridelevels) {
    if (!count) usage_fatal(c.name, "count is NULL with stridelevels=" + std::to_string(stridelevels));
    if (!dststrides) usage_fatal(c.name, "dststrides is NULL with stridelevels=" + std::to_string(stridelevels));
    if (!srcstrides) usage_fatal(c.name, "srcstrides is NULL with stridelevels=" + std::to_string(stridelevels));
    for (size_t k = 0; k < stridelevels; ++k)
      if (count[k] == 0) return nothing_to_move(c, tm, rank, flags, ev_out);  // addresses are ignored
  }
  // Remote and local base as seen by the pieces: Put moves local src -> remote dst.
  char *const local = static_cast<char *>(c.dir == Direction::Put ? srcaddr : dstaddr);
  char *const remote = static_cast<char *>(c.dir == Direction::Put ? dstaddr : srcaddr);
  const StridedShape shape(elemsz, count, c.dir == Direction::Put ? srcstrides : dststrides,
                           c.dir == Direction::Put ? dststrides : srcstrides, stridelevels);
#ifndef GASNET_DEBUG
  if (strided_load_store(c, tm, rank, local, remote, shape, flags)) return done_now(ev_out);
#endif
  return execute(c, tm, rank, flags, ev_out, [&](auto &sink) {
    const size_t esz = shape.elemsz;
    Coalescer pieces(sink);
    walk_strided(shape, local, remote, [&](char *l, char *r) { pieces.add(l, r, esz); });
    pieces.flush();
  });
}

constexpr Call kVectorGetNB{"gex_VIS_VectorGetNB", Direction::Get, Form::NB};
constexpr Call kVectorGetNBI{"gex_VIS_VectorGetNBI", Direction::Get, Form::NBI};
constexpr Call kVectorGetBlocking{"gex_VIS_VectorGetBlocking", Direction::Get, Form::Blocking};
constexpr Call kVectorPutNB{"gex_VIS_VectorPutNB", Direction::Put, Form::NB};
constexpr Call kVectorPutNBI{"gex_VIS_VectorPutNBI", Direction::Put, Form::NBI};
constexpr Call kVectorPutBlocking{"gex_VIS_VectorPutBlocking", Direction::Put, Form::Blocking};
constexpr Call kIndexedGetNB{"gex_VIS_IndexedGetNB", Direction::Get, Form::NB};
constexpr Call kIndexedGetNBI{"gex_VIS_IndexedGetNBI", Direction::Get, Form::NBI};
constexpr Call kIndexedGetBlocking{"gex_VIS_IndexedGetBlocking", Direction::Get, Form::Blocking};
constexpr Call kIndexedPutNB{"gex_VIS_IndexedPutNB", Direction::Put, Form::NB};
constexpr Call kIndexedPutNBI{"gex_VIS_IndexedPutNBI", Direction::Put, Form::NBI};
constexpr Call kIndexedPutBlocking{"gex_VIS_IndexedPutBlocking", Direction::Put, Form::Blocking};
constexpr Call kStridedGetNB{"gex_VIS_StridedGetNB", Direction::Get, Form::NB};
constexpr Call kStridedGetNBI{"gex_VIS_StridedGetNBI", Direction::Get, Form::NBI};
constexpr Call kStridedGetBlocking{"gex_VIS_StridedGetBlocking", Direction::Get, Form::Blocking};
constexpr Call kStridedPutNB{"gex_VIS_StridedPutNB", Direction::Put, Form::NB};
constexpr Call kStridedPutNBI{"gex_VIS_StridedPutNBI", Direction::Put, Form::NBI};
constexpr Call kStridedPutBlocking{"gex_VIS_StridedPutBlocking", Direction::Put, Form::Blocking};

}  // namespace

extern "C" {

// ---- Vector ----
gex_Event_t gex_VIS_VectorGetNB(gex_TM_t tm, size_t dstcount, gex_Memvec_t const dstlist[], gex_Rank_t srcrank,
                                size_t srccount, gex_Memvec_t const srclist[], gex_Flags_t flags) {
  gex_Event_t ev;
  vector_op(kVectorGetNB, tm, srcrank, dstcount, dstlist, srccount, srclist, flags, &ev);
  return ev;
}
int gex_VIS_VectorGetNBI(gex_TM_t tm, size_t dstcount, gex_Memvec_t const dstlist[], gex_Rank_t srcrank,
                         size_t srccount, gex_Memvec_t const srclist[], gex_Flags_t flags) {
  return vector_op(kVectorGetNBI, tm, srcrank, dstcount, dstlist, srccount, srclist, flags, nullptr);
}
int gex_VIS_VectorGetBlocking(gex_TM_t tm, size_t dstcount, gex_Memvec_t const dstlist[], gex_Rank_t srcrank,
                              size_t srccount, gex_Memvec_t const srclist[], gex_Flags_t flags) {
  return vector_op(kVectorGetBlocking, tm, srcrank, dstcount, dstlist, srccount, srclist, flags, nullptr);
}
gex_Event_t gex_VIS_VectorPutNB(gex_TM_t tm, gex_Rank_t dstrank, size_t dstcount, gex_Memvec_t const dstlist[],
                                size_t srccount, gex_Memvec_t const srclist[], gex_Flags_t flags) {
  gex_Event_t ev;
  vector_op(kVectorPutNB, tm, dstrank, dstcount, dstlist, srccount, srclist, flags, &ev);
  return ev;
}
int gex_VIS_VectorPutNBI(gex_TM_t tm, gex_Rank_t dstrank, size_t dstcount, gex_Memvec_t const dstlist[],
                         size_t srccount, gex_Memvec_t const srclist[], gex_Flags_t flags) {
  return vector_op(kVectorPutNBI, tm, dstrank, dstcount, dstlist, srccount, srclist, flags, nullptr);
}
int gex_VIS_VectorPutBlocking(gex_TM_t tm, gex_Rank_t dstrank, size_t dstcount, gex_Memvec_t const dstlist[],
                              size_t srccount, gex_Memvec_t const srclist[], gex_Flags_t flags) {
  return vector_op(kVectorPutBlocking, tm, dstrank, dstcount, dstlist, srccount, srclist, flags, nullptr);
}

// ---- Indexed ----
gex_Event_t gex_VIS_IndexedGetNB(gex_TM_t tm, size_t dstcount, void *const dstlist[], size_t dstlen,
                                 gex_Rank_t srcrank, size_t srccount, void *const srclist[], size_t srclen,
                                 gex_Flags_t flags) {
  gex_Event_t ev;
  indexed_op(kIndexedGetNB, tm, srcrank, dstcount, dstlist, dstlen, srccount, srclist, srclen, flags, &ev);
  return ev;
}
int gex_VIS_IndexedGetNBI(gex_TM_t tm, size_t dstcount, void *const dstlist[], size_t dstlen, gex_Rank_t srcrank,
                          size_t srccount, void *const srclist[], size_t srclen, gex_Flags_t flags) {
  return indexed_op(kIndexedGetNBI, tm, srcrank, dstcount, dstlist, dstlen, srccount, srclist, srclen, flags, nullptr);
}
int gex_VIS_IndexedGetBlocking(gex_TM_t tm, size_t dstcount, void *const dstlist[], size_t dstlen, gex_Rank_t srcrank,
                               size_t srccount, void *const srclist[], size_t srclen, gex_Flags_t flags) {
  return indexed_op(kIndexedGetBlocking, tm, srcrank, dstcount, dstlist, dstlen, srccount, srclist, srclen, flags,
                    nullptr);
}
gex_Event_t gex_VIS_IndexedPutNB(gex_TM_t tm, gex_Rank_t dstrank, size_t dstcount, void *const dstlist[], size_t dstlen,
                                 size_t srccount, void *const srclist[], size_t srclen, gex_Flags_t flags) {
  gex_Event_t ev;
  indexed_op(kIndexedPutNB, tm, dstrank, dstcount, dstlist, dstlen, srccount, srclist, srclen, flags, &ev);
  return ev;
}
int gex_VIS_IndexedPutNBI(gex_TM_t tm, gex_Rank_t dstrank, size_t dstcount, void *const dstlist[], size_t dstlen,
                          size_t srccount, void *const srclist[], size_t srclen, gex_Flags_t flags) {
  return indexed_op(kIndexedPutNBI, tm, dstrank, dstcount, dstlist, dstlen, srccount, srclist, srclen, flags, nullptr);
}
int gex_VIS_IndexedPutBlocking(gex_TM_t tm, gex_Rank_t dstrank, size_t dstcount, void *const dstlist[], size_t dstlen,
                               size_t srccount, void *const srclist[], size_t srclen, gex_Flags_t flags) {
  return indexed_op(kIndexedPutBlocking, tm, dstrank, dstcount, dstlist, dstlen, srccount, srclist, srclen, flags,
                    nullptr);
}

// ---- Strided ----
gex_Event_t gex_VIS_StridedGetNB(gex_TM_t tm, void *dstaddr, const ptrdiff_t dststrides[], gex_Rank_t srcrank,
                                 void *srcaddr, const ptrdiff_t srcstrides[], size_t elemsz, const size_t count[],
                                 size_t stridelevels, gex_Flags_t flags) {
  gex_Event_t ev;
  strided_op(kStridedGetNB, tm, srcrank, dstaddr, dststrides, srcaddr, srcstrides, elemsz, count, stridelevels, flags,
             &ev);
  return ev;
}
int gex_VIS_StridedGetNBI(gex_TM_t tm, void *dstaddr, const ptrdiff_t dststrides[], gex_Rank_t srcrank, void *srcaddr,
                          const ptrdiff_t srcstrides[], size_t elemsz, const size_t count[], size_t stridelevels,
                          gex_Flags_t flags) {
  return strided_op(kStridedGetNBI, tm, srcrank, dstaddr, dststrides, srcaddr, srcstrides, elemsz, count, stridelevels,
                    flags, nullptr);
}
int gex_VIS_StridedGetBlocking(gex_TM_t tm, void *dstaddr, const ptrdiff_t dststrides[], gex_Rank_t srcrank,
                               void *srcaddr, const ptrdiff_t srcstrides[], size_t elemsz, const size_t count[],
                               size_t stridelevels, gex_Flags_t flags) {
  return strided_op(kStridedGetBlocking, tm, srcrank, dstaddr, dststrides, srcaddr, srcstrides, elemsz, count,
                    stridelevels, flags, nullptr);
}
gex_Event_t gex_VIS_StridedPutNB(gex_TM_t tm, gex_Rank_t dstrank, void *dstaddr, const ptrdiff_t dststrides[],
                                 void *srcaddr, const ptrdiff_t srcstrides[], size_t elemsz, const size_t count[],
                                 size_t stridelevels, gex_Flags_t flags) {
  gex_Event_t ev;
  strided_op(kStridedPutNB, tm, dstrank, dstaddr, dststrides, srcaddr, srcstrides, elemsz, count, stridelevels, flags,
             &ev);
  return ev;
}
int gex_VIS_StridedPutNBI(gex_TM_t tm, gex_Rank_t dstrank, void *dstaddr, const ptrdiff_t dststrides[], void *srcaddr,
                          const ptrdiff_t srcstrides[], size_t elemsz, const size_t count[], size_t stridelevels,
                          gex_Flags_t flags) {
  return strided_op(kStridedPutNBI, tm, dstrank, dstaddr, dststrides, srcaddr, srcstrides, elemsz, count, stridelevels,
                    flags, nullptr);
}
int gex_VIS_StridedPutBlocking(gex_TM_t tm, gex_Rank_t dstrank, void *dstaddr, const ptrdiff_t dststrides[],
                               void *srcaddr, const ptrdiff_t srcstrides[], size_t elemsz, const size_t count[],
                               size_t stridelevels, gex_Flags_t flags) {
  return strided_op(kStridedPutBlocking, tm, dstrank, dstaddr, dststrides, srcaddr, srcstrides, elemsz, count,
                    stridelevels, flags, nullptr);
}

}  // extern "C"
