/* gasnet_tools.h: the GASNet tools (gasnett_*) as provided by libgex.
 *
 * Header-only: every tool is a macro or a static inline function, so a program may use this
 * header with or without libgex (a "tools-only" client links nothing). C99-clean and valid C++.
 *
 * Threading (GASNet's rules): GASNETT_THREAD_SAFE or GASNETT_THREAD_SINGLE may be defined by the
 * client; GASNET_PAR/GASNET_PARSYNC imply THREAD_SAFE, GASNET_SEQ implies THREAD_SINGLE. Either
 * way the atomics here are real hardware atomics (a SINGLE client just does not need them to be).
 */
#ifndef GASNET_TOOLS_H
#define GASNET_TOOLS_H
#define _INCLUDED_GASNET_TOOLS_H 1

/* clock_gettime, nanosleep, gethostname, setenv under strict -std=c99/c11 */
#if !defined(__cplusplus) && !defined(_POSIX_C_SOURCE) && !defined(_GNU_SOURCE) && \
    !defined(_XOPEN_SOURCE) && !defined(_DEFAULT_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <execinfo.h>
#endif

/* A client in strict ISO mode (-std=c99) that included a system header before this one has the
 * POSIX clock, sleep, hostname and environment calls hidden; reach the same libc symbols under
 * private names then. (Linux LP64: struct timespec is two longs, CLOCK_REALTIME 0, MONOTONIC 1.) */
#if defined(CLOCK_MONOTONIC)
typedef struct timespec gexi_tools_timespec;
#define gexi_tools_clock_gettime clock_gettime
#define gexi_tools_nanosleep nanosleep
#define gexi_tools_gethostname gethostname
#define gexi_tools_setenv setenv
#define gexi_tools_unsetenv unsetenv
#define GEXI_TOOLS_CLOCK_MONOTONIC CLOCK_MONOTONIC
#define GEXI_TOOLS_CLOCK_REALTIME CLOCK_REALTIME
#else
typedef struct {
  long tv_sec;
  long tv_nsec;
} gexi_tools_timespec;
#ifdef __cplusplus
extern "C" {
#endif
extern int gexi_tools_clock_gettime(int, gexi_tools_timespec *) __asm__("clock_gettime");
extern int gexi_tools_nanosleep(const gexi_tools_timespec *, gexi_tools_timespec *) __asm__("nanosleep");
extern int gexi_tools_gethostname(char *, size_t) __asm__("gethostname");
extern int gexi_tools_setenv(const char *, const char *, int) __asm__("setenv");
extern int gexi_tools_unsetenv(const char *) __asm__("unsetenv");
#ifdef __cplusplus
}
#endif
#define GEXI_TOOLS_CLOCK_MONOTONIC 1
#define GEXI_TOOLS_CLOCK_REALTIME 0
#endif

/* ---------------------------------------------------------------------------------------------- */
/* Threading model                                                                                 */
/* ---------------------------------------------------------------------------------------------- */
#if defined(GASNETT_LITE_MODE) + defined(GASNETT_THREAD_SAFE) + defined(GASNETT_THREAD_SINGLE) > 1
#error "gasnet_tools.h: define at most one of GASNETT_THREAD_SAFE, GASNETT_THREAD_SINGLE, GASNETT_LITE_MODE"
#endif
#if defined(GASNETT_THREAD_SAFE) && defined(GASNET_SEQ)
#error "gasnet_tools.h: GASNETT_THREAD_SAFE conflicts with GASNET_SEQ"
#endif
#if defined(GASNETT_THREAD_SINGLE) && (defined(GASNET_PAR) || defined(GASNET_PARSYNC))
#error "gasnet_tools.h: GASNETT_THREAD_SINGLE conflicts with GASNET_PAR/GASNET_PARSYNC"
#endif
#if defined(GASNETT_LITE_MODE)
#undef GASNETT_LITE_MODE
#define GASNETT_LITE_MODE 1
#define GASNETT_THREAD_MODEL LITE
#elif defined(GASNETT_THREAD_SAFE) || defined(GASNET_PAR) || defined(GASNET_PARSYNC) ||          \
    (!defined(GASNET_SEQ) && !defined(GASNETT_THREAD_SINGLE))
/* pthread.h is included above, so GASNet's "default to SAFE when pthreads are in use" applies */
#undef GASNETT_THREAD_SAFE
#define GASNETT_THREAD_SAFE 1
#define GASNETT_THREAD_MODEL PAR
#else
#undef GASNETT_THREAD_SINGLE
#define GASNETT_THREAD_SINGLE 1
#define GASNETT_THREAD_MODEL SEQ
#endif
#ifndef GASNETT_LITE_MODE
#define GASNETT_LITE_MODE 0
#endif

/* ---------------------------------------------------------------------------------------------- */
/* Versions (gasnetex.h defines the same values when it comes first)                              */
/* ---------------------------------------------------------------------------------------------- */
#ifndef GASNET_RELEASE_VERSION_MAJOR
#define GASNET_RELEASE_VERSION_MAJOR 2025
#define GASNET_RELEASE_VERSION_MINOR 8
#define GASNET_RELEASE_VERSION_PATCH 0
#endif
#ifndef GASNETT_SPEC_VERSION_MAJOR
#define GASNETT_SPEC_VERSION_MAJOR 1
#define GASNETT_SPEC_VERSION_MINOR 20
#endif
#define GASNETT_RELEASE_VERSION_MAJOR GASNET_RELEASE_VERSION_MAJOR
#define GASNETT_RELEASE_VERSION_MINOR GASNET_RELEASE_VERSION_MINOR
#define GASNETT_RELEASE_VERSION_PATCH GASNET_RELEASE_VERSION_PATCH

/* ---------------------------------------------------------------------------------------------- */
/* Purely syntactic portability macros                                                             */
/* ---------------------------------------------------------------------------------------------- */
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
#define GASNETT_STRINGIFY(x) _STRINGIFY(x)
#define GASNETT_CONCAT(a, b) _CONCAT(a, b)

#ifdef __cplusplus
#define GASNETT_BEGIN_EXTERNC extern "C" {
#define GASNETT_END_EXTERNC }
#define GASNETT_EXTERNC extern "C"
#else
#define GASNETT_BEGIN_EXTERNC
#define GASNETT_END_EXTERNC
#define GASNETT_EXTERNC
#endif

#if defined(__GNUC__) || defined(__clang__)
#define GEXI_TOOLS_ATTR(x) __attribute__(x)
#else
#define GEXI_TOOLS_ATTR(x)
#endif

/* GASNETT_INLINE(fn) precedes a definition: `GASNETT_INLINE(f) int f(int x) {...}` */
#define GASNETT_INLINE(fnname) static inline
#define GASNETT_ALWAYS_INLINE(fnname) GEXI_TOOLS_ATTR((__always_inline__)) static inline
#define GASNETT_PLEASE_INLINE(fnname) static inline
#define GASNETT_NEVER_INLINE(fnname, declarator) GEXI_TOOLS_ATTR((__noinline__)) declarator
#if defined(__cplusplus)
#define GASNETT_RESTRICT __restrict__
#else
#define GASNETT_RESTRICT restrict
#endif
#define GASNETT_USED GEXI_TOOLS_ATTR((__used__))
#define GASNETT_UNUSED GEXI_TOOLS_ATTR((__unused__))
#define GASNETT_NORETURN GEXI_TOOLS_ATTR((__noreturn__))
#define GASNETT_NORETURNP(fnpointer)
#define GASNETT_MALLOC GEXI_TOOLS_ATTR((__malloc__))
#define GASNETT_MALLOCP(fnpointer)
#define GASNETT_PURE GEXI_TOOLS_ATTR((__pure__))
#define GASNETT_PUREP(fnpointer)
#define GASNETT_CONST GEXI_TOOLS_ATTR((__const__))
#define GASNETT_CONSTP(fnpointer)
#define GASNETT_HOT GEXI_TOOLS_ATTR((__hot__))
#define GASNETT_COLD GEXI_TOOLS_ATTR((__cold__))
#define GASNETT_DEPRECATED GEXI_TOOLS_ATTR((__deprecated__))
#define GASNETT_WARN_UNUSED_RESULT GEXI_TOOLS_ATTR((__warn_unused_result__))
#define GASNETT_FORMAT_PRINTF(fnname, fmtarg, firstvararg, declarator)                          \
  GEXI_TOOLS_ATTR((__format__(__printf__, fmtarg, firstvararg))) declarator
#define GASNETT_FORMAT_PRINTF_FUNCPTR(fnname, fmtarg, firstvararg, declarator) declarator
#if defined(__cplusplus) && __cplusplus >= 201703L
#define GASNETT_FALLTHROUGH [[fallthrough]];
#elif defined(__GNUC__) && __GNUC__ >= 7
#define GASNETT_FALLTHROUGH __attribute__((__fallthrough__));
#else
#define GASNETT_FALLTHROUGH
#endif
#define GASNETT_CURRENT_FUNCTION __func__
#define GASNETT_TENTATIVE_EXTERN extern
#if defined(__GNUC__) || defined(__clang__)
#define GASNETT_PREDICT_TRUE(exp) __builtin_expect(!!(exp), 1)
#define GASNETT_PREDICT_FALSE(exp) __builtin_expect(!!(exp), 0)
#define gasnett_constant_p(exp) __builtin_constant_p(exp)
#define gasnett_unreachable() __builtin_unreachable()
#else
#define GASNETT_PREDICT_TRUE(exp) (exp)
#define GASNETT_PREDICT_FALSE(exp) (exp)
#define gasnett_constant_p(exp) 0
#define gasnett_unreachable() abort()
#endif
#define GASNETT_LIKELY(exp) GASNETT_PREDICT_TRUE(exp)
#define GASNETT_UNLIKELY(exp) GASNETT_PREDICT_FALSE(exp)
#define GASNETT_IDENT(identName, identText)                                                    \
  GASNETT_EXTERNC const char identName[];                                                       \
  GASNETT_EXTERNC GASNETT_USED const char identName[] = identText

#if defined(GASNET_PAGESIZE)
#define GASNETT_PAGESIZE GASNET_PAGESIZE
#else
#define GASNETT_PAGESIZE 4096
#endif
#define GASNETT_PAGESHIFT 12
#define GASNETT_CACHE_LINE_BYTES 64
#if defined(__x86_64__)
#define GASNETT_SYSTEM_TUPLE "x86_64-pc-linux-gnu"
#elif defined(__aarch64__)
#define GASNETT_SYSTEM_TUPLE "aarch64-unknown-linux-gnu"
#else
#define GASNETT_SYSTEM_TUPLE "unknown-linux-gnu"
#endif
#define GASNETT_CONFIGURE_ARGS "libgex (cmake)"
#if defined(__clang__)
#define GASNETT_PLATFORM_COMPILER_IDSTR "Clang"
#elif defined(__GNUC__)
#define GASNETT_PLATFORM_COMPILER_IDSTR "GNU"
#else
#define GASNETT_PLATFORM_COMPILER_IDSTR "unknown"
#endif
#define GASNETT_PLATFORM_COMPILER_FAMILYID 0
#define GASNETT_PLATFORM_COMPILER_ID 0
#define GASNETT_PLATFORM_COMPILER_VERSION 0

#if defined(GASNET_NDEBUG) || (!defined(GASNET_DEBUG) && defined(NDEBUG))
#define GASNETT_DEBUG_CONFIG nodebug
#elif defined(GASNET_DEBUG)
#define GASNETT_DEBUG_CONFIG debug
#else
#define GASNETT_DEBUG_CONFIG nodebug
#endif
#define GASNETT_PTR_CONFIG _CONCAT(_CONCAT(PTR, 64), bit)
#define GASNETT_TIMER_CONFIG timers_posix_monotonic
#define GASNETT_MEMBAR_CONFIG membars_compiler_builtin
#define GASNETT_ATOMIC_CONFIG atomics_compiler_builtin
#define GASNETT_ATOMIC32_CONFIG atomic32_compiler_builtin
#define GASNETT_ATOMIC64_CONFIG atomic64_compiler_builtin
#define GASNETT_CONFIG_STRING                                                                    \
  "RELEASE=" _STRINGIFY(GASNET_RELEASE_VERSION_MAJOR) "." _STRINGIFY(GASNET_RELEASE_VERSION_MINOR) \
  ",SPEC=" _STRINGIFY(GASNETT_SPEC_VERSION_MAJOR) "." _STRINGIFY(GASNETT_SPEC_VERSION_MINOR)      \
  ",PTR=64bit," _STRINGIFY(GASNETT_DEBUG_CONFIG) "," _STRINGIFY(GASNETT_THREAD_MODEL)            \
  "," _STRINGIFY(GASNETT_TIMER_CONFIG) "," _STRINGIFY(GASNETT_MEMBAR_CONFIG)                      \
  "," _STRINGIFY(GASNETT_ATOMIC_CONFIG) "," _STRINGIFY(GASNETT_ATOMIC32_CONFIG)                  \
  "," _STRINGIFY(GASNETT_ATOMIC64_CONFIG)

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------- */
/* Memory barriers                                                                                 */
/* ---------------------------------------------------------------------------------------------- */
#define gasnett_compiler_fence() __atomic_signal_fence(__ATOMIC_SEQ_CST)
#define gasnett_local_wmb() __atomic_thread_fence(__ATOMIC_RELEASE)
#define gasnett_local_rmb() __atomic_thread_fence(__ATOMIC_ACQUIRE)
#define gasnett_local_mb() __atomic_thread_fence(__ATOMIC_SEQ_CST)
#if GASNETT_THREAD_SAFE
#define gasnett_weak_wmb() gasnett_local_wmb()
#define gasnett_weak_rmb() gasnett_local_rmb()
#define gasnett_weak_mb() gasnett_local_mb()
#else
#define gasnett_weak_wmb() gasnett_compiler_fence()
#define gasnett_weak_rmb() gasnett_compiler_fence()
#define gasnett_weak_mb() gasnett_compiler_fence()
#endif
#if defined(__x86_64__) || defined(__i386__)
#define gasnett_spinloop_hint() __builtin_ia32_pause()
#elif defined(__aarch64__)
#define gasnett_spinloop_hint() __asm__ __volatile__("yield" ::: "memory")
#else
#define gasnett_spinloop_hint() gasnett_compiler_fence()
#endif

/* ---------------------------------------------------------------------------------------------- */
/* Timers: ticks are nanoseconds of CLOCK_MONOTONIC                                                */
/* ---------------------------------------------------------------------------------------------- */
typedef uint64_t gasnett_tick_t;
typedef gasnett_tick_t gasnett_ticks_t; /* alias some clients spell this way */
#define GASNETT_TICK_MIN ((gasnett_tick_t)0)
#define GASNETT_TICK_MAX ((gasnett_tick_t)UINT64_MAX)

static inline gasnett_tick_t gasnett_ticks_now(void) {
  gexi_tools_timespec ts;
  gexi_tools_clock_gettime(GEXI_TOOLS_CLOCK_MONOTONIC, &ts);
  return (gasnett_tick_t)ts.tv_sec * 1000000000u + (gasnett_tick_t)ts.tv_nsec;
}
static inline uint64_t gasnett_ticks_to_ns(gasnett_tick_t ticks) { return ticks; }
static inline uint64_t gasnett_ticks_to_us(gasnett_tick_t ticks) { return ticks / 1000u; }
static inline double gasnett_ticks_to_sec(gasnett_tick_t ticks) { return (double)ticks * 1e-9; }
static inline uint64_t gasnett_gettimeofday_us(void) {
  gexi_tools_timespec ts;
  gexi_tools_clock_gettime(GEXI_TOOLS_CLOCK_REALTIME, &ts);
  return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}
/* Smallest observable step, in microseconds (measured once). */
static inline double gasnett_tick_granularityus(void) {
  static double cached = -1.0;
  if (cached < 0.0) {
    gasnett_tick_t best = GASNETT_TICK_MAX;
    int i;
    for (i = 0; i < 1000; ++i) {
      gasnett_tick_t a = gasnett_ticks_now(), b;
      do b = gasnett_ticks_now(); while (b == a);
      if (b - a < best) best = b - a;
    }
    cached = (double)best / 1000.0;
  }
  return cached;
}
/* Cost of one gasnett_ticks_now() call, in microseconds (measured once). */
static inline double gasnett_tick_overheadus(void) {
  static double cached = -1.0;
  if (cached < 0.0) {
    const int n = 10000;
    int i;
    gasnett_tick_t start = gasnett_ticks_now(), end;
    for (i = 0; i < n; ++i) (void)gasnett_ticks_now();
    end = gasnett_ticks_now();
    cached = (double)(end - start) / 1000.0 / n;
    if (cached <= 0.0) cached = 0.001;
  }
  return cached;
}

static inline void gasnett_nsleep(uint64_t ns_delay) {
  gexi_tools_timespec ts;
  ts.tv_sec = (time_t)(ns_delay / 1000000000u);
  ts.tv_nsec = (long)(ns_delay % 1000000000u);
  while (gexi_tools_nanosleep(&ts, &ts) == -1 && errno == EINTR) {
  }
}

#if !GASNETT_LITE_MODE
/* ---------------------------------------------------------------------------------------------- */
/* Atomics. Fence flags add barriers around an operation; every read-modify-write is already a    */
/* full barrier (sequentially consistent), so the flags matter only for read and set.             */
/* ---------------------------------------------------------------------------------------------- */
#define GASNETT_ATOMIC_NONE 0x00
#define GASNETT_ATOMIC_RMB_PRE 0x01
#define GASNETT_ATOMIC_WMB_PRE 0x02
#define GASNETT_ATOMIC_RMB_POST 0x04
#define GASNETT_ATOMIC_WMB_POST 0x08
#define GASNETT_ATOMIC_RMB_POST_IF_TRUE 0x10
#define GASNETT_ATOMIC_RMB_POST_IF_FALSE 0x20
#define GASNETT_ATOMIC_MB_PRE (GASNETT_ATOMIC_RMB_PRE | GASNETT_ATOMIC_WMB_PRE)
#define GASNETT_ATOMIC_MB_POST (GASNETT_ATOMIC_RMB_POST | GASNETT_ATOMIC_WMB_POST)
#define GASNETT_ATOMIC_REL GASNETT_ATOMIC_WMB_PRE
#define GASNETT_ATOMIC_ACQ GASNETT_ATOMIC_RMB_POST
#define GASNETT_ATOMIC_ACQ_IF_TRUE GASNETT_ATOMIC_RMB_POST_IF_TRUE
#define GASNETT_ATOMIC_ACQ_IF_FALSE GASNETT_ATOMIC_RMB_POST_IF_FALSE

#define GEXI_TOOLS_PRE_FENCE(f)                                                                  \
  do {                                                                                           \
    if ((f) & GASNETT_ATOMIC_MB_PRE) __atomic_thread_fence(__ATOMIC_SEQ_CST);                   \
  } while (0)
#define GEXI_TOOLS_POST_FENCE(f)                                                                 \
  do {                                                                                           \
    if ((f) & GASNETT_ATOMIC_MB_POST) __atomic_thread_fence(__ATOMIC_SEQ_CST);                  \
  } while (0)

/* One family per (name, value type): gasnett_<name>_{init,read,set,increment,decrement,
 * decrement_and_test,compare_and_swap,swap,add,subtract}. add/subtract return the new value,
 * swap the old one, compare_and_swap and decrement_and_test non-zero on success / on zero. */
#define GEXI_TOOLS_ATOMIC_FAMILY(name, valtype)                                                  \
  typedef struct {                                                                               \
    volatile valtype gexi_ctr;                                                                   \
  } gasnett_##name##_t;                                                                          \
  static inline valtype gasnett_##name##_read(gasnett_##name##_t *p, int f) {                    \
    valtype v;                                                                                   \
    GEXI_TOOLS_PRE_FENCE(f);                                                                     \
    v = __atomic_load_n(&p->gexi_ctr, __ATOMIC_SEQ_CST);                                         \
    GEXI_TOOLS_POST_FENCE(f);                                                                    \
    return v;                                                                                    \
  }                                                                                              \
  static inline void gasnett_##name##_set(gasnett_##name##_t *p, valtype v, int f) {             \
    GEXI_TOOLS_PRE_FENCE(f);                                                                     \
    __atomic_store_n(&p->gexi_ctr, v, __ATOMIC_SEQ_CST);                                         \
    GEXI_TOOLS_POST_FENCE(f);                                                                    \
  }                                                                                              \
  static inline void gasnett_##name##_increment(gasnett_##name##_t *p, int f) {                  \
    (void)f;                                                                                     \
    __atomic_add_fetch(&p->gexi_ctr, (valtype)1, __ATOMIC_SEQ_CST);                              \
  }                                                                                              \
  static inline void gasnett_##name##_decrement(gasnett_##name##_t *p, int f) {                  \
    (void)f;                                                                                     \
    __atomic_sub_fetch(&p->gexi_ctr, (valtype)1, __ATOMIC_SEQ_CST);                              \
  }                                                                                              \
  static inline int gasnett_##name##_decrement_and_test(gasnett_##name##_t *p, int f) {          \
    (void)f;                                                                                     \
    return __atomic_sub_fetch(&p->gexi_ctr, (valtype)1, __ATOMIC_SEQ_CST) == 0;                  \
  }                                                                                              \
  static inline int gasnett_##name##_compare_and_swap(gasnett_##name##_t *p, valtype oldval,     \
                                                      valtype newval, int f) {                   \
    (void)f;                                                                                     \
    return __atomic_compare_exchange_n(&p->gexi_ctr, &oldval, newval, 0, __ATOMIC_SEQ_CST,        \
                                       __ATOMIC_SEQ_CST);                                        \
  }                                                                                              \
  static inline valtype gasnett_##name##_swap(gasnett_##name##_t *p, valtype v, int f) {         \
    (void)f;                                                                                     \
    return __atomic_exchange_n(&p->gexi_ctr, v, __ATOMIC_SEQ_CST);                               \
  }                                                                                              \
  static inline valtype gasnett_##name##_add(gasnett_##name##_t *p, valtype op, int f) {         \
    (void)f;                                                                                     \
    return __atomic_add_fetch(&p->gexi_ctr, op, __ATOMIC_SEQ_CST);                               \
  }                                                                                              \
  static inline valtype gasnett_##name##_subtract(gasnett_##name##_t *p, valtype op, int f) {    \
    (void)f;                                                                                     \
    return __atomic_sub_fetch(&p->gexi_ctr, op, __ATOMIC_SEQ_CST);                               \
  }

typedef uint32_t gasnett_atomic_val_t;
typedef int32_t gasnett_atomic_sval_t;
#define GASNETT_ATOMIC_MAX ((gasnett_atomic_val_t)0xFFFFFFFFu)
#define GASNETT_ATOMIC_SIGNED_MIN ((gasnett_atomic_sval_t)INT32_MIN)
#define GASNETT_ATOMIC_SIGNED_MAX ((gasnett_atomic_sval_t)INT32_MAX)
#define gasnett_atomic_signed(v) ((gasnett_atomic_sval_t)(v))
#define GASNETT_HAVE_ATOMIC_CAS 1
#define GASNETT_HAVE_ATOMIC_ADD_SUB 1
#define GASNETT_HAVE_STRONGATOMIC_CAS 1
#define GASNETT_HAVE_STRONGATOMIC_ADD_SUB 1
#define GASNETT_HAVE_WEAKATOMIC_CAS 1
#define GASNETT_HAVE_WEAKATOMIC_ADD_SUB 1

GEXI_TOOLS_ATOMIC_FAMILY(atomic, gasnett_atomic_val_t)
GEXI_TOOLS_ATOMIC_FAMILY(atomic32, uint32_t)
GEXI_TOOLS_ATOMIC_FAMILY(atomic64, uint64_t)
/* Strong atomics are atomic whatever the thread mode; weak atomics need only be atomic in a
 * thread-safe client. Here both are the real thing. */
GEXI_TOOLS_ATOMIC_FAMILY(strongatomic, gasnett_atomic_val_t)
GEXI_TOOLS_ATOMIC_FAMILY(strongatomic32, uint32_t)
GEXI_TOOLS_ATOMIC_FAMILY(strongatomic64, uint64_t)
GEXI_TOOLS_ATOMIC_FAMILY(weakatomic, gasnett_atomic_val_t)
GEXI_TOOLS_ATOMIC_FAMILY(weakatomic32, uint32_t)
GEXI_TOOLS_ATOMIC_FAMILY(weakatomic64, uint64_t)
typedef gasnett_atomic_val_t gasnett_weakatomic_val_t;
typedef gasnett_atomic_sval_t gasnett_weakatomic_sval_t;
#define GASNETT_WEAKATOMIC_MAX GASNETT_ATOMIC_MAX
#define gasnett_weakatomic_signed(v) gasnett_atomic_signed(v)

#define gasnett_atomic_init(v) {(gasnett_atomic_val_t)(v)}
#define gasnett_atomic32_init(v) {(uint32_t)(v)}
#define gasnett_atomic64_init(v) {(uint64_t)(v)}
#define gasnett_strongatomic_init(v) {(gasnett_atomic_val_t)(v)}
#define gasnett_strongatomic32_init(v) {(uint32_t)(v)}
#define gasnett_strongatomic64_init(v) {(uint64_t)(v)}
#define gasnett_weakatomic_init(v) {(gasnett_atomic_val_t)(v)}
#define gasnett_weakatomic32_init(v) {(uint32_t)(v)}
#define gasnett_weakatomic64_init(v) {(uint64_t)(v)}

/* ---------------------------------------------------------------------------------------------- */
/* Mutexes, reader/writer locks, condition variables (pthreads)                                    */
/* ---------------------------------------------------------------------------------------------- */
typedef pthread_mutex_t gasnett_mutex_t;
#define GASNETT_MUTEX_INITIALIZER PTHREAD_MUTEX_INITIALIZER
#define gasnett_mutex_init(pl) pthread_mutex_init((pl), NULL)
#define gasnett_mutex_destroy(pl) pthread_mutex_destroy(pl)
#define gasnett_mutex_destroy_ignoreerr(pl) ((void)pthread_mutex_destroy(pl))
#define gasnett_mutex_lock(pl) pthread_mutex_lock(pl)
#define gasnett_mutex_trylock(pl) pthread_mutex_trylock(pl) /* 0 or EBUSY */
#define gasnett_mutex_unlock(pl) pthread_mutex_unlock(pl)
#define gasnett_mutex_assertlocked(pl) ((void)(pl))
#define gasnett_mutex_assertunlocked(pl) ((void)(pl))

#if defined(PTHREAD_RWLOCK_INITIALIZER)
typedef pthread_rwlock_t gasnett_rwlock_t;
#define GASNETT_RWLOCK_INITIALIZER PTHREAD_RWLOCK_INITIALIZER
#define gasnett_rwlock_init(pl) pthread_rwlock_init((pl), NULL)
#define gasnett_rwlock_destroy(pl) pthread_rwlock_destroy(pl)
#define gasnett_rwlock_rdlock(pl) pthread_rwlock_rdlock(pl)
#define gasnett_rwlock_wrlock(pl) pthread_rwlock_wrlock(pl)
#define gasnett_rwlock_tryrdlock(pl) pthread_rwlock_tryrdlock(pl)
#define gasnett_rwlock_trywrlock(pl) pthread_rwlock_trywrlock(pl)
#define gasnett_rwlock_unlock(pl) pthread_rwlock_unlock(pl)
#else /* strict ISO mode hid pthread rwlocks: a mutex is a correct (exclusive) stand-in */
typedef pthread_mutex_t gasnett_rwlock_t;
#define GASNETT_RWLOCK_INITIALIZER PTHREAD_MUTEX_INITIALIZER
#define gasnett_rwlock_init(pl) pthread_mutex_init((pl), NULL)
#define gasnett_rwlock_destroy(pl) pthread_mutex_destroy(pl)
#define gasnett_rwlock_rdlock(pl) pthread_mutex_lock(pl)
#define gasnett_rwlock_wrlock(pl) pthread_mutex_lock(pl)
#define gasnett_rwlock_tryrdlock(pl) pthread_mutex_trylock(pl)
#define gasnett_rwlock_trywrlock(pl) pthread_mutex_trylock(pl)
#define gasnett_rwlock_unlock(pl) pthread_mutex_unlock(pl)
#endif
#define gasnett_rwlock_assertlocked(pl) ((void)(pl))
#define gasnett_rwlock_assertrdlocked(pl) ((void)(pl))
#define gasnett_rwlock_assertwrlocked(pl) ((void)(pl))
#define gasnett_rwlock_assertunlocked(pl) ((void)(pl))

typedef pthread_cond_t gasnett_cond_t;
#define GASNETT_COND_INITIALIZER PTHREAD_COND_INITIALIZER
#define gasnett_cond_init(pc) pthread_cond_init((pc), NULL)
#define gasnett_cond_destroy(pc) pthread_cond_destroy(pc)
#define gasnett_cond_signal(pc) pthread_cond_signal(pc)
#define gasnett_cond_broadcast(pc) pthread_cond_broadcast(pc)
#define gasnett_cond_wait(pc, pl) pthread_cond_wait((pc), (pl))

/* ---------------------------------------------------------------------------------------------- */
/* Thread-specific keys: a thread-local void* per key, NULL until set                             */
/* ---------------------------------------------------------------------------------------------- */
#if defined(__cplusplus)
#define GEXI_TOOLS_TLS thread_local
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define GEXI_TOOLS_TLS _Thread_local
#else
#define GEXI_TOOLS_TLS __thread
#endif
#define GASNETT_THREADKEY_DECLARE(key) extern GEXI_TOOLS_TLS void *gexi_threadkey_##key
#define GASNETT_THREADKEY_DEFINE(key) GEXI_TOOLS_TLS void *gexi_threadkey_##key = NULL
#define gasnett_threadkey_init(key) ((void)0)
#define gasnett_threadkey_get(key) (gexi_threadkey_##key)
#define gasnett_threadkey_set(key, newval) ((void)(gexi_threadkey_##key = (void *)(newval)))
#define gasnett_threadkey_get_noinit(key) gasnett_threadkey_get(key)
#define gasnett_threadkey_set_noinit(key, newval) gasnett_threadkey_set(key, newval)

/* ---------------------------------------------------------------------------------------------- */
/* Errors, process control, debugging                                                              */
/* ---------------------------------------------------------------------------------------------- */
static inline void gasnett_flush_streams(void) {
  fflush(stdout);
  fflush(stderr);
}
static inline void gasnett_close_streams(void) {
  gasnett_flush_streams();
}
static inline GASNETT_NORETURN void gasnett_killmyprocess(int exitcode) {
  gasnett_flush_streams();
  _exit(exitcode);
}

/* Prints this thread's call stack to fd; returns 0 when one was printed. */
static inline int gasnett_print_backtrace(int fd) {
#if defined(__GLIBC__)
  void *frames[64];
  int n = backtrace(frames, 64);
  if (n <= 0) return 1;
  backtrace_symbols_fd(frames, n, fd);
  return 0;
#else
  (void)fd;
  return 1;
#endif
}
static inline int gasnett_print_backtrace_ifenabled(int fd) {
  const char *e = getenv("GASNET_BACKTRACE");
  if (e && (*e == '1' || *e == 'y' || *e == 'Y')) return gasnett_print_backtrace(fd);
  return 1;
}
static inline void gasnett_backtrace_init(const char *exename) { (void)exename; }

GASNETT_FORMAT_PRINTF(gasnett_fatalerror, 1, 2,
                      static inline GASNETT_NORETURN void gasnett_fatalerror(const char *msg, ...));
static inline void gasnett_fatalerror(const char *msg, ...) {
  va_list ap;
  fflush(stdout);
  fprintf(stderr, "*** FATAL ERROR (pid %d): ", (int)getpid());
  va_start(ap, msg);
  vfprintf(stderr, msg, ap);
  va_end(ap);
  fprintf(stderr, "\n");
  gasnett_print_backtrace_ifenabled(2);
  fflush(stderr);
  abort();
}
static inline void gasnett_fatalerror_nopos(const char *msg) { gasnett_fatalerror("%s", msg); }

/* "func at file:line", in a new malloc'd string the caller frees. */
static inline char *gasnett_current_loc(const char *funcname, const char *filename, int linenum) {
  size_t len = strlen(funcname ? funcname : "") + strlen(filename ? filename : "") + 32;
  char *s = (char *)malloc(len);
  if (s) snprintf(s, len, "%s%s at %s:%d", funcname ? funcname : "", funcname && *funcname ? "()" : "",
                  filename ? filename : "", linenum);
  return s;
}

typedef void (*gasnett_sighandlerfn_t)(int);
static inline gasnett_sighandlerfn_t gasnett_reghandler(int sigtocatch, gasnett_sighandlerfn_t fp) {
  return signal(sigtocatch, fp);
}

static inline void gasnett_freezeForDebuggerNow(volatile int *flag, const char *flagsymname) {
  fprintf(stderr, "Process %d frozen for debugger: set %s = 0 to continue\n", (int)getpid(),
          flagsymname ? flagsymname : "the flag");
  fflush(stderr);
  while (*flag) sleep(1);
}
static inline void gasnett_freezeForDebuggerErr(void) {
  const char *e = getenv("GASNET_FREEZE_ON_ERROR");
  if (e && *e == '1') {
    volatile int frozen = 1;
    gasnett_freezeForDebuggerNow(&frozen, "frozen");
  }
}

/* ---------------------------------------------------------------------------------------------- */
/* System information                                                                              */
/* ---------------------------------------------------------------------------------------------- */
static inline void gasnett_sched_yield(void) { (void)sched_yield(); }
static inline int gasnett_cpu_count(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (int)n : 1;
}
static inline const char *gasnett_gethostname(void) {
  static char name[256];
  if (!name[0]) {
    if (gexi_tools_gethostname(name, sizeof name - 1) != 0) strcpy(name, "localhost");
    name[sizeof name - 1] = '\0';
  }
  return name;
}
static inline uint64_t gasnett_getPhysMemSz(int failureIsFatal) {
  long pages = sysconf(_SC_PHYS_PAGES), sz = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || sz <= 0) {
    if (failureIsFatal) gasnett_fatalerror("gasnett_getPhysMemSz: cannot determine physical memory size");
    return 0;
  }
  return (uint64_t)pages * (uint64_t)sz;
}
static inline void gasnett_set_affinity(int rank) { (void)rank; }
static inline int gasnett_isLittleEndian(void) {
  const union {
    uint32_t i;
    unsigned char c[4];
  } u = {1u};
  return u.c[0] == 1;
}
static inline const char *gasnett_performance_warning_str(void) { return ""; }
static inline int gasnett_maximize_rlimits(void) { return 1; }

/* ---------------------------------------------------------------------------------------------- */
/* Memory helpers                                                                                  */
/* ---------------------------------------------------------------------------------------------- */
/* A 64-bit checksum of numbytes at p (FNV-1a): equal contents give equal sums. */
static inline uint64_t gasnett_checksum(const void *p, int numbytes) {
  const unsigned char *b = (const unsigned char *)p;
  uint64_t h = 0xcbf29ce484222325ull;
  int i;
  for (i = 0; i < numbytes; ++i) {
    h ^= b[i];
    h *= 0x100000001b3ull;
  }
  return h;
}
static inline size_t gasnett_count0s(const void *src, size_t len) {
  const unsigned char *b = (const unsigned char *)src;
  size_t i, n = 0;
  for (i = 0; i < len; ++i) n += (b[i] == 0);
  return n;
}
static inline size_t gasnett_count0s_copy(void *dst, const void *src, size_t len) {
  memcpy(dst, src, len);
  return gasnett_count0s(src, len);
}
#define gasnett_count0s_uint32_t(x) ((size_t)(((x) & 0xFFu) == 0) + (((x) & 0xFF00u) == 0) + (((x) & 0xFF0000u) == 0) + (((x) & 0xFF000000u) == 0))
static inline size_t gasnett_count0s_uint64_t(uint64_t x) {
  return gasnett_count0s_uint32_t((uint32_t)x) + gasnett_count0s_uint32_t((uint32_t)(x >> 32));
}
#define gasnett_count0s_uintptr_t(x) gasnett_count0s_uint64_t((uint64_t)(x))
#define gasnett_mmap(sz) (gasnett_fatalerror("gasnett_mmap not available"), (void *)0)

/* ---------------------------------------------------------------------------------------------- */
/* Environment                                                                                     */
/* ---------------------------------------------------------------------------------------------- */
static inline char *gasnett_getenv(const char *keyname) { return keyname ? getenv(keyname) : NULL; }
static inline int gasnett_setenv(const char *key, const char *value) { return gexi_tools_setenv(key, value, 1); }
static inline int gasnett_unsetenv(const char *key) { return gexi_tools_unsetenv(key); }
static inline int gasnett_verboseenv(void) {
  static int verbose = -1;
  if (verbose < 0) {
    const char *e = getenv("GASNET_VERBOSEENV");
    verbose = e != NULL && *e != '0' && *e != 'n' && *e != 'N';
  }
  return verbose;
}

/* Parses "123", "0x7b", "-5", and with a non-zero mem_size_multiplier memory sizes: "64K", "2M",
 * "1G", "1T" (binary units); a bare number is multiplied by mem_size_multiplier. */
static inline int64_t gasnett_parse_int(const char *str, uint64_t mem_size_multiplier) {
  char *end = NULL;
  int64_t val;
  if (!str) return 0;
  val = (int64_t)strtoll(str, &end, 0);
  if (end == str) gasnett_fatalerror("gasnett_parse_int: '%s' is not a number", str);
  while (*end == ' ') ++end;
  if (mem_size_multiplier) {
    uint64_t mult = mem_size_multiplier;
    switch (*end) {
      case 'k': case 'K': mult = (uint64_t)1 << 10; break;
      case 'm': case 'M': mult = (uint64_t)1 << 20; break;
      case 'g': case 'G': mult = (uint64_t)1 << 30; break;
      case 't': case 'T': mult = (uint64_t)1 << 40; break;
      case 'b': case 'B': mult = 1; break;
      default: break;
    }
    val *= (int64_t)mult;
  }
  return val;
}

/* Formats val into buf: a memory size in the largest exact binary unit ("2 GB", "512 KB"). */
static inline char *gasnett_format_number(int64_t val, char *buf, size_t bufsz, int is_mem_size) {
  if (is_mem_size && val != 0) {
    static const char *const units[] = {"B", "KB", "MB", "GB", "TB"};
    int u = 0;
    int64_t v = val;
    while (u < 4 && v % 1024 == 0) {
      v /= 1024;
      ++u;
    }
    snprintf(buf, bufsz, "%" PRId64 " %s", v, units[u]);
  } else {
    snprintf(buf, bufsz, "%" PRId64, val);
  }
  return buf;
}

static inline void gasnett_envstr_display(const char *key, const char *val, int is_dflt) {
  if (gasnett_verboseenv())
    fprintf(stderr, "ENV parameter: %s = %s%s\n", key, val ? val : "*not set*", is_dflt ? "   (default)" : "");
}
static inline void gasnett_envint_display(const char *key, int64_t val, int is_dflt, int is_mem_size) {
  char buf[64];
  gasnett_envstr_display(key, gasnett_format_number(val, buf, sizeof buf, is_mem_size), is_dflt);
}
static inline void gasnett_envdbl_display(const char *key, double val, int is_dflt) {
  char buf[64];
  snprintf(buf, sizeof buf, "%g", val);
  gasnett_envstr_display(key, buf, is_dflt);
}

static inline char *gasnett_getenv_withdefault(const char *keyname, const char *defaultval) {
  char *v = gasnett_getenv(keyname);
  gasnett_envstr_display(keyname, v ? v : defaultval, v == NULL);
  return v ? v : (char *)defaultval;
}
static inline int gasnett_getenv_yesno_withdefault(const char *keyname, int defaultval) {
  const char *v = gasnett_getenv(keyname);
  int result = defaultval != 0;
  if (v && *v) {
    char c = *v;
    if (c == 'y' || c == 'Y' || c == '1') result = 1;
    else if (c == 'n' || c == 'N' || c == '0') result = 0;
    else gasnett_fatalerror("If used, environment variable '%s' must be set to 'Y|YES|y|yes|1' or 'N|NO|n|no|0'", keyname);
  }
  gasnett_envstr_display(keyname, result ? "YES" : "NO", v == NULL);
  return result;
}
static inline int64_t gasnett_getenv_int_withdefault(const char *keyname, int64_t defaultval,
                                                      uint64_t mem_size_multiplier) {
  const char *v = gasnett_getenv(keyname);
  int64_t result = (v && *v) ? gasnett_parse_int(v, mem_size_multiplier) : defaultval;
  gasnett_envint_display(keyname, result, !(v && *v), mem_size_multiplier != 0);
  return result;
}
static inline double gasnett_getenv_dbl_withdefault(const char *keyname, double defaultval) {
  const char *v = gasnett_getenv(keyname);
  double result = (v && *v) ? strtod(v, NULL) : defaultval;
  gasnett_envdbl_display(keyname, result, !(v && *v));
  return result;
}
#endif /* !GASNETT_LITE_MODE */

/* ---------------------------------------------------------------------------------------------- */
/* Tracing and statistics hooks: libgex has no tracing build, so these compile to nothing.        */
/* ---------------------------------------------------------------------------------------------- */
GASNETT_FORMAT_PRINTF(gexi_tools_trace_noop, 1, 2,
                      static inline void gexi_tools_trace_noop(const char *format, ...));
static inline void gexi_tools_trace_noop(const char *format, ...) { (void)format; }
#define GASNETT_TRACE_ENABLED 0
#define GASNETT_STATS_ENABLED 0
#define GASNETT_TRACE_PRINTF gexi_tools_trace_noop
#define GASNETT_TRACE_PRINTF_FORCE gexi_tools_trace_noop
#define GASNETT_STATS_PRINTF gexi_tools_trace_noop
#define GASNETT_STATS_PRINTF_FORCE gexi_tools_trace_noop
#define GASNETT_TRACE_GETMASK() ""
#define GASNETT_TRACE_SETMASK(mask) ((void)0)
#define GASNETT_TRACE_GET_TRACELOCAL() (0)
#define GASNETT_TRACE_SET_TRACELOCAL(newval) ((void)0)
#define GASNETT_TRACE_SETSOURCELINE(file, line) ((void)0)
#define GASNETT_TRACE_GETSOURCELINE(pfile, pline) ((void)0)
#define GASNETT_TRACE_FREEZESOURCELINE() ((void)0)
#define GASNETT_TRACE_UNFREEZESOURCELINE() ((void)0)
#define GASNETT_STATS_INIT(callbackfn) 0
#define GASNETT_STATS_GETMASK() ""
#define GASNETT_STATS_SETMASK(mask) ((void)0)

/* ---------------------------------------------------------------------------------------------- */
/* Thread-info hooks (GASNet lets a client cache its thread's handle in a local; libgex finds     */
/* per-thread state by itself, so the handle is a dummy).                                          */
/* ---------------------------------------------------------------------------------------------- */
#ifndef GASNET_BEGIN_FUNCTION
typedef void *gasnet_threadinfo_t;
#define GASNET_GET_THREADINFO() ((gasnet_threadinfo_t)0)
#define GASNET_POST_THREADINFO(info)                                                             \
  GASNETT_UNUSED gasnet_threadinfo_t gexi_posted_threadinfo = (info)
#define GASNET_BEGIN_FUNCTION() GASNET_POST_THREADINFO(GASNET_GET_THREADINFO())
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* GASNET_TOOLS_H */
