/* test_spec019: behaviours of GASNet-EX spec v0.19 / GASNet 2025.8.0 that clients rely on.
 *   - gex_AM_Cancel*: a Prepare can be abandoned (nothing is sent, the reservation is returned,
 *     a Reply handler may still reply afterwards);
 *   - gex_AM_Commit*_v2: commit_flags, numbered and count-inferring forms, and the IMMEDIATE
 *     no-op that leaves the SrcDesc pending;
 *   - a zero-byte Long to a rank with no segment (any dest_addr is legal when nbytes == 0);
 *   - gex_MK_Create of a class this build lacks returns GASNET_ERR_BAD_ARG;
 *   - the gex_TM_Create scratch-size query with args == NULL (and from one rank only: it does
 *     not communicate);
 *   - the GASNet-1 barrier with GASNET_BARRIERFLAG_UNNAMED, gasnet_client_attach_hook and
 *     gasnet_getSegmentInfo, all reached through gasnetex.h alone.
 */
#include "test_util.h"

#include <gasnet_mk.h>

static gex_Client_t client;
static gex_EP_t ep;
static gex_TM_t tm;
static gex_Rank_t me, np;

static gex_AM_Index_t h_count1, h_long0, h_long0_reply, h_cancel_reply, h_reply_short, h_args3, h_flood;
static volatile uint32_t count1_from[TEST_MAX_RANKS];
static volatile uint32_t long0_from[TEST_MAX_RANKS], long0_replies[TEST_MAX_RANKS];
static volatile uint32_t reply_short_from[TEST_MAX_RANKS];
static volatile uint32_t args3_seen;
static volatile uint32_t flood_count, flood_final;

/* The dest_addr each rank passes with its zero-byte Longs: arbitrary, never in any segment. */
static void *zero_dest(gex_Rank_t src) { return (void *)(uintptr_t)(0x5000u + 64u * src); }

static gex_Rank_t src_of(gex_Token_t t) {
  gex_Token_Info_t ti;
  CHECK(gex_Token_Info(t, &ti, GEX_TI_SRCRANK) & GEX_TI_SRCRANK);
  CHECK(ti.gex_srcrank < np);
  return ti.gex_srcrank;
}

static void count1(gex_Token_t t, void *buf, size_t n, gex_AM_Arg_t tag) {
  (void)buf;
  (void)n;
  CHECK_EQ(tag, 77);
  count1_from[src_of(t)]++;
}

static void long0_reply(gex_Token_t t, void *buf, size_t n) {
  CHECK_EQ(n, 0);
  CHECK(buf == zero_dest(me + 100));
  long0_replies[src_of(t)]++;
}

/* A zero-byte Long request; answers with a zero-byte Long reply, also without a segment. */
static void long0(gex_Token_t t, void *buf, size_t n) {
  gex_Rank_t src = src_of(t);
  CHECK_EQ(n, 0);
  CHECKF(buf == zero_dest(src) || buf == NULL, "zero-byte Long buf %p, expected %p or NULL", buf, zero_dest(src));
  long0_from[src]++;
  CHECK_EQ(gex_AM_ReplyLong0(t, h_long0_reply, NULL, 0, zero_dest(src + 100), GEX_EVENT_NOW, 0), 0);
}

static void reply_short(gex_Token_t t, gex_AM_Arg_t tag) {
  CHECK_EQ(tag, 5);
  reply_short_from[src_of(t)]++;
}

/* Prepares a Reply of each kind and cancels it, then replies for real: Cancel hands the reply
 * back to the handler. */
static void cancel_reply(gex_Token_t t) {
  static char buf[256];
  gex_AM_SrcDesc_t sd = gex_AM_PrepareReplyMedium(t, NULL, 16, 4096, NULL, 0, 1);
  CHECK(sd != GEX_AM_SRCDESC_NO_OP);
  memset(gex_AM_SrcDescAddr(sd), 0xAB, 16);
  CHECK_EQ(gex_AM_CancelReplyMedium(sd, 0), GASNET_OK);
  sd = gex_AM_PrepareReplyMedium(t, buf, 16, sizeof buf, GEX_EVENT_NOW, 0, 1);
  CHECK(sd != GEX_AM_SRCDESC_NO_OP);
  CHECK_EQ(gex_AM_CancelReplyMedium(sd, 0), GASNET_OK);
  sd = gex_AM_PrepareReplyLong(t, NULL, 1, 4096, NULL, NULL, 0, 0);
  CHECK(sd != GEX_AM_SRCDESC_NO_OP);
  CHECK_EQ(gex_AM_CancelReplyLong(sd, 0), GASNET_OK);
  CHECK_EQ(gex_AM_ReplyShort1(t, h_reply_short, 0, 5), 0);
}

static void args3(gex_Token_t t, void *buf, size_t n, gex_AM_Arg_t a, gex_AM_Arg_t b, gex_AM_Arg_t c) {
  (void)t;
  CHECK_EQ(a, 1);
  CHECK_EQ(b, 2);
  CHECK_EQ(c, 3);
  CHECK_EQ(n, 24);
  const uint8_t *p = (const uint8_t *)buf;
  for (size_t i = 0; i < n; i++) CHECK_EQ(p[i], (uint8_t)(i + 1));
  args3_seen++;
}

/* arg 0: 1 for the last message of the flood, which carries the number of messages before it. */
static void flood(gex_Token_t t, void *buf, size_t n, gex_AM_Arg_t last, gex_AM_Arg_t before) {
  (void)t;
  (void)buf;
  (void)n;
  if (last) {
    CHECK_EQ(flood_count, (uint32_t)before);
    flood_final = 1;
  } else {
    flood_count++;
  }
}

/* ---- zero-byte Long without segments ---------------------------------------------------- */
static void test_zero_byte_long(void) {
  void *owner = NULL, *local = NULL;
  uintptr_t size = 0;
  CHECK(gex_Segment_QueryBound(tm, me, &owner, &local, &size) != 0); /* no segment anywhere yet */
  static char src[16];
  for (gex_Rank_t p = 0; p < np; p++) {
    CHECK_EQ(gex_AM_RequestLong0(tm, p, h_long0, NULL, 0, zero_dest(me), GEX_EVENT_NOW, 0), 0);
    CHECK_EQ(gex_AM_RequestLong(tm, p, h_long0, src, 0, zero_dest(me), GEX_EVENT_NOW, 0), 0);
    /* negotiated payload: commit nothing to a rank without a segment */
    gex_AM_SrcDesc_t sd = gex_AM_PrepareRequestLong(tm, p, src, 1, sizeof src, NULL, GEX_EVENT_NOW, 0, 0);
    CHECK(sd != GEX_AM_SRCDESC_NO_OP);
    gex_AM_CommitRequestLong0(sd, h_long0, 0, zero_dest(me));
    TEST_POLL_UNTIL(long0_replies[p] == 3, 30);
  }
  test_barrier(tm);
  for (gex_Rank_t p = 0; p < np; p++) CHECK_EQ(long0_from[p], 3);
}

/* ---- Cancel ----------------------------------------------------------------------------- */
static void test_cancel(void) {
  static char cbuf[1024];
  gex_Rank_t peer = (me + 1) % np;
  gex_AM_SrcDesc_t sd;
  /* Many GASNet-allocated Mediums: each reserves room in the ring to peer and must give it back
   * (and its lock: the Request below would never get in otherwise). */
  for (int i = 0; i < 2000; i++) {
    sd = gex_AM_PrepareRequestMedium(tm, peer, NULL, 512, 8192, NULL, 0, 1);
    CHECK(sd != GEX_AM_SRCDESC_NO_OP);
    memset(gex_AM_SrcDescAddr(sd), i, 512);
    CHECK_EQ(gex_AM_CancelRequestMedium(sd, 0), GASNET_OK);
  }
  sd = gex_AM_PrepareRequestMedium(tm, peer, cbuf, 16, sizeof cbuf, GEX_EVENT_NOW, 0, 1);
  CHECK_EQ(gex_AM_CancelRequestMedium(sd, 0), GASNET_OK);
  sd = gex_AM_PrepareRequestLong(tm, peer, NULL, 16, 4096, NULL, NULL, 0, 1);
  CHECK_EQ(gex_AM_CancelRequestLong(sd, 0), GASNET_OK);
  sd = gex_AM_PrepareRequestLong(tm, peer, cbuf, 16, sizeof cbuf, NULL, GEX_EVENT_NOW, 0, 1);
  CHECK_EQ(gex_AM_CancelRequestLong(sd, 0), GASNET_OK);
  /* reserved flags: an error, and sd stays pending */
  sd = gex_AM_PrepareRequestMedium(tm, peer, NULL, 16, 64, NULL, 0, 1);
  CHECK_EQ(gex_AM_CancelRequestMedium(sd, GEX_FLAG_IMMEDIATE), GASNET_ERR_BAD_ARG);
  CHECK_EQ(gex_AM_CancelRequestMedium(sd, 0), GASNET_OK);
  /* nothing was sent: the peer sees exactly the one message that follows */
  CHECK_EQ(gex_AM_RequestMedium1(tm, peer, h_count1, cbuf, 8, GEX_EVENT_NOW, 0, 77), 0);
  gex_Rank_t from = (me + np - 1) % np;
  TEST_POLL_UNTIL(count1_from[from] == 1, 30);
  /* a Reply's Cancel leaves the handler free to reply */
  CHECK_EQ(gex_AM_RequestShort0(tm, peer, h_cancel_reply, 0), 0);
  TEST_POLL_UNTIL(reply_short_from[peer] == 1, 30);
  test_barrier(tm);
  CHECK_EQ(count1_from[from], 1);
}

/* ---- Commit*_v2 -------------------------------------------------------------------------- */
static void test_commit_v2(uint8_t *seg, void **peer_seg) {
  gex_Rank_t peer = (me + 1) % np;
  uint8_t payload[24];
  for (int i = 0; i < 24; i++) payload[i] = (uint8_t)(i + 1);
  uint32_t sent = 0;
  gex_AM_SrcDesc_t sd;
  /* numbered and count-inferring forms; commit_flags 0 and IMMEDIATE on reserved room */
  sd = gex_AM_PrepareRequestMedium(tm, peer, NULL, 24, 24, NULL, 0, 3);
  memcpy(gex_AM_SrcDescAddr(sd), payload, 24);
  CHECK_EQ(gex_AM_CommitRequestMedium3_v2(sd, h_args3, 24, 0, 1, 2, 3), 0);
  sent++;
  sd = gex_AM_PrepareRequestMedium(tm, peer, NULL, 24, 24, NULL, 0, 3);
  memcpy(gex_AM_SrcDescAddr(sd), payload, 24);
  CHECK_EQ(gex_AM_CommitRequestMedium_v2(sd, h_args3, 24, GEX_FLAG_IMMEDIATE, 1, 2, 3), 0); /* room was reserved */
  sent++;
  sd = gex_AM_PrepareRequestMedium(tm, peer, payload, 24, 24, GEX_EVENT_NOW, 0, 3);
  CHECK_EQ(gex_AM_CommitRequestMedium_v2(sd, h_args3, 24, 0, 1, 2, 3), 0);
  sent++;
  uint8_t *dest = (uint8_t *)peer_seg[peer] + 64 * me;
  sd = gex_AM_PrepareRequestLong(tm, peer, payload, 24, 24, NULL, GEX_EVENT_NOW, 0, 3);
  CHECK_EQ(gex_AM_CommitRequestLong3_v2(sd, h_args3, 24, dest, 0, 1, 2, 3), 0);
  sent++;
  sd = gex_AM_PrepareRequestLong(tm, peer, NULL, 24, 24, dest, NULL, 0, 3);
  memcpy(gex_AM_SrcDescAddr(sd), payload, 24);
  CHECK_EQ(gex_AM_CommitRequestLong_v2(sd, h_args3, 24, dest, 0, 1, 2, 3), 0);
  sent++;
  test_barrier(tm);
  TEST_POLL_UNTIL(args3_seen == sent, 30);
  test_barrier(tm);

  /* The IMMEDIATE no-op: rank 0 fills its ring to rank 1 while rank 1 spins without polling,
   * then a Commit_v2 with IMMEDIATE must decline (return non-zero, send nothing) and leave sd
   * pending for a later Commit. Rank 0 releases rank 1 with a plain store into rank 1's segment
   * as mapped here (a GASNet call would be illegal while sd is pending). */
  if (np < 2) return;
  void *owner1 = NULL, *local1 = NULL;
  CHECK_EQ(gex_Segment_QueryBound(tm, 1, &owner1, &local1, NULL), 0);
  if (test_network_peers()) {
    /* All traffic over ofi: rank 1's segment is not mapped here, so the release below has no
     * plain store to use. */
    if (me == 0) printf("IMMEDIATE Commit_v2 against a full ring: skipped (GEX_TRANSPORTS=ofi)\n");
    return;
  }
  CHECK(local1 != NULL); /* every rank of this job shares the host */
  if (me == 1) {
    while (__atomic_load_n((uint32_t *)(seg + 4096), __ATOMIC_ACQUIRE) == 0) {
    } /* no polling: the ring from rank 0 stays full */
    TEST_POLL_UNTIL(flood_final, 30);
  } else if (me == 0) {
    static char big[4096];
    uint32_t before = 0;
    while (gex_AM_RequestMedium2(tm, 1, h_flood, big, sizeof big, GEX_EVENT_NOW, GEX_FLAG_IMMEDIATE, 0, 0) == 0) {
      before++;
      CHECK(before < 100000);
    }
    sd = gex_AM_PrepareRequestMedium(tm, 1, big, sizeof big, sizeof big, GEX_EVENT_NOW, 0, 2);
    CHECK(sd != GEX_AM_SRCDESC_NO_OP);
    CHECK(gex_AM_CommitRequestMedium2_v2(sd, h_flood, sizeof big, GEX_FLAG_IMMEDIATE, 1, (gex_AM_Arg_t)before) != 0);
    CHECK(gex_AM_CommitRequestMedium_v2(sd, h_flood, sizeof big, GEX_FLAG_IMMEDIATE, 1, (gex_AM_Arg_t)before) != 0);
    __atomic_store_n((uint32_t *)((uint8_t *)local1 + 4096), 1u, __ATOMIC_RELEASE);
    /* the same sd, still pending: this Commit waits for room */
    CHECK_EQ(gex_AM_CommitRequestMedium2_v2(sd, h_flood, sizeof big, 0, 1, (gex_AM_Arg_t)before), 0);
  }
  test_barrier(tm);
}

/* ---- memory kinds ------------------------------------------------------------------------ */
static void test_mk_create(void) {
  /* A class the build lacks is GASNET_ERR_BAD_ARG (GASNet's testcudauva: "correct failure due to
     missing support"); the CUDA class, where built, is GASNET_OK on a GPU machine and
     GASNET_ERR_RESOURCE without a driver or device. */
  const gex_MK_Class_t lacking[3] = {GEX_MK_CLASS_HIP, GEX_MK_CLASS_ZE, GEX_MK_CLASS_CUDA_UVA};
  int nlacking = 3;
#if GASNET_HAVE_MK_CLASS_CUDA_UVA
  nlacking = 2;
  {
    gex_MK_Create_args_t args;
    memset(&args, 0, sizeof args);
    args.gex_class = GEX_MK_CLASS_CUDA_UVA;
    gex_MK_t kind = GEX_MK_INVALID;
    int rc = gex_MK_Create(&kind, client, &args, 0);
    CHECKF(rc == GASNET_OK || rc == GASNET_ERR_RESOURCE, "gex_MK_Create(CUDA_UVA) returned %d", rc);
    if (rc == GASNET_OK) gex_MK_Destroy(kind, 0);
    else CHECK(kind == GEX_MK_INVALID);
  }
#endif
  for (int i = 0; i < nlacking; i++) {
    gex_MK_Create_args_t args;
    memset(&args, 0, sizeof args);
    args.gex_class = lacking[i];
    gex_MK_t kind = GEX_MK_INVALID;
    CHECK_EQ(gex_MK_Create(&kind, client, &args, 0), GASNET_ERR_BAD_ARG);
    CHECK(kind == GEX_MK_INVALID);
  }
  gex_MK_Create_args_t args;
  memset(&args, 0, sizeof args);
  args.gex_class = (gex_MK_Class_t)7; /* no such class */
  gex_MK_t kind = GEX_MK_INVALID;
  CHECK_EQ(gex_MK_Create(&kind, client, &args, 0), GASNET_ERR_BAD_ARG);
  CHECK(kind == GEX_MK_INVALID);
}

/* ---- gex_TM_Create scratch query ------------------------------------------------------- */
static void test_tm_create_query(void) {
  if (me == 0) { /* one rank only: the query does not communicate */
    size_t rec = gex_TM_Create(NULL, 0, tm, NULL, np, NULL, 0, GEX_FLAG_TM_SCRATCH_SIZE_RECOMMENDED);
    CHECK(rec > 0);
    CHECK_EQ(gex_TM_Create(NULL, 0, tm, NULL, 0, NULL, 0, GEX_FLAG_TM_SCRATCH_SIZE_RECOMMENDED), 0);
    gex_EP_Location_t loc[1] = {{0, 0}};
    CHECK_EQ(gex_TM_Create(NULL, 1, tm, loc, 1, NULL, 0, GEX_FLAG_TM_SCRATCH_SIZE_RECOMMENDED), rec);
  }
  test_barrier(tm);
}

/* ---- GASNet-1 barrier flags (gasnetex.h alone) ----------------------------------------------- */
static void test_barrier_flags(void) {
  int id = -1;
  gasnet_barrier_notify(0, GASNET_BARRIERFLAG_UNNAMED);
  CHECK_EQ(gasnet_barrier_wait(0, GASNET_BARRIERFLAG_UNNAMED), GASNET_OK);
  CHECK_EQ(gasnet_barrier_result(&id), GASNET_BARRIERFLAG_ANONYMOUS);
  /* one named rank, the others unnamed: the barrier agrees on the name */
  if (me == 0) {
    gasnet_barrier_notify(42, 0);
    CHECK_EQ(gasnet_barrier_wait(42, 0), GASNET_OK);
  } else {
    gasnet_barrier_notify(0, GASNET_BARRIERFLAG_UNNAMED);
    CHECK_EQ(gasnet_barrier_wait(0, GASNET_BARRIERFLAG_UNNAMED), GASNET_OK);
  }
  CHECK_EQ(gasnet_barrier_result(&id), 0);
  CHECK_EQ(id, 42);
  CHECK_EQ(gasnet_barrier(7, GASNET_BARRIERFLAG_UNNAMED), GASNET_OK);
  gasnet_barrier_notify(5, GASNET_BARRIERFLAG_UNNAMED);
  int rc;
  while ((rc = gasnet_barrier_try(5, GASNET_BARRIERFLAG_UNNAMED)) == GASNET_ERR_NOT_READY) {
  }
  CHECK_EQ(rc, GASNET_OK);
  /* MISMATCH still forces a mismatch everywhere */
  CHECK_EQ(gasnet_barrier(0, me == 0 ? (GASNET_BARRIERFLAG_UNNAMED | GASNET_BARRIERFLAG_MISMATCH) : GASNET_BARRIERFLAG_UNNAMED),
           GASNET_ERR_BARRIER_MISMATCH);
}

static void *hook_base;
static uintptr_t hook_size;
static int hook_calls;
static void attach_hook(void *base, uintptr_t size) {
  hook_base = base;
  hook_size = size;
  hook_calls++;
}

int main(int argc, char **argv) {
  test_init("TEST_SPEC019", &argc, &argv, &client, &ep, &tm);
  me = gex_TM_QueryRank(tm);
  np = gex_TM_QuerySize(tm);
  gex_AM_Entry_t table[] = {
      {0, (gex_AM_Fn_t)count1, GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_REQUEST, 1, NULL, "count1"},
      {0, (gex_AM_Fn_t)long0, GEX_FLAG_AM_LONG | GEX_FLAG_AM_REQUEST, 0, NULL, "long0"},
      {0, (gex_AM_Fn_t)long0_reply, GEX_FLAG_AM_LONG | GEX_FLAG_AM_REPLY, 0, NULL, "long0_reply"},
      {0, (gex_AM_Fn_t)cancel_reply, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQUEST, 0, NULL, "cancel_reply"},
      {0, (gex_AM_Fn_t)reply_short, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REPLY, 1, NULL, "reply_short"},
      {0, (gex_AM_Fn_t)args3, GEX_FLAG_AM_MEDLONG | GEX_FLAG_AM_REQUEST, 3, NULL, "args3"},
      {0, (gex_AM_Fn_t)flood, GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_REQUEST, 2, NULL, "flood"},
  };
  CHECK_EQ(gex_EP_RegisterHandlers(ep, table, sizeof table / sizeof table[0]), GASNET_OK);
  h_count1 = table[0].gex_index;
  h_long0 = table[1].gex_index;
  h_long0_reply = table[2].gex_index;
  h_cancel_reply = table[3].gex_index;
  h_reply_short = table[4].gex_index;
  h_args3 = table[5].gex_index;
  h_flood = table[6].gex_index;
  test_barrier(tm);

  test_zero_byte_long(); /* before any segment exists */
  TEST_LOG("zero-byte Long without segment: ok");
  test_mk_create();
  test_tm_create_query();
  test_barrier_flags();
  TEST_LOG("MK_Create, TM_Create query, barrier flags: ok");

  gasnet_client_attach_hook = attach_hook;
  gex_Segment_t seg;
  uint8_t *base = (uint8_t *)test_attach(tm, 64 * 1024, &seg);
  CHECK_EQ(hook_calls, 1);
  CHECK(hook_base == base);
  CHECK_EQ(hook_size, gex_Segment_QuerySize(seg));
  gasnet_seginfo_t info[TEST_MAX_RANKS];
  CHECK_EQ(gasnet_getSegmentInfo(info, (int)np), GASNET_OK);
  CHECK(info[me].addr == base);
  CHECK_EQ(info[me].size, gex_Segment_QuerySize(seg));
  void *peer_seg[TEST_MAX_RANKS];
  test_segment_table(tm, peer_seg, NULL);
  memset(base, 0, 64 * 1024);
  test_barrier(tm);

  test_cancel();
  TEST_LOG("Cancel: ok");
  test_commit_v2(base, peer_seg);
  TEST_LOG("Commit_v2: ok");
  test_finish(tm, "test_spec019");
  return 0;
}
