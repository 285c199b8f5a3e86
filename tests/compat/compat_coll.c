/* The GASNet-1 collectives of gasnet_coll.h (gasnet_coll_broadcast/scatter/gather/gather_all/
 * exchange, blocking and _nb) on GASNET_TEAM_ALL, checked against the layout each defines:
 *  - every op x every IN_/OUT_ sync combination (3 x 3) x block sizes 4 B, 48 KiB+5 (several
 *    shared-memory chunks), 128 KiB+7 (several AM chunks and more chunks than the shared-memory
 *    pipeline holds) x roots first/middle/last, with buffers in the segment (with and without the
 *    *_IN_SEGMENT flags) and in private memory, through the blocking and the _nb forms;
 *  - what each sync flag promises, with one rank arriving late so that a missing barrier shows:
 *      IN_ALLSYNC   a rank's src is written by another rank (RMA put) just before that rank calls;
 *                   the writer is the late one, so the data movement must wait for it;
 *      IN_MYSYNC    the late rank writes its own src just before calling (and its dst must still
 *                   hold what it put there: nothing was written before it called);
 *      IN_NOSYNC    data ready before a barrier; OUT_NOSYNC: checked after a barrier;
 *      OUT_MYSYNC   the rank's own dst is complete on return, and its src is overwritten at once;
 *      OUT_ALLSYNC  on return every rank reads the late rank's dst (RMA get): it must be complete;
 *  - _nb forms: many collectives outstanding at once, synced with gasnet_coll_wait_sync_all,
 *    gasnet_coll_try_sync(_some/_all) and gasnet_coll_wait_sync_some; an ALLSYNC _nb call must
 *    not block (rank 0 releases rank 1 with an AM only after initiating it);
 *  - team barriers (gasnet_coll_barrier*), named, anonymous and mismatched;
 *  - the autotuning calls.
 * Argument "gex": start with gex_Client_Init (as GASNet's testcoll does) instead of
 * gasnet_init/gasnet_attach (as Legion's GASNet-1 module does). Built PAR (a second thread polls
 * all along) and SEQ. */
#if !defined(_POSIX_C_SOURCE) && !defined(_GNU_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif

#include <gasnet.h>
#include <gasnet_coll.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef GASNET_PAR
#include <pthread.h>
#endif

#define CHECK(cond)                                                                            \
  do {                                                                                         \
    if (!(cond)) {                                                                             \
      fprintf(stderr, "%s:%d: rank %u: CHECK failed: %s (%s)\n", __FILE__, __LINE__, (unsigned)me, \
              #cond, context);                                                                 \
      fflush(stderr);                                                                          \
      gasnet_exit(1);                                                                          \
    }                                                                                          \
  } while (0)

enum { BCAST, SCATTER, GATHER, GATHER_ALL, EXCHANGE, NOPS };
static const char *op_names[NOPS] = {"broadcast", "scatter", "gather", "gather_all", "exchange"};
static const int in_flags[3] = {GASNET_COLL_IN_NOSYNC, GASNET_COLL_IN_MYSYNC, GASNET_COLL_IN_ALLSYNC};
static const int out_flags[3] = {GASNET_COLL_OUT_NOSYNC, GASNET_COLL_OUT_MYSYNC, GASNET_COLL_OUT_ALLSYNC};
static const char *sync_names[3] = {"NO", "MY", "ALL"};
enum { NO = 0, MY = 1, ALL = 2 };

#define NMAX ((size_t)(2 * 65536 + 7))
static const size_t sizes[] = {4, 3 * 16384 + 5, NMAX};

static gex_Rank_t me, np;
static gex_TM_t tm;
static gex_EP_t ep;
static char context[256] = "start-up";
static char **seg_src, **seg_dst; /* every rank's segment areas (owner addresses) */
static char *priv_src, *priv_dst, *scratch;
static unsigned iteration;
static volatile int released; /* set by the AM handler of the non-blocking test */

/* The test's own synchronisation: both forms of the GEX barrier (the data checks of the NOSYNC
 * cases rely on it). */
static void barrier(void) {
  static unsigned count;
  if (count++ % 2) gex_Coll_BarrierBlocking(tm, 0);
  else gex_Event_Wait(gex_Coll_BarrierNB(tm, 0));
}

static void sleep_ms(unsigned ms) {
  struct timespec ts = {0, (long)ms * 1000000L};
  nanosleep(&ts, NULL);
}

static unsigned char value(gex_Rank_t owner, size_t block, size_t i) {
  return (unsigned char)(owner * 131u + block * 17u + i * 7u + iteration * 29u + 1u);
}

static int rooted(int op) { return op == BCAST || op == SCATTER || op == GATHER; }
/* Whose src is read, and how many blocks of n it holds. */
static int src_used(int op, gex_Rank_t r, gex_Rank_t root) { return (op == BCAST || op == SCATTER) ? r == root : 1; }
static size_t src_blocks(int op) { return (op == SCATTER || op == EXCHANGE) ? np : 1; }
/* Whose dst is written, and how many blocks of n it holds. */
static int dst_used(int op, gex_Rank_t r, gex_Rank_t root) { return op == GATHER ? r == root : 1; }
static size_t dst_blocks(int op) { return (op == GATHER || op == GATHER_ALL || op == EXCHANGE) ? np : 1; }

static void fill_src(int op, gex_Rank_t owner, char *buf, size_t n) {
  for (size_t b = 0; b < src_blocks(op); ++b)
    for (size_t i = 0; i < n; ++i) buf[b * n + i] = (char)value(owner, b, i);
}

/* What rank r's dst holds after the op. */
static unsigned char expected(int op, gex_Rank_t r, gex_Rank_t root, size_t block, size_t i) {
  switch (op) {
    case BCAST: return value(root, 0, i);
    case SCATTER: return value(root, r, i);
    case GATHER:
    case GATHER_ALL: return value((gex_Rank_t)block, 0, i);
    default: return value((gex_Rank_t)block, r, i);
  }
}

static void verify_dst(int op, gex_Rank_t r, gex_Rank_t root, const char *dst, size_t n, const char *what) {
  for (size_t b = 0; b < dst_blocks(op); ++b)
    for (size_t i = 0; i < n; ++i) {
      const unsigned char want = expected(op, r, root, b, i), got = (unsigned char)dst[b * n + i];
      if (want != got) {
        fprintf(stderr, "rank %u: %s: %s of rank %u: block %zu byte %zu is 0x%02x, expected 0x%02x\n", (unsigned)me,
                context, what, (unsigned)r, b, i, got, want);
        fflush(stderr);
        gasnet_exit(1);
      }
    }
}

static gex_Event_t start(int op, gex_Rank_t root, void *dst, void *src, size_t n, int flags) {
  switch (op) {
    case BCAST: return gasnet_coll_broadcast_nb(GASNET_TEAM_ALL, dst, root, src, n, flags);
    case SCATTER: return gasnet_coll_scatter_nb(GASNET_TEAM_ALL, dst, root, src, n, flags);
    case GATHER: return gasnet_coll_gather_nb(GASNET_TEAM_ALL, root, dst, src, n, flags);
    case GATHER_ALL: return gasnet_coll_gather_all_nb(GASNET_TEAM_ALL, dst, src, n, flags);
    default: return gasnet_coll_exchange_nb(GASNET_TEAM_ALL, dst, src, n, flags);
  }
}

static void run_blocking(int op, gex_Rank_t root, void *dst, void *src, size_t n, int flags) {
  switch (op) {
    case BCAST: gasnet_coll_broadcast(GASNET_TEAM_ALL, dst, root, src, n, flags); break;
    case SCATTER: gasnet_coll_scatter(GASNET_TEAM_ALL, dst, root, src, n, flags); break;
    case GATHER: gasnet_coll_gather(GASNET_TEAM_ALL, root, dst, src, n, flags); break;
    case GATHER_ALL: gasnet_coll_gather_all(GASNET_TEAM_ALL, dst, src, n, flags); break;
    default: gasnet_coll_exchange(GASNET_TEAM_ALL, dst, src, n, flags); break;
  }
}

/* One collective with sync flags (in, out). `late`: one rank arrives late (see the top). */
static void one(int op, int in, int out, size_t n, gex_Rank_t root, int use_seg, int seg_flags, int nb, int late) {
  snprintf(context, sizeof context, "%s IN_%sSYNC|OUT_%sSYNC n=%zu root=%u %s%s %s%s", op_names[op], sync_names[in],
           sync_names[out], n, (unsigned)root, use_seg ? "segment" : "private", seg_flags ? "+IN_SEGMENT" : "",
           nb ? "nb" : "blocking", late ? " late" : "");
  /* key: the rank whose src the IN check, and whose dst the OUT check, is about */
  const gex_Rank_t key_in = rooted(op) ? root : 1 % np;
  const gex_Rank_t key_out = (op == BCAST || op == SCATTER) ? (root + 1) % np : op == GATHER ? root : 1 % np;
  const gex_Rank_t writer_of_key = (key_in + np - 1) % np; /* IN_ALLSYNC: who writes key_in's src */
  const gex_Rank_t late_rank = !late ? np : in == ALL ? writer_of_key : out == ALL ? key_out : key_in;
  char *src = use_seg ? seg_src[me] : priv_src, *dst = use_seg ? seg_dst[me] : priv_dst;
  int flags = GASNET_COLL_LOCAL | in_flags[in] | out_flags[out] | seg_flags;
  const size_t src_len = src_blocks(op) * n, dst_len = dst_blocks(op) * n;
  const int my_src = src_used(op, me, root), my_dst = dst_used(op, me, root);

  memset(dst, 0xEE, dst_len);
  memset(src, 0x5A, src_len);
  if (in == ALL) barrier(); /* nobody writes my src below before I cleared it */
  if (me == late_rank) sleep_ms(15);
  if (in == ALL) {
    /* I produce the src of the next rank (in its segment); my own comes from the previous one */
    const gex_Rank_t w = (me + 1) % np;
    if (src_used(op, w, root)) {
      fill_src(op, w, scratch, n);
      gex_RMA_PutBlocking(tm, w, seg_src[w], scratch, src_blocks(op) * n, 0);
    }
  } else if (my_src) {
    fill_src(op, me, src, n);
  }
  if (in == NO) barrier();
  if (in == MY && me == late_rank) /* the others are in the call: nothing may have reached my dst */
    for (size_t i = 0; i < dst_len; ++i) CHECK((unsigned char)dst[i] == 0xEE);

  if (nb) {
    gasnet_coll_handle_t h = start(op, root, my_dst ? dst : NULL, my_src ? src : NULL, n, flags);
    gasnet_coll_wait_sync(h);
  } else {
    run_blocking(op, root, my_dst ? dst : NULL, my_src ? src : NULL, n, flags);
  }

  if (out == NO) barrier();
  if (my_dst) verify_dst(op, me, root, dst, n, "dst");
  if (out == MY && my_src) memset(src, 0x33, src_len); /* consumed: another rank reading it now would see this */
  if (out == ALL && dst_used(op, key_out, root) && key_out != me) {
    gex_RMA_GetBlocking(tm, scratch, key_out, seg_dst[key_out], dst_len, 0);
    verify_dst(op, key_out, root, scratch, n, "dst read right after return");
  }
  barrier();
  ++iteration;
}

static void all_sync_combinations(void) {
  for (int op = 0; op < NOPS; ++op)
    for (int in = 0; in < 3; ++in)
      for (int out = 0; out < 3; ++out)
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; ++s) {
          const gex_Rank_t roots[3] = {0, np / 2, np - 1};
          for (int ri = 0; ri < (rooted(op) ? 3 : 1); ++ri) {
            if (ri > 0 && roots[ri] == roots[ri - 1]) continue;
            const int needs_seg = in == ALL || out == ALL;
            /* blocking, in the segment (with the flags on odd sizes), late rank on the small size */
            one(op, in, out, sizes[s], roots[ri], 1, s % 2 ? GASNET_COLL_SRC_IN_SEGMENT | GASNET_COLL_DST_IN_SEGMENT : 0,
                0, np > 1 && s == 0);
            /* _nb, in private memory unless a check reads or writes the buffers remotely */
            one(op, in, out, sizes[s], roots[ri], needs_seg, 0, 1, np > 1 && s == 0 && ri == 0);
          }
        }
}

/* Many _nb collectives outstanding, each on its own buffers, synced in several ways. */
#define NOUT 10
static void outstanding(void) {
  const size_t n = 1000;
  static gasnet_coll_handle_t h[NOUT];
  char *src[NOUT], *dst[NOUT];
  int op_of[NOUT];
  gex_Rank_t root_of[NOUT];
  for (int way = 0; way < 4; ++way) {
    snprintf(context, sizeof context, "outstanding _nb, sync way %d", way);
    for (int k = 0; k < NOUT; ++k) {
      op_of[k] = k % NOPS;
      root_of[k] = (gex_Rank_t)((k / NOPS + way) % np);
      src[k] = malloc(np * n);
      dst[k] = malloc(np * n);
      CHECK(src[k] && dst[k]);
      memset(dst[k], 0xEE, np * n);
      fill_src(op_of[k], me, src[k], n);
      h[k] = start(op_of[k], root_of[k], dst[k], src[k], n, GASNET_COLL_LOCAL | GASNET_COLL_IN_MYSYNC | GASNET_COLL_OUT_MYSYNC);
    }
    switch (way) {
      case 0: gasnet_coll_wait_sync_all(h, NOUT); break;
      case 1:
        while (gasnet_coll_try_sync_all(h, NOUT) != GASNET_OK) gasnet_AMPoll();
        break;
      case 2:
        for (int k = 0; k < NOUT; ++k)
          while (gasnet_coll_try_sync(h[k]) != GASNET_OK) gasnet_AMPoll();
        break;
      default:
        for (int left = NOUT; left > 0;) {
          if (left % 2) gasnet_coll_wait_sync_some(h, NOUT);
          else
            while (gasnet_coll_try_sync_some(h, NOUT) != GASNET_OK) gasnet_AMPoll();
          left = 0;
          for (int k = 0; k < NOUT; ++k) left += h[k] != GASNET_COLL_INVALID_HANDLE;
        }
        break;
    }
    for (int k = 0; k < NOUT; ++k) {
      CHECK(h[k] == GASNET_COLL_INVALID_HANDLE || way == 2);
      if (dst_used(op_of[k], me, root_of[k])) verify_dst(op_of[k], me, root_of[k], dst[k], n, "dst");
      free(src[k]);
      free(dst[k]);
    }
    barrier();
    ++iteration;
  }
}

static void release_handler(gex_Token_t token) {
  (void)token;
  released = 1;
}

/* An ALLSYNC _nb call returns before the others have called: rank 0 lets rank 1 call only after
 * its own initiation returned (a blocking initiation would wait forever). */
static void nonblocking_allsync(void) {
  if (np < 2) return;
  snprintf(context, sizeof context, "ALLSYNC _nb initiation does not block");
  const size_t n = 64;
  char *src = priv_src, *dst = priv_dst;
  memset(dst, 0xEE, np * n);
  fill_src(GATHER_ALL, me, src, n);
  released = 0;
  barrier();
  const int flags = GASNET_COLL_LOCAL | GASNET_COLL_IN_ALLSYNC | GASNET_COLL_OUT_ALLSYNC;
  if (me == 1)
    while (!released) gasnet_AMPoll();
  gasnet_coll_handle_t h = gasnet_coll_gather_all_nb(GASNET_TEAM_ALL, dst, src, n, flags);
  if (me == 0) gex_AM_RequestShort0(tm, 1, (gex_AM_Index_t)GEX_AM_INDEX_BASE, 0);
  gasnet_coll_wait_sync(h);
  verify_dst(GATHER_ALL, me, 0, dst, n, "dst");
  barrier();
  ++iteration;
}

static void team_barriers(void) {
  snprintf(context, sizeof context, "gasnet_coll_barrier");
  int id = -1;
  CHECK(gasnet_coll_barrier(GASNET_TEAM_ALL, 5, 0) == GASNET_OK);
  CHECK(gasnet_coll_barrier_result(GASNET_TEAM_ALL, &id) == 0 && id == 5);
  CHECK(gasnet_coll_barrier(GASNET_TEAM_ALL, 0, GASNET_BARRIERFLAG_ANONYMOUS) == GASNET_OK);
  for (int i = 0; i < 20; ++i) {
    gasnet_coll_barrier_notify(GASNET_TEAM_ALL, i, 0);
    CHECK(gasnet_coll_barrier_wait(GASNET_TEAM_ALL, i, 0) == GASNET_OK);
  }
  gasnet_coll_barrier_notify(GASNET_TEAM_ALL, 77, 0);
  int rc;
  while ((rc = gasnet_coll_barrier_try(GASNET_TEAM_ALL, 77, 0)) == GASNET_ERR_NOT_READY) {
  }
  CHECK(rc == GASNET_OK);
  if (np > 1) CHECK(gasnet_coll_barrier(GASNET_TEAM_ALL, me == 0 ? 1 : 2, 0) == GASNET_ERR_BARRIER_MISMATCH);
  CHECK(gasnet_coll_barrier(GASNET_TEAM_ALL, 0, GASNET_BARRIERFLAG_ANONYMOUS) == GASNET_OK);
}

static void tuning(void) {
  snprintf(context, sizeof context, "autotuning calls");
  CHECK(gasnet_coll_get_num_tree_classes(GASNET_TEAM_ALL, GASNET_COLL_BROADCAST_OP) >= 1);
  gasnet_coll_set_tree_kind(GASNET_TEAM_ALL, 0, 2, GASNET_COLL_GATHER_OP);
  gasnet_coll_set_dissem_limit(GASNET_TEAM_ALL, 4096, GASNET_COLL_EXCHANGE_OP);
  gasnet_coll_dumpTuningState(NULL, GASNET_TEAM_ALL);
  gasnet_coll_dumpProfile(NULL, GASNET_TEAM_ALL);
  CHECK(GASNET_COLL_NUM_COLL_OPTYPES == 5 && GASNET_COLL_NUM_PARAM_TYPES == 3);
}

#ifdef GASNET_PAR
static volatile int done_polling;
static void *poller(void *arg) {
  (void)arg;
  while (!done_polling) gasnet_AMPoll();
  return NULL;
}
#endif

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_Segment_t segment;
  const int gex_init = argc > 1 && strcmp(argv[1], "gex") == 0;
  const uintptr_t segsize = (uintptr_t)((2 * 8 * NMAX + 4 * GASNET_PAGESIZE) / GASNET_PAGESIZE * GASNET_PAGESIZE);
  if (gex_init) {
    CHECK(GASNET_TEAM_ALL == NULL); /* set by the start-up */
    CHECK(gex_Client_Init(&client, &ep, &tm, "compat_coll", &argc, &argv, 0) == GASNET_OK);
    CHECK(gex_Segment_Attach(&segment, tm, segsize) == GASNET_OK);
    gex_AM_Entry_t entry = {GEX_AM_INDEX_BASE, (gex_AM_Fn_t)release_handler, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQUEST, 0,
                            NULL, "release"};
    CHECK(gex_EP_RegisterHandlers(ep, &entry, 1) == GASNET_OK);
  } else {
    gasnet_handlerentry_t table[1] = {{GEX_AM_INDEX_BASE, (gasnet_handler_fn_t)release_handler}};
    CHECK(gasnet_init(&argc, &argv) == GASNET_OK);
    CHECK(gasnet_attach(table, 1, segsize, 0) == GASNET_OK);
    gasnet_QueryGexObjects(&client, &ep, &tm, &segment);
  }
  me = gex_TM_QueryRank(tm);
  np = gex_TM_QuerySize(tm);
  CHECK(GASNET_TEAM_ALL != NULL);
  CHECK(np <= 8);
  seg_src = malloc(np * sizeof(char *));
  seg_dst = malloc(np * sizeof(char *));
  for (gex_Rank_t r = 0; r < np; ++r) {
    void *base;
    gex_Event_Wait(gex_EP_QueryBoundSegmentNB(tm, r, &base, NULL, NULL, 0));
    seg_src[r] = (char *)base + 1; /* odd addresses: nothing relies on alignment */
    seg_dst[r] = seg_src[r] + 8 * NMAX + 64;
  }
  priv_src = malloc(8 * NMAX + 1);
  priv_dst = malloc(8 * NMAX + 1);
  scratch = malloc(8 * NMAX);
  CHECK(priv_src && priv_dst && scratch);
  ++priv_src, ++priv_dst;
#ifdef GASNET_PAR
  pthread_t thread;
  CHECK(pthread_create(&thread, NULL, poller, NULL) == 0);
#endif

  all_sync_combinations();
  outstanding();
  nonblocking_allsync();
  team_barriers();
  tuning();

#ifdef GASNET_PAR
  done_polling = 1;
  pthread_join(thread, NULL);
#endif
  barrier();
  if (me == 0) printf("compat_coll: %u ranks, %u collectives checked\n", (unsigned)np, iteration);
  gasnet_exit(0);
  return 0;
}
