// The interface every transport (conduit) implements, and the only thing the runtime above knows
// of one. A job may use several at once (shared memory to the neighbours, a network to everyone
// else); the runtime's route table (runtime/routes.h) says which one reaches each peer.
//
// The rules, shaped for a network card as much as for shared memory:
//  - Nothing here waits. An injection that lacks resources returns NoResources; the runtime owns
//    the waiting (it polls and retries) and the IMMEDIATE policy. A transport never runs progress,
//    handlers or the exit path from inside a send.
//  - Completion may come later. An operation that returns Pending has raised each counter it was
//    given that is not yet satisfied by one, and lowers it once that stage is done (during some
//    later poll()). Done means every stage is complete and no counter was touched.
//  - Progress has a budget: poll() delivers at most `budget` messages and completions.
//  - Transports depend on the bootstrap (out-of-band exchange, fatal errors) and on nothing above.
//
// Adding a transport: docs/internals.md, "Adding a transport".
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace gex::transport {

inline constexpr unsigned kMaxArgs = 16;

enum class AmCategory : uint8_t { Short = 0, Medium = 1, Long = 2 };

// Every transport the library has: the route table keeps one of these beside the pointer so hot
// paths dispatch with a switch over final classes (transport/dispatch.h), not a virtual call.
enum class Kind : uint8_t { Smp = 0, Ofi = 1 };

// Everything an AM carries besides its payload, in the same form for every transport.
struct AmMessage {
  AmCategory category;
  bool is_request;
  uint8_t handler;
  uint8_t nargs;
  uint16_t src_ep;        // endpoint index at the sender (where a reply goes)
  uint16_t dest_ep;       // endpoint index at the receiver (whose handler table runs it)
  uint32_t src_jobrank;
  uint32_t nbytes;        // payload length (Medium, Long)
  void *dest_addr;        // Long: destination in the receiver's address space
  void *dest_local;       // Long, sending side: dest_addr as mapped in this process when the
                          // runtime's segment table has a mapping (same host), else nullptr
  const void *payload;    // Medium: payload (valid only while the handler runs); Long: == dest_addr
  const int32_t *args;    // nargs arguments
  // Long, sending side: the sender retries until the message goes (not GEX_FLAG_IMMEDIATE), so
  // the transport may put the payload at its destination before it has found room for the
  // message (am_send's NoResources then means "nothing sent"; send_am retries it without the
  // flag, room first). Without it a send that finds no room leaves the destination untouched.
  bool early_payload = false;
};

// Called by a transport's poll for every delivered message; runs the handler.
using AmDeliverFn = void (*)(const AmMessage &msg);

// A counter the transport lowers by one when a stage of an operation completes.
using Counter = std::atomic<uint32_t>;

enum class Status : uint8_t {
  Done,         // complete in every stage; no counter touched
  Pending,      // counters raised; each lowered once when its stage completes
  NoResources,  // nothing happened: retry after progress (the runtime decides whether to wait)
};

// What one peer accepts from this process (gex_AM_Max* and gex_AM_LUB* come from these).
struct AmLimits {
  size_t max_medium = 0;  // Medium payload, Request and Reply
  size_t max_long = 0;    // Long payload, Request and Reply
};

// put()/get() with this rkey: the remote address lies outside the peer's published registrations
// (RMA to any address, GEX_SEGMENT_EVERYTHING=1); the transport pins it at the peer itself.
inline constexpr uint64_t kAnyAddress = ~uint64_t(0);

// A registration of local memory: the key a peer names it with in put()/get().
struct Registration {
  uint64_t rkey = 0;
  void *handle = nullptr;  // the transport's own
};

// What a transport is told when it starts (collectively, on every rank of the job).
struct Config {
  uint32_t rank = 0;
  uint32_t size = 1;
  bool thread_safe = true;     // several threads may call in at once (a PAR client)
  AmDeliverFn deliver = nullptr;
  // The runtime's reader for a size in the environment (GASNet's memory-size syntax, range
  // checked, reported under GASNET_VERBOSEENV; a bad value ends the job naming the variable), so
  // a transport's tunables behave like every other variable without it depending on the runtime.
  size_t (*env_size)(const char *name, size_t dflt, size_t min, size_t max) = nullptr;
  // The same for the other kinds of value (a transport passes them on to firehose, which reads
  // the GASNET_FIREHOSE_* variables): sizes where a bare number is megabytes, integers, booleans.
  size_t (*env_size_mb)(const char *name, size_t dflt, size_t min, size_t max) = nullptr;
  int64_t (*env_int)(const char *name, int64_t dflt, int64_t min, int64_t max) = nullptr;
  bool (*env_bool)(const char *name, bool dflt) = nullptr;
  // GEX_SEGMENT_EVERYTHING=1: RMA may name any address of a peer (put/get with kAnyAddress).
  bool any_address = false;
};

class Transport {
 public:
  explicit Transport(Kind kind) : kind_(kind) {}
  virtual ~Transport() = default;
  Transport(const Transport &) = delete;
  Transport &operator=(const Transport &) = delete;

  Kind kind() const noexcept { return kind_; }
  virtual const char *name() const noexcept = 0;

  // ---- reach and limits ---------------------------------------------------------------------
  // Whether this transport carries AMs to `jobrank` (smp: same host).
  virtual bool reaches(uint32_t jobrank) const noexcept = 0;
  virtual AmLimits am_limits(uint32_t jobrank) const noexcept = 0;

  // Whether this transport maps `jobrank`'s memory here (load/store): the peer is in this rank's
  // neighbourhood (gex_System_QueryNbrhdInfo) and shares the collectives' shared memory.
  virtual bool load_store(uint32_t /*jobrank*/) const noexcept { return false; }

  // ---- Active Messages ------------------------------------------------------------------------
  // Injects one AM to `dest`. For Long the payload lands at msg.dest_addr before the handler
  // runs. `lc` (local completion: the payload buffer may be reused) may be null only for a
  // message without payload. Done/Pending: the message will be delivered; NoResources: nothing
  // was sent and nothing was written at the target.
  virtual Status am_send(uint32_t dest, const AmMessage &msg, Counter *lc) = 0;

  // Negotiated payload without a second copy: reserves room for one Medium of up to
  // `max_payload` bytes and `nargs` arguments to `dest` and returns where the caller writes the
  // payload (the transport's own buffer), or nullptr when there is no room now. The same thread
  // then calls commit_medium, or cancel_medium to send nothing, exactly once, with msg.payload
  // equal to the returned address; in between it makes no other call into the transport.
  virtual void *reserve_medium(uint32_t dest, bool is_request, unsigned nargs, size_t max_payload) = 0;
  virtual void commit_medium(uint32_t dest, const AmMessage &msg) = 0;
  virtual void cancel_medium(uint32_t dest, bool is_request) = 0;

  // ---- RMA ------------------------------------------------------------------------------------
  // Whether put/get reach `jobrank` (false: the runtime moves bytes over AM, extended-ref style).
  virtual bool has_rma(uint32_t jobrank) const noexcept = 0;
  // Writes [src, src+n) to remote_addr in memory `jobrank` registered under `rkey`. `c_local`:
  // src reusable; `c_remote`: the data is visible at the target. Either may be null.
  virtual Status put(uint32_t jobrank, void *remote_addr, uint64_t rkey, const void *src, size_t n,
                     Counter *c_local, Counter *c_remote) = 0;
  // Whether a message sent to `jobrank` after a put to it is delivered after the put's data is
  // in place (libfabric's FI_ORDER_SAW on one endpoint): a notification may then follow its
  // writes without waiting for their completion.
  virtual bool orders_send_after_put(uint32_t /*jobrank*/) const noexcept { return false; }
  // The most bytes one put/get with rkey == kAnyAddress may move to `jobrank` (the runtime splits
  // larger transfers); 0: this transport cannot reach addresses outside the peer's segment.
  virtual size_t any_address_max(uint32_t /*jobrank*/) const noexcept { return 0; }
  // Reads n bytes at remote_addr into dst; `c_done`: the data is in dst.
  virtual Status get(uint32_t jobrank, void *dst, const void *remote_addr, uint64_t rkey, size_t n,
                     Counter *c_done) = 0;

  // ---- memory ---------------------------------------------------------------------------------
  // Memory for a segment that the peers this transport reaches by load/store can map (smp: a
  // shared-memory object). `id` names the segment among this process's segments. nullptr when
  // this transport offers no such memory (the runtime allocates it itself).
  virtual void *allocate_shared(uint32_t id, size_t bytes) = 0;
  virtual void free_shared(uint32_t id, void *base, size_t bytes) = 0;
  // Maps a peer's shared segment `id` of `bytes` here: its load/store address, or nullptr when
  // the peer is not load/store reachable through this transport. Collective over the job: every
  // rank calls it (for every peer) between the same two bootstrap barriers; the transport may
  // unlink the objects after the second.
  virtual char *map_peer_memory(uint32_t jobrank, uint32_t id, size_t bytes) = 0;
  virtual void unmap_peer_memory(char *local, size_t bytes) = 0;
  // After every rank mapped what it needs of segment `id`: the names may go (nothing is left in
  // /dev/shm after start-up).
  virtual void shared_published(uint32_t id) = 0;
  // Registers memory for remote access by put/get (a network card pins it and hands out a key).
  virtual Registration register_memory(void *base, size_t bytes) = 0;
  virtual void deregister_memory(const Registration &r) = 0;
  // A peer's registered memory, as it published it (its base and size in its own address space
  // and the key register_memory gave it there): a transport whose provider addresses remote
  // memory by offset keeps the base. Called for every peer's segment, at publication.
  virtual void peer_memory(uint32_t /*jobrank*/, const void * /*owner_base*/, size_t /*bytes*/, uint64_t /*rkey*/) {}

  // ---- progress -------------------------------------------------------------------------------
  // Delivers incoming messages and completions, at most `budget` of them. `replies_only`: deliver
  // only replies (while a Request handler waits to send its Reply: replies never send, so two
  // ranks flooding each other cannot deadlock). Returns how many it delivered.
  virtual unsigned poll(unsigned budget, bool replies_only) = 0;

 private:
  Kind kind_;
};

}  // namespace gex::transport
