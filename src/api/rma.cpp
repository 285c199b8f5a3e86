// RMA. A neighbour's segment is mapped here, so every transfer is a memcpy done by the
// initiator: it is remotely complete when the call returns, and NB/NBI calls have nothing left
// to track (GEX_EVENT_INVALID, no NBI count).
#include "runtime/runtime.h"

using namespace gex::runtime;

namespace {

inline char *remote(gex_TM_t tm, gex_Rank_t rank, const void *addr, size_t nbytes, const char *call) {
  return peer_address(jobrank_of(tm, rank, call), addr, nbytes, call, /*always_check=*/false);
}

inline void put(const char *call, gex_TM_t tm, gex_Rank_t rank, void *dest, const void *src, size_t nbytes) {
  check_may_communicate(call);
  std::memcpy(remote(tm, rank, dest, nbytes, call), src, nbytes);
}

inline void get(const char *call, gex_TM_t tm, void *dest, gex_Rank_t rank, void *src, size_t nbytes) {
  check_may_communicate(call);
  std::memcpy(dest, remote(tm, rank, src, nbytes, call), nbytes);
}

// Value forms move the low-order nbytes of the value as an integer of that width.
inline void store_value(char *dst, gex_RMA_Value_t value, size_t nbytes, const char *call) {
  switch (nbytes) {
    case 1: { uint8_t v = uint8_t(value); std::memcpy(dst, &v, 1); break; }
    case 2: { uint16_t v = uint16_t(value); std::memcpy(dst, &v, 2); break; }
    case 4: { uint32_t v = uint32_t(value); std::memcpy(dst, &v, 4); break; }
    case 8: std::memcpy(dst, &value, 8); break;
    default:
      if (nbytes == 0 || nbytes > sizeof(gex_RMA_Value_t))
        usage_fatal(call, "nbytes=" + std::to_string(nbytes) + " must be 1..SIZEOF_GEX_RMA_VALUE_T (8)");
      static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "value RMA assumes little endian");
      std::memcpy(dst, &value, nbytes);
  }
}

inline void put_value(const char *call, gex_TM_t tm, gex_Rank_t rank, void *dest, gex_RMA_Value_t value, size_t nbytes) {
  check_may_communicate(call);
  store_value(remote(tm, rank, dest, nbytes, call), value, nbytes, call);
}

}  // namespace

extern "C" {

int gex_RMA_PutBlocking(gex_TM_t tm, gex_Rank_t rank, void *dest, const void *src, size_t nbytes, gex_Flags_t) {
  put("gex_RMA_PutBlocking", tm, rank, dest, src, nbytes);
  return 0;
}

int gex_RMA_PutNBI(gex_TM_t tm, gex_Rank_t rank, void *dest, const void *src, size_t nbytes, gex_Event_t *lc_opt, gex_Flags_t) {
  put("gex_RMA_PutNBI", tm, rank, dest, src, nbytes);
  lc_complete_now(lc_opt);
  return 0;
}

gex_Event_t gex_RMA_PutNB(gex_TM_t tm, gex_Rank_t rank, void *dest, const void *src, size_t nbytes, gex_Event_t *lc_opt,
                          gex_Flags_t) {
  put("gex_RMA_PutNB", tm, rank, dest, src, nbytes);
  lc_complete_now(lc_opt);
  return GEX_EVENT_INVALID;
}

int gex_RMA_GetBlocking(gex_TM_t tm, void *dest, gex_Rank_t rank, void *src, size_t nbytes, gex_Flags_t) {
  get("gex_RMA_GetBlocking", tm, dest, rank, src, nbytes);
  return 0;
}

int gex_RMA_GetNBI(gex_TM_t tm, void *dest, gex_Rank_t rank, void *src, size_t nbytes, gex_Flags_t) {
  get("gex_RMA_GetNBI", tm, dest, rank, src, nbytes);
  return 0;
}

gex_Event_t gex_RMA_GetNB(gex_TM_t tm, void *dest, gex_Rank_t rank, void *src, size_t nbytes, gex_Flags_t) {
  get("gex_RMA_GetNB", tm, dest, rank, src, nbytes);
  return GEX_EVENT_INVALID;
}

gex_RMA_Value_t gex_RMA_GetBlockingVal(gex_TM_t tm, gex_Rank_t rank, void *src, size_t nbytes, gex_Flags_t) {
  const char *call = "gex_RMA_GetBlockingVal";
  check_may_communicate(call);
  const char *p = remote(tm, rank, src, nbytes, call);
  switch (nbytes) {
    case 1: { uint8_t v; std::memcpy(&v, p, 1); return v; }
    case 2: { uint16_t v; std::memcpy(&v, p, 2); return v; }
    case 4: { uint32_t v; std::memcpy(&v, p, 4); return v; }
    case 8: { uint64_t v; std::memcpy(&v, p, 8); return v; }
    default: {
      if (nbytes == 0 || nbytes > sizeof(gex_RMA_Value_t))
        usage_fatal(call, "nbytes=" + std::to_string(nbytes) + " must be 1..SIZEOF_GEX_RMA_VALUE_T (8)");
      gex_RMA_Value_t v = 0;
      std::memcpy(&v, p, nbytes);
      return v;
    }
  }
}

int gex_RMA_PutBlockingVal(gex_TM_t tm, gex_Rank_t rank, void *dest, gex_RMA_Value_t value, size_t nbytes, gex_Flags_t) {
  put_value("gex_RMA_PutBlockingVal", tm, rank, dest, value, nbytes);
  return 0;
}

int gex_RMA_PutNBIVal(gex_TM_t tm, gex_Rank_t rank, void *dest, gex_RMA_Value_t value, size_t nbytes, gex_Flags_t) {
  put_value("gex_RMA_PutNBIVal", tm, rank, dest, value, nbytes);
  return 0;
}

gex_Event_t gex_RMA_PutNBVal(gex_TM_t tm, gex_Rank_t rank, void *dest, gex_RMA_Value_t value, size_t nbytes, gex_Flags_t) {
  put_value("gex_RMA_PutNBVal", tm, rank, dest, value, nbytes);
  return GEX_EVENT_INVALID;
}

}  // extern "C"
