/* The checking allocator must catch damage: tools_memcheck past_end|before_start|double_free|ok
 * damages a block from gasnett_debug_malloc as named and checks it; each damage must end the
 * process with a message naming it (tests/compile/CMakeLists.txt), "ok" must pass. */
#include <gasnetex.h>
#include <gasnet_tools.h>

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  const char *how = argc > 1 ? argv[1] : "ok";
  char *p = (char *)gasnett_debug_malloc(16);
  memset(p, 0, 16);
  if (!strcmp(how, "past_end")) {
    p[16] = 'x'; /* one byte past the end: inside the guard */
    gasnett_debug_memcheck(p);
  } else if (!strcmp(how, "before_start")) {
    p[-1] = 'x'; /* the header */
    gasnett_debug_memcheck_all();
  } else if (!strcmp(how, "double_free")) {
    gasnett_debug_free(p);
    gasnett_debug_free(p);
  } else {
    gasnett_debug_memcheck(p);
    gasnett_debug_free(p);
    printf("tools_memcheck: no damage, none reported\n");
    return 0;
  }
  printf("tools_memcheck: the damage went unnoticed\n");
  return 2;
}
