#pragma once

#include "util/Json.h"

#include <vector>

namespace sediment {
class Workspace;
}

namespace sediment::demo {

// The demo's proposals, in the batches an agent's sessions would send: every destination, some
// reinforcing each other, some already stale against the files the demo starts with, one that
// the threat scan flags.
class DemoProposals final {
public:
    static std::vector<std::vector<Json>> batches(const Workspace& workspace);
};

} // namespace sediment::demo
