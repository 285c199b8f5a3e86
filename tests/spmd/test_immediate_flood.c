/* test_immediate_flood: GEX_FLAG_IMMEDIATE against a full queue, and floods of AMs.
 *  A. A rank floods a partner that is not polling with IMMEDIATE Shorts (then Mediums) until a call
 *     returns non-zero; once the partner polls, exactly the successful ones have run.  A Put with
 *     IMMEDIATE against the same partner either happens or leaves no trace.  Without IMMEDIATE every
 *     call returns 0 (the sender waits for room).
 *  B. Pairs of ranks flood each other with Mediums of mixed sizes, replies included: no deadlock,
 *     every message arrives exactly once with the right bytes, checksums agree.
 *  C. All-to-all flood, half of it IMMEDIATE with retry. */
#include "test_util.h"

#define FLOOD_CAP 400000    /* IMMEDIATE attempts before giving up on a full queue */
#define NO_IMM_MSGS 20000
#define PAIR_MSGS 3000
#define A2A_MSGS 300        /* per (sender, target) */
#define MAXSEQ 4096
#define PUT_PROBE 4096

static gex_Client_t client;
static gex_EP_t ep;
static gex_TM_t tm;
static gex_Rank_t me, np;
static uint8_t *seg;
static void *peer_seg[TEST_MAX_RANKS];

static gex_AM_Index_t h_flood_short, h_flood_med, h_med, h_ack_short, h_ack_med;

/* phase A bookkeeping (at the target) */
static volatile uint32_t flood_handled;
static uint8_t flood_seen[FLOOD_CAP / 8 + 1];

/* phases B and C bookkeeping, per source */
static uint8_t seen[TEST_MAX_RANKS][MAXSEQ / 8];
static volatile uint32_t recv_count[TEST_MAX_RANKS];
static uint64_t recv_sum[TEST_MAX_RANKS];
static volatile uint32_t acks;

/* segment layout: a report from my flooder, then the probe target, then checksums by source */
typedef struct {
  volatile uint64_t done;
  uint64_t short_ok, med_ok, probe_result; /* probe_result: 1 = Put happened, 2 = NO_OP */
} flood_report_t;
#define OFF_REPORT 0
#define OFF_PROBE 4096
#define OFF_SUMS (OFF_PROBE + PUT_PROBE)

static void flood_short(gex_Token_t t, gex_AM_Arg_t seq) {
  (void)t;
  CHECK(seq >= 0 && seq < FLOOD_CAP);
  CHECKF(!(flood_seen[seq / 8] & (1u << (seq % 8))), "IMMEDIATE message %d ran twice", (int)seq);
  flood_seen[seq / 8] |= (uint8_t)(1u << (seq % 8));
  flood_handled++;
}
static void flood_med(gex_Token_t t, void *buf, size_t n, gex_AM_Arg_t seq) {
  gex_Token_Info_t ti;
  CHECK(gex_Token_Info(t, &ti, GEX_TI_SRCRANK) & GEX_TI_SRCRANK);
  CHECK_EQ(n, 100 + (size_t)seq % 900);
  CHECK_PATTERN(buf, n, test_seed(ti.gex_srcrank, seq, 0xF1, n));
  flood_short(t, seq);
}

static size_t med_size(gex_Rank_t src, uint32_t seq, size_t maxmed) {
  uint64_t h = test_seed(src, seq, 0x517E, 0);
  if (seq % 16 == 5) return maxmed;
  if (seq % 16 == 9) return 0;
  return (size_t)(h % (seq % 3 ? 2048 : 16384 < maxmed ? 16384 : maxmed));
}

static uint64_t byte_sum(const uint8_t *p, size_t n) {
  uint64_t s = 0;
  for (size_t i = 0; i < n; i++) s += p[i] * (uint64_t)(i % 251 + 1);
  return s;
}

static void med_handler(gex_Token_t t, void *buf, size_t n, gex_AM_Arg_t seq, gex_AM_Arg_t phase) {
  gex_Token_Info_t ti;
  CHECK(gex_Token_Info(t, &ti, GEX_TI_SRCRANK) & GEX_TI_SRCRANK);
  gex_Rank_t src = ti.gex_srcrank;
  CHECK(src < np);
  CHECK(seq >= 0 && seq < MAXSEQ);
  CHECKF(!(seen[src][seq / 8] & (1u << (seq % 8))), "message %d from %u arrived twice", (int)seq, (unsigned)src);
  seen[src][seq / 8] |= (uint8_t)(1u << (seq % 8));
  CHECK_EQ(n, med_size(src, (uint32_t)seq, gex_AM_MaxRequestMedium(tm, src, GEX_EVENT_NOW, 0, 2)));
  CHECK_PATTERN(buf, n, test_seed(src, seq, phase, n));
  recv_sum[src] += byte_sum((const uint8_t *)buf, n);
  recv_count[src]++;
  if (seq % 4 == 0) { /* some replies carry a payload too */
    static uint8_t rbuf[300];
    size_t rn = (size_t)seq % 300;
    test_fill(rbuf, rn, test_seed(me, seq, 0xACE, rn));
    CHECK_EQ(gex_AM_ReplyMedium1(t, h_ack_med, rbuf, rn, GEX_EVENT_NOW, 0, seq), 0);
  } else {
    CHECK_EQ(gex_AM_ReplyShort1(t, h_ack_short, 0, seq), 0);
  }
}
static void ack_short(gex_Token_t t, gex_AM_Arg_t seq) {
  (void)t;
  (void)seq;
  acks++;
}
static void ack_med(gex_Token_t t, void *buf, size_t n, gex_AM_Arg_t seq) {
  gex_Token_Info_t ti;
  CHECK(gex_Token_Info(t, &ti, GEX_TI_SRCRANK) & GEX_TI_SRCRANK);
  CHECK_EQ(n, (size_t)seq % 300);
  CHECK_PATTERN(buf, n, test_seed(ti.gex_srcrank, seq, 0xACE, n));
  acks++;
}

/* ---- A ---- */
static void target_wait_not_polling(double max_s) {
  /* no GASNet calls here: the flooder fills my queue */
  flood_report_t *rep = (flood_report_t *)(seg + OFF_REPORT);
  double end = test_now() + max_s;
  while (!rep->done && test_now() < end) test_sleep_ms(5);
}

static void phase_immediate(void) {
  gex_Rank_t partner = me ^ 1;
  int flooder = partner < np && !(me & 1);
  int target = partner < np && (me & 1);
  flood_report_t *rep = (flood_report_t *)(seg + OFF_REPORT);
  memset(rep, 0, sizeof *rep);
  memset(seg + OFF_PROBE, 0, PUT_PROBE);
  flood_handled = 0;
  memset(flood_seen, 0, sizeof flood_seen);
  test_barrier(tm);

  if (flooder) {
    flood_report_t r;
    memset(&r, 0, sizeof r);
    double end = test_now() + 5;
    uint32_t seq = 0;
    /* Shorts until the queue is full */
    while (seq < FLOOD_CAP / 2 && test_now() < end) {
      if (gex_AM_RequestShort1(tm, partner, h_flood_short, GEX_FLAG_IMMEDIATE, (gex_AM_Arg_t)seq) != 0) break;
      seq++;
    }
    r.short_ok = seq;
    CHECKF(seq < FLOOD_CAP / 2 && test_now() < end,
           "%u IMMEDIATE Shorts to a rank that does not poll all succeeded: no back-pressure reported", seq);
    /* the Put probe against the same (busy) partner: happens entirely or not at all */
    uint8_t probe[PUT_PROBE];
    test_fill(probe, PUT_PROBE, test_seed(me, 0x9B, 0, 0));
    gex_Event_t pe = gex_RMA_PutNB(tm, partner, (uint8_t *)peer_seg[partner] + OFF_PROBE, probe, PUT_PROBE,
                                   GEX_EVENT_DEFER, GEX_FLAG_IMMEDIATE);
    if (pe == GEX_EVENT_NO_OP) {
      r.probe_result = 2;
    } else {
      r.probe_result = 1;
      gex_Event_Wait(pe);
    }
    /* Mediums: the queue is already full, so expect few or none; count what succeeds */
    uint8_t payload[1000];
    uint32_t med_first = seq;
    for (int tries = 0; tries < 1000 && seq < FLOOD_CAP; tries++) {
      size_t n = 100 + (size_t)seq % 900;
      test_fill(payload, n, test_seed(me, seq, 0xF1, n));
      if (gex_AM_RequestMedium1(tm, partner, h_flood_med, payload, n, GEX_EVENT_NOW, GEX_FLAG_IMMEDIATE,
                                (gex_AM_Arg_t)seq) == 0)
        seq++;
      memset(payload, 0, n);
    }
    r.med_ok = seq - med_first;
    r.done = 0;
    CHECK_EQ(gex_RMA_PutBlocking(tm, partner, (uint8_t *)peer_seg[partner] + OFF_REPORT, &r, sizeof r, 0), 0);
    uint64_t one = 1;
    CHECK_EQ(gex_RMA_PutBlocking(tm, partner, (uint8_t *)peer_seg[partner] + OFF_REPORT, &one, sizeof one, 0), 0);
    TEST_LOG("flood: %" PRIu64 " IMMEDIATE Shorts and %" PRIu64 " Mediums accepted before back-pressure; Put probe %s",
             r.short_ok, r.med_ok, r.probe_result == 1 ? "done" : "NO_OP");
  } else if (target) {
    target_wait_not_polling(3.0);
  }
  test_barrier(tm); /* the report Put is complete */
  if (target) {
    uint64_t expect = rep->short_ok + rep->med_ok;
    CHECK(rep->done == 1);
    TEST_POLL_UNTIL(flood_handled >= expect, 30);
    double end = test_now() + 0.05;
    while (test_now() < end) gasnet_AMPoll();
    CHECKF(flood_handled == expect, "handlers ran %u times, IMMEDIATE calls succeeded %" PRIu64 " times",
           (unsigned)flood_handled, expect);
    for (uint64_t s = 0; s < expect; s++) CHECK(flood_seen[s / 8] & (1u << (s % 8)));
    if (rep->probe_result == 1) {
      CHECK_PATTERN(seg + OFF_PROBE, PUT_PROBE, test_seed(partner, 0x9B, 0, 0));
    } else {
      CHECK_EQ(rep->probe_result, 2);
      CHECK_BYTES(seg + OFF_PROBE, PUT_PROBE, 0); /* a NO_OP has no side effect */
    }
  }
  test_barrier(tm);

  /* without IMMEDIATE: every call returns 0, the sender waits for room */
  flood_handled = 0;
  memset(flood_seen, 0, sizeof flood_seen);
  memset(rep, 0, sizeof *rep);
  test_barrier(tm);
  if (flooder) {
    for (uint32_t i = 0; i < NO_IMM_MSGS; i++)
      CHECK_EQ(gex_AM_RequestShort1(tm, partner, h_flood_short, 0, (gex_AM_Arg_t)i), 0);
  } else if (target) {
    test_sleep_ms(200); /* not polling for a while */
    TEST_POLL_UNTIL(flood_handled >= NO_IMM_MSGS, 60);
  }
  test_barrier(tm);
  if (target) {
    CHECK_EQ(flood_handled, NO_IMM_MSGS);
    for (uint32_t s = 0; s < NO_IMM_MSGS; s++) CHECK(flood_seen[s / 8] & (1u << (s % 8)));
  }
  test_barrier(tm);
}

/* ---- B and C ---- */
static void reset_recv(void) {
  memset(seen, 0, sizeof seen);
  memset((void *)recv_count, 0, sizeof recv_count);
  memset(recv_sum, 0, sizeof recv_sum);
  acks = 0;
}

/* Sends message `seq` of `phase` to peer; with immediate, retries (polling) until accepted. */
static uint64_t send_med(gex_Rank_t peer, uint32_t seq, int phase, uint8_t *buf, int immediate, uint64_t *noops) {
  size_t n = med_size(me, seq, gex_AM_MaxRequestMedium(tm, peer, GEX_EVENT_NOW, 0, 2));
  test_fill(buf, n, test_seed(me, seq, phase, n));
  uint64_t sum = byte_sum(buf, n);
  for (;;) {
    int rc = gex_AM_RequestMedium2(tm, peer, h_med, buf, n, GEX_EVENT_NOW, immediate ? GEX_FLAG_IMMEDIATE : 0,
                                   (gex_AM_Arg_t)seq, phase);
    if (rc == 0) break;
    CHECK(immediate);
    (*noops)++;
    gasnet_AMPoll();
  }
  return sum;
}

static void exchange_sums(uint64_t *sent_sum, const char *what) {
  for (gex_Rank_t p = 0; p < np; p++)
    CHECK_EQ(gex_RMA_PutBlocking(tm, p, (uint8_t *)peer_seg[p] + OFF_SUMS + me * 8, &sent_sum[p], 8, 0), 0);
  test_barrier(tm);
  for (gex_Rank_t p = 0; p < np; p++) {
    uint64_t s;
    memcpy(&s, seg + OFF_SUMS + p * 8, 8);
    CHECKF(s == recv_sum[p], "%s: checksum from %u: sender %" PRIu64 ", receiver %" PRIu64, what, (unsigned)p, s,
           recv_sum[p]);
  }
  test_barrier(tm);
}

static void phase_pairs(uint8_t *buf) {
  reset_recv();
  test_barrier(tm);
  gex_Rank_t partner = (me ^ 1) < np ? (me ^ 1) : me;
  uint64_t sent_sum[TEST_MAX_RANKS] = {0}, noops = 0;
  for (uint32_t seq = 0; seq < PAIR_MSGS; seq++) sent_sum[partner] += send_med(partner, seq, 0xB, buf, 0, &noops);
  TEST_POLL_UNTIL(acks == PAIR_MSGS, 60);
  TEST_POLL_UNTIL(recv_count[partner] == PAIR_MSGS, 60);
  for (uint32_t s = 0; s < PAIR_MSGS; s++) CHECK(seen[partner][s / 8] & (1u << (s % 8)));
  test_barrier(tm);
  for (gex_Rank_t p = 0; p < np; p++) CHECK_EQ(recv_count[p], p == partner ? PAIR_MSGS : 0);
  exchange_sums(sent_sum, "pair flood");
}

static void phase_all_to_all(uint8_t *buf) {
  reset_recv();
  test_barrier(tm);
  uint64_t sent_sum[TEST_MAX_RANKS] = {0}, noops = 0;
  for (uint32_t seq = 0; seq < A2A_MSGS; seq++)
    for (gex_Rank_t i = 0; i < np; i++) {
      gex_Rank_t p = (me + i) % np;
      sent_sum[p] += send_med(p, seq, 0xC, buf, seq & 1, &noops);
    }
  TEST_POLL_UNTIL(acks == A2A_MSGS * np, 60);
  for (gex_Rank_t p = 0; p < np; p++) TEST_POLL_UNTIL(recv_count[p] == A2A_MSGS, 60);
  test_barrier(tm);
  for (gex_Rank_t p = 0; p < np; p++) {
    CHECK_EQ(recv_count[p], A2A_MSGS);
    for (uint32_t s = 0; s < A2A_MSGS; s++) CHECK(seen[p][s / 8] & (1u << (s % 8)));
  }
  exchange_sums(sent_sum, "all-to-all flood");
  TEST_LOG("all-to-all flood OK (%" PRIu64 " IMMEDIATE no-ops retried on rank 0)", noops);
}

int main(int argc, char **argv) {
  test_init("TEST_IMMEDIATE_FLOOD", &argc, &argv, &client, &ep, &tm);
  me = gex_System_QueryJobRank();
  np = gex_System_QueryJobSize();
  gex_AM_Entry_t table[] = {
      {0, (gex_AM_Fn_t)flood_short, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQUEST, 1, NULL, "flood_short"},
      {0, (gex_AM_Fn_t)flood_med, GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_REQUEST, 1, NULL, "flood_med"},
      {0, (gex_AM_Fn_t)med_handler, GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_REQUEST, 2, NULL, "med"},
      {0, (gex_AM_Fn_t)ack_short, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REPLY, 1, NULL, "ack_short"},
      {0, (gex_AM_Fn_t)ack_med, GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_REPLY, 1, NULL, "ack_med"},
  };
  CHECK_EQ(gex_EP_RegisterHandlers(ep, table, sizeof table / sizeof table[0]), GASNET_OK);
  h_flood_short = table[0].gex_index;
  h_flood_med = table[1].gex_index;
  h_med = table[2].gex_index;
  h_ack_short = table[3].gex_index;
  h_ack_med = table[4].gex_index;
  seg = (uint8_t *)test_attach(tm, OFF_SUMS + TEST_MAX_RANKS * 8, NULL);
  test_segment_table(tm, peer_seg, NULL);
  size_t maxmed = 0;
  for (gex_Rank_t p = 0; p < np; p++) {
    size_t s = gex_AM_MaxRequestMedium(tm, p, GEX_EVENT_NOW, 0, 2);
    if (s > maxmed) maxmed = s;
  }
  uint8_t *buf = (uint8_t *)malloc(maxmed);
  CHECK(buf != NULL);
  test_barrier(tm);

  if (np > 1) {
    phase_immediate();
    TEST_LOG("IMMEDIATE against a full queue OK");
  }
  phase_pairs(buf);
  TEST_LOG("pairwise Medium flood OK");
  phase_all_to_all(buf);
  free(buf);
  test_finish(tm, "test_immediate_flood");
  return 0;
}
