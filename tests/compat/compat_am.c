/* GASNet-1 Active Messages of every category and argument count (0..16), requests and replies,
 * to every node including this one. Handlers are registered through gasnet_attach: Short ones at
 * fixed indices, Medium and Long ones with index 0 (the library assigns and writes back).
 * Each handler checks its source, every argument, the payload bytes and (Long) the address. */
#include "compat_util.h"

#define NKINDS 4 /* Short, Medium, Long, LongAsync (the last two share handlers) */
#define SLOT 8192
#define MAXNODES 16

/* argument lists: P (handler parameters), V (packing the parameters), X (passing w[]) */
#define P0
#define P1 P0, gasnet_handlerarg_t a0
#define P2 P1, gasnet_handlerarg_t a1
#define P3 P2, gasnet_handlerarg_t a2
#define P4 P3, gasnet_handlerarg_t a3
#define P5 P4, gasnet_handlerarg_t a4
#define P6 P5, gasnet_handlerarg_t a5
#define P7 P6, gasnet_handlerarg_t a6
#define P8 P7, gasnet_handlerarg_t a7
#define P9 P8, gasnet_handlerarg_t a8
#define P10 P9, gasnet_handlerarg_t a9
#define P11 P10, gasnet_handlerarg_t a10
#define P12 P11, gasnet_handlerarg_t a11
#define P13 P12, gasnet_handlerarg_t a12
#define P14 P13, gasnet_handlerarg_t a13
#define P15 P14, gasnet_handlerarg_t a14
#define P16 P15, gasnet_handlerarg_t a15
#define V0
#define V1 V0, a0
#define V2 V1, a1
#define V3 V2, a2
#define V4 V3, a3
#define V5 V4, a4
#define V6 V5, a5
#define V7 V6, a6
#define V8 V7, a7
#define V9 V8, a8
#define V10 V9, a9
#define V11 V10, a10
#define V12 V11, a11
#define V13 V12, a12
#define V14 V13, a13
#define V15 V14, a14
#define V16 V15, a15
#define X0
#define X1 X0, w[0]
#define X2 X1, w[1]
#define X3 X2, w[2]
#define X4 X3, w[3]
#define X5 X4, w[4]
#define X6 X5, w[5]
#define X7 X6, w[6]
#define X8 X7, w[7]
#define X9 X8, w[8]
#define X10 X9, w[9]
#define X11 X10, w[10]
#define X12 X11, w[11]
#define X13 X12, w[12]
#define X14 X13, w[13]
#define X15 X14, w[14]
#define X16 X15, w[15]

enum { K_SHORT = 0, K_MEDIUM = 1, K_LONG = 2 };
static gasnet_seginfo_t seginfo[MAXNODES];
static volatile int req_count, rep_count;
static gasnet_handlerentry_t htable[6 * 17];
/* handler index by [kind][nargs], request and reply */
#define H_REQ(kind, n) (htable[(kind) * 34 + (n)].index)
#define H_REP(kind, n) (htable[(kind) * 34 + 17 + (n)].index)

/* The value of argument i of an N-argument message from src (the full 32-bit range, signs too). */
static gasnet_handlerarg_t argval(unsigned src, int n, int i, int kind, int is_reply) {
  uint32_t v = 0x9E3779B9u * (uint32_t)(i + 1) + 131u * src + 7u * (uint32_t)n + 1009u * (uint32_t)kind;
  return (gasnet_handlerarg_t)(is_reply ? ~v : v);
}
static size_t paylen(int n, int kind) { return kind == K_MEDIUM && n == 16 ? gasnet_AMMaxMedium() : (size_t)(n * 97 + kind); }
static unsigned char paybyte(unsigned src, int n, size_t j, int is_reply) {
  return (unsigned char)(j * 7 + src * 13 + (unsigned)n + (is_reply ? 101u : 0u));
}
/* Long payload destinations: requests land in region 0 of the target, replies in region 1. */
static char *long_dest(gasnet_node_t owner, gasnet_node_t src, int n, int is_reply) {
  return (char *)seginfo[owner].addr + ((size_t)is_reply * MAXNODES * 17 + src * 17 + (size_t)n) * SLOT;
}

static gasnet_node_t source_of(gasnet_token_t t) {
  gasnet_node_t src = 0;
  CHECK_OK(gasnet_AMGetMsgSource(t, &src));
  CHECK(src < gasnet_nodes());
  return src;
}
static void check_args(gasnet_node_t src, int n, int kind, int is_reply, const gasnet_handlerarg_t *w) {
  int i;
  for (i = 0; i < n; ++i) CHECK(w[i] == argval(src, n, i, kind, is_reply));
}
static void check_payload(gasnet_node_t src, int n, int kind, int is_reply, const void *buf, size_t nbytes) {
  size_t j;
  CHECK(nbytes == paylen(n, kind));
  for (j = 0; j < nbytes; ++j) CHECK(((const unsigned char *)buf)[j] == paybyte(src, n, j, is_reply));
}
static void fill_payload(unsigned char *buf, gasnet_node_t src, int n, int kind, int is_reply) {
  size_t j, len = paylen(n, kind);
  for (j = 0; j < len; ++j) buf[j] = paybyte(src, n, j, is_reply);
}

static unsigned char medbuf[1 << 17];

#define DEF(N)                                                                                   \
  static void sreq##N(gasnet_token_t t P##N) {                                                   \
    gasnet_handlerarg_t v[17] = {0 V##N}, *w = v + 1, me = (gasnet_handlerarg_t)gasnet_mynode(); \
    gasnet_node_t src = source_of(t);                                                            \
    check_args(src, N, K_SHORT, 0, w);                                                           \
    ++req_count;                                                                                 \
    { int i; for (i = 0; i < N; ++i) w[i] = argval((unsigned)me, N, i, K_SHORT, 1); }           \
    CHECK_OK(gasnet_AMReplyShort##N(t, H_REP(K_SHORT, N) X##N));                                \
  }                                                                                              \
  static void srep##N(gasnet_token_t t P##N) {                                                   \
    gasnet_handlerarg_t v[17] = {0 V##N}, *w = v + 1;                                            \
    check_args(source_of(t), N, K_SHORT, 1, w);                                                  \
    ++rep_count;                                                                                 \
  }                                                                                              \
  static void mreq##N(gasnet_token_t t, void *buf, size_t nbytes P##N) {                         \
    gasnet_handlerarg_t v[17] = {0 V##N}, *w = v + 1, me = (gasnet_handlerarg_t)gasnet_mynode(); \
    gasnet_node_t src = source_of(t);                                                            \
    unsigned char rbuf[16 * 97 + 8];                                                             \
    check_args(src, N, K_MEDIUM, 0, w);                                                          \
    check_payload(src, N, K_MEDIUM, 0, buf, nbytes);                                             \
    ++req_count;                                                                                 \
    { int i; for (i = 0; i < N; ++i) w[i] = argval((unsigned)me, N, i, K_MEDIUM, 1); }          \
    if (N == 16) { /* the largest reply comes from a static buffer */                           \
      fill_payload(medbuf, (gasnet_node_t)me, N, K_MEDIUM, 1);                                   \
      CHECK_OK(gasnet_AMReplyMedium##N(t, H_REP(K_MEDIUM, N), medbuf, paylen(N, K_MEDIUM) X##N)); \
    } else {                                                                                     \
      fill_payload(rbuf, (gasnet_node_t)me, N, K_MEDIUM, 1);                                     \
      CHECK_OK(gasnet_AMReplyMedium##N(t, H_REP(K_MEDIUM, N), rbuf, paylen(N, K_MEDIUM) X##N));  \
    }                                                                                            \
  }                                                                                              \
  static void mrep##N(gasnet_token_t t, void *buf, size_t nbytes P##N) {                         \
    gasnet_handlerarg_t v[17] = {0 V##N}, *w = v + 1;                                            \
    gasnet_node_t src = source_of(t);                                                            \
    check_args(src, N, K_MEDIUM, 1, w);                                                          \
    check_payload(src, N, K_MEDIUM, 1, buf, nbytes);                                             \
    ++rep_count;                                                                                 \
  }                                                                                              \
  static void lreq##N(gasnet_token_t t, void *buf, size_t nbytes P##N) {                         \
    gasnet_handlerarg_t v[17] = {0 V##N}, *w = v + 1, me = (gasnet_handlerarg_t)gasnet_mynode(); \
    gasnet_node_t src = source_of(t);                                                            \
    unsigned char rbuf[16 * 97 + 8];                                                             \
    check_args(src, N, K_LONG, 0, w);                                                            \
    CHECK((char *)buf == long_dest((gasnet_node_t)me, src, N, 0));                               \
    check_payload(src, N, K_LONG, 0, buf, nbytes);                                               \
    memset(buf, 0, nbytes); /* the LongAsync round sends the same bytes again */                \
    ++req_count;                                                                                 \
    { int i; for (i = 0; i < N; ++i) w[i] = argval((unsigned)me, N, i, K_LONG, 1); }            \
    fill_payload(rbuf, (gasnet_node_t)me, N, K_LONG, 1);                                         \
    CHECK_OK(gasnet_AMReplyLong##N(t, H_REP(K_LONG, N), rbuf, paylen(N, K_LONG),                  \
                                   long_dest(src, (gasnet_node_t)me, N, 1) X##N));               \
  }                                                                                              \
  static void lrep##N(gasnet_token_t t, void *buf, size_t nbytes P##N) {                         \
    gasnet_handlerarg_t v[17] = {0 V##N}, *w = v + 1;                                            \
    gasnet_node_t src = source_of(t);                                                            \
    check_args(src, N, K_LONG, 1, w);                                                            \
    CHECK((char *)buf == long_dest(gasnet_mynode(), src, N, 1));                                 \
    check_payload(src, N, K_LONG, 1, buf, nbytes);                                               \
    memset(buf, 0, nbytes);                                                                      \
    ++rep_count;                                                                                 \
  }                                                                                              \
  static void send##N(gasnet_node_t peer, int long_async) {                                      \
    gasnet_handlerarg_t w[17] = {0};                                                             \
    unsigned me = gasnet_mynode();                                                               \
    unsigned char buf[16 * 97 + 8];                                                              \
    int i;                                                                                       \
    (void)w;                                                                                     \
    if (!long_async) {                                                                           \
      for (i = 0; i < N; ++i) w[i] = argval(me, N, i, K_SHORT, 0);                               \
      CHECK_OK(gasnet_AMRequestShort##N(peer, H_REQ(K_SHORT, N) X##N));                         \
      for (i = 0; i < N; ++i) w[i] = argval(me, N, i, K_MEDIUM, 0);                              \
      if (N == 16) {                                                                             \
        unsigned char *big = (unsigned char *)malloc(paylen(N, K_MEDIUM));                       \
        fill_payload(big, me, N, K_MEDIUM, 0);                                                   \
        CHECK_OK(gasnet_AMRequestMedium##N(peer, H_REQ(K_MEDIUM, N), big, paylen(N, K_MEDIUM) X##N)); \
        memset(big, 0xEE, paylen(N, K_MEDIUM)); /* the source is reusable on return */           \
        free(big);                                                                               \
      } else {                                                                                   \
        fill_payload(buf, me, N, K_MEDIUM, 0);                                                   \
        CHECK_OK(gasnet_AMRequestMedium##N(peer, H_REQ(K_MEDIUM, N), buf, paylen(N, K_MEDIUM) X##N)); \
      }                                                                                          \
    }                                                                                            \
    for (i = 0; i < N; ++i) w[i] = argval(me, N, i, K_LONG, 0);                                  \
    fill_payload(buf, me, N, K_LONG, 0);                                                         \
    if (long_async)                                                                              \
      CHECK_OK(gasnet_AMRequestLongAsync##N(peer, H_REQ(K_LONG, N), buf, paylen(N, K_LONG),      \
                                            long_dest(peer, me, N, 0) X##N));                    \
    else                                                                                         \
      CHECK_OK(gasnet_AMRequestLong##N(peer, H_REQ(K_LONG, N), buf, paylen(N, K_LONG),           \
                                       long_dest(peer, me, N, 0) X##N));                         \
  }

DEF(0) DEF(1) DEF(2) DEF(3) DEF(4) DEF(5) DEF(6) DEF(7) DEF(8)
DEF(9) DEF(10) DEF(11) DEF(12) DEF(13) DEF(14) DEF(15) DEF(16)

typedef void (*sender_t)(gasnet_node_t, int);
static const sender_t senders[17] = {send0, send1, send2, send3, send4, send5, send6, send7, send8,
                                     send9, send10, send11, send12, send13, send14, send15, send16};

#define FN(f) ((gasnet_handler_fn_t)(f))
#define ENTRIES(kind, req, rep)                                                                  \
  {                                                                                              \
    gasnet_handler_fn_t r[17] = {FN(req##0), FN(req##1), FN(req##2), FN(req##3), FN(req##4),     \
                                 FN(req##5), FN(req##6), FN(req##7), FN(req##8), FN(req##9),     \
                                 FN(req##10), FN(req##11), FN(req##12), FN(req##13),             \
                                 FN(req##14), FN(req##15), FN(req##16)};                         \
    gasnet_handler_fn_t p[17] = {FN(rep##0), FN(rep##1), FN(rep##2), FN(rep##3), FN(rep##4),     \
                                 FN(rep##5), FN(rep##6), FN(rep##7), FN(rep##8), FN(rep##9),     \
                                 FN(rep##10), FN(rep##11), FN(rep##12), FN(rep##13),             \
                                 FN(rep##14), FN(rep##15), FN(rep##16)};                         \
    for (i = 0; i < 17; ++i) {                                                                   \
      htable[(kind) * 34 + i].fnptr = r[i];                                                      \
      htable[(kind) * 34 + 17 + i].fnptr = p[i];                                                 \
    }                                                                                            \
  }

int main(int argc, char **argv) {
  int i, n, round;
  gasnet_node_t peer, nodes;
  CHECK_OK(gasnet_init(&argc, &argv));
  nodes = gasnet_nodes();
  CHECK(nodes <= MAXNODES);
  ENTRIES(K_SHORT, sreq, srep)
  ENTRIES(K_MEDIUM, mreq, mrep)
  ENTRIES(K_LONG, lreq, lrep)
  /* Short handlers at fixed indices 128.., the others: index 0 (assigned by gasnet_attach) */
  for (i = 0; i < 34; ++i) htable[i].index = (gasnet_handler_t)(128 + i);
  for (i = 34; i < 6 * 17; ++i) htable[i].index = 0;
  CHECK_OK(gasnet_attach(htable, 6 * 17, 2 * MAXNODES * 17 * SLOT, 0));
  for (i = 0; i < 34; ++i) CHECK(htable[i].index == 128 + i);
  for (i = 34; i < 6 * 17; ++i) {
    int j;
    CHECK(htable[i].index >= 128);
    for (j = 0; j < i; ++j) CHECK(htable[j].index != htable[i].index);
  }
  CHECK_OK(gasnet_getSegmentInfo(seginfo, (int)nodes));
  CHECK(gasnet_AMMaxArgs() >= 16);
  CHECK(gasnet_AMMaxMedium() >= 512 && gasnet_AMMaxMedium() <= sizeof medbuf);
  CHECK(gasnet_AMMaxLongRequest() >= SLOT && gasnet_AMMaxLongReply() >= SLOT);

  /* round 0: Short, Medium, Long; round 1: LongAsync. Every node sends to every node. */
  for (round = 0; round < 2; ++round) {
    int expect = (int)nodes * 17 * (round == 0 ? 3 : 1);
    req_count = rep_count = 0;
    gasnet_barrier(round, 0);
    for (n = 0; n <= 16; ++n)
      for (peer = 0; peer < nodes; ++peer) senders[n]((gasnet_node_t)((gasnet_mynode() + peer) % nodes), round);
    GASNET_BLOCKUNTIL(rep_count == expect);
    CHECK_OK(gasnet_barrier(100 + round, 0));
    CHECK(req_count == expect);
    CHECK(rep_count == expect);
  }
  if (gasnet_mynode() == 0) printf("compat_am: %u nodes, every AM category and count checked\n", (unsigned)nodes);
  gasnet_barrier(0, GASNET_BARRIERFLAG_ANONYMOUS);
  gasnet_exit(0);
  return 0;
}
