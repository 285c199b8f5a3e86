/* gasnet_tools.h: the GASNet tools (gasnett_*) as provided by libgex.
 *
 * Header-only: every tool is a macro or a static inline function (the timers' measured rate is
 * one weak variable that all translation units share), so a program may use this header with or
 * without libgex (a "tools-only" client links nothing). C99-clean and valid C++.
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

#include <ctype.h>
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
#include <sys/resource.h>
#if defined(__GLIBC__)
#include <execinfo.h>
#endif
#include <gasnet_config.h> /* versions, GASNETI_* build settings, PLATFORM_* */
#include <gasnet_basic.h>  /* if_pf/if_pt, _STRINGIFY/_CONCAT */

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
#define gexi_tools_readlink readlink
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
extern long gexi_tools_readlink(const char *, char *, size_t) __asm__("readlink");
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
/* Versions (gasnet_config.h)                                                                     */
/* ---------------------------------------------------------------------------------------------- */
#ifndef GASNETT_SPEC_VERSION_MAJOR
#define GASNETT_SPEC_VERSION_MAJOR 1 /* = GASNETI_TOOLS_SPEC_VERSION_MAJOR, spelled as gasnetex.h does */
#define GASNETT_SPEC_VERSION_MINOR 20
#endif
#define GASNETT_RELEASE_VERSION_MAJOR GASNET_RELEASE_VERSION_MAJOR
#define GASNETT_RELEASE_VERSION_MINOR GASNET_RELEASE_VERSION_MINOR
#define GASNETT_RELEASE_VERSION_PATCH GASNET_RELEASE_VERSION_PATCH

/* ---------------------------------------------------------------------------------------------- */
/* Purely syntactic portability macros                                                             */
/* ---------------------------------------------------------------------------------------------- */
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

/* Compiler features. Each GASNETT_USE_* knob is 1 where the compiler has the feature; a client
 * may define one to 0 before including this header to turn that feature off. */
#if defined(__GNUC__) || defined(__clang__)
#define GEXI_TOOLS_GNU_LIKE 1
#else
#define GEXI_TOOLS_GNU_LIKE 0
#endif
#ifndef GASNETT_USE_GCC_ATTRIBUTE_ALWAYSINLINE
#define GASNETT_USE_GCC_ATTRIBUTE_ALWAYSINLINE GEXI_TOOLS_GNU_LIKE
#endif
#ifndef GASNETT_USE_GCC_ATTRIBUTE_NOINLINE
#define GASNETT_USE_GCC_ATTRIBUTE_NOINLINE GEXI_TOOLS_GNU_LIKE
#endif
#ifndef GASNETT_USE_GCC_ATTRIBUTE_MALLOC
#define GASNETT_USE_GCC_ATTRIBUTE_MALLOC GEXI_TOOLS_GNU_LIKE
#endif
#ifndef GASNETT_USE_GCC_ATTRIBUTE_WARNUNUSEDRESULT
#define GASNETT_USE_GCC_ATTRIBUTE_WARNUNUSEDRESULT GEXI_TOOLS_GNU_LIKE
#endif
#ifndef GASNETT_USE_GCC_ATTRIBUTE_USED
#define GASNETT_USE_GCC_ATTRIBUTE_USED GEXI_TOOLS_GNU_LIKE
#endif
#ifndef GASNETT_USE_GCC_ATTRIBUTE_MAYALIAS
#define GASNETT_USE_GCC_ATTRIBUTE_MAYALIAS GEXI_TOOLS_GNU_LIKE
#endif
#ifndef GASNETT_USE_GCC_ATTRIBUTE_NORETURN
#define GASNETT_USE_GCC_ATTRIBUTE_NORETURN GEXI_TOOLS_GNU_LIKE
#endif
#ifndef GASNETT_USE_GCC_ATTRIBUTE_PURE
#define GASNETT_USE_GCC_ATTRIBUTE_PURE GEXI_TOOLS_GNU_LIKE
#endif
#ifndef GASNETT_USE_GCC_ATTRIBUTE_CONST
#define GASNETT_USE_GCC_ATTRIBUTE_CONST GEXI_TOOLS_GNU_LIKE
#endif
#ifndef GASNETT_USE_GCC_ATTRIBUTE_HOT
#define GASNETT_USE_GCC_ATTRIBUTE_HOT GEXI_TOOLS_GNU_LIKE
#endif
#ifndef GASNETT_USE_GCC_ATTRIBUTE_COLD
#define GASNETT_USE_GCC_ATTRIBUTE_COLD GEXI_TOOLS_GNU_LIKE
#endif
#ifndef GASNETT_USE_GCC_ATTRIBUTE_DEPRECATED
#define GASNETT_USE_GCC_ATTRIBUTE_DEPRECATED GEXI_TOOLS_GNU_LIKE
#endif
#ifndef GASNETT_USE_GCC_ATTRIBUTE_FALLTHROUGH
#define GASNETT_USE_GCC_ATTRIBUTE_FALLTHROUGH GEXI_TOOLS_GNU_LIKE
#endif
#ifndef GASNETT_USE_GCC_ATTRIBUTE_FORMAT
#define GASNETT_USE_GCC_ATTRIBUTE_FORMAT GEXI_TOOLS_GNU_LIKE
#endif
#ifndef GASNETT_USE_GCC_ATTRIBUTE_FORMAT_FUNCPTR
#define GASNETT_USE_GCC_ATTRIBUTE_FORMAT_FUNCPTR GEXI_TOOLS_GNU_LIKE
#endif
#ifndef GASNETT_USE_GCC_ATTRIBUTE_FORMAT_FUNCPTR_ARG
#define GASNETT_USE_GCC_ATTRIBUTE_FORMAT_FUNCPTR_ARG GEXI_TOOLS_GNU_LIKE
#endif
#ifndef GASNETT_USE_BUILTIN_EXPECT
#define GASNETT_USE_BUILTIN_EXPECT GEXI_TOOLS_GNU_LIKE
#endif
#ifndef GASNETT_USE_BUILTIN_CONSTANT_P
#define GASNETT_USE_BUILTIN_CONSTANT_P GEXI_TOOLS_GNU_LIKE
#endif
#ifndef GASNETT_USE_BUILTIN_UNREACHABLE
#define GASNETT_USE_BUILTIN_UNREACHABLE GEXI_TOOLS_GNU_LIKE
#endif
#ifndef GASNETT_USE_BUILTIN_PREFETCH
#define GASNETT_USE_BUILTIN_PREFETCH GEXI_TOOLS_GNU_LIKE
#endif
#ifndef GASNETT_USE_PRAGMA_GCC_DIAGNOSTIC
#define GASNETT_USE_PRAGMA_GCC_DIAGNOSTIC GEXI_TOOLS_GNU_LIKE
#endif
#ifndef GASNETT_USE_CTYPE_WRAPPERS
#define GASNETT_USE_CTYPE_WRAPPERS 0 /* <ctype.h> is used as is */
#endif

/* GASNETT_INLINE(fn) precedes a definition: `GASNETT_INLINE(f) int f(int x) {...}` */
#define GASNETT_INLINE(fnname) static inline
#if GASNETT_USE_GCC_ATTRIBUTE_ALWAYSINLINE
#define GASNETT_ALWAYS_INLINE(fnname) __attribute__((__always_inline__)) static inline
#else
#define GASNETT_ALWAYS_INLINE(fnname) static inline
#endif
#define GASNETT_PLEASE_INLINE(fnname) static inline
#if GASNETT_USE_GCC_ATTRIBUTE_NOINLINE
#define GASNETT_NEVER_INLINE(fnname, declarator) __attribute__((__noinline__)) declarator
#else
#define GASNETT_NEVER_INLINE(fnname, declarator) declarator
#endif
#if defined(__cplusplus)
#define GASNETT_RESTRICT __restrict__
#else
#define GASNETT_RESTRICT restrict
#endif
#if GASNETT_USE_GCC_ATTRIBUTE_USED
#define GASNETT_USED __attribute__((__used__))
#else
#define GASNETT_USED
#endif
#if GEXI_TOOLS_GNU_LIKE
#define GASNETT_UNUSED __attribute__((__unused__))
#else
#define GASNETT_UNUSED
#endif
#if GASNETT_USE_GCC_ATTRIBUTE_NORETURN
#define GASNETT_NORETURN __attribute__((__noreturn__))
#else
#define GASNETT_NORETURN
#endif
#define GASNETT_NORETURNP(fnpointer)
#if GASNETT_USE_GCC_ATTRIBUTE_MALLOC
#define GASNETT_MALLOC __attribute__((__malloc__))
#else
#define GASNETT_MALLOC
#endif
#define GASNETT_MALLOCP(fnpointer)
#if GASNETT_USE_GCC_ATTRIBUTE_PURE
#define GASNETT_PURE __attribute__((__pure__))
#else
#define GASNETT_PURE
#endif
#define GASNETT_PUREP(fnpointer)
#if GASNETT_USE_GCC_ATTRIBUTE_CONST
#define GASNETT_CONST __attribute__((__const__))
#else
#define GASNETT_CONST
#endif
#define GASNETT_CONSTP(fnpointer)
#if GASNETT_USE_GCC_ATTRIBUTE_HOT
#define GASNETT_HOT __attribute__((__hot__))
#else
#define GASNETT_HOT
#endif
#if GASNETT_USE_GCC_ATTRIBUTE_COLD
#define GASNETT_COLD __attribute__((__cold__))
#else
#define GASNETT_COLD
#endif
#if GASNETT_USE_GCC_ATTRIBUTE_DEPRECATED
#define GASNETT_DEPRECATED __attribute__((__deprecated__))
#else
#define GASNETT_DEPRECATED
#endif
#if GASNETT_USE_GCC_ATTRIBUTE_WARNUNUSEDRESULT
#define GASNETT_WARN_UNUSED_RESULT __attribute__((__warn_unused_result__))
#else
#define GASNETT_WARN_UNUSED_RESULT
#endif
#if GASNETT_USE_GCC_ATTRIBUTE_FORMAT
#define GASNETT_FORMAT_PRINTF(fnname, fmtarg, firstvararg, declarator)                          \
  __attribute__((__format__(__printf__, fmtarg, firstvararg))) declarator
#else
#define GASNETT_FORMAT_PRINTF(fnname, fmtarg, firstvararg, declarator) declarator
#endif
#define GASNETT_FORMAT_PRINTF_FUNCPTR(fnname, fmtarg, firstvararg, declarator) declarator
#if defined(__cplusplus) && __cplusplus >= 201703L
#define GASNETT_FALLTHROUGH [[fallthrough]];
#elif GASNETT_USE_GCC_ATTRIBUTE_FALLTHROUGH && defined(__GNUC__) && __GNUC__ >= 7
#define GASNETT_FALLTHROUGH __attribute__((__fallthrough__));
#else
#define GASNETT_FALLTHROUGH
#endif
/* Older spelling, kept: GEXI_TOOLS_ATTR((attr)) where a GNU-like compiler takes the attribute. */
#if GEXI_TOOLS_GNU_LIKE
#define GEXI_TOOLS_ATTR(x) __attribute__(x)
#else
#define GEXI_TOOLS_ATTR(x)
#endif
#define GASNETT_CURRENT_FUNCTION __func__
#define GASNETT_TENTATIVE_EXTERN extern
#if GASNETT_USE_BUILTIN_EXPECT
#define GASNETT_PREDICT_TRUE(exp) __builtin_expect(!!(exp), 1)
#define GASNETT_PREDICT_FALSE(exp) __builtin_expect(!!(exp), 0)
#else
#define GASNETT_PREDICT_TRUE(exp) (exp)
#define GASNETT_PREDICT_FALSE(exp) (exp)
#endif
#if GASNETT_USE_BUILTIN_CONSTANT_P
#define gasnett_constant_p(exp) __builtin_constant_p(exp)
#else
#define gasnett_constant_p(exp) 0
#endif
#if GASNETT_USE_BUILTIN_UNREACHABLE
#define gasnett_unreachable() __builtin_unreachable()
#else
#define gasnett_unreachable() abort()
#endif
/* gasnett_assume(cond): the compiler may assume cond holds (undefined behaviour if it does not). */
#if defined(__clang__)
#define gasnett_assume(cond) ((void)__builtin_assume((cond) != 0))
#elif GASNETT_USE_BUILTIN_UNREACHABLE
#define gasnett_assume(cond) ((cond) ? (void)0 : __builtin_unreachable())
#else
#define gasnett_assume(cond) ((void)0)
#endif

/* GASNETT_UNUSED_ARGSn(a1..an): a void expression that evaluates and discards its n arguments
 * without "unused" warnings, for macros that do not need some of their parameters. */
#define GASNETT_UNUSED_ARGS1(a1) ((void)(a1))
#define GASNETT_UNUSED_ARGS2(a1, a2) ((void)(a1), (void)(a2))
#define GASNETT_UNUSED_ARGS3(a1, a2, a3) ((void)(a1), (void)(a2), (void)(a3))
#define GASNETT_UNUSED_ARGS4(a1, a2, a3, a4) ((void)(a1), (void)(a2), (void)(a3), (void)(a4))
#define GASNETT_UNUSED_ARGS5(a1, a2, a3, a4, a5) \
  ((void)(a1), (void)(a2), (void)(a3), (void)(a4), (void)(a5))
#define GASNETT_UNUSED_ARGS6(a1, a2, a3, a4, a5, a6) \
  ((void)(a1), (void)(a2), (void)(a3), (void)(a4), (void)(a5), (void)(a6))
#define GASNETT_UNUSED_ARGS7(a1, a2, a3, a4, a5, a6, a7) \
  ((void)(a1), (void)(a2), (void)(a3), (void)(a4), (void)(a5), (void)(a6), (void)(a7))
#define GASNETT_UNUSED_ARGS8(a1, a2, a3, a4, a5, a6, a7, a8) \
  ((void)(a1), (void)(a2), (void)(a3), (void)(a4), (void)(a5), (void)(a6), (void)(a7), (void)(a8))
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
#define GASNETT_PAGESHIFT GASNETI_PAGESHIFT
#define GASNETT_CACHE_LINE_BYTES GASNETI_CACHE_LINE_BYTES
#define GASNETT_SYSTEM_TUPLE GASNETI_SYSTEM_TUPLE
#define GASNETT_CONFIGURE_ARGS GASNETI_CONFIGURE_ARGS
/* The compiler (gasnet_config.h: the one compiling this file) */
#define GASNETT_PLATFORM_COMPILER_IDSTR GASNETI_PLATFORM_COMPILER_IDSTR
#define GASNETT_PLATFORM_COMPILER_FAMILYID GASNETI_PLATFORM_COMPILER_FAMILYID
#define GASNETT_PLATFORM_COMPILER_ID GASNETI_PLATFORM_COMPILER_ID
#define GASNETT_PLATFORM_COMPILER_VERSION GASNETI_PLATFORM_COMPILER_VERSION

#if defined(GASNET_NDEBUG) || (!defined(GASNET_DEBUG) && defined(NDEBUG))
#define GASNETT_DEBUG_CONFIG nodebug
#elif defined(GASNET_DEBUG)
#define GASNETT_DEBUG_CONFIG debug
#else
#define GASNETT_DEBUG_CONFIG nodebug
#endif
#define GASNETT_PTR_CONFIG GASNETI_PTR_CONFIG
/* Ticks are the time-stamp counter (Timers, below) on x86-64 with a GNU-like compiler. */
#if defined(__x86_64__) && GEXI_TOOLS_GNU_LIKE && !defined(GEXI_TOOLS_NO_TSC)
#define GEXI_TOOLS_TSC 1
#else
#define GEXI_TOOLS_TSC 0
#endif
#if GEXI_TOOLS_TSC
#define GASNETT_TIMER_CONFIG timers_native
#else
#define GASNETT_TIMER_CONFIG timers_posix_monotonic
#endif
#define GASNETT_MEMBAR_CONFIG membars_compiler_builtin
#define GASNETT_ATOMIC_CONFIG atomics_compiler_builtin
#define GASNETT_ATOMIC32_CONFIG atomic32_compiler_builtin
#define GASNETT_ATOMIC64_CONFIG atomic64_compiler_builtin
#define GASNETT_CONFIG_STRING                                                                    \
  "RELEASE=" _STRINGIFY(GASNETI_RELEASE_VERSION)                                                \
  ",SPEC=" _STRINGIFY(GASNETT_SPEC_VERSION_MAJOR) "." _STRINGIFY(GASNETT_SPEC_VERSION_MINOR)      \
  ",PTR=" _STRINGIFY(GASNETT_PTR_CONFIG) "," _STRINGIFY(GASNETT_DEBUG_CONFIG) "," _STRINGIFY(GASNETT_THREAD_MODEL)            \
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
/* Timers                                                                                          */
/* ---------------------------------------------------------------------------------------------- */
/* On x86-64 (GNU-like compilers) a tick is one count of the time-stamp counter, as in GASNet:
 * reading it is one instruction (clock_gettime under a hypervisor's clock cost twice as much
 * here, 20-25 ns a call). The x86-64 processors this runs on keep the counter at a constant rate,
 * in step across cores (constant_tsc, nonstop_tsc). Ticks become nanoseconds through a rate
 * measured once per program, at the first conversion, against CLOCK_MONOTONIC over 2 ms (error
 * about 1e-5). That rate is one weak definition shared by every translation unit (the header
 * stays header-only: no library needed). Elsewhere ticks are CLOCK_MONOTONIC nanoseconds. */
typedef uint64_t gasnett_tick_t;
typedef gasnett_tick_t gasnett_ticks_t; /* alias some clients spell this way */
#define GASNETT_TICK_MIN ((gasnett_tick_t)0)
#define GASNETT_TICK_MAX ((gasnett_tick_t)UINT64_MAX)

static inline uint64_t gexi_tools_monotonic_ns(void) {
  gexi_tools_timespec ts;
  gexi_tools_clock_gettime(GEXI_TOOLS_CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#if GEXI_TOOLS_TSC
static inline gasnett_tick_t gasnett_ticks_now(void) {
  uint32_t lo, hi;
  __asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
  return (gasnett_tick_t)hi << 32 | lo;
}
/* Nanoseconds per tick as the bits of a double; 0 until measured. */
extern uint64_t gexi_tick_ns_bits;
uint64_t gexi_tick_ns_bits __attribute__((__weak__)) = 0;
/* A (counter, CLOCK_MONOTONIC) pair read close together: the closest of a few tries. */
static inline void gexi_tick_pair(gasnett_tick_t *tick, uint64_t *ns) {
  gasnett_tick_t best = GASNETT_TICK_MAX;
  int i;
  for (i = 0; i < 5; ++i) {
    const gasnett_tick_t a = gasnett_ticks_now();
    const uint64_t t = gexi_tools_monotonic_ns();
    const gasnett_tick_t b = gasnett_ticks_now();
    if (b - a < best) {
      best = b - a;
      *tick = a + (b - a) / 2;
      *ns = t;
    }
  }
}
extern uint64_t gexi_tick_calibrate(void);
__attribute__((__weak__, __noinline__)) uint64_t gexi_tick_calibrate(void) {
  gasnett_tick_t t0 = 0, t1 = 0;
  uint64_t n0 = 0, n1 = 0, bits = 0, expected = 0;
  double ns_per_tick;
  gexi_tick_pair(&t0, &n0);
  while (gexi_tools_monotonic_ns() - n0 < 2000000u) {
  }
  gexi_tick_pair(&t1, &n1);
  ns_per_tick = t1 > t0 ? (double)(n1 - n0) / (double)(t1 - t0) : 1.0;
  memcpy(&bits, &ns_per_tick, sizeof bits);
  /* Threads that measured at once keep the first rate stored: one rate per program. */
  if (!__atomic_compare_exchange_n(&gexi_tick_ns_bits, &expected, bits, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    bits = expected;
  return bits;
}
static inline double gexi_tick_ns_per_tick(void) {
  uint64_t bits = __atomic_load_n(&gexi_tick_ns_bits, __ATOMIC_ACQUIRE);
  double v;
  if_pf (!bits) bits = gexi_tick_calibrate();
  memcpy(&v, &bits, sizeof v);
  return v;
}
#else
static inline gasnett_tick_t gasnett_ticks_now(void) { return gexi_tools_monotonic_ns(); }
static inline double gexi_tick_ns_per_tick(void) { return 1.0; }
#endif
static inline uint64_t gasnett_ticks_to_ns(gasnett_tick_t ticks) {
  return (uint64_t)((double)ticks * gexi_tick_ns_per_tick());
}
static inline uint64_t gasnett_ticks_to_us(gasnett_tick_t ticks) { return gasnett_ticks_to_ns(ticks) / 1000u; }
static inline double gasnett_ticks_to_sec(gasnett_tick_t ticks) {
  return (double)ticks * gexi_tick_ns_per_tick() * 1e-9;
}
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
    cached = (double)best * gexi_tick_ns_per_tick() / 1000.0;
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
    cached = (double)(end - start) * gexi_tick_ns_per_tick() / 1000.0 / n;
    if (cached <= 0.0) cached = 0.001;
  }
  return cached;
}

/* Sleeps for at least ns_delay nanoseconds (a signal does not cut the sleep short); 0 on success,
 * -1 with errno set when the sleep could not be made. */
static inline int gasnett_nsleep(uint64_t ns_delay) {
  gexi_tools_timespec ts;
  if (!ns_delay) return 0;
  ts.tv_sec = (time_t)(ns_delay / 1000000000u);
  ts.tv_nsec = (long)(ns_delay % 1000000000u);
  for (;;) {
    if (gexi_tools_nanosleep(&ts, &ts) == 0) return 0;
    if (errno != EINTR) return -1;
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

/* Backtraces. A mechanism writes the calling thread's stack to a file descriptor and returns 0 on
 * success. GASNET_BACKTRACE_TYPE is a comma-separated, ordered list of mechanism names to try
 * (default: all, thread-capable ones first); libgex knows EXECINFO (glibc's backtrace()), and a
 * client adds its own by defining gasnett_backtrace_user, e.g.
 *   gasnett_backtrace_type_t gasnett_backtrace_user = {"MINE", my_backtrace_fn, 1};
 * The same list drives gasnett_print_backtrace and libgex's crash backtraces (GASNET_BACKTRACE=1).
 */
typedef struct {
  const char *name;  /* upper-case name, as GASNET_BACKTRACE_TYPE spells it */
  int (*fnp)(int);   /* writes a backtrace to the fd; 0 on success */
  int threadsupport; /* non-zero if it backtraces the calling thread correctly in a threaded process */
} gasnett_backtrace_type_t;
/* Weak: libgex and libgasnet_tools hold a zero default, a client's definition replaces it, and a
 * header-only tools client without either sees its address as NULL. */
extern gasnett_backtrace_type_t gasnett_backtrace_user GEXI_TOOLS_ATTR((__weak__));

static inline int gexi_tools_backtrace_execinfo(int fd) {
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
/* The registered user mechanism, or NULL. */
static inline const gasnett_backtrace_type_t *gexi_tools_backtrace_user(void) {
  const gasnett_backtrace_type_t *u = &gasnett_backtrace_user;
  return (u && u->name && u->fnp) ? u : (const gasnett_backtrace_type_t *)0;
}
static inline void gexi_tools_write(int fd, const char *text) {
  size_t len = strlen(text);
  while (len > 0) {
    ssize_t n = write(fd, text, len);
    if (n <= 0) {
      if (n < 0 && errno == EINTR) continue;
      return;
    }
    text += n;
    len -= (size_t)n;
  }
}

/* libgex's own (weak: absent in a header-only tools client): the same mechanisms as its crash
 * backtraces, with frames named by addr2line. */
extern int gexi_print_backtrace(int fd) GEXI_TOOLS_ATTR((__weak__));

/* Prints this thread's call stack to fd through the mechanisms GASNET_BACKTRACE_TYPE names, in
 * order, until one succeeds; returns 0 when one did. Unknown names get a warning and are skipped. */
static inline int gasnett_print_backtrace(int fd) {
  if (gexi_print_backtrace) return gexi_print_backtrace(fd);
  const gasnett_backtrace_type_t *user = gexi_tools_backtrace_user();
  const char *list = getenv("GASNET_BACKTRACE_TYPE");
  char dflt[128];
  if (!list || !*list) {
    snprintf(dflt, sizeof dflt, "EXECINFO%s%s", user ? "," : "", user ? user->name : "");
    list = dflt;
  }
  while (*list) {
    char name[64];
    size_t n = 0;
    while (*list && strchr(" ,|;", *list)) ++list;
    while (*list && !strchr(" ,|;", *list)) {
      if (n + 1 < sizeof name) name[n++] = (char)toupper((unsigned char)*list);
      ++list;
    }
    name[n] = '\0';
    if (!n) break;
    if (!strcmp(name, "EXECINFO")) {
      if (gexi_tools_backtrace_execinfo(fd) == 0) return 0;
    } else if (user && !strcmp(name, user->name)) {
      if (user->fnp(fd) == 0) return 0;
    } else {
      gexi_tools_write(2, "WARNING: GASNET_BACKTRACE_TYPE=");
      gexi_tools_write(2, name);
      gexi_tools_write(2, " unrecognized or unsupported - ignoring..\n");
    }
  }
  return 1;
}
static inline int gasnett_print_backtrace_ifenabled(int fd) {
  const char *e = getenv("GASNET_BACKTRACE");
  if (e && (*e == '1' || *e == 'y' || *e == 'Y')) return gasnett_print_backtrace(fd);
  return 1;
}
static inline void gasnett_backtrace_init(const char *exename) { (void)exename; }

/* The body both fatal-error forms share (GASNet's variants differ only in whether the caller's
 * position was added to msg). */
GASNETT_NORETURN static inline void gexi_tools_vfatalerror(const char *msg, va_list ap) {
  fflush(stdout);
  fprintf(stderr, "*** FATAL ERROR (pid %d): ", (int)getpid());
  vfprintf(stderr, msg, ap);
  fprintf(stderr, "\n");
  gasnett_print_backtrace_ifenabled(2);
  fflush(stderr);
  abort();
}
GASNETT_FORMAT_PRINTF(gasnett_fatalerror, 1, 2,
                      static inline GASNETT_NORETURN void gasnett_fatalerror(const char *msg, ...));
static inline void gasnett_fatalerror(const char *msg, ...) {
  va_list ap;
  va_start(ap, msg);
  gexi_tools_vfatalerror(msg, ap);
}
/* The same, without the caller's position (GASNet's variant for messages that carry their own). */
GASNETT_FORMAT_PRINTF(gasnett_fatalerror_nopos, 1, 2,
                      static inline GASNETT_NORETURN void gasnett_fatalerror_nopos(const char *msg, ...));
static inline void gasnett_fatalerror_nopos(const char *msg, ...) {
  va_list ap;
  va_start(ap, msg);
  gexi_tools_vfatalerror(msg, ap);
}

/* "func() at file:line" (or "file:line" outside a function), in a new malloc'd string. */
static inline char *gexi_tools_build_loc_str(const char *funcname, const char *filename, int linenum) {
  size_t fnlen, len;
  char *s;
  if (!funcname) funcname = "";
  if (!filename) filename = "*unknown file*";
  fnlen = strlen(funcname);
  len = fnlen + strlen(filename) + 32;
  s = (char *)malloc(len);
  if (!s) return s;
  if (fnlen)
    snprintf(s, len, "%s%s at %s:%d", funcname, funcname[fnlen - 1] != ')' ? "()" : "", filename, linenum);
  else
    snprintf(s, len, "%s:%d", filename, linenum);
  return s;
}
/* gasnett_current_loc: an expression, the current position as a new malloc'd string. */
#define gasnett_current_loc gexi_tools_build_loc_str(GASNETT_CURRENT_FUNCTION, __FILE__, __LINE__)

typedef void (*gasnett_sighandlerfn_t)(int);
static inline gasnett_sighandlerfn_t gasnett_reghandler(int sigtocatch, gasnett_sighandlerfn_t fp) {
  return signal(sigtocatch, fp);
}
/* "SIGSEGV" for SIGSEGV, ...; NULL for a number that is no signal here. */
static inline const char *gasnett_signame_fromval(int sigval) {
  switch (sigval) {
#define GEXI_TOOLS_SIG(name) case name: return #name;
    GEXI_TOOLS_SIG(SIGABRT) GEXI_TOOLS_SIG(SIGFPE) GEXI_TOOLS_SIG(SIGILL) GEXI_TOOLS_SIG(SIGINT)
    GEXI_TOOLS_SIG(SIGSEGV) GEXI_TOOLS_SIG(SIGTERM)
#if defined(SIGHUP)
    GEXI_TOOLS_SIG(SIGHUP) GEXI_TOOLS_SIG(SIGQUIT) GEXI_TOOLS_SIG(SIGKILL) GEXI_TOOLS_SIG(SIGPIPE)
    GEXI_TOOLS_SIG(SIGALRM) GEXI_TOOLS_SIG(SIGUSR1) GEXI_TOOLS_SIG(SIGUSR2) GEXI_TOOLS_SIG(SIGCHLD)
    GEXI_TOOLS_SIG(SIGCONT) GEXI_TOOLS_SIG(SIGSTOP) GEXI_TOOLS_SIG(SIGTSTP) GEXI_TOOLS_SIG(SIGTTIN)
    GEXI_TOOLS_SIG(SIGTTOU) GEXI_TOOLS_SIG(SIGBUS) GEXI_TOOLS_SIG(SIGTRAP) GEXI_TOOLS_SIG(SIGURG)
    GEXI_TOOLS_SIG(SIGXCPU) GEXI_TOOLS_SIG(SIGXFSZ) GEXI_TOOLS_SIG(SIGVTALRM) GEXI_TOOLS_SIG(SIGPROF)
    GEXI_TOOLS_SIG(SIGSYS)
#endif
#undef GEXI_TOOLS_SIG
    default: return (const char *)0;
  }
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
/* Binds the calling process to one CPU, chosen by rank among those online; 0 on success. */
#if defined(CPU_SETSIZE) && defined(__linux__)
#define GASNETT_SET_AFFINITY_SUPPORT 1
static inline int gasnett_set_affinity(int rank) {
  cpu_set_t set;
  int cpus = gasnett_cpu_count();
  CPU_ZERO(&set);
  CPU_SET((unsigned)(rank < 0 ? -rank : rank) % (unsigned)cpus, &set);
  return sched_setaffinity(0, sizeof set, &set) == 0 ? 0 : -1;
}
#else /* strict ISO mode hides the affinity calls: nothing is bound */
static inline int gasnett_set_affinity(int rank) {
  (void)rank;
  return -1;
}
#endif
static inline int gasnett_isLittleEndian(void) {
  const union {
    uint32_t i;
    unsigned char c[4];
  } u = {1u};
  return u.c[0] == 1;
}
/* Build options that cost performance, one indented line each (empty in a release build). */
static inline const char *gasnett_performance_warning_str(void) {
#if defined(GASNET_DEBUG)
  return "        debugging  \n";
#else
  return "";
#endif
}
/* GASNet's release as one number (2025.8.0 -> 2025080000) and as "2025.8.0". */
static inline uint64_t gasnett_release_version(void) {
  return (uint64_t)GASNET_RELEASE_VERSION_MAJOR * 1000000u + (uint64_t)GASNET_RELEASE_VERSION_MINOR * 10000u +
         (uint64_t)GASNET_RELEASE_VERSION_PATCH;
}
static inline const char *gasnett_release_version_str(void) {
  return _STRINGIFY(GASNET_RELEASE_VERSION_MAJOR) "." _STRINGIFY(GASNET_RELEASE_VERSION_MINOR) "." _STRINGIFY(
      GASNET_RELEASE_VERSION_PATCH);
}
/* The running executable's full path ("" when it cannot be found), from /proc/self/exe. */
static inline const char *gasnett_exe_name(void) {
  static char name[4096];
  if (!name[0]) {
    long n = (long)gexi_tools_readlink("/proc/self/exe", name, sizeof name - 1);
    name[n > 0 ? (size_t)n : 0] = '\0';
  }
  return name;
}
static inline int gexi_tools_env_no(const char *key) {
  const char *v = getenv(key);
  return v && (*v == '0' || *v == 'n' || *v == 'N');
}
/* Raises the soft limit of resource res (RLIMIT_*) to its hard limit; returns 1 when it was raised
 * (or GASNET_MAXIMIZE_<lim_desc>=no asks to leave it), 0 otherwise. */
static inline int gasnett_maximize_rlimit(int res, const char *lim_desc) {
  char key[64];
  struct rlimit lim;
  snprintf(key, sizeof key, "GASNET_MAXIMIZE_%s", lim_desc ? lim_desc : "");
  if (gexi_tools_env_no(key)) return 1;
  if (getrlimit(res, &lim) != 0) return 0;
  if (lim.rlim_cur == lim.rlim_max) return 0;
  lim.rlim_cur = lim.rlim_max;
  return setrlimit(res, &lim) == 0;
}
/* gasnett_maximize_rlimit for the CPU time, data, resident set, stack and address-space limits;
 * 1 when every one of them was raised (as GASNet: one already at its maximum gives 0). */
static inline int gasnett_maximize_rlimits(void) {
  int ok = 1;
  ok &= gasnett_maximize_rlimit(RLIMIT_CPU, "RLIMIT_CPU");
  ok &= gasnett_maximize_rlimit(RLIMIT_DATA, "RLIMIT_DATA");
#if defined(RLIMIT_RSS)
  ok &= gasnett_maximize_rlimit(RLIMIT_RSS, "RLIMIT_RSS");
#endif
  ok &= gasnett_maximize_rlimit(RLIMIT_STACK, "RLIMIT_STACK");
  ok &= gasnett_maximize_rlimit(RLIMIT_AS, "RLIMIT_AS");
  return ok;
}

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
/* Only library clients (gasnetex.h first) get a working gasnett_mmap, as in GASNet. */
#define gasnett_mmap(sz) (gasnett_fatalerror("gasnett_mmap not available"), (void *)0)

/* ---------------------------------------------------------------------------------------------- */
/* Environment                                                                                     */
/* ---------------------------------------------------------------------------------------------- */
static inline char *gasnett_getenv(const char *keyname) { return keyname ? getenv(keyname) : NULL; }
/* Set / remove a variable of this process's environment (a failure is fatal, as in GASNet). */
static inline void gasnett_setenv(const char *key, const char *value) {
  if (gexi_tools_setenv(key, value, 1) != 0) gasnett_fatalerror("gasnett_setenv(%s, %s) failed", key, value);
}
static inline void gasnett_unsetenv(const char *key) {
  if (gexi_tools_unsetenv(key) != 0) gasnett_fatalerror("gasnett_unsetenv(%s) failed", key);
}
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

/* ---------------------------------------------------------------------------------------------- */
/* What only a client of the library (gasnetex.h included before this header) gets               */
/* ---------------------------------------------------------------------------------------------- */
#if defined(_INCLUDED_GASNETEX_H)
#define GASNETT_MAX_THREADS GASNETI_MAX_THREADS

/* sz bytes of fresh zeroed memory from mmap, page aligned (failure is fatal). */
extern void *gexi_tools_mmap(uintptr_t sz);
#undef gasnett_mmap
#define gasnett_mmap(sz) gexi_tools_mmap(sz)

/* Copies between suitably aligned / any addresses; statements. */
#define GASNETT_FAST_ALIGNED_MEMCPY(dest, src, nbytes) \
  do {                                                 \
    memcpy((dest), (src), (nbytes));                   \
  } while (0)
#define GASNETT_FAST_UNALIGNED_MEMCPY(dest, src, nbytes) \
  do {                                                   \
    memcpy((dest), (src), (nbytes));                     \
  } while (0)
/* The nbytes (<= 8) low-order bytes of a gex_RMA_Value_t, where they lie in its memory. */
#if defined(__BYTE_ORDER__) && defined(__ORDER_BIG_ENDIAN__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define GEXI_TOOLS_VALUE_BYTES(valueptr, nbytes) ((uint8_t *)(valueptr) + (sizeof(gex_RMA_Value_t) - (nbytes)))
#else
#define GEXI_TOOLS_VALUE_BYTES(valueptr, nbytes) ((uint8_t *)(valueptr))
#endif
/* GASNETT_VALUE_ASSIGN(dest, value, nbytes): stores the nbytes low-order bytes of value at dest.
 * GASNETT_VALUE_RETURN(src, nbytes): returns (from the enclosing function) the nbytes at src as
 * a gex_RMA_Value_t. Both are statements. */
#define GASNETT_VALUE_ASSIGN(dest, value, nbytes)                            \
  do {                                                                       \
    gex_RMA_Value_t gexi_va_value = (gex_RMA_Value_t)(value);                \
    memcpy((dest), GEXI_TOOLS_VALUE_BYTES(&gexi_va_value, nbytes), (nbytes)); \
  } while (0)
#define GASNETT_VALUE_RETURN(src, nbytes)                                     \
  do {                                                                        \
    gex_RMA_Value_t gexi_vr_value = 0;                                        \
    memcpy(GEXI_TOOLS_VALUE_BYTES(&gexi_vr_value, nbytes), (src), (nbytes));  \
    return gexi_vr_value;                                                     \
  } while (0)

/* The checking allocator. Every block carries a header and a trailing guard that
 * gasnett_debug_memcheck* verify (a damaged block ends the process with the position of the check
 * and of the allocation); gasnett_getheapstats counts what went through it. Blocks from
 * gasnett_debug_malloc go back through gasnett_debug_free only. */
typedef struct {
  uint64_t allocated_bytes;   /* bytes ever allocated */
  uint64_t freed_bytes;       /* bytes ever freed */
  uint64_t live_bytes;        /* bytes allocated now */
  uint64_t live_bytes_max;    /* most bytes allocated at once */
  uint64_t allocated_objects; /* blocks ever allocated */
  uint64_t freed_objects;     /* blocks ever freed */
  uint64_t live_objects;      /* blocks allocated now */
  uint64_t live_objects_max;  /* most blocks allocated at once */
  uint64_t overhead_bytes;    /* bytes the headers and guards take (a lower bound) */
} gasnett_heapstats_t;
extern void *gexi_debug_malloc(size_t sz, const char *curloc) GASNETT_MALLOC;
extern void *gexi_debug_realloc(void *ptr, size_t sz, const char *curloc);
extern void *gexi_debug_calloc(size_t n, size_t s, const char *curloc) GASNETT_MALLOC;
extern void gexi_debug_free(void *ptr, const char *curloc);
extern char *gexi_debug_strdup(const char *s, const char *curloc) GASNETT_MALLOC;
extern char *gexi_debug_strndup(const char *s, size_t n, const char *curloc) GASNETT_MALLOC;
extern size_t gexi_debug_memcheck(void *ptr, const char *curloc);
extern void gexi_debug_memcheck_one(const char *curloc);
extern void gexi_debug_memcheck_all(const char *curloc);
extern int gexi_debug_getheapstats(gasnett_heapstats_t *pstat);
extern void gexi_debug_heapinfo_dump(const char *filename, int show_live_objects);
#define GEXI_TOOLS_CURLOC __FILE__ ":" _STRINGIFY(__LINE__)
#define gasnett_debug_malloc(sz) gexi_debug_malloc((sz), GEXI_TOOLS_CURLOC)
#define gasnett_debug_realloc(ptr, sz) gexi_debug_realloc((ptr), (sz), GEXI_TOOLS_CURLOC)
#define gasnett_debug_calloc(N, S) gexi_debug_calloc((N), (S), GEXI_TOOLS_CURLOC)
#define gasnett_debug_free(ptr) gexi_debug_free((ptr), GEXI_TOOLS_CURLOC)
#define gasnett_debug_strdup(s) gexi_debug_strdup((s), GEXI_TOOLS_CURLOC)
#define gasnett_debug_strndup(s, n) gexi_debug_strndup((s), (n), GEXI_TOOLS_CURLOC)
#define gasnett_debug_memcheck(ptr) ((void)gexi_debug_memcheck((ptr), GEXI_TOOLS_CURLOC))
#define gasnett_debug_memcheck_one() gexi_debug_memcheck_one(GEXI_TOOLS_CURLOC)
#define gasnett_debug_memcheck_all() gexi_debug_memcheck_all(GEXI_TOOLS_CURLOC)
#define gasnett_getheapstats(pstat) gexi_debug_getheapstats(pstat)
#define gasnett_heapinfo_dump(filename, show_live_objects) gexi_debug_heapinfo_dump((filename), (show_live_objects))

/* Text for traces of VIS operations and of DT/OP/TI values, as GASNet's tracing writes it. Each
 * *_bufsz gives the buffer the formatter needs; the formatters return what they measured. */
typedef struct {
  size_t _minsz;
  size_t _maxsz;
  uintptr_t _totalsz;
  void *_minaddr;
  void *_maxaddr;
} gasneti_memveclist_stats_t;
typedef struct {
  void *_minaddr;
  void *_maxaddr;
} gasneti_addrlist_stats_t;
extern size_t gasnett_format_memveclist_bufsz(size_t count);
extern gasneti_memveclist_stats_t gasnett_format_memveclist(char *buf, size_t count, gex_Memvec_t const *list);
extern size_t gasnett_format_putvgetv_bufsz(size_t dstcount, size_t srccount);
extern size_t gasnett_format_putvgetv(char *buf, gex_TM_t tm, gex_Rank_t rank, size_t dstcount,
                                      gex_Memvec_t const dstlist[], size_t srccount, gex_Memvec_t const srclist[]);
extern size_t gasnett_format_addrlist_bufsz(size_t count);
extern gasneti_addrlist_stats_t gasnett_format_addrlist(char *buf, size_t count, void *const *list, size_t len);
extern size_t gasnett_format_putigeti_bufsz(size_t dstcount, size_t srccount);
extern size_t gasnett_format_putigeti(char *buf, gex_TM_t tm, gex_Rank_t rank, size_t dstcount, void *const dstlist[],
                                      size_t dstlen, size_t srccount, void *const srclist[], size_t srclen);
extern size_t gasnett_format_strides_bufsz(size_t count);
extern void gasnett_format_strides(char *buf, size_t count, const ptrdiff_t *list);
extern size_t gasnett_format_putsgets_bufsz(size_t stridelevels);
extern size_t gasnett_format_putsgets(char *buf, void *pstats, gex_TM_t tm, gex_Rank_t rank, void *dstaddr,
                                      const ptrdiff_t dststrides[], void *srcaddr, const ptrdiff_t srcstrides[],
                                      size_t elemsz, const size_t count[], size_t stridelevels);
/* A set of flags as "GEX_DT_I32|GEX_DT_U64", "(empty)" or "(invalid)"; with buf NULL, only the
 * size the text needs (with its NUL). */
extern size_t gasnett_format_dt(char *buf, gex_DT_t dt);
extern size_t gasnett_format_op(char *buf, gex_OP_t op);
extern size_t gasnett_format_ti(char *buf, gex_TI_t ti);
#endif /* _INCLUDED_GASNETEX_H */
#endif /* !GASNETT_LITE_MODE */

/* ---------------------------------------------------------------------------------------------- */
/* Tracing and statistics hooks: libgex has no tracing build, so these compile to nothing.        */
/* ---------------------------------------------------------------------------------------------- */
/* _gasnett_trace_printf_noop: GASNet's name for the do-nothing trace printer; Legion takes its
 * address (to silence GASNet's "unused static function" warnings), so it keeps the name. */
GASNETT_FORMAT_PRINTF(_gasnett_trace_printf_noop, 1, 2,
                      static inline void _gasnett_trace_printf_noop(const char *format, ...));
static inline void _gasnett_trace_printf_noop(const char *format, ...) { (void)format; }
#define GASNETT_TRACE_ENABLED 0
#define GASNETT_STATS_ENABLED 0
#define GASNETT_TRACE_PRINTF _gasnett_trace_printf_noop
#define GASNETT_TRACE_PRINTF_FORCE _gasnett_trace_printf_noop
#define GASNETT_STATS_PRINTF _gasnett_trace_printf_noop
#define GASNETT_STATS_PRINTF_FORCE _gasnett_trace_printf_noop
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
#define GASNETT_STATS_DUMP(reset) ((void)0)

/* GASNet checks at link time that a client and its tools library were configured alike, by
 * referencing symbols named after the configuration. libgex's tools are header-only, so nothing
 * needs that check; the naming macro is kept for code that spells such symbols. */
#define GASNETT_LINKCONFIG_IDIOTCHECK(name) _CONCAT(gasnett_linkconfig_idiotcheck_, name)

/* ---------------------------------------------------------------------------------------------- */
/* Thread-info hooks (GASNet lets a client cache its thread's handle in a local; libgex finds     */
/* per-thread state by itself, so the handle is a dummy).                                          */
/* ---------------------------------------------------------------------------------------------- */
#ifndef GASNET_BEGIN_FUNCTION /* the same block as gasnetex.h's: either header may come first */
typedef void *gasnet_threadinfo_t;
#define GASNET_GET_THREADINFO() ((gasnet_threadinfo_t)0)
#define GASNET_POST_THREADINFO(info) ((void)(info))
#define GASNET_BEGIN_FUNCTION() GASNET_POST_THREADINFO(GASNET_GET_THREADINFO())
#endif

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* GASNET_TOOLS_H */
