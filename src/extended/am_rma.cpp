#include "extended/am_rma.h"

#include <cstring>
#include <vector>

#include "mk/mk.h"

#include "runtime/rma_copy.h"
#include "runtime/runtime.h"

namespace gex::extended {
namespace {

using runtime::CompletionCounter;
using runtime::make_ptr;
using runtime::ptr_hi;
using runtime::ptr_lo;

size_t max_medium(gex_Rank_t jobrank) { return runtime::am_limits(jobrank).max_medium; }
size_t max_long(gex_Rank_t jobrank) { return runtime::am_limits(jobrank).max_long; }

void ack(gex_Token_t token, gex_AM_Arg_t counter_hi, gex_AM_Arg_t counter_lo) {
  const gex_AM_Arg_t args[] = {counter_hi, counter_lo};
  runtime::am_reply(gex::transport::AmCategory::Short, token, runtime::kHandlerAck, nullptr, 0, nullptr, 0, 2, args);
}

// Stores into memory of this process that may be device memory (a memory kind's segment).
inline void store(void *dest, const void *src, size_t nbytes) {
  if (__builtin_expect(mk::kind_of(dest, nbytes) != nullptr, 0)) return mk::copy(dest, src, nbytes);
  runtime::rma_copy_to_shared(dest, src, nbytes);
}

// ---- handlers (run at the target, or back at the initiator for replies) ---------------------
void on_put_medium(gex_Token_t token, void *buf, size_t nbytes, gex_AM_Arg_t dest_hi, gex_AM_Arg_t dest_lo,
                   gex_AM_Arg_t counter_hi, gex_AM_Arg_t counter_lo) {
  store(make_ptr(dest_hi, dest_lo), buf, nbytes);
  ack(token, counter_hi, counter_lo);
}

void on_put_long(gex_Token_t token, void *, size_t, gex_AM_Arg_t counter_hi, gex_AM_Arg_t counter_lo) {
  ack(token, counter_hi, counter_lo);  // the conduit placed the payload before running us
}

void on_get_request(gex_Token_t token, gex_AM_Arg_t src_hi, gex_AM_Arg_t src_lo, gex_AM_Arg_t nbytes,
                    gex_AM_Arg_t dest_hi, gex_AM_Arg_t dest_lo, gex_AM_Arg_t counter_hi, gex_AM_Arg_t counter_lo,
                    gex_AM_Arg_t use_long) {
  const gex_AM_Arg_t args[] = {dest_hi, dest_lo, counter_hi, counter_lo};
  const void *src = make_ptr(src_hi, src_lo);
  uint64_t one_load;  // a small aligned get reads its word once (runtime/rma_copy.h)
  thread_local std::vector<char> staged;  // device memory is read through its kind first
  if (__builtin_expect(mk::kind_of(src, size_t(uint32_t(nbytes))) != nullptr, 0)) {
    staged.resize(size_t(uint32_t(nbytes)));
    mk::copy(staged.data(), src, staged.size());
    src = staged.data();
  } else if (uint32_t(nbytes) <= sizeof one_load) {
    runtime::rma_copy_from_shared(&one_load, src, size_t(uint32_t(nbytes)));
    src = &one_load;
  }
  if (use_long) {
    runtime::am_reply(gex::transport::AmCategory::Long, token, runtime::kHandlerGetReplyLong, src, size_t(uint32_t(nbytes)),
                      make_ptr(dest_hi, dest_lo), 0, 2, args + 2);
  } else {
    runtime::am_reply(gex::transport::AmCategory::Medium, token, runtime::kHandlerGetReplyMedium, src, size_t(uint32_t(nbytes)), nullptr,
                      0, 4, args);
  }
}

void on_get_reply_medium(gex_Token_t, void *buf, size_t nbytes, gex_AM_Arg_t dest_hi, gex_AM_Arg_t dest_lo,
                         gex_AM_Arg_t counter_hi, gex_AM_Arg_t counter_lo) {
  store(make_ptr(dest_hi, dest_lo), buf, nbytes);
  runtime::complete_one(make_ptr<CompletionCounter>(counter_hi, counter_lo));
}

void on_get_reply_long(gex_Token_t, void *, size_t, gex_AM_Arg_t counter_hi, gex_AM_Arg_t counter_lo) {
  runtime::complete_one(make_ptr<CompletionCounter>(counter_hi, counter_lo));
}

void on_ack(gex_Token_t, gex_AM_Arg_t counter_hi, gex_AM_Arg_t counter_lo) {
  runtime::complete_one(make_ptr<CompletionCounter>(counter_hi, counter_lo));
}

// Sends one chunk; the counter is raised first so the acknowledgement can never underflow it.
template <typename Send>
bool send_chunk(CompletionCounter *counter, bool immediate, Send &&send) {
  counter->fetch_add(1, std::memory_order_relaxed);
  if (send(immediate ? GEX_FLAG_IMMEDIATE : 0) == 0) return true;
  counter->fetch_sub(1, std::memory_order_relaxed);
  return false;
}

}  // namespace

void init() {
  using runtime::register_internal_handler;
  const gex_Flags_t req = GEX_FLAG_AM_REQUEST, rep = GEX_FLAG_AM_REPLY;
  register_internal_handler(runtime::kHandlerPutMedium, (gex_AM_Fn_t)on_put_medium, req | GEX_FLAG_AM_MEDIUM, 4, "extended put (Medium)");
  register_internal_handler(runtime::kHandlerPutLong, (gex_AM_Fn_t)on_put_long, req | GEX_FLAG_AM_LONG, 2, "extended put (Long)");
  register_internal_handler(runtime::kHandlerGetRequest, (gex_AM_Fn_t)on_get_request, req | GEX_FLAG_AM_SHORT, 8, "extended get request");
  register_internal_handler(runtime::kHandlerGetReplyMedium, (gex_AM_Fn_t)on_get_reply_medium, rep | GEX_FLAG_AM_MEDIUM, 4, "extended get reply (Medium)");
  register_internal_handler(runtime::kHandlerGetReplyLong, (gex_AM_Fn_t)on_get_reply_long, rep | GEX_FLAG_AM_LONG, 2, "extended get reply (Long)");
  register_internal_handler(runtime::kHandlerAck, (gex_AM_Fn_t)on_ack, rep | GEX_FLAG_AM_SHORT, 2, "extended ack");
}

bool put(gex_Rank_t jobrank, void *dest, const void *src, size_t nbytes, CompletionCounter *counter, bool immediate,
         uint16_t ep) {
  const gex_AM_Arg_t c_hi = ptr_hi(counter), c_lo = ptr_lo(counter);
  if (nbytes <= kPutMediumMax && nbytes <= max_medium(jobrank)) {
    const gex_AM_Arg_t args[] = {ptr_hi(dest), ptr_lo(dest), c_hi, c_lo};
    return send_chunk(counter, immediate, [&](gex_Flags_t f) {
      return runtime::am_request(gex::transport::AmCategory::Medium, jobrank, runtime::kHandlerPutMedium, src, nbytes, nullptr, f, 4, args);
    });
  }
  if (runtime::g_rt.segments.at(jobrank, ep).device) {
    // Device memory takes no Long (its payload would be written as host memory): Medium chunks,
    // each stored by the owner through its memory kind.
    const size_t chunk = max_medium(jobrank);
    for (size_t off = 0; off < nbytes; off += chunk) {
      const size_t n = nbytes - off < chunk ? nbytes - off : chunk;
      char *d = static_cast<char *>(dest) + off;
      const gex_AM_Arg_t args[] = {ptr_hi(d), ptr_lo(d), c_hi, c_lo};
      bool sent = send_chunk(counter, immediate && off == 0, [&](gex_Flags_t f) {
        return runtime::am_request(gex::transport::AmCategory::Medium, jobrank, runtime::kHandlerPutMedium,
                                   static_cast<const char *>(src) + off, n, nullptr, f, 4, args);
      });
      if (!sent) return false;
    }
    return true;
  }
  const gex_AM_Arg_t args[] = {c_hi, c_lo};
  const size_t chunk = max_long(jobrank);
  for (size_t off = 0; off < nbytes; off += chunk) {
    size_t n = nbytes - off < chunk ? nbytes - off : chunk;
    bool sent = send_chunk(counter, immediate && off == 0, [&](gex_Flags_t f) {
      return runtime::am_request(gex::transport::AmCategory::Long, jobrank, runtime::kHandlerPutLong, static_cast<const char *>(src) + off, n,
                                 static_cast<char *>(dest) + off, f, 2, args, ep);
    });
    if (!sent) return false;  // only the first chunk may be refused
  }
  return true;
}

bool get(gex_Rank_t jobrank, void *dest, const void *src, size_t nbytes, CompletionCounter *counter, bool immediate) {
  // A Long Reply can land directly when the destination lies in this rank's own segment.
  const bool use_long = runtime::g_rt.segments.at(runtime::g_rt.rank).contains(dest, nbytes);
  const size_t chunk = use_long ? max_long(jobrank) : max_medium(jobrank);
  for (size_t off = 0; off < nbytes; off += chunk) {
    size_t n = nbytes - off < chunk ? nbytes - off : chunk;
    char *d = static_cast<char *>(dest) + off;
    const char *s = static_cast<const char *>(src) + off;
    const gex_AM_Arg_t args[] = {ptr_hi(s), ptr_lo(s), gex_AM_Arg_t(n), ptr_hi(d), ptr_lo(d), ptr_hi(counter), ptr_lo(counter), use_long};
    bool sent = send_chunk(counter, immediate && off == 0, [&](gex_Flags_t f) {
      return runtime::am_request(gex::transport::AmCategory::Short, jobrank, runtime::kHandlerGetRequest, nullptr, 0, nullptr, f, 8, args);
    });
    if (!sent) return false;
  }
  return true;
}

}  // namespace gex::extended
