#pragma once

#include "model/Skill.h"
#include "util/Error.h"

#include <QDateTime>
#include <QHash>
#include <QStringList>

#include <map>
#include <optional>
#include <vector>

namespace sediment {

class Database;

// The `skills` and `curator_runs` tables. No method opens a transaction: a write runs inside
// the caller's (the one that also appends the audit row), or on its own in autocommit.
class SkillRepository final {
public:
    explicit SkillRepository(Database& db) : m_db(db) {}

    // A skill made through a proposal (or first seen by telemetry): inserted with zero counts
    // and created_at = now if unknown; an existing record is kept as it is. true when inserted.
    Result<bool> registerCreated(const QString& name, const QString& createdBy, const QDateTime& now);

    // Telemetry (`skills use|view|patch NAME`): bumps the count and the last time, creating an
    // agent record on first sight. Returns the record after the change.
    Result<Skill> recordUse(const QString& name, const QDateTime& now);
    Result<Skill> recordView(const QString& name, const QDateTime& now);
    Result<Skill> recordPatch(const QString& name, const QDateTime& now);

    Result<std::optional<Skill>> find(const QString& name);
    Result<std::vector<Skill>> all();                           // ordered by name
    Result<std::vector<Skill>> fetch(const QStringList& names); // in the order given, missing skipped
    // Where Sediment moved each archived skill (relative to skills/): what a Hermes home's
    // .usage.json does not know. One small query instead of every record.
    Result<QHash<QString, QString>> archivePaths();

    // Inserts or overwrites every column of the record.
    Status save(const Skill& skill);

    // What the Skills page lists: names only, filtered and ordered in SQL.
    enum class SortKey { Name, State, CreatedBy, Pinned, LastActivity, Uses, Views, Patches, CreatedAt };
    struct ListQuery {
        QString state;      // empty: any
        QString createdBy;  // empty: any
        QString nameFilter; // substring of the name; empty: any
        SortKey sort = SortKey::Name;
        bool descending = false;
    };
    Result<QStringList> names(const ListQuery& query);

    Result<std::map<QString, qint64>> countsByState();

    // One row per curator pass that changed (or could have changed) anything for real.
    Status addCuratorRun(const QDateTime& at, bool dryRun, const Json& result);
    struct CuratorRun {
        qint64 id = 0;
        QString at;
        bool dryRun = false;
        Json result;
    };
    Result<std::optional<CuratorRun>> lastCuratorRun();

    // The Hermes .usage.json that import-hermes linked (absolute path), if any.
    Result<std::optional<QString>> usageLink();
    Status setUsageLink(const QString& absolutePath, const QDateTime& at);

private:
    enum class Counter { Use, View, Patch };
    Result<Skill> bump(Counter counter, const QString& name, const QDateTime& now);

    Database& m_db;
};

} // namespace sediment
