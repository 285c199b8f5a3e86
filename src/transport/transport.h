// The one interface every conduit implements (DESIGN.md: "a conduit provides Active Messages
// and bootstrap; everything else works on top of that"). The runtime above speaks only this
// interface plus, where a conduit offers it, direct load/store access to a peer's segment.
//
// Conduits: smp (processes on one host, src/transport/smp/). A network conduit (ofi) implements
// the same class later; the extended API then runs over am_send() for its peers.
#pragma once

#include <cstddef>
#include <cstdint>

namespace gex::transport {

inline constexpr unsigned kMaxArgs = 16;

enum class AmCategory : uint8_t { Short = 0, Medium = 1, Long = 2 };

// Everything an AM carries besides its payload, in the same form for every conduit.
struct AmMessage {
  AmCategory category;
  bool is_request;
  uint8_t handler;
  uint8_t nargs;
  uint32_t src_jobrank;
  uint32_t nbytes;        // payload length (Medium, Long)
  void *dest_addr;        // Long: destination in the receiver's address space
  const void *payload;    // Medium: payload (valid only while the handler runs); Long: == dest_addr
  const int32_t *args;    // nargs arguments
};

// Called by a conduit's poll for every delivered message; runs the client's handler.
using AmDeliverFn = void (*)(const AmMessage &msg);

// Result of an injection attempt.
enum class SendResult { Sent, WouldBlock };

class Transport {
 public:
  virtual ~Transport() = default;
  virtual const char *name() const noexcept = 0;

  // Limits for the payload of one message to `peer` (stable for the whole job).
  virtual size_t max_medium() const noexcept = 0;
  virtual size_t max_long() const noexcept = 0;

  // Sends one AM. For Long the payload is placed at msg.dest_addr (receiver's address space)
  // before the handler can run. Returns WouldBlock only when `immediate` is set and the send
  // would have to wait for resources; otherwise it waits (polling, so no deadlock).
  virtual SendResult am_send(uint32_t dest_jobrank, const AmMessage &msg, bool immediate) = 0;

  // Negotiated payload without a second copy: reserves room for one Medium of up to
  // `max_payload` bytes and `nargs` arguments to `dest` and returns where the client writes the
  // payload (inside the conduit's own buffer). nullptr only when `immediate` is set and there is
  // no room. The same thread then calls commit_medium, or cancel_medium to send nothing, exactly
  // once, with msg.payload equal to the returned address; in between it may make no other call
  // into the transport.
  virtual void *reserve_medium(uint32_t dest, bool is_request, unsigned nargs, size_t max_payload,
                               bool immediate) = 0;
  virtual void commit_medium(uint32_t dest, const AmMessage &msg) = 0;
  virtual void cancel_medium(uint32_t dest, bool is_request) = 0;

  // Runs handlers for incoming messages. `replies_only`: deliver only replies (used while a
  // handler waits to send its reply, so handlers never nest more than one level).
  // Returns the number of messages delivered.
  virtual unsigned poll(bool replies_only) = 0;

  // Segments: publish this rank's segment [base, base+size) to every peer (collective).
  virtual void attach_segment(void *base, size_t size) = 0;
  // Allocates memory for this rank's segment in a form peers can map (collective-safe, local).
  virtual void *allocate_segment(size_t size) = 0;

  // Where a peer's bound segment lives: owner's base address, base mapped in this process
  // (nullptr if not load/store reachable), size (0 if none).
  struct SegmentView {
    char *owner_base = nullptr;
    char *local_base = nullptr;
    size_t size = 0;
  };
  virtual SegmentView segment_of(uint32_t jobrank) const noexcept = 0;
};

}  // namespace gex::transport
