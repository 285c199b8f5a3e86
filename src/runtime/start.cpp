// The runtime object's life: start-up (join the job, start the transports, build the route
// table) and the AM injection policy every sender goes through (waiting for resources,
// IMMEDIATE, local completion). Segment publication is in segments.cpp.
#include <sched.h>

#include <cstdlib>
#include <string>

#include "bootstrap/bootstrap.h"
#include "diag/diag.h"
#include "runtime/env.h"
#include "runtime/runtime.h"
#include "transport/dispatch.h"
#include "transport/registry.h"

namespace gex::runtime {

void start(int *argc, char ***argv, int thread_mode) {
  if (g_rt.started) return;
  bootstrap::join(argc, argv);  // with GASNET_PSHM_NODES the parent stays here as the job monitor
  const auto &job = bootstrap::job();
  g_rt.rank = job.rank;
  g_rt.size = job.size;
  g_rt.thread_mode = thread_mode;
  g_rt.force_am = env_bool("GEX_FORCE_AM", false);
  if (const char *mix = std::getenv("GEX_ROUTE_TEST")) {
    if (std::string(mix) != "mixed") bootstrap::fatal("GEX_ROUTE_TEST='" + std::string(mix) + "': the only value is 'mixed'");
    g_rt.route_mix = true;
  }
  g_rt.segments.resize(job.size);
  // Which host every rank is on (collective: every rank asks here, before the transports).
  const std::vector<uint32_t> &hosts = bootstrap::host_map();
  std::vector<gex_Rank_t> lead_of_host(job.size, 0);
  for (gex_Rank_t r = job.size; r-- > 0;) lead_of_host[hosts[r]] = r;  // lowest rank of each host
  g_rt.host_lead.assign(job.size, 0);
  for (gex_Rank_t r = 0; r < job.size; ++r) {
    if (hosts[r] != hosts[job.rank]) continue;
    if (r == job.rank) g_rt.host_index = gex_Rank_t(g_rt.host_info.size());
    g_rt.host_info.push_back(gexi_RankInfo_s{r});
  }
  for (gex_Rank_t r = 0; r < job.size; ++r) g_rt.host_lead[r] = lead_of_host[hosts[r]];
  place_rank();  // oversubscription, binding, and whether idle waits nap
  register_segment_handlers();
  gex::diag::init();  // GEX_STATS, GEX_TRACE, GASNET_BACKTRACE (docs/diagnostics.md)

  // The transports' start-up is collective and includes the barrier the spec asks of Init.
  transport::Config config;
  config.rank = job.rank;
  config.size = job.size;
  config.thread_safe = thread_mode == 2;
  config.deliver = deliver_am;
  config.env_size = env_size;
  config.env_size_mb = env_size_mb;
  config.env_int = env_int;
  config.env_bool = env_bool;
  g_rt.any_address = env_bool("GEX_SEGMENT_EVERYTHING", false);
  config.any_address = g_rt.any_address;
  g_rt.transports = transport::start_transports(config);
  enable_idle_probe();

  // A peer's route is the first transport (in order of preference) that reaches it.
  g_rt.routes.assign(job.size, Route{});
  bool first = true;
  for (gex_Rank_t r = 0; r < job.size; ++r) {
    Route &route = g_rt.routes[r];
    for (auto &t : g_rt.transports) {
      if (!t->reaches(r)) continue;
      route.am = t.get();
      route.limits = t->am_limits(r);
      route.transport_rma = t->has_rma(r);
      break;
    }
    if (!route.am) bootstrap::fatal("no transport reaches rank " + std::to_string(r));
    if (first || route.limits.max_medium < g_rt.am_lub.max_medium) g_rt.am_lub.max_medium = route.limits.max_medium;
    if (first || route.limits.max_long < g_rt.am_lub.max_long) g_rt.am_lub.max_long = route.limits.max_long;
    first = false;
  }
  // The neighbourhood: the ranks whose memory a route maps here (smp), so with all traffic over
  // a network (GEX_TRANSPORTS=ofi) every rank is a neighbourhood of its own.
  for (gex_Rank_t r = 0; r < job.size; ++r) {
    if (r != job.rank && !g_rt.routes[r].am->load_store(r)) continue;
    if (r == job.rank) g_rt.nbrhd_index = gex_Rank_t(g_rt.nbrhd_info.size());
    g_rt.nbrhd_info.push_back(gexi_RankInfo_s{r});
  }
  g_rt.one_nbrhd = g_rt.nbrhd_info.size() == job.size;
  g_rt.nbrhd_is_host = g_rt.nbrhd_info.size() == g_rt.host_info.size();
  g_rt.started = true;
}

// Waiting for room to send. A Reply is sent from a Request handler, so only replies may run
// here (they send nothing: two ranks flooding each other cannot deadlock); so too for anything
// sent from inside a handler, which must not run the message it is handling again. Anything
// else waits like any waiting loop (progress functions included).
void wait_for_send_room(bool replies_only) {
  if (!replies_only) {
    progress_wait_step();
    return;
  }
  if (!poll_transports(true)) sched_yield();
}

namespace {
// RMA to an address outside the peer's segment (GEX_SEGMENT_EVERYTHING): the transport pins the
// target memory itself (rkey kAnyAddress), at most any_address_max bytes per call, so larger
// transfers go in pieces; only the first piece may give up under IMMEDIATE.
template <typename Op>
bool any_address_rma(transport::Transport *t, gex_Rank_t jobrank, size_t nbytes, bool immediate, const char *call,
                     const void *remote, uint16_t ep, Op &&op) {
  const size_t chunk = t->any_address_max(jobrank);
  if (chunk == 0) segment_range_fatal(call, jobrank, remote, nbytes, ep);
  const bool replies_only = t_thread.handler_depth != 0;
  size_t off = 0;
  do {
    const size_t n = nbytes - off < chunk ? nbytes - off : chunk;
    while (op(off, n) == transport::Status::NoResources) {
      if (immediate && off == 0) return false;
      wait_for_send_room(replies_only);
    }
    off += n;
  } while (off < nbytes);
  return true;
}
}  // namespace

bool rma_put(gex_Rank_t jobrank, void *dest, const void *src, size_t nbytes, CompletionCounter *c_remote,
             CompletionCounter *c_local, bool immediate, uint16_t ep) {
  transport::Transport *t = g_rt.routes[jobrank].am;
  const PeerSegment &seg = g_rt.segments.at(jobrank, ep);
  if (__builtin_expect(g_rt.any_address, 0) && !seg.contains(dest, nbytes))
    return any_address_rma(t, jobrank, nbytes, immediate, "gex_RMA_Put*", dest, ep, [&](size_t off, size_t n) {
      return t->put(jobrank, static_cast<char *>(dest) + off, transport::kAnyAddress, static_cast<const char *>(src) + off,
                    n, c_local, c_remote);
    });
  const uint64_t rkey = seg.rkey;
  const bool replies_only = t_thread.handler_depth != 0;
  while (t->put(jobrank, dest, rkey, src, nbytes, c_local, c_remote) == transport::Status::NoResources) {
    if (immediate) return false;
    wait_for_send_room(replies_only);
  }
  return true;  // Done (nothing raised) or Pending (raised: lowered at completion)
}

bool rma_get(gex_Rank_t jobrank, void *dst, const void *src, size_t nbytes, CompletionCounter *c_done, bool immediate,
             uint16_t ep) {
  transport::Transport *t = g_rt.routes[jobrank].am;
  const PeerSegment &seg = g_rt.segments.at(jobrank, ep);
  if (__builtin_expect(g_rt.any_address, 0) && !seg.contains(src, nbytes))
    return any_address_rma(t, jobrank, nbytes, immediate, "gex_RMA_Get*", src, ep, [&](size_t off, size_t n) {
      return t->get(jobrank, static_cast<char *>(dst) + off, static_cast<const char *>(src) + off, transport::kAnyAddress,
                    n, c_done);
    });
  const uint64_t rkey = seg.rkey;
  const bool replies_only = t_thread.handler_depth != 0;
  while (t->get(jobrank, dst, src, rkey, nbytes, c_done) == transport::Status::NoResources) {
    if (immediate) return false;
    wait_for_send_room(replies_only);
  }
  return true;
}

// How often a request polls this rank's inbox after it is sent (send_am): every this many bytes
// of requests, and how many messages that poll may deliver.
constexpr size_t kRequestPollBytes = 32768;
constexpr unsigned kRequestPollBudget = 64;

SendOutcome send_am(gex_Rank_t dest, const transport::AmMessage &m, bool immediate, transport::Counter *lc) {
  transport::Transport *t = g_rt.routes[dest].am;
  const bool observe = gex::diag::on();
  const uint64_t t0 = observe ? gex::diag::now_ns() : 0;
  transport::Counter own{0};
  const bool replies_only = !m.is_request || t_thread.handler_depth != 0;
  const bool has_payload = m.category != transport::AmCategory::Short && m.nbytes;
  transport::Counter *counter = !has_payload ? nullptr : lc ? lc : &own;
  SendOutcome out = SendOutcome::Complete;
  // A Long whose payload went out before the transport found room (early_payload) is retried
  // room first: a sender waiting for a full queue does not copy the payload again at every try.
  const transport::AmMessage *msg = &m;
  transport::AmMessage retry;
  for (;;) {
    const transport::Status st = transport::am_send(t, dest, *msg, counter);
    if (__builtin_expect(st == transport::Status::Done, 1)) break;
    if (st == transport::Status::Pending) {
      if (counter == &own) {
        // The caller needs its buffer back now (GEX_EVENT_NOW, or the runtime's own sends).
        while (own.load(std::memory_order_acquire) != 0) wait_for_send_room(replies_only);
      } else {
        out = SendOutcome::LcPending;
      }
      break;
    }
    // A peer that died (fault-tolerant jobs) never frees the room it lacks: the message is
    // dropped, as if delivered to a process that is gone. Whoever waits for an answer from it
    // must look at its state (GASPI does: docs/gaspi.md, "Fault tolerance").
    if (__builtin_expect(bootstrap::failed_rank_count() != 0, 0) && bootstrap::rank_failed(dest)) break;
    if (immediate) {
      if (observe) gex::diag::record_send(dest, m, false, t0);
      return SendOutcome::NotSent;
    }
    if (msg->early_payload) {
      retry = m;
      retry.early_payload = false;
      msg = &retry;
    }
    wait_for_send_room(replies_only);
  }
  if (observe) gex::diag::record_send(dest, m, true, t0);
  // Requests poll this rank's shared-memory inbox now and then, as GASNet's requests do. Two
  // ranks flooding each other with large messages then both keep draining; without it, each
  // sent until the other's queue was full, the other waited in a poll that freed the first one's
  // room, and the two floods ran one after the other (testam's two-way Medium floods of 16-64 KiB
  // at half speed). Every kRequestPollBytes of messages (a request counts its payload and a
  // 64-byte header): a poll after every small request made small floods 2-3x slower (the
  // consumer chased the producer through the ring's lines).
  // Not for ofi, whose poll enters the provider, nor where polling is not allowed.
  if (m.is_request && !immediate && t->kind() == transport::Kind::Smp) {
    ThreadState &th = t_thread;
    th.request_bytes_unpolled += m.nbytes + 64;
    if (th.request_bytes_unpolled >= kRequestPollBytes && !th.restricted()) {
      th.request_bytes_unpolled = 0;
      transport::poll(t, kRequestPollBudget, false);
    }
  }
  return out;
}

}  // namespace gex::runtime
