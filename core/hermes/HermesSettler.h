#pragma once

#include "store/HermesRepository.h"
#include "util/Clock.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QString>

#include <optional>
#include <vector>

namespace sediment {

class Workspace;

// What settling one staged Hermes file did.
struct SettledWrite {
    QString hermesId;
    QString profile;
    QString fileName;
    qint64 inboxId = 0;
    QString outcome;          // applied | refused
    QString inboxStatus;      // the decision that settled it
    bool fileRemoved = false; // false: the file was already gone (settled after a crash)
    // Set when the file at that name no longer holds the write that was decided (edited, or
    // replaced by another record under the same id): it is left where it is.
    QString keptBecause;

    Json toJson() const;
};

// Settles Hermes' staged files once their inbox item is decided (docs/verbs.md#hermes): the approval has already
// applied the write under the memory flock and committed, so removing the file is the second
// and last step; a refusal removes it too. Because the decision is committed before the file is
// removed, a crash in between leaves a file whose id the database knows as decided: the next
// settle removes it without applying anything again.
//
// Call settle(id) right after an inbox decision (CLI, app); settleAll() runs on every import and
// catches decisions made by any other process.
class HermesSettler final {
public:
    HermesSettler(Workspace& workspace, const Clock& clock);

    // [profiles/<name>/]pending/<subsystem> of the workspace: the root's own profile by default.
    QString pendingFolder(const QString& profile = QString(),
                          const QString& subsystem = QStringLiteral("memory")) const;

    // nullopt: the item is not a Hermes staged write, or it is still waiting for a decision.
    Result<std::optional<SettledWrite>> settle(qint64 inboxId, const QString& actor);
    Result<std::vector<SettledWrite>> settleAll(const QString& actor);

    // Removes the file of a record whose decision is known and records it. Also used by the
    // importer when it meets the file of an id the database has already settled.
    Result<SettledWrite> settleRecord(const HermesRepository::Record& record, const QString& actor);

    // "applied" for statuses that wrote the store, "refused" for the others.
    static QString outcomeOf(const QString& inboxStatus);
    static bool isDecided(const QString& inboxStatus);

private:
    // Whether `path` still holds the write the record's inbox item decided: the same id and
    // the same destination and op. Only such a file may be removed as settled.
    Result<bool> holdsDecidedWrite(const QString& path, const HermesRepository::Record& record);

    Workspace& m_workspace;
    const Clock& m_clock;
};

} // namespace sediment
