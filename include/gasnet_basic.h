/* gasnet_basic.h: the small helpers GASNet's headers make visible to every client that includes
 * gasnetex.h or gasnet_tools.h, and the few GASNet-internal names that real clients use.
 *
 *   if_pf(cond) / if_pt(cond)   an `if` whose condition is predicted false / true
 *   _STRINGIFY(x), _CONCAT(a,b) preprocessor helpers (defined only when the client has not)
 *   GASNETI_MAX_THREADS         the most client threads a process may have: 1 in GASNET_SEQ,
 *                               256 otherwise (Chapel sizes its task tables with it; the
 *                               run-time limit is gex_System_QueryMaxThreads(), GASNET_MAX_THREADS)
 *   PRIdSZ, PRIuSZ, PRIxSZ, ... printf conversions for size_t (and PRIdPD... for ptrdiff_t), as
 *                               GASNet's portable_inttypes.h provides them; <inttypes.h> and
 *                               <limits.h> come along, as they do through GASNet's headers
 *   the C library headers GASNet's gasnetex.h and gasnet_tools.h bring in (its gasnet_toolhelp.h
 *   and gasnet_timer.h): <stdio.h>, <stdlib.h>, <string.h>, <strings.h>, <unistd.h>, <errno.h>,
 *   <ctype.h>, <signal.h>, <stdarg.h>, <sys/types.h>, <sys/param.h>. Code written against GASNet
 *   calls strcmp, malloc or sleep having included gasnetex.h alone (GASNet's own tests/testhello.c
 *   does): an error in C++ and with GCC 14, a warning before.
 *   _gasneti_threadkey_init     GASNet-internal: creates a pthread key once, under a mutex.
 *                               Legion takes its address (to silence GASNet's "unused static
 *                               function" warnings), so it is here, static inline, working.
 */
#ifndef _GASNET_BASIC_H
#define _GASNET_BASIC_H

#include <gasnet_config.h>
#include <gasnet_portable_platform.h>
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/param.h>
#include <sys/types.h>
#include <unistd.h>

#ifndef PRIdSZ
#define PRIiSZ "zi"
#define PRIdSZ "zd"
#define PRIuSZ "zu"
#define PRIoSZ "zo"
#define PRIxSZ "zx"
#define PRIXSZ "zX"
#endif
#ifndef PRIdPD
#define PRIiPD "ti"
#define PRIdPD "td"
#define PRIuPD "tu"
#define PRIoPD "to"
#define PRIxPD "tx"
#define PRIXPD "tX"
#endif

#ifndef _STRINGIFY_HELPER
#define _STRINGIFY_HELPER(x) #x
#endif
#ifndef _STRINGIFY
#define _STRINGIFY(x) _STRINGIFY_HELPER(x)
#endif
#ifndef _CONCAT_HELPER
#define _CONCAT_HELPER(a, b) a##b
#endif
#ifndef _CONCAT
#define _CONCAT(a, b) _CONCAT_HELPER(a, b)
#endif

#if defined(__GNUC__) || defined(__clang__)
#define GEXI_PREDICT_TRUE(exp) __builtin_expect(!!(exp), 1)
#define GEXI_PREDICT_FALSE(exp) __builtin_expect(!!(exp), 0)
#else
#define GEXI_PREDICT_TRUE(exp) (exp)
#define GEXI_PREDICT_FALSE(exp) (exp)
#endif
#ifndef if_pf
#define if_pf(cond) if (GEXI_PREDICT_FALSE(cond))
#endif
#ifndef if_pt
#define if_pt(cond) if (GEXI_PREDICT_TRUE(cond))
#endif

#if defined(GASNET_SEQ)
#define GASNETI_MAX_THREADS 1
#else
#define GASNETI_MAX_THREADS 256
#endif

static inline void _gasneti_threadkey_init(pthread_key_t *value, pthread_mutex_t *initmutex,
                                           volatile int *isinit) {
  pthread_mutex_lock(initmutex);
  if (!*isinit) {
    if (pthread_key_create(value, NULL) == 0) *isinit = 1;
  }
  pthread_mutex_unlock(initmutex);
}

#endif /* _GASNET_BASIC_H */

/* The client's thread model as an ident string in its program, as GASNet's libraries carry it
 * ("$GASNetThreadModel: GASNET_PAR $"): one libgex library serves every mode, so the client's own
 * objects hold it (weak: one copy per program). Outside the include guard, because gasnet_tools.h
 * may bring this header in before gasnetex.h has said it is a library client. */
#if defined(_INCLUDED_GASNETEX_H) && !defined(GEXI_THREADMODEL_IDENT) && !defined(GEXI_BUILDING_LIBRARY) && \
    (defined(__GNUC__) || defined(__clang__))
#define GEXI_THREADMODEL_IDENT 1
#if defined(GASNET_SEQ)
#define GEXI_THREADMODEL_IDENT_NAME gexi_ident_threadmodel_seq
#define GEXI_THREADMODEL_IDENT_TEXT "$GASNetThreadModel: GASNET_SEQ $"
#elif defined(GASNET_PARSYNC)
#define GEXI_THREADMODEL_IDENT_NAME gexi_ident_threadmodel_parsync
#define GEXI_THREADMODEL_IDENT_TEXT "$GASNetThreadModel: GASNET_PARSYNC $"
#else
#define GEXI_THREADMODEL_IDENT_NAME gexi_ident_threadmodel_par
#define GEXI_THREADMODEL_IDENT_TEXT "$GASNetThreadModel: GASNET_PAR $"
#endif
#ifdef __cplusplus
/* C++: `extern` on the definition, or a const variable would be internal (and cannot be weak). */
extern "C" {
extern const char GEXI_THREADMODEL_IDENT_NAME[] __attribute__((__weak__, __used__)) = GEXI_THREADMODEL_IDENT_TEXT;
}
#else
extern const char GEXI_THREADMODEL_IDENT_NAME[];
__attribute__((__weak__, __used__)) const char GEXI_THREADMODEL_IDENT_NAME[] = GEXI_THREADMODEL_IDENT_TEXT;
#endif
#endif
