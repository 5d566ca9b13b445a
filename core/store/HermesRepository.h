#pragma once

#include "util/Error.h"

#include <QString>

#include <optional>
#include <vector>

namespace sediment {

class Database;

// The hermes_staged table: which staged Hermes file became which inbox item, and whether its
// file has been settled (removed after a decision). It is what makes a re-import of an id that
// was already applied recognised (docs/verbs.md#hermes). Writes run inside the caller's transaction, beside the
// audit row that records them.
class HermesRepository final {
public:
    explicit HermesRepository(Database& db) : m_db(db) {}

    struct Record {
        QString hermesId; // the id as Hermes wrote it, unique within its profile
        QString profile = QStringLiteral("default");
        QString fileName;
        qint64 inboxId = 0;
        QString state; // imported | applied | refused | withdrawn
        std::optional<QString> error;
        QString importedAt;
        std::optional<QString> settledAt;
        QString inboxStatus; // the inbox item's status now (joined)
        QString subsystem;   // memory | skills: the pending/ folder of file_name
    };

    Status insert(const QString& hermesId, const QString& fileName, qint64 inboxId, const QString& importedAt,
                  const QString& profile = QStringLiteral("default"));
    Result<std::optional<Record>> find(const QString& hermesId, const QString& profile = QStringLiteral("default"));
    Result<std::optional<Record>> findByInboxId(qint64 inboxId);

    // Imported files whose inbox item a human (or a gate) has decided since: their staged file
    // is due to be removed.
    Result<std::vector<Record>> decidedButUnsettled();
    // Every record still waiting for a decision (state imported).
    Result<std::vector<Record>> unsettled();
    Result<std::vector<Record>> all();

    // Moves an imported record to `state`; false when it was not `imported` any more.
    Result<bool> markSettled(const QString& hermesId, const QString& state, const QString& at,
                             const QString& profile = QStringLiteral("default"));
    Status setError(const QString& hermesId, const std::optional<QString>& error,
                    const QString& profile = QStringLiteral("default"));

    // The stored key of a record: the bare id in the default profile, `<profile>/<id>` in a
    // named one (ids are unique only within a profile). Also the item's ext_id after `hermes:`.
    static QString keyOf(const QString& hermesId, const QString& profile);

private:
    Result<std::vector<Record>> select(const char* where, const QString& arg);

    Database& m_db;
};

} // namespace sediment
