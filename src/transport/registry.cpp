#include "transport/registry.h"

#include "transport/smp/smp_transport.h"

namespace gex::transport {

std::vector<std::unique_ptr<Transport>> start_transports(const Config &config) {
  std::vector<std::unique_ptr<Transport>> all;
  // Shared memory first: it reaches the ranks of this host, at load/store speed. A network
  // transport (issue 12) comes after it and carries everything smp does not reach.
  all.push_back(std::make_unique<smp::SmpTransport>(config));
  return all;
}

}  // namespace gex::transport
