/* test_init: the object model after gex_Client_Init, system and topology queries, segment
 * attach and the bound-segment queries for every rank. */
#include "test_util.h"

#define CLIENT_NAME "TEST_INIT"
#define SEG_SIZE (256 * 1024)

static gex_Client_t client;
static gex_EP_t ep;
static gex_TM_t tm;
static gex_Rank_t me, np;

/* What each rank publishes at the start of its own segment. */
typedef struct {
  uint64_t magic;
  uint64_t rank;
  uint64_t addr;
  uint64_t size;
  uint64_t nbrhd_set_size, nbrhd_set_rank, host_set_size, host_set_rank;
  uint64_t nbrhd_count, host_count;
} seg_header_t;
#define HEADER_MAGIC 0x5EC0DE11AA55F00Dull

/* Segment addresses reported by AM: [rank] = (addr, size). */
static volatile int am_seen[TEST_MAX_RANKS];
static uint64_t am_addr[TEST_MAX_RANKS];
static uint64_t am_size[TEST_MAX_RANKS];

static void seginfo_handler(gex_Token_t t, gex_AM_Arg_t a_lo, gex_AM_Arg_t a_hi, gex_AM_Arg_t s_lo,
                            gex_AM_Arg_t s_hi, gex_AM_Arg_t rank) {
  gex_Token_Info_t ti;
  gex_TI_t got = gex_Token_Info(t, &ti, GEX_TI_SRCRANK | GEX_TI_EP);
  CHECK((got & GEX_TI_SRCRANK) && (got & GEX_TI_EP));
  CHECK_EQ(ti.gex_srcrank, (gex_Rank_t)rank);
  CHECK(ti.gex_ep == ep);
  CHECK(rank >= 0 && (gex_Rank_t)rank < np);
  CHECK_EQ(am_seen[rank], 0);
  /* The system queries are legal in handler context and must agree with the main thread. */
  CHECK_EQ(gex_System_QueryJobRank(), me);
  CHECK_EQ(gex_System_QueryJobSize(), np);
  CHECK(gex_TM_QueryEP(tm) == ep);
  am_addr[rank] = (uint64_t)(uint32_t)a_lo | ((uint64_t)(uint32_t)a_hi << 32);
  am_size[rank] = (uint64_t)(uint32_t)s_lo | ((uint64_t)(uint32_t)s_hi << 32);
  am_seen[rank] = 1;
}

static int all_seen(void) {
  for (gex_Rank_t r = 0; r < np; r++)
    if (!am_seen[r]) return 0;
  return 1;
}

static void check_rank_info(gex_RankInfo_t *info, gex_Rank_t count, gex_Rank_t idx, const char *what) {
  CHECKF(info != NULL, "%s: info array is NULL", what);
  CHECKF(count >= 1 && count <= np, "%s: count %u not in [1,%u]", what, (unsigned)count, (unsigned)np);
  CHECKF(idx < count, "%s: my index %u >= count %u", what, (unsigned)idx, (unsigned)count);
  CHECKF(info[idx].gex_jobrank == me, "%s: info[my index].gex_jobrank is %u, expected %u", what,
         (unsigned)info[idx].gex_jobrank, (unsigned)me);
  for (gex_Rank_t i = 0; i < count; i++) {
    CHECKF(info[i].gex_jobrank < np, "%s: jobrank %u out of range", what, (unsigned)info[i].gex_jobrank);
    if (i) CHECKF(info[i - 1].gex_jobrank < info[i].gex_jobrank, "%s: not sorted by jobrank at %u", what, (unsigned)i);
  }
}

static int info_contains(gex_RankInfo_t *info, gex_Rank_t count, gex_Rank_t rank) {
  for (gex_Rank_t i = 0; i < count; i++)
    if (info[i].gex_jobrank == rank) return 1;
  return 0;
}

int main(int argc, char **argv) {
  test_init(CLIENT_NAME, &argc, &argv, &client, &ep, &tm);
  me = gex_System_QueryJobRank();
  np = gex_System_QueryJobSize();

  /* ---- object model ---- */
  CHECK(np >= 1);
  CHECK(me < np);
  CHECK_EQ(gex_TM_QuerySize(tm), np);
  CHECK_EQ(gex_TM_QueryRank(tm), me);
  CHECK(gex_TM_QueryEP(tm) == ep);
  CHECK(gex_TM_QueryClient(tm) == client);
  CHECK(gex_EP_QueryClient(ep) == client);
  CHECK_EQ(gex_EP_QueryIndex(ep), 0);
  CHECK(gex_EP_QuerySegment(ep) == GEX_SEGMENT_INVALID);
  CHECK(gex_Client_QueryName(client) != NULL);
  CHECK(strcmp(gex_Client_QueryName(client), CLIENT_NAME) == 0);
  CHECK_EQ(gex_Client_QueryFlags(client), 0);
  /* stable answers */
  CHECK(gex_TM_QueryEP(tm) == gex_TM_QueryEP(tm));
  CHECK_EQ(gex_EP_QueryFlags(ep), gex_EP_QueryFlags(ep));
  CHECK_EQ(gex_TM_QueryFlags(tm), gex_TM_QueryFlags(tm));

  /* ---- CData: NULL at creation, then round trips, independent per object ---- */
  static int cd_client, cd_ep, cd_tm, cd_seg;
  CHECK(gex_Client_QueryCData(client) == NULL);
  CHECK(gex_EP_QueryCData(ep) == NULL);
  CHECK(gex_TM_QueryCData(tm) == NULL);
  gex_Client_SetCData(client, &cd_client);
  gex_EP_SetCData(ep, &cd_ep);
  gex_TM_SetCData(tm, &cd_tm);
  CHECK(gex_Client_QueryCData(client) == &cd_client);
  CHECK(gex_EP_QueryCData(ep) == &cd_ep);
  CHECK(gex_TM_QueryCData(tm) == &cd_tm);
  gex_TM_SetCData(tm, NULL);
  CHECK(gex_TM_QueryCData(tm) == NULL);
  CHECK(gex_EP_QueryCData(ep) == &cd_ep);
  gex_TM_SetCData(tm, &cd_tm);

  /* ---- system queries ---- */
  CHECK_GE(gex_System_QueryMaxThreads(), 1);
  CHECK_EQ(gex_System_QueryMaxThreads(), gex_System_QueryMaxThreads());
  CHECK(gex_System_GetVerboseErrors() != 0); /* on by default */
  gex_System_SetVerboseErrors(0);
  CHECK(gex_System_GetVerboseErrors() == 0);
  gex_System_SetVerboseErrors(1);
  CHECK(gex_System_GetVerboseErrors() != 0);

  gex_RankInfo_t *nb_info = NULL, *host_info = NULL;
  gex_Rank_t nb_count = 0, nb_idx = 0, host_count = 0, host_idx = 0;
  gex_System_QueryNbrhdInfo(&nb_info, &nb_count, &nb_idx);
  check_rank_info(nb_info, nb_count, nb_idx, "QueryNbrhdInfo");
  gex_System_QueryHostInfo(&host_info, &host_count, &host_idx);
  check_rank_info(host_info, host_count, host_idx, "QueryHostInfo");
  CHECK_LE(nb_count, host_count); /* host is a superset of the nbrhd */
  for (gex_Rank_t i = 0; i < nb_count; i++) CHECK(info_contains(host_info, host_count, nb_info[i].gex_jobrank));
  {
    /* NULL outputs are allowed and the answers are stable */
    gex_RankInfo_t *i2 = NULL;
    gex_Rank_t c2 = 0, x2 = 0;
    gex_System_QueryNbrhdInfo(NULL, &c2, NULL);
    CHECK_EQ(c2, nb_count);
    gex_System_QueryNbrhdInfo(&i2, NULL, &x2);
    CHECK(i2 == nb_info);
    CHECK_EQ(x2, nb_idx);
    gex_System_QueryHostInfo(NULL, NULL, &x2);
    CHECK_EQ(x2, host_idx);
  }
  gex_Rank_t nbrhd_set_size = 0, nbrhd_set_rank = 0, host_set_size = 0, host_set_rank = 0;
  gex_System_QueryMyPosition(&nbrhd_set_size, &nbrhd_set_rank, &host_set_size, &host_set_rank);
  CHECK(nbrhd_set_size >= 1 && nbrhd_set_size <= np);
  CHECK(host_set_size >= 1 && host_set_size <= nbrhd_set_size);
  CHECK(nbrhd_set_rank < nbrhd_set_size);
  CHECK(host_set_rank < host_set_size);
  {
    /* The hosts (one, or GEX_TEST_HOSTS rehearsed ones: contiguous blocks of ranks) and the
     * neighbourhoods: the host (smp), or with all traffic over the network (GEX_TRANSPORTS=ofi)
     * each rank alone. */
    const int over_ofi = test_over_ofi();
    const unsigned nhosts = test_hosts();
    const unsigned my_host = (unsigned)((uint64_t)me * nhosts / np);
    gex_Rank_t on_my_host = 0;
    for (gex_Rank_t r = 0; r < np; r++) on_my_host += (unsigned)((uint64_t)r * nhosts / np) == my_host;
    CHECK_EQ(host_count, on_my_host);
    for (gex_Rank_t i = 0; i < host_count; i++)
      CHECK_EQ((unsigned)((uint64_t)host_info[i].gex_jobrank * nhosts / np), my_host);
    CHECK_EQ(host_info[host_idx].gex_jobrank, me);
    CHECK_EQ(nb_count, over_ofi ? 1 : on_my_host);
    CHECK_EQ(nb_info[nb_idx].gex_jobrank, me);
    CHECK_EQ(host_set_size, nhosts);
    CHECK_EQ(host_set_rank, my_host);
    CHECK_EQ(nbrhd_set_size, over_ofi ? np : nhosts);
    CHECK_EQ(nbrhd_set_rank, over_ofi ? me : my_host);
  }
  {
    gex_Rank_t a = 99, b = 99;
    gex_System_QueryMyPosition(NULL, &a, NULL, &b);
    CHECK_EQ(a, nbrhd_set_rank);
    CHECK_EQ(b, host_set_rank);
    gex_System_QueryMyPosition(&a, NULL, &b, NULL);
    CHECK_EQ(a, nbrhd_set_size);
    CHECK_EQ(b, host_set_size);
  }

  /* ---- before Attach: no bound segment for self ---- */
  {
    void *o = (void *)(uintptr_t)0x1111, *l = (void *)(uintptr_t)0x2222;
    uintptr_t s = 0x3333;
    CHECK(gex_Segment_QueryBound(tm, me, &o, &l, &s) != 0);
    CHECK(o == (void *)(uintptr_t)0x1111); /* outputs untouched on failure */
    CHECK(l == (void *)(uintptr_t)0x2222);
    CHECK_EQ(s, 0x3333);
    s = 0x3333;
    gex_Event_Wait(gex_EP_QueryBoundSegmentNB(tm, me, &o, &l, &s, 0));
    CHECK_EQ(s, 0); /* size 0 means failure */
  }

  /* ---- Attach ---- */
  uintptr_t want = test_round_page(SEG_SIZE + (uintptr_t)me * GASNET_PAGESIZE); /* not single-valued */
  CHECK_EQ(want % GASNET_PAGESIZE, 0);
  CHECK_GE(gasnet_getMaxLocalSegmentSize(), want);
  gex_Segment_t seg = GEX_SEGMENT_INVALID;
  CHECK_EQ(gex_Segment_Attach(&seg, tm, want), GASNET_OK);
  CHECK(seg != GEX_SEGMENT_INVALID);
  void *base = gex_Segment_QueryAddr(seg);
  uintptr_t size = gex_Segment_QuerySize(seg);
  CHECK(base != NULL);
  CHECK_GE(size, want);
  CHECK(gex_Segment_QueryClient(seg) == client);
  CHECK_EQ(gex_Segment_QueryFlags(seg), 0);
  CHECK(gex_EP_QuerySegment(ep) == seg);
  CHECK(gex_Segment_QueryCData(seg) == NULL);
  gex_Segment_SetCData(seg, &cd_seg);
  CHECK(gex_Segment_QueryCData(seg) == &cd_seg);
  CHECK(gex_Client_QueryCData(client) == &cd_client); /* others unaffected */
  CHECK(gex_EP_QueryCData(ep) == &cd_ep);
  CHECK(gex_TM_QueryCData(tm) == &cd_tm);
  memset(base, 0xC3, size); /* the whole segment is writable */

  /* own bound segment, immediately and without communication */
  {
    void *o = NULL, *l = (void *)(uintptr_t)1;
    uintptr_t s = 0;
    gex_Event_t ev = gex_EP_QueryBoundSegmentNB(tm, me, &o, &l, &s, GEX_FLAG_IMMEDIATE);
    CHECK(ev == GEX_EVENT_INVALID);
    CHECK(o == base);
    CHECK_EQ(s, size);
    CHECK(l == NULL || l == base);
  }

  /* publish what I know at the start of my segment */
  seg_header_t *hdr = (seg_header_t *)base;
  hdr->magic = HEADER_MAGIC;
  hdr->rank = me;
  hdr->addr = (uint64_t)(uintptr_t)base;
  hdr->size = size;
  hdr->nbrhd_set_size = nbrhd_set_size;
  hdr->nbrhd_set_rank = nbrhd_set_rank;
  hdr->host_set_size = host_set_size;
  hdr->host_set_rank = host_set_rank;
  hdr->nbrhd_count = nb_count;
  hdr->host_count = host_count;

  gex_AM_Entry_t htable[] = {{0, (gex_AM_Fn_t)seginfo_handler, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQUEST, 5, NULL, "seginfo"}};
  CHECK_EQ(gex_EP_RegisterHandlers(ep, htable, 1), GASNET_OK);
  CHECK_EQ(htable[0].gex_index, 255);
  test_barrier(tm);

  /* tell everybody (self included) my segment address by AM */
  for (gex_Rank_t r = 0; r < np; r++) {
    uint64_t a = (uint64_t)(uintptr_t)base, s = size;
    CHECK_EQ(gex_AM_RequestShort5(tm, r, htable[0].gex_index, 0, (gex_AM_Arg_t)(uint32_t)a,
                                  (gex_AM_Arg_t)(uint32_t)(a >> 32), (gex_AM_Arg_t)(uint32_t)s,
                                  (gex_AM_Arg_t)(uint32_t)(s >> 32), (gex_AM_Arg_t)me),
             0);
  }
  TEST_POLL_UNTIL(all_seen(), 30);

  /* ---- every rank's bound segment ---- */
  gex_TM_t pair = gex_TM_Pair(ep, 0);
  for (gex_Rank_t r = 0; r < np; r++) {
    void *owner = NULL, *local = NULL;
    uintptr_t rsize = 0;
    CHECK_EQ(gex_Segment_QueryBound(tm, r, &owner, &local, &rsize), 0);
    CHECKF((uint64_t)(uintptr_t)owner == am_addr[r], "rank %u: QueryBound owneraddr %p, rank reports 0x%" PRIx64,
           (unsigned)r, owner, am_addr[r]);
    CHECK_EQ(rsize, am_size[r]);
    CHECK(rsize > 0);
    if (r == me) CHECK(local == NULL || local == base);

    /* the same through NULL outputs, a TM-pair (jobrank) and the NB query */
    void *owner2 = NULL;
    CHECK_EQ(gex_Segment_QueryBound(tm, r, &owner2, NULL, NULL), 0);
    CHECK(owner2 == owner);
    uintptr_t s2 = 0;
    owner2 = NULL;
    CHECK_EQ(gex_Segment_QueryBound(pair, r, &owner2, NULL, &s2), 0);
    CHECK(owner2 == owner);
    CHECK_EQ(s2, rsize);
    void *o3 = NULL, *l3 = NULL;
    uintptr_t s3 = 0;
    gex_Event_t ev = gex_EP_QueryBoundSegmentNB(tm, r, &o3, &l3, &s3, 0);
    CHECK(ev != GEX_EVENT_NO_OP);
    gex_Event_Wait(ev);
    CHECK(o3 == owner);
    CHECK_EQ(s3, rsize);
    CHECK(l3 == local);
    /* IMMEDIATE: INVALID means done (outputs valid), NO_OP means it would need communication */
    o3 = NULL;
    s3 = 0;
    ev = gex_EP_QueryBoundSegmentNB(tm, r, &o3, NULL, &s3, GEX_FLAG_IMMEDIATE);
    if (ev == GEX_EVENT_INVALID) {
      CHECK(o3 == owner);
      CHECK_EQ(s3, rsize);
    } else {
      CHECK(ev == GEX_EVENT_NO_OP);
      CHECK(r != me);
    }

    /* read the rank's header through the owner address (RMA) and, if mapped, the local address */
    seg_header_t h;
    memset(&h, 0, sizeof h);
    CHECK_EQ(gex_RMA_GetBlocking(tm, &h, r, owner, sizeof h, 0), 0);
    CHECK_EQ(h.magic, HEADER_MAGIC);
    CHECK_EQ(h.rank, r);
    CHECK_EQ(h.addr, (uint64_t)(uintptr_t)owner);
    CHECK_EQ(h.size, rsize);
    if (local != NULL) CHECK(memcmp(local, &h, sizeof h) == 0);

    /* topology consistency */
    CHECK_EQ(h.nbrhd_set_size, nbrhd_set_size); /* same on every rank */
    CHECK_EQ(h.host_set_size, host_set_size);
    int same_nbrhd = info_contains(nb_info, nb_count, r);
    int same_host = info_contains(host_info, host_count, r);
    if (same_nbrhd) {
      CHECK_EQ(h.nbrhd_set_rank, nbrhd_set_rank);
      CHECK_EQ(h.nbrhd_count, nb_count);
      CHECK(same_host);
    } else {
      CHECK(h.nbrhd_set_rank != nbrhd_set_rank);
    }
    if (same_host) {
      CHECK_EQ(h.host_set_rank, host_set_rank);
      CHECK_EQ(h.host_count, host_count);
    } else {
      CHECK(h.host_set_rank != host_set_rank);
    }
  }

  /* the last byte of my neighbour's segment is addressable by RMA */
  {
    gex_Rank_t right = (me + 1) % np;
    void *owner = NULL;
    uintptr_t rsize = 0;
    CHECK_EQ(gex_Segment_QueryBound(tm, right, &owner, NULL, &rsize), 0);
    uint8_t v = 0;
    CHECK_EQ(gex_RMA_GetBlocking(tm, &v, right, (uint8_t *)owner + rsize - 1, 1, 0), 0);
    CHECK_EQ(v, 0xC3);
  }

  CHECK(gex_EP_QuerySegment(ep) == seg);
  CHECK(gex_Segment_QueryCData(seg) == &cd_seg);
  test_finish(tm, "test_init");
  return 0;
}
