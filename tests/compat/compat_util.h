/* Shared helpers for the GASNet-1 client programs: CHECK ends the whole job with exit code 1. */
#ifndef COMPAT_UTIL_H
#define COMPAT_UTIL_H

#include <gasnet.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(cond)                                                                              \
  do {                                                                                           \
    if (!(cond)) {                                                                               \
      fprintf(stderr, "%s:%d: node %u: CHECK failed: %s\n", __FILE__, __LINE__,                 \
              (unsigned)gasnet_mynode(), #cond);                                                 \
      fflush(stderr);                                                                            \
      gasnet_exit(1);                                                                            \
    }                                                                                            \
  } while (0)

#define CHECK_OK(call) CHECK((call) == GASNET_OK)

#endif
