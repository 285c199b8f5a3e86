/* soak_am: an all-to-all Active Message flood for a bounded time, with every category and a
 * spread of payload sizes up to the limits, proving that nothing is lost, duplicated or
 * corrupted.
 *
 *   soak_am [seconds=S] [settle=S] [inject=none|drop|dup]      (GEX_SOAK_SECONDS overrides S)
 *
 * Every rank sends to every rank (itself included) an endless mix of Short (2 and 16 args),
 * Medium (0 .. gex_AM_MaxRequestMedium bytes) and Long requests (0 .. a slot of the target
 * segment); about half of them, and every Long, ask for a Reply (Short, Medium up to
 * gex_AM_MaxReplyMedium, or Long into the requester's segment). Each handler checks every argument
 * and payload byte against values derived from (source, destination, sequence number). The ledgers
 * of soak_common.h prove exactly-once delivery of requests and replies.
 *
 * Long payloads land in per-(source, slot) regions of the target segment; a slot is reused only
 * after the Reply to the Long that used it has arrived, so the check in the handler never races
 * the next payload. The same holds for Long Replies into the requester's segment.
 *
 * inject=drop: rank 0 counts one message to rank 1 without sending it (the test must fail: lost).
 * inject=dup:  rank 0 sends one message to rank 1 twice, counting it once (must fail: duplicated). */
#define GASNET_SEQ
#include "soak_common.h"

#define SLOTS 4 /* Long slots per (source, target) pair and direction */

enum { REPLY_NONE = 0, REPLY_SHORT = 1, REPLY_MEDIUM = 2, REPLY_LONG = 3 };

static gex_TM_t tm;
static gex_Rank_t me, np;
static uint8_t *seg;
static void *peer_seg[TEST_MAX_RANKS];
static size_t slot_size, max_med_req, max_med_rep;
static uint8_t *send_buf, *reply_buf;
static gex_AM_Index_t h_short2, h_short16, h_medium, h_long, h_rshort, h_rmedium, h_rlong;

/* Long slot accounting (SEQ: handlers run on the one thread, inside polls) */
static uint64_t long_sent[TEST_MAX_RANKS], long_freed[TEST_MAX_RANKS];    /* Long requests, freed by their reply */
static uint64_t rlong_asked[TEST_MAX_RANKS], rlong_done[TEST_MAX_RANKS];  /* Long replies into my segment */
static uint64_t sent_bytes, sent_msgs;

static const size_t kMediumSizes[] = {0, 1, 3, 8, 15, 16, 17, 64, 255, 1000, 4096, 4097, 16384, 32769, (size_t)-2, (size_t)-1};
static const size_t kLongSizes[] = {0, 1, 7, 16, 100, 4095, 4096, 4097, 65536, 65537, 200000, (size_t)-1};
#define NMED (sizeof kMediumSizes / sizeof kMediumSizes[0])
#define NLONG (sizeof kLongSizes / sizeof kLongSizes[0])

/* A size from a table whose last entries stand for "the maximum" and "the maximum - 1". */
static size_t pick_size(const size_t *table, size_t n, size_t i, size_t max) {
  size_t s = table[i % n];
  if (s == (size_t)-1) return max;
  if (s == (size_t)-2) return max - 1;
  return s < max ? s : max;
}

/* Segment layout: [request slots: np sources x SLOTS][reply slots: np responders x SLOTS] */
static size_t req_slot_off(gex_Rank_t src, unsigned slot) { return ((size_t)src * SLOTS + slot) * slot_size; }
static size_t rep_slot_off(gex_Rank_t responder, unsigned slot) {
  return (size_t)np * SLOTS * slot_size + ((size_t)responder * SLOTS + slot) * slot_size;
}

static uint64_t payload_seed(gex_Rank_t src, gex_Rank_t dst, uint64_t seq, unsigned stream) {
  return test_seed(src, dst, seq, stream);
}
static gex_AM_Arg_t arg_value(gex_Rank_t src, gex_Rank_t dst, uint32_t seq, unsigned i) {
  return (gex_AM_Arg_t)(uint32_t)test_seed(src, dst, seq, 100 + i);
}

/* The "reply" word (arg 1) of every request: kind | size index << 4 | slot << 12 */
static gex_AM_Arg_t reply_word(unsigned kind, unsigned size_index, unsigned slot) {
  return (gex_AM_Arg_t)(kind | size_index << 4 | slot << 12);
}

static gex_Rank_t source_of(gex_Token_t token) {
  gex_Token_Info_t info;
  gex_Token_Info(token, &info, GEX_TI_SRCRANK);
  return info.gex_srcrank;
}

/* Every request handler: account, then send the reply it asks for. */
static void received_request(gex_Token_t token, gex_Rank_t src, uint32_t seq, gex_AM_Arg_t word) {
  soak_ledger_add(&soak_books.received[src], soak_hash(src, me, seq, 1));
  unsigned kind = (unsigned)word & 15, size_index = ((unsigned)word >> 4) & 255, slot = ((unsigned)word >> 12) & 15;
  uint64_t seed = payload_seed(me, src, seq, 2);
  size_t n;
  switch (kind) {
    case REPLY_NONE: break;
    case REPLY_SHORT: CHECK_EQ(gex_AM_ReplyShort2(token, h_rshort, 0, (gex_AM_Arg_t)seq, arg_value(me, src, seq, 0)), 0); break;
    case REPLY_MEDIUM:
      n = pick_size(kMediumSizes, NMED, size_index, max_med_rep);
      test_fill(reply_buf, n, seed);
      CHECK_EQ(gex_AM_ReplyMedium2(token, h_rmedium, reply_buf, n, GEX_EVENT_NOW, 0, (gex_AM_Arg_t)seq, (gex_AM_Arg_t)n), 0);
      break;
    case REPLY_LONG:
      n = pick_size(kLongSizes, NLONG, size_index, slot_size);
      test_fill(reply_buf, n, seed);
      CHECK_EQ(gex_AM_ReplyLong3(token, h_rlong, reply_buf, n, (uint8_t *)peer_seg[src] + rep_slot_off(me, slot),
                                 GEX_EVENT_NOW, 0, (gex_AM_Arg_t)seq, (gex_AM_Arg_t)n, (gex_AM_Arg_t)slot),
               0);
      break;
    default: CHECKF(0, "bad reply word 0x%x from rank %u", (unsigned)word, (unsigned)src);
  }
}

static void short2_handler(gex_Token_t token, gex_AM_Arg_t seq, gex_AM_Arg_t word) {
  received_request(token, source_of(token), (uint32_t)seq, word);
}

static void short16_handler(gex_Token_t token, gex_AM_Arg_t seq, gex_AM_Arg_t word, gex_AM_Arg_t a2, gex_AM_Arg_t a3,
                            gex_AM_Arg_t a4, gex_AM_Arg_t a5, gex_AM_Arg_t a6, gex_AM_Arg_t a7, gex_AM_Arg_t a8,
                            gex_AM_Arg_t a9, gex_AM_Arg_t a10, gex_AM_Arg_t a11, gex_AM_Arg_t a12, gex_AM_Arg_t a13,
                            gex_AM_Arg_t a14, gex_AM_Arg_t a15) {
  gex_Rank_t src = source_of(token);
  gex_AM_Arg_t got[14] = {a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15};
  for (unsigned i = 0; i < 14; i++)
    CHECKF(got[i] == arg_value(src, me, (uint32_t)seq, i + 2), "Short16 seq %u from rank %u: arg %u is %d, expected %d",
           (unsigned)seq, (unsigned)src, i + 2, (int)got[i], (int)arg_value(src, me, (uint32_t)seq, i + 2));
  received_request(token, src, (uint32_t)seq, word);
}

static void medium_handler(gex_Token_t token, void *buf, size_t n, gex_AM_Arg_t seq, gex_AM_Arg_t word, gex_AM_Arg_t len) {
  gex_Rank_t src = source_of(token);
  CHECKF(n == (size_t)(uint32_t)len, "Medium seq %u from rank %u: %zu bytes, %u sent", (unsigned)seq, (unsigned)src, n,
         (unsigned)len);
  CHECK_PATTERN(buf, n, payload_seed(src, me, (uint32_t)seq, 1));
  received_request(token, src, (uint32_t)seq, word);
}

static void long_handler(gex_Token_t token, void *buf, size_t n, gex_AM_Arg_t seq, gex_AM_Arg_t word, gex_AM_Arg_t len,
                         gex_AM_Arg_t slot) {
  gex_Rank_t src = source_of(token);
  CHECKF(n == (size_t)(uint32_t)len, "Long seq %u from rank %u: %zu bytes, %u sent", (unsigned)seq, (unsigned)src, n,
         (unsigned)len);
  CHECKF(buf == seg + req_slot_off(src, (unsigned)slot), "Long seq %u from rank %u landed at the wrong address",
         (unsigned)seq, (unsigned)src);
  CHECK_PATTERN(buf, n, payload_seed(src, me, (uint32_t)seq, 1));
  received_request(token, src, (uint32_t)seq, word);
}

/* Replies: a Long request's reply (whatever its kind) frees the request's slot. */
static void replied(gex_Rank_t src, uint32_t seq, int frees_long_slot) {
  soak_ledger_add(&soak_books.replies[src], soak_hash(src, me, seq, 2));
  if (frees_long_slot) long_freed[src]++;
}
/* Which requests were Longs: the sender remembers it in the sequence number's low bits. */
#define SEQ_IS_LONG(seq) (((seq) & 3u) == 3u)

static void rshort_handler(gex_Token_t token, gex_AM_Arg_t seq, gex_AM_Arg_t check) {
  gex_Rank_t src = source_of(token);
  CHECK_EQ(check, arg_value(src, me, (uint32_t)seq, 0));
  replied(src, (uint32_t)seq, SEQ_IS_LONG((uint32_t)seq));
}
static void rmedium_handler(gex_Token_t token, void *buf, size_t n, gex_AM_Arg_t seq, gex_AM_Arg_t len) {
  gex_Rank_t src = source_of(token);
  CHECK_EQ(n, (size_t)(uint32_t)len);
  CHECK_PATTERN(buf, n, payload_seed(src, me, (uint32_t)seq, 2));
  replied(src, (uint32_t)seq, SEQ_IS_LONG((uint32_t)seq));
}
static void rlong_handler(gex_Token_t token, void *buf, size_t n, gex_AM_Arg_t seq, gex_AM_Arg_t len, gex_AM_Arg_t slot) {
  gex_Rank_t src = source_of(token);
  CHECK_EQ(n, (size_t)(uint32_t)len);
  CHECK(buf == seg + rep_slot_off(src, (unsigned)slot));
  CHECK_PATTERN(buf, n, payload_seed(src, me, (uint32_t)seq, 2));
  rlong_done[src]++;
  replied(src, (uint32_t)seq, SEQ_IS_LONG((uint32_t)seq));
}

/* Sends request number `seq` to dst. seq % 4 picks the category: 0 Short2, 1 Short16, 2 Medium,
 * 3 Long. `dup` sends it twice (fault injection); `drop` only pretends to send it. */
static void send_one(gex_Rank_t dst, uint32_t seq, test_rng_t *rng, int drop, int dup) {
  unsigned category = seq & 3u;
  unsigned reply = (unsigned)test_rng_range(rng, 0, 5);  /* about half ask for a reply */
  if (reply > REPLY_LONG) reply = REPLY_NONE;
  if (category == 3 && reply == REPLY_NONE) reply = REPLY_SHORT;  /* a Long's reply frees its slot */
  unsigned size_index = (unsigned)test_rng_range(rng, 0, 255);
  unsigned rslot = 0;
  if (reply == REPLY_LONG) {
    /* a reply slot in my segment for this responder; wait until the one we reuse is done */
    GASNET_BLOCKUNTIL(rlong_asked[dst] - rlong_done[dst] < SLOTS);
    rslot = (unsigned)(rlong_asked[dst]++ % SLOTS);
  }
  gex_AM_Arg_t word = reply_word(reply, size_index, rslot);
  if (reply != REPLY_NONE) soak_ledger_add(&soak_books.replies_expected[dst], soak_hash(dst, me, seq, 2));
  soak_ledger_add(&soak_books.sent[dst], soak_hash(me, dst, seq, 1));
  if (drop) {
    if (reply == REPLY_LONG) rlong_done[dst]++;
    if (reply != REPLY_NONE) soak_ledger_add(&soak_books.replies[dst], soak_hash(dst, me, seq, 2));
    if (category == 3) long_freed[dst]++, long_sent[dst]++;
    return;
  }
  uint64_t seed = payload_seed(me, dst, seq, 1);
  for (int copy = 0; copy < (dup ? 2 : 1); copy++) {
    size_t n = 0;
    switch (category) {
      case 0: CHECK_EQ(gex_AM_RequestShort2(tm, dst, h_short2, 0, (gex_AM_Arg_t)seq, word), 0); break;
      case 1:
        CHECK_EQ(gex_AM_RequestShort16(tm, dst, h_short16, 0, (gex_AM_Arg_t)seq, word, arg_value(me, dst, seq, 2),
                                       arg_value(me, dst, seq, 3), arg_value(me, dst, seq, 4), arg_value(me, dst, seq, 5),
                                       arg_value(me, dst, seq, 6), arg_value(me, dst, seq, 7), arg_value(me, dst, seq, 8),
                                       arg_value(me, dst, seq, 9), arg_value(me, dst, seq, 10), arg_value(me, dst, seq, 11),
                                       arg_value(me, dst, seq, 12), arg_value(me, dst, seq, 13), arg_value(me, dst, seq, 14),
                                       arg_value(me, dst, seq, 15)),
                 0);
        break;
      case 2:
        n = pick_size(kMediumSizes, NMED, size_index, max_med_req);
        test_fill(send_buf, n, seed);
        CHECK_EQ(gex_AM_RequestMedium3(tm, dst, h_medium, send_buf, n, GEX_EVENT_NOW, 0, (gex_AM_Arg_t)seq, word,
                                       (gex_AM_Arg_t)n),
                 0);
        break;
      case 3: {
        GASNET_BLOCKUNTIL(long_sent[dst] - long_freed[dst] < SLOTS);
        unsigned slot = (unsigned)(long_sent[dst]++ % SLOTS);
        n = pick_size(kLongSizes, NLONG, size_index, slot_size);
        test_fill(send_buf, n, seed);
        CHECK_EQ(gex_AM_RequestLong4(tm, dst, h_long, send_buf, n, (uint8_t *)peer_seg[dst] + req_slot_off(me, slot),
                                     GEX_EVENT_NOW, 0, (gex_AM_Arg_t)seq, word, (gex_AM_Arg_t)n, (gex_AM_Arg_t)slot),
                 0);
        break;
      }
    }
    sent_msgs++;
    sent_bytes += n;
  }
}

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_EP_t ep;
  test_init("SOAK_AM", &argc, &argv, &client, &ep, &tm);
  soak_args_t args = soak_parse_args(argc, argv);
  me = gex_TM_QueryRank(tm);
  np = gex_TM_QuerySize(tm);

  gex_AM_Entry_t table[] = {
      SOAK_DONE_ENTRY,
      {0, (gex_AM_Fn_t)short2_handler, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQUEST, 2, NULL, "short2"},
      {0, (gex_AM_Fn_t)short16_handler, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQUEST, 16, NULL, "short16"},
      {0, (gex_AM_Fn_t)medium_handler, GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_REQUEST, 3, NULL, "medium"},
      {0, (gex_AM_Fn_t)long_handler, GEX_FLAG_AM_LONG | GEX_FLAG_AM_REQUEST, 4, NULL, "long"},
      {0, (gex_AM_Fn_t)rshort_handler, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REPLY, 2, NULL, "rshort"},
      {0, (gex_AM_Fn_t)rmedium_handler, GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_REPLY, 2, NULL, "rmedium"},
      {0, (gex_AM_Fn_t)rlong_handler, GEX_FLAG_AM_LONG | GEX_FLAG_AM_REPLY, 3, NULL, "rlong"},
  };
  CHECK_EQ(gex_EP_RegisterHandlers(ep, table, sizeof table / sizeof table[0]), GASNET_OK);
  soak_done_index = table[0].gex_index;
  h_short2 = table[1].gex_index, h_short16 = table[2].gex_index, h_medium = table[3].gex_index;
  h_long = table[4].gex_index, h_rshort = table[5].gex_index, h_rmedium = table[6].gex_index;
  h_rlong = table[7].gex_index;

  /* Long slots: 256 KiB up to 8 ranks, smaller for bigger (oversubscribed) jobs */
  slot_size = np <= 8 ? 256 * 1024 : 64 * 1024;
  max_med_req = gex_AM_MaxRequestMedium(tm, 0, GEX_EVENT_NOW, 0, 3);
  max_med_rep = gex_AM_MaxReplyMedium(tm, 0, GEX_EVENT_NOW, 0, 2);
  CHECK_GE(gex_AM_MaxRequestLong(tm, 0, GEX_EVENT_NOW, 0, 4), slot_size);
  seg = (uint8_t *)test_attach(tm, 2 * (size_t)np * SLOTS * slot_size, NULL);
  test_segment_table(tm, peer_seg, NULL);
  size_t buf_size = slot_size > max_med_req ? slot_size : max_med_req;
  if (max_med_rep > buf_size) buf_size = max_med_rep;
  send_buf = (uint8_t *)malloc(buf_size);
  reply_buf = (uint8_t *)malloc(buf_size);
  CHECK(send_buf && reply_buf);
  test_barrier(tm);

  int inject_drop = !strcmp(args.inject, "drop"), inject_dup = !strcmp(args.inject, "dup");
  uint32_t seq[TEST_MAX_RANKS] = {0};
  test_rng_t rng;
  test_rng_seed(&rng, test_seed(me, np, 0x50A4, 0));
  double start = test_now(), end = start + args.seconds;
  uint64_t rounds = 0;
  while (test_now() < end) {
    /* one round: a burst to every rank, in an order that differs per rank */
    for (gex_Rank_t k = 0; k < np; k++) {
      gex_Rank_t dst = (me + k + (gex_Rank_t)rounds) % np;
      unsigned burst = (unsigned)test_rng_range(&rng, 1, 8);
      for (unsigned b = 0; b < burst; b++) {
        uint32_t s = seq[dst]++;
        int fault = me == 0 && dst == 1 % np && s == 101;
        send_one(dst, s, &rng, fault && inject_drop, fault && inject_dup);
      }
    }
    rounds++;
    gasnet_AMPoll();
  }
  double elapsed = test_now() - start;
  soak_finish_books(tm, args.settle);
  TEST_LOG("soak_am: %u ranks, %.1f s: rank 0 sent %llu requests (%.1f MB of payload); every request and reply "
           "arrived exactly once and intact", (unsigned)np, elapsed, (unsigned long long)sent_msgs, sent_bytes / 1e6);
  test_finish(tm, "soak_am");
  return 0;
}
