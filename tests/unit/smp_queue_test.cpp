// The smp conduit's multi-producer AM queue (src/transport/smp/smp_queue.h) on its own: FIFO
// order and laps with pads, refusal when full, a claimed but unpublished record holding the
// consumer back, negotiated-payload reservations committed short or cancelled, stale bytes of
// an earlier lap (old headers, payload bytes) never read as a record, and several producer and
// consumer threads at once; a neighbour's queue mapped in whole at the first send.
#include <gtest/gtest.h>

#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstring>
#include <new>
#include <random>
#include <thread>
#include <vector>

#include "transport/smp/ring_record.h"
#include "transport/smp/smp_queue.h"

using namespace gex::transport;
using namespace gex::transport::smp;

namespace {

constexpr uint32_t kRanks = 8;

// A queue over zero-filled, page-aligned memory, as the inbox gives it.
struct TestQueue {
  explicit TestQueue(size_t bytes, bool reply = false, bool thread_safe = true) {
    control = new QueueControl{};
    control->salt = SmpAmQueue::make_salt(0x5eed1234abcd0000ull ^ bytes);
    data = static_cast<char *>(::operator new[](bytes, std::align_val_t{4096}));
    std::memset(data, 0, bytes);
    q.attach(control, data, bytes, reply, thread_safe);
  }
  ~TestQueue() {
    ::operator delete[](data, std::align_val_t{4096});
    delete control;
  }
  QueueControl *control;
  char *data;
  SmpAmQueue q;
};

struct Seen {
  AmCategory category;
  uint32_t src;
  uint8_t handler;
  std::vector<int32_t> args;
  std::vector<unsigned char> payload;
  const void *dest_addr;
};

[[noreturn]] void fail_corrupt(uint64_t offset, const char *why) {
  ADD_FAILURE() << "corrupt record at " << offset << ": " << why;
  std::abort();
}

unsigned drain_into(SmpAmQueue &q, std::vector<Seen> &out, unsigned budget = 1u << 30) {
  return q.drain(
      budget, kRanks,
      [&](const AmMessage &m) {
        Seen s{m.category, m.src_jobrank, m.handler, std::vector<int32_t>(m.args, m.args + m.nargs), {}, m.dest_addr};
        if (m.category == AmCategory::Medium) {
          EXPECT_EQ(reinterpret_cast<uintptr_t>(m.payload) % 16, 0u) << "Medium payload not 16-byte aligned";
          auto *p = static_cast<const unsigned char *>(m.payload);
          s.payload.assign(p, p + m.nbytes);
        }
        out.push_back(std::move(s));
      },
      fail_corrupt);
}

AmMessage medium(uint8_t handler, const void *payload, uint32_t nbytes, const int32_t *args, uint8_t nargs) {
  AmMessage m{};
  m.category = AmCategory::Medium;
  m.is_request = true;
  m.handler = handler;
  m.nargs = nargs;
  m.nbytes = nbytes;
  m.payload = payload;
  m.args = args;
  return m;
}

bool send(SmpAmQueue &q, const AmMessage &m, uint32_t src) {
  uint64_t position;
  char *rec = q.claim(record_footprint(m), src, position);
  if (!rec) return false;
  write_record(rec, m, src, q.stamp(position));
  return true;
}

// A reservation as SmpTransport makes it: `room` bytes claimed, filled later.
struct Claimed {
  char *rec = nullptr;
  uint64_t position = 0;
};
Claimed claim(SmpAmQueue &q, size_t room, uint32_t src) {
  Claimed c;
  c.rec = q.claim(room, src, c.position);
  return c;
}

}  // namespace

TEST(SmpAmQueue, DeliversEveryKindWithItsFields) {
  TestQueue tq(1 << 18);
  const int32_t args[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  AmMessage s{};
  s.category = AmCategory::Short;
  s.is_request = true;
  s.handler = 200;
  s.nargs = 16;
  s.args = args;
  s.src_ep = 3;
  s.dest_ep = 4;
  ASSERT_TRUE(send(tq.q, s, 5));
  std::vector<unsigned char> payload(1000);
  for (size_t i = 0; i < payload.size(); ++i) payload[i] = uint8_t(i * 7);
  ASSERT_TRUE(send(tq.q, medium(201, payload.data(), 1000, args, 3), 6));
  AmMessage l{};
  l.category = AmCategory::Long;
  l.is_request = true;
  l.handler = 202;
  l.nbytes = 4096;
  l.dest_addr = reinterpret_cast<void *>(uintptr_t(0x12345670));
  ASSERT_TRUE(send(tq.q, l, 7));

  std::vector<Seen> got;
  EXPECT_EQ(drain_into(tq.q, got), 3u);
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(got[0].category, AmCategory::Short);
  EXPECT_EQ(got[0].src, 5u);
  EXPECT_EQ(got[0].handler, 200);
  EXPECT_EQ(got[0].args, std::vector<int32_t>(args, args + 16));
  EXPECT_EQ(got[1].category, AmCategory::Medium);
  EXPECT_EQ(got[1].src, 6u);
  EXPECT_EQ(got[1].payload, payload);
  EXPECT_EQ(got[1].args, std::vector<int32_t>(args, args + 3));
  EXPECT_EQ(got[2].category, AmCategory::Long);
  EXPECT_EQ(got[2].dest_addr, l.dest_addr);
  EXPECT_EQ(drain_into(tq.q, got), 0u);
  EXPECT_FALSE(tq.q.ready());
}

// Many laps with records of random sizes: FIFO, refusal exactly when full, pads at the lap's end.
TEST(SmpAmQueue, LapsWithPadsAndRefusalWhenFull) {
  TestQueue tq(1 << 18);
  std::mt19937 rng(42);
  std::vector<unsigned char> buf(kMaxMedium);
  uint32_t sent = 0, received = 0;
  unsigned refusals = 0;
  std::vector<Seen> got;
  while (sent < 5000) {
    const uint32_t n = rng() % 3 == 0 ? rng() % kMaxMedium : rng() % 300;
    int32_t arg = int32_t(sent);
    std::memset(buf.data(), int(sent & 0xff), n);
    if (send(tq.q, medium(1, buf.data(), n, &arg, 1), sent % kRanks)) {
      ++sent;
      continue;
    }
    ++refusals;
    {  // refused only when the record (and the pad in front of it) would pass one lap of the tail
      const uint64_t head = tq.control->head.load(), tail = tq.control->tail.load();
      const size_t need = record_footprint(medium(1, buf.data(), n, &arg, 1)), pos = head & (tq.q.bytes() - 1);
      const size_t pad = need > tq.q.bytes() - pos ? tq.q.bytes() - pos : 0;
      EXPECT_GT(head + pad + need - tail, tq.q.bytes());
    }
    got.clear();
    drain_into(tq.q, got, 1 + rng() % 8);
    for (const Seen &s : got) {
      ASSERT_EQ(s.args.size(), 1u);
      ASSERT_EQ(uint32_t(s.args[0]), received) << "out of order";
      ASSERT_EQ(s.src, received % kRanks);
      for (unsigned char c : s.payload) ASSERT_EQ(c, received & 0xff);
      ++received;
    }
  }
  got.clear();
  drain_into(tq.q, got);
  received += uint32_t(got.size());
  EXPECT_EQ(received, sent);
  EXPECT_GT(refusals, 0u);
  EXPECT_GT(tq.control->tail.load(), 10u * tq.q.bytes()) << "too few laps to cover wrapping";
}

// A producer that claimed room and has not published yet holds the consumer at that record; the
// records claimed after it wait too, and all come out in order once it publishes.
TEST(SmpAmQueue, UnpublishedRecordHoldsTheConsumer) {
  TestQueue tq(1 << 18);
  int32_t a0 = 0, a1 = 1, a2 = 2;
  AmMessage slow = medium(1, "slow", 4, &a0, 1);
  const Claimed slow_rec = claim(tq.q, record_footprint(slow), 1);
  ASSERT_NE(slow_rec.rec, nullptr);
  ASSERT_TRUE(send(tq.q, medium(1, "b", 1, &a1, 1), 2));
  ASSERT_TRUE(send(tq.q, medium(1, "c", 1, &a2, 1), 3));
  std::vector<Seen> got;
  EXPECT_FALSE(tq.q.ready());
  EXPECT_EQ(drain_into(tq.q, got), 0u);
  write_record(slow_rec.rec, slow, 1, tq.q.stamp(slow_rec.position));
  EXPECT_EQ(drain_into(tq.q, got), 3u);
  ASSERT_EQ(got.size(), 3u);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(got[i].args[0], i);
}

// The runtime's idle probe (head_unpublished, runtime/idle_poll.h): true exactly while nothing is
// published at the consumer's position, through claims, publications, drains and many laps (the
// cached position and stamp must follow every drain, pads included).
TEST(SmpAmQueue, IdleProbeFollowsTheHead) {
  for (bool thread_safe : {false, true}) {
    TestQueue tq(1 << 12, false, thread_safe);
    EXPECT_TRUE(tq.q.head_unpublished());
    int32_t a = 7;
    AmMessage m = medium(1, "probe", 5, &a, 1);
    const Claimed c = claim(tq.q, record_footprint(m), 2);
    ASSERT_NE(c.rec, nullptr);
    EXPECT_TRUE(tq.q.head_unpublished()) << "a claim is not a publication";
    write_record(c.rec, m, 2, tq.q.stamp(c.position));
    EXPECT_FALSE(tq.q.head_unpublished());
    std::vector<Seen> got;
    EXPECT_EQ(drain_into(tq.q, got), 1u);
    EXPECT_TRUE(tq.q.head_unpublished()) << "still looking at the consumed record";
    std::mt19937 rng(11);
    std::vector<unsigned char> payload(700, 0x5a);
    for (int round = 0; round < 400; ++round) {
      const unsigned n = 1 + rng() % 4;
      unsigned sent = 0;
      for (unsigned i = 0; i < n; ++i)
        sent += send(tq.q, medium(2, payload.data(), uint32_t(1 + rng() % payload.size()), &a, 1), 3);
      if (sent) EXPECT_FALSE(tq.q.head_unpublished()) << "round " << round;
      unsigned drained = 0;
      while (drained < sent) {
        const unsigned d = drain_into(tq.q, got, 1);
        ASSERT_LE(d, 1u);
        drained += d;
        EXPECT_EQ(tq.q.head_unpublished(), drained == sent) << "round " << round << ", " << drained << " of " << sent;
      }
    }
    EXPECT_GT(tq.control->tail.load(), 20u * tq.q.bytes()) << "too few laps to cover wrapping";
  }
}

// A producer that died between claim and publish (fault-tolerant jobs): once the dead-rank
// check says so, the consumer skips its room and delivers what others sent after it; while the
// producer lives (or without a check) the room holds the consumer, as above.
bool g_rank1_dead = false;
TEST(SmpAmQueue, RoomOfADeadProducerIsSkipped) {
  for (bool thread_safe : {true, false}) {
    TestQueue tq(1 << 16, false, thread_safe);
    int32_t a1 = 1, a2 = 2;
    AmMessage lost = medium(1, "lost", 4, &a1, 1);
    std::vector<Seen> got;
    // Several laps, so that the skipped rooms' words are met again as stale bytes.
    for (int lap = 0; lap < 40; ++lap) {
      g_rank1_dead = false;
      tq.q.set_dead_check(nullptr);
      const Claimed dead_rec = claim(tq.q, record_footprint(lost), 1);
      ASSERT_NE(dead_rec.rec, nullptr);
      ASSERT_TRUE(send(tq.q, medium(1, "after", 5, &a2, 1), 2));
      got.clear();
      EXPECT_EQ(drain_into(tq.q, got), 0u);  // no check: held
      tq.q.set_dead_check([](uint32_t r) { return r == 1 && g_rank1_dead; });
      EXPECT_EQ(drain_into(tq.q, got), 0u);  // rank 1 alive: held
      g_rank1_dead = true;
      EXPECT_EQ(drain_into(tq.q, got), 1u);  // rank 1 dead: its room is skipped
      ASSERT_EQ(got.size(), 1u);
      EXPECT_EQ(got[0].src, 2u);
      EXPECT_EQ(got[0].args[0], 2);
      EXPECT_EQ(drain_into(tq.q, got), 0u);  // nothing else, and no stale claim taken again
    }
    // A live producer's records still go through with the check set.
    g_rank1_dead = false;
    got.clear();
    ASSERT_TRUE(send(tq.q, medium(1, "x", 1, &a1, 1), 1));
    EXPECT_EQ(drain_into(tq.q, got), 1u);
  }
}

// idle() is the poll's inline test (SmpTransport::poll calls drain only when it is false): it
// must never say "idle" while drain would deliver or skip something, in either consumer mode,
// over many laps of random traffic, unpublished claims and claims of a dead producer.
TEST(SmpAmQueue, IdleNeverHidesWorkFromDrain) {
  for (bool thread_safe : {true, false}) {
    TestQueue tq(1 << 14, false, thread_safe);
    std::mt19937 rng(thread_safe ? 7 : 11);
    std::vector<unsigned char> payload(3000, 0xab);
    std::vector<Claimed> open;
    bool dead = false;  // rank 5, once dead, stays dead
    static bool s_dead;
    s_dead = false;
    tq.q.set_dead_check([](uint32_t r) { return r == 5 && s_dead; });
    unsigned delivered = 0, sent = 0, idle_true = 0;
    EXPECT_EQ(tq.q.idle(), !thread_safe);  // several consumers: never "idle", drain looks
    for (int step = 0; step < 20000; ++step) {
      const unsigned what = rng() % 8;
      if (what < 4) {
        const uint32_t n = rng() % uint32_t(payload.size());
        if (send(tq.q, medium(1, payload.data(), n, nullptr, 0), 2)) ++sent;
      } else if (what == 4 && open.size() < 2) {
        // A producer (rank 5) claims and publishes later, or dies first.
        const AmMessage m = medium(1, "x", 1, nullptr, 0);
        Claimed c = claim(tq.q, record_footprint(m), 5);
        if (c.rec) open.push_back(c);
      } else if (what == 5 && !open.empty()) {
        if (rng() % 4 == 0) {
          s_dead = dead = true;  // rank 5 dies: its open rooms are skipped by drain
          open.clear();
        } else if (!dead) {
          write_record(open.front().rec, medium(1, "x", 1, nullptr, 0), 5, tq.q.stamp(open.front().position));
          ++sent;
          open.erase(open.begin());
        }
      } else {
        const bool idle = tq.q.idle();
        const uint64_t tail = tq.control->tail.load();
        std::vector<Seen> got;
        const unsigned n = drain_into(tq.q, got, 1 + rng() % 4);
        delivered += n;
        if (idle) {
          ++idle_true;
          ASSERT_EQ(n, 0u) << "idle() while drain delivered, step " << step;
          ASSERT_EQ(tq.control->tail.load(), tail) << "idle() while drain advanced, step " << step;
        }
      }
    }
    std::vector<Seen> got;
    while (drain_into(tq.q, got)) {}
    EXPECT_EQ(tq.q.idle(), !thread_safe);
    if (!thread_safe) EXPECT_GT(idle_true, 100u);  // the test did meet idle queues
    EXPECT_GT(delivered, 1000u);  // and busy ones
    EXPECT_EQ(delivered + got.size(), sent);
  }
}

// Negotiated payload: the room is claimed at reserve; a commit of fewer bytes leaves a pad for
// the rest, a cancel leaves a pad for all of it; records claimed meanwhile by others follow.
TEST(SmpAmQueue, ReservationsCommittedShortOrCancelled) {
  TestQueue tq(1 << 18);
  const size_t room = align_up(record_bytes(kMedium, 2, kMaxMedium), kCell);
  const Claimed c1 = claim(tq.q, room, 1), c2 = claim(tq.q, room, 2);
  ASSERT_NE(c1.rec, nullptr);
  ASSERT_NE(c2.rec, nullptr);
  char *r1 = c1.rec, *r2 = c2.rec;
  int32_t x = 9;
  ASSERT_TRUE(send(tq.q, medium(3, "after", 5, &x, 1), 3));
  // The client writes a full payload in both, then commits 10 bytes of the first, cancels the
  // second.
  std::memset(r1 + medium_payload_offset(2), 0x01, kMaxMedium);
  std::memset(r2 + medium_payload_offset(2), 0x01, kMaxMedium);
  std::vector<Seen> got;
  EXPECT_EQ(drain_into(tq.q, got), 0u);
  const int32_t args[2] = {7, 8};
  AmMessage m = medium(4, r1 + medium_payload_offset(2), 10, args, 2);
  const size_t used = record_footprint(m);
  ASSERT_LT(used, room);
  write_pad(r1 + used, room - used, 1, tq.q.stamp(c1.position + used));
  write_record(r1, m, 1, tq.q.stamp(c1.position));
  EXPECT_EQ(drain_into(tq.q, got), 1u);  // then waits at the second reservation
  write_pad(r2, room, 2, tq.q.stamp(c2.position));
  EXPECT_EQ(drain_into(tq.q, got), 1u);
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].handler, 4);
  EXPECT_EQ(got[0].payload, std::vector<unsigned char>(10, 0x01));
  EXPECT_EQ(got[1].handler, 3);
  EXPECT_EQ(tq.control->tail.load(), tq.control->head.load());
}

// Bytes of an earlier lap must never be read as a record: every cell of the queue holds, from
// the lap before, either an old header or payload whose every 8-byte word is what a header at
// that place carried then (its stamp, or a copy of a valid header). Then room is claimed at every
// cell in turn without publishing: the consumer must see nothing there.
TEST(SmpAmQueue, StaleBytesOfAnEarlierLapAreNeverRead) {
  const size_t bytes = 1 << 18;
  TestQueue tq(bytes);
  std::vector<Seen> got;
  std::vector<unsigned char> payload(8192);
  // Shift by one cell each round so every cell held payload, and a header, at some point.
  for (size_t shift = 0; shift < 8192 / kCell + 1; ++shift) {
    AmMessage s{};
    s.category = AmCategory::Short;
    s.is_request = true;
    ASSERT_TRUE(send(tq.q, s, 0));
    for (;;) {
      // The payload's words at each cell: the stamp a header there has in this lap, then the
      // rest of a valid Short header.
      const uint64_t head = tq.control->head.load();
      const uint64_t first = align_up(head + medium_payload_offset(0), kCell);  // the first cell boundary in it
      for (size_t off = 0; off + kCell <= payload.size(); off += kCell) {
        const size_t at = first - head - medium_payload_offset(0) + off;
        if (at + sizeof(RecordHeader) > payload.size()) break;
        alignas(16) char fake[sizeof(RecordHeader)];
        AmMessage f{};
        f.category = AmCategory::Short;
        f.is_request = true;
        f.handler = 77;
        write_record(fake, f, 0, tq.q.stamp(first + off));
        std::memcpy(&payload[at], fake, sizeof fake);
      }
      if (!send(tq.q, medium(1, payload.data(), uint32_t(payload.size()), nullptr, 0), 0)) break;
    }
    got.clear();
    drain_into(tq.q, got);
    for (const Seen &g : got) ASSERT_NE(g.handler, 77);
  }
  // Every cell of the queue, in turn, is where the next record goes: claim it, do not publish.
  for (size_t i = 0; i < bytes / kCell; ++i) {
    const Claimed c = claim(tq.q, kCell, 0);
    ASSERT_NE(c.rec, nullptr);
    ASSERT_FALSE(tq.q.ready()) << "stale bytes read as a record at cell " << i;
    got.clear();
    ASSERT_EQ(drain_into(tq.q, got), 0u);
    write_pad(c.rec, kCell, 0, tq.q.stamp(c.position));
    drain_into(tq.q, got);
  }
}

// The stamp is what publishes: a record whose stamp is not its position's is not there yet.
TEST(SmpAmQueue, OnlyThePositionsStampPublishes) {
  TestQueue tq(1 << 18);
  AmMessage s{};
  s.category = AmCategory::Short;
  s.is_request = true;
  const Claimed c = claim(tq.q, kCell, 3);
  ASSERT_NE(c.rec, nullptr);
  EXPECT_NE(tq.q.stamp(0), 0u) << "a zero-filled queue would look published";
  write_record(c.rec, s, 3, tq.q.stamp(c.position + tq.q.bytes()));  // the next lap's stamp
  std::vector<Seen> got;
  EXPECT_EQ(drain_into(tq.q, got), 0u);
  write_record(c.rec, s, 3, tq.q.stamp(c.position - tq.q.bytes()));  // the previous lap's
  EXPECT_EQ(drain_into(tq.q, got), 0u);
  write_record(c.rec, s, 3, tq.q.stamp(c.position));
  EXPECT_EQ(drain_into(tq.q, got), 1u);
}

// A record the decoder rejects reaches the corrupt callback, and so does a reply in a request
// queue.
TEST(SmpAmQueue, CorruptRecordsAreReported) {
  for (int variant = 0; variant < 2; ++variant) {
    TestQueue tq(1 << 18, /*reply=*/false);
    AmMessage s{};
    s.category = AmCategory::Short;
    s.is_request = variant == 0;
    const Claimed c = claim(tq.q, kCell, 1);
    write_record(c.rec, s, variant == 0 ? kRanks + 3 : 1, tq.q.stamp(c.position));  // a rank beyond the job, or a reply
    const char *reason = nullptr;
    struct Stop {};
    try {
      tq.q.drain(
          8, kRanks, [](const AmMessage &) { ADD_FAILURE() << "delivered a corrupt record"; },
          [&](uint64_t, const char *why) {
            reason = why;
            throw Stop{};
          });
    } catch (Stop) {
    }
    ASSERT_NE(reason, nullptr);
    EXPECT_STREQ(reason, variant == 0 ? "src_jobrank is not a rank of the job" : "a reply in the request queue");
  }
}

// Four producer threads (each a "rank") and three consumer threads at once: every message exactly
// once, each producer's in the order it sent them, payloads intact.
TEST(SmpAmQueue, ManyProducersAndConsumers) {
  TestQueue tq(1 << 18);
  constexpr unsigned kProducers = 4, kConsumers = 3, kPerProducer = 20000;
  std::atomic<unsigned> done_producers{0};
  std::vector<uint32_t> next_seq(kProducers, 0);  // touched by one consumer at a time
  std::atomic<unsigned> total{0};
  std::atomic<unsigned> in_handler{0};
  std::vector<std::thread> threads;
  for (unsigned p = 0; p < kProducers; ++p) {
    threads.emplace_back([&, p] {
      std::mt19937 rng(p);
      std::vector<unsigned char> buf(4096);
      for (uint32_t i = 0; i < kPerProducer;) {
        const uint32_t n = rng() % 4096;
        std::memset(buf.data(), int((p * 31 + i) & 0xff), n);
        int32_t args[2] = {int32_t(p), int32_t(i)};
        const AmMessage m = medium(1, buf.data(), n, args, 2);
        if (rng() % 4 == 0) {  // a reservation, committed or cancelled
          const size_t room = align_up(record_bytes(kMedium, 2, 4096), kCell);
          const Claimed c = claim(tq.q, room, p);
          char *rec = c.rec;
          if (!rec) {
            std::this_thread::yield();
            continue;
          }
          if (rng() % 2) {
            write_pad(rec, room, p, tq.q.stamp(c.position));
            continue;
          }
          char *pl = rec + medium_payload_offset(2);
          std::memcpy(pl, buf.data(), n);
          AmMessage r = m;
          r.payload = pl;
          const size_t used = record_footprint(r);
          if (used < room) write_pad(rec + used, room - used, p, tq.q.stamp(c.position + used));
          write_record(rec, r, p, tq.q.stamp(c.position));
          ++i;
          continue;
        }
        if (send(tq.q, m, p)) {
          ++i;
        } else {
          std::this_thread::yield();
        }
      }
      done_producers.fetch_add(1);
    });
  }
  for (unsigned c = 0; c < kConsumers; ++c) {
    threads.emplace_back([&] {
      for (;;) {
        const bool finished = done_producers.load() == kProducers;
        const unsigned n = tq.q.drain(
            16, kRanks,
            [&](const AmMessage &m) {
              EXPECT_EQ(in_handler.fetch_add(1), 0u) << "two consumers at once";
              const uint32_t p = uint32_t(m.args[0]), i = uint32_t(m.args[1]);
              EXPECT_EQ(m.src_jobrank, p);
              EXPECT_EQ(i, next_seq[p]) << "producer " << p << " out of order or twice";
              next_seq[p] = i + 1;
              auto *b = static_cast<const unsigned char *>(m.payload);
              for (uint32_t k = 0; k < m.nbytes; ++k)
                if (b[k] != ((p * 31 + i) & 0xff)) {
                  ADD_FAILURE() << "payload of " << p << "/" << i << " damaged at " << k;
                  break;
                }
              in_handler.fetch_sub(1);
              total.fetch_add(1);
            },
            fail_corrupt);
        if (finished && total.load() == kProducers * kPerProducer) break;  // a lost message hangs here
        if (n == 0) std::this_thread::yield();
      }
    });
  }
  for (auto &t : threads) t.join();
  EXPECT_EQ(total.load(), kProducers * kPerProducer);
  for (unsigned p = 0; p < kProducers; ++p) EXPECT_EQ(next_seq[p], kPerProducer);
}

// A producer's first claim maps every page of a neighbour's queue at once (the inbox is a
// shared-memory object; here a memfd): no page fault falls on the messages of the first lap.
// A queue attached without it leaves the pages to be faulted in by use.
TEST(SmpAmQueue, FirstClaimPrefaultsTheQueue) {
#ifndef MADV_POPULATE_WRITE
  GTEST_SKIP() << "no MADV_POPULATE_WRITE in this system's headers";
#else
  constexpr size_t kBytes = size_t(1) << 20;
  const long page = sysconf(_SC_PAGESIZE);
  auto resident_pages = [&](char *base) {
    std::vector<unsigned char> vec(kBytes / size_t(page));
    EXPECT_EQ(mincore(base, kBytes, vec.data()), 0);
    size_t n = 0;
    for (unsigned char v : vec) n += v & 1;
    return n;
  };
  {
    // The kernel must know the advice (Linux 5.14): otherwise prefault() does nothing, by design.
    void *probe = mmap(nullptr, size_t(page), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    ASSERT_NE(probe, MAP_FAILED);
    const bool known = madvise(probe, size_t(page), MADV_POPULATE_WRITE) == 0;
    munmap(probe, size_t(page));
    if (!known) GTEST_SKIP() << "this kernel does not know MADV_POPULATE_WRITE (before Linux 5.14)";
  }
  for (bool prefault : {false, true}) {
    const int fd = memfd_create("gex-prefault-test", 0);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(ftruncate(fd, off_t(kBytes)), 0);
    char *data = static_cast<char *>(mmap(nullptr, kBytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0));
    ASSERT_NE(data, MAP_FAILED);
    QueueControl control{};
    control.salt = SmpAmQueue::make_salt(0x1234);
    SmpAmQueue q;
    q.attach(&control, data, kBytes, /*reply=*/false, /*thread_safe=*/false, prefault);
    EXPECT_EQ(resident_pages(data), 0u) << "attach itself touched the queue";
    AmMessage m{};
    m.category = AmCategory::Short;
    m.is_request = true;
    m.handler = 7;
    ASSERT_TRUE(send(q, m, 1));
    const size_t resident = resident_pages(data);
    if (prefault) {
      EXPECT_EQ(resident, kBytes / size_t(page)) << "the first claim did not map the whole queue";
    } else {
      EXPECT_EQ(resident, 1u) << "only the page of the first record should be in";
    }
    std::vector<Seen> seen;
    EXPECT_EQ(drain_into(q, seen), 1u);
    EXPECT_EQ(seen.at(0).handler, 7);
    munmap(data, kBytes);
    close(fd);
  }
#endif
}
