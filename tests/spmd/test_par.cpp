// test_par (GASNET_PAR): several client threads per process injecting AMs and RMA at once.
// Handler counters guarded by handler-safe locks must end exact; a statically initialised HSL
// works; gex_HSL_Trylock fails while another thread holds the lock.
#ifndef GASNET_PAR
#error "test_par must be compiled with -DGASNET_PAR"
#endif
#include "test_util.h"

#include <atomic>
#include <thread>
#include <vector>

namespace {

constexpr int kThreads = 4;
constexpr int kPerPeer = 40;        // AM requests per (thread, peer)
constexpr int kMainIncrements = 5000;
constexpr size_t kRegion = 32 * 1024;  // per (source rank, thread) Put region
constexpr size_t kExport = kThreads * kRegion;

gex_Client_t client;
gex_EP_t ep;
gex_TM_t team;
gex_Rank_t me, np;
uint8_t *seg;
void *peer_seg[TEST_MAX_RANKS];
gex_AM_Index_t h_inc, h_med, h_ack;

gex_HSL_t count_lock = GEX_HSL_INITIALIZER;  // static initialiser
gex_HSL_t reply_lock;                        // gex_HSL_Init
uint64_t counter;                            // under count_lock
uint64_t per_src[TEST_MAX_RANKS][kThreads];  // under count_lock
uint64_t med_bytes[TEST_MAX_RANKS];          // under count_lock
uint64_t replies[kThreads];                  // under reply_lock

size_t put_off(gex_Rank_t src, int t) { return ((size_t)src * kThreads + (size_t)t) * kRegion; }
size_t export_off() { return (size_t)np * kThreads * kRegion; }

gex_Rank_t srcrank(gex_Token_t tok) {
  gex_Token_Info_t ti;
  CHECK(gex_Token_Info(tok, &ti, GEX_TI_SRCRANK) & GEX_TI_SRCRANK);
  return ti.gex_srcrank;
}

void inc_handler(gex_Token_t tok, gex_AM_Arg_t src, gex_AM_Arg_t thread, gex_AM_Arg_t seq) {
  CHECK_EQ(srcrank(tok), (gex_Rank_t)src);
  CHECK(thread >= 0 && thread < kThreads);
  (void)seq;
  gex_HSL_Lock(&count_lock);
  uint64_t c = counter;  // a non-atomic read-modify-write: lost updates show without the lock
  per_src[src][thread]++;
  counter = c + 1;
  gex_HSL_Unlock(&count_lock);
  CHECK_EQ(gex_AM_ReplyShort1(tok, h_ack, 0, thread), 0);
}

void med_handler(gex_Token_t tok, void *buf, size_t n, gex_AM_Arg_t thread, gex_AM_Arg_t seq) {
  gex_Rank_t src = srcrank(tok);
  CHECK_PATTERN(buf, n, test_seed(src, thread, seq, n));
  gex_HSL_Lock(&count_lock);
  med_bytes[src] += n;
  gex_HSL_Unlock(&count_lock);
  CHECK_EQ(gex_AM_ReplyShort1(tok, h_ack, 0, thread), 0);
}

void ack_handler(gex_Token_t tok, gex_AM_Arg_t thread) {
  (void)tok;
  CHECK(thread >= 0 && thread < kThreads);
  gex_HSL_Lock(&reply_lock);
  replies[thread]++;
  gex_HSL_Unlock(&reply_lock);
}

uint64_t read_replies(int t) {
  gex_HSL_Lock(&reply_lock);
  uint64_t v = replies[t];
  gex_HSL_Unlock(&reply_lock);
  return v;
}

size_t med_len(int t, int i) { return (size_t)(t * 131 + i * 17) % 3000; }

void worker(int t) {
  gex_Rank_t left = (me + np - 1) % np, right = (me + 1) % np;
  std::vector<uint8_t> buf(4096);
  uint64_t expect_replies = 0;
  for (int i = 0; i < kPerPeer; i++) {
    for (gex_Rank_t k = 0; k < np; k++) {
      gex_Rank_t peer = (me + k + (gex_Rank_t)t) % np;
      CHECK_EQ(gex_AM_RequestShort3(team, peer, h_inc, 0, (gex_AM_Arg_t)me, t, i), 0);
      size_t n = med_len(t, i);
      test_fill(buf.data(), n, test_seed(me, t, i, n));
      CHECK_EQ(gex_AM_RequestMedium2(team, peer, h_med, buf.data(), n, GEX_EVENT_NOW, 0, t, i), 0);
      expect_replies += 2;
    }
    if (i % 8 == 0) gasnet_AMPoll();
  }
  // RMA: my region at the right neighbour, NBI (per-thread) then NB; Gets from the left one
  std::vector<uint8_t> src(kRegion), dst(kRegion);
  test_fill(src.data(), kRegion, test_seed(me, t, 0x9A7, 0));
  uint8_t *dest = (uint8_t *)peer_seg[right] + put_off(me, t);
  for (size_t off = 0; off < kRegion; off += 4096)
    CHECK_EQ(gex_RMA_PutNBI(team, right, dest + off, src.data() + off, 4096, GEX_EVENT_DEFER, 0), 0);
  gex_NBI_Wait(GEX_EC_PUT, 0);
  CHECK_EQ(gex_NBI_Test(GEX_EC_ALL, 0), 0);
  for (int rep = 0; rep < 4; rep++) {
    size_t off = (size_t)t * kRegion + (size_t)rep * 1000;
    gex_Event_t ev = gex_RMA_GetNB(team, dst.data(), left, (uint8_t *)peer_seg[left] + export_off() + off, 5000, 0);
    gex_Event_Wait(ev);
    CHECK_PATTERN_AT(dst.data(), 5000, test_seed(left, 0xE, 0, 0), off);
  }
  GASNET_BLOCKUNTIL(read_replies(t) == expect_replies);
  CHECK_EQ(read_replies(t), expect_replies);
}

void test_trylock() {
  gex_HSL_t lock;
  gex_HSL_Init(&lock);
  CHECK_EQ(gex_HSL_Trylock(&lock), GASNET_OK);  // free: acquired
  gex_HSL_Unlock(&lock);
  std::atomic<int> stage{0};
  std::thread holder([&] {
    gex_HSL_Lock(&lock);
    stage.store(1);
    while (stage.load() != 2) std::this_thread::yield();
    gex_HSL_Unlock(&lock);
    stage.store(3);
  });
  while (stage.load() != 1) std::this_thread::yield();
  for (int i = 0; i < 100; i++) CHECK(gex_HSL_Trylock(&lock) != 0);  // held by the other thread
  stage.store(2);
  while (stage.load() != 3) std::this_thread::yield();
  CHECK_EQ(gex_HSL_Trylock(&lock), GASNET_OK);
  gex_HSL_Unlock(&lock);
  holder.join();
  gex_HSL_Destroy(&lock);

  // the static lock too
  gex_HSL_Lock(&count_lock);
  std::thread other([] { CHECK(gex_HSL_Trylock(&count_lock) != 0); });
  other.join();
  gex_HSL_Unlock(&count_lock);
}

}  // namespace

int main(int argc, char **argv) {
  test_init("TEST_PAR", &argc, &argv, &client, &ep, &team);
  me = gex_System_QueryJobRank();
  np = gex_System_QueryJobSize();
  CHECK_GE(gex_System_QueryMaxThreads(), kThreads + 1);
  gex_HSL_Init(&reply_lock);
  gex_AM_Entry_t table[] = {
      {0, (gex_AM_Fn_t)inc_handler, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REQUEST, 3, nullptr, "inc"},
      {0, (gex_AM_Fn_t)med_handler, GEX_FLAG_AM_MEDIUM | GEX_FLAG_AM_REQUEST, 2, nullptr, "med"},
      {0, (gex_AM_Fn_t)ack_handler, GEX_FLAG_AM_SHORT | GEX_FLAG_AM_REPLY, 1, nullptr, "ack"},
  };
  CHECK_EQ(gex_EP_RegisterHandlers(ep, table, 3), GASNET_OK);
  h_inc = table[0].gex_index;
  h_med = table[1].gex_index;
  h_ack = table[2].gex_index;
  seg = (uint8_t *)test_attach(team, export_off() + kExport, nullptr);
  test_segment_table(team, peer_seg, nullptr);
  test_fill(seg + export_off(), kExport, test_seed(me, 0xE, 0, 0));
  test_trylock();
  test_barrier(team);

  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; t++) threads.emplace_back(worker, t);
  for (int i = 0; i < kMainIncrements; i++) {  // the main thread competes for the same lock
    gex_HSL_Lock(&count_lock);
    counter++;
    gex_HSL_Unlock(&count_lock);
    if (i % 64 == 0) gasnet_AMPoll();
  }
  for (auto &th : threads) th.join();

  // every rank's threads have sent everything and received every reply
  test_barrier(team);
  gex_HSL_Lock(&count_lock);
  uint64_t c = counter;
  gex_HSL_Unlock(&count_lock);
  CHECK_EQ(c, (uint64_t)np * kThreads * kPerPeer + kMainIncrements);
  for (gex_Rank_t s = 0; s < np; s++) {
    uint64_t bytes = 0;
    for (int t = 0; t < kThreads; t++) {
      CHECK_EQ(per_src[s][t], kPerPeer);
      for (int i = 0; i < kPerPeer; i++) bytes += med_len(t, i);
    }
    CHECK_EQ(med_bytes[s], bytes);
  }
  gex_Rank_t left = (me + np - 1) % np;
  for (int t = 0; t < kThreads; t++) CHECK_PATTERN(seg + put_off(left, t), kRegion, test_seed(left, t, 0x9A7, 0));
  test_finish(team, "test_par");
  return 0;
}
