#pragma once

#include "cli/Args.h"
#include "util/Clock.h"
#include "util/Error.h"

#include <memory>

namespace sediment::cli {

// The clock of a verb that reads the time: `--now ISO-8601` injects a FixedClock (reproducible
// runs and tests), otherwise the system clock. Declare "--now" among the verb's value options.
Result<std::unique_ptr<Clock>> clockFromArgs(const Args& args);

} // namespace sediment::cli
