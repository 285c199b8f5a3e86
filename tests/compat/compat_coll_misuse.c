/* GASNet-1 collective misuse that must end the job with a message naming the call:
 *   no_local        flags without GASNET_COLL_LOCAL
 *   two_in          GASNET_COLL_IN_MYSYNC|GASNET_COLL_IN_ALLSYNC
 *   no_out          no GASNET_COLL_OUT_* flag
 *   bad_flag        a bit that is no GASNET_COLL_* flag
 *   image_range     srcimage out of range
 *   not_in_segment  GASNET_COLL_SRC_IN_SEGMENT with a private src (debug build)
 *   kind_mismatch   gather_all on rank 0, exchange elsewhere
 *   sync_mismatch   IN_ALLSYNC on rank 0, IN_MYSYNC elsewhere (a barrier meets a broadcast)
 *   root_mismatch   scatter where every rank names itself the root
 *   root_mismatch_allsync  the same with GASNET_COLL_OUT_ALLSYNC (no rank reads another's data; the
 *                   barrier after it is what compares the roots)
 * (The mismatches are ones where blocks flow: over AM, a mismatch that sends nothing, such as a
 * gather meeting a scatter with the same root, cannot be seen and simply never completes.)
 *   size_mismatch   exchange with nbytes differing between ranks
 *   team_null       a NULL team */
#include <gasnet.h>
#include <gasnet_coll.h>

#include <stdio.h>
#include <string.h>

#define LOCAL_MY (GASNET_COLL_LOCAL | GASNET_COLL_IN_MYSYNC | GASNET_COLL_OUT_MYSYNC)

int main(int argc, char **argv) {
  if (gasnet_init(&argc, &argv) != GASNET_OK || gasnet_attach(NULL, 0, GASNET_PAGESIZE * 16, 0) != GASNET_OK) return 2;
  if (argc != 2) return 2;
  const char *mode = argv[1];
  const gasnet_node_t me = gasnet_mynode(), np = gasnet_nodes();
  static int src[64], dst[64];
  if (!strcmp(mode, "no_local")) {
    gasnet_coll_broadcast(GASNET_TEAM_ALL, dst, 0, src, 4, GASNET_COLL_IN_MYSYNC | GASNET_COLL_OUT_MYSYNC);
  } else if (!strcmp(mode, "two_in")) {
    gasnet_coll_broadcast(GASNET_TEAM_ALL, dst, 0, src, 4, LOCAL_MY | GASNET_COLL_IN_ALLSYNC);
  } else if (!strcmp(mode, "no_out")) {
    gasnet_coll_gather_all(GASNET_TEAM_ALL, dst, src, 4, GASNET_COLL_LOCAL | GASNET_COLL_IN_NOSYNC);
  } else if (!strcmp(mode, "bad_flag")) {
    gasnet_coll_exchange(GASNET_TEAM_ALL, dst, src, 4, LOCAL_MY | (1 << 13));
  } else if (!strcmp(mode, "image_range")) {
    gasnet_coll_scatter(GASNET_TEAM_ALL, dst, (gasnet_image_t)np, src, 4, LOCAL_MY);
  } else if (!strcmp(mode, "not_in_segment")) {
    gasnet_coll_gather_all(GASNET_TEAM_ALL, dst, src, 4, LOCAL_MY | GASNET_COLL_SRC_IN_SEGMENT);
  } else if (!strcmp(mode, "kind_mismatch")) {
    if (me == 0) gasnet_coll_gather_all(GASNET_TEAM_ALL, dst, src, 4, LOCAL_MY);
    else gasnet_coll_exchange(GASNET_TEAM_ALL, dst, src, 4, LOCAL_MY);
  } else if (!strcmp(mode, "sync_mismatch")) {
    const int in = me == 0 ? GASNET_COLL_IN_ALLSYNC : GASNET_COLL_IN_MYSYNC;
    gasnet_coll_broadcast(GASNET_TEAM_ALL, dst, 0, src, 4, GASNET_COLL_LOCAL | in | GASNET_COLL_OUT_MYSYNC);
  } else if (!strcmp(mode, "root_mismatch")) {
    gasnet_coll_scatter(GASNET_TEAM_ALL, dst, me, src, 4, LOCAL_MY);
  } else if (!strcmp(mode, "root_mismatch_allsync")) {
    gasnet_coll_scatter(GASNET_TEAM_ALL, dst, me, src, 4,
                        GASNET_COLL_LOCAL | GASNET_COLL_IN_MYSYNC | GASNET_COLL_OUT_ALLSYNC);
  } else if (!strcmp(mode, "size_mismatch")) {
    gasnet_coll_exchange(GASNET_TEAM_ALL, dst, src, me ? 4 : 8, LOCAL_MY);
  } else if (!strcmp(mode, "team_null")) {
    gasnet_coll_gather_all(NULL, dst, src, 4, LOCAL_MY);
  } else {
    fprintf(stderr, "unknown mode %s\n", mode);
    return 2;
  }
  /* not reached when the library diagnoses the misuse; another collective makes sure every
   * message of the bad call is looked at */
  gasnet_coll_gather_all(GASNET_TEAM_ALL, dst, src, 4, LOCAL_MY);
  gasnet_coll_gather_all(GASNET_TEAM_ALL, dst, src, 4, LOCAL_MY);
  printf("compat_coll_misuse: %s was not diagnosed\n", mode);
  return 0;
}
