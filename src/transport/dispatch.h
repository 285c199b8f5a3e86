// Hot-path calls into a transport without a virtual call: a closed switch over the final classes
// the library has (transport::Kind). The runtime calls these; only this file and registry.cpp
// name the conduits. Adding a transport adds one case to each function here.
#pragma once

#include "transport/smp/smp_transport.h"
#include "transport/transport.h"
#ifdef GEX_HAVE_OFI
#include "transport/ofi/ofi_transport.h"
#endif

namespace gex::transport {

inline Status am_send(Transport *t, uint32_t dest, const AmMessage &m, Counter *lc) {
  switch (t->kind()) {
    case Kind::Smp: return static_cast<smp::SmpTransport *>(t)->am_send(dest, m, lc);
    case Kind::Ofi:
#ifdef GEX_HAVE_OFI
      return static_cast<ofi::OfiTransport *>(t)->am_send(dest, m, lc);
#else
      break;
#endif
  }
  __builtin_unreachable();
}

inline unsigned poll(Transport *t, unsigned budget, bool replies_only) {
  switch (t->kind()) {
    case Kind::Smp: return static_cast<smp::SmpTransport *>(t)->poll(budget, replies_only);
    case Kind::Ofi:
#ifdef GEX_HAVE_OFI
      return static_cast<ofi::OfiTransport *>(t)->poll(budget, replies_only);
#else
      break;
#endif
  }
  __builtin_unreachable();
}

}  // namespace gex::transport
