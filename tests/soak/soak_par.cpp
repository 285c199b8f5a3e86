// soak_par (GASNET_PAR): several client threads per rank mix RMA and Active Messages to random
// peers for a bounded time; nothing may be lost, duplicated or corrupted.
//
//   soak_par [seconds=S] [settle=S] [inject=none|drop|dup]     (GEX_SOAK_SECONDS overrides S)
//
// Each thread owns a region in every peer's segment. Its RMA rounds put a fresh pattern there
// (Blocking, NB or NBI, random size and offset) and read it back (Blocking, NB or NBI): the data
// read must be exactly what was written. Its AM rounds send Short and Medium requests, half of them
// asking for a Short or Medium reply; handlers run on whichever thread polls. The request and
// reply ledgers (soak_common.h) are shared by the threads and prove exactly-once delivery.
// Run it with GEX_FORCE_AM=1 too: RMA then travels over extended-ref AMs from every thread.
#include <atomic>
#include <cstring>
#include <thread>
#include <vector>

#include "soak_common.h"

namespace {

constexpr int kThreads = 3;
constexpr size_t kRegion = 64 * 1024;  // per (source rank, thread) in every segment

gex_TM_t team;
gex_Rank_t me, np;
uint8_t *seg;
void *peer_seg[TEST_MAX_RANKS];
gex_AM_Index_t h_short, h_medium, h_rshort, h_rmedium;
std::atomic<uint32_t> next_seq[TEST_MAX_RANKS];
std::atomic<uint64_t> rma_ops{0}, am_ops{0}, rma_bytes{0};
size_t max_medium;
thread_local std::vector<uint8_t> reply_buf;

size_t region_off(gex_Rank_t src, int t) { return ((size_t)src * kThreads + (size_t)t) * kRegion; }

gex_Rank_t source_of(gex_Token_t token) {
  gex_Token_Info_t info;
  gex_Token_Info(token, &info, GEX_TI_SRCRANK);
  return info.gex_srcrank;
}

// arg word: reply kind (0 none, 1 short, 2 medium) | reply size << 4
void received(gex_Token_t token, gex_Rank_t src, uint32_t seq, uint32_t word) {
  soak_ledger_add(&soak_books.received[src], soak_hash(src, me, seq, 1));
  unsigned kind = word & 15;
  size_t n = word >> 4;
  if (kind == 1) {
    CHECK_EQ(gex_AM_ReplyShort1(token, h_rshort, 0, (gex_AM_Arg_t)seq), 0);
  } else if (kind == 2) {
    if (reply_buf.size() < max_medium) reply_buf.resize(max_medium);
    test_fill(reply_buf.data(), n, test_seed(me, src, seq, 2));
    CHECK_EQ(gex_AM_ReplyMedium1(token, h_rmedium, reply_buf.data(), n, GEX_EVENT_NOW, 0, (gex_AM_Arg_t)seq), 0);
  }
}

void short_handler(gex_Token_t token, gex_AM_Arg_t seq, gex_AM_Arg_t word, gex_AM_Arg_t check) {
  gex_Rank_t src = source_of(token);
  CHECK_EQ((uint32_t)check, (uint32_t)test_seed(src, me, (uint32_t)seq, 3));
  received(token, src, (uint32_t)seq, (uint32_t)word);
}
void medium_handler(gex_Token_t token, void *buf, size_t n, gex_AM_Arg_t seq, gex_AM_Arg_t word) {
  gex_Rank_t src = source_of(token);
  CHECK_PATTERN(buf, n, test_seed(src, me, (uint32_t)seq, 1));
  received(token, src, (uint32_t)seq, (uint32_t)word);
}
void rshort_handler(gex_Token_t token, gex_AM_Arg_t seq) {
  gex_Rank_t src = source_of(token);
  soak_ledger_add(&soak_books.replies[src], soak_hash(src, me, (uint32_t)seq, 2));
}
void rmedium_handler(gex_Token_t token, void *buf, size_t n, gex_AM_Arg_t seq) {
  gex_Rank_t src = source_of(token);
  CHECK_PATTERN(buf, n, test_seed(src, me, (uint32_t)seq, 2));
  soak_ledger_add(&soak_books.replies[src], soak_hash(src, me, (uint32_t)seq, 2));
}

void rma_round(int t, test_rng_t *rng, std::vector<uint8_t> &src, std::vector<uint8_t> &dst, uint64_t iter) {
  gex_Rank_t peer = (gex_Rank_t)test_rng_range(rng, 0, np - 1);
  size_t n = (size_t)test_rng_range(rng, 1, kRegion);
  if (test_rng_range(rng, 0, 3) == 0) n = (size_t)test_rng_range(rng, 1, 16);  // small ones too
  size_t off = (size_t)test_rng_range(rng, 0, kRegion - n);
  uint8_t *remote = (uint8_t *)peer_seg[peer] + region_off(me, t) + off;
  uint64_t seed = test_seed(me, (uint64_t)t, iter, 0x7A);
  test_fill(src.data(), n, seed);
  switch (test_rng_range(rng, 0, 2)) {
    case 0: CHECK_EQ(gex_RMA_PutBlocking(team, peer, remote, src.data(), n, 0), 0); break;
    case 1: gex_Event_Wait(gex_RMA_PutNB(team, peer, remote, src.data(), n, GEX_EVENT_NOW, 0)); break;
    default:
      CHECK_EQ(gex_RMA_PutNBI(team, peer, remote, src.data(), n, GEX_EVENT_NOW, 0), 0);
      gex_NBI_Wait(GEX_EC_PUT, 0);
  }
  std::memset(dst.data(), 0, n);
  switch (test_rng_range(rng, 0, 2)) {
    case 0: CHECK_EQ(gex_RMA_GetBlocking(team, dst.data(), peer, remote, n, 0), 0); break;
    case 1: gex_Event_Wait(gex_RMA_GetNB(team, dst.data(), peer, remote, n, 0)); break;
    default:
      CHECK_EQ(gex_RMA_GetNBI(team, dst.data(), peer, remote, n, 0), 0);
      gex_NBI_Wait(GEX_EC_GET, 0);
  }
  size_t bad = test_find_mismatch_at(dst.data(), n, seed, 0);
  CHECKF(bad == (size_t)-1, "thread %d: %zu bytes put to rank %u at offset %zu read back wrong at byte %zu", t, n,
         (unsigned)peer, off, bad);
  rma_ops += 2;
  rma_bytes += 2 * n;
}

void am_round(test_rng_t *rng, std::vector<uint8_t> &buf, bool drop, bool dup) {
  gex_Rank_t peer = (gex_Rank_t)test_rng_range(rng, 0, np - 1);
  uint32_t seq = next_seq[peer]++;
  unsigned kind = (unsigned)test_rng_range(rng, 0, 3);
  if (kind == 3) kind = 0;
  size_t rsize = (size_t)test_rng_range(rng, 0, 4096);
  uint32_t word = kind | (uint32_t)(rsize << 4);
  if (kind) soak_ledger_add(&soak_books.replies_expected[peer], soak_hash(peer, me, seq, 2));
  soak_ledger_add(&soak_books.sent[peer], soak_hash(me, peer, seq, 1));
  if (drop) {
    if (kind) soak_ledger_add(&soak_books.replies[peer], soak_hash(peer, me, seq, 2));
    return;
  }
  for (int copy = 0; copy < (dup ? 2 : 1); copy++) {
    if (test_rng_range(rng, 0, 1)) {
      CHECK_EQ(gex_AM_RequestShort3(team, peer, h_short, 0, (gex_AM_Arg_t)seq, (gex_AM_Arg_t)word,
                                    (gex_AM_Arg_t)(uint32_t)test_seed(me, peer, seq, 3)),
               0);
    } else {
      size_t n = (size_t)test_rng_range(rng, 0, max_medium);
      test_fill(buf.data(), n, test_seed(me, peer, seq, 1));
      CHECK_EQ(gex_AM_RequestMedium2(team, peer, h_medium, buf.data(), n, GEX_EVENT_NOW, 0, (gex_AM_Arg_t)seq,
                                     (gex_AM_Arg_t)word),
               0);
    }
  }
  am_ops++;
}

void worker(int t, double end, const char *inject) {
  test_rng_t rng;
  test_rng_seed(&rng, test_seed(me, (uint64_t)t, 0x9A2, 0));
  std::vector<uint8_t> src(kRegion), dst(kRegion), buf(max_medium);
  uint64_t iter = 0;
  bool fault_thread = me == 0 && t == 1;
  while (test_now() < end) {
    for (int i = 0; i < 16; i++, iter++) {
      bool fault = fault_thread && iter == 100;
      if (fault || test_rng_range(&rng, 0, 1)) {
        am_round(&rng, buf, fault && !strcmp(inject, "drop"), fault && !strcmp(inject, "dup"));
      } else {
        rma_round(t, &rng, src, dst, iter);
      }
    }
    gasnet_AMPoll();
  }
}

}  // namespace

int main(int argc, char **argv) {
  gex_Client_t client;
  gex_EP_t ep;
  test_init("SOAK_PAR", &argc, &argv, &client, &ep, &team);
  soak_args_t args = soak_parse_args(argc, argv);
  me = gex_TM_QueryRank(team);
  np = gex_TM_QuerySize(team);
  gex_AM_Entry_t table[] = {
      SOAK_DONE_ENTRY,
      {0, (gex_AM_Fn_t)short_handler, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQUEST, 3, nullptr, "short"},
      {0, (gex_AM_Fn_t)medium_handler, GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_REQUEST, 2, nullptr, "medium"},
      {0, (gex_AM_Fn_t)rshort_handler, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REPLY, 1, nullptr, "rshort"},
      {0, (gex_AM_Fn_t)rmedium_handler, GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_REPLY, 1, nullptr, "rmedium"},
  };
  CHECK_EQ(gex_EP_RegisterHandlers(ep, table, sizeof table / sizeof table[0]), GASNET_OK);
  soak_done_index = table[0].gex_index;
  h_short = table[1].gex_index, h_medium = table[2].gex_index;
  h_rshort = table[3].gex_index, h_rmedium = table[4].gex_index;
  max_medium = gex_AM_MaxRequestMedium(team, 0, GEX_EVENT_NOW, 0, 2);
  CHECK_GE(gex_AM_MaxReplyMedium(team, 0, GEX_EVENT_NOW, 0, 1), 4096);
  seg = (uint8_t *)test_attach(team, (size_t)np * kThreads * kRegion, nullptr);
  test_segment_table(team, peer_seg, nullptr);
  test_barrier(team);

  double start = test_now(), end = start + args.seconds;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; t++) threads.emplace_back(worker, t, end, args.inject);
  for (auto &th : threads) th.join();
  soak_finish_books(team, args.settle);
  TEST_LOG("soak_par: %u ranks x %d threads, %.1f s: rank 0 did %llu RMA ops (%.1f MB) and %llu AM requests; all "
           "verified", (unsigned)np, kThreads, test_now() - start, (unsigned long long)rma_ops.load(),
           rma_bytes.load() / 1e6, (unsigned long long)am_ops.load());
  test_finish(team, "soak_par");
  return 0;
}
