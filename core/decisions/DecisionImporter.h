#pragma once

#include "util/Clock.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QByteArray>

#include <optional>

namespace sediment {

class Database;

// `decisions import -` (docs/user-guide.md#decisions): JSON Lines of decisions, reviewed or not. Every line is checked
// before anything is stored, and an error names its line; then all are stored in one
// transaction with their audit rows. A record whose id was imported before is skipped, so an
// agent can re-send its log.
class DecisionImporter final {
public:
    struct Outcome {
        qint64 imported = 0;
        qint64 reviewed = 0; // of the imported, those that arrived with an outcome
        qint64 skipped = 0;  // already known by id
        std::optional<qint64> snapshotId;
        Json toJson() const;
    };

    DecisionImporter(Database& db, const Clock& clock, QString actor)
        : m_db(db)
        , m_clock(clock)
        , m_actor(std::move(actor))
    {}

    Result<Outcome> importLines(const QByteArray& input);

private:
    Database& m_db;
    const Clock& m_clock;
    QString m_actor;
};

} // namespace sediment
