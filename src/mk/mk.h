// Memory kinds (src/mk/): the objects behind gex_MK_t, one operations table per device class and
// the device ranges of this process. The entry points (gex_MK_*, device segments for
// gex_Segment_Create) are in src/api/; this layer uses only the bootstrap.
//
// Each kind class (CUDA UVA today; HIP or Level Zero would be one more) is one table of
// operations, as libfabric's hmem ops are: allocate and free device memory, copy between any two
// addresses the class understands (host or device), export a segment to a peer process on this
// host and import a peer's (IPC handles), all run with the kind's device context current and the
// caller's context left as it was. The runtime moves bytes to and from device segments only
// through these operations (runtime RmaPath::Device).
#pragma once

#include <gasnet_mk.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace gex::mk {

// An exported device allocation: what a peer on this host needs to map it (a CUDA IPC handle).
struct IpcHandle {
  unsigned char bytes[64] = {};
  uint64_t offset = 0;  // of the segment's base within the exported allocation
  uint64_t alloc_bytes = 0;  // size of the exported allocation
};

struct KindOps {
  const char *name;  // "GEX_MK_CLASS_CUDA_UVA"
  // gex_MK_Create: opens device `ordinal` (sets kind->device, kind->context); GASNET_OK, or
  // GASNET_ERR_BAD_ARG (no such device) / GASNET_ERR_RESOURCE (no driver, no device) with `error`.
  int (*open)(gexi_MK *kind, int ordinal, std::string &error);
  void (*close)(gexi_MK *kind);  // gex_MK_Destroy
  // Device memory of `bytes` on the kind's device; false with `error` set when it cannot.
  bool (*allocate)(gexi_MK *kind, size_t bytes, void **out, std::string &error);
  void (*release)(gexi_MK *kind, void *base);
  // Whether [addr, addr + bytes) is device memory of this kind's device (client-provided segments).
  bool (*owns)(gexi_MK *kind, const void *addr, size_t bytes, std::string &error);
  // Copies n bytes between any two addresses (host or device), complete on return.
  void (*copy)(gexi_MK *kind, void *dst, const void *src, size_t n);
  bool (*export_ipc)(gexi_MK *kind, void *base, IpcHandle *out, std::string &error);
  // Maps a peer's exported allocation here; nullptr when it cannot (then RMA goes over AM).
  void *(*import_ipc)(gexi_MK *kind, const IpcHandle &h);
  void (*close_ipc)(gexi_MK *kind, void *mapped);
};

}  // namespace gex::mk

struct gexi_MK {
  static constexpr uint32_t kLive = 0x4d4b4f4b;  // "MKOK": cleared by Destroy
  uint32_t magic = kLive;
  gex_Client_t client = nullptr;
  gex_MK_Class_t mk_class = GEX_MK_CLASS_HOST;
  gex_Flags_t flags = 0;
  void *cdata = nullptr;
  const gex::mk::KindOps *ops = nullptr;
  int device = 0;             // the class's device number (CUdevice)
  void *context = nullptr;    // the class's context (CUcontext: the device's primary context)
  void *stream = nullptr;     // the class's copy queue (CUstream), waited on after every copy
};

namespace gex::mk {

// The operations of a device class: the test double under GEX_MK_SIM=cuda_uva, else what this
// build has (nullptr: not built in).
const KindOps *ops_for(gex_MK_Class_t cls);
// Every live kind, the client's (gex_MK_Create) and the library's own (importer below).
void add_kind(gexi_MK *kind);

// The classes this build has (nullptr: not built in). GEX_MK_SIM=cuda_uva replaces the CUDA
// class by its test double (sim_kind.cpp), so machines without a GPU test every device path.
const KindOps *cuda_uva_ops();
const KindOps *sim_ops();

// ---- device memory in this process -------------------------------------------------------------
// Every device range this process knows: its own device segments and the neighbours' it imported.
// Copies touching one go through its class's operations; everything else stays plain memory.
void register_range(gexi_MK *kind, void *base, size_t bytes);
void unregister_range(void *base);
// The kind whose range holds [addr, addr + n), or nullptr (host memory). Cheap when no device
// memory exists in the process (one relaxed load).
gexi_MK *kind_of(const void *addr, size_t n);
bool any_device_memory();
// Copies n bytes between any two addresses, either of them device memory of a registered range.
void copy(void *dst, const void *src, size_t n);

// A kind of `cls` to import a neighbour's segment with: one the client created, or a default the
// library opens (device 0); nullptr when this process cannot (no driver, no device).
gexi_MK *importer(gex_MK_Class_t cls);

}  // namespace gex::mk
