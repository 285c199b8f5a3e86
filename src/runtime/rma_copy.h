// Moving RMA data to and from memory that other processes write at the same time.
//
// A naturally aligned transfer of 1, 2, 4 or 8 bytes must be one store (a put) or one load (a
// get), as on any RDMA network: glibc's memcpy writes a 4-byte block as two overlapping
// stores, so a rank preempted between them stores its old value again over a peer's newer
// write (GASNet's testacc, a lock handed over with 4-byte puts, lost handovers that way).
// Everything else is a plain memcpy.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace gex::runtime {

namespace rma_copy_detail {
template <typename T>
inline void store_one(void *dst, const void *src) {
  T v;
  std::memcpy(&v, src, sizeof v);  // one load (src may be unaligned: the local side)
  __atomic_store_n(static_cast<T *>(dst), v, __ATOMIC_RELAXED);
}
template <typename T>
inline void load_one(void *dst, const void *src) {
  const T v = __atomic_load_n(static_cast<const T *>(src), __ATOMIC_RELAXED);
  std::memcpy(dst, &v, sizeof v);
}
}  // namespace rma_copy_detail

// A put: `dst` is the shared (remote) side.
inline void rma_copy_to_shared(void *dst, const void *src, size_t n) {
  using namespace rma_copy_detail;
  const uintptr_t a = reinterpret_cast<uintptr_t>(dst);
  switch (n) {
    case 1: store_one<uint8_t>(dst, src); return;
    case 2: if (!(a & 1)) return store_one<uint16_t>(dst, src); break;
    case 4: if (!(a & 3)) return store_one<uint32_t>(dst, src); break;
    case 8: if (!(a & 7)) return store_one<uint64_t>(dst, src); break;
    default: break;
  }
  std::memcpy(dst, src, n);
}

// A get: `src` is the shared (remote) side.
inline void rma_copy_from_shared(void *dst, const void *src, size_t n) {
  using namespace rma_copy_detail;
  const uintptr_t a = reinterpret_cast<uintptr_t>(src);
  switch (n) {
    case 1: load_one<uint8_t>(dst, src); return;
    case 2: if (!(a & 1)) return load_one<uint16_t>(dst, src); break;
    case 4: if (!(a & 3)) return load_one<uint32_t>(dst, src); break;
    case 8: if (!(a & 7)) return load_one<uint64_t>(dst, src); break;
    default: break;
  }
  std::memcpy(dst, src, n);
}

}  // namespace gex::runtime
