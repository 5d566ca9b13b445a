#pragma once

#include "model/Calibration.h"
#include "util/Clock.h"
#include "util/Error.h"

#include <optional>

namespace sediment {

class Database;

// Calibration now, and snapshots of it over time (docs/user-guide.md#decisions): written on demand and automatically once
// kEvery reviews have accumulated since the last one. The Decisions page charts them.
class CalibrationSnapshots final {
public:
    static constexpr int kEvery = 10;

    CalibrationSnapshots(Database& db, const Clock& clock) : m_db(db), m_clock(clock) {}

    Result<Calibration::Figures> current();

    // Takes a snapshot in its own transaction; returns its id.
    Result<qint64> take(const QString& actor);

    // Inside the caller's transaction (the one that recorded the reviews): a snapshot when
    // kEvery or more reviews were recorded since the last one, else nothing.
    Result<std::optional<qint64>> takeIfDue(const QString& actor);

private:
    Result<qint64> write(const QString& actor, const QString& reason);

    Database& m_db;
    const Clock& m_clock;
};

} // namespace sediment
