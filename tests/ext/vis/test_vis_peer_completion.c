/* test_vis_peer_completion: gex_VIS_SetPeerCompletionHandler.
 * Every rank puts to its right neighbour, round after round, with Vector, Indexed and Strided
 * puts in each completion form, small pieces (packed AM Mediums on the AM path) and large ones
 * (extended-ref RMA), and a peer completion payload of 0, 1, 17 or GEX_VIS_MAX_PEERCOMPLETION
 * bytes. The handler runs at the target and checks there, when it runs:
 *   - that the round's data is already in place (the whole put, every piece);
 *   - its payload (copied at the put's initiation: the sender overwrites its buffer at once);
 *   - its token: source rank, a Reply, not Long, the registered entry.
 * Rounds also check that a Get between arming and the put leaves the handler armed, that
 * disarming (handler 0) cancels it, that only the next put runs it, that a put moving no data
 * still runs it, and GEX_FLAG_ENABLE_LEAF_LC with it. Each rank counts the handlers that ran
 * against the rounds that armed one (no more, no fewer). Then two threads per rank arm and put
 * concurrently: each thread's handler goes with its own put.
 * Misuse (argument): pc_immediate, pc_too_big, pc_not_reply (the job must end naming the call). */
#include <pthread.h>

#include "vis_common.h"

#define ROUNDS 96
#define SPAN (2 * 2 * 9000) /* the largest round: 2 pieces of 9000 bytes, 2e apart remotely */
#define THREADS 2
#define THREAD_ROUNDS 40
#define THREAD_SPAN 256
#define SLOT (ROUNDS * SPAN + THREADS * THREAD_ROUNDS * THREAD_SPAN)
#define EXPORT 4096
#define PC_INDEX (GEX_AM_INDEX_BASE + 3)
#define SHORT_INDEX (GEX_AM_INDEX_BASE + 4)

enum { K_VEC, K_IDX, K_STR, K_NONE, K_COUNT };

typedef struct {
  int kind, form;
  size_t e, n, off; /* n pieces of e bytes, 2e apart at the target, contiguous here */
  size_t payload;
  int armed;        /* a handler runs for this round */
  int get_between;  /* a VIS get after arming, before the put */
  int disarm;       /* armed, then disarmed: no handler */
  int twice;        /* the same put again right after: the handler runs once */
  int leaf_lc;      /* NB/NBI with GEX_FLAG_ENABLE_LEAF_LC */
} round_t;

static round_t round_of(unsigned k) {
  static const size_t payloads[] = {0, 1, 17, GEX_VIS_MAX_PEERCOMPLETION};
  round_t r;
  memset(&r, 0, sizeof r);
  r.kind = (int)(k % 3);
  r.form = (int)((k / 3) % FORM_COUNT);
  const int large = (k / 9) % 2;
  r.e = large ? 9000 : 8 + k % 24;
  r.n = large ? 2 : 1 + k % 5;
  r.off = (size_t)k * SPAN;
  r.payload = payloads[(k / 18) % 4];
  r.armed = 1;
  switch (k % 16) {
    case 5: r.get_between = 1; break;
    case 7: r.disarm = 1, r.armed = 0; break;
    case 11: r.twice = 1; break;
    case 13: r.kind = K_NONE; break;
    case 14: r.leaf_lc = r.form != FORM_BLOCKING; break;
  }
  return r;
}

static uint64_t data_seed(gex_Rank_t src, unsigned k) { return test_seed(src, k, 0x9C, 7); }
static uint64_t payload_seed(gex_Rank_t src, unsigned k) { return test_seed(src, k, 0x9C, 8); }

static volatile unsigned arrivals;                 /* handlers run here (phase 1, from the left) */
static volatile unsigned thread_arrivals[THREADS]; /* phase 2, per sending thread */
static volatile int phase = 1;
static gex_AM_Entry_t table[2];

/* The round the next arrival from the left belongs to: rounds without a handler are skipped. */
static unsigned next_armed_round(unsigned after) {
  unsigned k = after;
  while (k < ROUNDS && !round_of(k).armed) ++k;
  return k;
}
static unsigned expected_from_left;
static unsigned cursor; /* phase 1: the round the next arrival must be */

static void check_token(gex_Token_t token) {
  gex_Token_Info_t info;
  gex_TI_t got = gex_Token_Info(token, &info, GEX_TI_ALL);
  CHECK(got & GEX_TI_SRCRANK);
  CHECK_EQ(info.gex_srcrank, left);
  if (got & GEX_TI_EP) CHECK(info.gex_ep == ep);
  if (got & GEX_TI_IS_REQ) CHECK_EQ(info.gex_is_req, 0);
  if (got & GEX_TI_IS_LONG) CHECK_EQ(info.gex_is_long, 0);
  if (got & GEX_TI_ENTRY) {
    CHECK_EQ(info.gex_entry->gex_index, PC_INDEX);
    CHECK(info.gex_entry->gex_fnptr == table[0].gex_fnptr);
    CHECK_EQ(info.gex_entry->gex_nargs, 0);
  }
}

static void pc_handler(gex_Token_t token, void *buf, size_t nbytes) {
  check_token(token);
  const uint8_t *inbox = seg + inbox_off(left);
  if (phase == 1) {
    const unsigned k = cursor;
    CHECKF(k < ROUNDS, "a peer completion arrived from rank %u beyond the armed rounds", (unsigned)left);
    const round_t r = round_of(k);
    CHECKF(nbytes == r.payload, "round %u from rank %u: payload of %zu bytes, expected %zu", k, (unsigned)left,
           nbytes, r.payload);
    CHECK_PATTERN(buf, nbytes, payload_seed(left, k));
    if (r.kind != K_NONE) /* the put's data is in place before its handler runs */
      for (size_t i = 0; i < r.n; ++i) CHECK_PATTERN_AT(inbox + r.off + 2 * i * r.e, r.e, data_seed(left, k), i * r.e);
    cursor = next_armed_round(k + 1);
    arrivals = arrivals + 1;
  } else {
    uint32_t hdr[2];
    CHECK_EQ(nbytes, sizeof hdr);
    memcpy(hdr, buf, sizeof hdr);
    const unsigned t = hdr[0], k = hdr[1];
    CHECK(t < THREADS && k < THREAD_ROUNDS);
    const size_t off = (size_t)ROUNDS * SPAN + ((size_t)t * THREAD_ROUNDS + k) * THREAD_SPAN;
    CHECK_PATTERN(inbox + off, THREAD_SPAN, test_seed(left, t, k, 9));
    thread_arrivals[t] = thread_arrivals[t] + 1;
  }
}

static void short_handler(gex_Token_t token) { (void)token; }

/* One put of round r (all pieces) in form f; returns its NB event (or INVALID). */
static gex_Event_t put(const round_t *r, uint8_t *local, gex_Flags_t flags) {
  uint8_t *remote = remote_at(right, inbox_off(me) + r->off);
  gex_Memvec_t dst[8], src[1];
  void *dsta[8], *srca[8];
  for (size_t i = 0; i < r->n; ++i) {
    dst[i].gex_addr = remote + 2 * i * r->e, dst[i].gex_len = r->e;
    dsta[i] = remote + 2 * i * r->e;
    srca[i] = local + i * r->e;
  }
  src[0].gex_addr = local, src[0].gex_len = r->n * r->e;
  const ptrdiff_t dstr[1] = {(ptrdiff_t)(2 * r->e)}, sstr[1] = {(ptrdiff_t)r->e};
  const size_t count[1] = {r->n};
  switch (r->kind) {
    case K_VEC:
      if (r->form == FORM_NB) return gex_VIS_VectorPutNB(tm, right, r->n, dst, 1, src, flags);
      if (r->form == FORM_NBI) CHECK_EQ(gex_VIS_VectorPutNBI(tm, right, r->n, dst, 1, src, flags), 0);
      else CHECK_EQ(gex_VIS_VectorPutBlocking(tm, right, r->n, dst, 1, src, flags), 0);
      return GEX_EVENT_INVALID;
    case K_IDX:
      if (r->form == FORM_NB) return gex_VIS_IndexedPutNB(tm, right, r->n, dsta, r->e, r->n, srca, r->e, flags);
      if (r->form == FORM_NBI) CHECK_EQ(gex_VIS_IndexedPutNBI(tm, right, r->n, dsta, r->e, r->n, srca, r->e, flags), 0);
      else CHECK_EQ(gex_VIS_IndexedPutBlocking(tm, right, r->n, dsta, r->e, r->n, srca, r->e, flags), 0);
      return GEX_EVENT_INVALID;
    case K_STR:
      if (r->form == FORM_NB) return gex_VIS_StridedPutNB(tm, right, remote, dstr, local, sstr, r->e, count, 1, flags);
      if (r->form == FORM_NBI) CHECK_EQ(gex_VIS_StridedPutNBI(tm, right, remote, dstr, local, sstr, r->e, count, 1, flags), 0);
      else CHECK_EQ(gex_VIS_StridedPutBlocking(tm, right, remote, dstr, local, sstr, r->e, count, 1, flags), 0);
      return GEX_EVENT_INVALID;
    default: { /* no data: zero elements */
      const size_t none[1] = {0};
      if (r->form == FORM_NB) return gex_VIS_StridedPutNB(tm, right, remote, dstr, local, sstr, 4, none, 1, flags);
      if (r->form == FORM_NBI) CHECK_EQ(gex_VIS_StridedPutNBI(tm, right, remote, dstr, local, sstr, 4, none, 1, flags), 0);
      else CHECK_EQ(gex_VIS_StridedPutBlocking(tm, right, remote, dstr, local, sstr, 4, none, 1, flags), 0);
      return GEX_EVENT_INVALID;
    }
  }
}

static void complete(int form, gex_Event_t ev) {
  if (form == FORM_NB) gex_Event_Wait(ev);
  if (form == FORM_NBI) gex_NBI_Wait(GEX_EC_PUT, 0);
}

static void rounds(void) {
  uint8_t *local = malloc(SPAN), payload[GEX_VIS_MAX_PEERCOMPLETION], got[64];
  CHECK(local != NULL);
  for (unsigned k = 0; k < ROUNDS; ++k) {
    const round_t r = round_of(k);
    test_fill(local, r.n * r.e, data_seed(me, k));
    test_fill(payload, r.payload, payload_seed(me, k));
    gex_VIS_SetPeerCompletionHandler(PC_INDEX, payload, r.payload, 0);
    if (r.get_between) { /* a get does not take the armed handler */
      gex_Memvec_t d = {got, sizeof got}, s = {remote_at(right, export_off()), sizeof got};
      CHECK_EQ(gex_VIS_VectorGetBlocking(tm, 1, &d, right, 1, &s, 0), 0);
      CHECK_PATTERN(got, sizeof got, export_seed(right));
      test_barrier(tm); /* (every rank is in this round) a handler the get ran would run now, early */
    }
    if (r.disarm) gex_VIS_SetPeerCompletionHandler(0, NULL, 0, 0);
    gex_Flags_t flags = r.leaf_lc ? GEX_FLAG_ENABLE_LEAF_LC : 0;
    gex_Event_t ev = put(&r, local, flags);
    memset(payload, 0xEE, sizeof payload); /* the handler must still get the original payload */
    if (r.leaf_lc && r.form == FORM_NB) gex_Event_Wait(gex_Event_QueryLeaf(ev, GEX_EC_LC));
    if (r.leaf_lc && r.form == FORM_NBI) gex_NBI_Wait(GEX_EC_LC, 0);
    complete(r.form, ev);
    if (r.twice) complete(r.form, put(&r, local, 0)); /* disarmed by the first put */
  }
  free(local);
}

typedef struct {
  unsigned t;
} thread_arg_t;

static void *thread_main(void *p) {
  const unsigned t = ((thread_arg_t *)p)->t;
  uint8_t local[THREAD_SPAN];
  for (unsigned k = 0; k < THREAD_ROUNDS; ++k) {
    const size_t off = (size_t)ROUNDS * SPAN + ((size_t)t * THREAD_ROUNDS + k) * THREAD_SPAN;
    test_fill(local, THREAD_SPAN, test_seed(me, t, k, 9));
    uint32_t hdr[2] = {t, k};
    gex_VIS_SetPeerCompletionHandler(PC_INDEX, hdr, sizeof hdr, 0);
    gex_Memvec_t d = {remote_at(right, inbox_off(me) + off), THREAD_SPAN}, s = {local, THREAD_SPAN};
    if (k % 2) gex_Event_Wait(gex_VIS_VectorPutNB(tm, right, 1, &d, 1, &s, 0));
    else CHECK_EQ(gex_VIS_VectorPutBlocking(tm, right, 1, &d, 1, &s, 0), 0);
  }
  return NULL;
}

static void misuse(const char *mode) {
  uint8_t buf[GEX_VIS_MAX_PEERCOMPLETION + 1], local[8] = {0};
  memset(buf, 1, sizeof buf);
  gex_Memvec_t d = {remote_at(right, inbox_off(me)), sizeof local}, s = {local, sizeof local};
  if (!strcmp(mode, "pc_immediate")) {
    gex_VIS_SetPeerCompletionHandler(PC_INDEX, buf, 4, 0);
    (void)gex_VIS_VectorPutNBI(tm, right, 1, &d, 1, &s, GEX_FLAG_IMMEDIATE);
  } else if (!strcmp(mode, "pc_too_big")) {
    gex_VIS_SetPeerCompletionHandler(PC_INDEX, buf, GEX_VIS_MAX_PEERCOMPLETION + 1, 0);
  } else if (!strcmp(mode, "pc_not_reply")) {
    gex_VIS_SetPeerCompletionHandler(SHORT_INDEX, buf, 4, 0);
    CHECK_EQ(gex_VIS_VectorPutBlocking(tm, right, 1, &d, 1, &s, 0), 0);
    test_barrier(tm);
    TEST_POLL_UNTIL(0, 10);
  } else {
    CHECKF(0, "unknown mode %s", mode);
  }
  test_barrier(tm);
  printf("test_vis_peer_completion: %s was not diagnosed\n", mode);
  gasnet_exit(0);
}

int main(int argc, char **argv) {
  vis_init("test_vis_peer_completion", &argc, &argv, SLOT, EXPORT);
  gex_AM_Entry_t entries[2] = {
      {PC_INDEX, (gex_AM_Fn_t)pc_handler, GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_REPLY, 0, NULL, "pc_handler"},
      {SHORT_INDEX, (gex_AM_Fn_t)short_handler, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQUEST, 0, NULL, "short_handler"}};
  memcpy(table, entries, sizeof table);
  /* before the barrier: the left neighbour's first handler may run inside it */
  cursor = next_armed_round(0);
  for (unsigned k = 0; k < ROUNDS; ++k) expected_from_left += round_of(k).armed;
  CHECK_EQ(gex_EP_RegisterHandlers(ep, table, 2), GASNET_OK);
  test_barrier(tm);
  if (argc > 1) misuse(argv[1]);

  rounds();
  TEST_POLL_UNTIL(arrivals == expected_from_left, 20);
  test_barrier(tm);
  for (int i = 0; i < 100; ++i) gasnet_AMPoll(); /* nothing more may come */
  CHECK_EQ(arrivals, expected_from_left);
  test_barrier(tm);

  phase = 2;
  test_barrier(tm);
  pthread_t threads[THREADS];
  thread_arg_t args[THREADS];
  for (unsigned t = 0; t < THREADS; ++t) {
    args[t].t = t;
    CHECK_EQ(pthread_create(&threads[t], NULL, thread_main, &args[t]), 0);
  }
  for (unsigned t = 0; t < THREADS; ++t) pthread_join(threads[t], NULL);
  for (unsigned t = 0; t < THREADS; ++t) TEST_POLL_UNTIL(thread_arrivals[t] == THREAD_ROUNDS, 20);
  test_barrier(tm);
  for (int i = 0; i < 100; ++i) gasnet_AMPoll();
  for (unsigned t = 0; t < THREADS; ++t) CHECK_EQ(thread_arrivals[t], THREAD_ROUNDS);
  test_finish(tm, "test_vis_peer_completion");
  return 0;
}
