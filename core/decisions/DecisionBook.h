#pragma once

#include "model/Decision.h"
#include "util/Clock.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QByteArray>

#include <optional>

namespace sediment {

class Database;

// The changes a person or an agent makes to the decisions, each with its audit rows and the
// automatic calibration snapshot, when one is due, in the same transaction: importing an agent's
// log of decisions and recording the outcome of one (`decisions import` and `decisions review`,
// the Decisions page, auto-review; docs/user-guide.md#decisions).
class DecisionBook final {
public:
    struct Imported {
        qint64 imported = 0;
        qint64 reviewed = 0; // of the imported, those that arrived with an outcome
        qint64 skipped = 0;  // already known by id
        std::optional<qint64> snapshotId;
        Json toJson() const;
    };
    struct Review {
        qint64 id = 0;
        QString outcome;                    // success|partial|failure|noise|superseded
        std::optional<QString> text;        // what happened
        QString reviewer;                   // a name, or "auto"
        std::optional<qint64> supersededBy; // with outcome superseded
        Json details = Json::object();      // extra audit details (the signal that decided)
    };
    struct Reviewed {
        Decision decision; // as stored after the review
        QString previous;  // the outcome before
        std::optional<qint64> snapshotId;
        Json toJson() const;
    };

    DecisionBook(Database& db, const Clock& clock, QString actor) : m_db(db), m_clock(clock), m_actor(std::move(actor))
    {}

    // JSON Lines of decisions, reviewed or not. Every line is checked before anything is stored,
    // and an error names its line; then all are stored together. A record whose id was imported
    // before is skipped, so an agent can re-send its log.
    Result<Imported> importLines(const QByteArray& input);
    Result<Reviewed> review(const Review& request);

private:
    Database& m_db;
    const Clock& m_clock;
    QString m_actor;
};

} // namespace sediment
