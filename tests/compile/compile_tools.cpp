// gasnet_tools.h and the install headers, C++17 (compile_tools.h).
#include "compile_tools.h"

int main() {
  check_tools();
#ifdef COMPILE_TOOLS_WITH_GASNET
  check_library_tools();
#endif
  printf("compile_tools: OK\n");
  return 0;
}
