#include "ratomic/service.h"

namespace gex::ratomic {
void init() {}  // nothing to register yet
}  // namespace gex::ratomic
