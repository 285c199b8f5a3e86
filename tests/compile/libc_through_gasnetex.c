/* GASNet's gasnetex.h (and gasnet_tools.h) bring in the C library headers its gasnet_toolhelp.h and
   gasnet_timer.h include; clients lean on that (GASNet's tests/testhello.c calls strcmp with no
   <string.h>). This file includes only the one header under test (gasnetex.h, or gasnet_tools.h
   with LIBC_THROUGH_TOOLS) and uses a name from each of those headers: built as strict C99 with
   -pedantic-errors (an undeclared function is an error) and as C++17, it fails to compile if one
   is missing. Run, it checks a few of the calls' results. */
#if defined(LIBC_THROUGH_TOOLS)
#include <gasnet_tools.h>
#else
#include <gasnetex.h>
#endif

static int sum_args(int n, ...) { /* <stdarg.h> */
  va_list ap;
  va_start(ap, n);
  int total = 0;
  for (int i = 0; i < n; ++i) total += va_arg(ap, int);
  va_end(ap);
  return total;
}

int main(void) {
  int bad = 0;
  char buf[32];
  snprintf(buf, sizeof buf, "%s", "hello");                          /* <stdio.h> */
  bad |= strcmp(buf, "hello") != 0;                                   /* <string.h> */
  bad |= strcasecmp(buf, "HELLO") != 0;                               /* <strings.h> */
  char *heap = (char *)malloc(4);                                     /* <stdlib.h> */
  bad |= heap == NULL;
  free(heap);
  bad |= getenv("LIBC_THROUGH_GASNETEX_UNSET_VARIABLE") != NULL;
  pid_t self = getpid();                                              /* <unistd.h>, <sys/types.h> */
  bad |= self <= 0;
  errno = 0;                                                          /* <errno.h> */
  bad |= errno != 0 || EINVAL == 0;
  bad |= !isdigit('7') || isdigit('x');                               /* <ctype.h> */
  sig_atomic_t flag = SIGINT;                                         /* <signal.h> */
  bad |= flag == 0;
  bad |= MAX(3, 5) != 5 || MIN(3, 5) != 3;                            /* <sys/param.h> */
  bad |= sum_args(3, 1, 2, 3) != 6;
  bad |= INT_MAX < 32767;                                             /* <limits.h> */
  printf("libc_through_header: %s\n", bad ? "FAILED" : "OK");
  fflush(stdout);
  return bad;
}
