/* Must NOT compile: GASNET_COLL_SINGLE was removed from GASNet-EX (compile_coll_single_removed). */
#include <gasnet_coll.h>

int coll_single_flags(void) { return GASNET_COLL_SINGLE | GASNET_COLL_IN_MYSYNC | GASNET_COLL_OUT_MYSYNC; }
