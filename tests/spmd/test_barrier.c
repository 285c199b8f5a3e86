/* test_barrier: gex_Coll_BarrierNB.  Many rounds in which every rank contributes (by Put and by AM)
 * to values at rank 0 that everyone must see complete after the barrier; a late rank 0 that the
 * others must wait for; two barriers outstanding at once; release/acquire of plain stores. */
#include "test_util.h"

#define ROUNDS 40
#define OFF_SLOTS 0        /* rank 0: uint64_t slots[2][TEST_MAX_RANKS], written by Put */
#define OFF_COUNTER 1024   /* rank 0: uint64_t counter[2], incremented by AM handlers */
#define OFF_FLAGS 2048     /* rank 0: uint64_t flags[2], stored locally before a (late) barrier */
#define OFF_RELACQ 4096    /* every rank: uint64_t value[2], stored locally before the barrier */

static gex_Client_t client;
static gex_EP_t ep;
static gex_TM_t tm;
static gex_Rank_t me, np;
static uint8_t *seg;
static void *peer_seg[TEST_MAX_RANKS];
static gex_AM_Index_t h_inc, h_ack;
static volatile uint32_t acks;

static uint64_t *local_u64(size_t off) { return (uint64_t *)(seg + off); }
static uint64_t *remote_u64(gex_Rank_t r, size_t off) { return (uint64_t *)((uint8_t *)peer_seg[r] + off); }
static uint64_t slot_value(unsigned round, gex_Rank_t r) { return test_seed(round, r, 1, 2) | 1; }

static void inc_handler(gex_Token_t t, gex_AM_Arg_t parity) {
  CHECK_EQ(me, 0);
  CHECK(parity == 0 || parity == 1);
  local_u64(OFF_COUNTER)[parity]++;
  CHECK_EQ(gex_AM_ReplyShort0(t, h_ack, 0), 0);
}
static void ack_handler(gex_Token_t t) {
  (void)t;
  acks++;
}

static uint64_t get_u64(gex_Rank_t r, size_t off) {
  uint64_t v = 0;
  CHECK_EQ(gex_RMA_GetBlocking(tm, &v, r, remote_u64(r, off), sizeof v, 0), 0);
  return v;
}

static void test_rounds(void) {
  test_rng_t rng;
  test_rng_seed(&rng, test_seed(me, 42, 0, 0));
  uint32_t acks_expected = 0;
  for (unsigned k = 0; k < ROUNDS; k++) {
    unsigned par = k & 1;
    /* contributions: a Put into my slot at rank 0, an AM increment at rank 0 (acknowledged),
     * and a plain local store for the release/acquire check */
    uint64_t v = slot_value(k, me);
    CHECK_EQ(gex_RMA_PutBlocking(tm, 0, remote_u64(0, OFF_SLOTS) + par * TEST_MAX_RANKS + me, &v, sizeof v, 0), 0);
    CHECK_EQ(gex_AM_RequestShort1(tm, 0, h_inc, 0, (gex_AM_Arg_t)par), 0);
    acks_expected++;
    TEST_POLL_UNTIL(acks == acks_expected, 30);
    local_u64(OFF_RELACQ)[par] = slot_value(k + 1000, me);
    if (test_rng_next(&rng) % 4 == 0) test_sleep_ms((unsigned)(test_rng_next(&rng) % 3));

    gex_Event_t e = gex_Coll_BarrierNB(tm, 0);
    CHECK(e != GEX_EVENT_NO_OP);
    if (k % 3 == 1) {
      TEST_POLL_UNTIL(gex_Event_Test(e) == 0, 30);
    } else if (k % 3 == 2) {
      GASNET_BLOCKUNTIL(gex_Event_Test(e) == 0);
    } else {
      gex_Event_Wait(e);
    }

    uint64_t slots[TEST_MAX_RANKS];
    CHECK_EQ(gex_RMA_GetBlocking(tm, slots, 0, remote_u64(0, OFF_SLOTS) + par * TEST_MAX_RANKS, np * sizeof(uint64_t), 0), 0);
    for (gex_Rank_t r = 0; r < np; r++)
      CHECKF(slots[r] == slot_value(k, r), "round %u: slot of rank %u is 0x%" PRIx64 ", expected 0x%" PRIx64, k,
             (unsigned)r, slots[r], slot_value(k, r));
    uint64_t c = get_u64(0, OFF_COUNTER + par * 8);
    CHECKF(c == (uint64_t)(k / 2 + 1) * np, "round %u: AM counter %" PRIu64 ", expected %" PRIu64, k, c,
           (uint64_t)(k / 2 + 1) * np);
    gex_Rank_t peer = (me + 1 + k) % np;
    uint64_t ra = get_u64(peer, OFF_RELACQ + par * 8);
    CHECKF(ra == slot_value(k + 1000, peer), "round %u: value stored by rank %u before the barrier not visible", k,
           (unsigned)peer);
  }
  test_barrier(tm);
}

/* Rank 0 arrives late; the others must keep seeing an incomplete barrier until it does. */
static void test_late_arrival(void) {
  for (unsigned k = 0; k < 3; k++) {
    test_barrier(tm);
    if (me == 0) {
      test_sleep_ms(300);
      local_u64(OFF_FLAGS)[0] = 100 + k;
      gex_Event_Wait(gex_Coll_BarrierNB(tm, 0));
    } else {
      gex_Event_t e = gex_Coll_BarrierNB(tm, 0);
      CHECK(e != GEX_EVENT_INVALID); /* rank 0 is asleep: cannot be complete yet */
      CHECK(gex_Event_Test(e) != 0);
      unsigned long polls = 0;
      while (gex_Event_Test(e) != 0) {
        gasnet_AMPoll();
        polls++;
      }
      CHECK(polls > 0);
      uint64_t f = get_u64(0, OFF_FLAGS);
      CHECKF(f == 100 + k, "barrier completed before rank 0 arrived (flag %" PRIu64 ")", f);
    }
  }
  test_barrier(tm);
}

/* Rank 0 arrives first and then does not test its barrier until every other rank has told it
 * (by AM) that the barrier completed there: completion must not depend on rank 0 polling the
 * barrier (GEX_BARRIER_FLAT_MAX=0: rank 0 gathers the arrivals, the others release themselves
 * when it does not). */
static volatile uint32_t done_reports;
static void done_handler(gex_Token_t t) {
  (void)t;
  done_reports++;
}
static gex_AM_Index_t h_done;

static void test_busy_root(void) {
  for (unsigned k = 0; k < 3; k++) {
    test_barrier(tm);
    if (me == 0) {
      gex_Event_t e = gex_Coll_BarrierNB(tm, 0);
      uint32_t want = (uint32_t)(np - 1) * (k + 1);
      TEST_POLL_UNTIL(done_reports == want, 30); /* AM polls only, never a test of e */
      CHECK_EQ(gex_Event_Test(e), 0);
    } else {
      if (k == 1) test_sleep_ms(50); /* rank 0 is already polling AMs only */
      gex_Event_Wait(gex_Coll_BarrierNB(tm, 0));
      CHECK_EQ(gex_AM_RequestShort0(tm, 0, h_done, 0), 0);
    }
  }
  test_barrier(tm);
}

/* Two barriers in flight; rank 0 enters the second one late. */
static void test_two_outstanding(void) {
  for (unsigned variant = 0; variant < 3; variant++) {
    test_barrier(tm);
    if (me == 0) {
      test_sleep_ms(200);
      local_u64(OFF_FLAGS)[0] = 200 + variant;
      gex_Event_t e1 = gex_Coll_BarrierNB(tm, 0);
      test_sleep_ms(300);
      local_u64(OFF_FLAGS)[1] = 300 + variant;
      gex_Event_t e2 = gex_Coll_BarrierNB(tm, 0);
      if (variant == 1) {
        gex_Event_Wait(e2);
        gex_Event_Wait(e1);
      } else {
        gex_Event_t arr[2] = {e1, e2};
        gex_Event_WaitAll(arr, 2, 0);
      }
    } else {
      gex_Event_t e1 = gex_Coll_BarrierNB(tm, 0);
      gex_Event_t e2 = gex_Coll_BarrierNB(tm, 0);
      CHECK(e1 != GEX_EVENT_NO_OP && e2 != GEX_EVENT_NO_OP);
      if (variant == 0) {
        gex_Event_Wait(e1);
        /* Rank 0 is asleep before its second call. (Over Active Messages, or over ofi, the
           first barrier may itself wait for rank 0 to poll, so both complete together.) */
        if (!test_force_am() && !test_network_peers()) CHECK(gex_Event_Test(e2) != 0);
        CHECK_EQ(get_u64(0, OFF_FLAGS), 200 + variant);
        gex_Event_Wait(e2);
        CHECK_EQ(get_u64(0, OFF_FLAGS + 8), 300 + variant);
      } else if (variant == 1) {
        gex_Event_Wait(e2);
        CHECK_EQ(get_u64(0, OFF_FLAGS + 8), 300 + variant);
        gex_Event_Wait(e1);
      } else {
        gex_Event_t arr[2] = {e2, e1};
        gex_Event_WaitSome(arr, 2, 0);
        CHECK(arr[1] == GEX_EVENT_INVALID || arr[0] == GEX_EVENT_INVALID);
        CHECK_EQ(get_u64(0, OFF_FLAGS), 200 + variant);
        gex_Event_WaitAll(arr, 2, 0);
        CHECK(arr[0] == GEX_EVENT_INVALID && arr[1] == GEX_EVENT_INVALID);
        CHECK_EQ(get_u64(0, OFF_FLAGS + 8), 300 + variant);
      }
    }
  }
  /* many in flight at once */
  gex_Event_t evs[16];
  for (int i = 0; i < 16; i++) evs[i] = gex_Coll_BarrierNB(tm, 0);
  gex_Event_WaitAll(evs, 16, 0);
  for (int i = 0; i < 16; i++) CHECK(evs[i] == GEX_EVENT_INVALID);
  test_barrier(tm);
}

int main(int argc, char **argv) {
  test_init("TEST_BARRIER", &argc, &argv, &client, &ep, &tm);
  me = gex_System_QueryJobRank();
  np = gex_System_QueryJobSize();
  gex_AM_Entry_t table[] = {
      {0, (gex_AM_Fn_t)inc_handler, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQUEST, 1, NULL, "inc"},
      {0, (gex_AM_Fn_t)ack_handler, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REPLY, 0, NULL, "ack"},
      {0, (gex_AM_Fn_t)done_handler, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQUEST, 0, NULL, "done"},
  };
  CHECK_EQ(gex_EP_RegisterHandlers(ep, table, 3), GASNET_OK);
  h_inc = table[0].gex_index;
  h_ack = table[1].gex_index;
  h_done = table[2].gex_index;
  seg = (uint8_t *)test_attach(tm, 64 * 1024, NULL);
  memset(seg, 0, 8192);
  test_segment_table(tm, peer_seg, NULL);
  test_barrier(tm);

  test_rounds();
  TEST_LOG("%d rounds with Put/AM contributions OK", ROUNDS);
  test_late_arrival();
  TEST_LOG("late arrival OK");
  test_busy_root();
  TEST_LOG("rank 0 not testing its barrier OK");
  test_two_outstanding();
  TEST_LOG("two outstanding barriers OK");
  test_finish(tm, "test_barrier");
  return 0;
}
