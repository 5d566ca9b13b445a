#pragma once

#include "util/Error.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace sediment {

// The undo record of a skill batch being applied: a copy of every skill the batch touches, taken
// before its first write, kept in a folder of its own beside the workspace's database
// (`.sediment-batches/<token>/`) so that it outlives the process. A batch that fails puts the
// copies back (skills it created are removed), as Hermes' rollback does. The batch's one
// journaled write is its marker, `<token>.done`, written once every operation succeeded: a
// process killed before the marker leaves a batch the journal settler rolls back from the
// copies, one killed after it a batch that stands (docs/architecture.md#durability).
class SkillBatchUndo final {
public:
    // Copies each named skill that exists under `skillsDir`. The error is Hermes' message.
    static Result<SkillBatchUndo> take(const QString& workspaceRoot, const QString& skillsDir,
                                       const QStringList& names);

    QString marker() const { return m_dir + QStringLiteral(".done"); }
    QByteArray markerBytes() const;
    Status writeMarker() const;
    // Puts every touched skill back as it was. Returns Hermes' note: "all touched skills rolled
    // back", or what could not be restored.
    QString restore() const;
    // Removes the copies (the marker, if any, stays until the decision is recorded).
    void discard() const;

    // Whether a journaled path is a batch's marker.
    static bool isMarker(const QString& path);
    // Settles the batch of a marker the journal found open: when it was not written the copies
    // are put back; then the copies go. Running it twice, or being killed in it, is harmless.
    static void settle(const QString& marker, bool applied);
    // Removes a settled batch's marker and copies, once its decision is recorded.
    static void forget(const QString& marker);

private:
    explicit SkillBatchUndo(QString dir) : m_dir(std::move(dir)) {}
    static QString restoreFrom(const QString& dir);

    QString m_dir;
};

} // namespace sediment
