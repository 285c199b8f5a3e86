/* GEX_FLAG_IMMEDIATE means "no side effect" when the call returns non-zero: no byte of the target
 * changes and no handler runs. Rank 0 floods rank 1, which does not poll yet, with IMMEDIATE
 * Long Requests, each to its own slot in rank 1's segment, between guard bytes, until the queue
 * is full and more attempts keep failing; then it tries an IMMEDIATE NPAM Prepare and an
 * IMMEDIATE put to a slot of its own. Rank 1 then polls, and checks every slot: a Long that
 * returned 0 has its payload there and its handler ran exactly once; one that returned
 * non-zero left its slot's guard bytes untouched and its handler never ran.
 * (Before the fix the Long payload was copied into the target before ring space was claimed.)
 * Other pairs (2,3), ... do the same.
 */
#include "test_util.h"

#define SLOT_PAYLOAD 256
#define SLOT_STRIDE (SLOT_PAYLOAD + 64) /* 32 guard bytes either side */
#define MAX_SLOTS 40000 /* more Longs (64 bytes of queue each) than a 2 MiB AM queue holds */
#define EXTRA_FAILS 50 /* attempts after the first refusal */
#define GUARD 0xEE

static gex_TM_t tm;
static gex_Rank_t me, np;
static uint8_t *myseg;
static volatile uint32_t handled;
static uint8_t ran[MAX_SLOTS + 2];

/* The report rank 0 puts into rank 1's segment once its flood is over. */
typedef struct {
  uint32_t attempts;
  uint32_t sent;
  uint32_t npam_noop;   /* 1: the IMMEDIATE Prepare returned GEX_AM_SRCDESC_NO_OP */
  uint32_t put_refused; /* 1: the IMMEDIATE put returned non-zero */
  uint8_t ok[MAX_SLOTS + 2];
} report_t;

#define REPORT_OFF 0
#define SLOTS_OFF ((sizeof(report_t) + 4095) & ~(size_t)4095)
#define SEGSIZE (SLOTS_OFF + (size_t)(MAX_SLOTS + 2) * SLOT_STRIDE)

static uint8_t *slot(uint8_t *base, uint32_t k) { return base + SLOTS_OFF + (size_t)k * SLOT_STRIDE + 32; }

static void on_long(gex_Token_t t, void *buf, size_t nbytes, gex_AM_Arg_t k) {
  (void)t, (void)buf;
  CHECK_EQ(nbytes, SLOT_PAYLOAD);
  CHECKF(k >= 0 && k < MAX_SLOTS + 2, "slot %d out of range", (int)k);
  ran[k]++;
  handled++;
}
static void on_medium(gex_Token_t t, void *buf, size_t nbytes) {
  (void)t, (void)buf, (void)nbytes;
  ran[MAX_SLOTS + 1]++;
  handled++;
}

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_EP_t ep;
  test_init("immediate_long", &argc, &argv, &client, &ep, &tm);
  gex_AM_Entry_t table[] = {
      {0, (gex_AM_Fn_t)on_long, GEX_FLAG_AM_REQUEST | GEX_FLAG_AM_LONG, 1, NULL, "long"},
      {0, (gex_AM_Fn_t)on_medium, GEX_FLAG_AM_REQUEST | GEX_FLAG_AM_MEDIUM, 0, NULL, "medium"},
  };
  CHECK(gex_EP_RegisterHandlers(ep, table, 2) == GASNET_OK);
  gex_Segment_t seg;
  myseg = test_attach(tm, SEGSIZE, &seg);
  me = gex_TM_QueryRank(tm);
  np = gex_TM_QuerySize(tm);
  memset(myseg + SLOTS_OFF, GUARD, (size_t)(MAX_SLOTS + 2) * SLOT_STRIDE);
  memset(myseg, 0, sizeof(report_t));
  test_barrier(tm);

  const gex_Rank_t partner = me ^ 1;
  if (partner < np && !(me & 1)) {
    /* The flooder. */
    uint8_t *peer = NULL;
    gex_Segment_QueryBound(tm, partner, (void **)&peer, NULL, NULL);
    static report_t rep;
    static uint8_t payload[SLOT_PAYLOAD];
    uint32_t k = 0, fails = 0;
    for (; k < MAX_SLOTS && fails < EXTRA_FAILS; ++k) {
      memset(payload, (int)(k % 251) + 1, sizeof payload);
      int rc = gex_AM_RequestLong1(tm, partner, table[0].gex_index, payload, SLOT_PAYLOAD, slot(peer, k),
                                   GEX_EVENT_NOW, GEX_FLAG_IMMEDIATE, (gex_AM_Arg_t)k);
      rep.ok[k] = rc == 0;
      if (rc == 0) rep.sent++;
      else fails++;
    }
    rep.attempts = k;
    CHECKF(fails > 0, "the queue to rank %u never filled in %u IMMEDIATE Longs", (unsigned)partner, (unsigned)k);
    /* The queue is full now: an IMMEDIATE NPAM Medium Prepare must decline without sending. */
    gex_AM_SrcDesc_t sd = gex_AM_PrepareRequestMedium(tm, partner, NULL, 64, 64, NULL, GEX_FLAG_IMMEDIATE, 0);
    if (sd == GEX_AM_SRCDESC_NO_OP) {
      rep.npam_noop = 1;
    } else {
      gex_AM_CommitRequestMedium0(sd, table[1].gex_index, 64);
      rep.sent++;
    }
    /* An IMMEDIATE put either happens or leaves its slot untouched. */
    memset(payload, 0x5A, sizeof payload);
    int rc = gex_RMA_PutNBI(tm, partner, slot(peer, MAX_SLOTS), payload, SLOT_PAYLOAD, GEX_EVENT_NOW, GEX_FLAG_IMMEDIATE);
    rep.put_refused = rc != 0;
    gex_NBI_Wait(GEX_EC_ALL, 0);
    TEST_LOG("rank %u: %u IMMEDIATE Longs tried, %u sent; NPAM NO_OP %u; put refused %u", (unsigned)me,
             (unsigned)rep.attempts, (unsigned)rep.sent, (unsigned)rep.npam_noop, (unsigned)rep.put_refused);
    /* The report goes after the flood (blocking: waits for room once the partner polls). */
    gex_RMA_PutBlocking(tm, partner, peer + REPORT_OFF, &rep, sizeof rep, 0);
  } else if (partner < np) {
    /* The target: no polling while the partner floods. */
    test_sleep_ms(500);
  }
  test_barrier(tm);
  if (partner < np && (me & 1)) {
    const report_t *rep = (const report_t *)(myseg + REPORT_OFF);
    CHECK(rep->attempts > 0);
    TEST_POLL_UNTIL(handled >= rep->sent, 30);
    for (uint32_t k = 0; k < rep->attempts; ++k) {
      const uint8_t *s = slot(myseg, k);
      for (int g = 1; g <= 32; ++g) CHECKF(s[-g] == GUARD, "slot %u: guard byte before it changed", (unsigned)k);
      for (int g = 0; g < 32; ++g) CHECKF(s[SLOT_PAYLOAD + g] == GUARD, "slot %u: guard byte after it changed", (unsigned)k);
      if (rep->ok[k]) {
        CHECKF(ran[k] == 1, "slot %u: sent, but its handler ran %u times", (unsigned)k, (unsigned)ran[k]);
        for (int b = 0; b < SLOT_PAYLOAD; ++b)
          CHECKF(s[b] == (uint8_t)(k % 251 + 1), "slot %u: payload byte %d wrong", (unsigned)k, b);
      } else {
        CHECKF(ran[k] == 0, "slot %u: the IMMEDIATE Long returned non-zero, but its handler ran", (unsigned)k);
        for (int b = 0; b < SLOT_PAYLOAD; ++b)
          CHECKF(s[b] == GUARD,
                 "slot %u: the IMMEDIATE Long returned non-zero, but byte %d of its destination was written",
                 (unsigned)k, b);
      }
    }
    CHECKF(ran[MAX_SLOTS + 1] == (rep->npam_noop ? 0 : 1), "NPAM Medium handler ran %u times (NO_OP: %u)",
           (unsigned)ran[MAX_SLOTS + 1], (unsigned)rep->npam_noop);
    const uint8_t *ps = slot(myseg, MAX_SLOTS);
    for (int b = 0; b < SLOT_PAYLOAD; ++b)
      CHECKF(ps[b] == (rep->put_refused ? GUARD : 0x5A), "IMMEDIATE put (refused: %u): byte %d is 0x%02x",
             (unsigned)rep->put_refused, b, ps[b]);
    CHECK_EQ(handled, rep->sent);
  }
  test_finish(tm, "immediate_long");
  return 0;
}
