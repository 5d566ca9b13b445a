#pragma once

#include "model/Skill.h"
#include "skills/HermesUsageFile.h"
#include "util/Clock.h"
#include "util/Error.h"

#include <optional>
#include <vector>

namespace sediment {

class Workspace;

// The human and agent actions on skills, shared by the command line and the Skills page:
// telemetry, pin, unpin, restore and the Hermes import. Every change of state commits with its
// audit row; the linked Hermes .usage.json is updated after the commit.
class SkillService final {
public:
    SkillService(Workspace& workspace, const Clock& clock);

    enum class Telemetry { Use, View, Patch };
    // Records one use/view/patch, creating an agent record on first sight. Telemetry is not a
    // decision, so it writes no audit row (Hermes bumps these counters on every skill call).
    Result<Skill> record(Telemetry kind, const QString& name);

    struct Change {
        Skill skill;
        bool changed = false;                  // false: it already was so, nothing written
        QString message;                       // one line for the user
        std::optional<QString> writeBackError; // the DB changed but .usage.json could not
        QStringList warnings;                  // what the read of a damaged .usage.json ignored
    };
    // `actor` is `cli:<user>` or `human:<reviewer>` (docs/user-guide.md#audit). On a Hermes home
    // .usage.json is synced first, and a skill Hermes never curates (hub, the protected
    // built-in, bundled while prune_builtins is off) is refused: Hermes keeps no pin for it.
    Result<Change> setPinned(const QString& name, bool pinned, const QString& actor);
    // Moves the archived folder back to skills/<name> and makes the skill active. On a Hermes
    // home, refused with Hermes' message when the name is now hub-installed, or bundled while
    // prune_builtins is off: the restored folder would shadow the upstream one.
    Result<Change> restore(const QString& name, const QString& actor);

    struct ImportReport {
        QString file;        // absolute
        qint64 imported = 0; // new records
        qint64 updated = 0;  // records that existed and took the file's values
        std::vector<HermesUsageFile::Skipped> skipped;
        bool linkedNow = false; // the file was not the linked one before
        // On a Hermes home, the values of a damaged file that were read as Hermes reads them or
        // ignored (HermesUsageRepair), one line each; the explicit import refuses such a file.
        QStringList warnings;
        Json toJson() const;
    };
    // Reads a Hermes .usage.json (default: the workspace's skills/.usage.json), stores its
    // records (the file's values win over what Sediment had) and links the file.
    Result<ImportReport> importHermes(const QString& file, const QString& actor);

    // On a Hermes home, what the Skills page shows first: the records of its .usage.json (the
    // linked file, else skills/.usage.json) brought in as importHermes brings them, writing only
    // the records the file tells differently (with one skills.imported audit row). nullopt when
    // the workspace is no Hermes home, has no such file, or already holds what it says.
    // `seen` (optional) keeps the file's identity (device, inode, size, times) between calls: the
    // same identity again skips the read, so a page can sync on every reload for a stat (and a
    // file it could not take is reported once, not at every reload). A damaged record does not
    // stop the sync: it is read record by record as Hermes' curator reads it, and the report
    // (then returned even when nothing changed) names what was ignored.
    Result<std::optional<ImportReport>> syncHermes(const QString& actor, QByteArray* seen = nullptr);

private:
    Result<Skill> existing(const QString& name);
    // Why Hermes would not pin (or, `restoring`, restore) `name` on this home, or nothing.
    std::optional<QString> hermesRefusal(const QString& name, bool restoring) const;
    // .usage.json's records into the workspace when the file changed since `seen`.
    Result<std::optional<ImportReport>> syncUsage(const QString& actor, QByteArray* seen);
    // importHermes and syncHermes; `onlyChanges`: records the workspace holds as the file tells
    // them are left alone, and nothing at all is written when that is every record; also, a
    // damaged file is read as Hermes reads it (with warnings) instead of refused.
    Result<ImportReport> importFile(const QString& path, const QString& actor, bool onlyChanges);
    // After a committed change: .usage.json (the linked one, else a Hermes home's) and Hermes'
    // skill ledger, where there is one, learn of it. Failures are reported, not rolled back.
    void publish(Change& change, HermesUsageFile::Field field, const QString& ledgerAction, Json evidence);

    Workspace& m_workspace;
    const Clock& m_clock;
};

} // namespace sediment
