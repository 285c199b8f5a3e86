// Where a rank runs, and whether its idle waits sleep.
//
// Ranks started with the whole machine to share (gexrun, ssh, a launcher that does not bind)
// are bound here to disjoint, equal slices of that CPU set, in machine order: with a core
// each, the kernel no longer moves a working rank onto the core its idle neighbour wakes on.
// A launcher that bound the ranks itself (masks that differ between them: mpirun, srun) is
// left alone, and so is a machine with fewer CPUs than ranks (oversubscribed: the waits yield).
// GEX_BIND=0 turns binding off.
//
// Idle waits nap (WaitLoop, runtime.h) where ranks own disjoint CPUs, bound here or by the
// launcher: after GEX_IDLE_NAP_AFTER_US of waiting with nothing delivered (default 1000), a
// sleep of GEX_IDLE_NAP_US (default 50) between polls. Where ranks share CPUs, short sleeps made
// things worse on the CI VM (the kernel migrated the working rank at the napper's wake-ups), so
// there the default is not to nap; setting GEX_IDLE_NAP_AFTER_US asks for naps anyway.
#include <sched.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <vector>

#include "bootstrap/bootstrap.h"
#include "runtime/env.h"
#include "runtime/runtime.h"

namespace gex::runtime {

namespace {

// The CPUs of a set, in increasing order.
std::vector<int> cpus_of(const cpu_set_t &set) {
  std::vector<int> cpus;
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &set)) cpus.push_back(c);
  return cpus;
}

}  // namespace

void place_rank() {
  const bool bind = env_bool("GEX_BIND", true);
  cpu_set_t mine;
  CPU_ZERO(&mine);
  if (sched_getaffinity(0, sizeof mine, &mine) != 0) CPU_ZERO(&mine);

  // Every rank's set, for the ranks of this machine (collective: every rank is here).
  static_assert(sizeof(cpu_set_t) <= bootstrap::kMaxExchangeBytes);
  std::vector<cpu_set_t> all(g_rt.size);
  bootstrap::allgather(&mine, sizeof mine, all.data());
  const std::vector<uint32_t> &peers = bootstrap::machine_peers();
  size_t index = 0;
  bool same = true;
  int counted = 0;  // the peers' sets are disjoint when their union counts every CPU once
  cpu_set_t any;
  CPU_ZERO(&any);
  for (size_t i = 0; i < peers.size(); ++i) {
    const cpu_set_t &set = all[peers[i]];
    if (peers[i] == g_rt.rank) index = i;
    same = same && CPU_EQUAL(&set, &mine);
    counted += CPU_COUNT(&set);
    CPU_OR(&any, &any, &set);
  }
  const bool apart = CPU_COUNT(&any) == counted;

  const std::vector<int> cpus = cpus_of(mine);
  const size_t n = peers.size();
  // Oversubscribed: more ranks on this machine than it has cores, or than the CPUs they were all
  // started with (taskset on the launcher, a small cpuset). Not the job's ranks: a job of many
  // hosts is not oversubscribed for having more ranks than one host's cores. Not the host's
  // either: hosts rehearsed on one machine (network namespaces, GEX_TEST_HOSTS) share its cores,
  // and ranks that spin there wait a whole time slice for a descheduled peer at every round trip.
  const long cores = sysconf(_SC_NPROCESSORS_ONLN);
  g_rt.oversubscribed = (cores > 0 && long(n) > cores) || (same && cpus.size() < n);
  set_idle_yield(g_rt.oversubscribed);
  if (bind && n > 1 && same && cpus.size() >= n) {
    const size_t share = cpus.size() / n;
    cpu_set_t slice;
    CPU_ZERO(&slice);
    for (size_t k = 0; k < share; ++k) CPU_SET(cpus[index * share + k], &slice);
    g_rt.bound = sched_setaffinity(0, sizeof slice, &slice) == 0;
  }
  const bool own_cpus = g_rt.bound || (n > 1 && apart && CPU_COUNT(&mine) > 0);
  g_rt.idle_nap_after_ns = uint64_t(env_int("GEX_IDLE_NAP_AFTER_US", own_cpus ? 1000 : 0, 0, 60000000)) * 1000;
  g_rt.idle_nap_ns = uint32_t(env_int("GEX_IDLE_NAP_US", 50, 1, 100000)) * 1000;
}

}  // namespace gex::runtime
