/* smp-conduit/gasnet_core.h: the conduit's core header, which GASNet's gasnetex.h includes and
 * client configure scripts look for to tell a configured conduit (OpenSHMEM checks
 * <prefix>/include/<conduit>-conduit/gasnet_core.h). In libgex, gasnetex.h holds the whole API. */
#ifndef _GASNET_CORE_H
#define _GASNET_CORE_H
#include <gasnetex.h>
#endif
