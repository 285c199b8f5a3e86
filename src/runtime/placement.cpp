// Where a rank runs, and whether its idle waits sleep.
//
// Ranks started with the whole machine to share (gexrun, ssh, a launcher that does not bind)
// are bound here to disjoint, equal slices of that CPU set, in machine order: with a core
// each, the kernel no longer moves a working rank onto the core its idle neighbour wakes on.
// A launcher that bound the ranks itself (masks that differ between them: mpirun, srun) is
// left alone, and so is a machine with fewer CPUs than ranks (oversubscribed: the waits yield).
// GEX_BIND=0 turns binding off.
//
// A bound rank whose client runs more threads than its slice has CPUs (a PAR client's threads,
// an OpenMP team sized by the CPU set the process started with) is unbound again, every thread
// of it still on the slice (not one the client placed itself), the first time one of its threads
// polls after that (unbind_if_crowded): UPC++'s lpc-stress (10 threads a rank, 2 ranks on 2
// CPUs) took 45 s bound against 3 s unbound.
//
// Idle waits nap (WaitLoop, runtime.h) where ranks own disjoint CPUs, bound here or by the
// launcher: after GEX_IDLE_NAP_AFTER_US of waiting with nothing delivered (default 1000), a
// sleep of GEX_IDLE_NAP_US (default 50) between polls. Where ranks share CPUs, short sleeps made
// things worse on the CI VM (the kernel migrated the working rank at the napper's wake-ups), so
// there the default is not to nap; setting GEX_IDLE_NAP_AFTER_US asks for naps anyway.
#include <dirent.h>
#include <sched.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
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

// What unbind_if_crowded restores: the set the rank started with, the slice, the naps.
cpu_set_t g_start_cpus;
cpu_set_t g_slice;
uint64_t g_unbound_nap_after_ns = 0;

// Threads of this process (/proc/self/stat's 20th field), or -1.
int process_threads() {
  FILE *f = std::fopen("/proc/self/stat", "r");
  if (!f) return -1;
  char buf[1024];
  const size_t len = std::fread(buf, 1, sizeof buf - 1, f);
  std::fclose(f);
  buf[len] = '\0';
  const char *p = std::strrchr(buf, ')');  // after the command name, which may hold anything
  if (!p) return -1;
  int threads = -1;
  // fields 3..20 after ") ": state, ppid, pgrp, session, tty, tpgid, flags, 4 fault counts,
  // utime, stime, cutime, cstime, priority, nice, num_threads
  if (std::sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %*d %*d %d", &threads) != 1)
    return -1;
  return threads;
}

// Gives every thread of this process that runs on the slice the CPU set the rank started with.
// A thread the client placed itself (Realm pins its threads) keeps its own set.
void widen_all_threads() {
  DIR *d = opendir("/proc/self/task");
  if (!d) return;
  while (const dirent *e = readdir(d)) {
    const pid_t tid = pid_t(std::atoi(e->d_name));
    cpu_set_t now;
    if (tid > 0 && sched_getaffinity(tid, sizeof now, &now) == 0 && CPU_EQUAL(&now, &g_slice))
      sched_setaffinity(tid, sizeof g_start_cpus, &g_start_cpus);
  }
  closedir(d);
}

}  // namespace

void unbind_if_crowded() {
  static std::mutex once;
  std::lock_guard<std::mutex> g(once);
  if (!g_rt.bound.load(std::memory_order_relaxed)) return;
  const int threads = process_threads();
  if (threads < 0 || threads - g_rt.internal_threads.load(std::memory_order_relaxed) <= CPU_COUNT(&g_slice)) return;
  // Twice: a thread created by one not yet widened inherits the slice.
  widen_all_threads();
  widen_all_threads();
  g_rt.idle_nap_after_ns.store(g_unbound_nap_after_ns, std::memory_order_relaxed);
  g_rt.bound.store(false, std::memory_order_relaxed);
}

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
    g_start_cpus = mine;
    g_slice = slice;
    g_rt.bound = sched_setaffinity(0, sizeof slice, &slice) == 0;
  }
  // Naps by default where the ranks own their CPUs: bound here (until unbind_if_crowded) or
  // apart by the launcher.
  const bool apart_by_launcher = n > 1 && apart && CPU_COUNT(&mine) > 0;
  const auto nap_after_ns = [](bool own_cpus) {
    return uint64_t(env_int("GEX_IDLE_NAP_AFTER_US", own_cpus ? 1000 : 0, 0, 60000000)) * 1000;
  };
  g_rt.idle_nap_after_ns = nap_after_ns(g_rt.bound || apart_by_launcher);
  g_unbound_nap_after_ns = nap_after_ns(apart_by_launcher);
  g_rt.idle_nap_ns = uint32_t(env_int("GEX_IDLE_NAP_US", 50, 1, 100000)) * 1000;
}

}  // namespace gex::runtime
