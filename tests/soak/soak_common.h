/* Shared pieces of the soak tests: arguments, the per-peer ledger that proves every message
 * arrived exactly once, and the end-of-run exchange that compares the ledgers.
 *
 * A sender counts what it sends to each peer (count and a sum of per-message hashes); the
 * receiver counts the same on arrival. At the end every rank announces its totals to every peer
 * with one Short Request; the receiver waits (bounded: settle=S seconds) until its count reaches
 * the announced one and then requires equality of both count and hash sum: a lost message
 * leaves the count short ("lost"), a duplicate makes it overshoot or spoils the hash sum
 * ("duplicated"). After a barrier the counts are compared once more, so that a late duplicate
 * is caught too. */
#ifndef GEX_SOAK_COMMON_H
#define GEX_SOAK_COMMON_H

#include "test_util.h"

#ifdef __cplusplus
#include <atomic>
#define SOAK_ATOMIC(T) std::atomic<T>
#else
#include <stdatomic.h>
#define SOAK_ATOMIC(T) _Atomic T
#endif

/* ---- arguments: key=value; GEX_SOAK_SECONDS overrides seconds= (for long local soaks) ---- */
typedef struct {
  double seconds; /* how long each rank keeps injecting */
  double settle;  /* how long to wait for the last messages before calling them lost */
  const char *inject; /* none | drop | dup: fault injection, proving the checks catch it */
} soak_args_t;

static TEST_UNUSED soak_args_t soak_parse_args(int argc, char **argv) {
  soak_args_t a = {5.0, 20.0, "none"};
  for (int i = 1; i < argc; i++) {
    if (!strncmp(argv[i], "seconds=", 8)) a.seconds = atof(argv[i] + 8);
    else if (!strncmp(argv[i], "settle=", 7)) a.settle = atof(argv[i] + 7);
    else if (!strncmp(argv[i], "inject=", 7)) a.inject = argv[i] + 7;
    else {
      fprintf(stderr, "soak: unknown argument '%s' (seconds=S settle=S inject=none|drop|dup)\n", argv[i]);
      exit(2);
    }
  }
  const char *env = getenv("GEX_SOAK_SECONDS");
  if (env && *env) a.seconds = atof(env);
  return a;
}

/* The hash a message contributes to its ledger: position-independent, so that order does not
 * matter, but a lost message and a duplicated one never cancel out (different seqs). */
static inline uint64_t soak_hash(uint64_t src, uint64_t dst, uint64_t seq, uint64_t stream) {
  return test_mix64(test_seed(src, dst, seq, stream));
}

/* One direction of one peer pair. Updated by one side (the sender's counts by the sender, the
 * receiver's in handlers), read by the checks: atomics so that PAR threads may share them. */
typedef struct {
  SOAK_ATOMIC(uint64_t) count;
  SOAK_ATOMIC(uint64_t) hash;
} soak_ledger_t;

static inline void soak_ledger_add(soak_ledger_t *l, uint64_t h) {
#ifdef __cplusplus
  l->count.fetch_add(1);
  l->hash.fetch_add(h);
#else
  atomic_fetch_add(&l->count, 1);
  atomic_fetch_add(&l->hash, h);
#endif
}
static inline uint64_t soak_load(SOAK_ATOMIC(uint64_t) *v) {
#ifdef __cplusplus
  return v->load();
#else
  return atomic_load(v);
#endif
}
static inline int soak_load_int(SOAK_ATOMIC(int) *v) {
#ifdef __cplusplus
  return v->load();
#else
  return atomic_load(v);
#endif
}

/* ---- the end-of-run exchange ----------------------------------------------------------------- */
typedef struct {
  soak_ledger_t sent[TEST_MAX_RANKS];      /* requests this rank sent to each peer */
  soak_ledger_t received[TEST_MAX_RANKS];  /* requests this rank received from each peer */
  soak_ledger_t replies_expected[TEST_MAX_RANKS];  /* replies this rank asked each peer for */
  soak_ledger_t replies[TEST_MAX_RANKS];           /* replies received from each peer */
  SOAK_ATOMIC(uint64_t) announced_count[TEST_MAX_RANKS];
  SOAK_ATOMIC(uint64_t) announced_hash[TEST_MAX_RANKS];
  SOAK_ATOMIC(int) announced[TEST_MAX_RANKS];
} soak_books_t;

static soak_books_t soak_books;
static gex_AM_Index_t soak_done_index;

static void soak_done_handler(gex_Token_t token, gex_AM_Arg_t c_lo, gex_AM_Arg_t c_hi, gex_AM_Arg_t h_lo,
                              gex_AM_Arg_t h_hi) {
  gex_Token_Info_t info;
  gex_Token_Info(token, &info, GEX_TI_SRCRANK);
  gex_Rank_t src = info.gex_srcrank;
  CHECKF(!soak_load_int(&soak_books.announced[src]), "two end-of-run announcements from rank %u", (unsigned)src);
  uint64_t c = ((uint64_t)(uint32_t)c_hi << 32) | (uint32_t)c_lo;
  uint64_t h = ((uint64_t)(uint32_t)h_hi << 32) | (uint32_t)h_lo;
#ifdef __cplusplus
  soak_books.announced_count[src].store(c);
  soak_books.announced_hash[src].store(h);
  soak_books.announced[src].store(1);
#else
  atomic_store(&soak_books.announced_count[src], c);
  atomic_store(&soak_books.announced_hash[src], h);
  atomic_store(&soak_books.announced[src], 1);
#endif
}

/* The handler table entry of the announcement (index chosen by the registration). */
#define SOAK_DONE_ENTRY \
  { 0, (gex_AM_Fn_t)soak_done_handler, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQUEST, 4, NULL, "soak_done" }

static TEST_UNUSED int soak_all_arrived(gex_Rank_t np) {
  for (gex_Rank_t r = 0; r < np; r++) {
    if (!soak_load_int(&soak_books.announced[r])) return 0;
    if (soak_load(&soak_books.received[r].count) < soak_load(&soak_books.announced_count[r])) return 0;
    if (soak_load(&soak_books.replies[r].count) < soak_load(&soak_books.replies_expected[r].count)) return 0;
  }
  return 1;
}

static TEST_UNUSED void soak_check_books(gex_Rank_t np, const char *when) {
  for (gex_Rank_t r = 0; r < np; r++) {
    CHECKF(soak_load_int(&soak_books.announced[r]), "%s: lost messages: no end-of-run announcement from rank %u", when,
           (unsigned)r);
    uint64_t got = soak_load(&soak_books.received[r].count), want = soak_load(&soak_books.announced_count[r]);
    CHECKF(got <= want, "%s: duplicated messages: received %llu requests from rank %u, which sent %llu", when,
           (unsigned long long)got, (unsigned)r, (unsigned long long)want);
    CHECKF(got >= want, "%s: lost messages: received %llu requests from rank %u, which sent %llu", when,
           (unsigned long long)got, (unsigned)r, (unsigned long long)want);
    CHECKF(soak_load(&soak_books.received[r].hash) == soak_load(&soak_books.announced_hash[r]),
           "%s: the requests from rank %u add up to the right count (%llu) but not to the right checksum: "
           "some were lost and as many duplicated, or corrupted", when, (unsigned)r, (unsigned long long)got);
    uint64_t rgot = soak_load(&soak_books.replies[r].count), rwant = soak_load(&soak_books.replies_expected[r].count);
    CHECKF(rgot <= rwant, "%s: duplicated replies: %llu from rank %u, %llu expected", when, (unsigned long long)rgot,
           (unsigned)r, (unsigned long long)rwant);
    CHECKF(rgot >= rwant, "%s: lost replies: %llu from rank %u, %llu expected", when, (unsigned long long)rgot,
           (unsigned)r, (unsigned long long)rwant);
    CHECKF(soak_load(&soak_books.replies[r].hash) == soak_load(&soak_books.replies_expected[r].hash),
           "%s: the replies from rank %u have the wrong checksum", when, (unsigned)r);
  }
}

/* Announces this rank's totals to every peer, waits (bounded) for everyone's announcements and
 * the messages they count, checks, barriers, checks again. */
static TEST_UNUSED void soak_finish_books(gex_TM_t tm, double settle) {
  gex_Rank_t np = gex_TM_QuerySize(tm);
  for (gex_Rank_t r = 0; r < np; r++) {
    uint64_t c = soak_load(&soak_books.sent[r].count), h = soak_load(&soak_books.sent[r].hash);
    CHECK_EQ(gex_AM_RequestShort4(tm, r, soak_done_index, 0, (gex_AM_Arg_t)(uint32_t)c, (gex_AM_Arg_t)(uint32_t)(c >> 32),
                                  (gex_AM_Arg_t)(uint32_t)h, (gex_AM_Arg_t)(uint32_t)(h >> 32)),
             0);
  }
  double deadline = test_now() + settle;
  while (!soak_all_arrived(np) && test_now() < deadline) gasnet_AMPoll();
  soak_check_books(np, "after the last announcement");
  test_barrier(tm);
  for (int i = 0; i < 1000; i++) gasnet_AMPoll(); /* anything still in flight would be a duplicate */
  soak_check_books(np, "after the final barrier");
}

#endif
