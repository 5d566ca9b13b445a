#pragma once

#include "util/Clock.h"
#include "util/Error.h"
#include "util/Json.h"

namespace sediment {

class Workspace;

// Fills a workspace with a realistic sample through the real services (the same paths an agent
// and a reviewer take), so every figure on every screen is produced by the code it shows off.
class DemoWorkspace final {
public:
    // Returns counts of what was created.
    static Result<Json> fill(Workspace& workspace, const Clock& clock);
};

} // namespace sediment
