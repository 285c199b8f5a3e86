// GEX_MK_CLASS_CUDA_UVA: NVIDIA device memory through the CUDA driver API.
//
// Built when CMake finds the CUDA toolkit (its cuda.h, GEX_HAVE_CUDA); the driver itself
// (libcuda.so.1) is opened at run time, so one build runs on machines with and without a GPU:
// gex_MK_Create answers GASNET_ERR_RESOURCE with the reason where there is no driver or device.
// Every call runs with the kind's device's primary context pushed and pops it again, so the
// caller's current context is left as it was. A copy is complete on return, as RMA completion
// needs: it goes on the kind's own non-blocking stream and the stream is waited on. Plain cuMemcpy
// is not enough: it may return before a pageable host-to-device or a device-to-device copy lands,
// and CU_POINTER_ATTRIBUTE_SYNC_MEMOPS (set on our allocations too) does not follow a segment into
// the processes that map it through an IPC handle (seen on an H100: a 1-byte put through the
// mapping, then a barrier, and the owner still read the old byte).
#include "mk/mk.h"

#if GEX_HAVE_CUDA
#include <cuda.h>
#include <dlfcn.h>

#include <cstring>
#include <mutex>
#include <string>

#include "bootstrap/bootstrap.h"

namespace gex::mk {
namespace {

#define GEX_CU_STR2(x) #x
#define GEX_CU_STR(x) GEX_CU_STR2(x)
// The driver entry points used, resolved by their versioned names (cuda.h maps e.g. cuMemAlloc
// to cuMemAlloc_v2).
#define GEX_CU_FUNCTIONS(X)                                                                          \
  X(cuInit) X(cuGetErrorName) X(cuDeviceGetCount) X(cuDeviceGet) X(cuDevicePrimaryCtxRetain)         \
  X(cuDevicePrimaryCtxRelease) X(cuCtxPushCurrent) X(cuCtxPopCurrent) X(cuMemAlloc) X(cuMemFree)   \
  X(cuMemcpyAsync) X(cuStreamCreate) X(cuStreamDestroy) X(cuStreamSynchronize)                     \
  X(cuMemGetAddressRange) X(cuPointerGetAttribute) X(cuPointerSetAttribute)                        \
  X(cuIpcGetMemHandle) X(cuIpcOpenMemHandle) X(cuIpcCloseMemHandle)

struct Driver {
#define GEX_CU_MEMBER(f) decltype(&::f) f = nullptr;
  GEX_CU_FUNCTIONS(GEX_CU_MEMBER)
#undef GEX_CU_MEMBER
  bool loaded = false;
  std::string error;  // why it did not load
};

Driver &driver() {
  static Driver d;
  static std::once_flag once;
  std::call_once(once, [] {
    void *h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!h) {
      d.error = std::string("no CUDA driver (dlopen libcuda.so.1: ") + dlerror() + ")";
      return;
    }
#define GEX_CU_LOAD(f)                                                               \
  d.f = reinterpret_cast<decltype(d.f)>(dlsym(h, GEX_CU_STR(f)));                    \
  if (!d.f) {                                                                        \
    d.error = std::string("the CUDA driver lacks ") + GEX_CU_STR(f);                 \
    return;                                                                          \
  }
    GEX_CU_FUNCTIONS(GEX_CU_LOAD)
#undef GEX_CU_LOAD
    const CUresult rc = d.cuInit(0);
    if (rc != CUDA_SUCCESS) {
      const char *name = nullptr;
      d.cuGetErrorName(rc, &name);
      d.error = std::string("cuInit failed: ") + (name ? name : "unknown error");
      return;
    }
    d.loaded = true;
  });
  return d;
}

std::string cu_error(CUresult rc) {
  const char *name = nullptr;
  driver().cuGetErrorName(rc, &name);
  return name ? name : ("CUresult " + std::to_string(int(rc)));
}

// Runs with the kind's context current; the caller's comes back on scope exit.
class ContextScope {
 public:
  explicit ContextScope(gexi_MK *k) { driver().cuCtxPushCurrent(static_cast<CUcontext>(k->context)); }
  ~ContextScope() {
    CUcontext popped;
    driver().cuCtxPopCurrent(&popped);
  }
};

[[noreturn]] void cuda_fatal(const char *what, CUresult rc) {
  bootstrap::fatal(std::string("GEX_MK_CLASS_CUDA_UVA: ") + what + " failed: " + cu_error(rc));
}

int cuda_open(gexi_MK *kind, int ordinal, std::string &error) {
  Driver &d = driver();
  if (!d.loaded) {
    error = d.error;
    return GASNET_ERR_RESOURCE;
  }
  int count = 0;
  CUresult rc = d.cuDeviceGetCount(&count);
  if (rc != CUDA_SUCCESS || count == 0) {
    error = "no CUDA device (" + (rc != CUDA_SUCCESS ? cu_error(rc) : std::string("cuDeviceGetCount says 0")) + ")";
    return GASNET_ERR_RESOURCE;
  }
  if (ordinal < 0 || ordinal >= count) {
    error = "gex_CUdevice=" + std::to_string(ordinal) + " is not one of the " + std::to_string(count) + " CUDA devices";
    return GASNET_ERR_BAD_ARG;
  }
  CUdevice dev;
  CUcontext ctx;
  if ((rc = d.cuDeviceGet(&dev, ordinal)) != CUDA_SUCCESS || (rc = d.cuDevicePrimaryCtxRetain(&ctx, dev)) != CUDA_SUCCESS) {
    error = "device " + std::to_string(ordinal) + ": " + cu_error(rc);
    return GASNET_ERR_RESOURCE;
  }
  kind->device = dev;
  kind->context = ctx;
  CUstream stream;
  {
    ContextScope scope(kind);
    rc = d.cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING);
  }
  if (rc != CUDA_SUCCESS) {
    d.cuDevicePrimaryCtxRelease(dev);
    error = "device " + std::to_string(ordinal) + ": cuStreamCreate: " + cu_error(rc);
    return GASNET_ERR_RESOURCE;
  }
  kind->stream = stream;
  return GASNET_OK;
}

void cuda_close(gexi_MK *kind) {
  {
    ContextScope scope(kind);
    driver().cuStreamDestroy(static_cast<CUstream>(kind->stream));
  }
  driver().cuDevicePrimaryCtxRelease(CUdevice(kind->device));
}

bool cuda_allocate(gexi_MK *kind, size_t bytes, void **out, std::string &error) {
  ContextScope scope(kind);
  CUdeviceptr p;
  CUresult rc = driver().cuMemAlloc(&p, bytes);
  if (rc != CUDA_SUCCESS) {
    error = "cuMemAlloc: " + cu_error(rc);
    return false;
  }
  unsigned one = 1;
  driver().cuPointerSetAttribute(&one, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS, p);
  *out = reinterpret_cast<void *>(p);
  return true;
}

void cuda_release(gexi_MK *kind, void *base) {
  ContextScope scope(kind);
  driver().cuMemFree(reinterpret_cast<CUdeviceptr>(base));
}

bool cuda_owns(gexi_MK *kind, const void *addr, size_t bytes, std::string &error) {
  Driver &d = driver();
  const CUdeviceptr p = reinterpret_cast<CUdeviceptr>(addr);
  unsigned type = 0;
  int ordinal = -1;
  CUdeviceptr base;
  size_t size;
  if (d.cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, p) != CUDA_SUCCESS || type != CU_MEMORYTYPE_DEVICE) {
    error = "not CUDA device memory";
    return false;
  }
  if (d.cuPointerGetAttribute(&ordinal, CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL, p) != CUDA_SUCCESS ||
      ordinal != kind->device) {
    error = "memory of device " + std::to_string(ordinal) + ", the kind's is " + std::to_string(kind->device);
    return false;
  }
  if (d.cuMemGetAddressRange(&base, &size, p) != CUDA_SUCCESS || p + bytes > base + size) {
    error = "the range runs past the end of its cuMemAlloc allocation";
    return false;
  }
  unsigned sync = 1;
  d.cuPointerSetAttribute(&sync, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS, base);
  return true;
}

void cuda_copy(gexi_MK *kind, void *dst, const void *src, size_t n) {
  ContextScope scope(kind);
  Driver &d = driver();
  const CUstream stream = static_cast<CUstream>(kind->stream);
  CUresult rc = d.cuMemcpyAsync(reinterpret_cast<CUdeviceptr>(dst), reinterpret_cast<CUdeviceptr>(src), n, stream);
  if (rc != CUDA_SUCCESS) cuda_fatal("cuMemcpyAsync", rc);
  if ((rc = d.cuStreamSynchronize(stream)) != CUDA_SUCCESS) cuda_fatal("cuStreamSynchronize", rc);
}

bool cuda_export(gexi_MK *kind, void *base, IpcHandle *out, std::string &error) {
  static_assert(sizeof(CUipcMemHandle) <= sizeof out->bytes, "IpcHandle too small for a CUDA IPC handle");
  ContextScope scope(kind);
  Driver &d = driver();
  CUdeviceptr alloc;
  size_t size;
  CUipcMemHandle h;
  CUresult rc;
  if ((rc = d.cuMemGetAddressRange(&alloc, &size, reinterpret_cast<CUdeviceptr>(base))) != CUDA_SUCCESS ||
      (rc = d.cuIpcGetMemHandle(&h, alloc)) != CUDA_SUCCESS) {
    error = cu_error(rc);
    return false;
  }
  std::memcpy(out->bytes, &h, sizeof h);
  out->offset = reinterpret_cast<CUdeviceptr>(base) - alloc;
  out->alloc_bytes = size;
  return true;
}

void *cuda_import(gexi_MK *kind, const IpcHandle &in) {
  ContextScope scope(kind);
  CUipcMemHandle h;
  std::memcpy(&h, in.bytes, sizeof h);
  CUdeviceptr p;
  if (driver().cuIpcOpenMemHandle(&p, h, CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS) != CUDA_SUCCESS) return nullptr;
  return reinterpret_cast<void *>(p + in.offset);
}

void cuda_close_ipc(gexi_MK *kind, void *mapped) {
  ContextScope scope(kind);
  CUdeviceptr alloc;
  size_t size;
  if (driver().cuMemGetAddressRange(&alloc, &size, reinterpret_cast<CUdeviceptr>(mapped)) == CUDA_SUCCESS)
    driver().cuIpcCloseMemHandle(alloc);
}

const KindOps kCudaOps = {"GEX_MK_CLASS_CUDA_UVA", cuda_open,  cuda_close,  cuda_allocate,  cuda_release,
                          cuda_owns,               cuda_copy,  cuda_export, cuda_import,    cuda_close_ipc};

}  // namespace

const KindOps *cuda_uva_ops() { return &kCudaOps; }

}  // namespace gex::mk

#else  // no CUDA toolkit at build time: the class is not built in

namespace gex::mk {
const KindOps *cuda_uva_ops() { return nullptr; }
}  // namespace gex::mk

#endif
