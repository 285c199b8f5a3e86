/* Teams: gex_TM_Split (process grid rows/columns, reversed keys, NULL new_tm_p, nested split,
 * scratch-size query), gex_TM_Create (reversed order, RANK_IS_JOBRANK, each scratch mode, a
 * sub-team parent, NO_SCRATCH), translation round trips, CData and queries on new teams,
 * barriers/broadcasts/reductions over the new teams, and gex_TM_Destroy's scratch return. */
#include "coll_test.h"

static gex_Client_t client;
static gex_EP_t ep;
static gex_TM_t world;
static gex_Rank_t me, np;
static char *seg;
static size_t seg_size;

/* Checks size/rank/translation of `tm`, whose members (team rank order) are jobranks[0..n). */
static void check_team(gex_TM_t tm, const gex_Rank_t *jobranks, gex_Rank_t n, gex_Flags_t flags) {
  CHECK_EQ(gex_TM_QuerySize(tm), n);
  gex_Rank_t my = GEX_RANK_INVALID;
  for (gex_Rank_t r = 0; r < n; ++r)
    if (jobranks[r] == me) my = r;
  CHECK(my != GEX_RANK_INVALID);
  CHECK_EQ(gex_TM_QueryRank(tm), my);
  CHECK(gex_TM_QueryEP(tm) == ep);
  CHECK(gex_TM_QueryClient(tm) == client);
  CHECK_EQ(gex_TM_QueryFlags(tm), flags);
  for (gex_Rank_t r = 0; r < n; ++r) {
    CHECK_EQ(gex_TM_TranslateRankToJobrank(tm, r), jobranks[r]);
    CHECK_EQ(gex_TM_TranslateJobrankToRank(tm, jobranks[r]), r);
    gex_EP_Location_t loc = gex_TM_TranslateRankToEP(tm, r, 0);
    CHECK_EQ(loc.gex_rank, jobranks[r]);
    CHECK_EQ(loc.gex_ep_index, 0);
  }
  for (gex_Rank_t j = 0; j < np; ++j) {
    int member = 0;
    for (gex_Rank_t r = 0; r < n; ++r) member |= jobranks[r] == j;
    if (!member) CHECK_EQ(gex_TM_TranslateJobrankToRank(tm, j), GEX_RANK_INVALID);
  }
  /* CData starts NULL and round-trips, independently of the parent's. */
  CHECK(gex_TM_QueryCData(tm) == NULL);
  gex_TM_SetCData(tm, &me);
  CHECK(gex_TM_QueryCData(tm) == &me);
  CHECK(gex_TM_QueryCData(world) != &me);
  gex_TM_SetCData(tm, NULL);
}

/* Every collective over tm (members jobranks[0..n)), checked. */
static void exercise(gex_TM_t tm, const gex_Rank_t *jobranks, gex_Rank_t n) {
  gex_Rank_t my = gex_TM_QueryRank(tm);
  team_barrier(tm);
  for (gex_Rank_t root = 0; root < n; ++root) {
    uint64_t v[3] = {0, 0, 0};
    uint64_t mine[3] = {1000u * jobranks[root] + 7, 0xabcdef00u + root, (uint64_t)n};
    wait_poll(gex_Coll_BroadcastNB(tm, root, v, my == root ? mine : NULL, sizeof v, 0));
    CHECK_EQ(v[0], 1000u * jobranks[root] + 7);
    CHECK_EQ(v[1], 0xabcdef00u + root);
    CHECK_EQ(v[2], n);
  }
  /* sum and min of the members' jobranks */
  int64_t src[2] = {(int64_t)me, -(int64_t)me}, dst[2] = {0, 0}, sum = 0, min = -(int64_t)jobranks[0];
  for (gex_Rank_t r = 0; r < n; ++r) {
    sum += jobranks[r];
    if (-(int64_t)jobranks[r] < min) min = -(int64_t)jobranks[r];
  }
  gex_Event_Wait(gex_Coll_ReduceToAllNB(tm, dst, src, GEX_DT_I64, 8, 2, GEX_OP_ADD, NULL, NULL, 0));
  CHECK_EQ(dst[0], sum);
  CHECK_EQ(dst[1], -sum);
  int64_t one = 0;
  gex_Rank_t root = n - 1;
  gex_Event_Wait(gex_Coll_ReduceToOneNB(tm, root, my == root ? &one : NULL, src + 1, GEX_DT_I64, 8, 1, GEX_OP_MIN,
                                        NULL, NULL, 0));
  if (my == root) CHECK_EQ(one, min);
  team_barrier(tm);
}

static size_t split_query(gex_TM_t parent, int color, int key, int join) {
  gex_TM_t sentinel = (gex_TM_t)(uintptr_t)0x5000;
  gex_TM_t out = sentinel;
  size_t sz = gex_TM_Split(join ? &out : NULL, parent, color, key, NULL, 0, GEX_FLAG_TM_SCRATCH_SIZE_RECOMMENDED);
  CHECK(out == sentinel); /* a query creates no team */
  if (!join) CHECK_EQ(sz, 0);
  return sz;
}

/* The value is the same on every rank of `tm`. */
static void check_single_valued(gex_TM_t tm, uint64_t v) {
  uint64_t in[2] = {v, v}, out[2];
  /* min and max at once: max(v) and max(~v) = ~min(v) */
  in[1] = ~v;
  gex_Event_Wait(gex_Coll_ReduceToAllNB(tm, out, in, GEX_DT_U64, 8, 2, GEX_OP_MAX, NULL, NULL, 0));
  CHECK_EQ(out[0], v);
  CHECK_EQ(~out[1], v);
}

static void test_grid(void) {
  gex_Rank_t nrows = 1;
  for (gex_Rank_t d = 1; d * d <= np; ++d)
    if (np % d == 0) nrows = d;
  gex_Rank_t ncols = np / nrows, row = me / ncols, col = me % ncols;

  size_t sz = split_query(world, (int)row, (int)col, 1);
  CHECK(sz > 0);
  check_single_valued(world, sz);
  CHECK_EQ(split_query(world, (int)row, (int)col, 0), 0);
  CHECK(2 * sz <= seg_size);

  gex_TM_t rowtm = NULL, coltm = NULL;
  gex_TM_Split(&rowtm, world, (int)row, (int)col, seg, sz, 0);
  gex_TM_Split(&coltm, world, (int)col, (int)row, seg + sz, sz, 0);
  CHECK(rowtm != NULL && coltm != NULL && rowtm != coltm && rowtm != world);

  gex_Rank_t rowj[64], colj[64];
  for (gex_Rank_t c = 0; c < ncols; ++c) rowj[c] = row * ncols + c;
  for (gex_Rank_t r = 0; r < nrows; ++r) colj[r] = r * ncols + col;
  check_team(rowtm, rowj, ncols, 0);
  check_team(coltm, colj, nrows, 0);

  /* Collectives on both teams, interleaved with the parent. */
  exercise(rowtm, rowj, ncols);
  exercise(coltm, colj, nrows);
  team_barrier(world);

  /* Nested: split the row team (a sub-team parent) into even and odd columns, reversed. */
  gex_TM_t sub = NULL;
  gex_TM_Split(&sub, rowtm, (int)(col % 2), -(int)col, NULL, 0, GEX_FLAG_TM_NO_SCRATCH);
  gex_Rank_t subj[64], ns = 0;
  for (gex_Rank_t c = ncols; c-- > 0;)
    if (c % 2 == col % 2) subj[ns++] = row * ncols + c;
  check_team(sub, subj, ns, GEX_FLAG_TM_NO_SCRATCH);
  exercise(sub, subj, ns); /* NO_SCRATCH Split teams may still run collectives */
  gex_Memvec_t mv = {(void *)(uintptr_t)0x77, 0x77};
  CHECK_EQ(gex_TM_Destroy(sub, &mv, 0), 0); /* no client scratch: nothing written */
  CHECK(mv.gex_addr == (void *)(uintptr_t)0x77 && mv.gex_len == 0x77);

  /* Destroy returns the scratch space it was given. */
  CHECK(gex_TM_Destroy(rowtm, &mv, 0) != 0);
  CHECK(mv.gex_addr == seg);
  CHECK_EQ(mv.gex_len, sz);
  CHECK(gex_TM_Destroy(coltm, &mv, GEX_FLAG_SCRATCH_SEG_OFFSET) != 0);
  CHECK_EQ((uintptr_t)mv.gex_addr, sz);
  CHECK_EQ(mv.gex_len, sz);
  team_barrier(world);
}

static void test_split_variants(void) {
  /* color = parity, key = -rank: ranks in reverse parent order */
  gex_TM_t rev = NULL;
  size_t sz = split_query(world, (int)(me % 2), -(int)me, 1);
  check_single_valued(world, sz);
  gex_TM_Split(&rev, world, (int)(me % 2), -(int)me, seg, sz, 0);
  gex_Rank_t j[64], n = 0;
  for (gex_Rank_t r = np; r-- > 0;)
    if (r % 2 == me % 2) j[n++] = r;
  check_team(rev, j, n, 0);
  exercise(rev, j, n);

  /* equal keys keep the parent order; callers passing NULL are left out */
  gex_TM_t some = NULL;
  int join = (me % 3) != 1;
  gex_TM_Split(join ? &some : NULL, world, 5, 42, NULL, 0, GEX_FLAG_TM_NO_SCRATCH);
  if (join) {
    n = 0;
    for (gex_Rank_t r = 0; r < np; ++r)
      if (r % 3 != 1) j[n++] = r;
    check_team(some, j, n, GEX_FLAG_TM_NO_SCRATCH);
    exercise(some, j, n);
    CHECK_EQ(gex_TM_Destroy(some, NULL, 0), 0);
  } else {
    CHECK(some == NULL);
  }
  gex_Memvec_t mv;
  CHECK(gex_TM_Destroy(rev, &mv, 0) != 0);
  CHECK(mv.gex_addr == seg && mv.gex_len == sz);
  team_barrier(world);

  /* A split where every rank is alone */
  gex_TM_t alone = NULL;
  gex_TM_Split(&alone, world, (int)me, 0, NULL, 0, GEX_FLAG_TM_NO_SCRATCH);
  check_team(alone, &me, 1, GEX_FLAG_TM_NO_SCRATCH);
  exercise(alone, &me, 1);
  CHECK_EQ(gex_TM_Destroy(alone, NULL, 0), 0);
}

static void test_create(void) {
  /* Reversed order, parent ranks, symmetric scratch */
  gex_EP_Location_t args[64];
  gex_Rank_t j[64];
  for (gex_Rank_t i = 0; i < np; ++i) {
    args[i].gex_rank = np - 1 - i;
    args[i].gex_ep_index = 0;
    j[i] = np - 1 - i;
  }
  size_t sz = gex_TM_Create(NULL, 1, world, args, np, NULL, 0, GEX_FLAG_TM_SCRATCH_SIZE_RECOMMENDED);
  CHECK(sz > 0);
  check_single_valued(world, sz);
  gex_TM_t rev[1] = {NULL};
  gex_Addr_t sa[1] = {seg};
  gex_TM_Create(rev, 1, world, args, np, sa, sz, GEX_FLAG_TM_SYMMETRIC_SCRATCH);
  check_team(rev[0], j, np, GEX_FLAG_TM_SYMMETRIC_SCRATCH);
  exercise(rev[0], j, np);

  /* Even jobranks only, by jobrank, reversed, global scratch; odd ranks create nothing. Parent is
   * the reversed team, so parent ranks differ from jobranks. */
  gex_Rank_t n = 0;
  for (gex_Rank_t r = np; r-- > 0;)
    if (r % 2 == 0) {
      args[n].gex_rank = r;
      args[n].gex_ep_index = 0;
      j[n++] = r;
    }
  gex_Addr_t global[64];
  for (gex_Rank_t i = 0; i < n; ++i) global[i] = seg + sz; /* every member's own segment address */
  gex_TM_t evens[1] = {NULL};
  gex_Flags_t f = GEX_FLAG_RANK_IS_JOBRANK | GEX_FLAG_TM_GLOBAL_SCRATCH;
  if (me % 2 == 0) {
    gex_TM_Create(evens, 1, rev[0], args, n, global, sz, f);
    check_team(evens[0], j, n, f);
    exercise(evens[0], j, n);
  } else {
    gex_TM_Create(NULL, 0, rev[0], NULL, 0, NULL, 0, f);
  }
  gex_Memvec_t mv;
  if (me % 2 == 0) {
    CHECK(gex_TM_Destroy(evens[0], &mv, 0) != 0);
    CHECK(mv.gex_addr == seg + sz && mv.gex_len == sz);
  }
  team_barrier(rev[0]);

  /* Pairs {2k, 2k+1} over parent ranks of the reversed team, local scratch given as an offset */
  gex_Rank_t pr = gex_TM_QueryRank(rev[0]), base = pr - pr % 2;
  n = 0;
  for (gex_Rank_t r = base; r < base + 2 && r < np; ++r) {
    args[n].gex_rank = r;
    args[n].gex_ep_index = 0;
    j[n++] = gex_TM_TranslateRankToJobrank(rev[0], r);
  }
  gex_TM_t pair[1] = {NULL};
  gex_Addr_t off[1] = {(gex_Addr_t)(uintptr_t)(2 * sz)};
  gex_TM_Create(pair, 1, rev[0], args, n, off, sz, GEX_FLAG_TM_LOCAL_SCRATCH | GEX_FLAG_SCRATCH_SEG_OFFSET);
  check_team(pair[0], j, n, GEX_FLAG_TM_LOCAL_SCRATCH | GEX_FLAG_SCRATCH_SEG_OFFSET);
  exercise(pair[0], j, n);
  CHECK(gex_TM_Destroy(pair[0], &mv, 0) != 0);
  CHECK(mv.gex_addr == seg + 2 * sz && mv.gex_len == sz);

  /* NO_SCRATCH: a team that may not run collectives but translates and destroys (same pairs,
   * named by jobrank) */
  gex_TM_t ns[1] = {NULL};
  for (gex_Rank_t i = 0; i < n; ++i) args[i].gex_rank = j[i];
  gex_TM_Create(ns, 1, world, args, n, NULL, 0, GEX_FLAG_RANK_IS_JOBRANK | GEX_FLAG_TM_NO_SCRATCH);
  check_team(ns[0], j, n, GEX_FLAG_RANK_IS_JOBRANK | GEX_FLAG_TM_NO_SCRATCH);
  mv.gex_addr = NULL;
  CHECK_EQ(gex_TM_Destroy(ns[0], &mv, 0), 0);
  CHECK(mv.gex_addr == NULL);

  CHECK(gex_TM_Destroy(rev[0], &mv, 0) != 0);
  CHECK(mv.gex_addr == seg && mv.gex_len == sz);
  team_barrier(world);
}

int main(int argc, char **argv) {
  CHECK(gex_Client_Init(&client, &ep, &world, "test_team", &argc, &argv, 0) == GASNET_OK);
  me = gex_TM_QueryRank(world);
  np = gex_TM_QuerySize(world);
  CHECK(np <= 64);
  gex_Segment_t segment;
  CHECK(gex_Segment_Attach(&segment, world, 1 << 20) == GASNET_OK);
  seg = (char *)gex_Segment_QueryAddr(segment);
  seg_size = gex_Segment_QuerySize(segment);

  for (int iter = 0; iter < 3; ++iter) { /* teams are created and destroyed repeatedly */
    test_grid();
    test_split_variants();
    test_create();
  }
  team_barrier(world);
  if (me == 0) printf("test_team: OK (%u ranks)\n", (unsigned)np);
  return 0;
}
