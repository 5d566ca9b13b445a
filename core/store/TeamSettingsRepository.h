#pragma once

#include "util/Error.h"

#include <QString>

#include <optional>
#include <vector>

namespace sediment {

class Database;

// A team's shared settings (table `team_settings`, on the server only), and the decisions that
// wait in it for the files' host.
class TeamSettingsRepository final {
public:
    explicit TeamSettingsRepository(Database& db) : m_db(db) {}

    Result<std::optional<QString>> get(const QString& key);
    Status set(const QString& key, const std::optional<QString>& value); // nothing: removed

    // Why the server would not let the approved item `id` be written now (its approver no longer
    // holds the right, or a two-person item lacks its second approval); nothing when it may be.
    Result<std::optional<QString>> settleCheck(qint64 id);

    // Items decided on another host and waiting to be written here, oldest first.
    Result<std::vector<qint64>> approvedIds(int limit);

private:
    Database& m_db;
};

} // namespace sediment
