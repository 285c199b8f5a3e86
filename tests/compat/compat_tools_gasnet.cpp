// gasnet.h + gasnet_tools.h from C++, with the library.
#define COMPAT_TOOLS_WITH_GASNET 1
#include "compat_tools.c"
