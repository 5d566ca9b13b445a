#include "claudecode/ClaudeMemoryEditor.h"

#include "apply/TargetFile.h"
#include "audit/AuditAction.h"
#include "audit/AuditRow.h"
#include "claudecode/ClaudeWatchedPaths.h"
#include "journal/CrashPoint.h"
#include "journal/DecisionJournal.h"
#include "journal/JournalOutcome.h"
#include "journal/JournalWriteHook.h"
#include "store/Database.h"
#include "workspace/Workspace.h"

#include <QFileInfo>

namespace sediment {

ClaudeMemoryEditor::ClaudeMemoryEditor(Workspace& workspace, const Clock& clock, QString home)
    : m_workspace(workspace)
    , m_clock(clock)
    , m_home(std::move(home))
{}

Result<bool> ClaudeMemoryEditor::save(const QString& path, const std::optional<QByteArray>& loaded, const QString& text,
                                      const QString& actor)
{
    // The file's own folder stands for a session's: that allows the memory folders and the
    // directive names of that folder; only the first are this editor's.
    const ClaudeWatchedPaths guard(m_home, QFileInfo(path).absolutePath());
    if (guard.classify(path) != ClaudeFileKind::Memory)
        return fail(Error::refused(QStringLiteral("%1 is not a Claude Code memory file").arg(path)));
    Database& db = m_workspace.db();
    auto lock = DecisionJournal::lock(db);
    if (!lock)
        return fail(lock.error());

    AuditEntry audit = AuditRow::of(actor, AuditAction::ClaudeMemoryEdit, AuditSubject::ClaudeMemory, path);
    audit.details = Json{{"via", "memory page"}, {"file", toStd(QFileInfo(path).fileName())}};
    JournalEntry entry;
    entry.subjectType = audit.subjectType;
    entry.subjectId = path;
    JournalWriteHook hook(db, m_clock, m_workspace.root(), entry);

    auto file = TargetFile::open(guard, path, &hook);
    if (!file)
        return fail(file.error());
    const std::optional<QByteArray> found =
        file->exists() ? std::optional<QByteArray>(file->text().toUtf8()) : std::nullopt;
    if (found != loaded)
        return fail(Error::refused(
            QStringLiteral("%1 changed on disk since it was opened; reload it and edit again").arg(path)));
    if (file->exists() && file->text() == text)
        return false;
    audit.before = file->snapshot();
    audit.after = text;
    hook.entry().outcome = Json{{"audit", JournalOutcome::auditToJson(audit)}};
    if (auto s = file->write(text); !s)
        return fail(hook.writeFailed(s.error()));
    CrashPoint::reach("after-write");
    if (auto s = JournalOutcome::commit(db, m_clock, hook.entry(), false); !s)
        return fail(s.error());
    if (auto s = hook.transaction()->commit(); !s)
        return fail(s.error());
    CrashPoint::reach("after-commit");
    return true;
}

} // namespace sediment
