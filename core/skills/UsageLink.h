#pragma once

#include "model/Skill.h"
#include "util/Error.h"

#include <QDateTime>

#include <optional>
#include <vector>

namespace sediment {

class Database;

// The link between a workspace and the Hermes skills/.usage.json it imported. Once a file is
// imported it stays linked (the path is kept in the database, wherever the file lives): pins,
// unpins, restores and curator transitions are written back to it so that a Hermes agent on
// that home honours them. Importing another file moves the link.
//
// The path comes from the database, which on a team's server other roles reach too: a link is
// used only when it names an absolute `skills/.usage.json`, the one file Hermes keeps there, so
// that no row can make this host write anywhere else.
class UsageLink final {
public:
    explicit UsageLink(Database& db) : m_db(db) {}

    Result<std::optional<QString>> path() const;

    // Whether `path` is a file this link may name: an absolute `.../skills/.usage.json`.
    static bool isUsageFile(const QString& path);

    // The file a pass or a sync reads: the linked one, else `homeFile` (a Hermes home's own
    // skills/.usage.json, which Hermes writes before anything is imported).
    Result<QString> fileOr(const QString& homeFile) const;

    // Writes the changed records' states back when a file is linked (HermesUsageFile::writeBack,
    // `now` for a record the file lacks). The database change is already committed when this
    // runs, so a failure is reported to the user, not rolled back.
    Status writeBack(const std::vector<Skill>& changed, const QDateTime& now) const;

private:
    Database& m_db;
};

} // namespace sediment
