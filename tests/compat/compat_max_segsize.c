/* A GASNet-1 client that sets its own default segment limit by defining gasnet_max_segsize_str
 * (or, with -DUSE_DEPRECATED, the deprecated gasnet_max_segsize), as GASNet's gasnet_help.h lets
 * it. Usage: compat_max_segsize EXPECTED_BYTES (what gasnet_getMaxLocalSegmentSize must return:
 * the client's value, or GASNET_MAX_SEGSIZE's when the test sets that variable too). */
#include <gasnet.h>
#include <stdio.h>
#include <stdlib.h>

#include "compat_util.h"

#ifdef USE_DEPRECATED
uint64_t gasnet_max_segsize = 5u << 20;
#else
const char *gasnet_max_segsize_str = "3MB";
#endif

int main(int argc, char **argv) {
  CHECK_OK(gasnet_init(&argc, &argv));
  CHECK(argc > 1);
  uintptr_t want = (uintptr_t)strtoull(argv[1], NULL, 10);
  uintptr_t got = gasnet_getMaxLocalSegmentSize();
  if (got != want) {
    fprintf(stderr, "node %u: gasnet_getMaxLocalSegmentSize() = %lu, expected %lu\n", (unsigned)gasnet_mynode(),
            (unsigned long)got, (unsigned long)want);
    gasnet_exit(1);
  }
  CHECK_OK(gasnet_attach(NULL, 0, got, 0));
  gasnet_barrier_notify(0, GASNET_BARRIERFLAG_ANONYMOUS);
  CHECK_OK(gasnet_barrier_wait(0, GASNET_BARRIERFLAG_ANONYMOUS));
  if (gasnet_mynode() == 0) printf("max segment size %lu as the client asked\n", (unsigned long)got);
  gasnet_exit(0);
  return 0;
}
