#pragma once

#include "hermes/HermesSettler.h"
#include "hermes/ProviderRecord.h"
#include "hermes/StagedWrite.h"
#include "util/Clock.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace sediment {

class Workspace;

// A staged file that could not be used; it stays where it is and is listed with the reason.
struct StagedProblem {
    QString fileName;
    QString profile;
    QString error;
    QString subsystem = QStringLiteral("memory"); // the pending/ folder holding fileName
};

// A staged write that became an inbox item.
struct ImportedWrite {
    QString hermesId;
    QString profile;
    QString fileName;
    qint64 inboxId = 0;
    QString target;
    QString action; // add | replace | remove | batch
    QString origin;
    QString summary;
};

// A pending inbox item whose staged file disappeared (Hermes' own `/memory approve` or a user
// settled it): the item is withdrawn so that approving it can never apply the write twice.
struct WithdrawnWrite {
    QString hermesId;
    QString profile;
    qint64 inboxId = 0;
};

struct ImportReport {
    std::vector<ImportedWrite> imported;
    std::vector<QString> waiting;      // ids already in the inbox, still undecided
    std::vector<SettledWrite> settled; // decided since: their files were removed
    std::vector<WithdrawnWrite> withdrawn;
    std::vector<StagedProblem> unparseable;
    std::vector<ProviderRecord> providerRecords; // a plugin's own records: never imported nor removed

    bool changedAnything() const;
    Json toJson() const;
};

// Hermes' staged write-approval queue, `pending/memory/*.json` (docs/verbs.md#hermes), in the root and in every
// profile's home (`profiles/<name>/pending/memory`, see WorkspaceProfiles): imports every staged
// write into the inbox once (the Hermes id is the idempotency key, kept in hermes_staged and as
// the item's ext_id `hermes:<id>`), settles the files of decided items, and reports the files
// it cannot parse without ever touching them.
class PendingQueue final {
public:
    PendingQueue(Workspace& workspace, const Clock& clock);

    // The queue folder of one profile (the root's own by default) and subsystem:
    // [profiles/<name>/]pending/<subsystem>, "memory" or "skills".
    QString folder(const QString& profile = QString(), const QString& subsystem = QStringLiteral("memory")) const;
    static const QStringList& subsystems();
    // When the agent staged `w` (Hermes stamps records with time.time()), as the inbox shows it;
    // now when the record says nothing usable.
    static QString createdAtOf(const StagedWrite& w, const Clock& clock);

    struct ScannedFile {
        QString fileName;
        QString profile; // the Hermes profile whose queue holds it
        QString subsystem = QStringLiteral("memory");
        std::optional<StagedWrite> write;       // empty when the file could not be used
        std::optional<ProviderRecord> provider; // set: a memory provider's record, not a write
        QString error;
    };
    // Every *.json in every profile's pending/memory and pending/skills, oldest staged first
    // (Hermes' created_at, then the profile's order, then the name). Reads only; a missing
    // folder is an empty queue.
    Result<std::vector<ScannedFile>> scan() const;

    // settleAll, then one transaction importing every new staged write with its audit row,
    // then withdrawal of pending items whose file vanished.
    Result<ImportReport> importAll(const QString& settleActor);

private:
    void scanFolder(const QString& profile, const QString& subsystem, std::vector<ScannedFile>& into) const;

    Workspace& m_workspace;
    const Clock& m_clock;
};

} // namespace sediment
