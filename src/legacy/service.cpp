#include "legacy/service.h"

namespace gex::legacy {
void init() {}  // nothing to register yet
}  // namespace gex::legacy
