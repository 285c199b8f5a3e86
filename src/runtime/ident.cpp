#include "runtime/ident.h"

#include <gasnetex.h>
#include <gasnet_portable_platform.h>

#define GEXI_IDENT_STR2(x) #x
#define GEXI_IDENT_STR(x) GEXI_IDENT_STR2(x)
#define GEXI_RELEASE_STR                                                                         \
  GEXI_IDENT_STR(GASNET_RELEASE_VERSION_MAJOR) "." GEXI_IDENT_STR(GASNET_RELEASE_VERSION_MINOR) "." GEXI_IDENT_STR( \
      GASNET_RELEASE_VERSION_PATCH)
#if defined(GASNET_DEBUG)
#define GEXI_IDENT_DEBUG "debug"
#else
#define GEXI_IDENT_DEBUG "nodebug"
#endif

// The keys are GASNet's; the thread model is the client's and comes from gasnet_basic.h, in the
// client's own objects ($GASNetThreadModel: GASNET_<mode> $), since one library serves every mode.
// Each text is an array that starts with a NUL, so that `strings` shows every one on a line of its
// own: the compiler may place other literals without a terminator, and one would then run into
// the ident that follows it.
#define GEXI_IDENT(name, text) extern "C" const char name[] __attribute__((used)) = "\0" text
GEXI_IDENT(gexi_ident_conduit, "$GASNetConduitName: " GASNET_CORE_NAME_STR " $");
GEXI_IDENT(gexi_ident_core_name, "$GASNetCoreLibraryName: " GASNET_CORE_NAME_STR " $");
GEXI_IDENT(gexi_ident_core_version, "$GASNetCoreLibraryVersion: " GEXI_RELEASE_STR " $");
GEXI_IDENT(gexi_ident_extended_name, "$GASNetExtendedLibraryName: " GASNET_CORE_NAME_STR " $");
GEXI_IDENT(gexi_ident_extended_version, "$GASNetExtendedLibraryVersion: " GEXI_RELEASE_STR " $");
GEXI_IDENT(gexi_ident_api_version, "$GASNetAPIVersion: 1 $");
GEXI_IDENT(gexi_ident_ex_api_version,
           "$GASNetEXAPIVersion: " GEXI_IDENT_STR(GEX_SPEC_VERSION_MAJOR) "." GEXI_IDENT_STR(GEX_SPEC_VERSION_MINOR) " $");
GEXI_IDENT(gexi_ident_release, "$GASNetReleaseVersion: " GEXI_RELEASE_STR " $");
GEXI_IDENT(gexi_ident_config,
           "$GASNetConfig: (libgex) RELEASE=" GEXI_RELEASE_STR ",SPEC=" GEXI_IDENT_STR(GEX_SPEC_VERSION_MAJOR) "." GEXI_IDENT_STR(
               GEX_SPEC_VERSION_MINOR) ",CONDUIT=" GASNET_CORE_NAME_STR ",THREADMODEL=ANY,SEGMENT=FAST,PTR=" GEXI_IDENT_STR(
               GASNETI_PTR_CONFIG) ",pshm," GEXI_IDENT_DEBUG " $");
GEXI_IDENT(gexi_ident_segment, "$GASNetSegment: GASNET_SEGMENT_FAST $");
GEXI_IDENT(gexi_ident_pshm, "$GASNetPSHM: posix $");
GEXI_IDENT(gexi_ident_compiler, "$GASNetCompilerID: " PLATFORM_COMPILER_IDSTR " $");
GEXI_IDENT(gexi_ident_system_tuple, "$GASNetSystemTuple: " GASNETI_SYSTEM_TUPLE " $");
GEXI_IDENT(gexi_ident_system_name, "$GASNetSystemName: " GASNETI_SYSTEM_NAME " $");
GEXI_IDENT(gexi_ident_configure_args, "$GASNetConfigureArgs: " GASNETI_CONFIGURE_ARGS " $");
GEXI_IDENT(gexi_ident_build_timestamp, "$GASNetBuildTimestamp: " __DATE__ " " __TIME__ " $");

namespace {
// What keep_ident_strings references: through it, every array above.
const char *const kIdents[] = {
    gexi_ident_conduit,        gexi_ident_core_name,      gexi_ident_core_version,    gexi_ident_extended_name,
    gexi_ident_extended_version, gexi_ident_api_version,  gexi_ident_ex_api_version,  gexi_ident_release,
    gexi_ident_config,         gexi_ident_segment,        gexi_ident_pshm,            gexi_ident_compiler,
    gexi_ident_system_tuple,   gexi_ident_system_name,    gexi_ident_configure_args,  gexi_ident_build_timestamp,
};
}  // namespace

namespace gex::runtime {

void keep_ident_strings() noexcept { __asm__ volatile("" : : "r"(kIdents) : "memory"); }

}  // namespace gex::runtime
