#pragma once

#include "model/Decision.h"
#include "util/Clock.h"
#include "util/Error.h"

#include <optional>

namespace sediment {

class Database;

// Records the outcome of a decision (`decisions review`, the Decisions page, auto-review) with
// its audit row, and takes the automatic calibration snapshot when one is due, all in one
// transaction.
class DecisionReviewer final {
public:
    struct Request {
        qint64 id = 0;
        QString outcome;                    // success|partial|failure|noise|superseded
        std::optional<QString> text;        // what happened
        QString reviewer;                   // a name, or "auto"
        std::optional<qint64> supersededBy; // with outcome superseded
        Json details = Json::object();      // extra audit details (the signal that decided)
    };
    struct Outcome {
        Decision decision; // as stored after the review
        QString previous;  // the outcome before
        std::optional<qint64> snapshotId;
        Json toJson() const;
    };

    DecisionReviewer(Database& db, const Clock& clock, QString actor)
        : m_db(db)
        , m_clock(clock)
        , m_actor(std::move(actor))
    {}

    Result<Outcome> review(const Request& request);

private:
    Database& m_db;
    const Clock& m_clock;
    QString m_actor;
};

} // namespace sediment
