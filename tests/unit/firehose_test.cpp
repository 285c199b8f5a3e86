// firehose (src/firehose/) in one process: N simulated ranks, each with its own Firehose, an AM
// layer whose messages the test queues and delivers (in a random order that keeps each pair's
// order), and a fake pin backend that records every pin and unpin and fails the test on a double
// pin, an unpin of what is not pinned, or a per-peer budget exceeded.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <cstdio>
#include <cstring>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "diag/diag.h"
#include "firehose/firehose.h"
#include "runtime/env.h"

namespace {

using namespace gex::firehose;

constexpr size_t kPage = 4096;
constexpr uintptr_t kBase = 0x10000000;
constexpr size_t kMaxRegion = 16 * kPage;

uintptr_t page_addr(size_t i) { return kBase + i * kPage; }

// Per-peer budget and local budget in units (pages or regions).
Params make_params(Variant v, uint32_t rank, uint32_t size, size_t per_peer, size_t local) {
  Params p;
  p.variant = v;
  p.rank = rank, p.size = size;
  p.page_size = kPage;
  const size_t peers = size > 1 ? size - 1 : 1;
  if (v == Variant::Page) {
    p.M = per_peer * peers * kPage;
    p.maxvictim_M = local * kPage;
  } else {
    p.R = per_peer * peers;
    p.maxvictim_R = local;
    p.max_region_size = kMaxRegion;
    p.M = p.R * kMaxRegion;
    p.maxvictim_M = local * kMaxRegion;
  }
  p.max_payload = 4096;
  return p;
}

struct MoveCall {
  uint32_t node;
  std::vector<Region> unpin, pin;
};

class Sim;

struct Token {
  uint32_t src, dst;
};

class Node final : public Backend {
 public:
  Node(Sim *sim, uint32_t me) : sim_(sim), me(me) {}
  int move(uint32_t node, const Region *unpin, size_t n_unpin, Region *pin, size_t n_pin) override;
  void send_request(uint32_t dest, const void *payload, size_t bytes) override;
  void send_reply(void *token, const void *payload, size_t bytes) override;
  void poll() override;
  int remote_callback(uint32_t node, const Region *pins, size_t n, const void *args, size_t args_bytes) override {
    remote_callbacks.push_back(std::string(static_cast<const char *>(args), args_bytes));
    (void)node, (void)pins, (void)n;
    return 0;
  }

  // Whether [addr, addr+len) is pinned here: every page (page variant), the exact region (region).
  bool pinned(uintptr_t addr, size_t len) const {
    if (variant == Variant::Page) {
      for (uintptr_t a = addr; a < addr + len; a += kPage)
        if (!pages.count(a) && !in_prepinned(a)) return false;
      return true;
    }
    return regions.count({addr, len}) || in_prepinned(addr, len);
  }
  bool in_prepinned(uintptr_t a, size_t len = kPage) const {
    for (const Region &r : prepinned)
      if (a >= r.addr && a + len <= r.addr + r.len) return true;
    return false;
  }
  size_t units_pinned() const { return variant == Variant::Page ? pages.size() : regions.size(); }

  Sim *sim_;
  uint32_t me;
  Variant variant = Variant::Page;
  std::unique_ptr<Firehose> fh;
  std::set<uintptr_t> pages;
  std::map<std::pair<uintptr_t, size_t>, ClientKey> regions;
  std::vector<Region> prepinned;
  std::vector<MoveCall> moves;
  std::vector<MoveRequest> sent;  // every move request this rank sent, decoded
  std::vector<std::string> remote_callbacks;
  uint64_t next_handle = 1;
};

struct Msg {
  uint32_t src, dst;
  bool reply;
  std::vector<unsigned char> payload;
};

class Sim {
 public:
  Sim(Variant v, uint32_t n, size_t per_peer, size_t local, uint64_t seed = 1, bool completion_in_handler = false,
      std::vector<Region> prepinned = {})
      : variant(v), per_peer(per_peer), local(local), rng(seed) {
    for (uint32_t r = 0; r < n; ++r) {
      nodes.push_back(std::make_unique<Node>(this, r));
      Node &node = *nodes.back();
      node.variant = v;
      node.prepinned = prepinned;
      Params p = make_params(v, r, n, per_peer, local);
      p.completion_in_handler = completion_in_handler;
      node.fh = std::make_unique<Firehose>(p, node, prepinned.data(), prepinned.size());
    }
    claimed.resize(n, std::vector<std::set<std::pair<uintptr_t, size_t>>>(n));
  }
  Firehose &fh(uint32_t r) { return *nodes[r]->fh; }
  Node &node(uint32_t r) { return *nodes[r]; }

  // Delivers one message: a random pair's oldest.
  bool deliver_one() {
    if (queue.empty()) return false;
    const size_t pick = std::uniform_int_distribution<size_t>(0, queue.size() - 1)(rng);
    size_t i = 0;
    while (!(queue[i].src == queue[pick].src && queue[i].dst == queue[pick].dst && queue[i].reply == queue[pick].reply)) ++i;
    Msg m = std::move(queue[i]);
    queue.erase(queue.begin() + long(i));
    if (m.reply) {
      fh(m.dst).handle_reply(m.src, m.payload.data(), m.payload.size());
    } else {
      Token t{m.src, m.dst};
      fh(m.dst).handle_request(m.src, m.payload.data(), m.payload.size(), &t);
    }
    return true;
  }
  void deliver_all() {
    while (deliver_one()) {
    }
    for (auto &n : nodes) n->fh->poll();
  }
  size_t units_of(const Region &r) const { return variant == Variant::Page ? r.len / kPage : 1; }

  Variant variant;
  size_t per_peer, local;
  std::mt19937_64 rng;
  std::vector<std::unique_ptr<Node>> nodes;
  std::deque<Msg> queue;
  std::function<void(uint32_t)> poll_hook;  // what a blocked pin's Backend::poll does
  // The units each rank holds at each peer, from the move requests it sent (pins in, victims out).
  std::vector<std::vector<std::set<std::pair<uintptr_t, size_t>>>> claimed;
  size_t polls = 0;
};

int Node::move(uint32_t node, const Region *unpin, size_t n_unpin, Region *pin, size_t n_pin) {
  MoveCall call{node, std::vector<Region>(unpin, unpin + n_unpin), {}};
  // Unpins first, then pins, as the spec says.
  for (size_t i = 0; i < n_unpin; ++i) {
    const Region &r = unpin[i];
    if (variant == Variant::Page) {
      for (uintptr_t a = r.addr; a < r.addr + r.len; a += kPage) {
        if (in_prepinned(a)) ADD_FAILURE() << "rank " << me << " unpins prepinned page " << std::hex << a;
        if (!pages.erase(a)) ADD_FAILURE() << "rank " << me << " unpins page " << std::hex << a << ", not pinned";
      }
    } else {
      auto it = regions.find({r.addr, r.len});
      if (it == regions.end()) ADD_FAILURE() << "rank " << me << " unpins region " << std::hex << r.addr << ", not pinned";
      else {
        if (it->second.rkey != r.key.rkey) ADD_FAILURE() << "rank " << me << " unpins a region with another key";
        regions.erase(it);
      }
    }
  }
  for (size_t i = 0; i < n_pin; ++i) {
    Region &r = pin[i];
    if (r.addr % kPage || r.len % kPage || r.len == 0) ADD_FAILURE() << "unaligned pin";
    if (variant == Variant::Page) {
      for (uintptr_t a = r.addr; a < r.addr + r.len; a += kPage)
        if (!pages.insert(a).second) ADD_FAILURE() << "rank " << me << " pins page " << std::hex << a << " twice";
    } else {
      r.key = ClientKey{(uint64_t(me) << 48) ^ r.addr ^ (uint64_t(r.len) << 20), next_handle++};
      if (!regions.emplace(std::make_pair(r.addr, r.len), r.key).second)
        ADD_FAILURE() << "rank " << me << " pins region " << std::hex << r.addr << "+" << r.len << " twice";
    }
    call.pin.push_back(r);
  }
  moves.push_back(std::move(call));
  return 0;
}

void Node::send_request(uint32_t dest, const void *payload, size_t bytes) {
  EXPECT_LE(bytes, fh->params().max_payload);
  MoveRequest m;
  EXPECT_TRUE(decode_move_request(payload, bytes, m));
  // The model of what this rank holds at dest: never asks twice, never frees what it does not hold.
  auto &held = sim_->claimed[me][dest];
  for (const Region &r : m.unpin) {
    if (variant == Variant::Page) {
      for (uintptr_t a = r.addr; a < r.addr + r.len; a += kPage)
        if (!held.erase({a, kPage})) ADD_FAILURE() << "victim page not held";
    } else if (!held.erase({r.addr, r.len})) {
      ADD_FAILURE() << "victim region not held";
    }
  }
  for (const Region &r : m.pin) {
    if (variant == Variant::Page) {
      for (uintptr_t a = r.addr; a < r.addr + r.len; a += kPage)
        if (!held.insert({a, kPage}).second) ADD_FAILURE() << "page requested twice";
    } else if (!held.insert({r.addr, r.len}).second) {
      ADD_FAILURE() << "region requested twice";
    }
  }
  EXPECT_LE(held.size(), sim_->per_peer) << "rank " << me << " holds more than its budget at rank " << dest;
  sent.push_back(m);
  sim_->queue.push_back(Msg{me, dest, false, std::vector<unsigned char>(static_cast<const unsigned char *>(payload),
                                                                        static_cast<const unsigned char *>(payload) + bytes)});
}

void Node::send_reply(void *token, const void *payload, size_t bytes) {
  auto *t = static_cast<Token *>(token);
  EXPECT_EQ(t->dst, me);
  EXPECT_LE(bytes, fh->params().max_payload);
  sim_->queue.push_back(Msg{me, t->src, true, std::vector<unsigned char>(static_cast<const unsigned char *>(payload),
                                                                          static_cast<const unsigned char *>(payload) + bytes)});
}

void Node::poll() {
  ++sim_->polls;
  if (sim_->poll_hook) sim_->poll_hook(me);
  else sim_->deliver_all();
}

// A remote pin's completion, recorded.
struct Completion {
  int calls = 0;
  const Request *req = nullptr;
  bool all_local_hit = false;
};
void on_complete(void *ctx, const Request *req, bool all_local_hit) {
  auto *c = static_cast<Completion *>(ctx);
  c->calls++;
  c->req = req;
  c->all_local_hit = all_local_hit;
}

template <typename F>
std::string usage_error(F &&f) {
  try {
    f();
  } catch (const UsageError &e) {
    return e.what();
  }
  return "(no error)";
}

const Variant kVariants[] = {Variant::Page, Variant::Region};
std::string vname(const testing::TestParamInfo<Variant> &i) { return variant_name(i.param); }

class FirehoseBoth : public testing::TestWithParam<Variant> {};
INSTANTIATE_TEST_SUITE_P(Variants, FirehoseBoth, testing::ValuesIn(kVariants), vname);

// ---- the remote miss: one AM with the pins and the victims ------------------------------------

TEST_P(FirehoseBoth, RemoteMissIsOneRequestAmThenHits) {
  Sim sim(GetParam(), 3, 8, 8);
  Completion c;
  EXPECT_EQ(sim.fh(0).remote_pin(1, page_addr(2) + 100, 3 * kPage, 0, nullptr, nullptr, on_complete, &c), nullptr);
  ASSERT_EQ(sim.queue.size(), 1u);
  ASSERT_EQ(sim.node(0).sent.size(), 1u);
  const MoveRequest &m = sim.node(0).sent[0];
  ASSERT_EQ(m.pin.size(), 1u);
  EXPECT_EQ(m.pin[0].addr, page_addr(2));
  EXPECT_EQ(m.pin[0].len, 4 * kPage);  // 3 pages from an unaligned start touch 4
  EXPECT_TRUE(m.unpin.empty());
  EXPECT_EQ(c.calls, 0);
  sim.deliver_one();  // the request: rank 1 pins, replies
  ASSERT_EQ(sim.node(1).moves.size(), 1u);
  EXPECT_EQ(sim.node(1).moves[0].node, 0u);
  EXPECT_TRUE(sim.node(1).pinned(page_addr(2), 4 * kPage));
  sim.deliver_one();  // the reply
  EXPECT_EQ(c.calls, 0) << "completion runs from poll() unless completion_in_handler";
  sim.fh(0).poll();
  ASSERT_EQ(c.calls, 1);
  EXPECT_FALSE(c.all_local_hit);
  EXPECT_EQ(c.req->node, 1u);
  EXPECT_LE(c.req->addr, page_addr(2) + 100);
  EXPECT_GE(c.req->addr + c.req->len, page_addr(2) + 100 + 3 * kPage);
  if (GetParam() == Variant::Region)  // the target's key came back with the reply
    EXPECT_EQ(c.req->key.rkey, sim.node(1).regions.at({c.req->addr, c.req->len}).rkey);
  sim.fh(0).release(c.req);

  // Again: a hit, no AM; with RETURN_IF_PINNED the request comes back and no callback runs.
  Completion c2;
  EXPECT_EQ(sim.fh(0).remote_pin(1, page_addr(2) + 100, 3 * kPage, 0, nullptr, nullptr, on_complete, &c2), nullptr);
  EXPECT_EQ(c2.calls, 1);
  EXPECT_TRUE(c2.all_local_hit);
  sim.fh(0).release(c2.req);
  const Request *r = sim.fh(0).remote_pin(1, page_addr(3), kPage, kFlagReturnIfPinned, nullptr, nullptr, on_complete, &c2);
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(c2.calls, 1);
  sim.fh(0).release(r);
  EXPECT_TRUE(sim.queue.empty());
  EXPECT_EQ(sim.node(0).sent.size(), 1u);
  const Stats s = sim.fh(0).stats();
  EXPECT_EQ(s.remote_misses, 1u);
  EXPECT_EQ(s.remote_hits, 2u);
  EXPECT_EQ(s.am_requests, 1u);
}

TEST_P(FirehoseBoth, VictimsTravelWithThePinsInOneAm) {
  // Budget of 4 units at each peer; the target's local FIFO holds 1, so the victims it is sent are
  // unpinned by the same move call that pins the new region.
  Sim sim(GetParam(), 2, 4, 1);
  for (size_t i = 0; i < 4; ++i) {
    Completion c;
    sim.fh(0).remote_pin(1, page_addr(10 * i), kPage, 0, nullptr, nullptr, on_complete, &c);
    sim.deliver_all();
    ASSERT_EQ(c.calls, 1);
    sim.fh(0).release(c.req);
  }
  EXPECT_EQ(sim.fh(0).remote_units_used(1), 4u);
  // Rank 1 holds one local pin: its local budget is used, so a victim it is sent is unpinned.
  const Request *held = sim.fh(1).local_pin(page_addr(200), kPage);
  const size_t moves_before = sim.node(1).moves.size();
  Completion c;
  sim.fh(0).remote_pin(1, page_addr(100), kPage, 0, nullptr, nullptr, on_complete, &c);
  ASSERT_EQ(sim.node(0).sent.size(), 5u);
  const MoveRequest &m = sim.node(0).sent.back();
  ASSERT_EQ(m.pin.size(), 1u);
  EXPECT_EQ(m.pin[0].addr, page_addr(100));
  ASSERT_EQ(m.unpin.size(), 1u);
  EXPECT_EQ(m.unpin[0].addr, page_addr(0)) << "the least recently released is the victim";
  EXPECT_EQ(sim.queue.size(), 1u);
  sim.deliver_all();
  ASSERT_EQ(sim.node(1).moves.size(), moves_before + 1);
  const MoveCall &mv = sim.node(1).moves.back();
  ASSERT_EQ(mv.pin.size(), 1u);
  EXPECT_EQ(mv.pin[0].addr, page_addr(100));
  ASSERT_FALSE(mv.unpin.empty());
  EXPECT_FALSE(sim.node(1).pinned(page_addr(0), kPage));
  EXPECT_EQ(c.calls, 1);
  sim.fh(0).release(c.req);
  sim.fh(1).release(held);
  EXPECT_EQ(sim.fh(0).remote_units_used(1), 4u);
}

TEST_P(FirehoseBoth, RemoteEvictionIsLeastRecentlyUsed) {
  const size_t B = 6;
  Sim sim(GetParam(), 2, B, 64);
  auto pin_release = [&](size_t i) {
    Completion c;
    sim.fh(0).remote_pin(1, page_addr(4 * i), kPage, 0, nullptr, nullptr, on_complete, &c);
    sim.deliver_all();
    ASSERT_EQ(c.calls, 1);
    sim.fh(0).release(c.req);
  };
  for (size_t i = 0; i < B; ++i) pin_release(i);
  pin_release(1);  // a hit: 1 becomes the most recently released
  EXPECT_EQ(sim.node(0).sent.size(), B);
  // New pages evict 0, 2, 3, 4, 5, then 1, in that order.
  const size_t expected[] = {0, 2, 3, 4, 5, 1};
  for (size_t k = 0; k < B; ++k) {
    pin_release(100 + k);
    const MoveRequest &m = sim.node(0).sent.back();
    ASSERT_EQ(m.unpin.size(), 1u);
    EXPECT_EQ(m.unpin[0].addr, page_addr(4 * expected[k])) << "eviction " << k;
  }
}

TEST_P(FirehoseBoth, LocalEvictionIsLeastRecentlyUsed) {
  const size_t L = 5;
  Sim sim(GetParam(), 1, 0, L);
  for (size_t i = 0; i < L; ++i) sim.fh(0).release(sim.fh(0).local_pin(page_addr(3 * i), kPage));
  sim.fh(0).release(sim.fh(0).local_pin(page_addr(0), kPage));  // 0 is now the most recent
  EXPECT_EQ(sim.node(0).moves.size(), L);
  sim.fh(0).release(sim.fh(0).local_pin(page_addr(100), kPage));
  ASSERT_EQ(sim.node(0).moves.back().unpin.size(), 1u);
  EXPECT_EQ(sim.node(0).moves.back().unpin[0].addr, page_addr(3));
  EXPECT_EQ(sim.node(0).moves.back().pin[0].addr, page_addr(100));
  EXPECT_EQ(sim.fh(0).stats().victims_local, 1u);
}

// ---- hit rate, no double pins -------------------------------------------------------------------

TEST_P(FirehoseBoth, RepeatedWorkloadHitsAfterTheFirstPass) {
  Sim sim(GetParam(), 4, 16, 16);
  const size_t W = 8;  // half of each budget
  for (int pass = 0; pass < 10; ++pass) {
    for (size_t i = 0; i < W; ++i) {
      sim.fh(0).release(sim.fh(0).local_pin(page_addr(2 * i) + 8, 100));
      for (uint32_t peer = 1; peer < 4; ++peer) {
        Completion c;
        sim.fh(0).remote_pin(peer, page_addr(2 * i) + 8, 100, 0, nullptr, nullptr, on_complete, &c);
        sim.deliver_all();
        ASSERT_EQ(c.calls, 1);
        EXPECT_EQ(c.all_local_hit, pass > 0);
        sim.fh(0).release(c.req);
      }
    }
  }
  const Stats s = sim.fh(0).stats();
  EXPECT_EQ(s.local_misses, W);
  EXPECT_EQ(s.local_hits, 9 * W);
  EXPECT_EQ(s.remote_misses, 3 * W);
  EXPECT_EQ(s.remote_hits, 27 * W);
  EXPECT_EQ(s.am_requests, 3 * W);
  EXPECT_EQ(sim.node(0).moves.size(), W);  // every local unit pinned once, never again
  EXPECT_EQ(s.pins, W);
  EXPECT_EQ(s.unpins, 0u);
  for (uint32_t peer = 1; peer < 4; ++peer) EXPECT_EQ(sim.node(peer).moves.size(), W);
}

TEST_P(FirehoseBoth, PendingPinsShareOneAm) {
  Sim sim(GetParam(), 2, 8, 8);
  Completion c[8];
  for (auto &ci : c)
    EXPECT_EQ(sim.fh(0).remote_pin(1, page_addr(5) + 16, 64, 0, nullptr, nullptr, on_complete, &ci), nullptr);
  EXPECT_EQ(sim.queue.size(), 1u);
  for (auto &ci : c) EXPECT_EQ(ci.calls, 0);
  EXPECT_EQ(sim.fh(0).try_remote_pin(1, page_addr(5), 64, 0), nullptr) << "a pending pin is not pinned yet";
  sim.deliver_all();
  for (auto &ci : c) {
    EXPECT_EQ(ci.calls, 1);
    sim.fh(0).release(ci.req);
  }
  EXPECT_FALSE(c[0].all_local_hit);
  EXPECT_EQ(sim.fh(0).stats().remote_pending, 7u);
  const Request *t = sim.fh(0).try_remote_pin(1, page_addr(5), 64, 0);
  ASSERT_NE(t, nullptr);
  sim.fh(0).release(t);
  EXPECT_TRUE(sim.queue.empty());
}

TEST_P(FirehoseBoth, CompletionInHandlerAndRemoteCallbackArgs) {
  Sim sim(GetParam(), 2, 8, 8, 1, /*completion_in_handler=*/true);
  Completion c;
  sim.fh(0).remote_pin(1, page_addr(1), kPage, kFlagEnableRemoteCallback, nullptr,
                       [](void *, void *args) -> size_t {
                         std::memcpy(args, "hello firehose", 14);
                         return 14;
                       },
                       on_complete, &c);
  sim.deliver_one();
  ASSERT_EQ(sim.node(1).remote_callbacks.size(), 1u);
  EXPECT_EQ(sim.node(1).remote_callbacks[0], "hello firehose");
  sim.deliver_one();  // the reply runs the callback in the handler: no poll()
  EXPECT_EQ(c.calls, 1);
  sim.fh(0).release(c.req);
}

TEST_P(FirehoseBoth, TryPinsNeverPinOrSend) {
  Sim sim(GetParam(), 2, 8, 8);
  EXPECT_EQ(sim.fh(0).try_local_pin(page_addr(1), kPage), nullptr);
  EXPECT_EQ(sim.fh(0).try_remote_pin(1, page_addr(1), kPage, 0), nullptr);
  EXPECT_TRUE(sim.node(0).moves.empty());
  EXPECT_TRUE(sim.queue.empty());
  Request mine;
  const Request *r = sim.fh(0).local_pin(page_addr(1) + 5, 10, &mine);
  EXPECT_EQ(r, &mine) << "the client's storage is used";
  const Request *t = sim.fh(0).try_local_pin(page_addr(1), kPage);
  ASSERT_NE(t, nullptr);
  sim.fh(0).release(t);
  sim.fh(0).release(r);
  EXPECT_EQ(sim.node(0).moves.size(), 1u);
}

// local_pin_nowait (what a transport uses: it must not wait inside a send): pins and evicts as
// local_pin does, returns null without pinning when every slot is held, and takes the same
// arguments' checks.
TEST_P(FirehoseBoth, LocalPinNowaitNeverWaits) {
  const size_t L = 3;
  Sim sim(GetParam(), 1, 0, L);
  Firehose &fh = sim.fh(0);
  std::vector<const Request *> held;
  for (size_t i = 0; i < L; ++i) {
    const Request *r = fh.local_pin_nowait(page_addr(3 * i), kPage);
    ASSERT_NE(r, nullptr);
    held.push_back(r);
  }
  const size_t moves = sim.node(0).moves.size();
  EXPECT_EQ(fh.local_pin_nowait(page_addr(100), kPage), nullptr) << "every slot is in use";
  EXPECT_EQ(sim.node(0).moves.size(), moves) << "a refused pin pins nothing";
  const Request *again = fh.local_pin_nowait(page_addr(3), kPage);  // a hit needs no slot
  ASSERT_NE(again, nullptr);
  fh.release(again);
  fh.release(held[1]);  // page 3 idle: the new pin evicts it
  const Request *r = fh.local_pin_nowait(page_addr(100), kPage);
  ASSERT_NE(r, nullptr);
  ASSERT_EQ(sim.node(0).moves.back().unpin.size(), 1u);
  EXPECT_EQ(sim.node(0).moves.back().unpin[0].addr, page_addr(3));
  fh.release(r);
  fh.release(held[0]);
  fh.release(held[2]);
  fh.check_invariants();
  const std::string e = usage_error([&] { fh.local_pin_nowait(page_addr(0), 1000 * kMaxRegion); });
  EXPECT_NE(e.find("firehose_local_pin"), std::string::npos) << e;
  EXPECT_NE(e.find("exceeds the budget"), std::string::npos) << e;
  Request mine;  // the client's storage: still readable after its release
  fh.release(fh.local_pin_nowait(page_addr(7), kPage, &mine));
  const std::string e2 = usage_error([&] { fh.release(&mine); });
  EXPECT_NE(e2.find("firehose_release"), std::string::npos) << e2;
}

TEST_P(FirehoseBoth, PartialPinsReturnTheLowestPinnedRun) {
  Sim sim(GetParam(), 2, 8, 8);
  Firehose &fh = sim.fh(0);
  fh.release(fh.local_pin(page_addr(5), 2 * kPage));
  fh.release(fh.local_pin(page_addr(9), kPage));
  const size_t moves = sim.node(0).moves.size();
  const Request *q = fh.partial_local_pin(page_addr(3) + 7, 20 * kPage);
  ASSERT_NE(q, nullptr);
  EXPECT_EQ(q->addr, page_addr(5));
  EXPECT_EQ(q->len, 2 * kPage);
  fh.release(q);
  EXPECT_EQ(fh.partial_local_pin(page_addr(20), 8 * kPage), nullptr);
  EXPECT_EQ(sim.node(0).moves.size(), moves) << "partial pins never pin";

  Completion c;
  fh.remote_pin(1, page_addr(20), kPage, 0, nullptr, nullptr, on_complete, &c);
  sim.deliver_all();
  fh.release(c.req);
  Completion pending;
  fh.remote_pin(1, page_addr(30), kPage, 0, nullptr, nullptr, on_complete, &pending);
  const size_t sent = sim.node(0).sent.size();
  const Request *rq = fh.partial_remote_pin(1, page_addr(18), 20 * kPage, 0);
  ASSERT_NE(rq, nullptr);
  EXPECT_EQ(rq->addr, page_addr(20));
  EXPECT_EQ(rq->len, kPage);
  fh.release(rq);
  EXPECT_EQ(fh.partial_remote_pin(1, page_addr(30), kPage, 0), nullptr) << "pending is not pinned";
  EXPECT_EQ(sim.node(0).sent.size(), sent) << "partial pins never send";
  sim.deliver_all();
  fh.release(pending.req);
}

TEST(Firehose, LocalOnlyRefusesRemotePins) {
  Sim ok(Variant::Region, 2, 4, 4);
  Node backend(&ok, 0);
  Params p = make_params(Variant::Region, 0, 2, 4, 4);
  p.local_only = true;
  Firehose fh(p, backend);
  EXPECT_EQ(fh.info().max_remote_pin_size, 0u);
  EXPECT_EQ(fh.info().max_remote_regions, 0u);
  const std::string e = usage_error([&] { fh.remote_pin(1, page_addr(0), kPage, 0, nullptr, nullptr, on_complete, nullptr); });
  EXPECT_NE(e.find("LOCAL_ONLY"), std::string::npos) << e;
  fh.release(fh.local_pin(page_addr(0), kPage));
}

TEST(Firehose, PageVariantLocalPinAndTargetShareThePages) {
  // Rank 1 pins a page locally; rank 0 then pins it remotely: no second pin at rank 1, and rank 1's
  // release leaves it pinned while rank 0 holds it.
  Sim sim(Variant::Page, 2, 8, 8);
  const Request *l = sim.fh(1).local_pin(page_addr(7), kPage);
  EXPECT_EQ(sim.node(1).moves.size(), 1u);
  Completion c;
  sim.fh(0).remote_pin(1, page_addr(6), 2 * kPage, 0, nullptr, nullptr, on_complete, &c);
  sim.deliver_all();
  ASSERT_EQ(sim.node(1).moves.size(), 2u);
  ASSERT_EQ(sim.node(1).moves[1].pin.size(), 1u);
  EXPECT_EQ(sim.node(1).moves[1].pin[0].addr, page_addr(6));
  EXPECT_EQ(sim.node(1).moves[1].pin[0].len, kPage) << "page 7 was pinned already";
  sim.fh(1).release(l);
  EXPECT_TRUE(sim.node(1).pinned(page_addr(6), 2 * kPage));
  sim.fh(0).release(c.req);
  sim.fh(1).check_invariants();
}

TEST_P(FirehoseBoth, PrepinnedMemoryIsNeverPinnedOrUnpinned) {
  std::vector<Region> pre{Region{page_addr(0), 64 * kPage, ClientKey{77, 1}}};
  Sim sim(GetParam(), 2, 4, 4, 1, false, pre);
  for (int i = 0; i < 3; ++i) {
    const Request *r = sim.fh(1).local_pin(page_addr(3) + 1, 5 * kPage);
    if (GetParam() == Variant::Region) EXPECT_EQ(r->key.rkey, 77u);
    sim.fh(1).release(r);
  }
  EXPECT_TRUE(sim.node(1).moves.empty());
  // Remote pins of prepinned memory: the target pins nothing and answers with the prepinned key.
  for (size_t i = 0; i < 10; ++i) {
    Completion c;
    sim.fh(0).remote_pin(1, page_addr(5 * i), kPage, 0, nullptr, nullptr, on_complete, &c);
    sim.deliver_all();
    ASSERT_EQ(c.calls, 1);
    if (GetParam() == Variant::Region) EXPECT_EQ(c.req->key.rkey, 77u);
    sim.fh(0).release(c.req);
  }
  EXPECT_TRUE(sim.node(1).moves.empty());
  sim.fh(1).check_invariants();
}

// ---- bad input ----------------------------------------------------------------------------------

TEST_P(FirehoseBoth, BadInputIsAClearError) {
  Sim sim(GetParam(), 2, 4, 4);
  Firehose &fh = sim.fh(0);
  const size_t too_big = fh.info().max_local_pin_size + 1;
  std::string e = usage_error([&] { fh.local_pin(page_addr(0), too_big); });
  EXPECT_NE(e.find("firehose_local_pin"), std::string::npos) << e;
  EXPECT_NE(e.find("max_LocalPinSize"), std::string::npos) << e;
  e = usage_error([&] { fh.remote_pin(1, page_addr(0), fh.info().max_remote_pin_size + kPage, 0, nullptr, nullptr, on_complete, nullptr); });
  EXPECT_NE(e.find("firehose_remote_pin"), std::string::npos) << e;
  EXPECT_NE(e.find("max_RemotePinSize"), std::string::npos) << e;
  e = usage_error([&] { fh.remote_pin(0, page_addr(0), kPage, 0, nullptr, nullptr, on_complete, nullptr); });
  EXPECT_NE(e.find("is this rank"), std::string::npos) << e;
  e = usage_error([&] { fh.remote_pin(7, page_addr(0), kPage, 0, nullptr, nullptr, on_complete, nullptr); });
  EXPECT_NE(e.find("node 7"), std::string::npos) << e;
  e = usage_error([&] { fh.local_pin(page_addr(0), 0); });
  EXPECT_NE(e.find("len is 0"), std::string::npos) << e;
  e = usage_error([&] { fh.local_pin(~uintptr_t(0) - 10, 100); });
  EXPECT_NE(e.find("wraps"), std::string::npos) << e;

  Request never{};
  e = usage_error([&] { fh.release(&never); });
  EXPECT_NE(e.find("firehose_release"), std::string::npos) << e;
  EXPECT_NE(e.find("never returned by a pin"), std::string::npos) << e;
  Request forged{};
  forged.flags = 1 | 8;  // looks live and local, names memory firehose never pinned
  forged.node = 0, forged.addr = page_addr(40), forged.len = kPage;
  e = usage_error([&] { fh.release(&forged); });
  EXPECT_NE(e.find("is not pinned by firehose"), std::string::npos) << e;
  Request mine;
  fh.local_pin(page_addr(1), kPage, &mine);
  fh.release(&mine);
  e = usage_error([&] { fh.release(&mine); });
  EXPECT_NE(e.find("released already"), std::string::npos) << e;
  fh.check_invariants();
  EXPECT_EQ(fh.local_units_counted(), 1u);  // the idle page, nothing else changed
}

TEST(Firehose, ConfigurationErrors) {
  Sim ok(Variant::Page, 2, 4, 4);
  Node backend(&ok, 0);
  Params p = make_params(Variant::Page, 0, 3, 4, 4);
  p.M = kPage;  // less than one page for each of two peers
  EXPECT_THROW((Firehose{p, backend}), ConfigError);
  p = make_params(Variant::Region, 0, 2, 4, 4);
  p.max_payload = 64;
  EXPECT_THROW((Firehose{p, backend}), ConfigError);
  p = make_params(Variant::Page, 0, 2, 4, 0);
  EXPECT_THROW((Firehose{p, backend}), ConfigError);
  Region bad{page_addr(0) + 1, kPage, {}};
  p = make_params(Variant::Page, 0, 2, 4, 4);
  EXPECT_THROW((Firehose{p, backend, &bad, 1}), ConfigError);
}

// ---- randomized workloads -----------------------------------------------------------------------

struct Outstanding {
  int calls = 0;
  uint32_t owner = 0;
  std::vector<std::vector<const Request *>> *owned = nullptr;
};
void on_random_complete(void *ctx, const Request *req, bool) {
  auto *o = static_cast<Outstanding *>(ctx);
  EXPECT_EQ(o->calls, 0) << "a completion ran twice";
  o->calls++;
  (*o->owned)[o->owner].push_back(req);
}

// What the workloads exercised, summed over seeds (a workload that never evicts proves little).
struct Coverage {
  uint64_t victims_local = 0, victims_remote = 0, remote_hits = 0, remote_pending = 0, local_hits = 0, am = 0,
           blocked_polls = 0, unpins = 0;
};

void random_workload(Variant v, uint64_t seed, uint32_t n, int steps, Coverage &cov) {
  const size_t per_peer = 6 + seed % 5, local = 8 + seed % 7, space = 48;
  Sim sim(v, n, per_peer, local, seed, seed % 2 == 0);
  std::mt19937_64 &rng = sim.rng;
  auto rnd = [&](size_t lo, size_t hi) { return std::uniform_int_distribution<size_t>(lo, hi)(rng); };
  std::vector<std::vector<const Request *>> owned(n);
  std::deque<Outstanding> outstanding;  // stable addresses
  size_t remote_pins = 0;

  auto check_owned = [&](const Request *r, uint32_t owner) {
    const uint32_t where = r->node;
    Node &at = sim.node(where);
    EXPECT_TRUE(at.pinned(r->addr, r->len)) << "rank " << owner << " owns " << std::hex << r->addr << "+" << r->len
                                            << " at rank " << std::dec << where << ", which is not pinned there";
    if (v == Variant::Region && !at.in_prepinned(r->addr, r->len) && at.regions.count({r->addr, r->len}))
      EXPECT_EQ(r->key.rkey, at.regions.at({r->addr, r->len}).rkey) << "stale key";
    (void)owner;
  };
  auto release_some = [&](uint32_t r, size_t keep) {
    auto &o = owned[r];
    while (o.size() > keep) {
      const size_t i = rnd(0, o.size() - 1);
      check_owned(o[i], r);
      sim.fh(r).release(o[i]);
      o.erase(o.begin() + long(i));
    }
  };
  // A blocked pin: the network progresses and the other operations of the blocked rank finish.
  sim.poll_hook = [&](uint32_t r) {
    sim.deliver_all();
    release_some(r, owned[r].size() / 2);
  };
  // A range whose whole pages fit a pin limit: len <= limit - one page.
  auto range = [&](size_t max_len) {
    const uintptr_t addr = page_addr(rnd(0, space - 1)) + rnd(0, kPage - 1);
    return std::make_pair(addr, rnd(1, std::min(max_len, 4 * kPage)));
  };
  for (int step = 0; step < steps; ++step) {
    const uint32_t r = uint32_t(rnd(0, n - 1));
    Firehose &fh = sim.fh(r);
    switch (rnd(0, 9)) {
      case 0:
      case 1: {
        auto [addr, len] = range(fh.info().max_local_pin_size - kPage);
        owned[r].push_back(fh.local_pin(addr, len));
        break;
      }
      case 2: {
        auto [addr, len] = range(fh.info().max_local_pin_size - kPage);
        const Request *t = rnd(0, 1) ? fh.try_local_pin(addr, len) : fh.partial_local_pin(addr, 3 * len);
        if (t) owned[r].push_back(t);
        break;
      }
      case 3:
      case 4:
      case 5: {
        if (n < 2) break;
        uint32_t peer = uint32_t(rnd(0, n - 2));
        if (peer >= r) ++peer;
        auto [addr, len] = range(fh.info().max_remote_pin_size - kPage);
        outstanding.push_back(Outstanding{0, r, &owned});
        const uint32_t flags = rnd(0, 1) ? kFlagReturnIfPinned : 0;
        const Request *got = fh.remote_pin(peer, addr, len, flags, nullptr, nullptr, on_random_complete, &outstanding.back());
        ++remote_pins;
        if (got) {
          EXPECT_EQ(outstanding.back().calls, 0);
          outstanding.back().calls = 1;
          owned[r].push_back(got);
        }
        break;
      }
      case 6: {
        if (n < 2) break;
        uint32_t peer = uint32_t(rnd(0, n - 2));
        if (peer >= r) ++peer;
        auto [addr, len] = range(fh.info().max_remote_pin_size - kPage);
        const Request *t = rnd(0, 1) ? fh.try_remote_pin(peer, addr, len, 0) : fh.partial_remote_pin(peer, addr, 3 * len, 0);
        if (t) owned[r].push_back(t);
        break;
      }
      case 7:
      case 8:
        release_some(r, owned[r].empty() ? 0 : owned[r].size() - 1);
        break;
      default:
        for (size_t k = rnd(1, 4); k-- && sim.deliver_one();) {
        }
        fh.poll();
        break;
    }
    if (testing::Test::HasFailure()) FAIL() << "seed " << seed << " step " << step;
    if (step % 16 == 0 || step == steps - 1) {
      for (uint32_t k = 0; k < n; ++k) {
        try {
          sim.fh(k).check_invariants();
        } catch (const std::logic_error &e) {
          FAIL() << "seed " << seed << " step " << step << " rank " << k << ": " << e.what();
        }
        for (const Request *o : owned[k]) check_owned(o, k);
        // What a rank has pinned: at most its peers' budgets plus its own local budget.
        EXPECT_LE(sim.node(k).units_pinned(), (n - 1) * per_peer + local) << "rank " << k;
        for (uint32_t peer = 0; peer < n; ++peer) EXPECT_LE(sim.fh(k).remote_units_used(peer), per_peer);
      }
    }
  }
  // Drain: every remote pin completes exactly once, everything is released, nothing leaks.
  sim.deliver_all();
  for (auto &o : outstanding) EXPECT_EQ(o.calls, 1) << "seed " << seed;
  for (uint32_t k = 0; k < n; ++k) release_some(k, 0);
  for (uint32_t k = 0; k < n; ++k) {
    EXPECT_EQ(sim.fh(k).fini(), 0u);
    sim.fh(k).check_invariants();
    const Stats s = sim.fh(k).stats();
    cov.victims_local += s.victims_local, cov.victims_remote += s.victims_remote;
    cov.remote_hits += s.remote_hits, cov.remote_pending += s.remote_pending, cov.local_hits += s.local_hits;
    cov.am += s.am_requests, cov.unpins += s.unpins;
    // The statistics agree with what the fake backend saw.
    EXPECT_EQ(s.move_calls, sim.node(k).moves.size());
    EXPECT_EQ(s.am_requests, sim.node(k).sent.size());
    EXPECT_EQ(s.units_pinned_now, sim.node(k).units_pinned());
  }
  cov.blocked_polls += sim.polls;
  EXPECT_GT(remote_pins, 0u);
}

TEST_P(FirehoseBoth, RandomizedWorkloadsKeepEveryInvariant) {
  Coverage cov;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    random_workload(GetParam(), seed, uint32_t(2 + seed % 4), 4000, cov);
    if (HasFailure()) return;
  }
  EXPECT_GT(cov.victims_local, 100u);
  EXPECT_GT(cov.victims_remote, 100u);
  EXPECT_GT(cov.remote_hits, 100u);
  EXPECT_GT(cov.remote_pending, 10u);
  EXPECT_GT(cov.local_hits, 100u);
  EXPECT_GT(cov.unpins, 100u);
  EXPECT_GT(cov.blocked_polls, 10u);
  std::printf("coverage: victims local %llu remote %llu, hits local %llu remote %llu, pending %llu, AMs %llu, "
              "unpins %llu, blocked polls %llu\n",
              (unsigned long long)cov.victims_local, (unsigned long long)cov.victims_remote,
              (unsigned long long)cov.local_hits, (unsigned long long)cov.remote_hits,
              (unsigned long long)cov.remote_pending, (unsigned long long)cov.am, (unsigned long long)cov.unpins,
              (unsigned long long)cov.blocked_polls);
}

// ---- threads ------------------------------------------------------------------------------------

// Ranks whose AMs are delivered at once, in the sending thread (the request handler runs the
// target's move and replies, the reply handler runs the completion), and threads on every rank
// pinning and releasing at once: the fake backend (under its own lock) sees no double pin.
class ThreadedNode final : public Backend {
 public:
  int move(uint32_t, const Region *unpin, size_t n_unpin, Region *pin, size_t n_pin) override {
    std::lock_guard<std::mutex> lock(m);
    for (size_t i = 0; i < n_unpin; ++i) {
      if (variant == Variant::Region) {
        if (!regions.erase({unpin[i].addr, unpin[i].len})) ++errors;
        continue;
      }
      for (uintptr_t a = unpin[i].addr; a < unpin[i].addr + unpin[i].len; a += kPage)
        if (!pages.erase(a)) ++errors;
    }
    for (size_t i = 0; i < n_pin; ++i) {
      if (variant == Variant::Region) {
        if (!regions.insert({pin[i].addr, pin[i].len}).second) ++errors;
        continue;
      }
      for (uintptr_t a = pin[i].addr; a < pin[i].addr + pin[i].len; a += kPage)
        if (!pages.insert(a).second) ++errors;
    }
    return 0;
  }
  void send_request(uint32_t dest, const void *payload, size_t bytes) override {
    Token t{me, dest};
    (*all)[dest]->fh->handle_request(me, payload, bytes, &t);
  }
  void send_reply(void *token, const void *payload, size_t bytes) override {
    auto *t = static_cast<Token *>(token);
    (*all)[t->src]->fh->handle_reply(me, payload, bytes);
  }
  void poll() override { std::this_thread::yield(); }
  bool pinned(uintptr_t addr, size_t len) {
    std::lock_guard<std::mutex> lock(m);
    if (variant == Variant::Region) return regions.count({addr, len}) != 0;
    for (uintptr_t a = addr & ~uintptr_t(kPage - 1); a < addr + len; a += kPage)
      if (!pages.count(a)) return false;
    return true;
  }
  uint32_t me = 0;
  std::vector<std::unique_ptr<ThreadedNode>> *all = nullptr;
  std::unique_ptr<Firehose> fh;
  std::mutex m;
  std::set<uintptr_t> pages;
  std::set<std::pair<uintptr_t, size_t>> regions;
  Variant variant = Variant::Page;
  int errors = 0;
};

class FirehoseThreads : public testing::TestWithParam<Variant> {};
INSTANTIATE_TEST_SUITE_P(Variants, FirehoseThreads, testing::ValuesIn(kVariants), vname);

TEST_P(FirehoseThreads, ConcurrentPinsOnEveryRank) {
  constexpr uint32_t kRanks = 3, kThreads = 3;
  std::vector<std::unique_ptr<ThreadedNode>> nodes;
  for (uint32_t r = 0; r < kRanks; ++r) {
    nodes.push_back(std::make_unique<ThreadedNode>());
    nodes.back()->me = r;
    nodes.back()->all = &nodes;
    nodes.back()->variant = GetParam();
    Params p = make_params(GetParam(), r, kRanks, 12, 12);
    p.completion_in_handler = true;
    nodes.back()->fh = std::make_unique<Firehose>(p, *nodes.back());
  }
  std::atomic<int> bad{0};
  std::vector<std::thread> threads;
  for (uint32_t r = 0; r < kRanks; ++r)
    for (uint32_t t = 0; t < kThreads; ++t)
      threads.emplace_back([&, r, t] {
        std::mt19937_64 rng(r * 100 + t);
        Firehose &fh = *nodes[r]->fh;
        for (int i = 0; i < 3000; ++i) {
          const uintptr_t addr = page_addr(rng() % 40) + rng() % kPage;
          const size_t len = 1 + rng() % (2 * kPage);
          if (rng() % 2) {
            const Request *q = fh.local_pin(addr, len);
            if (!nodes[r]->pinned(q->addr, q->len)) ++bad;
            fh.release(q);
          } else {
            const uint32_t peer = (r + 1 + uint32_t(rng() % (kRanks - 1))) % kRanks;
            std::atomic<const Request *> got{nullptr};
            fh.remote_pin(peer, addr, len, 0, nullptr, nullptr,
                          [](void *ctx, const Request *q, bool) {
                            static_cast<std::atomic<const Request *> *>(ctx)->store(q);
                          },
                          &got);
            while (!got.load()) std::this_thread::yield();
            const Request *q = got.load();
            if (!nodes[peer]->pinned(q->addr, q->len)) ++bad;
            fh.release(q);
          }
        }
      });
  for (auto &th : threads) th.join();
  EXPECT_EQ(bad.load(), 0) << "a pin in use was not pinned";
  for (auto &n : nodes) {
    EXPECT_EQ(n->errors, 0) << "double pin or bad unpin at rank " << n->me;
    n->fh->check_invariants();
    EXPECT_EQ(n->fh->fini(), 0u);
    EXPECT_GT(n->fh->stats().victims_remote + n->fh->stats().victims_local, 0u);
  }
}

// ---- statistics in GEX_STATS ----------------------------------------------------------------------

TEST(FirehoseStats, CountersReachTheStatisticsOutput) {
  gex::diag::g_on = gex::diag::kStats;
  Sim sim(Variant::Region, 2, 4, 4);
  sim.fh(0).release(sim.fh(0).local_pin(page_addr(1), kPage));
  sim.fh(0).release(sim.fh(0).local_pin(page_addr(1), kPage));
  Completion c;
  sim.fh(0).remote_pin(1, page_addr(1), kPage, 0, nullptr, nullptr, on_complete, &c);
  sim.deliver_all();
  sim.fh(0).release(c.req);
  testing::internal::CaptureStderr();
  gex::diag::finish();
  const std::string out = testing::internal::GetCapturedStderr();
  gex::diag::g_on = 0;
  auto line = [&](const std::string &pattern) { return std::regex_search(out, std::regex(pattern)); };
  EXPECT_TRUE(line("firehose\\.local\\.hit +count=1 ")) << out;
  EXPECT_TRUE(line("firehose\\.local\\.miss +count=1 ")) << out;
  EXPECT_TRUE(line("firehose\\.remote\\.miss +count=1 ")) << out;
  // Rank 0 pinned one page for itself, rank 1 one for rank 0: two pins of 4096 bytes, two moves.
  EXPECT_TRUE(line("firehose\\.pin +count=2 bytes=8192 ")) << out;
  EXPECT_TRUE(line("firehose\\.move +count=2 ")) << out;
  EXPECT_FALSE(line("firehose\\.unpin")) << out;
}

// ---- environment --------------------------------------------------------------------------------

struct EnvGuard {
  std::vector<std::string> names;
  void set(const char *name, const char *value) {
    setenv(name, value, 1);
    names.push_back(name);
  }
  ~EnvGuard() {
    for (auto &n : names) unsetenv(n.c_str());
  }
};

EnvReader runtime_readers() {
  EnvReader r;
  r.size_mb = gex::runtime::env_size_mb;
  r.integer = gex::runtime::env_int;
  r.boolean = gex::runtime::env_bool;
  return r;
}

TEST(FirehoseEnv, SizesAreMegabytesUnlessAUnitSaysOtherwise) {
  size_t v = 0;
  EXPECT_TRUE(gex::runtime::parse_size_mb("64", v));
  EXPECT_EQ(v, size_t(64) << 20);
  EXPECT_TRUE(gex::runtime::parse_size_mb("64MB", v));
  EXPECT_EQ(v, size_t(64) << 20);
  EXPECT_TRUE(gex::runtime::parse_size_mb("2GB", v));
  EXPECT_EQ(v, size_t(2) << 30);
  EXPECT_TRUE(gex::runtime::parse_size_mb("512KB", v));
  EXPECT_EQ(v, size_t(512) << 10);
  EXPECT_TRUE(gex::runtime::parse_size_mb("1.5", v));
  EXPECT_EQ(v, size_t(3) << 19);
  EXPECT_FALSE(gex::runtime::parse_size_mb("lots", v));
}

TEST(FirehoseEnv, ValuesUsedArePrintedUnderVerboseEnv) {
  // A fresh process (the reporter reads GASNET_VERBOSEENV once).
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        setenv("GASNET_VERBOSEENV", "1", 1);
        setenv("GASNET_FIREHOSE_M", "400", 1);
        Limits l;
        l.max_pinnable_memory = size_t(1) << 30;
        l.max_payload = 4096;
        params_from_env(Variant::Region, 0, 4, l, runtime_readers());
        std::exit(0);
      },
      testing::ExitedWithCode(0),
      "ENV parameter: GASNET_FIREHOSE_M = 400 \\(419430400\\)\n"
      "ENV parameter: GASNET_FIREHOSE_MAXVICTIM_M = 654311424   \\(default\\)\n"
      "ENV parameter: GASNET_FIREHOSE_MAXREGION_SIZE = 4194304   \\(default\\)\n"
      "ENV parameter: GASNET_FIREHOSE_R = 100   \\(default\\)\n"
      "ENV parameter: GASNET_FIREHOSE_MAXVICTIM_R = 156   \\(default\\)\n"
      "ENV parameter: GASNET_FIREHOSE_VERBOSE = 0   \\(default\\)");
}

TEST(FirehoseEnv, DefaultsSplitThePinnableMemory) {
  Limits l;
  l.max_pinnable_memory = size_t(1) << 30;
  l.max_payload = 4096;
  const Params p = params_from_env(Variant::Page, 0, 4, l, runtime_readers());
  EXPECT_EQ(p.M, size_t(768) << 20);
  EXPECT_EQ(p.maxvictim_M, size_t(256) << 20);
  EXPECT_FALSE(p.verbose);
}

TEST(FirehoseEnv, UserValuesAndTheirLimits) {
  Limits l;
  l.max_pinnable_memory = size_t(1) << 30;
  l.max_payload = 4096;
  l.max_regions = 1000;
  {
    EnvGuard env;
    env.set("GASNET_FIREHOSE_M", "400");
    const Params p = params_from_env(Variant::Page, 0, 4, l, runtime_readers());
    EXPECT_EQ(p.M, size_t(400) << 20);
    EXPECT_EQ(p.maxvictim_M, size_t(624) << 20) << "the rest of the pinnable memory";
  }
  {
    EnvGuard env;
    env.set("GASNET_FIREHOSE_M", "800");
    env.set("GASNET_FIREHOSE_MAXVICTIM_M", "512MB");
    try {
      params_from_env(Variant::Page, 0, 4, l, runtime_readers());
      ADD_FAILURE() << "M + MAXVICTIM_M over the pinnable memory accepted";
    } catch (const ConfigError &e) {
      EXPECT_NE(std::string(e.what()).find("GASNET_FIREHOSE_M"), std::string::npos) << e.what();
    }
  }
  {
    EnvGuard env;
    env.set("GASNET_FIREHOSE_MAXREGION_SIZE", "1MB");
    env.set("GASNET_FIREHOSE_R", "300");
    env.set("GASNET_FIREHOSE_VERBOSE", "1");
    const Params p = params_from_env(Variant::Region, 0, 4, l, runtime_readers());
    EXPECT_EQ(p.max_region_size, size_t(1) << 20);
    EXPECT_EQ(p.R, 300u);
    EXPECT_EQ(p.maxvictim_R, 256u) << "MAXVICTIM_M / MAXREGION_SIZE, within the registrations left";
    EXPECT_TRUE(p.verbose);
  }
  {
    EnvGuard env;
    env.set("GASNET_FIREHOSE_R", "900");
    env.set("GASNET_FIREHOSE_MAXVICTIM_R", "200");
    EXPECT_THROW(params_from_env(Variant::Region, 0, 4, l, runtime_readers()), ConfigError);
  }
  {
    EnvGuard env;
    env.set("GASNET_FIREHOSE_M", "1");  // 1 MB: less than 32 pages for each of 64 ranks
    env.set("GASNET_FIREHOSE_MAXVICTIM_M", "512");
    try {
      params_from_env(Variant::Page, 0, 64, l, runtime_readers());
      ADD_FAILURE() << "a tiny M accepted";
    } catch (const ConfigError &e) {
      EXPECT_NE(std::string(e.what()).find("less than the minimum"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
