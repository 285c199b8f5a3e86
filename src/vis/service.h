// VIS (gasnet_vis.h): Vector, Indexed and Strided Put/Get.
//
// Every VIS operation is first flattened into contiguous pieces (local address, remote address,
// length), adjacent pieces merged when both sides continue each other (vis_api.cpp). The pieces
// then take the per-peer path of ordinary RMA:
//  - load/store (the peer's segment is mapped here): one memcpy per piece, remotely complete
//    when the initiation returns, so NB gives GEX_EVENT_INVALID and NBI counts nothing.
//  - Active Messages (AmTransfer below): pieces of at most kPackedPieceMax bytes are packed into
//    AM Mediums (a put carries headers plus data; a get carries headers and its Medium Reply
//    carries the data back), larger pieces go one by one through gex::extended::put/get. Every
//    message counts on one shared CompletionCounter: the event's, the NBI counter's (GEX_EC_PUT
//    or GEX_EC_GET, or the access region's) or a blocking call's stack counter.
// Peer completion (gex_VIS_SetPeerCompletionHandler): the handler a thread arms goes with its next
// VIS Put. Once that put's data is in place at the peer (load/store: when the copies are done; AM:
// when every message of it has been acknowledged) an internal Medium Request carries the payload
// there, and its handler runs the client's handler as a 0-argument Medium Reply handler. The put
// completes (event, NBI counter, blocking return) only once that request is sent.
// Source payloads (and all metadata) are copied or consumed by the time the initiation returns on
// both paths, so local completion of a Put is always reached at return: with
// GEX_FLAG_ENABLE_LEAF_LC, gex_Event_QueryLeaf(root, GEX_EC_LC) gives GEX_EVENT_INVALID (complete)
// and gex_NBI_*(GEX_EC_LC) has nothing outstanding.
#pragma once

#include <gasnet_vis.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "runtime/internal_am.h"

namespace gex::vis {

// Called once from gex_Client_Init, after the primordial endpoint exists and before this rank polls.
void init();

// A peer completion armed by gex_VIS_SetPeerCompletionHandler; the payload is copied when the put
// takes it, so the client's buffer is free as soon as the put returns.
struct PeerCompletion {
  gex_AM_Index_t handler = 0;
  size_t nbytes = 0;
  char payload[GEX_VIS_MAX_PEERCOMPLETION];
};
// This thread's armed peer completion, disarming it; false when none is armed.
bool take_peer_completion(PeerCompletion *pc);
// Runs pc's handler at jobrank (the put's data is in place there).
void send_peer_completion(gex_Rank_t jobrank, const PeerCompletion &pc);
// For a put over AM: returns the counter its messages count on; once that drains, progress sends
// pc to jobrank and then lowers `done` (the put's event or NBI counter), which this raises by one.
// The caller lowers the returned counter once (complete_one) after its last message is sent.
runtime::CompletionCounter *defer_peer_completion(gex_Rank_t jobrank, const PeerCompletion &pc,
                                                  runtime::CompletionCounter *done);

enum class Direction : uint8_t { Put, Get };

// Where one piece of a packed get's reply lands.
struct LocalPiece {
  char *addr;
  uint32_t len;
};

// Pieces up to this size are packed into Mediums; larger ones go through extended-ref RMA.
inline constexpr size_t kPackedPieceMax = 8192;

// One VIS operation to one peer over Active Messages. add() may send; once an IMMEDIATE
// first message was refused, everything else is dropped and refused() reports it (nothing was
// sent, so the call is a no-op as the spec requires).
class AmTransfer {
 public:
  // `ep`: the remote endpoint whose segment the remote addresses lie in.
  AmTransfer(Direction dir, gex_Rank_t jobrank, runtime::CompletionCounter *counter, bool immediate, uint16_t ep = 0);
  ~AmTransfer();
  AmTransfer(const AmTransfer &) = delete;
  AmTransfer &operator=(const AmTransfer &) = delete;

  // Put: local is the source, remote the destination (an owner address in the peer's segment).
  // Get: remote is the source, local the destination.
  void add(char *local, char *remote, size_t n);
  void flush();  // sends the packet under construction
  bool refused() const { return refused_; }

 private:
  bool may_send_immediate() const { return immediate_ && !sent_any_; }
  void note_sent(bool ok);

  Direction dir_;
  gex_Rank_t jobrank_;
  uint16_t ep_;
  runtime::CompletionCounter *counter_;
  bool immediate_;
  bool sent_any_ = false;
  bool refused_ = false;
  size_t capacity_;                 // payload bytes of one Medium
  std::vector<char> packet_;        // put: headers and data; get: headers
  size_t reply_bytes_ = 0;          // get: data the reply will carry
  std::vector<LocalPiece> dests_;   // get: where each piece of the reply lands
};

}  // namespace gex::vis
