// Team queries, TM-pairs and rank translation.
#include <algorithm>

#include "runtime/runtime.h"

using namespace gex::runtime;

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
  loc.gex_rank = gex_TM_TranslateRankToJobrank(tm, rank);
  loc.gex_ep_index = 0;  // one endpoint per process (GASNET_MAXEPS == 1)
  return loc;
}

}  // extern "C"
