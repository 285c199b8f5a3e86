// The C client compiled as C++: gasnet.h must serve both.
#include "compat_rma.c"
