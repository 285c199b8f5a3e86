/* Helpers for the GASPI tests: every call is checked, a failure names the line and ends the
 * job with code 1. */
#ifndef GASPI_TEST_H
#define GASPI_TEST_H

#include <GASPI.h>
#include <GASPI_Ext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FAIL(...)                                                    \
  do {                                                               \
    fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);             \
    fprintf(stderr, __VA_ARGS__);                                    \
    fprintf(stderr, "\n");                                           \
    exit(1);                                                         \
  } while (0)

#define OK(call)                                                                       \
  do {                                                                                 \
    gaspi_return_t ok_rc_ = (call);                                                    \
    if (ok_rc_ != GASPI_SUCCESS) FAIL("%s returned %d (%s)", #call, (int)ok_rc_, gaspi_error_str(ok_rc_)); \
  } while (0)

#define EXPECT_RC(expected, call)                                                      \
  do {                                                                                 \
    gaspi_return_t ex_rc_ = (call);                                                    \
    if (ex_rc_ != (expected)) FAIL("%s returned %d, expected %s (%d)", #call, (int)ex_rc_, #expected, (int)(expected)); \
  } while (0)

#define CHECK(cond, ...)            \
  do {                              \
    if (!(cond)) FAIL(__VA_ARGS__); \
  } while (0)

#endif
