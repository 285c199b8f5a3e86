// The collectives service: teams' collective state and the gex_Coll_* engine, written on internal
// Active Messages (src/coll/service.cpp), with a shared-memory path for teams of neighbours
// (src/coll/shm.cpp). Team constructors (src/api/team.cpp) build on it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include <gasnetex.h>

namespace gex::coll {

// Called once from gex_Client_Init, after the primordial endpoint exists and before this rank polls.
void init();

// gex_Coll_BarrierNB on the primordial team when GEX_FORCE_AM is off, outside the engine: each
// rank's arrival counter lives in its collective area (shm.cpp), mapped by every rank. Arrival
// `seq` is published with release (this thread's earlier accesses are visible first); the
// barrier is complete once every rank has arrived at `seq` or later (acquire).
void primordial_barrier_arrive(uint64_t seq) noexcept;
bool primordial_barrier_done(uint64_t seq) noexcept;

// Advances every outstanding collective of this process: takes in the messages the handler
// buffered and sends what has become ready. Cheap when nothing is outstanding. Never runs in a
// restricted context (handler, HSL, NPAM), where it returns at once.
void progress();

// The caller has synced `ev`, a collective's event, and is about to release it (events.cpp).
// The shared-memory path learns from this whether its caller waits for each collective before
// starting the next (Op::caller_pipelines).
void event_synced(const gexi_Event *ev) noexcept;

struct Op;
// Puts an Op on the active list that progress() walks: a stage as it begins, or a parked one
// (Op::can_park) once it can move again. Under the engine mutex, i.e. from progress(), launch, or
// an Op's advance() or destructor.
void activate(Op *op);

// Per-team collective state, owned by gexi_TM::coll.
struct TeamState;

struct ScratchInfo {
  bool client_supplied = false;  // false: GEX_FLAG_TM_NO_SCRATCH
  void *addr = nullptr;
  size_t size = 0;
};

// The scratch size gex_TM_Split/Create recommend (single-valued: a constant).
inline constexpr size_t kRecommendedScratch = size_t(64) << 10;

// Gives a new team (allocated, not yet filled in) its collective state before the membership
// exchange, so messages for it that arrive early are buffered.
void attach_team(gexi_TM *tm);
// After the exchange: the wire id of every member's gexi_TM (its address in that process).
void set_team_peers(gexi_TM *tm, std::vector<uint64_t> peer_ids, const ScratchInfo &scratch,
                    bool collectives_allowed);
// Destroy: checks quiescence, synchronises the members, frees the state. Returns the scratch.
ScratchInfo detach_team(gexi_TM *tm, const char *call);

// Blocking allgather over `tm` of `rec_size` bytes per member (internal; consumes one collective
// sequence number of tm, so every member must call it at the same point of its collective order).
std::vector<char> allgather(gexi_TM *tm, const void *rec, size_t rec_size, const char *call);

}  // namespace gex::coll
