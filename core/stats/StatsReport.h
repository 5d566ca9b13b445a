#pragma once

#include "util/Error.h"
#include "util/Json.h"

#include <QString>

namespace sediment {

class Database;
class Clock;

// `sediment stats` (docs/verbs.md#stats): every figure is computed from the database at call time
// through the repositories, and each group names the table it comes from. Nothing is cached,
// so no counter can drift from what the tables hold.
class StatsReport final {
public:
    StatsReport(Database& db, const Clock& clock) : m_db(db), m_clock(clock) {}

    Result<Json> compute();
    static QString render(const Json& stats); // the human-readable form

private:
    Database& m_db;
    const Clock& m_clock;
};

} // namespace sediment
