/* gexbench-mk: RMA to and from CUDA device segments (GEX_MK_CLASS_CUDA_UVA), next to the floor:
 * the same copy between the same kinds of buffer done by this process with the CUDA driver
 * (cuMemcpyAsync on a stream, then cuStreamSynchronize: a copy complete on return, which is what
 * a blocking RMA promises). Run on a machine with a GPU:
 *     gexrun -n 2 gexbench-mk [max-size]          (default 64M)
 * Every rank creates a kind for device 0 and one device segment, bound to endpoint 1 and
 * published; the primordial endpoint has a host segment. Rank 0 times blocking operations
 * towards rank 1 (the others wait), one line per direction and size:
 *     put H->D    host segment of rank 0 -> rank 1's device segment   (TM-pair ep0 -> ep1)
 *     get D->H    rank 1's device segment -> host segment of rank 0
 *     put D->D    rank 0's device segment -> rank 1's device segment  (ep1 -> ep1)
 *     get D->D    rank 1's device segment -> rank 0's device segment
 *     put D->H    rank 0's device segment -> rank 1's host segment    (ep1 -> ep0)
 *     get H->D    rank 1's host segment -> rank 0's device segment
 * Each figure is the median (min-max) of 7 trials, in microseconds per operation and GB/s; the
 * floor's trial runs just before each of ours (alternated), on rank 0's own buffers of the same
 * kinds (the peer's segment is the same GPU's memory, mapped through an IPC handle).
 * With GEX_FORCE_AM=1 the library does not map the peer's segment and the figures are those of
 * the Active-Message path (the owner copies). Exits 0 with a message where there is no GPU. */
#include "bench_common.h" /* first: it defines _GNU_SOURCE */

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda.h>
#include <gasnet_coll.h>
#include <gasnet_mk.h>
#include <gasnetex.h>

#define TRIALS 7

/* The driver entry points the floor needs, opened at run time as the library does. */
static struct {
  CUresult (*retain)(CUcontext *, CUdevice);
  CUresult (*push)(CUcontext);
  CUresult (*memcpy_async)(CUdeviceptr, CUdeviceptr, size_t, CUstream);
  CUresult (*stream_create)(CUstream *, unsigned);
  CUresult (*stream_sync)(CUstream);
  CUstream stream;
} cu;

static int open_floor(void) {
  void *h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!h) return 0;
  cu.retain = (CUresult(*)(CUcontext *, CUdevice))dlsym(h, "cuDevicePrimaryCtxRetain");
  cu.push = (CUresult(*)(CUcontext))dlsym(h, "cuCtxPushCurrent_v2");
  cu.memcpy_async = (CUresult(*)(CUdeviceptr, CUdeviceptr, size_t, CUstream))dlsym(h, "cuMemcpyAsync");
  cu.stream_create = (CUresult(*)(CUstream *, unsigned))dlsym(h, "cuStreamCreate");
  cu.stream_sync = (CUresult(*)(CUstream))dlsym(h, "cuStreamSynchronize");
  CUcontext ctx;
  return cu.retain && cu.push && cu.memcpy_async && cu.stream_create && cu.stream_sync && cu.retain(&ctx, 0) == CUDA_SUCCESS &&
         cu.push(ctx) == CUDA_SUCCESS && cu.stream_create(&cu.stream, CU_STREAM_NON_BLOCKING) == CUDA_SUCCESS;
}

static void floor_copy(void *dst, const void *src, size_t n) {
  if (cu.memcpy_async((CUdeviceptr)(uintptr_t)dst, (CUdeviceptr)(uintptr_t)src, n, cu.stream) != CUDA_SUCCESS ||
      cu.stream_sync(cu.stream) != CUDA_SUCCESS) {
    fprintf(stderr, "gexbench-mk: floor copy failed\n");
    exit(1);
  }
}

typedef struct {
  const char *name;
  int get;          /* 0 put, 1 get */
  int ep_local;     /* 0: primordial (host segment), 1: device endpoint */
  int ep_remote;
  char *local;      /* rank 0's buffer */
  char *remote;     /* rank 1's address */
  char *floor_dst, *floor_src; /* rank 0's buffers of the same kinds, for the floor */
} dir_t;

static gex_EP_t eps[2];

static void op(const dir_t *d, size_t len) {
  gex_TM_t pair = gex_TM_Pair(eps[d->ep_local], (gex_EP_Index_t)d->ep_remote);
  if (d->get) gex_RMA_GetBlocking(pair, d->local, 1, d->remote, len, 0);
  else gex_RMA_PutBlocking(pair, 1, d->remote, d->local, len, 0);
}

static double per_op_us(long iters, double t0) { return (bench_now_ns() - t0) / 1e3 / (double)iters; }

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_TM_t tm;
  gex_Segment_t hseg, dseg;
  if (gex_Client_Init(&client, &eps[0], &tm, "gexbench-mk", &argc, &argv, 0) != GASNET_OK) return 1;
  const size_t maxlen = argc > 1 ? bench_parse_size(argv[1]) : (64u << 20);
  if (maxlen < 8) {
    fprintf(stderr, "usage: gexbench-mk [max-size, e.g. 64M]\n");
    return 2;
  }
  const gex_Rank_t me = gex_TM_QueryRank(tm), n = gex_TM_QuerySize(tm);
  if (gex_Segment_Attach(&hseg, tm, 2 * maxlen) != GASNET_OK) return 1;
  gex_MK_Create_args_t args;
  memset(&args, 0, sizeof args);
  args.gex_class = GEX_MK_CLASS_CUDA_UVA;
  args.gex_args.gex_class_cuda_uva.gex_CUdevice = 0;
  gex_MK_t kind = GEX_MK_INVALID;
  gex_System_SetVerboseErrors(0);
  const int rc = gex_MK_Create(&kind, client, &args, 0);
  gex_System_SetVerboseErrors(1);
  if (n < 2 || rc != GASNET_OK) {
    if (me == 0) printf("gexbench-mk: needs 2 ranks and a CUDA device (ranks %u, gex_MK_Create rc %d): nothing measured\n", n, rc);
    gex_Event_Wait(gex_Coll_BarrierNB(tm, 0));
    gasnet_exit(0);
  }
  if (gex_Segment_Create(&dseg, client, NULL, 2 * maxlen, kind, 0) != GASNET_OK ||
      gex_EP_Create(&eps[1], client, GEX_EP_CAPABILITY_RMA, 0) != GASNET_OK || gex_EP_BindSegment(eps[1], dseg, 0) != GASNET_OK ||
      gex_EP_PublishBoundSegment(tm, &eps[1], 1, 0) != GASNET_OK)
    return 1;
  char *host = (char *)gex_Segment_QueryAddr(hseg), *dev = (char *)gex_Segment_QueryAddr(dseg);
  if (me == 0) {
    if (!open_floor()) {
      fprintf(stderr, "gexbench-mk: could not open the CUDA driver for the floor\n");
      return 1;
    }
    void *rdev = NULL, *rhost = NULL, *ignored;
    uintptr_t size;
    gex_Event_Wait(gex_EP_QueryBoundSegmentNB(gex_TM_Pair(eps[0], 1), 1, &rdev, &ignored, &size, 0));
    gex_Segment_QueryBound(tm, 1, &rhost, NULL, NULL);
    memset(host, 1, 2 * maxlen);
    floor_copy(dev, host, 2 * maxlen);
    /* The floor copies within rank 0's own memory: host half 0 <-> device half 1, device half 0
     * <-> device half 1. */
    char *hb = host, *d0 = dev, *d1 = dev + maxlen;
    const dir_t dirs[] = {
        {"put H->D", 0, 0, 1, hb, (char *)rdev, d1, hb},
        {"get D->H", 1, 0, 1, hb, (char *)rdev, hb, d1},
        {"put D->D", 0, 1, 1, d0, (char *)rdev, d1, d0},
        {"get D->D", 1, 1, 1, d0, (char *)rdev, d0, d1},
        {"put D->H", 0, 1, 0, d0, (char *)rhost, hb, d0},
        {"get H->D", 1, 1, 0, d0, (char *)rhost, d0, hb},
    };
    const char *am = getenv("GEX_FORCE_AM");
    printf("# gexbench-mk: rank 0 -> rank 1, %u ranks, %s path; median (min-max) of %d trials; floor = "
           "cuMemcpyAsync+cuStreamSynchronize on rank 0's own buffers of the same kinds\n",
           n, am && atoi(am) ? "Active-Message (GEX_FORCE_AM=1)" : "IPC-mapped", TRIALS);
    printf("# %-9s %9s  %-30s %-30s %7s\n", "op", "bytes", "libgex us/op (GB/s)", "floor us/op (GB/s)", "floor/ours");
    for (unsigned k = 0; k < sizeof dirs / sizeof dirs[0]; ++k) {
      const dir_t *d = &dirs[k];
      static const size_t lens[] = {8, 4096, 65536, 1u << 20, 4u << 20, 16u << 20, 64u << 20, 256u << 20};
      for (unsigned s = 0; s < sizeof lens / sizeof lens[0] && lens[s] <= maxlen; ++s) {
        const size_t len = lens[s];
        const long iters = bench_iters_for(len, 2000, 512u << 20, 5);
        bench_stat_t ours = {.n = 0}, fl = {.n = 0};
        for (long i = 0; i < 3; ++i) op(d, len), floor_copy(d->floor_dst, d->floor_src, len); /* warm-up */
        for (int t = 0; t < TRIALS; ++t) {
          double t0 = bench_now_ns();
          for (long i = 0; i < iters; ++i) floor_copy(d->floor_dst, d->floor_src, len);
          fl.ns[fl.n++] = per_op_us(iters, t0);
          t0 = bench_now_ns();
          for (long i = 0; i < iters; ++i) op(d, len);
          ours.ns[ours.n++] = per_op_us(iters, t0);
        }
        bench_stat_finish(&ours);
        bench_stat_finish(&fl);
        char sz[32], a[64], b[64];
        snprintf(a, sizeof a, "%.2f (%.2f-%.2f) %.2f", ours.median, ours.min, ours.max, (double)len / ours.median / 1e3);
        snprintf(b, sizeof b, "%.2f (%.2f-%.2f) %.2f", fl.median, fl.min, fl.max, (double)len / fl.median / 1e3);
        printf("  %-9s %9s  %-30s %-30s %7.2f\n", d->name, bench_size_name(len, sz, sizeof sz), a, b, fl.median / ours.median);
        fflush(stdout);
      }
    }
  }
  gex_Event_Wait(gex_Coll_BarrierNB(tm, 0));
  gasnet_exit(0);
  return 0;
}
