#pragma once

#include "cli/Args.h"
#include "cli/Context.h"
#include "util/Clock.h"
#include "util/Error.h"

#include <memory>

namespace sediment::cli {

// The clock of a verb that reads the time: `--now ISO-8601` injects a FixedClock (reproducible
// runs and tests), otherwise the system clock. Declare "--now" among the verb's value options.
Result<std::unique_ptr<Clock>> clockFromArgs(const Args& args);

// What a verb that acts on the workspace at a time opens first: the clock, then the workspace,
// so that a wrong --now is refused before the workspace is touched.
struct ClockedWorkspace {
    std::unique_ptr<Clock> clock;
    Workspace* workspace = nullptr;
};
Result<ClockedWorkspace> openWithClock(Context& ctx, const Args& args);

} // namespace sediment::cli
