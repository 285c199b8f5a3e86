/* test_vis_misuse: client bugs the debug build must report with a message naming the VIS call
 * (run by CTest, which expects exit code 1 and the message):
 *   strided_out   a StridedPutNBI whose last element lies past the end of the peer's segment
 *   vector_out    a VectorGetBlocking whose second source piece lies outside the peer's segment
 *   vector_total  a VectorPutBlocking whose destination and source totals differ */
#include "vis_common.h"

int main(int argc, char **argv) {
  vis_init("test_vis_misuse", &argc, &argv, 4096, 4096);
  const char *mode = argc > 1 ? argv[1] : "";
  uint8_t buf[256];
  memset(buf, 0, sizeof buf);
  void *owner = NULL, *local = NULL;
  uintptr_t seg_size = 0; /* the peer's bound segment, as the library sees it */
  CHECK_EQ(gex_Segment_QueryBound(tm, right, &owner, &local, &seg_size), 0);
  if (!strcmp(mode, "strided_out")) {
    const size_t count[2] = {4, 4};
    const ptrdiff_t ds[2] = {8, 1024}, ss[2] = {8, 32};
    /* rows at +0, +1024, +2048, +3072 from 1000 bytes before the end: the last rows fall outside */
    uint8_t *dst = remote_at(right, seg_size - 1000);
    gex_VIS_StridedPutNBI(tm, right, dst, ds, buf, ss, 8, count, 2, 0);
    gex_NBI_Wait(GEX_EC_ALL, 0);
  } else if (!strcmp(mode, "vector_out")) {
    gex_Memvec_t dl[1] = {{buf, 64}};
    gex_Memvec_t sl[2] = {{remote_at(right, 0), 32}, {remote_at(right, seg_size + 4096), 32}};
    gex_VIS_VectorGetBlocking(tm, 1, dl, right, 2, sl, 0);
  } else if (!strcmp(mode, "vector_total")) {
    gex_Memvec_t dl[1] = {{remote_at(right, 0), 64}};
    gex_Memvec_t sl[2] = {{buf, 32}, {buf + 32, 31}};
    gex_VIS_VectorPutBlocking(tm, right, 1, dl, 2, sl, 0);
  }
  fprintf(stderr, "test_vis_misuse: mode '%s' was not reported\n", mode);
  gasnet_exit(0); /* the test expects exit code 1: reaching here fails it */
  return 0;
}
