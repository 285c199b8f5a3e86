/* Device memory kinds (GEX_MK_CLASS_CUDA_UVA): the cases of GASNet's testcudauva, plus sizes
 * from 1 byte to 1 MiB and the error returns.
 *
 * Every rank creates the kind for device 0, two device segments (library-allocated) bound to
 * endpoints 1 and 2 (GEX_EP_CAPABILITY_RMA), publishes them, and then with peer = rank + 1:
 *   1. puts from host memory into the peer's two device segments,
 *   2. gets them back into host memory,
 *   3. puts from its own device segments into the peer's, crossed over,
 *   4. gets from the peer's device segments into its own,
 * each checked byte for byte (device memory is read back through gex_RMA_GetBlocking on this
 * process's own endpoint, which copies through the kind).
 *
 * Run with GEX_MK_SIM=cuda_uva (CTest does), the test double whose device memory faults on any
 * direct access; without it, on a machine with a GPU, the real CUDA class. An optional argument
 * raises the largest size from 1 MiB (e.g. `test_mk_device 64M`: sizes up to 64 MiB, for a GPU). Where the class cannot
 * be created (no GPU, no driver, or a build without CUDA) it says so and passes (exit 0).
 */
#include "test_util.h"

#include <gasnet_coll.h>
#include <gasnet_mk.h>

static size_t MAXLEN = 1u << 20;

static gex_Rank_t me, n, peer;
static gex_EP_t ep0;

/* Reads `len` bytes of this process's device segment of endpoint `ep` at `addr` into `out`. */
static void read_own_device(gex_EP_t ep, void *addr, void *out, size_t len) {
  gex_RMA_GetBlocking(gex_TM_Pair(ep0, gex_EP_QueryIndex(ep)), out, me, addr, len, 0);
}

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_TM_t tm;
  test_init("test_mk_device", &argc, &argv, &client, &ep0, &tm);
  me = gex_TM_QueryRank(tm);
  n = gex_TM_QuerySize(tm);
  peer = (me + 1) % n;
  test_attach(tm, 4096, NULL);
  if (argc > 1) {
    char *end;
    unsigned long long v = strtoull(argv[1], &end, 10);
    if (*end == 'K') v <<= 10; else if (*end == 'M') v <<= 20;
    CHECKF(v >= (1u << 20), "test_mk_device: largest size %s is under 1M", argv[1]);
    MAXLEN = (size_t)v;
  }

  gex_MK_Create_args_t args;
  memset(&args, 0, sizeof args);
  args.gex_class = GEX_MK_CLASS_CUDA_UVA;
  args.gex_args.gex_class_cuda_uva.gex_CUdevice = 0;
  gex_MK_t kind = GEX_MK_INVALID;
  gex_System_SetVerboseErrors(0);
  int rc = gex_MK_Create(&kind, client, &args, 0);
  gex_System_SetVerboseErrors(1);
  /* The answer is the same on every rank of one host; agree anyway so nobody waits alone. */
  int all_ok = 1;
  {
    int mine = rc == GASNET_OK;
    int got;
    for (gex_Rank_t r = 0; r < n; ++r) {
      got = mine;
      gex_Event_Wait(gex_Coll_BroadcastNB(tm, r, &got, &mine, sizeof got, 0));
      all_ok &= got;
    }
  }
  if (!all_ok) {
    CHECKF(rc == GASNET_ERR_RESOURCE || rc == GASNET_ERR_BAD_ARG, "gex_MK_Create returned %d", rc);
    TEST_LOG("test_mk_device: GEX_MK_CLASS_CUDA_UVA unavailable here (rc %d): skipped", rc);
    test_finish(tm, "test_mk_device");
  }
  CHECK(kind != GEX_MK_INVALID);
  CHECK_EQ(gex_MK_QueryClass(kind), GEX_MK_CLASS_CUDA_UVA);
  CHECK(gex_MK_QueryClient(kind) == client);
  /* A device that does not exist is GASNET_ERR_BAD_ARG; create and destroy one more kind. */
  {
    gex_MK_t other = GEX_MK_INVALID;
    args.gex_args.gex_class_cuda_uva.gex_CUdevice = 1000;
    gex_System_SetVerboseErrors(0);
    CHECK_EQ(gex_MK_Create(&other, client, &args, 0), GASNET_ERR_BAD_ARG);
    gex_System_SetVerboseErrors(1);
    CHECK(other == GEX_MK_INVALID);
    args.gex_args.gex_class_cuda_uva.gex_CUdevice = 0;
    CHECK_EQ(gex_MK_Create(&other, client, &args, 0), GASNET_OK);
    gex_MK_Destroy(other, 0);
  }

  const size_t seg_bytes = 2 * MAXLEN;
  gex_Segment_t dseg[2];
  gex_EP_t gpu[2];
  char *loc[2];
  for (int i = 0; i < 2; ++i) {
    CHECK_EQ(gex_Segment_Create(&dseg[i], client, NULL, seg_bytes, kind, 0), GASNET_OK);
    loc[i] = (char *)gex_Segment_QueryAddr(dseg[i]);
    CHECK(loc[i] != NULL);
    CHECK_EQ(gex_Segment_QuerySize(dseg[i]), seg_bytes);
    CHECK_EQ(gex_EP_Create(&gpu[i], client, GEX_EP_CAPABILITY_RMA, 0), GASNET_OK);
    CHECK_EQ(gex_EP_QueryIndex(gpu[i]), (unsigned)(i + 1));
    CHECK_EQ(gex_EP_BindSegment(gpu[i], dseg[i], 0), GASNET_OK);
    CHECK_EQ(gex_EP_PublishBoundSegment(tm, &gpu[i], 1, 0), GASNET_OK);
  }
  /* Device memory cannot be bound to the primordial endpoint. */
  {
    gex_Segment_t extra;
    CHECK_EQ(gex_Segment_Create(&extra, client, NULL, 4096, kind, 0), GASNET_OK);
    gex_System_SetVerboseErrors(0);
    CHECK_EQ(gex_EP_BindSegment(ep0, extra, 0), GASNET_ERR_BAD_ARG);
    gex_System_SetVerboseErrors(1);
    gex_Segment_Destroy(extra, 0);
  }

  char *rem[2];
  for (int i = 0; i < 2; ++i) {
    void *owner = NULL, *local = (void *)1;
    uintptr_t size = 0;
    gex_Event_Wait(gex_EP_QueryBoundSegmentNB(gex_TM_Pair(ep0, (gex_EP_Index_t)(i + 1)), peer, &owner, &local, &size, 0));
    CHECK_EQ(size, seg_bytes);
    CHECK(local == NULL); /* device memory has no host address */
    rem[i] = (char *)owner;
  }
  gex_TM_t LH_RG[2] = {gex_TM_Pair(ep0, 1), gex_TM_Pair(ep0, 2)};
  gex_TM_t LG1_RG2 = gex_TM_Pair(gpu[0], 2), LG2_RG1 = gex_TM_Pair(gpu[1], 1);
  gex_TM_t LG_RG[2] = {gex_TM_Pair(gpu[0], 1), gex_TM_Pair(gpu[1], 2)};

  char *host = malloc(MAXLEN), *back = malloc(MAXLEN);
  CHECK(host && back);
  /* 1 B to 1 MiB, then x4 steps (each 5 bytes past a power of two) up to MAXLEN itself. */
  size_t lens[16] = {1, 7, 4096, 65536 + 3, 1u << 20};
  unsigned nlens = 5;
  for (size_t l = 4u << 20; l < MAXLEN && nlens < 15; l <<= 2) lens[nlens++] = l + 5;
  if (MAXLEN > (1u << 20)) lens[nlens++] = MAXLEN;
  for (unsigned k = 0; k < nlens; ++k) {
    const size_t len = lens[k];
    /* Case 1: host -> the peer's device segments (NBI, then NB, then blocking across sizes). */
    for (int i = 0; i < 2; ++i) {
      test_fill(host, len, test_seed(me, i, k, 1));
      if (k % 3 == 0) {
        gex_RMA_PutNBI(LH_RG[i], peer, rem[i], host, len, GEX_EVENT_NOW, 0);
        gex_NBI_Wait(GEX_EC_PUT, 0);
      } else if (k % 3 == 1) {
        gex_Event_Wait(gex_RMA_PutNB(LH_RG[i], peer, rem[i], host, len, GEX_EVENT_NOW, 0));
      } else {
        gex_RMA_PutBlocking(LH_RG[i], peer, rem[i], host, len, 0);
      }
    }
    test_barrier(tm);
    const gex_Rank_t from = (me + n - 1) % n;
    for (int i = 0; i < 2; ++i) {
      memset(back, 0, len);
      read_own_device(gpu[i], loc[i], back, len);
      CHECK_PATTERN(back, len, test_seed(from, i, k, 1));
    }
    /* Case 2: the peer's device segments -> host. */
    for (int i = 0; i < 2; ++i) {
      memset(back, 0, len);
      gex_Event_t ev = gex_RMA_GetNB(LH_RG[i], back, peer, rem[i], len, 0);
      gex_Event_Wait(ev);
      CHECK_PATTERN(back, len, test_seed(me, i, k, 1));
    }
    test_barrier(tm);
    /* Case 3: own device -> the peer's device, crossed over, into the second half. */
    gex_RMA_PutBlocking(LG1_RG2, peer, rem[1] + MAXLEN, loc[0], len, 0);
    gex_RMA_PutBlocking(LG2_RG1, peer, rem[0] + MAXLEN, loc[1], len, 0);
    test_barrier(tm);
    /* The sender's segments held what its own sender put there in case 1. */
    const gex_Rank_t from2 = (me + 2 * n - 2) % n;
    memset(back, 0, len);
    read_own_device(gpu[1], loc[1] + MAXLEN, back, len);
    CHECK_PATTERN(back, len, test_seed(from2, 0, k, 1));
    read_own_device(gpu[0], loc[0] + MAXLEN, back, len);
    CHECK_PATTERN(back, len, test_seed(from2, 1, k, 1));
    test_barrier(tm);
    /* Case 4: the peer's device -> own device (second half of the same segment). */
    for (int i = 0; i < 2; ++i) {
      gex_RMA_GetBlocking(LG_RG[i], loc[i] + MAXLEN, peer, rem[i], len, 0);
      memset(back, 0, len);
      read_own_device(gpu[i], loc[i] + MAXLEN, back, len);
      CHECK_PATTERN(back, len, test_seed(me, i, k, 1));
    }
    test_barrier(tm);
  }
  TEST_LOG("test_mk_device: cases 1-4 at %u sizes up to %zu bytes correct", nlens, MAXLEN);
  free(host);
  free(back);
  test_barrier(tm);
  test_finish(tm, "test_mk_device");
  return 0;
}
