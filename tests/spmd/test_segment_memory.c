/* test_segment_memory: where a segment's memory comes from.
 *   test_segment_memory private   every rank is alone on its host (a one-rank job, or one rank per
 *                                 rehearsed host): nobody else maps its segments, so they are
 *                                 private memory, as GASNet's smp conduit gives a single process:
 *                                 /proc/self/maps shows an anonymous private mapping (no
 *                                 /dev/shm object, nor its size limit)
 *   test_segment_memory shared    ranks have neighbours: the segment is a shared-memory object the
 *                                 neighbours map (rw-s, /dev/shm)
 * Either way the attached segment and one from gex_Segment_Create read as zeros, and RMA to and
 * from them works (in a rehearsed two-host job over ofi, which registers private memory like any
 * other). */
#include "test_util.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SEG_BYTES (8u << 20)
#define BLOCK 4096

static gex_Client_t client;
static gex_EP_t ep;
static gex_TM_t tm;

/* The /proc/self/maps line of the mapping that holds addr: its permissions and path (may be ""). */
static void mapping_of(const void *addr, char perms[8], char path[512]) {
  FILE *f = fopen("/proc/self/maps", "r");
  CHECK(f != NULL);
  char line[1024];
  const uintptr_t a = (uintptr_t)addr;
  int found = 0;
  while (!found && fgets(line, sizeof line, f)) {
    unsigned long lo, hi;
    int off = 0;
    path[0] = 0;
    if (sscanf(line, "%lx-%lx %7s %*s %*s %*s %n", &lo, &hi, perms, &off) < 3) continue;
    if (a < lo || a >= hi) continue;
    found = 1;
    if (off > 0) {
      snprintf(path, 512, "%s", line + off);
      path[strcspn(path, "\n")] = 0;
    }
  }
  fclose(f);
  CHECKF(found, "no mapping in /proc/self/maps holds %p", addr);
}

static void check_memory(const void *addr, const char *what, int expect_private) {
  char perms[8], path[512];
  mapping_of(addr, perms, path);
  TEST_LOG("%s at %p: %s '%s'", what, addr, perms, path);
  if (expect_private) {
    CHECKF(perms[3] == 'p' && path[0] == 0, "%s: expected private anonymous memory, got %s '%s'", what, perms, path);
  } else {
    CHECKF(perms[3] == 's' && strstr(path, "/dev/shm/") != NULL, "%s: expected a /dev/shm object, got %s '%s'",
           what, perms, path);
  }
  CHECK_BYTES(addr, SEG_BYTES, 0);
}

int main(int argc, char **argv) {
  test_init("TEST_SEGMENT_MEMORY", &argc, &argv, &client, &ep, &tm);
  CHECKF(argc == 2 && (!strcmp(argv[1], "private") || !strcmp(argv[1], "shared")), "usage: %s private|shared",
         argv[0]);
  const int expect_private = !strcmp(argv[1], "private");
  const gex_Rank_t me = gex_TM_QueryRank(tm), np = gex_TM_QuerySize(tm);
  CHECK_LE(np, SEG_BYTES / BLOCK);

  /* The default limit shares physical memory (and, with neighbours, /dev/shm) among the ranks of
     this host, not of the job: a rank alone on its host may have half of physical memory (up to
     the 64 GiB cap), whatever /dev/shm holds. */
  if (expect_private && !getenv("GASNET_MAX_SEGSIZE")) {
    uint64_t half = (uint64_t)sysconf(_SC_PHYS_PAGES) * (uint64_t)sysconf(_SC_PAGESIZE) / 2;
    if (half > ((uint64_t)64 << 30)) half = (uint64_t)64 << 30;
    CHECKF(gasnet_getMaxLocalSegmentSize() + GASNET_PAGESIZE > half,
           "gasnet_getMaxLocalSegmentSize() is %" PRIuPTR ", expected half of physical memory (%" PRIu64 ")",
           gasnet_getMaxLocalSegmentSize(), half);
  }
  gex_Segment_t seg;
  uint8_t *base = test_attach(tm, SEG_BYTES, &seg);
  check_memory(base, "attached segment", expect_private);
  gex_Segment_t made = GEX_SEGMENT_INVALID;
  CHECK_EQ(gex_Segment_Create(&made, client, NULL, SEG_BYTES, GEX_MK_HOST, 0), GASNET_OK);
  check_memory(gex_Segment_QueryAddr(made), "gex_Segment_Create segment", expect_private);
  test_barrier(tm);

  /* Each rank puts a block into the next rank's segment and gets the previous rank's block back. */
  const gex_Rank_t next = (me + 1) % np, prev = (me + np - 1) % np;
  uint8_t out[BLOCK], in[BLOCK];
  test_fill(out, BLOCK, test_seed(me, 1, 2, 3));
  void *next_base;
  CHECK_EQ(gex_Segment_QueryBound(tm, next, &next_base, NULL, NULL), GASNET_OK);
  CHECK_EQ(gex_RMA_PutBlocking(tm, next, (uint8_t *)next_base + (size_t)me * BLOCK, out, BLOCK, 0), GASNET_OK);
  test_barrier(tm);
  CHECK_PATTERN(base + (size_t)prev * BLOCK, BLOCK, test_seed(prev, 1, 2, 3));
  CHECK_EQ(gex_RMA_GetBlocking(tm, in, next, (uint8_t *)next_base + (size_t)me * BLOCK, BLOCK, 0), GASNET_OK);
  CHECK_PATTERN(in, BLOCK, test_seed(me, 1, 2, 3));
  test_barrier(tm);
  gex_Segment_Destroy(made, 0);
  test_finish(tm, "test_segment_memory");
  return 0;
}
