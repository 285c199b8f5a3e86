/* Several collectives in flight at once, on one team and on different teams, completed in a
 * random order that differs between ranks; some ranks start late, so messages for collectives
 * that have not started there yet must be buffered. Also: two barriers outstanding at once, and
 * a barrier that must not complete before every member has called it. */
#include "coll_test.h"

#define PER_TEAM 12
#define MAX_OPS (4 * PER_TEAM)

typedef struct {
  gex_Event_t ev;
  int kind; /* 0 barrier, 1 broadcast, 2 reduce-to-all, 3 reduce-to-one */
  gex_TM_t tm;
  gex_Rank_t root;
  uint64_t buf[64];
  uint64_t src[64];
  unsigned tag;
} op_t;

static gex_Rank_t me, np;

static uint64_t contrib(gex_Rank_t team_rank, unsigned tag, int i) { return (uint64_t)team_rank * 1000 + tag * 7 + (unsigned)i; }

static void start(op_t *o, gex_TM_t tm, int kind, unsigned tag) {
  gex_Rank_t n = gex_TM_QuerySize(tm), my = gex_TM_QueryRank(tm);
  o->tm = tm;
  o->kind = kind;
  o->tag = tag;
  o->root = (gex_Rank_t)(tag % n);
  for (int i = 0; i < 64; ++i) {
    o->src[i] = contrib(my, tag, i);
    o->buf[i] = 0;
  }
  switch (kind) {
    case 0: o->ev = gex_Coll_BarrierNB(tm, 0); break;
    case 1: o->ev = gex_Coll_BroadcastNB(tm, o->root, o->buf, o->src, sizeof o->buf, 0); break;
    case 2: o->ev = gex_Coll_ReduceToAllNB(tm, o->buf, o->src, GEX_DT_U64, 8, 64, GEX_OP_ADD, NULL, NULL, 0); break;
    case 3:
      o->ev = gex_Coll_ReduceToOneNB(tm, o->root, my == o->root ? o->buf : NULL, o->src, GEX_DT_U64, 8, 64,
                                     GEX_OP_MAX, NULL, NULL, 0);
      break;
  }
}

static void verify(const op_t *o) {
  gex_Rank_t n = gex_TM_QuerySize(o->tm), my = gex_TM_QueryRank(o->tm);
  for (int i = 0; i < 64; ++i) {
    uint64_t want = 0;
    switch (o->kind) {
      case 0: return;
      case 1: want = contrib(o->root, o->tag, i); break;
      case 2:
        for (gex_Rank_t r = 0; r < n; ++r) want += contrib(r, o->tag, i);
        break;
      case 3:
        if (my != o->root) return;
        want = contrib(n - 1, o->tag, i);
        break;
    }
    CHECKF(o->buf[i] == want, "op kind %d tag %u: element %d is %llu, want %llu", o->kind, o->tag, i,
           (unsigned long long)o->buf[i], (unsigned long long)want);
  }
}

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_EP_t ep;
  gex_TM_t world;
  CHECK(gex_Client_Init(&client, &ep, &world, "test_coll_outstanding", &argc, &argv, 0) == GASNET_OK);
  me = gex_TM_QueryRank(world);
  np = gex_TM_QuerySize(world);

  /* Two outstanding barriers at once */
  {
    gex_Event_t b[2] = {gex_Coll_BarrierNB(world, 0), gex_Coll_BarrierNB(world, 0)};
    gex_Event_WaitAll(b, 2, 0);
  }
  {
    /* rank 0 delays; the others poll and must see NOT_READY meanwhile */
    gex_Event_t b = GEX_EVENT_INVALID;
    if (me == 0) {
      sleep_ms(150);
      b = gex_Coll_BarrierNB(world, 0);
      gex_Event_Wait(b);
    } else {
      b = gex_Coll_BarrierNB(world, 0);
      for (int i = 0; i < 50; ++i) {
        gasnet_AMPoll();
        CHECKF(np == 1 || gex_Event_Test(b) != GASNET_OK, "barrier completed before rank 0 arrived");
        sleep_ms(1);
      }
      wait_poll(b);
    }
  }

  /* Teams: world, its parity halves, and a reversed Create team */
  gex_TM_t half, rev[1];
  gex_TM_Split(&half, world, (int)(me % 2), (int)me, NULL, 0, GEX_FLAG_TM_NO_SCRATCH);
  gex_EP_Location_t args[64];
  for (gex_Rank_t i = 0; i < np; ++i) args[i].gex_rank = np - 1 - i, args[i].gex_ep_index = 0;
  gex_Segment_t seg;
  CHECK(gex_Segment_Attach(&seg, world, 1 << 20) == GASNET_OK);
  gex_Addr_t sa[1] = {gex_Segment_QueryAddr(seg)};
  gex_TM_Create(rev, 1, world, args, np, sa, 4096, GEX_FLAG_TM_SYMMETRIC_SCRATCH);
  gex_TM_t teams[3] = {world, half, rev[0]};

  static op_t ops[MAX_OPS];
  uint64_t seed = 0x9e3779b97f4a7c15ull ^ ((uint64_t)me << 20);
  for (int round = 0; round < 6; ++round) {
    /* Every rank starts the same sequence of collectives (same order per team); ranks
     * round % np start late. */
    if (np > 1 && me == (gex_Rank_t)(round % np)) sleep_ms(30);
    int nops = 0;
    for (int k = 0; k < PER_TEAM; ++k)
      for (int t = 0; t < 3; ++t) start(&ops[nops++], teams[t], (k + t + round) % 4, (unsigned)(round * 100 + k * 3 + t));
    /* Complete in a random order: shuffle, then test one at a time (polling). */
    int order[MAX_OPS];
    for (int i = 0; i < nops; ++i) order[i] = i;
    for (int i = nops - 1; i > 0; --i) {
      int j = (int)(rng_next(&seed) % (uint64_t)(i + 1)), x = order[i];
      order[i] = order[j];
      order[j] = x;
    }
    if (round % 2 == 0) {
      for (int i = 0; i < nops; ++i) {
        wait_poll(ops[order[i]].ev);
        verify(&ops[order[i]]);
      }
    } else {
      /* WaitSome over a shuffled array until all are done */
      gex_Event_t evs[MAX_OPS];
      for (int i = 0; i < nops; ++i) evs[i] = ops[order[i]].ev;
      int left = nops;
      while (left) {
        gex_Event_WaitSome(evs, (size_t)nops, 0);
        left = 0;
        for (int i = 0; i < nops; ++i) left += evs[i] != GEX_EVENT_INVALID;
      }
      for (int i = 0; i < nops; ++i) verify(&ops[i]);
    }
  }

  /* Many in flight on one team (more than the engine's table of live collectives starts with),
   * rank 1 late, completed newest first: each result must be its own call's. */
  {
    enum { MANY = 300 };
    static uint64_t src[MANY], dst[MANY];
    static gex_Event_t evs[MANY];
    if (np > 1 && me == 1) sleep_ms(30);
    for (int i = 0; i < MANY; ++i) {
      src[i] = contrib(me, 7000u, i);
      dst[i] = 0;
      evs[i] = gex_Coll_ReduceToAllNB(world, &dst[i], &src[i], GEX_DT_U64, 8, 1, GEX_OP_ADD, NULL, NULL, 0);
    }
    for (int i = MANY - 1; i >= 0; --i) wait_poll(evs[i]);
    for (int i = 0; i < MANY; ++i) {
      uint64_t want = 0;
      for (gex_Rank_t r = 0; r < np; ++r) want += contrib(r, 7000u, i);
      CHECKF(dst[i] == want, "in-flight reduction %d: %llu, want %llu", i, (unsigned long long)dst[i],
             (unsigned long long)want);
    }
  }

  gex_TM_Destroy(half, NULL, 0);
  gex_Memvec_t mv;
  CHECK(gex_TM_Destroy(rev[0], &mv, 0) != 0 && mv.gex_addr == sa[0] && mv.gex_len == 4096);
  team_barrier(world);
  if (me == 0) printf("test_coll_outstanding: OK (%u ranks)\n", (unsigned)np);
  return 0;
}
