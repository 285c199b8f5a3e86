/* gasnet_portable_platform.h: the PLATFORM_* compiler, OS and CPU identification macros that
 * GASNet clients test (PLATFORM_COMPILER_GNU, PLATFORM_COMPILER_VERSION_GE(7,0,0),
 * PLATFORM_COMPILER_IDSTR, PLATFORM_ARCH_64, ...), written for libgex.
 *
 * Interface (what GASNet documents for these names):
 *   PLATFORM_COMPILER_<FAMILY> (GNU, CLANG, INTEL, NVHPC, UNKNOWN) and _<FAMILY>_C / _<FAMILY>_CXX: 1
 *     for the compiler in use, undefined otherwise
 *   PLATFORM_COMPILER_FAMILYNAME   bare token (GNU, CLANG, ...);  PLATFORM_COMPILER_FAMILYID  a
 *     number per family (GNU 1, INTEL 2, CLANG 19, NVHPC 20, unknown 0);  PLATFORM_COMPILER_ID
 *     the same, plus 10000 for a C++ compiler
 *   PLATFORM_COMPILER_VERSION      a number that grows with the compiler's version; compare it
 *     with PLATFORM_COMPILER_VERSION_{GT,GE,EQ,LE,LT}(major, minor, patch)
 *   PLATFORM_COMPILER_VERSION_STR  "12.2.0";  PLATFORM_COMPILER_IDSTR  one string naming the
 *     compiler, its version and language standard ("|COMPILER_FAMILY:GNU|COMPILER_VERSION:...|")
 *   PLATFORM_COMPILER_C_LANGLVL or PLATFORM_COMPILER_CXX_LANGLVL: __STDC_VERSION__ / __cplusplus
 *   PLATFORM_OS_<FAMILY> (LINUX, DARWIN, FREEBSD, UNKNOWN), PLATFORM_OS_FAMILYNAME
 *   PLATFORM_ARCH_<FAMILY> (X86_64, AARCH64, POWERPC, RISCV, X86, ARM, UNKNOWN),
 *     PLATFORM_ARCH_FAMILYNAME, PLATFORM_ARCH_32 or PLATFORM_ARCH_64,
 *     PLATFORM_ARCH_LITTLE_ENDIAN or PLATFORM_ARCH_BIG_ENDIAN
 *   PLATFORM_STRINGIFY(x)
 *
 * Other projects carry their own copies of a header defining these names. This one first removes
 * whatever such a copy defined, so the two can be included in either order without redefinition
 * warnings; it does not claim that copies' version handshake (_PORTABLE_PLATFORM_H), so a copy
 * included afterwards installs its own definitions.
 */
#ifndef GEXI_PORTABLE_PLATFORM_H
#define GEXI_PORTABLE_PLATFORM_H

#undef PLATFORM_HEADER_VERSION
#define PLATFORM_HEADER_VERSION 24

#undef PLATFORM_STRINGIFY
#undef GEXI_PLATFORM_STRINGIFY_
#define GEXI_PLATFORM_STRINGIFY_(x) #x
#define PLATFORM_STRINGIFY(x) GEXI_PLATFORM_STRINGIFY_(x)

/* ---- compiler ------------------------------------------------------------------------------ */
#undef PLATFORM_COMPILER_GNU
#undef PLATFORM_COMPILER_GNU_C
#undef PLATFORM_COMPILER_GNU_CXX
#undef PLATFORM_COMPILER_CLANG
#undef PLATFORM_COMPILER_CLANG_C
#undef PLATFORM_COMPILER_CLANG_CXX
#undef PLATFORM_COMPILER_INTEL
#undef PLATFORM_COMPILER_INTEL_C
#undef PLATFORM_COMPILER_INTEL_CXX
#undef PLATFORM_COMPILER_NVHPC
#undef PLATFORM_COMPILER_NVHPC_C
#undef PLATFORM_COMPILER_NVHPC_CXX
#undef PLATFORM_COMPILER_UNKNOWN
#undef PLATFORM_COMPILER_FAMILYNAME
#undef PLATFORM_COMPILER_FAMILYID
#undef PLATFORM_COMPILER_ID
#undef PLATFORM_COMPILER_VERSION
#undef PLATFORM_COMPILER_VERSION_STR
#undef PLATFORM_COMPILER_VERSION_INT
#undef PLATFORM_COMPILER_VERSION_GT
#undef PLATFORM_COMPILER_VERSION_GE
#undef PLATFORM_COMPILER_VERSION_EQ
#undef PLATFORM_COMPILER_VERSION_LE
#undef PLATFORM_COMPILER_VERSION_LT
#undef PLATFORM_COMPILER_IDSTR
#undef PLATFORM_COMPILER_C_LANGLVL
#undef PLATFORM_COMPILER_CXX_LANGLVL

/* Version triples packed one byte per minor and patch level, so that comparisons are numeric. */
#define PLATFORM_COMPILER_VERSION_INT(maj, min, pat) (((maj) << 16) | ((min) << 8) | (pat))

/* The order matters: Intel's and NVIDIA's compilers and clang also define __GNUC__. */
#if defined(__INTEL_COMPILER)
#define PLATFORM_COMPILER_INTEL 1
#define PLATFORM_COMPILER_FAMILYNAME INTEL
#define PLATFORM_COMPILER_FAMILYID 2
#define PLATFORM_COMPILER_VERSION \
  PLATFORM_COMPILER_VERSION_INT(__INTEL_COMPILER / 100, (__INTEL_COMPILER / 10) % 10, __INTEL_COMPILER % 10)
#define PLATFORM_COMPILER_VERSION_STR PLATFORM_STRINGIFY(__INTEL_COMPILER)
#elif defined(__NVCOMPILER)
#define PLATFORM_COMPILER_NVHPC 1
#define PLATFORM_COMPILER_FAMILYNAME NVHPC
#define PLATFORM_COMPILER_FAMILYID 20
#define PLATFORM_COMPILER_VERSION \
  PLATFORM_COMPILER_VERSION_INT(__NVCOMPILER_MAJOR__, __NVCOMPILER_MINOR__, __NVCOMPILER_PATCHLEVEL__)
#define PLATFORM_COMPILER_VERSION_STR                                                            \
  PLATFORM_STRINGIFY(__NVCOMPILER_MAJOR__) "." PLATFORM_STRINGIFY(__NVCOMPILER_MINOR__) "."      \
      PLATFORM_STRINGIFY(__NVCOMPILER_PATCHLEVEL__)
#elif defined(__clang__)
#define PLATFORM_COMPILER_CLANG 1
#define PLATFORM_COMPILER_FAMILYNAME CLANG
#define PLATFORM_COMPILER_FAMILYID 19
#define PLATFORM_COMPILER_VERSION \
  PLATFORM_COMPILER_VERSION_INT(__clang_major__, __clang_minor__, __clang_patchlevel__)
#define PLATFORM_COMPILER_VERSION_STR                                                            \
  PLATFORM_STRINGIFY(__clang_major__) "." PLATFORM_STRINGIFY(__clang_minor__) "."                \
      PLATFORM_STRINGIFY(__clang_patchlevel__)
#elif defined(__GNUC__)
#define PLATFORM_COMPILER_GNU 1
#define PLATFORM_COMPILER_FAMILYNAME GNU
#define PLATFORM_COMPILER_FAMILYID 1
#define PLATFORM_COMPILER_VERSION \
  PLATFORM_COMPILER_VERSION_INT(__GNUC__, __GNUC_MINOR__, __GNUC_PATCHLEVEL__)
#define PLATFORM_COMPILER_VERSION_STR                                                            \
  PLATFORM_STRINGIFY(__GNUC__) "." PLATFORM_STRINGIFY(__GNUC_MINOR__) "."                        \
      PLATFORM_STRINGIFY(__GNUC_PATCHLEVEL__)
#else
#define PLATFORM_COMPILER_UNKNOWN 1
#define PLATFORM_COMPILER_FAMILYNAME UNKNOWN
#define PLATFORM_COMPILER_FAMILYID 0
#define PLATFORM_COMPILER_VERSION 0
#define PLATFORM_COMPILER_VERSION_STR "0"
#endif

#if defined(__cplusplus)
#define PLATFORM_COMPILER_ID (10000 + PLATFORM_COMPILER_FAMILYID)
#define PLATFORM_COMPILER_CXX_LANGLVL __cplusplus
#if defined(PLATFORM_COMPILER_INTEL)
#define PLATFORM_COMPILER_INTEL_CXX 1
#elif defined(PLATFORM_COMPILER_NVHPC)
#define PLATFORM_COMPILER_NVHPC_CXX 1
#elif defined(PLATFORM_COMPILER_CLANG)
#define PLATFORM_COMPILER_CLANG_CXX 1
#elif defined(PLATFORM_COMPILER_GNU)
#define PLATFORM_COMPILER_GNU_CXX 1
#endif
#else
#define PLATFORM_COMPILER_ID PLATFORM_COMPILER_FAMILYID
#if defined(__STDC_VERSION__)
#define PLATFORM_COMPILER_C_LANGLVL __STDC_VERSION__
#else
#define PLATFORM_COMPILER_C_LANGLVL 199000L /* C89/C90 */
#endif
#if defined(PLATFORM_COMPILER_INTEL)
#define PLATFORM_COMPILER_INTEL_C 1
#elif defined(PLATFORM_COMPILER_NVHPC)
#define PLATFORM_COMPILER_NVHPC_C 1
#elif defined(PLATFORM_COMPILER_CLANG)
#define PLATFORM_COMPILER_CLANG_C 1
#elif defined(PLATFORM_COMPILER_GNU)
#define PLATFORM_COMPILER_GNU_C 1
#endif
#endif

#define PLATFORM_COMPILER_VERSION_GT(maj, min, pat) (PLATFORM_COMPILER_VERSION > PLATFORM_COMPILER_VERSION_INT(maj, min, pat))
#define PLATFORM_COMPILER_VERSION_GE(maj, min, pat) (PLATFORM_COMPILER_VERSION >= PLATFORM_COMPILER_VERSION_INT(maj, min, pat))
#define PLATFORM_COMPILER_VERSION_EQ(maj, min, pat) (PLATFORM_COMPILER_VERSION == PLATFORM_COMPILER_VERSION_INT(maj, min, pat))
#define PLATFORM_COMPILER_VERSION_LE(maj, min, pat) (PLATFORM_COMPILER_VERSION <= PLATFORM_COMPILER_VERSION_INT(maj, min, pat))
#define PLATFORM_COMPILER_VERSION_LT(maj, min, pat) (PLATFORM_COMPILER_VERSION < PLATFORM_COMPILER_VERSION_INT(maj, min, pat))

/* The identification string: family, version, family number, the language standard in effect
 * and the compiler's own version text. Two translation units built by the same compiler in the
 * same language mode give equal strings. */
#undef GEXI_PLATFORM_STD_
#if defined(__cplusplus)
#define GEXI_PLATFORM_STD_ "__cplusplus=" PLATFORM_STRINGIFY(__cplusplus)
#elif defined(__STDC_VERSION__)
#define GEXI_PLATFORM_STD_ "__STDC__,__STDC_VERSION__=" PLATFORM_STRINGIFY(__STDC_VERSION__)
#else
#define GEXI_PLATFORM_STD_ "__STDC__"
#endif
#undef GEXI_PLATFORM_MISC_
#if defined(__VERSION__)
#define GEXI_PLATFORM_MISC_ "|misc:" __VERSION__
#else
#define GEXI_PLATFORM_MISC_ ""
#endif
#define PLATFORM_COMPILER_IDSTR                                                                  \
  "|COMPILER_FAMILY:" PLATFORM_STRINGIFY(PLATFORM_COMPILER_FAMILYNAME)                           \
  "|COMPILER_VERSION:" PLATFORM_COMPILER_VERSION_STR                                             \
  "|COMPILER_FAMILYID:" PLATFORM_STRINGIFY(PLATFORM_COMPILER_FAMILYID)                           \
  "|STD:" GEXI_PLATFORM_STD_ GEXI_PLATFORM_MISC_ "|"

/* ---- operating system ---------------------------------------------------------------------- */
#undef PLATFORM_OS_LINUX
#undef PLATFORM_OS_DARWIN
#undef PLATFORM_OS_FREEBSD
#undef PLATFORM_OS_UNKNOWN
#undef PLATFORM_OS_FAMILYNAME
#if defined(__linux__) || defined(__linux)
#define PLATFORM_OS_LINUX 1
#define PLATFORM_OS_FAMILYNAME LINUX
#elif defined(__APPLE__) && defined(__MACH__)
#define PLATFORM_OS_DARWIN 1
#define PLATFORM_OS_FAMILYNAME DARWIN
#elif defined(__FreeBSD__)
#define PLATFORM_OS_FREEBSD 1
#define PLATFORM_OS_FAMILYNAME FREEBSD
#else
#define PLATFORM_OS_UNKNOWN 1
#define PLATFORM_OS_FAMILYNAME UNKNOWN
#endif

/* ---- processor ----------------------------------------------------------------------------- */
#undef PLATFORM_ARCH_X86_64
#undef PLATFORM_ARCH_AARCH64
#undef PLATFORM_ARCH_POWERPC
#undef PLATFORM_ARCH_RISCV
#undef PLATFORM_ARCH_X86
#undef PLATFORM_ARCH_ARM
#undef PLATFORM_ARCH_UNKNOWN
#undef PLATFORM_ARCH_FAMILYNAME
#undef PLATFORM_ARCH_32
#undef PLATFORM_ARCH_64
#undef PLATFORM_ARCH_LITTLE_ENDIAN
#undef PLATFORM_ARCH_BIG_ENDIAN
#if defined(__x86_64__) || defined(__amd64__)
#define PLATFORM_ARCH_X86_64 1
#define PLATFORM_ARCH_FAMILYNAME X86_64
#elif defined(__aarch64__)
#define PLATFORM_ARCH_AARCH64 1
#define PLATFORM_ARCH_FAMILYNAME AARCH64
#elif defined(__powerpc__) || defined(__powerpc64__) || defined(__ppc__)
#define PLATFORM_ARCH_POWERPC 1
#define PLATFORM_ARCH_FAMILYNAME POWERPC
#elif defined(__riscv)
#define PLATFORM_ARCH_RISCV 1
#define PLATFORM_ARCH_FAMILYNAME RISCV
#elif defined(__i386__)
#define PLATFORM_ARCH_X86 1
#define PLATFORM_ARCH_FAMILYNAME X86
#elif defined(__arm__)
#define PLATFORM_ARCH_ARM 1
#define PLATFORM_ARCH_FAMILYNAME ARM
#else
#define PLATFORM_ARCH_UNKNOWN 1
#define PLATFORM_ARCH_FAMILYNAME UNKNOWN
#endif
#if defined(__LP64__) || defined(_LP64) || (defined(__SIZEOF_POINTER__) && __SIZEOF_POINTER__ == 8)
#define PLATFORM_ARCH_64 1
#else
#define PLATFORM_ARCH_32 1
#endif
#if defined(__BYTE_ORDER__) && defined(__ORDER_BIG_ENDIAN__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define PLATFORM_ARCH_BIG_ENDIAN 1
#else
#define PLATFORM_ARCH_LITTLE_ENDIAN 1
#endif

#endif /* GEXI_PORTABLE_PLATFORM_H */
