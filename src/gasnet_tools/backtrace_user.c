/* The definition behind gasnet_tools.h's gasnett_backtrace_user: a zero entry (no client backtrace
 * mechanism). It is weak, so a client that defines gasnett_backtrace_user replaces it. Part of
 * libgex and of libgasnet_tools-{seq,par}. Written in C: the header declares the symbol in C. */
#include <gasnet_tools.h>

gasnett_backtrace_type_t gasnett_backtrace_user GEXI_TOOLS_ATTR((__weak__)) = {0, 0, 0};
