#pragma once

#include "model/Decision.h"
#include "util/Clock.h"
#include "util/Error.h"

#include <vector>

namespace sediment {

class Database;

// Decisions a human must look at (docs/user-guide.md#decisions): stakes high or critical, still
// unreviewed, made more than kDays ago. Oldest first.
class EscalationList final {
public:
    static constexpr int kDays = 14;
    static Result<std::vector<Decision>> compute(Database& db, const Clock& clock);
};

} // namespace sediment
