/* An AM a client sends to its own rank runs its handler inside the injection call, on the
 * calling thread, as GASNet-EX's loopback does (docs/spec-decisions.md, row 13):
 *  - Short, Medium and Long Requests: the handler has run when the call returns, on this thread,
 *    with this rank as the source;
 *  - a Medium handler gets a copy of the payload (aligned, and writing into it leaves the
 *    sender's buffer alone); a Long's payload is at dest_addr before its handler runs;
 *  - a Request handler's Reply to this rank runs its handler before the Request call returns,
 *    with the payload the Request handler got (GASNet's testam replies that way);
 *  - local completion is at once (lc_opt event complete); NPAM Prepare/Commit to this rank runs
 *    the handler at the Commit, from a GASNet buffer and from the client's;
 *  - two threads sending Mediums of random sizes to this rank at once each see their own bytes
 *    (the copy buffers are per thread);
 *  - release build: a Request handler that sends a Medium Request to this rank (not allowed, but
 *    memory must stay sound) does not have its own payload overwritten by the inner one's (the
 *    thread's Request buffer is in use then, so the inner handler gets another);
 *  - GASNet's testcontend: a thread that only does blocking puts stops when another thread sends
 *    an AM to this rank that sets its flag, with no poll anywhere (blocking RMA never polls).
 */
#include "test_util.h"

#include <pthread.h>

enum { kShort = GEX_AM_INDEX_BASE, kMedReq, kMedRep, kLongReq, kLongRep, kStop, kThreadMed, kNestOuter, kNestInner };

static gex_TM_t tm;
static gex_Rank_t me;
static char *seg;
static pthread_t expected_thread;
static int short_runs, med_req_runs, med_rep_runs, long_req_runs, long_rep_runs;
static const char *med_src;
static size_t med_len;
static uint64_t med_seed;
static size_t long_len;
static volatile int stop = 0;

static void check_token(gex_Token_t t, int is_req) {
  gex_Token_Info_t info;
  gex_Token_Info(t, &info, GEX_TI_SRCRANK | GEX_TI_IS_REQ);
  CHECK_EQ(info.gex_srcrank, me);
  CHECK_EQ(info.gex_is_req, is_req);
  CHECKF(pthread_equal(pthread_self(), expected_thread), "a loopback handler ran on another thread");
}

static void on_short(gex_Token_t t, gex_AM_Arg_t a0) {
  check_token(t, 1);
  CHECK_EQ(a0, 42);
  ++short_runs;
}

static void on_med_req(gex_Token_t t, void *buf, size_t n, gex_AM_Arg_t a0) {
  check_token(t, 1);
  CHECK_EQ(n, med_len);
  CHECK_EQ(a0, (gex_AM_Arg_t)med_seed);
  CHECKF((const char *)buf != med_src, "a Medium handler got the sender's buffer, not a copy");
  CHECKF(((uintptr_t)buf & 7) == 0, "Medium payload %p not 8-byte aligned", buf);
  CHECK_PATTERN(buf, n, med_seed);
  /* The handler owns its payload: scribble on it, then reply with it (testam's ping-pong). */
  for (size_t i = 0; i < n; i += 97) ((char *)buf)[i] ^= 0x5a;
  const int before = med_rep_runs;
  gex_AM_ReplyMedium1(t, kMedRep, buf, n, GEX_EVENT_NOW, 0, a0);
  CHECKF(med_rep_runs == before + 1, "the Reply handler had not run when ReplyMedium returned");
  ++med_req_runs;
}

static void on_med_rep(gex_Token_t t, void *buf, size_t n, gex_AM_Arg_t a0) {
  check_token(t, 0);
  CHECK_EQ(n, med_len);
  for (size_t i = 0; i < n; ++i) {
    const uint8_t want = (uint8_t)(test_pattern_byte((uint64_t)(uint32_t)a0, i) ^ (i % 97 == 0 ? 0x5a : 0));
    CHECKF(((uint8_t *)buf)[i] == want, "Reply payload byte %zu is 0x%02x, want 0x%02x", i, ((uint8_t *)buf)[i], want);
  }
  ++med_rep_runs;
}

static void on_long_req(gex_Token_t t, void *buf, size_t n, gex_AM_Arg_t a0) {
  check_token(t, 1);
  CHECK_EQ(n, long_len);
  CHECKF(buf == seg, "Long handler got %p, not dest_addr %p", buf, (void *)seg);
  CHECK_PATTERN(buf, n, (uint64_t)(uint32_t)a0);
  gex_AM_ReplyLong1(t, kLongRep, buf, n, seg + (1 << 20), GEX_EVENT_NOW, 0, a0);
  ++long_req_runs;
}

static void on_long_rep(gex_Token_t t, void *buf, size_t n, gex_AM_Arg_t a0) {
  check_token(t, 0);
  CHECK(buf == seg + (1 << 20));
  CHECK_PATTERN(buf, n, (uint64_t)(uint32_t)a0);
  ++long_rep_runs;
}

static void on_stop(gex_Token_t t) {
  (void)t;
  stop = 1;
}

/* Per-thread Mediums: a0 = the sender's thread number, a1 = the pattern seed. */
static int thread_runs[2];
static void on_thread_med(gex_Token_t t, void *buf, size_t n, gex_AM_Arg_t who, gex_AM_Arg_t seed) {
  (void)t;
  CHECK_PATTERN(buf, n, (uint64_t)(uint32_t)seed);
  memset(buf, 0, n); /* the next message's check fails if another thread's copy shares it */
  ++thread_runs[who];
}

/* Nested loopback Mediums (release build only): a0 = the pattern seed of the payload. */
static int nest_inner_runs;
static void on_nest_inner(gex_Token_t t, void *buf, size_t n, gex_AM_Arg_t seed) {
  (void)t;
  CHECK_PATTERN(buf, n, (uint64_t)(uint32_t)seed);
  memset(buf, 0xee, n); /* would show in the outer payload if the two shared a buffer */
  ++nest_inner_runs;
}
static void on_nest_outer(gex_Token_t t, void *buf, size_t n, gex_AM_Arg_t seed) {
  (void)t;
  CHECK_PATTERN(buf, n, (uint64_t)(uint32_t)seed);
  char inner[3000];
  test_fill(inner, sizeof inner, (uint64_t)(uint32_t)(seed + 1));
  const int before = nest_inner_runs;
  gex_AM_RequestMedium1(tm, me, kNestInner, inner, sizeof inner, GEX_EVENT_NOW, 0, seed + 1);
  CHECKF(nest_inner_runs == before + 1, "the inner handler had not run when its Request returned");
  CHECK_PATTERN(buf, n, (uint64_t)(uint32_t)seed); /* the outer payload is intact */
}

static void *sender(void *arg) {
  const int who = (int)(intptr_t)arg;
  const size_t max = gex_AM_MaxRequestMedium(tm, me, GEX_EVENT_NOW, 0, 2);
  char *src = malloc(max);
  CHECK(src != NULL);
  test_rng_t rng;
  test_rng_seed(&rng, test_seed(me, (uint64_t)who, 7, 0));
  for (int i = 0; i < 3000; ++i) {
    const size_t n = (size_t)test_rng_range(&rng, 0, max);
    const uint32_t seed = (uint32_t)test_rng_next(&rng);
    test_fill(src, n, seed);
    const int before = thread_runs[who];
    gex_AM_RequestMedium2(tm, me, kThreadMed, src, n, GEX_EVENT_NOW, 0, who, (gex_AM_Arg_t)seed);
    CHECKF(thread_runs[who] == before + 1, "thread %d: message %d did not run in its Request call", who, i);
  }
  free(src);
  return NULL;
}

static void *spinner(void *arg) {
  uint64_t v = 1;
  void *peer_word = arg;
  const gex_Rank_t peer = (me + 1) % gex_TM_QuerySize(tm);
  while (!stop) gex_RMA_PutBlocking(tm, peer, peer_word, &v, sizeof v, 0);
  return NULL;
}

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_EP_t ep;
  test_init("am_loopback", &argc, &argv, &client, &ep, &tm);
  gex_AM_Entry_t table[] = {
      {kShort, (gex_AM_Fn_t)on_short, GEX_FLAG_AM_REQUEST | GEX_FLAG_AM_SHORT, 1, NULL, "short"},
      {kMedReq, (gex_AM_Fn_t)on_med_req, GEX_FLAG_AM_REQUEST | GEX_FLAG_AM_MEDIUM, 1, NULL, "med_req"},
      {kMedRep, (gex_AM_Fn_t)on_med_rep, GEX_FLAG_AM_REPLY | GEX_FLAG_AM_MEDIUM, 1, NULL, "med_rep"},
      {kLongReq, (gex_AM_Fn_t)on_long_req, GEX_FLAG_AM_REQUEST | GEX_FLAG_AM_LONG, 1, NULL, "long_req"},
      {kLongRep, (gex_AM_Fn_t)on_long_rep, GEX_FLAG_AM_REPLY | GEX_FLAG_AM_LONG, 1, NULL, "long_rep"},
      {kStop, (gex_AM_Fn_t)on_stop, GEX_FLAG_AM_REQUEST | GEX_FLAG_AM_SHORT, 0, NULL, "stop"},
      {kThreadMed, (gex_AM_Fn_t)on_thread_med, GEX_FLAG_AM_REQUEST | GEX_FLAG_AM_MEDIUM, 2, NULL, "thread_med"},
      {kNestOuter, (gex_AM_Fn_t)on_nest_outer, GEX_FLAG_AM_REQUEST | GEX_FLAG_AM_MEDIUM, 1, NULL, "nest_outer"},
      {kNestInner, (gex_AM_Fn_t)on_nest_inner, GEX_FLAG_AM_REQUEST | GEX_FLAG_AM_MEDIUM, 1, NULL, "nest_inner"},
  };
  CHECK(gex_EP_RegisterHandlers(ep, table, sizeof table / sizeof table[0]) == GASNET_OK);
  gex_Segment_t sg;
  seg = test_attach(tm, 4 << 20, &sg);
  me = gex_TM_QueryRank(tm);
  expected_thread = pthread_self();

  gex_AM_RequestShort1(tm, me, kShort, 0, 42);
  CHECKF(short_runs == 1, "the Short handler had not run when RequestShort returned");

  const size_t max_med = gex_AM_MaxRequestMedium(tm, me, GEX_EVENT_NOW, 0, 1);
  char *src = malloc(max_med);
  char *copy = malloc(max_med);
  CHECK(src && copy);
  const size_t med_sizes[] = {0, 1, 7, 8, 100, 2048, 2113, 4096, max_med};
  for (size_t k = 0; k < sizeof med_sizes / sizeof med_sizes[0]; ++k) {
    med_len = med_sizes[k];
    med_seed = (uint32_t)(k * 7919 + 3);
    test_fill(src, med_len, med_seed);
    memcpy(copy, src, med_len);
    med_src = src;
    gex_Event_t lc = GEX_EVENT_NO_OP;
    gex_AM_RequestMedium1(tm, me, kMedReq, src, med_len, &lc, 0, (gex_AM_Arg_t)med_seed);
    CHECKF(med_req_runs == (int)k + 1 && med_rep_runs == (int)k + 1,
           "%zu bytes: the Request and Reply handlers had not both run when RequestMedium returned", med_len);
    CHECKF(gex_Event_Test(lc) == GASNET_OK, "loopback Medium: local completion not at once");
    CHECKF(memcmp(src, copy, med_len) == 0, "the handler's writes reached the sender's buffer");
  }

  /* Long: from a private buffer into this rank's segment; the reply goes 1 MiB further on. */
  long_len = 300000;
  char *lsrc = malloc(long_len);
  CHECK(lsrc != NULL);
  test_fill(lsrc, long_len, 99);
  gex_Event_t llc = GEX_EVENT_NO_OP;
  gex_AM_RequestLong1(tm, me, kLongReq, lsrc, long_len, seg, &llc, 0, 99);
  CHECK(long_req_runs == 1 && long_rep_runs == 1);
  CHECK(gex_Event_Test(llc) == GASNET_OK);
  free(lsrc);

  /* NPAM: a GASNet buffer, then the client's; the handler runs at the Commit. */
  med_len = 3000;
  med_seed = 5;
  for (int client_buf = 0; client_buf < 2; ++client_buf) {
    test_fill(src, med_len, med_seed);
    med_src = client_buf ? src : NULL;
    gex_AM_SrcDesc_t sd = gex_AM_PrepareRequestMedium(tm, me, client_buf ? src : NULL, med_len, med_len,
                                                      client_buf ? GEX_EVENT_NOW : NULL, 0, 1);
    CHECK(sd != GEX_AM_SRCDESC_NO_OP);
    if (!client_buf) {
      med_src = gex_AM_SrcDescAddr(sd);
      memcpy(gex_AM_SrcDescAddr(sd), src, med_len);
    }
    const int before = med_req_runs;
    gex_AM_CommitRequestMedium1(sd, kMedReq, med_len, 5);
    CHECKF(med_req_runs == before + 1, "NPAM (client_buf=%d): the handler had not run when Commit returned", client_buf);
  }
  free(src);
  free(copy);

#ifndef GASNET_DEBUG
  /* A Request from a Request handler to this rank (a debug build refuses it). Twice: the second
     time the thread's buffers exist already. */
  for (int k = 0; k < 2; ++k) {
    char outer[5000];
    test_fill(outer, sizeof outer, 11 + (uint64_t)k);
    gex_AM_RequestMedium1(tm, me, kNestOuter, outer, sizeof outer, GEX_EVENT_NOW, 0, 11 + k);
  }
  CHECK_EQ(nest_inner_runs, 2);
#endif

  /* Two threads at once; the handlers see their own thread. */
  pthread_t th[2];
  for (int i = 0; i < 2; ++i) CHECK(pthread_create(&th[i], NULL, sender, (void *)(intptr_t)i) == 0);
  for (int i = 0; i < 2; ++i) pthread_join(th[i], NULL);
  CHECK(thread_runs[0] == 3000 && thread_runs[1] == 3000);

  /* testcontend: the spinner only puts; this thread stops it with an AM to this rank. */
  void *peer_word = NULL;
  gex_Segment_QueryBound(tm, (me + 1) % gex_TM_QuerySize(tm), &peer_word, NULL, NULL);
  test_barrier(tm);
  pthread_t sp;
  CHECK(pthread_create(&sp, NULL, spinner, (char *)peer_word + (2 << 20)) == 0);
  test_sleep_ms(20);
  gex_AM_RequestShort0(tm, me, kStop, 0);
  CHECKF(stop == 1, "the stop handler had not run when RequestShort returned");
  pthread_join(sp, NULL);

  test_finish(tm, "am_loopback");
  return 0;
}
