/* diag_crash: one rank crashes in a function with a known name, so that the GASNET_BACKTRACE=1
 * output can be checked (linked with -rdynamic, so backtrace_symbols names the function).
 *
 *   diag_crash segv|abort|fpe|bus [victim=R]
 * The other ranks wait in a barrier; the job must end with 128+signal.
 * It also registers a backtrace mechanism of its own, DIAGUSER (gasnett_backtrace_user), which
 * GASNET_BACKTRACE_TYPE can select. */
#include "test_util.h"

#include <gasnet_tools.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

static int diag_user_backtrace(int fd) {
  static const char text[] = "diag_crash: the DIAGUSER backtrace mechanism ran\n";
  return write(fd, text, sizeof text - 1) == (ssize_t)(sizeof text - 1) ? 0 : 1;
}
gasnett_backtrace_type_t gasnett_backtrace_user = {"DIAGUSER", diag_user_backtrace, 1};

/* no_sanitize: the division by zero below is the point (UBSan would report it instead) */
__attribute__((noinline, no_sanitize("undefined"))) void diag_crash_in_named_function(const char *how) {
  fprintf(stderr, "diag_crash rank %u: crashing (%s)\n", (unsigned)gex_System_QueryJobRank(), how);
  fflush(stderr);
  if (!strcmp(how, "segv")) {
    volatile int *volatile nowhere = NULL;
    *nowhere = 1;
  } else if (!strcmp(how, "abort")) {
    abort();
  } else if (!strcmp(how, "fpe")) {
    volatile int zero = 0;
    volatile int x = 1 / zero;
    (void)x;
    raise(SIGFPE); /* where integer division by zero does not trap */
  } else if (!strcmp(how, "bus")) {
    raise(SIGBUS);
  }
  fprintf(stderr, "diag_crash: unknown mode '%s'\n", how);
  exit(2);
}

int main(int argc, char **argv) {
  struct rlimit no_core = {0, 0};
  setrlimit(RLIMIT_CORE, &no_core); /* a crash on purpose leaves no core file */
  gex_Client_t client;
  gex_EP_t ep;
  gex_TM_t tm;
  test_init("DIAG_CRASH", &argc, &argv, &client, &ep, &tm);
  const char *how = argc > 1 ? argv[1] : "segv";
  unsigned victim = 1;
  if (argc > 2 && !strncmp(argv[2], "victim=", 7)) victim = (unsigned)atoi(argv[2] + 7);
  if (victim >= gex_TM_QuerySize(tm)) victim = 0;
  if (gex_TM_QueryRank(tm) == victim) diag_crash_in_named_function(how);
  test_barrier(tm); /* never completes: the victim is gone */
  return 99;
}
