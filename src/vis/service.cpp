#include "vis/service.h"

namespace gex::vis {
void init() {}  // nothing to register yet
}  // namespace gex::vis
