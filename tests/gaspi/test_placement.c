/* GPI-2's NUMA placement calls: gaspi_numa_socket (the local rank under gaspi_run -N, i.e.
 * GASPI_SET_NUMA_SOCKET=1; GASPI_ERR_ENV otherwise) and gaspi_set_socket_affinity (binds the
 * process to the CPUs of a NUMA node, as the kernel lists them). */
#define _GNU_SOURCE
#include <sched.h>
#include <unistd.h>

#include "gaspi_test.h"

/* The CPUs /sys lists for NUMA node `node`; 0 when the node does not exist. */
static int node_cpus(unsigned node, cpu_set_t *set) {
  char path[128], line[4096];
  snprintf(path, sizeof path, "/sys/devices/system/node/node%u/cpulist", node);
  FILE *f = fopen(path, "r");
  CPU_ZERO(set);
  if (!f) return 0;
  if (!fgets(line, sizeof line, f)) line[0] = 0;
  fclose(f);
  for (char *p = line; *p >= '0' && *p <= '9';) {
    long lo = strtol(p, &p, 10), hi = lo;
    if (*p == '-') hi = strtol(p + 1, &p, 10);
    for (long c = lo; c <= hi; ++c) CPU_SET((int)c, set);
    if (*p == ',') ++p;
  }
  return 1;
}

static void check_bound_to(unsigned node, const char *when) {
  cpu_set_t want, have;
  CHECK(node_cpus(node, &want), "%s: node %u vanished", when, node);
  CHECK(sched_getaffinity(0, sizeof have, &have) == 0, "sched_getaffinity");
  CHECK(CPU_EQUAL(&want, &have), "%s: affinity is %d CPUs, not node %u's %d", when, CPU_COUNT(&have), node, CPU_COUNT(&want));
}

int main(void) {
  gaspi_rank_t me, local;
  gaspi_uchar sock = 99;
  cpu_set_t set;
  OK(gaspi_proc_init(GASPI_BLOCK));
  OK(gaspi_proc_rank(&me));
  OK(gaspi_proc_local_rank(&local));
  const char *numa = getenv("GASPI_SET_NUMA_SOCKET");
  if (numa && atoi(numa) == 1) {
    /* gaspi_run -N: init bound local rank i to node i, and numa_socket says i */
    OK(gaspi_numa_socket(&sock));
    CHECK(sock == local, "numa_socket %u, local rank %u", sock, local);
    check_bound_to(local, "after gaspi_proc_init with GASPI_SET_NUMA_SOCKET=1");
  } else {
    EXPECT_RC(GASPI_ERR_ENV, gaspi_numa_socket(&sock));
    CHECK(sock == 99, "numa_socket wrote %u although placement is off", sock);
  }
  EXPECT_RC(GASPI_ERR_NULLPTR, gaspi_numa_socket(NULL));

  /* Narrowed to one CPU, then bound to node 0: the whole node again (a no-op fails here where
   * node 0 has more than one CPU). */
  if (node_cpus(0, &set)) {
    int first = -1;
    for (int c = 0; c < CPU_SETSIZE && first < 0; ++c)
      if (CPU_ISSET(c, &set)) first = c;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(first, &one);
    CHECK(sched_setaffinity(0, sizeof one, &one) == 0, "sched_setaffinity to CPU %d", first);
    OK(gaspi_set_socket_affinity(0));
    check_bound_to(0, "after gaspi_set_socket_affinity(0)");
  } else {
    EXPECT_RC(GASPI_ERROR, gaspi_set_socket_affinity(0));
  }
  /* a node this host does not have, and one past GPI-2's limit of 16 */
  unsigned missing = 1;
  while (missing < 16 && node_cpus(missing, &set)) ++missing;
  if (missing < 16) EXPECT_RC(GASPI_ERROR, gaspi_set_socket_affinity((gaspi_uchar)missing));
  EXPECT_RC(GASPI_ERROR, gaspi_set_socket_affinity(16));

  OK(gaspi_barrier(GASPI_GROUP_ALL, GASPI_BLOCK));
  OK(gaspi_proc_term(GASPI_BLOCK));
  if (me == 0) printf("gaspi placement: OK\n");
  return 0;
}
