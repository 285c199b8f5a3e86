/* Stress: many collectives outstanding at once on overlapping teams (the world, parity halves,
 * thirds, a reversed Create team without rank 0, a Split team with client scratch), more per team
 * than the shared-memory path has slots (4), of every kind and of sizes from 0 bytes to several
 * pipeline stages; each rank initiates them interleaved across teams in its own random order
 * (the order within a team is the same everywhere), then completes them in another random order,
 * some by Wait, some by polling Test. Results are checked. Run on every path (default, with
 * GEX_FORCE_AM=1, and with GEX_COLL_SHM_TEAMS=3 so some teams use shared memory and others AM). */
#include "coll_test.h"

#define NTEAMS 5
#define PER_TEAM 10
#define ROUNDS 6
#define MAXN 70000

typedef struct {
  gex_TM_t tm;
  int kind; /* 0 barrier, 1 broadcast, 2 broadcast from segment, 3 to-all ADD, 4 to-all in place,
               5 to-one MAX, 6 to-all USER_NC (2x2 matrix product) */
  size_t n;  /* bytes (broadcast) or elements */
  gex_Rank_t root;
  unsigned tag;
  unsigned char *src, *dst;
  gex_Event_t ev;
} op_t;

static gex_Rank_t me, np;
static char *seg_base;

static uint64_t contrib(gex_Rank_t r, unsigned tag, size_t i) { return (uint64_t)r * 1000003u + tag * 7919u + i; }
static unsigned char bbyte(gex_Rank_t root, unsigned tag, size_t i) { return (unsigned char)(i * 31 + root * 7 + tag); }
static void matrix(uint32_t *m, gex_Rank_t r, unsigned tag, size_t i) {
  m[0] = r + 1, m[1] = tag & 7, m[2] = (uint32_t)i, m[3] = 2;
}
static void matmul(const void *arg1, void *arg2_and_out, size_t count, const void *cdata) {
  (void)cdata;
  const uint32_t *x = arg1;
  uint32_t *y = arg2_and_out;
  for (size_t i = 0; i < count; ++i, x += 4, y += 4) {
    uint32_t r[4] = {x[0] * y[0] + x[1] * y[2], x[0] * y[1] + x[1] * y[3], x[2] * y[0] + x[3] * y[2],
                     x[2] * y[1] + x[3] * y[3]};
    memcpy(y, r, sizeof r);
  }
}

static void start(op_t *o, int slot_index) {
  gex_Rank_t my = gex_TM_QueryRank(o->tm);
  size_t bytes = o->kind == 1 || o->kind == 2 ? o->n : o->kind == 6 ? o->n * 16 : o->n * 8;
  o->dst = malloc(bytes + 1);
  o->src = o->kind == 2 ? (unsigned char *)seg_base + (size_t)slot_index * MAXN * 2 : malloc(bytes + 1);
  switch (o->kind) {
    case 0: o->ev = gex_Coll_BarrierNB(o->tm, 0); break;
    case 1:
    case 2:
      if (my == o->root)
        for (size_t i = 0; i < o->n; ++i) o->src[i] = bbyte(o->root, o->tag, i);
      o->ev = gex_Coll_BroadcastNB(o->tm, o->root, o->dst, my == o->root ? o->src : NULL, o->n, 0);
      break;
    case 3:
    case 4:
    case 5:
      for (size_t i = 0; i < o->n; ++i) ((uint64_t *)o->src)[i] = contrib(my, o->tag, i);
      if (o->kind == 3)
        o->ev = gex_Coll_ReduceToAllNB(o->tm, o->dst, o->src, GEX_DT_U64, 8, o->n, GEX_OP_ADD, NULL, NULL, 0);
      else if (o->kind == 4)
        o->ev = gex_Coll_ReduceToAllNB(o->tm, o->src, o->src, GEX_DT_U64, 8, o->n, GEX_OP_ADD, NULL, NULL, 0);
      else
        o->ev = gex_Coll_ReduceToOneNB(o->tm, o->root, my == o->root ? o->dst : NULL, o->src, GEX_DT_U64, 8, o->n,
                                       GEX_OP_MAX, NULL, NULL, 0);
      break;
    case 6:
      for (size_t i = 0; i < o->n; ++i) matrix((uint32_t *)o->src + 4 * i, my, o->tag, i);
      o->ev = gex_Coll_ReduceToAllNB(o->tm, o->dst, o->src, GEX_DT_USER, 16, o->n, GEX_OP_USER_NC, matmul, NULL, 0);
      break;
  }
}

static void verify(op_t *o) {
  gex_Rank_t n = gex_TM_QuerySize(o->tm), my = gex_TM_QueryRank(o->tm);
  switch (o->kind) {
    case 1:
    case 2:
      for (size_t i = 0; i < o->n; ++i)
        CHECKF(o->dst[i] == bbyte(o->root, o->tag, i), "broadcast kind %d tag %u n %zu: byte %zu", o->kind, o->tag,
               o->n, i);
      break;
    case 3:
    case 4: {
      const uint64_t *d = (const uint64_t *)(o->kind == 3 ? o->dst : o->src);
      for (size_t i = 0; i < o->n; ++i) {
        uint64_t want = 0;
        for (gex_Rank_t r = 0; r < n; ++r) want += contrib(r, o->tag, i);
        CHECKF(d[i] == want, "to-all tag %u n %zu element %zu", o->tag, o->n, i);
      }
      break;
    }
    case 5:
      if (my == o->root)
        for (size_t i = 0; i < o->n; ++i) CHECKF(((uint64_t *)o->dst)[i] == contrib(n - 1, o->tag, i), "to-one %zu", i);
      break;
    case 6:
      for (size_t i = 0; i < o->n; ++i) {
        uint32_t ref[4] = {1, 0, 0, 1}, b[4];
        for (gex_Rank_t r = 0; r < n; ++r) {
          matrix(b, r, o->tag, i);
          uint32_t t[4] = {ref[0] * b[0] + ref[1] * b[2], ref[0] * b[1] + ref[1] * b[3], ref[2] * b[0] + ref[3] * b[2],
                           ref[2] * b[1] + ref[3] * b[3]};
          memcpy(ref, t, sizeof t);
        }
        CHECKF(memcmp(ref, (uint32_t *)o->dst + 4 * i, 16) == 0, "matrix product tag %u element %zu out of order",
               o->tag, i);
      }
      break;
  }
  if (o->kind != 2) free(o->src);
  free(o->dst);
}

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_EP_t ep;
  gex_TM_t world;
  CHECK(gex_Client_Init(&client, &ep, &world, "test_coll_shm_stress", &argc, &argv, 0) == GASNET_OK);
  me = gex_TM_QueryRank(world);
  np = gex_TM_QuerySize(world);
  gex_Segment_t seg;
  CHECK(gex_Segment_Attach(&seg, world, (uintptr_t)MAXN * 2 * NTEAMS * PER_TEAM + (2 << 20)) == GASNET_OK);
  seg_base = gex_Segment_QueryAddr(seg);
  char *scratch = seg_base + (size_t)MAXN * 2 * NTEAMS * PER_TEAM;

  gex_TM_t teams[NTEAMS];
  int member[NTEAMS];
  teams[0] = world;
  gex_TM_Split(&teams[1], world, (int)(me % 2), (int)me, NULL, 0, GEX_FLAG_TM_NO_SCRATCH);
  gex_TM_Split(&teams[2], world, (int)(me % 3), -(int)me, NULL, 0, GEX_FLAG_TM_NO_SCRATCH);
  {
    gex_EP_Location_t args[64];
    size_t k = 0;
    for (gex_Rank_t j = np; j-- > 1;) args[k].gex_rank = j, args[k++].gex_ep_index = 0;
    gex_TM_t nt[1] = {GEX_TM_INVALID};
    gex_Addr_t sa[1] = {scratch + (1 << 20)};
    gex_TM_Create(nt, me ? 1 : 0, world, me ? args : NULL, me ? k : 0, sa, 1 << 20,
                  GEX_FLAG_RANK_IS_JOBRANK | GEX_FLAG_TM_SYMMETRIC_SCRATCH);
    teams[3] = nt[0];
  }
  gex_TM_Split(&teams[4], world, 0, (int)(np - me), scratch, 1 << 20, 0);
  for (int t = 0; t < NTEAMS; ++t) member[t] = teams[t] != GEX_TM_INVALID;

  static op_t ops[NTEAMS * PER_TEAM];
  static const size_t bsizes[] = {0, 1, 8, 4096, 16384, 16385, MAXN};
  static const size_t esizes[] = {1, 3, 2048, 2049, 8192};
  uint64_t my_seed = 0x1234567ull + me * 7777u;
  for (int round = 0; round < ROUNDS; ++round) {
    /* Same per-team sequence everywhere: derived from (round, team) only. */
    for (int t = 0; t < NTEAMS; ++t) {
      uint64_t s = 0x9e3779b97f4a7c15ull * (uint64_t)(round * NTEAMS + t + 1);
      for (int k = 0; k < PER_TEAM; ++k) {
        op_t *o = &ops[t * PER_TEAM + k];
        o->tm = teams[t];
        o->kind = (int)(rng_next(&s) % 7);
        o->tag = (unsigned)(round * 1000 + t * 100 + k);
        o->n = o->kind == 1 || o->kind == 2 ? bsizes[rng_next(&s) % 7] : esizes[rng_next(&s) % 5];
        if (o->kind == 6 && o->n > 2049) o->n = 2049;
        o->root = member[t] ? (gex_Rank_t)(rng_next(&s) % gex_TM_QuerySize(teams[t])) : 0;
        o->ev = GEX_EVENT_INVALID;
      }
    }
    /* Initiate interleaved across teams in a per-rank random order, keeping each team's order. */
    int next[NTEAMS] = {0}, left = NTEAMS * PER_TEAM;
    if (np > 1 && me == (gex_Rank_t)(round % np)) sleep_ms(20);
    while (left) {
      int t = (int)(rng_next(&my_seed) % NTEAMS);
      if (!member[t] || next[t] == PER_TEAM) {
        if (!member[t] && next[t] < PER_TEAM) left -= PER_TEAM - next[t], next[t] = PER_TEAM;
        continue;
      }
      int idx = t * PER_TEAM + next[t]++;
      start(&ops[idx], idx);
      --left;
      if (rng_next(&my_seed) % 4 == 0) gasnet_AMPoll();
    }
    /* Complete in a random order. */
    int order[NTEAMS * PER_TEAM];
    for (int i = 0; i < NTEAMS * PER_TEAM; ++i) order[i] = i;
    for (int i = NTEAMS * PER_TEAM - 1; i > 0; --i) {
      int j = (int)(rng_next(&my_seed) % (uint64_t)(i + 1)), x = order[i];
      order[i] = order[j];
      order[j] = x;
    }
    for (int i = 0; i < NTEAMS * PER_TEAM; ++i) {
      op_t *o = &ops[order[i]];
      if (!member[order[i] / PER_TEAM]) continue;
      if (i % 2) gex_Event_Wait(o->ev); else wait_poll(o->ev);
      verify(o);
    }
    team_barrier(world); /* segment sources are rewritten next round */
  }
  gex_TM_Destroy(teams[1], NULL, 0);
  gex_TM_Destroy(teams[2], NULL, 0);
  if (member[3]) gex_TM_Destroy(teams[3], NULL, 0);
  gex_Memvec_t mv;
  CHECK(gex_TM_Destroy(teams[4], &mv, 0) != 0 && mv.gex_addr == scratch);
  team_barrier(world);
  if (me == 0) printf("test_coll_shm_stress: OK (%u ranks)\n", (unsigned)np);
  return 0;
}
