/* Seconds on the monotonic clock: the bound of the tests that spin on their segment. (Not in
 * gaspi_test.h: install_test.sh builds test_basic.c with -std=c99, which has no POSIX clocks.) */
#ifndef GASPI_TEST_MONOTONIC_H
#define GASPI_TEST_MONOTONIC_H

#include <time.h>

static inline double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

#endif
