/* test_scale: a job of many ranks (issue 11: 64 and 256 on a 2-core machine) starts, meets in a
 * barrier, runs an all-to-all Active Message exchange and an RMA ring, and ends cleanly.
 *
 *   gexrun -n 256 test_scale [--segsize BYTES] [--deadline S] [--traffic KIB] [--hold FILE]
 *                            [--hold-timeout S]
 *
 * Steps, every one checked on every rank:
 *   1. gex_Client_Init, gex_EP_RegisterHandlers, gex_Segment_Attach of a small segment (64 KiB).
 *   2. gex_Coll_BarrierBlocking.
 *   3. All-to-all: every rank sends one Medium Request to every other rank (starting with its
 *      right neighbour, so that not all ranks aim at rank 0 first) whose payload is a text naming
 *      the sender and the receiver, and arguments (sender, job size). The handler checks the
 *      token's source rank, the arguments and the payload, counts the request per source and
 *      answers with a Short Reply (replier, requester). The sender counts replies per replier.
 *   4. A barrier (after it no request of the exchange can still be in flight: every rank has had
 *      its replies), a few more polls (a duplicated message would surface now), then every rank
 *      checks that it had exactly one correct request from every other rank and exactly one
 *      correct reply to each of its requests.
 *   With --traffic KIB (not in the CTest tests): every rank then sends KIB KiB to every other
 *      rank in 4 KiB Medium requests without replies, and after a barrier checks that exactly
 *      that many arrived from each, so that every page of the AM buffers such traffic cycles
 *      through is touched before bench/shm_usage.sh samples (the steady state of a busy job,
 *      rather than the pages of one exchange).
 *   5. RMA: every rank puts a pattern naming itself over the whole segment of its right
 *      neighbour, gets it back and compares; after a barrier it checks that its own segment holds
 *      its left neighbour's pattern, byte for byte.
 *   6. With --hold FILE: rank 0 prints "test_scale: holding" and every rank sleeps (no polling,
 *      no CPU) until FILE exists, so that bench/shm_usage.sh can sample the job's shared memory
 *      with every object of the job mapped and the exchange's pages touched. Then a last barrier.
 *   7. Return from main (the collective exit); the test driver (tests/tools/run_job.sh) checks the
 *      exit code, that no process of the job is left and that nothing is left in /dev/shm.
 *
 * Any failure prints "test_scale: rank R: <what was wrong>" (naming the ranks that were missing or
 * wrong) on stderr and ends the job with gasnet_exit(1). A waiting step that has not completed
 * --deadline seconds (default 200) after the rank started fails the same way, naming what it
 * still waited for, instead of hanging until the driver's time bound.
 *
 * Rank 0 prints the time each step took (wall clock, seconds) on stdout.
 * Public API only (gasnetex.h), GASNET_SEQ: handlers run in this rank's own polls.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, nanosleep under -std=c11 */
#define GASNET_SEQ
#include <gasnetex.h>

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define IDX_REQ (GEX_AM_INDEX_BASE + 0)
#define IDX_REP (GEX_AM_INDEX_BASE + 1)
#define IDX_TRAFFIC (GEX_AM_INDEX_BASE + 2)
#define TRAFFIC_CHUNK 4096
#define MAX_PAYLOAD 96
#define MAX_REPORTED 24 /* ranks named in one failure message */

static gex_TM_t tm;
static gex_EP_t ep;
static gex_Rank_t me, np;

/* Per-source bookkeeping; handlers run only inside this rank's own polls (SEQ). */
static uint32_t *req_from;  /* requests received from each rank */
static uint32_t *rep_from;  /* replies received from each rank */
static uint32_t req_total, rep_total;
static uint32_t bad_messages;
static char first_bad[256]; /* what the first wrong message was */

static double t_start;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void fail(const char *fmt, ...) {
  char msg[2048];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fprintf(stderr, "test_scale: rank %u of %u: FAILED: %s\n", (unsigned)me, (unsigned)np, msg);
  fflush(stderr);
  fflush(stdout);
  gasnet_exit(1);
  abort(); /* not reached */
}

/* A message that is wrong is recorded here (a handler should not end the job from inside a poll
 * it was not expecting; the main flow reports it with the rest). */
static void bad_message(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void bad_message(const char *fmt, ...) {
  if (bad_messages++ == 0) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(first_bad, sizeof first_bad, fmt, ap);
    va_end(ap);
  }
}

static size_t payload_text(char *buf, gex_Rank_t from, gex_Rank_t to) {
  int n = snprintf(buf, MAX_PAYLOAD, "test_scale request from rank %u to rank %u", (unsigned)from, (unsigned)to);
  return (size_t)n + 1; /* with the NUL */
}

static gex_Rank_t token_source(gex_Token_t t) {
  gex_Token_Info_t info;
  gex_TI_t got = gex_Token_Info(t, &info, GEX_TI_SRCRANK);
  if (!(got & GEX_TI_SRCRANK)) {
    bad_message("gex_Token_Info gave no GEX_TI_SRCRANK");
    return GEX_RANK_INVALID;
  }
  return info.gex_srcrank;
}

static void req_handler(gex_Token_t t, void *buf, size_t nbytes, gex_AM_Arg_t a_sender, gex_AM_Arg_t a_size) {
  gex_Rank_t src = token_source(t);
  if (src >= np) {
    bad_message("request with token source rank %u (job size %u)", (unsigned)src, (unsigned)np);
    return;
  }
  char expect[MAX_PAYLOAD];
  size_t elen = payload_text(expect, src, me);
  if ((gex_Rank_t)a_sender != src || (gex_Rank_t)a_size != np)
    bad_message("request from rank %u carries arguments (%d, %d), expected (%u, %u)", (unsigned)src, (int)a_sender,
                (int)a_size, (unsigned)src, (unsigned)np);
  else if (src == me)
    bad_message("request from myself (rank %u sends to every other rank only)", (unsigned)src);
  else if (nbytes != elen || memcmp(buf, expect, elen) != 0)
    bad_message("request from rank %u: payload of %zu bytes \"%.*s\", expected %zu bytes \"%s\"", (unsigned)src, nbytes,
                (int)(nbytes < MAX_PAYLOAD ? nbytes : MAX_PAYLOAD), (const char *)buf, elen, expect);
  req_from[src]++;
  req_total++;
  int rc = gex_AM_ReplyShort2(t, IDX_REP, 0, (gex_AM_Arg_t)me, (gex_AM_Arg_t)src);
  if (rc != GASNET_OK) bad_message("gex_AM_ReplyShort2 to rank %u returned %d", (unsigned)src, rc);
}

static uint32_t *traffic_from; /* --traffic messages received from each rank */

static void traffic_handler(gex_Token_t t, void *buf, size_t nbytes, gex_AM_Arg_t a_sender) {
  (void)buf;
  gex_Rank_t src = token_source(t);
  if (src >= np || (gex_Rank_t)a_sender != src || nbytes != TRAFFIC_CHUNK) {
    bad_message("--traffic message from rank %u (argument %d) of %zu bytes, expected %d bytes", (unsigned)src,
                (int)a_sender, nbytes, TRAFFIC_CHUNK);
    return;
  }
  traffic_from[src]++;
}

static void rep_handler(gex_Token_t t, gex_AM_Arg_t a_replier, gex_AM_Arg_t a_requester) {
  gex_Rank_t src = token_source(t);
  if (src >= np) {
    bad_message("reply with token source rank %u (job size %u)", (unsigned)src, (unsigned)np);
    return;
  }
  if ((gex_Rank_t)a_replier != src || (gex_Rank_t)a_requester != me)
    bad_message("reply from rank %u carries (%d, %d), expected (%u, %u)", (unsigned)src, (int)a_replier,
                (int)a_requester, (unsigned)src, (unsigned)me);
  rep_from[src]++;
  rep_total++;
}

/* Appends "r1 r2 ... (and K more)" for the ranks r != me where count[r] != 1. Returns how many. */
static unsigned list_wrong(char *out, size_t cap, const uint32_t *count) {
  unsigned wrong = 0;
  size_t len = strlen(out);
  for (gex_Rank_t r = 0; r < np; ++r) {
    if (r == me || count[r] == 1) continue;
    if (wrong++ < MAX_REPORTED && len < cap) {
      int w = snprintf(out + len, cap - len, count[r] ? " %u(x%u)" : " %u", (unsigned)r, (unsigned)count[r]);
      if (w > 0) len += (size_t)w;
    }
  }
  if (wrong > MAX_REPORTED && len < cap) snprintf(out + len, cap - len, " (and %u more)", wrong - MAX_REPORTED);
  return wrong;
}

static double deadline_s = 200.0;

static int exchange_done(void) { return req_total >= np - 1 && rep_total >= np - 1; }

/* Polls until every request and reply of the exchange is in, failing on a wrong message or past
 * the deadline (naming the ranks still missing). */
static void wait_exchange(void) {
  unsigned spins = 0;
  while (!exchange_done()) {
    (void)gasnet_AMPoll();
    if (bad_messages) fail("%u wrong message(s) in the all-to-all exchange; the first: %s", bad_messages, first_bad);
    if ((++spins & 63) == 0 && now() - t_start > deadline_s) {
      char missing_req[700] = "", missing_rep[700] = "";
      unsigned nreq = list_wrong(missing_req, sizeof missing_req, req_from);
      unsigned nrep = list_wrong(missing_rep, sizeof missing_rep, rep_from);
      fail("the all-to-all AM exchange did not complete within %.0f s of the rank's start: %u requests in, "
           "%u replies in; no request (or more than one) from %u rank(s):%s; no reply (or more than one) from %u "
           "rank(s):%s",
           deadline_s, (unsigned)req_total, (unsigned)rep_total, nreq, nreq ? missing_req : " (none)", nrep,
           nrep ? missing_rep : " (none)");
    }
  }
}

/* A barrier that fails (instead of hanging) past the deadline. */
static void barrier(const char *what) {
  gex_Event_t ev = gex_Coll_BarrierNB(tm, 0);
  unsigned spins = 0;
  while (gex_Event_Test(ev) != GASNET_OK) {
    (void)gasnet_AMPoll();
    if ((++spins & 63) == 0 && now() - t_start > deadline_s)
      fail("%s did not complete within %.0f s of the rank's start", what, deadline_s);
  }
}

static uint8_t pattern(gex_Rank_t owner, size_t i) { return (uint8_t)(owner * 131u + i * 7u + (i >> 9) + 1u); }

static void usage(void) {
  fprintf(stderr, "usage: test_scale [--segsize BYTES] [--deadline S] [--traffic KIB] [--hold FILE] [--hold-timeout S]\n");
  exit(2);
}

int main(int argc, char **argv) {
  t_start = now();
  gex_Client_t client;
  gex_Client_Init(&client, &ep, &tm, "test_scale", &argc, &argv, 0);
  me = gex_TM_QueryRank(tm);
  np = gex_TM_QuerySize(tm);
  const double t_init = now();

  size_t segsize = 64 * 1024;
  const char *hold_file = NULL;
  double hold_timeout = 600.0;
  size_t traffic_kib = 0;
  for (int i = 1; i < argc; ++i) {
    if (i + 1 >= argc) usage();
    if (!strcmp(argv[i], "--segsize")) segsize = strtoull(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--deadline")) deadline_s = atof(argv[++i]);
    else if (!strcmp(argv[i], "--hold")) hold_file = argv[++i];
    else if (!strcmp(argv[i], "--hold-timeout")) hold_timeout = atof(argv[++i]);
    else if (!strcmp(argv[i], "--traffic")) traffic_kib = strtoull(argv[++i], NULL, 0);
    else usage();
  }
  if (segsize == 0 || deadline_s <= 0) usage();

  req_from = calloc(np, sizeof *req_from);
  rep_from = calloc(np, sizeof *rep_from);
  traffic_from = calloc(np, sizeof *traffic_from);
  uint8_t *buf = malloc(segsize);
  if (!req_from || !rep_from || !traffic_from || !buf) fail("out of memory for %u ranks", (unsigned)np);

  gex_AM_Entry_t handlers[] = {
      {IDX_REQ, (gex_AM_Fn_t)req_handler, GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_REQUEST, 2, NULL, "scale_req"},
      {IDX_REP, (gex_AM_Fn_t)rep_handler, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REPLY, 2, NULL, "scale_rep"},
      {IDX_TRAFFIC, (gex_AM_Fn_t)traffic_handler, GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_REQUEST, 1, NULL, "scale_traffic"},
  };
  int rc = gex_EP_RegisterHandlers(ep, handlers, sizeof handlers / sizeof handlers[0]);
  if (rc != GASNET_OK) fail("gex_EP_RegisterHandlers returned %d", rc);

  gex_Segment_t seg;
  rc = gex_Segment_Attach(&seg, tm, segsize);
  if (rc != GASNET_OK) fail("gex_Segment_Attach(%zu bytes) returned %d", segsize, rc);
  uint8_t *mine = gex_Segment_QueryAddr(seg);
  if (!mine || gex_Segment_QuerySize(seg) < segsize) fail("gex_Segment_Attach gave a segment at %p of %zu bytes",
                                                          (void *)mine, (size_t)gex_Segment_QuerySize(seg));
  const double t_attach = now();

  /* 2. The barrier (handlers of every rank are registered after it). */
  gex_Coll_BarrierBlocking(tm, 0);
  const double t_barrier = now();

  /* 3. All-to-all. */
  char text[MAX_PAYLOAD];
  for (gex_Rank_t k = 1; k < np; ++k) {
    gex_Rank_t dest = (me + k) % np;
    size_t len = payload_text(text, me, dest);
    rc = gex_AM_RequestMedium2(tm, dest, IDX_REQ, text, len, GEX_EVENT_NOW, 0, (gex_AM_Arg_t)me, (gex_AM_Arg_t)np);
    if (rc != GASNET_OK) fail("gex_AM_RequestMedium2 to rank %u returned %d", (unsigned)dest, rc);
    (void)gasnet_AMPoll(); /* serve the others while sending (their replies and requests) */
  }
  wait_exchange();
  const double t_sent = now();

  /* 4. Every request of the exchange has been delivered somewhere once every rank is here. */
  barrier("the barrier after the all-to-all exchange");
  for (int i = 0; i < 64; ++i) (void)gasnet_AMPoll();
  if (bad_messages) fail("%u wrong message(s) in the all-to-all exchange; the first: %s", bad_messages, first_bad);
  {
    char missing_req[700] = "", missing_rep[700] = "";
    unsigned nreq = list_wrong(missing_req, sizeof missing_req, req_from);
    unsigned nrep = list_wrong(missing_rep, sizeof missing_rep, rep_from);
    if (nreq || nrep || req_from[me] || rep_from[me])
      fail("all-to-all exchange: expected exactly one request from and one reply from each of the other %u ranks; "
           "requests missing or repeated (xcount) from %u rank(s):%s; replies missing or repeated from %u rank(s):%s; "
           "from myself: %u requests, %u replies",
           (unsigned)np - 1, nreq, nreq ? missing_req : " (none)", nrep, nrep ? missing_rep : " (none)",
           (unsigned)req_from[me], (unsigned)rep_from[me]);
  }
  const double t_exchange = now();

  /* --traffic: KIB KiB to every other rank, then exactly that many messages from each. */
  if (traffic_kib) {
    const uint32_t per_peer = (uint32_t)((traffic_kib * 1024 + TRAFFIC_CHUNK - 1) / TRAFFIC_CHUNK);
    static char chunk[TRAFFIC_CHUNK];
    memset(chunk, (int)(me & 0xff), sizeof chunk);
    for (uint32_t j = 0; j < per_peer; ++j) {
      for (gex_Rank_t k = 1; k < np; ++k) {
        gex_Rank_t dest = (me + k) % np;
        rc = gex_AM_RequestMedium1(tm, dest, IDX_TRAFFIC, chunk, sizeof chunk, GEX_EVENT_NOW, 0, (gex_AM_Arg_t)me);
        if (rc != GASNET_OK) fail("--traffic: gex_AM_RequestMedium1 to rank %u returned %d", (unsigned)dest, rc);
        (void)gasnet_AMPoll();
      }
    }
    /* Requests sent before a rank enters the barrier are in its peers' buffers when it completes;
     * each rank drains its own before the check. */
    barrier("the barrier after --traffic");
    unsigned spins = 0;
    for (;;) {
      gex_Rank_t short_of = GEX_RANK_INVALID;
      for (gex_Rank_t r = 0; r < np && short_of == GEX_RANK_INVALID; ++r)
        if (r != me && traffic_from[r] < per_peer) short_of = r;
      if (bad_messages) fail("%u wrong message(s); the first: %s", bad_messages, first_bad);
      if (short_of == GEX_RANK_INVALID) break;
      (void)gasnet_AMPoll();
      if ((++spins & 63) == 0 && now() - t_start > deadline_s)
        fail("--traffic: %u of %u messages from rank %u after %.0f s", (unsigned)traffic_from[short_of],
             (unsigned)per_peer, (unsigned)short_of, deadline_s);
    }
    barrier("the barrier after the --traffic check");
    for (int i = 0; i < 64; ++i) (void)gasnet_AMPoll();
    for (gex_Rank_t r = 0; r < np; ++r)
      if (traffic_from[r] != (r == me ? 0 : per_peer))
        fail("--traffic: %u messages from rank %u, expected %u", (unsigned)traffic_from[r], (unsigned)r,
             (unsigned)(r == me ? 0 : per_peer));
  }
  const double t_traffic = now();

  /* 5. RMA ring: my pattern over the whole segment of my right neighbour. */
  const gex_Rank_t right = (me + 1) % np, left = (me + np - 1) % np;
  void *right_base = NULL;
  uintptr_t right_size = 0;
  gex_Event_t qev = gex_EP_QueryBoundSegmentNB(tm, right, &right_base, NULL, &right_size, 0);
  gex_Event_Wait(qev);
  if (!right_base || right_size < segsize)
    fail("gex_EP_QueryBoundSegmentNB(rank %u) gave a segment at %p of %zu bytes, expected at least %zu",
         (unsigned)right, right_base, (size_t)right_size, segsize);
  for (size_t i = 0; i < segsize; ++i) buf[i] = pattern(me, i);
  rc = gex_RMA_PutBlocking(tm, right, right_base, buf, segsize, 0);
  if (rc != GASNET_OK) fail("gex_RMA_PutBlocking of %zu bytes to rank %u returned %d", segsize, (unsigned)right, rc);
  memset(buf, 0, segsize);
  rc = gex_RMA_GetBlocking(tm, buf, right, right_base, segsize, 0);
  if (rc != GASNET_OK) fail("gex_RMA_GetBlocking of %zu bytes from rank %u returned %d", segsize, (unsigned)right, rc);
  for (size_t i = 0; i < segsize; ++i)
    if (buf[i] != pattern(me, i))
      fail("RMA: reading back my put from rank %u's segment: byte %zu is 0x%02x, expected 0x%02x", (unsigned)right, i,
           buf[i], pattern(me, i));
  barrier("the barrier after the RMA puts");
  for (size_t i = 0; i < segsize; ++i)
    if (mine[i] != pattern(left, i))
      fail("RMA: my segment does not hold the put of my left neighbour rank %u: byte %zu of %zu is 0x%02x, expected 0x%02x",
           (unsigned)left, i, segsize, mine[i], pattern(left, i));
  barrier("the barrier after the RMA check");
  const double t_rma = now();

  if (me == 0) {
    char traffic[96] = "";
    if (traffic_kib)
      snprintf(traffic, sizeof traffic, ", --traffic %zu KiB per peer %.2f s", traffic_kib, t_traffic - t_exchange);
    printf("test_scale: %u ranks, %zu-byte segments: init %.2f s, attach %.2f s, barrier %.2f s, "
           "all-to-all %.2f s (sends and replies %.2f s)%s, RMA %.2f s: OK\n",
           (unsigned)np, segsize, t_init - t_start, t_attach - t_init, t_barrier - t_attach, t_exchange - t_barrier,
           t_sent - t_barrier, traffic, t_rma - t_traffic);
    fflush(stdout);
  }

  /* 6. Held for bench/shm_usage.sh: asleep, every object of the job mapped. */
  if (hold_file) {
    if (me == 0) {
      printf("test_scale: holding: %u ranks ready for sampling until %s exists\n", (unsigned)np, hold_file);
      fflush(stdout);
    }
    const double t_hold = now();
    while (access(hold_file, F_OK) != 0) {
      if (now() - t_hold > hold_timeout) fail("--hold: %s did not appear within %.0f s", hold_file, hold_timeout);
      struct timespec ts = {0, 50 * 1000 * 1000};
      nanosleep(&ts, NULL);
    }
    deadline_s += now() - t_hold; /* the time held does not count against the steps' deadline */
    barrier("the barrier after --hold");
  }

  free(buf);
  free(req_from);
  free(rep_from);
  free(traffic_from);
  return 0; /* the collective exit */
}
