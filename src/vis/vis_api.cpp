// The 18 VIS entry points of gasnet_vis.h. Each validates its metadata, handles the degenerate
// cases, then feeds contiguous pieces to the peer's path (service.h explains the two paths).
#include <gasnet_vis.h>

#include <algorithm>
#include <cstring>
#include <string>
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

// Remote addresses must lie in the peer's bound segment (checked per merged piece, debug build).
// `ep`: the remote endpoint's index (a TM-pair names any endpoint of the peer).
struct LoadStoreSink {
  const char *call;
  Direction dir;
  gex_Rank_t jobrank;
  uint32_t ep;
  void piece(char *local, char *remote, size_t n) {
    check_remote_range(jobrank, remote, n, call, ep);
    if (dir == Direction::Put)
      gex::runtime::rma_copy_to_shared(local_address(jobrank, remote, ep), local, n);
    else
      gex::runtime::rma_copy_from_shared(local, local_address(jobrank, remote, ep), n);
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
  if (c.dir != Direction::Put || !gex::vis::take_peer_completion(pc)) return false;
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

// Runs one operation: `generate(coalescer)` feeds every piece. Returns the NBI/Blocking result
// (non-zero only for a refused IMMEDIATE); the NB result goes to *ev_out.
template <typename Generate>
int execute(const Call &c, gex_TM_t tm, gex_Rank_t rank, gex_Flags_t flags, gex_Event_t *ev_out, Generate &&generate) {
  const gex_Rank_t jr = jobrank_of(tm, rank, c.name);
  const uint32_t ep = remote_ep_of(tm);
  if (__builtin_expect(g_rt.segments.at(jr, ep).device ||
                           (is_tm_pair(tm) && tm_pair_ep(tm)->segment && tm_pair_ep(tm)->segment->kind != GEX_MK_HOST),
                       0))
    usage_fatal(c.name, "VIS to or from device memory is not supported (move device data with gex_RMA_*)");
  gex::vis::PeerCompletion pc;
  const bool has_pc = take_peer_completion(c, flags, &pc);
  if (!use_am_path(jr, ep)) {
    LoadStoreSink sink{c.name, c.dir, jr, ep};
    Coalescer<LoadStoreSink> pieces(sink);
    generate(pieces);
    pieces.flush();
    if (has_pc) gex::vis::send_peer_completion(jr, pc);  // the stores are done (the ring orders them first)
    return done_now(ev_out);
  }
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
    Coalescer<AmSink> pieces(sink);
    generate(pieces);
    pieces.flush();
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
    while (blocking_done.load(std::memory_order_acquire) != 0) progress_wait_step();
    if (has_pc) gex::vis::send_peer_completion(jr, pc);
  }
  if (ev_out) *ev_out = ev;
  return 0;
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

template <typename DstList, typename SrcList>
int vector_like(const Call &c, gex_TM_t tm, gex_Rank_t rank, const DstList &dst, size_t dstcount, const SrcList &src,
                size_t srccount, gex_Flags_t flags, gex_Event_t *ev_out) {
  require_init(c.name);
  check_may_communicate(c.name);
  check_flags(c, flags);
  if (dstcount && !dst.list) usage_fatal(c.name, "dstlist is NULL with dstcount=" + std::to_string(dstcount));
  if (srccount && !src.list) usage_fatal(c.name, "srclist is NULL with srccount=" + std::to_string(srccount));
  const size_t dtotal = total_bytes(dst, dstcount), stotal = total_bytes(src, srccount);
  if (dtotal != stotal)
    usage_fatal(c.name, "the destination regions hold " + std::to_string(dtotal) + " bytes but the source regions " +
                            std::to_string(stotal) + " (the totals must be equal)");
  if (dtotal == 0) return nothing_to_move(c, tm, rank, flags, ev_out);
  return execute(c, tm, rank, flags, ev_out, [&](auto &pieces) {
    walk_lists(dst, dstcount, src, srccount, [&](char *d, char *s, size_t n) {
      if (c.dir == Direction::Put)
        pieces.add(s, d, n);
      else
        pieces.add(d, s, n);
    });
  });
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
  const ptrdiff_t *lstrides = c.dir == Direction::Put ? srcstrides : dststrides;
  const ptrdiff_t *rstrides = c.dir == Direction::Put ? dststrides : srcstrides;
  std::vector<size_t> counts(count, count + stridelevels);
  std::vector<ptrdiff_t> ls(lstrides, lstrides + stridelevels), rs(rstrides, rstrides + stridelevels);
  return execute(c, tm, rank, flags, ev_out, [&](auto &pieces) {
    if (stridelevels == 0) {
      pieces.add(local, remote, elemsz);
      return;
    }
    std::vector<size_t> idx(stridelevels, 0);
    const size_t n0 = counts[0];
    const ptrdiff_t l0 = ls[0], r0 = rs[0];
    char *lrow = local, *rrow = remote;  // address of element (0, i_1, ..., i_{L-1})
    for (;;) {
      char *l = lrow, *r = rrow;
      for (size_t i = 0; i < n0; ++i, l += l0, r += r0) pieces.add(l, r, elemsz);
      // Odometer over dimensions 1..L-1.
      size_t k = 1;
      for (; k < stridelevels; ++k) {
        lrow += ls[k], rrow += rs[k];
        if (++idx[k] < counts[k]) break;
        lrow -= ls[k] * ptrdiff_t(counts[k]), rrow -= rs[k] * ptrdiff_t(counts[k]);
        idx[k] = 0;
      }
      if (k == stridelevels) break;
    }
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
