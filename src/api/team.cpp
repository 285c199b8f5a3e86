// Team queries, TM-pairs, rank translation, and the team constructors (Split, Create, Destroy).
// Constructors exchange membership with an allgather over the parent team (src/coll/), so the
// parent may itself be any team; each new member learns every other member's gexi_TM address,
// which the collectives engine uses to name the team on the wire.
#include <algorithm>
#include <cstdio>
#include <numeric>

#include "coll/service.h"
#include "runtime/runtime.h"

using namespace gex::runtime;

namespace {

constexpr gex_Flags_t kScratchQuery = GEX_FLAG_TM_SCRATCH_SIZE_RECOMMENDED | GEX_FLAG_TM_SCRATCH_SIZE_MIN;
constexpr gex_Flags_t kScratchModes =
    GEX_FLAG_TM_SYMMETRIC_SCRATCH | GEX_FLAG_TM_LOCAL_SCRATCH | GEX_FLAG_TM_GLOBAL_SCRATCH | GEX_FLAG_TM_NO_SCRATCH;

void warn_scratch_min(const char *call) {
  static bool warned = false;
  if (warned) return;
  warned = true;
  std::fprintf(stderr, "libgex rank %u: %s: GEX_FLAG_TM_SCRATCH_SIZE_MIN is deprecated (since spec v0.11); "
               "use GEX_FLAG_TM_SCRATCH_SIZE_RECOMMENDED\n", unsigned(g_rt.rank), call);
}

// Client scratch must lie in the bound segment of this process's endpoint (the parent's).
void check_scratch(const char *call, const void *addr, size_t size) {
  if (size == 0) usage_fatal(call, "scratch_size is 0 (pass GEX_FLAG_TM_NO_SCRATCH to provide no scratch space)");
  if (!in_segment(g_rt.rank, addr, size)) {
    const auto &seg = g_rt.segments.at(g_rt.rank);
    if (!seg.size) usage_fatal(call, "scratch space given but this rank has no bound segment (gex_Segment_Attach)");
    usage_fatal(call, "scratch [" + fmt_ptr(addr) + ", +" + std::to_string(size) + " bytes) is outside the bound segment [" +
                          fmt_ptr(seg.owner_base) + ", " + fmt_ptr(seg.owner_base + seg.size) + ")");
  }
}

gexi_TM *new_team(gexi_TM *parent, gex_Flags_t flags) {
  auto *tm = new gexi_TM;
  tm->client = parent->client;
  tm->ep = parent->ep;
  tm->flags = flags;
  gex::coll::attach_team(tm);  // before the exchange: peers may message it as soon as it ends
  return tm;
}

uint64_t tm_id(const gexi_TM *tm) { return uint64_t(reinterpret_cast<uintptr_t>(tm)); }

}  // namespace

extern "C" {

gex_Client_t gex_TM_QueryClient(gex_TM_t tm) { return team_of(tm, "gex_TM_QueryClient")->client; }
gex_EP_t gex_TM_QueryEP(gex_TM_t tm) { return team_of(tm, "gex_TM_QueryEP")->ep; }
gex_Flags_t gex_TM_QueryFlags(gex_TM_t tm) { return team_of(tm, "gex_TM_QueryFlags")->flags; }
gex_Rank_t gex_TM_QueryRank(gex_TM_t tm) { return team_of(tm, "gex_TM_QueryRank")->rank; }
gex_Rank_t gex_TM_QuerySize(gex_TM_t tm) { return team_of(tm, "gex_TM_QuerySize")->size; }
void gex_TM_SetCData(gex_TM_t tm, const void *val) { team_of(tm, "gex_TM_SetCData")->cdata = const_cast<void *>(val); }
void *gex_TM_QueryCData(gex_TM_t tm) { return team_of(tm, "gex_TM_QueryCData")->cdata; }

gex_TM_t gex_TM_Pair(gex_EP_t local_ep, gex_EP_Index_t remote_ep_index) {
  if (!local_ep) usage_fatal("gex_TM_Pair", "local_ep is GEX_EP_INVALID");
  if (remote_ep_index >= GASNET_MAXEPS)
    usage_fatal("gex_TM_Pair", "remote_ep_index=" + std::to_string(remote_ep_index) + " exceeds GASNET_MAXEPS-1");
  return reinterpret_cast<gex_TM_t>(reinterpret_cast<uintptr_t>(local_ep) | (uintptr_t(remote_ep_index) << 1) | 1);
}

gex_Rank_t gex_TM_TranslateRankToJobrank(gex_TM_t tm, gex_Rank_t rank) {
  const char *call = "gex_TM_TranslateRankToJobrank";
  gexi_TM *team = team_of(tm, call);
  if (rank >= team->size) usage_fatal(call, "rank " + std::to_string(rank) + " is out of range for a team of size " + std::to_string(team->size));
  return team->members.empty() ? rank : team->members[rank];
}

gex_Rank_t gex_TM_TranslateJobrankToRank(gex_TM_t tm, gex_Rank_t jobrank) {
  const char *call = "gex_TM_TranslateJobrankToRank";
  gexi_TM *team = team_of(tm, call);
  if (jobrank >= g_rt.size) usage_fatal(call, "jobrank " + std::to_string(jobrank) + " is out of range: job size is " + std::to_string(g_rt.size));
  if (team->members.empty()) return jobrank;
  auto it = std::find(team->members.begin(), team->members.end(), jobrank);
  return it == team->members.end() ? GEX_RANK_INVALID : gex_Rank_t(it - team->members.begin());
}

gex_EP_Location_t gex_TM_TranslateRankToEP(gex_TM_t tm, gex_Rank_t rank, gex_Flags_t flags) {
  if (flags) usage_fatal("gex_TM_TranslateRankToEP", "flags must be 0");
  gex_EP_Location_t loc;
  // A TM-pair names a jobrank and its remote endpoint index; a team's members are primordial
  // endpoints.
  loc.gex_rank = is_tm_pair(tm) ? jobrank_of(tm, rank, "gex_TM_TranslateRankToEP") : gex_TM_TranslateRankToJobrank(tm, rank);
  loc.gex_ep_index = remote_ep_of(tm);
  return loc;
}

// ---- constructors ---------------------------------------------------------------------------

size_t gex_TM_Split(gex_TM_t *new_tm_p, gex_TM_t parent_tm, int color, int key, void *scratch_addr,
                    size_t scratch_size, gex_Flags_t flags) {
  const char *call = "gex_TM_Split";
  require_init(call);
  check_may_communicate(call);
  gexi_TM *parent = team_of(parent_tm, call);
  if ((flags & kScratchQuery) == kScratchQuery)
    usage_fatal(call, "GEX_FLAG_TM_SCRATCH_SIZE_RECOMMENDED and GEX_FLAG_TM_SCRATCH_SIZE_MIN are mutually exclusive");
  if (flags & kScratchQuery) {
    if (flags & GEX_FLAG_TM_SCRATCH_SIZE_MIN) warn_scratch_min(call);
    return new_tm_p ? gex::coll::kRecommendedScratch : 0;  // a constant: single-valued per new team
  }
  const bool joins = new_tm_p != nullptr;
  const bool no_scratch = flags & GEX_FLAG_TM_NO_SCRATCH;
  if (joins) {
    if (color < 0) usage_fatal(call, "color=" + std::to_string(color) + " is negative (colors are non-negative integers)");
    if (!no_scratch) check_scratch(call, scratch_addr, scratch_size);
  }
  struct Record {
    int32_t joins, color, key, no_scratch;
    uint64_t tm, scratch_size;
  } rec{joins, color, key, no_scratch, 0, no_scratch ? 0 : scratch_size};
  gexi_TM *tm = joins ? new_team(parent, flags) : nullptr;
  rec.tm = tm_id(tm);
  std::vector<char> raw = gex::coll::allgather(parent, &rec, sizeof rec, call);
  if (!joins) return 0;
  const auto *all = reinterpret_cast<const Record *>(raw.data());
  std::vector<gex_Rank_t> order;  // parent ranks of the new team's members, in new rank order
  for (gex_Rank_t r = 0; r < parent->size; ++r)
    if (all[r].joins && all[r].color == color) order.push_back(r);
  std::stable_sort(order.begin(), order.end(), [&](gex_Rank_t a, gex_Rank_t b) { return all[a].key < all[b].key; });
  std::vector<uint64_t> ids;
  for (gex_Rank_t pr : order) {
    const Record &m = all[pr];
    if (m.no_scratch != rec.no_scratch)
      usage_fatal(call, "GEX_FLAG_TM_NO_SCRATCH differs between members of the new team of color " + std::to_string(color) +
                            " (parent rank " + std::to_string(pr) + ")");
    if (m.scratch_size != rec.scratch_size)
      usage_fatal(call, "scratch_size differs between members of the new team of color " + std::to_string(color) + ": " +
                            std::to_string(m.scratch_size) + " at parent rank " + std::to_string(pr) + ", " +
                            std::to_string(rec.scratch_size) + " here");
    if (pr == parent->rank) tm->rank = gex_Rank_t(ids.size());
    tm->members.push_back(parent->members.empty() ? pr : parent->members[pr]);
    ids.push_back(m.tm);
  }
  tm->size = gex_Rank_t(ids.size());
  gex::coll::ScratchInfo scratch;
  if (!no_scratch) scratch = {true, scratch_addr, scratch_size};
  gex::coll::set_team_peers(tm, std::move(ids), scratch, true);
  *new_tm_p = tm;
  return 0;
}

size_t gex_TM_Create(gex_TM_t *new_tms, size_t num_new_tms, gex_TM_t parent_tm, gex_EP_Location_t *args,
                     size_t numargs, gex_Addr_t *scratch_addrs, size_t scratch_size, gex_Flags_t flags) {
  const char *call = "gex_TM_Create";
  require_init(call);
  check_may_communicate(call);
  gexi_TM *parent = team_of(parent_tm, call);
  if ((flags & kScratchQuery) == kScratchQuery)
    usage_fatal(call, "GEX_FLAG_TM_SCRATCH_SIZE_RECOMMENDED and GEX_FLAG_TM_SCRATCH_SIZE_MIN are mutually exclusive");
  // The size query depends on numargs alone (as in GASNet): args, new_tms and the scratch
  // arguments are not read, and the call does not communicate.
  if (flags & kScratchQuery) {
    if (flags & GEX_FLAG_TM_SCRATCH_SIZE_MIN) warn_scratch_min(call);
    return numargs ? gex::coll::kRecommendedScratch : 0;
  }
  if (numargs && !args) usage_fatal(call, "args is NULL with numargs=" + std::to_string(numargs));

  // The members as jobranks, and my place among them.
  std::vector<gex_Rank_t> members;
  size_t my_index = size_t(-1);
  for (size_t i = 0; i < numargs; ++i) {
    gex_Rank_t jr = args[i].gex_rank;
    if (args[i].gex_ep_index != 0)
      usage_fatal(call, "args[" + std::to_string(i) + "].gex_ep_index=" + std::to_string(args[i].gex_ep_index) +
                            ": only primordial endpoints (index 0) may be team members");
    if (flags & GEX_FLAG_RANK_IS_JOBRANK) {
      if (jr >= g_rt.size)
        usage_fatal(call, "args[" + std::to_string(i) + "].gex_rank=" + std::to_string(jr) + " is not a jobrank (job size " +
                              std::to_string(g_rt.size) + ")");
      if (gex_TM_TranslateJobrankToRank(parent, jr) == GEX_RANK_INVALID)
        usage_fatal(call, "args[" + std::to_string(i) + "] names jobrank " + std::to_string(jr) + ", which is not a member of parent_tm");
    } else {
      if (jr >= parent->size)
        usage_fatal(call, "args[" + std::to_string(i) + "].gex_rank=" + std::to_string(jr) +
                              " is out of range for parent_tm of size " + std::to_string(parent->size) +
                              " (pass GEX_FLAG_RANK_IS_JOBRANK for jobranks)");
      jr = parent->members.empty() ? jr : parent->members[jr];
    }
    if (std::find(members.begin(), members.end(), jr) != members.end())
      usage_fatal(call, "args[" + std::to_string(i) + "] names jobrank " + std::to_string(jr) + " twice (members must be distinct)");
    if (jr == g_rt.rank) my_index = i;
    members.push_back(jr);
  }
  const size_t local = my_index != size_t(-1) ? 1 : 0;
  if (numargs && num_new_tms != local)
    usage_fatal(call, "num_new_tms=" + std::to_string(num_new_tms) + " but args[] names " + std::to_string(local) +
                          " local endpoint(s)");
  if (local && !new_tms) usage_fatal(call, "new_tms is NULL");
  const gex_Flags_t mode = flags & kScratchModes;
  gex::coll::ScratchInfo scratch;
  if (local) {
    if (mode == 0 || (mode & (mode - 1)))
      usage_fatal(call, "flags must contain exactly one of GEX_FLAG_TM_SYMMETRIC_SCRATCH, GEX_FLAG_TM_LOCAL_SCRATCH, "
                        "GEX_FLAG_TM_GLOBAL_SCRATCH and GEX_FLAG_TM_NO_SCRATCH");
    if (mode != GEX_FLAG_TM_NO_SCRATCH) {
      if (!scratch_addrs) usage_fatal(call, "scratch_addrs is NULL");
      gex_Addr_t a = scratch_addrs[mode == GEX_FLAG_TM_GLOBAL_SCRATCH ? my_index : 0];
      if (flags & GEX_FLAG_SCRATCH_SEG_OFFSET) a = g_rt.segments.at(g_rt.rank).owner_base + reinterpret_cast<uintptr_t>(a);
      check_scratch(call, a, scratch_size);
      scratch = {true, a, scratch_size};
    }
  }
  // One record per parent member: the team it joins (a signature of the member list and of the
  // single-valued arguments) and its new gexi_TM.
  uint64_t sig = 1469598103934665603ull;
  auto mix = [&](uint64_t v) { sig = (sig ^ v) * 1099511628211ull; };
  for (gex_Rank_t jr : members) mix(jr);
  mix(numargs);
  mix(mode);
  mix(flags & GEX_FLAG_SCRATCH_SEG_OFFSET);
  mix(mode == GEX_FLAG_TM_NO_SCRATCH ? 0 : scratch_size);
  struct Record {
    uint64_t tm, sig;
  } rec{0, local ? sig : 0};
  gexi_TM *tm = local ? new_team(parent, flags) : nullptr;
  rec.tm = tm_id(tm);
  std::vector<char> raw = gex::coll::allgather(parent, &rec, sizeof rec, call);
  if (!local) return 0;
  const auto *all = reinterpret_cast<const Record *>(raw.data());
  std::vector<uint64_t> ids;
  for (gex_Rank_t jr : members) {
    gex_Rank_t pr = gex_TM_TranslateJobrankToRank(parent, jr);
    if (pr == GEX_RANK_INVALID)
      usage_fatal(call, "args[] names jobrank " + std::to_string(jr) + ", which is not a member of parent_tm");
    if (!all[pr].tm || all[pr].sig != sig)
      usage_fatal(call, "jobrank " + std::to_string(jr) + (all[pr].tm ? " passed a different args[]/numargs/scratch mode/scratch_size"
                                                                      : " did not join this team (its args[] does not name it)") +
                            ": these arguments must be single-valued over the new team");
    ids.push_back(all[pr].tm);
  }
  tm->rank = gex_Rank_t(my_index);
  tm->size = gex_Rank_t(members.size());
  tm->members = std::move(members);
  gex::coll::set_team_peers(tm, std::move(ids), scratch, mode != GEX_FLAG_TM_NO_SCRATCH);
  new_tms[0] = tm;
  return 0;
}

int gex_TM_Destroy(gex_TM_t tm, gex_Memvec_t *scratch_p, gex_Flags_t flags) {
  const char *call = "gex_TM_Destroy";
  require_init(call);
  check_may_communicate(call);
  gexi_TM *team = team_of(tm, call);
  if (team->primordial) usage_fatal(call, "destroying the primordial team is erroneous");
  (void)flags;  // GLOBALLY_QUIESCED: the barrier below is kept either way; SEG_OFFSET: see below
  gex::coll::ScratchInfo scratch = gex::coll::detach_team(team, call);
#ifdef GASNET_DEBUG
  // Kept (a small leak, debug build only) so that a later use of the handle is diagnosed.
  team->magic = gexi_TM::kDestroyed;
  team->members = {};
#else
  delete team;
#endif
  if (!scratch_p || !scratch.client_supplied) return 0;
  scratch_p->gex_addr = scratch.addr;
  if (flags & GEX_FLAG_SCRATCH_SEG_OFFSET)
    scratch_p->gex_addr = reinterpret_cast<void *>(static_cast<char *>(scratch.addr) - g_rt.segments.at(g_rt.rank).owner_base);
  scratch_p->gex_len = scratch.size;
  return 1;
}

}  // extern "C"
