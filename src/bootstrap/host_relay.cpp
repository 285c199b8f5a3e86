#include "bootstrap/host_relay.h"

#include <poll.h>
#include <signal.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <stdexcept>

#include "bootstrap/bootstrap.h"
#include "bootstrap/control_block.h"

namespace gex::bootstrap {

namespace {
constexpr int64_t kHeartbeatNs = 1000000000;  // one a second, both ways
}

HostRelay::HostRelay(const std::string &coordinator, const std::string &cookie, uint32_t host_index)
    : link_(wire::connect_to(coordinator, 20000)) {
  link_.send(wire::Writer(wire::Type::Hello).str(cookie).u32(host_index).frame());
  if (!link_.flush_blocking(20000)) throw std::runtime_error("cannot talk to gexrun at " + coordinator);
  // The setup is the first frame back; gexrun closes the connection on a bad cookie.
  const int64_t give_up = monotonic_ns() + 60ll * 1000000000;
  std::vector<wire::Frame> frames;
  while (frames.empty()) {
    pollfd p{link_.fd(), POLLIN, 0};
    ::poll(&p, 1, 1000);
    if (!link_.receive(frames) && frames.empty())
      throw std::runtime_error("gexrun at " + coordinator + " closed the connection (wrong job?)");
    if (frames.empty() && monotonic_ns() > give_up)
      throw std::runtime_error("no job setup from gexrun at " + coordinator + " within 60 s");
  }
  if (frames.front().type != wire::Type::Setup) throw std::runtime_error("unexpected first message from gexrun");
  wire::Reader in = frames.front().reader();
  setup_.job_id = in.str();
  setup_.size = in.u32();
  setup_.host_index = host_index;
  setup_.host_timeout_seconds = in.u32() / 1000.0;
  const uint32_t hosts = in.u32();
  for (uint32_t h = 0; h < hosts; ++h) setup_.host_names.push_back(in.str());
  for (uint32_t r = 0; r < setup_.size; ++r) {
    setup_.host_of.push_back(in.u32());
    if (setup_.host_of.back() >= hosts) throw std::runtime_error("malformed job setup");
    if (setup_.host_of.back() == host_index) local_.push_back(r);
  }
  if (host_index >= hosts || local_.empty()) throw std::runtime_error("this host has no ranks in the job setup");
  state_sent_.assign(local_.size(), kRankNotJoined);
  last_heard_ns_ = last_beat_ns_ = monotonic_ns();
  // What came with the setup (an ending, when the job ended before this host joined) waits for
  // the first poll, once there is a control block to apply it to.
  early_.assign(std::make_move_iterator(frames.begin() + 1), std::make_move_iterator(frames.end()));
}

void HostRelay::lost(const std::string &why, MonitorHooks &hooks) {
  if (lost_) return;
  lost_ = true;
  std::fprintf(stderr, "gexrun (host %s): %s; ending the job\n",
               setup_.host_names[setup_.host_index].c_str(), why.c_str());
  std::fflush(stderr);
  link_.close();
  hooks.end_job(1, /*at_once=*/true);
}

void HostRelay::handle(const wire::Frame &frame, MonitorHooks &hooks) {
  wire::Reader in = frame.reader();
  ControlBlock &control = *control_;
  switch (frame.type) {
    case wire::Type::BarrierDone: {
      const uint32_t generation = in.u32();
      const uint32_t len = in.u32();
      if (len > kMaxExchangeBytes) throw std::runtime_error("barrier data too long");
      const uint8_t *all = in.raw(size_t(len) * control.size);
      // The other hosts' contributions; this host's ranks' slots are their own.
      uint8_t *slots = control.exchange();
      for (uint32_t r = 0; r < control.size; ++r)
        if (len && setup_.host_of[r] != setup_.host_index)
          std::memcpy(slots + size_t(r) * kMaxExchangeBytes, all + size_t(r) * len, len);
      control.barrier_generation.store(generation, std::memory_order_release);
      break;
    }
    case wire::Type::Ending: {
      const int code = in.i32();
      const bool at_once = in.u32() != 0;
      hooks.end_job(code, at_once);
      break;
    }
    case wire::Type::RankState: {
      const uint32_t rank = in.u32();
      const uint32_t state = in.u32();
      if (rank >= control.size || setup_.host_of[rank] == setup_.host_index) break;
      std::atomic<uint32_t> &mine = control.ranks()[rank].state;
      uint32_t seen = mine.load(std::memory_order_acquire);
      while (seen < state && !mine.compare_exchange_weak(seen, state, std::memory_order_acq_rel)) {
      }
      // A rank another host's monitor marked failed (fault-tolerant jobs) counts here too.
      if (state == kRankFailed && seen < kRankFailed) control.failed_ranks.fetch_add(1, std::memory_order_acq_rel);
      break;
    }
    case wire::Type::Signal: {
      const uint32_t rank = in.u32();
      const int signal_number = int(in.u32());
      if (rank >= control.size || setup_.host_of[rank] != setup_.host_index) break;
      const int32_t pid = control.ranks()[rank].pid.load(std::memory_order_acquire);
      if (pid > 0 && control.ranks()[rank].state.load(std::memory_order_acquire) < kRankGone) {
        // Only signal_rank sends these (gaspi_proc_kill): this host's monitor lets the job go on.
        control.note_kill_request(rank);
        kill(pid, signal_number);
      }
      break;
    }
    case wire::Type::Heartbeat:
      break;
    default:
      throw std::runtime_error("unexpected message type " + std::to_string(int(frame.type)));
  }
}

void HostRelay::poll(MonitorHooks &hooks) {
  if (lost_ || !control_) return;
  ControlBlock &control = *control_;
  const int64_t now = monotonic_ns();

  std::vector<wire::Frame> frames = std::move(early_);
  early_.clear();
  const bool alive = link_.receive(frames);
  if (!frames.empty()) last_heard_ns_ = now;
  try {
    for (const wire::Frame &frame : frames) handle(frame, hooks);
  } catch (const std::exception &error) {
    lost("bad message from gexrun (" + std::string(error.what()) + ")", hooks);
    return;
  }
  if (!alive) {
    lost("lost contact with gexrun", hooks);
    return;
  }
  if (now - last_heard_ns_ > int64_t(setup_.host_timeout_seconds * 1e9)) {
    lost("no word from gexrun for " + std::to_string(int(setup_.host_timeout_seconds)) + " s", hooks);
    return;
  }

  // A barrier every local rank has reached: carry this host's contributions to gexrun.
  const uint32_t request = control.barrier_request.load(std::memory_order_acquire);
  if (request != barrier_sent_) {
    barrier_sent_ = request;
    const uint32_t len = control.barrier_len.load(std::memory_order_relaxed);
    wire::Writer out(wire::Type::Barrier);
    out.u32(request).u32(len);
    for (uint32_t r : local_) out.raw(control.exchange() + size_t(r) * kMaxExchangeBytes, len);
    link_.send(out.frame());
  }
  // Signals this host's ranks asked for other hosts' ranks (gaspi_proc_kill across hosts).
  if (control.signal_requests.load(std::memory_order_acquire) != signal_requests_seen_) {
    signal_requests_seen_ = control.signal_requests.load(std::memory_order_acquire);
    for (uint32_t r = 0; r < control.size; ++r) {
      if (setup_.host_of[r] == setup_.host_index) continue;
      if (const uint32_t sig = control.ranks()[r].signal_request.exchange(0, std::memory_order_acq_rel))
        link_.send(wire::Writer(wire::Type::Signal).u32(r).u32(sig).frame());
    }
  }
  // The job started ending here (an exit, a crash, a fatal error): every host must know.
  if (!ending_reported_ && control.job_ending.load(std::memory_order_acquire)) {
    ending_reported_ = true;
    const int64_t deadline = control.exit_deadline_ns.load(std::memory_order_acquire);
    const bool at_once = deadline - now < 1000000;
    link_.send(wire::Writer(wire::Type::Ending).i32(control.recorded_exit_code()).u32(at_once).frame());
  }
  // This host's ranks' states, so the others' coordinated exit can wait for them.
  for (size_t i = 0; i < local_.size(); ++i) {
    const uint32_t state = control.ranks()[local_[i]].state.load(std::memory_order_acquire);
    if (state == state_sent_[i]) continue;
    state_sent_[i] = state;
    link_.send(wire::Writer(wire::Type::RankState).u32(local_[i]).u32(state).frame());
  }
  if (now - last_beat_ns_ >= kHeartbeatNs) {
    last_beat_ns_ = now;
    link_.send(wire::Writer(wire::Type::Heartbeat).frame());
  }
  if (!link_.flush()) lost("lost contact with gexrun", hooks);
}

void HostRelay::finish(int code) {
  if (lost_) return;
  for (size_t i = 0; i < local_.size(); ++i)
    link_.send(wire::Writer(wire::Type::RankState).u32(local_[i]).u32(kRankGone).frame());
  link_.send(wire::Writer(wire::Type::Done).i32(code).frame());
  link_.flush_blocking(5000);
}

}  // namespace gex::bootstrap
