#pragma once

#include "cli/Context.h"
#include "review/ReviewOutcome.h"
#include "util/Error.h"

namespace sediment::cli {

// A gate pass's outcome as `propose` and `review` print it (docs/verbs.md): its JSON with
// --json, else its summary; then the pass's own error, if it had one, as the exit status, else
// exit 1 with one line on stderr when a proposal was rejected or failed.
int printOutcome(const Context& ctx, bool json, const Result<ReviewOutcome>& outcome);

} // namespace sediment::cli
