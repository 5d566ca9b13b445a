#pragma once

#include "util/Json.h"

#include <QString>

namespace sediment {

// Where Hermes staged a write from, read from an inbox item's provenance. A background review's
// consolidation (`origin: background_review`, summary "background review consolidation (…)") is
// staged even while `memory.write_approval` is off, so a user who never turned the gate on still
// finds a queue; every surface names it as such (docs/user-guide.md#hermes).
struct StagedOrigin {
    QString origin;  // Hermes' word: background_review, foreground, assistant_tool, ...
    QString summary; // Hermes' own one-line summary of the write

    // The origin of an item Hermes staged; nothing when `source` is not a staged Hermes write.
    static std::optional<StagedOrigin> of(const Json& source);

    bool isBackgroundReview() const { return origin == QLatin1String("background_review"); }
};

} // namespace sediment
