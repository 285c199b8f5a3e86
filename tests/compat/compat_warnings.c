/* A client compiled with -Wall -Wextra -Werror after the installed fragment's flags, as GASNet's
   harness builds its *_Wextra tests (MANUAL_CFLAGS="-Wall -Wextra ..."). GASNet's configure puts
   -Wno-unused -Wno-unused-parameter -Wno-address (and, for GCC 11+, four more) in every client's
   GASNET_MISC_CFLAGS; code written against GASNet leans on that. The idioms below are GASNet's own
   tests/test.h ones: each warns under -Wall -Wextra without those flags, so this file fails to
   build if the fragment (.mak or .pc, C or C++) loses them. Also compiled as C++. */
#if defined(CLIENT_TOOLS_ONLY) /* gasnet_tools-{seq,par}.mak: no communication headers */
#include <gasnet_tools.h>
#define CLIENT_OK 0
#else
#include <gasnetex.h>
#include <gasnet.h>
#include <gasnet_tools.h>
#define CLIENT_OK GASNET_OK
#endif

#define client_mark_used(var) ((void)(&var ? 0 : 0)) /* test.h's test_mark_used: -Waddress */

static int helper_never_called(void) { return 1; } /* -Wunused-function */

static int check(const char *file, int line, int unused_param) { /* -Wunused-parameter */
  client_mark_used(file);
  client_mark_used(line);
  int unused_local = 0; /* -Wunused-variable */
  return CLIENT_OK;
}

int main(void) { return check(__FILE__, __LINE__, 0); }
