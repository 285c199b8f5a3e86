/* Shared body of the gasnet_tools.h checks (compile_tools.c, compile_tools.cpp): the names GASNet
 * 2025.8.0's gasnet_tools.h and install headers provide that libgex added for issue 10, used with
 * their GASNet types and checked for their GASNet meaning at run time.
 *
 * COMPILE_TOOLS_WITH_GASNET: a library client (gasnetex.h first, linked with libgex), which also
 * gets the library-only tools (debug allocator, trace formatters, GASNETT_VALUE_*). Otherwise a
 * tools-only program (gasnet_tools.h alone, linked with libgasnet_tools-{seq,par}).
 * Built warning-free under -Wall -Wextra -Werror -pedantic-errors as C99, C11 and C++17.
 */
#ifndef COMPILE_TOOLS_H
#define COMPILE_TOOLS_H

#ifdef COMPILE_TOOLS_WITH_GASNET
#include <gasnetex.h>
#include <gasnet_core.h> /* smp-conduit/, as GASNet installs it */
#include <gasnet_fwd.h>
#endif
#include <gasnet_tools.h>
#include <gasnet_config.h>
#include <gasnet_portable_platform.h>
#include <portable_platform.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(cond)                                                                              \
  do {                                                                                           \
    if (!(cond)) {                                                                               \
      fprintf(stderr, "%s:%d: FAILED: %s\n", __FILE__, __LINE__, #cond);                        \
      exit(1);                                                                                   \
    }                                                                                            \
  } while (0)

/* ---- preprocessor: versions, platform, configuration ---------------------------------------- */
#if GASNETT_RELEASE_VERSION_MAJOR != GASNET_RELEASE_VERSION_MAJOR || \
    GASNETT_RELEASE_VERSION_MINOR != GASNET_RELEASE_VERSION_MINOR || \
    GASNETT_RELEASE_VERSION_PATCH != GASNET_RELEASE_VERSION_PATCH || GASNET_RELEASE_VERSION_MAJOR < 2000
#error "release version macros"
#endif
#if GASNETT_SPEC_VERSION_MAJOR != GASNETI_TOOLS_SPEC_VERSION_MAJOR || GASNETT_SPEC_VERSION_MINOR != 20
#error "tools spec version"
#endif
#if !defined(PLATFORM_COMPILER_GNU) && !defined(PLATFORM_COMPILER_CLANG)
#error "PLATFORM_COMPILER_GNU or _CLANG for the compilers the project builds with"
#endif
#if !PLATFORM_COMPILER_VERSION_GE(4, 0, 0) || PLATFORM_COMPILER_VERSION_LT(4, 0, 0) || \
    !PLATFORM_COMPILER_VERSION_GT(1, 2, 3)
#error "PLATFORM_COMPILER_VERSION comparisons"
#endif
#if !PLATFORM_OS_LINUX || !(PLATFORM_ARCH_64 || PLATFORM_ARCH_32) || \
    !(PLATFORM_ARCH_LITTLE_ENDIAN || PLATFORM_ARCH_BIG_ENDIAN) || PLATFORM_HEADER_VERSION < 1
#error "PLATFORM_OS / PLATFORM_ARCH"
#endif
#if !GASNETT_USE_GCC_ATTRIBUTE_ALWAYSINLINE || !GASNETT_USE_GCC_ATTRIBUTE_FORMAT || !GASNETT_USE_BUILTIN_EXPECT || \
    !GASNETT_USE_GCC_ATTRIBUTE_USED || !GASNETT_USE_PRAGMA_GCC_DIAGNOSTIC || GASNETT_USE_CTYPE_WRAPPERS
#error "GASNETT_USE_* feature knobs"
#endif
#if GASNETT_CACHE_LINE_BYTES != GASNETI_CACHE_LINE_BYTES || GASNETT_PAGESHIFT != 12
#error "machine constants"
#endif
#ifdef COMPILE_TOOLS_WITH_GASNET
#if defined(GASNET_SEQ) && GASNETI_MAX_THREADS != 1
#error "GASNETI_MAX_THREADS is 1 in GASNET_SEQ"
#endif
#if !defined(GASNET_SEQ) && GASNETI_MAX_THREADS < 2
#error "GASNETI_MAX_THREADS allows threads outside GASNET_SEQ"
#endif
#if GASNETT_MAX_THREADS != GASNETI_MAX_THREADS || GASNETI_EX_SPEC_VERSION_MAJOR != GEX_SPEC_VERSION_MAJOR || \
    GASNETI_EX_SPEC_VERSION_MINOR != GEX_SPEC_VERSION_MINOR
#error "GASNETT_MAX_THREADS, EX spec version"
#endif
#if !defined(_INCLUDED_GASNETEX_H) || !defined(_INCLUDED_GASNET_TOOLS_H) || HAVE_PTHREAD_H != 1 || HAVE_MMAP != 1
#error "inclusion markers"
#endif
#endif

/* ---- a client backtrace mechanism (GASNET_BACKTRACE_TYPE) ------------------------------------ */
static int user_backtraces;
static int user_backtrace(int fd) {
  (void)fd;
  ++user_backtraces;
  return 0;
}
#ifdef __cplusplus
extern "C" {
#endif
gasnett_backtrace_type_t gasnett_backtrace_user = {"COMPILETOOLS", user_backtrace, 1};
#ifdef __cplusplus
}
#endif

#ifdef COMPILE_TOOLS_WITH_GASNET
static gex_RMA_Value_t value_return(const void *src, size_t nbytes) { GASNETT_VALUE_RETURN(src, nbytes); }
#endif

static void check_tools(void) {
  char expect[64];
  /* versions */
  snprintf(expect, sizeof expect, "%d.%d.%d", GASNET_RELEASE_VERSION_MAJOR, GASNET_RELEASE_VERSION_MINOR,
           GASNET_RELEASE_VERSION_PATCH);
  CHECK(!strcmp(gasnett_release_version_str(), expect));
  CHECK(gasnett_release_version() == (uint64_t)GASNET_RELEASE_VERSION_MAJOR * 1000000u +
                                         (uint64_t)GASNET_RELEASE_VERSION_MINOR * 10000u +
                                         (uint64_t)GASNET_RELEASE_VERSION_PATCH);
  CHECK(!strncmp(GASNETT_CONFIG_STRING, "RELEASE=", 8));
  CHECK(strstr(GASNETT_CONFIG_STRING, expect) != NULL);
  CHECK(!strcmp(GASNETT_PLATFORM_COMPILER_IDSTR, PLATFORM_COMPILER_IDSTR));
  CHECK(!strncmp(PLATFORM_COMPILER_IDSTR, "|COMPILER_FAMILY:", 17));
  CHECK(GASNETT_PLATFORM_COMPILER_FAMILYID == PLATFORM_COMPILER_FAMILYID && PLATFORM_COMPILER_FAMILYID > 0);
  CHECK(!strcmp(GASNETT_SYSTEM_TUPLE, GASNETI_SYSTEM_TUPLE) && !strcmp(GASNETT_CONFIGURE_ARGS, GASNETI_CONFIGURE_ARGS));
  CHECK(!strcmp(_STRINGIFY(GASNETT_LINKCONFIG_IDIOTCHECK(abc)), "gasnett_linkconfig_idiotcheck_abc"));

  /* process and system */
  CHECK(strstr(gasnett_exe_name(), "compile_tools") != NULL);
  CHECK(gasnett_exe_name()[0] == '/');
  CHECK(!strcmp(gasnett_signame_fromval(SIGSEGV), "SIGSEGV"));
  CHECK(!strcmp(gasnett_signame_fromval(SIGINT), "SIGINT"));
  CHECK(gasnett_signame_fromval(-1) == NULL);
  {
    char *loc = gasnett_current_loc; /* an expression, as in GASNet: a new string to free */
    CHECK(strstr(loc, "check_tools") != NULL && strstr(loc, __FILE__) != NULL);
    free(loc);
  }
  {
    int (*sleeper)(uint64_t) = gasnett_nsleep; /* GASNet's type: int (uint64_t) */
    gasnett_tick_t t0 = gasnett_ticks_now();
    CHECK(sleeper(2000000) == 0);
    CHECK(gasnett_ticks_to_ns(gasnett_ticks_now() - t0) >= 2000000);
    CHECK(gasnett_nsleep(0) == 0);
  }
  {
    int (*one)(int, const char *) = gasnett_maximize_rlimit;
    int (*all)(void) = gasnett_maximize_rlimits;
    int (*affinity)(int) = gasnett_set_affinity;
    (void)one;
    (void)all;
    (void)affinity;
    CHECK(gasnett_maximize_rlimit(RLIMIT_STACK, "RLIMIT_STACK") >= 0);
  }
  CHECK(gasnett_performance_warning_str() != NULL);

  /* backtraces: GASNET_BACKTRACE_TYPE picks the client's mechanism by name */
  gasnett_setenv("GASNET_BACKTRACE_TYPE", "compiletools");
  CHECK(gasnett_print_backtrace(2) == 0 && user_backtraces == 1);
  gasnett_setenv("GASNET_BACKTRACE_TYPE", "NO_SUCH_MECHANISM");
  CHECK(gasnett_print_backtrace(2) != 0 && user_backtraces == 1);
  gasnett_unsetenv("GASNET_BACKTRACE_TYPE");
  CHECK(gasnett_getenv("GASNET_BACKTRACE_TYPE") == NULL);

  /* syntax */
  {
    int used = 0, a = 1, b = 2;
    GASNETT_UNUSED_ARGS1(a);
    GASNETT_UNUSED_ARGS2(a, b);
    GASNETT_UNUSED_ARGS3(a, b, used);
    GASNETT_UNUSED_ARGS4(a, b, a, b);
    GASNETT_UNUSED_ARGS5(a, b, a, b, a);
    GASNETT_UNUSED_ARGS6(a, b, a, b, a, b);
    GASNETT_UNUSED_ARGS7(a, b, a, b, a, b, a);
    GASNETT_UNUSED_ARGS8(a, b, a, b, a, b, a, (used = 1));
    CHECK(used == 1); /* the arguments are evaluated */
    gasnett_assume(a == 1);
    if_pf (a == 0) CHECK(0);
    if_pt (b == 2) used = 2;
    CHECK(used == 2);
  }
  GASNETT_TRACE_PRINTF("%d", 1);
  GASNETT_STATS_DUMP(0);
  {
    void (*noop)(const char *, ...) = _gasnett_trace_printf_noop; /* Legion takes its address */
    noop("%s", "x");
  }
}

#ifdef COMPILE_TOOLS_WITH_GASNET
static void check_library_tools(void) {
  /* Legion takes the address of this GASNet-internal helper; it must work, too */
  {
    static pthread_key_t key;
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static volatile int made = 0;
    void (*init)(pthread_key_t *, pthread_mutex_t *, volatile int *) = _gasneti_threadkey_init;
    init(&key, &lock, &made);
    CHECK(made == 1);
    init(&key, &lock, &made);
    CHECK(pthread_setspecific(key, &lock) == 0 && pthread_getspecific(key) == &lock);
  }
  /* GASNETT_VALUE_ASSIGN / _RETURN: the low-order bytes of a value */
  {
    unsigned char bytes[8];
    uint16_t two;
    memset(bytes, 0, sizeof bytes);
    GASNETT_VALUE_ASSIGN(bytes, 0x1122334455667788ull, 2);
    memcpy(&two, bytes, 2);
    CHECK(two == 0x7788 && bytes[2] == 0);
    CHECK(value_return(bytes, 2) == 0x7788);
    GASNETT_FAST_ALIGNED_MEMCPY(bytes, "abcdefgh", 8);
    GASNETT_FAST_UNALIGNED_MEMCPY(bytes + 1, "xy", 2);
    CHECK(!memcmp(bytes, "axydefgh", 8));
  }
  /* gasnett_mmap: fresh, page-aligned, zeroed */
  {
    unsigned char *m = (unsigned char *)gasnett_mmap(2 * GASNETT_PAGESIZE);
    CHECK(m != NULL && (uintptr_t)m % GASNETT_PAGESIZE == 0 && m[GASNETT_PAGESIZE] == 0);
    m[0] = 1;
  }
  /* the checking allocator */
  {
    gasnett_heapstats_t before, during, after;
    char *p, *q, *r;
    int *z;
    CHECK(gasnett_getheapstats(&before) == 0);
    p = (char *)gasnett_debug_malloc(100);
    memset(p, 1, 100);
    gasnett_debug_memcheck(p);
    p = (char *)gasnett_debug_realloc(p, 200);
    CHECK(p[99] == 1);
    q = gasnett_debug_strdup("abc");
    r = gasnett_debug_strndup("abcdef", 3);
    z = (int *)gasnett_debug_calloc(4, sizeof(int));
    CHECK(!strcmp(q, "abc") && !strcmp(r, "abc") && z[3] == 0);
    gasnett_debug_memcheck_one();
    gasnett_debug_memcheck_all();
    CHECK(gasnett_getheapstats(&during) == 0);
    CHECK(during.live_objects == before.live_objects + 4);
    CHECK(during.live_bytes == before.live_bytes + 200 + 4 + 4 + 4 * sizeof(int));
    CHECK(during.allocated_objects == before.allocated_objects + 5); /* realloc allocates anew */
    CHECK(during.overhead_bytes > before.overhead_bytes);
    gasnett_heapinfo_dump("-", 1);
    gasnett_debug_free(p);
    gasnett_debug_free(q);
    gasnett_debug_free(r);
    gasnett_debug_free(z);
    gasnett_debug_free(NULL);
    CHECK(gasnett_getheapstats(&after) == 0);
    CHECK(after.live_objects == before.live_objects && after.live_bytes == before.live_bytes);
    CHECK(after.live_bytes_max >= 200 + 4 + 4 + 4 * sizeof(int));
  }
  /* trace formatting */
  {
    char *text;
    size_t n = gasnett_format_dt(NULL, GEX_DT_I32 | GEX_DT_DBL);
    text = (char *)malloc(n);
    CHECK(gasnett_format_dt(text, GEX_DT_I32 | GEX_DT_DBL) == n && strlen(text) + 1 == n);
    CHECK(strstr(text, "GEX_DT_I32") && strstr(text, "GEX_DT_DBL") && strchr(text, '|'));
    free(text);
    text = (char *)malloc(64);
    gasnett_format_op(text, GEX_OP_FADD);
    CHECK(!strcmp(text, "GEX_OP_FADD"));
    gasnett_format_op(text, 0);
    CHECK(!strcmp(text, "(empty)"));
    gasnett_format_ti(text, GEX_TI_SRCRANK);
    CHECK(!strcmp(text, "GEX_TI_SRCRANK"));
    free(text);
  }
  {
    static char a[64], b[64];
    gex_Memvec_t list[2];
    void *addrs[2];
    ptrdiff_t strides[2];
    size_t counts[2];
    char *buf;
    gasneti_memveclist_stats_t ms;
    gasneti_addrlist_stats_t as;
    list[0].gex_addr = a;
    list[0].gex_len = 10;
    list[1].gex_addr = b;
    list[1].gex_len = 20;
    buf = (char *)malloc(gasnett_format_memveclist_bufsz(2));
    ms = gasnett_format_memveclist(buf, 2, list);
    CHECK(ms._totalsz == 30 && ms._minsz == 10 && ms._maxsz == 20 && strstr(buf, "2 entries") != NULL);
    free(buf);
    buf = (char *)malloc(gasnett_format_putvgetv_bufsz(2, 2));
    CHECK(gasnett_format_putvgetv(buf, GEX_TM_INVALID, 1, 2, list, 2, list) == 30);
    free(buf);
    addrs[0] = a;
    addrs[1] = b;
    buf = (char *)malloc(gasnett_format_addrlist_bufsz(2));
    as = gasnett_format_addrlist(buf, 2, addrs, 8);
    CHECK(as._minaddr != NULL && strstr(buf, "totalsz=16") != NULL);
    free(buf);
    buf = (char *)malloc(gasnett_format_putigeti_bufsz(2, 2));
    CHECK(gasnett_format_putigeti(buf, GEX_TM_INVALID, 0, 2, addrs, 8, 2, addrs, 8) == 16);
    free(buf);
    strides[0] = 4;
    strides[1] = -16;
    buf = (char *)malloc(gasnett_format_strides_bufsz(2));
    gasnett_format_strides(buf, 2, strides);
    CHECK(!strcmp(buf, "[4, -16]"));
    free(buf);
    counts[0] = 4;
    counts[1] = 2;
    strides[1] = 16;
    buf = (char *)malloc(gasnett_format_putsgets_bufsz(2));
    CHECK(gasnett_format_putsgets(buf, NULL, GEX_TM_INVALID, 0, a, strides, b, strides, 4, counts, 2) == 32);
    CHECK(strstr(buf, "extent=32") != NULL);
    free(buf);
  }
}
#endif

#endif /* COMPILE_TOOLS_H */
