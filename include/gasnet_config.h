/* gasnet_config.h: how this libgex install was configured, under the names GASNet's configure
 * writes into its gasnet_config.h. gasnetex.h and gasnet_tools.h include it; client build
 * scripts read it as text, so each version name below is on exactly one line, in the form
 * "#define NAME value" (OpenSHMEM's configure takes the third field of the line naming the
 * release version; UPC++'s configure greps the first line naming the EX spec version).
 *
 * The release numbers equal the ones gasnetex.h defines (a mismatch would be a redefinition,
 * which the compile checks turn into an error).
 */
#ifndef _INCLUDE_GASNET_CONFIG_H_
#define _INCLUDE_GASNET_CONFIG_H_

/* ---- versions ------------------------------------------------------------------------------ */
/* The GASNet-EX release whose API (names, values, spec v0.19) this install provides: clients
 * compare it with the minimum GASNet they need. libgex's own version is LIBGEX_VERSION_*. */
#define GASNET_RELEASE_VERSION_MAJOR 2025
#define GASNET_RELEASE_VERSION_MINOR 8
#define GASNET_RELEASE_VERSION_PATCH 0
#define GASNETI_RELEASE_VERSION 2025.8.0
#define GASNETI_EX_SPEC_VERSION_MAJOR 0
#define GASNETI_EX_SPEC_VERSION_MINOR 19
#define LIBGEX_VERSION_MAJOR 2026
#define LIBGEX_VERSION_MINOR 11
#define LIBGEX_VERSION_PATCH 0
#define GASNETI_SPEC_VERSION_MAJOR 1
#define GASNETI_SPEC_VERSION_MINOR 8
#define GASNETI_TOOLS_SPEC_VERSION_MAJOR 1
#define GASNETI_TOOLS_SPEC_VERSION_MINOR 20

/* ---- the build --------------------------------------------------------------------------- */
#define GASNETI_CONDUITS " smp"
#define GASNETI_CONFIGURE_ARGS "libgex (cmake)"
#define GASNETI_SYSTEM_NAME "libgex"
#if defined(__x86_64__)
#define GASNETI_SYSTEM_TUPLE "x86_64-pc-linux-gnu"
#elif defined(__aarch64__)
#define GASNETI_SYSTEM_TUPLE "aarch64-unknown-linux-gnu"
#else
#define GASNETI_SYSTEM_TUPLE "unknown-linux-gnu"
#endif

/* ---- the machine ------------------------------------------------------------------------- */
/* Type sizes, as GASNet's configure records them (tests and clients test them in #if). */
#define SIZEOF_CHAR 1
#define SIZEOF_SHORT 2
#define SIZEOF_INT 4
#define SIZEOF_LONG __SIZEOF_LONG__
#define SIZEOF_LONG_LONG 8
#define SIZEOF_VOID_P __SIZEOF_POINTER__
#define SIZEOF_SIZE_T __SIZEOF_SIZE_T__
#define SIZEOF_PTRDIFF_T __SIZEOF_PTRDIFF_T__
#define SIZEOF_FLOAT 4
#define SIZEOF_DOUBLE 8
#define SIZEOF_LONG_DOUBLE __SIZEOF_LONG_DOUBLE__
#define SIZEOF__BOOL 1
#define SIZEOF_FLOAT__COMPLEX 8
#define GASNETI_PAGESIZE 4096
#define GASNETI_PAGESHIFT 12
#define GASNETI_CACHE_LINE_BYTES 64
#define GASNETI_CACHE_LINE_SHIFT 6
#if defined(__LP64__) || defined(_LP64)
#define GASNETI_PTR_CONFIG 64bit
#else
#define GASNETI_PTR_CONFIG 32bit
#endif

/* ---- what the system offers (autoconf's names, as GASNet's configure records them; GASNet's
 * tests and clients test them) ------------------------------------------------------------- */
#define HAVE_PTHREAD_H 1
#define HAVE_MMAP 1 /* gasnett_mmap works for library clients */

/* ---- the compiler ------------------------------------------------------------------------ */
/* GASNet records the compiler its configure found. libgex's headers serve any compiler, so
 * these describe the compiler that is compiling this translation unit (the library's own
 * compiler is in its $GASNetCompilerID: ident string). */
#include <gasnet_portable_platform.h>
#define GASNETI_PLATFORM_COMPILER_IDSTR PLATFORM_COMPILER_IDSTR
#define GASNETI_PLATFORM_COMPILER_FAMILYID PLATFORM_COMPILER_FAMILYID
#define GASNETI_PLATFORM_COMPILER_ID PLATFORM_COMPILER_ID
#define GASNETI_PLATFORM_COMPILER_VERSION PLATFORM_COMPILER_VERSION

#endif /* _INCLUDE_GASNET_CONFIG_H_ */
