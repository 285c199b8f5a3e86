/* test_vis_outstanding: every rank starts K VIS operations (Vector/Indexed/Strided, Put and Get,
 * NB and NBI, some NBI ones inside an access region) to random peers (itself included) before
 * completing any, then completes the NB events in a random order, mixing gex_Event_Test polling
 * loops, gex_Event_Wait and gex_Event_WaitSome. Every get is checked at the initiator, every put
 * at its target against an exact image of the whole inbox slot (gaps and unused bytes untouched).
 * Every fifth operation is first tried with GEX_FLAG_IMMEDIATE (retried without it if refused). */
#include "vis_common.h"

#define K 240
#define SLOT (2 * 1024 * 1024)
#define EXPORT (128 * 1024)
#define OPGAP 8

enum { OP_VEC, OP_IDX, OP_STR };

typedef struct {
  gex_Rank_t target;
  int kind, get, nb;
  size_t e, n;        /* n pieces of e bytes, 2e apart on the remote side, contiguous locally */
  size_t off;         /* put: offset in the target's inbox slot; get: offset in its export region */
  uint64_t seed;      /* put payload stream */
} op_t;

/* The k-th operation of rank src; next_off[] carries each target's next free inbox offset. */
static op_t gen_op(gex_Rank_t src, unsigned k, size_t *next_off) {
  test_rng_t r;
  test_rng_seed(&r, test_seed(src, k, 0x0575, 2));
  op_t o;
  o.target = (gex_Rank_t)test_rng_range(&r, 0, np - 1);
  o.kind = (int)test_rng_range(&r, 0, 2);
  o.get = (int)(test_rng_next(&r) & 1);
  o.nb = (int)(test_rng_next(&r) & 1);
  if (test_rng_next(&r) % 24 == 0) {
    o.e = (size_t)test_rng_range(&r, 8500, 12000); /* larger than one packed piece */
    o.n = (size_t)test_rng_range(&r, 1, 3);
  } else {
    o.e = (size_t)test_rng_range(&r, 1, 32);
    o.n = (size_t)test_rng_range(&r, 1, 48);
  }
  const size_t span = 2 * o.e * o.n;
  if (o.get) {
    o.off = (size_t)test_rng_range(&r, 0, EXPORT - span);
  } else {
    o.off = next_off[o.target];
    next_off[o.target] += span + OPGAP;
    CHECKF(next_off[o.target] <= SLOT, "inbox slot too small (%zu)", next_off[o.target]);
  }
  o.seed = test_rng_next(&r);
  return o;
}

typedef struct {
  op_t op;
  uint8_t *local;     /* n*e contiguous bytes */
  gex_Memvec_t *vecs; /* metadata that must stay valid until completion */
  void **addrs;
  gex_Memvec_t onevec;
  void *oneaddr;
  gex_Event_t ev; /* NB: the operation's event, GEX_EVENT_INVALID once synced */
} live_t;

static void start(live_t *L, unsigned k) {
  const op_t *o = &L->op;
  const size_t e = o->e, n = o->n, bytes = e * n;
  L->local = (uint8_t *)malloc(bytes);
  CHECK(L->local != NULL);
  uint8_t *rbase = o->get ? remote_at(o->target, export_off() + o->off) : remote_at(o->target, inbox_off(me) + o->off);
  if (o->get) memset(L->local, 0, bytes);
  else test_fill(L->local, bytes, o->seed);
  L->vecs = NULL, L->addrs = NULL;
  L->onevec.gex_addr = L->local, L->onevec.gex_len = bytes;
  L->oneaddr = L->local;
  /* every fifth operation first tries GEX_FLAG_IMMEDIATE; a refused one must have done nothing
   * (the checks below would see it) and is issued again without the flag */
  gex_Flags_t flags = (k % 5 == 0) ? GEX_FLAG_IMMEDIATE : 0;
again:;
  gex_Event_t ev = GEX_EVENT_INVALID;
  int rc = 0;
  switch (o->kind) {
    case OP_VEC:
      free(L->vecs); /* a retried IMMEDIATE operation builds its list again */
      L->vecs = (gex_Memvec_t *)malloc(n * sizeof(gex_Memvec_t));
      CHECK(L->vecs != NULL);
      for (size_t i = 0; i < n; i++) L->vecs[i].gex_addr = rbase + 2 * e * i, L->vecs[i].gex_len = e;
      if (o->get) {
        if (o->nb) ev = gex_VIS_VectorGetNB(tm, 1, &L->onevec, o->target, n, L->vecs, flags);
        else rc = gex_VIS_VectorGetNBI(tm, 1, &L->onevec, o->target, n, L->vecs, flags);
      } else {
        if (o->nb) ev = gex_VIS_VectorPutNB(tm, o->target, n, L->vecs, 1, &L->onevec, flags);
        else rc = gex_VIS_VectorPutNBI(tm, o->target, n, L->vecs, 1, &L->onevec, flags);
      }
      break;
    case OP_IDX:
      free(L->addrs);
      L->addrs = (void **)malloc(n * sizeof(void *));
      CHECK(L->addrs != NULL);
      for (size_t i = 0; i < n; i++) L->addrs[i] = rbase + 2 * e * i;
      if (o->get) {
        if (o->nb) ev = gex_VIS_IndexedGetNB(tm, 1, &L->oneaddr, bytes, o->target, n, L->addrs, e, flags);
        else rc = gex_VIS_IndexedGetNBI(tm, 1, &L->oneaddr, bytes, o->target, n, L->addrs, e, flags);
      } else {
        if (o->nb) ev = gex_VIS_IndexedPutNB(tm, o->target, n, L->addrs, e, 1, &L->oneaddr, bytes, flags);
        else rc = gex_VIS_IndexedPutNBI(tm, o->target, n, L->addrs, e, 1, &L->oneaddr, bytes, flags);
      }
      break;
    default: {
      const ptrdiff_t rs[1] = {(ptrdiff_t)(2 * e)}, ls[1] = {(ptrdiff_t)e};
      const size_t count[1] = {n};
      if (o->get) {
        if (o->nb) ev = gex_VIS_StridedGetNB(tm, L->local, ls, o->target, rbase, rs, e, count, 1, flags);
        else rc = gex_VIS_StridedGetNBI(tm, L->local, ls, o->target, rbase, rs, e, count, 1, flags);
      } else {
        if (o->nb) ev = gex_VIS_StridedPutNB(tm, o->target, rbase, rs, L->local, ls, e, count, 1, flags);
        else rc = gex_VIS_StridedPutNBI(tm, o->target, rbase, rs, L->local, ls, e, count, 1, flags);
      }
    }
  }
  if (rc != 0 || ev == GEX_EVENT_NO_OP) {
    CHECK(flags & GEX_FLAG_IMMEDIATE); /* only IMMEDIATE may refuse */
    CHECK(o->nb ? (rc == 0 && ev == GEX_EVENT_NO_OP) : ev == GEX_EVENT_INVALID);
    flags = 0;
    goto again;
  }
  L->ev = ev;
}

/* Completes the NB events in a shuffled order with a mix of sync calls. */
static void complete_shuffled(gex_Event_t *evs, size_t nev) {
  test_rng_t r;
  test_rng_seed(&r, test_seed(me, 0x5A, 0xFF, 4));
  for (size_t i = nev; i > 1; i--) {
    size_t j = (size_t)(test_rng_next(&r) % i);
    gex_Event_t t = evs[i - 1];
    evs[i - 1] = evs[j];
    evs[j] = t;
  }
  size_t i = 0;
  for (; i < nev / 3; i++) { /* Test does not poll: the loop polls */
    while (gex_Event_Test(evs[i]) != GASNET_OK) gasnet_AMPoll();
    evs[i] = GEX_EVENT_INVALID;
  }
  for (; i < 2 * nev / 3; i++) {
    gex_Event_Wait(evs[i]);
    evs[i] = GEX_EVENT_INVALID;
  }
  size_t left_over = nev - i;
  while (left_over) { /* WaitSome overwrites what it completed with GEX_EVENT_INVALID */
    gex_Event_WaitSome(evs + i, nev - i, 0);
    size_t still = 0;
    for (size_t k = i; k < nev; k++) still += evs[k] != GEX_EVENT_INVALID;
    CHECK(still < left_over);
    left_over = still;
  }
}

int main(int argc, char **argv) {
  vis_init("test_vis_outstanding", &argc, &argv, SLOT, EXPORT);
  memset(seg, GUARD_BYTE, export_off());
  test_barrier(tm);

  live_t *live = (live_t *)calloc(K, sizeof(live_t));
  gex_Event_t *evs = (gex_Event_t *)calloc(K + 1, sizeof(gex_Event_t));
  size_t *next_off = (size_t *)calloc(np, sizeof(size_t));
  CHECK(live && evs && next_off);
  size_t nev = 0;
  for (unsigned k = 0; k < K; k++) {
    if (k == K / 2) gex_NBI_BeginAccessRegion(0);
    live[k].op = gen_op(me, k, next_off);
    start(&live[k], k);
    if (live[k].op.nb) evs[nev++] = live[k].ev;
    if (k == K / 2 + 40) evs[nev++] = gex_NBI_EndAccessRegion(0); /* the region's NBI ops */
  }
  complete_shuffled(evs, nev);
  gex_NBI_Wait(GEX_EC_ALL, 0);

  /* gets: n pieces of e bytes, 2e apart in the target's export region */
  uint8_t **images = (uint8_t **)calloc(np, sizeof(uint8_t *));
  CHECK(images != NULL);
  for (gex_Rank_t t = 0; t < np; t++) images[t] = export_image(t);
  for (unsigned k = 0; k < K; k++) {
    const op_t *o = &live[k].op;
    if (o->get)
      for (size_t i = 0; i < o->n; i++)
        CHECKF(!memcmp(live[k].local + o->e * i, images[o->target] + o->off + 2 * o->e * i, o->e),
               "op %u (%s get from %u, %s): piece %zu of %zu (%zu bytes) differs", k,
               o->kind == OP_VEC ? "Vector" : o->kind == OP_IDX ? "Indexed" : "Strided", (unsigned)o->target,
               o->nb ? "NB" : "NBI", i, o->n, o->e);
    free(live[k].local), free(live[k].vecs), free(live[k].addrs);
  }
  test_barrier(tm);

  /* puts: rebuild the exact image of each source's inbox slot */
  uint8_t *want = (uint8_t *)malloc(SLOT);
  uint8_t *payload = (uint8_t *)malloc(3 * 12000 + 64);
  CHECK(want && payload);
  for (gex_Rank_t s = 0; s < np; s++) {
    memset(next_off, 0, np * sizeof(size_t));
    memset(want, GUARD_BYTE, SLOT);
    for (unsigned k = 0; k < K; k++) {
      op_t o = gen_op(s, k, next_off);
      if (o.get || o.target != me) continue;
      test_fill(payload, o.e * o.n, o.seed);
      for (size_t i = 0; i < o.n; i++) memcpy(want + o.off + 2 * o.e * i, payload + o.e * i, o.e);
    }
    const uint8_t *got = seg + inbox_off(s);
    for (size_t b = 0; b < SLOT; b++)
      CHECKF(got[b] == want[b], "inbox from %u: byte %zu is 0x%02x, expected 0x%02x", (unsigned)s, b, got[b], want[b]);
  }
  free(want), free(payload), free(next_off), free(evs), free(live);
  for (gex_Rank_t t = 0; t < np; t++) free(images[t]);
  free(images);
  TEST_LOG("%d outstanding operations per rank checked", K);
  test_finish(tm, "test_vis_outstanding");
  return 0;
}
