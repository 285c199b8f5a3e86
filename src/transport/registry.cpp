#include "transport/registry.h"

#include <cstdlib>
#include <string>

#include "bootstrap/bootstrap.h"
#include "transport/smp/smp_transport.h"
#ifdef GEX_HAVE_OFI
#include "transport/ofi/ofi_transport.h"
#endif

namespace gex::transport {

namespace {

// GEX_TRANSPORTS: the transports a job starts, in order of preference, comma-separated
// (docs/ofi.md). Unset: "smp" on one host, "smp,ofi" when the job spans several (shared memory
// within a host, the network between). "ofi" first sends all traffic over libfabric even
// between processes of one host: the conduit's test mode. smp is started in every job (last
// when not named): it provides the segments' memory.
std::vector<std::string> requested_transports(uint32_t hosts) {
  const char *env = std::getenv("GEX_TRANSPORTS");
  std::string list = env && *env ? env : hosts > 1 ? "smp,ofi" : "smp";
  std::vector<std::string> names;
  size_t start = 0;
  for (;;) {
    const size_t comma = list.find(',', start);
    std::string name = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (name != "smp" && name != "ofi")
      bootstrap::fatal("GEX_TRANSPORTS='" + list + "': unknown transport '" + name + "' (known: smp, ofi)");
    for (const auto &n : names)
      if (n == name) bootstrap::fatal("GEX_TRANSPORTS='" + list + "': '" + name + "' named twice");
    names.push_back(name);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  bool smp = false;
  for (const auto &n : names) smp = smp || n == "smp";
  if (!smp) names.push_back("smp");
  return names;
}

}  // namespace

std::vector<std::unique_ptr<Transport>> start_transports(const Config &config) {
  std::vector<std::unique_ptr<Transport>> all;
  // Default: shared memory only; it reaches the ranks of this host at load/store speed. A
  // network transport placed before it carries the peers it reaches.
  const uint32_t hosts = bootstrap::job().host_count;  // runtime::start called host_map()
  for (const std::string &name : requested_transports(hosts)) {
    if (name == "smp") {
      all.push_back(std::make_unique<smp::SmpTransport>(config));
    } else {
#ifdef GEX_HAVE_OFI
      all.push_back(std::make_unique<ofi::OfiTransport>(config));
#else
      bootstrap::fatal(std::string(hosts > 1 ? "the job spans " + std::to_string(hosts) + " hosts and needs the ofi transport"
                                             : "GEX_TRANSPORTS names 'ofi'") +
                       ", but this libgex was built without libfabric (install libfabric-dev and rebuild)");
#endif
    }
  }
  return all;
}

}  // namespace gex::transport
