/* Many endpoints per process, each with its own created host segment (Memory Kinds spec 3-4):
 * gex_EP_Create, gex_Segment_Create (library- and client-allocated), gex_EP_BindSegment,
 * gex_EP_PublishBoundSegment over the whole team and over a subteam, the query round trips, and
 * RMA, AM (Short, Medium, Long, Reply) and VIS addressed with gex_TM_Pair to every endpoint of
 * every rank, checked byte for byte; then the non-fatal error returns.
 *
 * Endpoints per rank: 0 (primordial, attached segment), 1 (ALL, library-allocated), 2 (RMA|AM|VIS,
 * the client's malloc'd memory: neighbours cannot map it, so RMA to it goes over AM), 3 (RMA only,
 * library-allocated, published to the even ranks only).
 */
#include "test_util.h"

#include <gasnet_vis.h>

#define NEPS 4
#define SLOT 8192 /* bytes per sender in each created segment */
enum { IDX_PING = GEX_AM_INDEX_BASE, IDX_PONG, IDX_LONG };

static gex_EP_t eps[NEPS];
static gex_Segment_t segs[NEPS];
static void *bases[NEPS];
static gex_Rank_t me, n;
static volatile int pings[NEPS], pongs[NEPS], longs[NEPS];

static uint64_t seed_of(gex_Rank_t from, gex_Rank_t to, unsigned ep, unsigned what) {
  return test_seed(from, to, ep, what);
}

/* The handlers are registered on every AM-capable endpoint; each counts on its own endpoint's
 * slot, so a message delivered to the wrong endpoint's table is caught. */
static void on_ping(gex_Token_t token, gex_AM_Arg_t ep_expected) {
  gex_Token_Info_t info;
  CHECK(gex_Token_Info(token, &info, GEX_TI_EP | GEX_TI_SRCRANK) & GEX_TI_EP);
  const unsigned ep = gex_EP_QueryIndex(info.gex_ep);
  CHECK_EQ(ep, (unsigned)ep_expected);
  pings[ep]++;
  gex_AM_ReplyShort1(token, IDX_PONG, 0, (gex_AM_Arg_t)ep);
}
static void on_pong(gex_Token_t token, gex_AM_Arg_t remote_ep) {
  gex_Token_Info_t info;
  gex_Token_Info(token, &info, GEX_TI_EP);
  (void)remote_ep;
  /* The reply comes back to the endpoint that sent the request (0 or 1 here). */
  pongs[gex_EP_QueryIndex(info.gex_ep)]++;
}
static void on_long(gex_Token_t token, void *buf, size_t nbytes, gex_AM_Arg_t from, gex_AM_Arg_t ep_expected) {
  gex_Token_Info_t info;
  gex_Token_Info(token, &info, GEX_TI_EP);
  const unsigned ep = gex_EP_QueryIndex(info.gex_ep);
  CHECK_EQ(ep, (unsigned)ep_expected);
  CHECK((char *)buf == (char *)bases[ep] + (size_t)from * SLOT);
  CHECK_PATTERN(buf, nbytes, seed_of((gex_Rank_t)from, me, ep, 7));
  longs[ep]++;
}

static gex_AM_Entry_t handlers[] = {
    {IDX_PING, (gex_AM_Fn_t)on_ping, GEX_FLAG_AM_REQUEST | GEX_FLAG_AM_SHORT, 1, NULL, "ping"},
    {IDX_PONG, (gex_AM_Fn_t)on_pong, GEX_FLAG_AM_REPLY | GEX_FLAG_AM_SHORT, 1, NULL, "pong"},
    {IDX_LONG, (gex_AM_Fn_t)on_long, GEX_FLAG_AM_REQUEST | GEX_FLAG_AM_LONG, 2, NULL, "long"},
};

/* Whether `owner`'s endpoint `ep` segment was published to `viewer` (endpoint 3: evens only). */
static int published(gex_Rank_t owner, gex_Rank_t viewer, unsigned ep) {
  return owner == viewer || ep != 3 || (owner % 2 == 0 && viewer % 2 == 0);
}

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_TM_t tm;
  test_init("test_multi_ep", &argc, &argv, &client, &eps[0], &tm);
  me = gex_TM_QueryRank(tm);
  n = gex_TM_QuerySize(tm);
  const size_t seg_bytes = (size_t)n * SLOT;

  segs[0] = GEX_SEGMENT_INVALID;
  bases[0] = test_attach(tm, seg_bytes, &segs[0]);
  CHECK_EQ(gex_EP_QueryIndex(eps[0]), 0);

  /* ---- endpoints and segments ---- */
  const gex_EP_Capabilities_t caps[NEPS] = {GEX_EP_CAPABILITY_ALL, GEX_EP_CAPABILITY_ALL,
                                            GEX_EP_CAPABILITY_RMA | GEX_EP_CAPABILITY_AM | GEX_EP_CAPABILITY_VIS,
                                            GEX_EP_CAPABILITY_RMA};
  void *client_mem = NULL;
  for (unsigned i = 1; i < NEPS; ++i) {
    CHECK_EQ(gex_EP_Create(&eps[i], client, caps[i], i == 1 ? GEX_FLAG_HINT_ACCEL_COLL : 0), GASNET_OK);
    CHECK_EQ(gex_EP_QueryIndex(eps[i]), i); /* indices are handed out in order */
    CHECK(gex_EP_QueryClient(eps[i]) == client);
    CHECK(gex_EP_QuerySegment(eps[i]) == GEX_SEGMENT_INVALID);
    if (i == 1) CHECK_EQ(gex_EP_QueryFlags(eps[i]), GEX_FLAG_HINT_ACCEL_COLL);
    void *addr = NULL;
    if (i == 2) {
      CHECK(posix_memalign(&client_mem, 64, seg_bytes + 3) == 0);
      addr = (char *)client_mem + 3; /* no alignment rule for client host memory */
    }
    CHECK_EQ(gex_Segment_Create(&segs[i], client, addr, seg_bytes, GEX_MK_HOST, 0), GASNET_OK);
    bases[i] = gex_Segment_QueryAddr(segs[i]);
    CHECK(bases[i] != NULL);
    if (addr) CHECK(bases[i] == addr);
    CHECK_GE(gex_Segment_QuerySize(segs[i]), seg_bytes);
    if (addr) CHECK_EQ(gex_Segment_QuerySize(segs[i]), seg_bytes);
    CHECK(gex_Segment_QueryClient(segs[i]) == client);
    memset(bases[i], 0, seg_bytes);
    CHECK_EQ(gex_EP_BindSegment(eps[i], segs[i], 0), GASNET_OK);
    CHECK(gex_EP_QuerySegment(eps[i]) == segs[i]);
    /* A bound segment of an endpoint in this process is known at once. */
    uintptr_t size = 0;
    void *owner = NULL, *local = NULL;
    gex_Event_Wait(gex_EP_QueryBoundSegmentNB(gex_TM_Pair(eps[0], (gex_EP_Index_t)i), me, &owner, &local, &size, 0));
    CHECK(owner == bases[i] && local == bases[i] && size == gex_Segment_QuerySize(segs[i]));
  }
  for (unsigned i = 1; i < NEPS; ++i)
    if (caps[i] & GEX_EP_CAPABILITY_AM)
      CHECK_EQ(gex_EP_RegisterHandlers(eps[i], handlers, sizeof handlers / sizeof handlers[0]), GASNET_OK);
  CHECK_EQ(gex_EP_RegisterHandlers(eps[0], handlers, sizeof handlers / sizeof handlers[0]), GASNET_OK);

  /* Every rank publishes endpoints 1 and 2 (and 0, again: harmless) to everybody... */
  gex_EP_t pub[3] = {eps[0], eps[1], eps[2]};
  CHECK_EQ(gex_EP_PublishBoundSegment(tm, pub, 3, 0), GASNET_OK);
  /* ...and endpoint 3 only to the even ranks, over a subteam; the odd ranks publish nothing. */
  gex_TM_t evens = GEX_TM_INVALID;
  gex_TM_Split(&evens, tm, (int)(me % 2), (int)me, NULL, 0, GEX_FLAG_TM_NO_SCRATCH);
  CHECK_EQ(gex_EP_PublishBoundSegment(evens, me % 2 == 0 ? &eps[3] : NULL, me % 2 == 0 ? 1 : 0, 0), GASNET_OK);
  test_barrier(tm);

  /* ---- query round trips: every rank's addresses, told through its primordial segment ---- */
  uint64_t *mine = (uint64_t *)bases[0];
  for (unsigned i = 0; i < NEPS; ++i) mine[i] = (uint64_t)(uintptr_t)bases[i];
  test_barrier(tm);
  for (gex_Rank_t r = 0; r < n; ++r) {
    uint64_t theirs[NEPS];
    void *their_seg0 = NULL;
    CHECK_EQ(gex_Segment_QueryBound(tm, r, &their_seg0, NULL, NULL), 0);
    gex_RMA_GetBlocking(tm, theirs, r, their_seg0, sizeof theirs, 0);
    for (unsigned i = 0; i < NEPS; ++i) {
      void *owner = NULL, *local = NULL;
      uintptr_t size = 12345;
      gex_TM_t pair = gex_TM_Pair(eps[i == 3 ? 3 : 1], (gex_EP_Index_t)i);
      gex_Event_Wait(gex_EP_QueryBoundSegmentNB(pair, r, &owner, &local, &size, 0));
      gex_EP_Location_t loc = gex_TM_TranslateRankToEP(pair, r, 0);
      CHECK(loc.gex_rank == r && loc.gex_ep_index == i);
      if (!published(r, me, i)) {
        CHECKF(size == 0, "rank %u endpoint %u was not published here, yet the query says size %zu", (unsigned)r, i,
               (size_t)size);
        CHECK_EQ(gex_Segment_QueryBound(pair, r, NULL, NULL, NULL), 1);
        continue;
      }
      CHECKF(owner == (void *)(uintptr_t)theirs[i], "rank %u endpoint %u: queried %p, owner says %p", (unsigned)r, i,
             owner, (void *)(uintptr_t)theirs[i]);
      CHECK_GE(size, seg_bytes);
      if (r == me) CHECK(local == bases[i]);
      if (i == 2 && r != me) CHECK(local == NULL); /* the client's own memory is not shared */
      void *owner2 = NULL;
      uintptr_t size2 = 0;
      CHECK_EQ(gex_Segment_QueryBound(pair, r, &owner2, NULL, &size2), 0);
      CHECK(owner2 == owner && size2 == size);
    }
  }
  test_barrier(tm);

  /* ---- RMA: every rank writes its slot of every published endpoint segment of every rank ---- */
  static const size_t sizes[] = {1, 8, 13, 100, 4096, SLOT};
  for (unsigned round = 0; round < sizeof sizes / sizeof sizes[0]; ++round) {
    const size_t len = sizes[round];
    char src[SLOT];
    for (gex_Rank_t r = 0; r < n; ++r) {
      for (unsigned i = 0; i < NEPS; ++i) {
        if (!published(r, me, i)) continue;
        void *owner = NULL;
        gex_TM_t pair = gex_TM_Pair(eps[(r + i) % 2 ? 0 : (i == 3 ? 3 : 1)], (gex_EP_Index_t)i); /* vary the local ep */
        CHECK_EQ(gex_Segment_QueryBound(pair, r, &owner, NULL, NULL), 0);
        char *slot = (char *)owner + (size_t)me * SLOT;
        test_fill(src, len, seed_of(me, r, i, round));
        switch (round % 3) {
          case 0: gex_RMA_PutBlocking(pair, r, slot, src, len, 0); break;
          case 1: gex_Event_Wait(gex_RMA_PutNB(pair, r, slot, src, len, GEX_EVENT_NOW, 0)); break;
          default: gex_RMA_PutNBI(pair, r, slot, src, len, GEX_EVENT_NOW, 0); gex_NBI_Wait(GEX_EC_PUT, 0); break;
        }
        char back[SLOT];
        memset(back, 0, len);
        if (round % 2) gex_RMA_GetBlocking(pair, back, r, slot, len, 0);
        else gex_Event_Wait(gex_RMA_GetNB(pair, back, r, slot, len, 0));
        CHECK_PATTERN(back, len, seed_of(me, r, i, round));
      }
    }
    test_barrier(tm);
    for (gex_Rank_t from = 0; from < n; ++from)
      for (unsigned i = 1; i < NEPS; ++i) {
        if (!published(me, from, i)) continue;
        CHECK_PATTERN((char *)bases[i] + (size_t)from * SLOT, len, seed_of(from, me, i, round));
      }
    test_barrier(tm);
  }

  /* ---- VIS: a vector put of two pieces into endpoint 1 and 2 of the next rank ---- */
  {
    const gex_Rank_t r = (me + 1) % n;
    for (unsigned i = 1; i <= 2; ++i) {
      void *owner = NULL;
      gex_TM_t pair = gex_TM_Pair(eps[1], (gex_EP_Index_t)i);
      CHECK_EQ(gex_Segment_QueryBound(pair, r, &owner, NULL, NULL), 0);
      char a[100], b[300];
      test_fill(a, sizeof a, seed_of(me, r, i, 50));
      test_fill(b, sizeof b, seed_of(me, r, i, 51));
      char *slot = (char *)owner + (size_t)me * SLOT;
      gex_Memvec_t dst[2] = {{slot, sizeof a}, {slot + 1000, sizeof b}};
      gex_Memvec_t srcv[2] = {{a, sizeof a}, {b, sizeof b}};
      CHECK_EQ(gex_VIS_VectorPutBlocking(pair, r, 2, dst, 2, srcv, 0), 0);
    }
    test_barrier(tm);
    const gex_Rank_t from = (me + n - 1) % n;
    for (unsigned i = 1; i <= 2; ++i) {
      char *slot = (char *)bases[i] + (size_t)from * SLOT;
      CHECK_PATTERN(slot, 100, seed_of(from, me, i, 50));
      CHECK_PATTERN(slot + 1000, 300, seed_of(from, me, i, 51));
    }
    test_barrier(tm);
  }

  /* ---- AM: a Short to every AM-capable endpoint of every rank, replied to the sending ep; a
   * Long into the target endpoint's own segment ---- */
  for (gex_Rank_t r = 0; r < n; ++r)
    for (unsigned i = 0; i <= 2; ++i) {
      gex_EP_t from_ep = eps[(r + i) % 2];
      gex_AM_RequestShort1(gex_TM_Pair(from_ep, (gex_EP_Index_t)i), r, IDX_PING, 0, (gex_AM_Arg_t)i);
      void *owner = NULL;
      gex_TM_t pair = gex_TM_Pair(from_ep, (gex_EP_Index_t)i);
      CHECK_EQ(gex_Segment_QueryBound(pair, r, &owner, NULL, NULL), 0);
      char payload[3000];
      test_fill(payload, sizeof payload, seed_of(me, r, i, 7));
      gex_AM_RequestLong2(pair, r, IDX_LONG, payload, sizeof payload, (char *)owner + (size_t)me * SLOT,
                          GEX_EVENT_NOW, 0, (gex_AM_Arg_t)me, (gex_AM_Arg_t)i);
    }
  const int expect_pongs = (int)(n * 3);
  GASNET_BLOCKUNTIL(pongs[0] + pongs[1] == expect_pongs);
  GASNET_BLOCKUNTIL(longs[0] + longs[1] + longs[2] == (int)(n * 3));
  for (unsigned i = 0; i <= 2; ++i) {
    CHECK_EQ(pings[i], n);
    CHECK_EQ(longs[i], n);
  }
  test_barrier(tm);

  /* ---- non-fatal errors ---- */
  gex_System_SetVerboseErrors(0);
  gex_EP_t bad = GEX_EP_INVALID;
  CHECK_EQ(gex_EP_Create(&bad, client, 0, 0), GASNET_ERR_BAD_ARG);
  CHECK_EQ(gex_EP_Create(&bad, client, 1u << 20, 0), GASNET_ERR_BAD_ARG);
  CHECK(bad == GEX_EP_INVALID);
  CHECK_EQ(gex_EP_BindSegment(eps[1], segs[2], 0), GASNET_ERR_BAD_ARG);             /* already bound */
  CHECK_EQ(gex_EP_BindSegment(eps[1], GEX_SEGMENT_INVALID, 0), GASNET_ERR_BAD_ARG);  /* no segment */
  CHECK_EQ(gex_EP_BindSegment(GEX_EP_INVALID, segs[1], 0), GASNET_ERR_BAD_ARG);      /* no endpoint */
  gex_Segment_t s = GEX_SEGMENT_INVALID;
  CHECK_EQ(gex_Segment_Create(&s, client, NULL, 0, GEX_MK_HOST, 0), GASNET_ERR_BAD_ARG);
  CHECK_EQ(gex_Segment_Create(&s, client, NULL, gasnet_getMaxLocalSegmentSize() + 1, GEX_MK_HOST, 0),
           GASNET_ERR_BAD_ARG);
  CHECK(s == GEX_SEGMENT_INVALID);
  CHECK_EQ(gex_Segment_Create(&s, client, NULL, 4096, GEX_MK_HOST, 0), GASNET_OK);
  CHECK_EQ(gex_EP_BindSegment(eps[3], s, 0), GASNET_ERR_BAD_ARG); /* endpoint 3 has one bound */
  gex_Segment_Destroy(s, 0);
  /* Endpoints up to GASNET_MAXEPS, then GASNET_ERR_RESOURCE. */
  unsigned made = NEPS;
  gex_EP_t extra;
  while (gex_EP_Create(&extra, client, GEX_EP_CAPABILITY_RMA, 0) == GASNET_OK) {
    CHECK_EQ(gex_EP_QueryIndex(extra), made);
    made++;
    CHECK_LE(made, GASNET_MAXEPS);
  }
  CHECK_EQ(made, GASNET_MAXEPS);
  CHECK_EQ(gex_EP_Create(&extra, client, GEX_EP_CAPABILITY_RMA, 0), GASNET_ERR_RESOURCE);
  gex_System_SetVerboseErrors(1);

  test_barrier(tm);
  gex_Segment_Destroy(segs[3], 0); /* nobody uses endpoint 3 any more */
  test_finish(tm, "test_multi_ep");
  free(client_mem);
  return 0;
}
