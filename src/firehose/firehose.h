// firehose: a cache of memory registrations (pins), for local buffers and for RMA to memory at
// remote ranks, after GASNet's other/firehose (spec: ../shared/spec/firehose.h.txt; the user's
// page is docs/firehose.md).
//
// Every rank gives every peer a budget of M/(N-1) of its pinnable memory (page variant: pages;
// region variant: R/(N-1) regions). A peer manages its budget at this rank alone, so a target
// never has to refuse a pin. Released pins stay pinned in least-recently-used victim FIFOs (one
// for local pins, one per peer for remote pins) and are unpinned only when a budget needs the
// room. A remote miss sends exactly one AM that carries both the new regions to pin and the
// victims to unpin; the target runs the transport's move(unpin, pin) and replies.
//
// Layering: firehose sits beside the transports. It depends on the bootstrap (the GASNET_* names
// it reads) and diag (statistics, trace) and on nothing above; a transport owns one Firehose and
// implements Backend for it (pins, AM sends, progress). Both variants of the spec (page, region)
// are one class, chosen at run time by Params::variant.
//
// Threads: every public member may be called from any thread. One mutex guards the tables; it is
// held while Backend::move runs (so move must not call back into this object), never while an AM
// is sent, while Backend::poll runs or while a completion callback runs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace gex::firehose {

enum class Variant : uint8_t {
  Page,    // the unit is one page; move() pins and unpins any set of pages (coalesced into runs)
  Region,  // the unit is a variable-size region with a key (a provider's registration)
};
const char *variant_name(Variant v) noexcept;

// What a transport attaches to each pinned region (the spec's firehose_client_t): filled by
// Backend::move for every region it pins, carried back to the rank that asked for the pin in the
// reply, and found in the Request of every pin that uses the region. For libfabric: the rkey a
// peer puts with, and the local fid_mr / descriptor. Page variant: whatever move() leaves there.
struct ClientKey {
  uint64_t rkey = 0;
  uint64_t handle = 0;
};

// A pinned region (firehose_region_t): page-aligned address, length a multiple of the page size.
struct Region {
  uintptr_t addr = 0;
  size_t len = 0;
  ClientKey key{};
};

// A pin's result (firehose_request_t), read-only to the client: the pinned range [addr, addr+len)
// covers the requested one (page-aligned, possibly larger), `node` the rank whose memory it is,
// `key` the region's ClientKey (region variant).
struct Request {
  uint16_t flags = 0;  // internal
  uint32_t node = 0;
  uintptr_t addr = 0;
  size_t len = 0;
  ClientKey key{};
  void *internal = nullptr;  // internal
};

// The spec's firehose_info_t: the largest len the pin calls accept and the region limits
// (0: no limit).
struct Info {
  size_t max_remote_pin_size = 0;
  size_t max_local_pin_size = 0;
  size_t max_remote_regions = 0;
  size_t max_local_regions = 0;
};

// remote_pin flags (the spec's values).
inline constexpr uint32_t kFlagReturnIfPinned = 0x01;       // FIREHOSE_FLAG_RETURN_IF_PINNED
inline constexpr uint32_t kFlagEnableRemoteCallback = 0x02;  // FIREHOSE_FLAG_ENABLE_REMOTE_CALLBACK
// Bytes of remote-callback arguments one remote_pin may carry (firehose_remotecallback_args_t).
inline constexpr size_t kMaxRemoteArgs = 64;

// firehose_completed_fn_t: a remote pin is done; `req` is owned by the client until release().
// `all_local_hit`: no AM was needed (the remote callback did not run).
using CompletedFn = void (*)(void *context, const Request *req, bool all_local_hit);
// firehose_remotecallback_args_fn_t: writes at most kMaxRemoteArgs bytes, returns how many.
using RemoteArgsFn = size_t (*)(void *context, void *args);

// What a transport implements for firehose (see docs/firehose.md, "The transport interface").
class Backend {
 public:
  virtual ~Backend() = default;
  // firehose_move_callback: unpin every region of `unpin`, then pin every region of `pin`,
  // synchronously (a "repin" is allowed). `node`: the rank on whose behalf (this rank for local
  // pins, the requesting peer at a target). Region variant: set pin[i].key. Called with
  // firehose's lock held: it must not call into the Firehose. Non-zero: a fatal error.
  virtual int move(uint32_t node, const Region *unpin, size_t n_unpin, Region *pin, size_t n_pin) = 0;
  // Sends `bytes` of payload (at most Params::max_payload) as an AM Request Medium to `dest`,
  // whose transport hands it to its Firehose::handle_request. May wait for room (it is never
  // called with firehose's lock held); never called from inside handle_request/handle_reply.
  virtual void send_request(uint32_t dest, const void *payload, size_t bytes) = 0;
  // From inside handle_request: the Reply Medium for `token` (what the transport passed in), which
  // the requester's transport hands to its Firehose::handle_reply.
  virtual void send_reply(void *token, const void *payload, size_t bytes) = 0;
  // A blocking pin waits for resources: make progress (poll the network, run AM handlers).
  virtual void poll() = 0;
  // firehose_remote_callback, at the target inside the request handler, after the move and before
  // the reply, for a remote_pin with kFlagEnableRemoteCallback. Non-zero: a fatal error.
  virtual int remote_callback(uint32_t /*node*/, const Region * /*pins*/, size_t /*n*/, const void * /*args*/,
                              size_t /*args_bytes*/) {
    return 0;
  }
};

// The limits firehose runs with, all in bytes or regions, the same on every rank.
struct Params {
  Variant variant = Variant::Page;
  uint32_t rank = 0, size = 1;
  size_t page_size = 4096;
  size_t M = 0;                // memory this rank gives its peers to pin (M/(N-1) each)
  size_t maxvictim_M = 0;      // memory for this rank's own local pins and idle victims
  size_t R = 0;                // region variant: regions given to peers (R/(N-1) each)
  size_t maxvictim_R = 0;      // region variant: regions for local pins and idle victims
  size_t max_region_size = 0;  // region variant: the largest region (and local/remote pin)
  size_t max_payload = 0;      // the AM Medium payload the transport carries (request and reply)
  bool local_only = false;     // FIREHOSE_INIT_FLAG_LOCAL_ONLY: no remote pins, all for local
  bool completion_in_handler = false;  // run completion callbacks in handle_reply, not poll()
  bool verbose = false;        // GASNET_FIREHOSE_VERBOSE: print the limits and a leak check at fini
};

// Readers for the environment that the transport passes from the runtime (firehose does not
// depend on the runtime): GASNet's syntax, range checks, the value reported under
// GASNET_VERBOSEENV, a fatal error naming the variable on a bad value.
struct EnvReader {
  // A memory size where a number without a unit is megabytes (runtime::env_size_mb).
  size_t (*size_mb)(const char *name, size_t dflt, size_t min, size_t max) = nullptr;
  // An integer (runtime::env_int) and a boolean (runtime::env_bool).
  int64_t (*integer)(const char *name, int64_t dflt, int64_t min, int64_t max) = nullptr;
  bool (*boolean)(const char *name, bool dflt) = nullptr;
};

// What the transport knows of the job-wide limits (firehose_init's arguments): the least over all
// ranks of what one rank can pin, of its registration count (0: no limit) and of a registration's
// size (0: no limit).
struct Limits {
  size_t max_pinnable_memory = 0;
  size_t max_regions = 0;
  size_t max_region_size = 0;
  size_t max_payload = 0;
};

// Params from GASNET_FIREHOSE_{M,MAXVICTIM_M,R,MAXVICTIM_R,MAXREGION_SIZE,VERBOSE} and the
// limits, as GASNet computes them: unset M and MAXVICTIM_M split max_pinnable_memory 3:1; one
// set, the other is the rest; R and MAXVICTIM_R default to M/RS and MAXVICTIM_M/RS. Throws
// ConfigError (naming the variable) when the values cannot work: below the minimums, or more
// than the limits allow.
Params params_from_env(Variant variant, uint32_t rank, uint32_t size, const Limits &limits, const EnvReader &env,
                       bool local_only = false);

// Bad input to a firehose call (a pin larger than the budget, a release of something never
// pinned, a remote pin of this rank...) and impossible configurations. The message names the
// call and the argument; a transport lets it end the job (bootstrap::fatal(e.what())).
struct UsageError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};
struct ConfigError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// Counters since init (also sent to GEX_STATS, docs/firehose.md).
struct Stats {
  uint64_t local_hits = 0;      // local pins that needed no new pin
  uint64_t local_misses = 0;    // local pins that pinned (move called)
  uint64_t remote_hits = 0;     // remote pins satisfied from this rank's tables (no AM, no wait)
  uint64_t remote_misses = 0;   // remote pins that sent an AM
  uint64_t remote_pending = 0;  // remote pins that waited for another pin's AM (no AM of their own)
  uint64_t pins = 0;            // units pinned by move() here (pages or regions)
  uint64_t unpins = 0;          // units unpinned by move() here
  uint64_t pinned_bytes = 0;    // bytes pinned by move() here, in total
  uint64_t unpinned_bytes = 0;  // bytes unpinned by move() here, in total
  uint64_t victims_local = 0;   // idle local units evicted from the local FIFO
  uint64_t victims_remote = 0;  // idle remote units this rank evicted from its per-peer FIFOs
  uint64_t move_calls = 0;
  uint64_t am_requests = 0;     // move requests this rank sent
  uint64_t am_handled = 0;      // move requests this rank served as the target
  uint64_t bytes_pinned_now = 0;  // bytes pinned here now (not counting prepinned regions)
  uint64_t units_pinned_now = 0;  // units pinned here now
};

class Firehose {
 public:
  // firehose_init. `prepinned`: regions already pinned (held pinned for good, never unpinned,
  // may exceed the pin size limits; region variant: with their keys).
  Firehose(const Params &params, Backend &backend, const Region *prepinned = nullptr, size_t n_prepinned = 0);
  ~Firehose();
  Firehose(const Firehose &) = delete;
  Firehose &operator=(const Firehose &) = delete;

  const Params &params() const noexcept { return p_; }
  const Info &info() const noexcept { return info_; }
  Stats stats() const;

  // firehose_local_pin: pins [addr, addr+len) here (blocks, calling Backend::poll, while the
  // local budget is held by pins in use). `req`: the client's storage, or null (firehose's,
  // reclaimed by release). Never in a handler.
  const Request *local_pin(uintptr_t addr, size_t len, Request *req = nullptr);
  // firehose_try_local_pin: only when already pinned (no pin, no unpin, no wait); else null.
  const Request *try_local_pin(uintptr_t addr, size_t len, Request *req = nullptr);
  // local_pin that never waits (not in the spec; for a transport, whose sends must not wait or
  // run progress): pins as local_pin does, evicting idle victims, but returns null when every
  // slot of the local budget is held by pins in use. The caller retries after progress.
  const Request *local_pin_nowait(uintptr_t addr, size_t len, Request *req = nullptr);

  // firehose_partial_local_pin: a request for the pinned memory that starts at the lowest pinned
  // page of [addr, addr+len) (any len; the result at most max_local_pin_size), or null when none
  // of it is pinned. Pins nothing, sends nothing, never waits.
  const Request *partial_local_pin(uintptr_t addr, size_t len, Request *req = nullptr);

  // firehose_remote_pin: pins [addr, addr+len) at `node`. A hit with kFlagReturnIfPinned returns
  // the request and runs no callback; otherwise returns null and `callback` runs once (inline on
  // a hit, from poll() or the reply handler after a miss). A miss sends exactly one AM.
  const Request *remote_pin(uint32_t node, uintptr_t addr, size_t len, uint32_t flags, Request *req,
                            RemoteArgsFn remote_args, CompletedFn callback, void *context);
  // remote_pin that never waits (not in the spec; for a transport's sends): as remote_pin, but
  // when this rank's budget at `node` is all held by pins in use it sets `refused`, returns null,
  // sends nothing and never runs the callback.
  const Request *remote_pin_nowait(uint32_t node, uintptr_t addr, size_t len, uint32_t flags, Request *req,
                                   RemoteArgsFn remote_args, CompletedFn callback, void *context, bool &refused);
  // firehose_try_remote_pin: only from this rank's knowledge (no AM, no wait); else null.
  const Request *try_remote_pin(uint32_t node, uintptr_t addr, size_t len, uint32_t flags, Request *req = nullptr);

  // firehose_partial_remote_pin: partial_local_pin for `node`, from this rank's knowledge.
  const Request *partial_remote_pin(uint32_t node, uintptr_t addr, size_t len, uint32_t flags, Request *req = nullptr);

  // firehose_release: the pins are no longer used (allowed in a handler).
  void release(const Request *const *reqs, size_t n);
  void release(const Request *req) { release(&req, 1); }

  // firehose_poll: runs the completion callbacks that replies queued. Never in a handler.
  void poll();

  // The transport's AM handlers call these with the payload of the firehose AM they carried.
  // `token` is passed back to Backend::send_reply from inside handle_request.
  void handle_request(uint32_t src, const void *payload, size_t bytes, void *token);
  void handle_reply(uint32_t src, const void *payload, size_t bytes);

  // firehose_fini: with unpin, every pin but the prepinned ones is unpinned (move). Returns the
  // number of local references still held (a leak check; printed when verbose).
  size_t fini(bool unpin = false);

  // Test and debug: checks every internal invariant (refcounts, FIFO counts and membership,
  // budgets); throws std::logic_error naming the first one broken.
  void check_invariants() const;
  // Units this rank holds pinned at `node` (in use, pending or idle in its FIFO) and the budget.
  size_t remote_units_used(uint32_t node) const;
  size_t remote_budget() const noexcept { return remote_budget_; }
  size_t local_budget() const noexcept { return local_budget_; }
  size_t local_units_counted() const;  // local units in use or idle (what local_budget bounds)

  // One pinned unit (a page, or a region) in a table: this rank's own memory (local_) or a peer's.
  struct Op;
  struct Entry {
    uintptr_t addr = 0;
    size_t len = 0;
    uint32_t refc_l = 0;  // local table: this rank's local pins
    uint32_t refc_r = 0;  // local table: pins held for peers; peer table: this rank's remote pins
    bool pending = false;  // peer table: requested, the reply not yet here
    bool in_fifo = false;  // idle (no reference), still pinned: a victim candidate
    Entry *prev = nullptr, *next = nullptr;  // FIFO links
    ClientKey key{};
    std::vector<Op *> waiters;  // pending: the remote pins its reply completes
  };
  // One remote pin waiting for replies.
  struct Op {
    Request *req = nullptr;
    CompletedFn callback = nullptr;
    void *context = nullptr;
    uint32_t node = 0;
    uint64_t id = 0;
    unsigned waiting = 0;       // pending units not yet confirmed
    bool sent_am = false;
    std::vector<Entry *> created;  // the pending units this pin's AM asks for
  };

 private:
  using Key = std::pair<uintptr_t, size_t>;
  using Table = std::map<Key, Entry>;
  struct Fifo {
    Entry *head = nullptr, *tail = nullptr;
    size_t count = 0;
    void push_back(Entry *e);
    void remove(Entry *e);
  };
  struct Peer {  // what this rank holds pinned at one peer
    Table table;
    Fifo fifo;
    size_t max_len = 0;
  };
  struct Deferred {  // work to do once the lock is released
    std::vector<std::pair<uint32_t, std::vector<unsigned char>>> requests;
    std::vector<Op *> completions;
  };
  enum class Acquire { Done, Wait };

  std::vector<std::pair<uintptr_t, size_t>> units_of(const Table &table, size_t max_len, uintptr_t addr,
                                                     size_t len, bool local, bool &prepinned,
                                                     ClientKey &prepinned_key) const;
  const Region *prepinned_covering(uintptr_t addr, size_t len) const;
  const Entry *covering(const Table &table, size_t max_len, uintptr_t a0, uintptr_t a1, bool ready_only) const;
  bool first_pinned(const Table &table, size_t max_len, bool local, uintptr_t addr, size_t len, size_t limit,
                    uintptr_t &out_addr, size_t &out_len) const;
  Entry *find(Table &table, uintptr_t addr, size_t len);
  Acquire acquire_local(uintptr_t addr, size_t len, Request *req, bool try_only);
  const Request *remote_pin_impl(uint32_t node, uintptr_t addr, size_t len, uint32_t flags, Request *req,
                                 RemoteArgsFn remote_args, CompletedFn callback, void *context, bool *refused);
  Acquire acquire_remote(uint32_t node, uintptr_t addr, size_t len, uint32_t flags, Request *req, bool try_only,
                         Op *op, Deferred &out);
  void adjust_local_fifo(std::vector<Region> &unpin);
  void do_move(uint32_t node, std::vector<Region> &unpin, std::vector<Region> &pin);
  void release_one(const Request *req);
  void complete(Op *op, Deferred &out);
  void run_deferred(Deferred &d);
  Request *own_request(Request *req);
  size_t local_limit(uintptr_t addr, size_t len) const;
  void check_pin_args(const char *call, uintptr_t addr, size_t len, size_t limit) const;
  void check_remote_node(const char *call, uint32_t node) const;

  Params p_;
  Backend &backend_;
  Info info_;
  size_t local_budget_ = 0;   // units: local pins in use plus idle local units
  size_t remote_budget_ = 0;  // units at each peer
  size_t max_message_regions_ = 0;
  std::vector<Region> prepinned_;

  mutable std::mutex mutex_;
  Table local_;
  Fifo local_fifo_;
  size_t local_max_len_ = 0;
  size_t local_counted_ = 0;  // LOnly: local units with a local reference or idle in the FIFO
  std::vector<Peer> peers_;
  std::map<uint64_t, Op *> ops_;  // remote pins waiting for a reply, by the id their AM carries
  uint64_t next_op_id_ = 1;
  std::vector<Op *> completed_;  // completions for poll()
  Stats stats_;
};

// What a move request AM carries (for tests and traces): the regions to pin and the victims to
// unpin. False when the payload is not a firehose move request.
struct MoveRequest {
  std::vector<Region> pin, unpin;
  size_t args_bytes = 0;
};
bool decode_move_request(const void *payload, size_t bytes, MoveRequest &out);

// Coalesces page runs: sorts by address and joins adjacent regions (keys of the first).
void coalesce(std::vector<Region> &regions);

}  // namespace gex::firehose
