#pragma once

#include "util/Error.h"

#include <QString>

#include <optional>
#include <vector>

namespace sediment {

class Database;

// How long the queue has been waiting: the creation time of the oldest pending item, for the
// sidebar and the status bar, and the same per Hermes profile and subsystem for
// `hermes status`. Both answer from a few index probes, however long the inbox is.
class PendingAgeReadModel final {
public:
    explicit PendingAgeReadModel(Database& db) : m_db(db) {}

    // created_at (ISO-8601) of the oldest pending item, nullopt when nothing is pending.
    Result<std::optional<QString>> oldestPendingCreatedAt();

    // The highest id of a pending item (0 when none), and how many pending items lie above a
    // given id: how the app tells that new items arrived since it last looked.
    Result<qint64> newestPendingId();
    Result<qint64> pendingAbove(qint64 id);

    struct HermesFigure {
        QString profile;
        QString subsystem; // memory | skills
        qint64 pending = 0;
        QString oldestCreatedAt;
    };
    // Imported Hermes writes still open (pending, or failed and kept), grouped by profile and
    // subsystem.
    Result<std::vector<HermesFigure>> hermesPending();

private:
    Database& m_db;
};

} // namespace sediment
