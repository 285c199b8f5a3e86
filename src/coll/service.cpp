#include "coll/service.h"

namespace gex::coll {
void init() {}  // nothing to register yet
}  // namespace gex::coll
