/* Shared start-up for the failure tests: every program here is a small SPMD job that must end in
 * a documented way (exit code, message on stderr) and never hang. Each prints a line to stderr
 * before it does the thing that should end the job, so a failing test's log shows how far it got. */
#ifndef GEX_FAILURE_COMMON_H
#define GEX_FAILURE_COMMON_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* nanosleep, setrlimit under -std=c11 */
#endif

#include <gasnetex.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static gex_Client_t fail_client;
static gex_EP_t fail_ep;
static gex_TM_t fail_tm;
static gex_Rank_t fail_rank, fail_size;

static void fail_init(int *argc, char ***argv) {
  /* A test that crashes on purpose must not leave core files behind or spend seconds writing them. */
  struct rlimit no_core = {0, 0};
  setrlimit(RLIMIT_CORE, &no_core);
  int rc = gex_Client_Init(&fail_client, &fail_ep, &fail_tm, "failtest", argc, argv, 0);
  if (rc != GASNET_OK) {
    fprintf(stderr, "failtest: gex_Client_Init returned %d\n", rc);
    exit(2);
  }
  fail_rank = gex_TM_QueryRank(fail_tm);
  fail_size = gex_TM_QuerySize(fail_tm);
}

/* One write per line, so that the lines of several ranks never interleave mid-line. */
static void fail_note(const char *fmt, ...) {
  char line[512];
  int n = snprintf(line, sizeof line, "failtest rank %u: ", (unsigned)fail_rank);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line + n, sizeof line - (size_t)n - 1, fmt, ap);
  va_end(ap);
  strcat(line, "\n");
  fputs(line, stderr);
  fflush(stderr);
}

static void fail_barrier(void) { gex_Event_Wait(gex_Coll_BarrierNB(fail_tm, 0)); }

static void fail_sleep_ms(long ms) {
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
  while (nanosleep(&ts, &ts) != 0) {
  }
}

/* Which way the surviving ranks wait for the job to end; the job must end whatever they do. */
enum fail_wait_kind { FAIL_WAIT_BARRIER, FAIL_WAIT_POLL, FAIL_WAIT_COMPUTE };

static enum fail_wait_kind fail_parse_wait(const char *s) {
  if (!s || !strcmp(s, "barrier")) return FAIL_WAIT_BARRIER;
  if (!strcmp(s, "poll")) return FAIL_WAIT_POLL;
  if (!strcmp(s, "compute")) return FAIL_WAIT_COMPUTE;
  fprintf(stderr, "failtest: unknown wait kind '%s' (barrier|poll|compute)\n", s);
  exit(2);
}

/* Never returns by itself: the job has to be ended by the runtime or the launcher. The survivor
 * exits with a code that no test expects (99) if the wait ever completes. */
_Noreturn static void fail_wait_forever(enum fail_wait_kind how) {
  static volatile int never = 0;
  switch (how) {
    case FAIL_WAIT_BARRIER:
      fail_note("waiting in a barrier");
      fail_barrier(); /* the victim never joins it */
      fail_note("barrier completed without every rank (bug)");
      break;
    case FAIL_WAIT_POLL:
      fail_note("polling (GASNET_BLOCKUNTIL)");
      GASNET_BLOCKUNTIL(never != 0);
      break;
    case FAIL_WAIT_COMPUTE:
      fail_note("computing, outside any GASNet call");
      for (;;) fail_sleep_ms(10);
  }
  exit(99);
}

#endif
