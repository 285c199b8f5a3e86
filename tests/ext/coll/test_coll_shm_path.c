/* Which engine runs a collective: timing-independent evidence from the library's own counters
 * (gexi_Coll_PathCounts, the number of client collectives started on each path in this process).
 *  - Default: broadcast, reduce and sub-team barriers over the world team and over Split teams
 *    (with and without scratch) run in shared memory; the primordial barrier stays the transport's.
 *  - GEX_FORCE_AM=1 or GEX_COLL_SHM=0: everything runs on the AM engine.
 *  - A user type larger than one shared-memory pipeline stage (16 KiB) runs on the AM engine.
 *  - GEX_COLL_SHM_TEAMS=N: only N-1 sub-teams at a time get shared slots; the others use AM.
 *  - A reduction's leaf offers an in-segment src of 1-4 KiB in place only when its caller started
 *    the reduction without syncing the previous collective (gexi_Coll_ShmCounts); from
 *    4 KiB always.
 *  - A GASNet-1 scatter with OUT_ALLSYNC: the barrier after its data stage retires the root's stage
 *    (gexi_Coll_ShmCounts' `fenced`: without reading the readers' lines; a reader's stage retires
 *    as it completes, nobody reads its slot); OUT_MYSYNC, or a team's own barrier after a
 *    broadcast, does not.
 * Every result is checked, on both paths: broadcast from a staged (malloc) and from an in-segment
 * src (members copy from the root's segment), chunked vectors, in-place. */
#include "coll_test.h"

extern void gexi_Coll_PathCounts(uint64_t *shm_ops, uint64_t *am_ops);
extern void gexi_Coll_ShmCounts(uint64_t *reduce_in_place, uint64_t *fenced);
static uint64_t in_place_count(void) {
  uint64_t n;
  gexi_Coll_ShmCounts(&n, NULL);
  return n;
}
static uint64_t fenced_count(void) {
  uint64_t n;
  gexi_Coll_ShmCounts(NULL, &n);
  return n;
}

static gex_TM_t world;
static gex_Rank_t me, np;
static int shm_expected;
static long teams_limit = 16;

static void counts(uint64_t *s, uint64_t *a) { gexi_Coll_PathCounts(s, a); }

/* Runs `ncalls` collectives through fn and checks which path counted them. */
#define EXPECT_PATH(shm_path, ncalls, body)                                                              \
  do {                                                                                                   \
    uint64_t s0, a0, s1, a1;                                                                             \
    counts(&s0, &a0);                                                                                    \
    body;                                                                                                \
    counts(&s1, &a1);                                                                                    \
    CHECKF(s1 - s0 == ((shm_path) ? (ncalls) : 0) && a1 - a0 == ((shm_path) ? 0 : (ncalls)),             \
           "line %d: %llu collectives over shared memory and %llu over AM, expected %d on the %s path", \
           __LINE__, (unsigned long long)(s1 - s0), (unsigned long long)(a1 - a0), (int)(ncalls),        \
           (shm_path) ? "shared-memory" : "AM");                                                         \
  } while (0)

static void bcast_reduce(gex_TM_t tm, char *segbuf, int shm_path) {
  gex_Rank_t n = gex_TM_QuerySize(tm), my = gex_TM_QueryRank(tm);
  const size_t nb = 100000; /* several 16 KiB stages: the pipeline wraps its 4 buffers */
  unsigned char *buf = malloc(nb), *src = malloc(nb);
  for (gex_Rank_t root = 0; root < n; ++root) {
    for (int from_seg = 0; from_seg < 2; ++from_seg) {
      unsigned char *s = from_seg ? (unsigned char *)segbuf : src;
      for (size_t i = 0; i < nb; ++i) s[i] = (unsigned char)(i * 13 + root + from_seg);
      memset(buf, 0, nb);
      EXPECT_PATH(shm_path, 1, gex_Event_Wait(gex_Coll_BroadcastNB(tm, root, buf, my == root ? s : NULL, nb, 0)));
      for (size_t i = 0; i < nb; ++i)
        CHECKF(buf[i] == (unsigned char)(i * 13 + root + from_seg), "broadcast root %u from_seg %d byte %zu",
               (unsigned)root, from_seg, i);
      team_barrier(tm); /* segbuf/src are rewritten next */
    }
  }
  const size_t cnt = 9000; /* 72 KB of U64: 5 stages */
  uint64_t *v = malloc(cnt * 8), *r = malloc(cnt * 8);
  for (size_t i = 0; i < cnt; ++i) v[i] = my * 100000u + i;
  EXPECT_PATH(shm_path, 1, gex_Event_Wait(gex_Coll_ReduceToAllNB(tm, r, v, GEX_DT_U64, 8, cnt, GEX_OP_ADD, NULL, NULL, 0)));
  for (size_t i = 0; i < cnt; ++i) CHECK(r[i] == (uint64_t)n * (n - 1) / 2 * 100000u + i * n);
  EXPECT_PATH(shm_path, 1, gex_Event_Wait(gex_Coll_ReduceToAllNB(tm, v, v, GEX_DT_U64, 8, cnt, GEX_OP_MAX, NULL, NULL, 0)));
  for (size_t i = 0; i < cnt; ++i) CHECK(v[i] == (n - 1) * 100000u + i);
  gex_Rank_t root = n / 2;
  for (size_t i = 0; i < cnt; ++i) v[i] = my * 100000u + i;
  EXPECT_PATH(shm_path, 1,
              gex_Event_Wait(gex_Coll_ReduceToOneNB(tm, root, my == root ? r : NULL, v, GEX_DT_U64, 8, cnt, GEX_OP_MIN,
                                                    NULL, NULL, 0)));
  if (my == root)
    for (size_t i = 0; i < cnt; ++i) CHECK(r[i] == i);
  if (tm != world) EXPECT_PATH(shm_path, 1, team_barrier(tm)); /* a sub-team's barrier */
  free(v);
  free(r);
  free(buf);
  free(src);
}

/* ReduceToOne to rank 0 over the world team of `reps` x `cnt` I32 from an in-segment src, each waited
 * for (pipelined = 0) or all started before one WaitAll. Returns how many of them this rank offered
 * its src in place, after checking every sum. */
static uint64_t reduce_in_place(int32_t *src, size_t cnt, int reps, int pipelined) {
  enum { kMaxReps = 8 };
  gex_Event_t ev[kMaxReps];
  int32_t *dst = malloc(kMaxReps * cnt * sizeof *dst);
  for (size_t i = 0; i < cnt; ++i) src[i] = (int32_t)(me * 1000 + i);
  team_barrier(world);
  const uint64_t before = in_place_count();
  for (int k = 0; k < reps; ++k) {
    ev[k] = gex_Coll_ReduceToOneNB(world, 0, me == 0 ? dst + k * cnt : NULL, src, GEX_DT_I32, 4, cnt, GEX_OP_ADD, NULL,
                                   NULL, 0);
    if (!pipelined) gex_Event_Wait(ev[k]);
  }
  if (pipelined) gex_Event_WaitAll(ev, (size_t)reps, 0);
  const uint64_t offered = in_place_count() - before;
  if (me == 0)
    for (int k = 0; k < reps; ++k)
      for (size_t i = 0; i < cnt; ++i)
        CHECKF(dst[k * cnt + i] == (int32_t)(1000 * (np * (np - 1) / 2) + np * i), "reduction %d element %zu", k, i);
  team_barrier(world);  /* src is rewritten next */
  free(dst);
  return offered;
}

static void in_place_choice(char *segbuf) {
  int32_t *src = (int32_t *)(segbuf + (3 << 20));
  /* Leaves of the binomial tree rooted at 0 (op.h: v's children are v+b for b below v's lowest set
   * bit): the odd ranks and the last one. */
  const int leaf = shm_expected && me != 0 && ((me & 1) || me == np - 1);
  uint64_t n;
  n = reduce_in_place(src, 512, 8, 0); /* 2 KiB, each waited for: staged, the leaf completes at once */
  CHECKF(n == 0, "2 KiB reductions waited for one by one: %llu offered in place, expected 0", (unsigned long long)n);
  n = reduce_in_place(src, 512, 8, 1); /* started together: every one after the first in place */
  CHECKF(n == (leaf ? 7u : 0u), "8 pipelined 2 KiB reductions: %llu offered in place, expected %d",
         (unsigned long long)n, leaf ? 7 : 0);
  n = reduce_in_place(src, 1024, 8, 0); /* 4 KiB: in place, waited for or not */
  CHECKF(n == (leaf ? 8u : 0u), "4 KiB reductions: %llu offered in place, expected %d", (unsigned long long)n,
         leaf ? 8 : 0);
  n = reduce_in_place(src, 128, 8, 1); /* 512 bytes: always staged */
  CHECKF(n == 0, "512-byte reductions: %llu offered in place, expected 0", (unsigned long long)n);
}

static void fence_retires(gex_TM_t sub) {
  const size_t nb = 16;
  unsigned char *src = malloc(nb * np), dst[16];
  for (size_t i = 0; i < nb * np; ++i) src[i] = (unsigned char)(i * 7 + 1);
  const int flags[2] = {GASNET_COLL_LOCAL | GASNET_COLL_IN_MYSYNC | GASNET_COLL_OUT_ALLSYNC,
                        GASNET_COLL_LOCAL | GASNET_COLL_IN_MYSYNC | GASNET_COLL_OUT_MYSYNC};
  /* Round 0 warms up: the earlier tests' Ops still holding slots retire while it waits for them,
   * and such a wait asks every completed Op, the scatter's too. */
  for (int round = 0; round < 3; ++round) {
    const int f = round == 2;
    team_barrier(world);
    const uint64_t before = fenced_count();
    for (int k = 0; k < 8; ++k) {
      memset(dst, 0, sizeof dst);
      gasnet_coll_scatter(GASNET_TEAM_ALL, dst, 0, src, nb, flags[f]);
      for (size_t i = 0; i < nb; ++i) CHECK(dst[i] == (unsigned char)((me * nb + i) * 7 + 1));
    }
    team_barrier(world); /* its test polls the engine once more: the last call's stage goes */
    const uint64_t n = fenced_count() - before;
    if (round == 0) continue;
    const uint64_t want = f == 0 && shm_expected && me == 0 && np > 1 ? 8 : 0;
    CHECKF(n == want, "8 scatters with %s: %llu data stages retired by their barrier, expected %llu",
           f == 0 ? "OUT_ALLSYNC" : "OUT_MYSYNC", (unsigned long long)n, (unsigned long long)want);
  }
  const uint64_t before = fenced_count();
  uint64_t v = 5;
  gex_Event_Wait(gex_Coll_BroadcastNB(sub, 0, &v, &v, sizeof v, 0));
  team_barrier(sub);
  CHECK(v == 5);
  CHECKF(fenced_count() == before, "a broadcast and a barrier of its own: %llu stages retired by the barrier",
         (unsigned long long)(fenced_count() - before));
  free(src);
}

/* A 20000-byte user type: y = x + y on its first word, the rest copied. Always the AM engine. */
typedef struct {
  uint64_t sum;
  char pad[20000 - 8];
} big_t;
static void big_add(const void *x, void *y, size_t count, const void *cdata) {
  (void)cdata;
  for (size_t i = 0; i < count; ++i) ((big_t *)y)[i].sum += ((const big_t *)x)[i].sum;
}

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_EP_t ep;
  CHECK(gex_Client_Init(&client, &ep, &world, "test_coll_shm_path", &argc, &argv, 0) == GASNET_OK);
  me = gex_TM_QueryRank(world);
  np = gex_TM_QuerySize(world);
  const char *force = getenv("GEX_FORCE_AM"), *shm = getenv("GEX_COLL_SHM"), *lim = getenv("GEX_COLL_SHM_TEAMS");
  /* ofi, or several (rehearsed) hosts: not every rank maps every other's memory */
  const char *transports = getenv("GEX_TRANSPORTS"), *hosts = getenv("GEX_TEST_HOSTS");
  shm_expected = !(force && strcmp(force, "0")) && !(shm && !strcmp(shm, "0")) &&
                 !(transports && !strncmp(transports, "ofi", 3)) && !(hosts && atoi(hosts) > 1);
  if (lim) teams_limit = atol(lim);

  gex_Segment_t seg;
  CHECK(gex_Segment_Attach(&seg, world, 4 << 20) == GASNET_OK);
  char *segbuf = gex_Segment_QueryAddr(seg);

  /* The primordial barrier is the transport's (or over AM with GEX_FORCE_AM): not counted as shm. */
  {
    uint64_t s0, s1, a0, a1;
    counts(&s0, &a0);
    team_barrier(world);
    counts(&s1, &a1);
    CHECK(s1 == s0);
  }
  bcast_reduce(world, segbuf, shm_expected);
  in_place_choice(segbuf);

  /* Sub-teams: parity halves without scratch, and a reversed one with client scratch. */
  gex_TM_t half, rev;
  gex_TM_Split(&half, world, (int)(me % 2), (int)me, NULL, 0, GEX_FLAG_TM_NO_SCRATCH);
  size_t ss = gex_TM_Split(&rev, world, 0, -(int)me, NULL, 0, GEX_FLAG_TM_SCRATCH_SIZE_RECOMMENDED);
  gex_TM_Split(&rev, world, 0, -(int)me, segbuf + (2 << 20), ss, 0);
  bcast_reduce(half, segbuf, shm_expected);
  fence_retires(half);
  bcast_reduce(rev, segbuf, shm_expected && teams_limit >= 3);

  /* An element larger than a pipeline stage goes to the AM engine, on every path. */
  big_t *b = calloc(2, sizeof *b), *br = calloc(2, sizeof *br);
  b[0].sum = me + 1;
  b[1].sum = 2 * (me + 1);
  EXPECT_PATH(0, 1, gex_Event_Wait(gex_Coll_ReduceToAllNB(world, br, b, GEX_DT_USER, sizeof(big_t), 2, GEX_OP_USER,
                                                           big_add, NULL, 0)));
  CHECK(br[0].sum == (uint64_t)np * (np + 1) / 2 && br[1].sum == (uint64_t)np * (np + 1));
  free(b);
  free(br);

  /* Destroying a team gives its slots back: a new team can have them. */
  gex_TM_Destroy(rev, NULL, 0);
  gex_TM_t again;
  gex_TM_Split(&again, world, 0, (int)me, NULL, 0, GEX_FLAG_TM_NO_SCRATCH);
  bcast_reduce(again, segbuf, shm_expected && teams_limit >= 3);
  gex_TM_Destroy(again, NULL, 0);
  gex_TM_Destroy(half, NULL, 0);

  team_barrier(world);
  uint64_t s, a;
  counts(&s, &a);
  if (me == 0)
    printf("test_coll_shm_path: OK (%u ranks, %s path expected; %llu collectives over shared memory, %llu over AM)\n",
           (unsigned)np, shm_expected ? "shared-memory" : "AM", (unsigned long long)s, (unsigned long long)a);
  return 0;
}
