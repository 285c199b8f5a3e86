/* portable_platform.h: the older name of gasnet_portable_platform.h (the PLATFORM_* macros). */
#include <gasnet_portable_platform.h>
