#include "memory/MemoryService.h"

#include "audit/AuditAction.h"
#include "audit/AuditRow.h"
#include "journal/CrashPoint.h"
#include "journal/DecisionJournal.h"
#include "journal/JournalOutcome.h"
#include "journal/JournalSettler.h"
#include "memory/MemoryFile.h"
#include "store/Database.h"
#include "workspace/Workspace.h"

#include <QFileInfo>

namespace sediment {

namespace {

// The entries an operation took away (or brought), for the audit row.
std::optional<QString> onlyIn(const QStringList& a, const QStringList& b)
{
    QStringList out;
    for (const QString& e : a)
        if (!b.contains(e))
            out << e;
    if (out.isEmpty())
        return std::nullopt;
    return MemoryFile::join(out);
}

} // namespace

MemoryService::MemoryService(Workspace& workspace, const Clock& clock) : m_workspace(workspace), m_clock(clock) {}

Result<MemoryOutcome> MemoryService::apply(const QString& target, const MemoryOp& op, const QString& actor,
                                           const Json& details)
{
    Database& db = m_workspace.db();
    auto lock = DecisionJournal::lock(db);
    if (!lock)
        return fail(lock.error());
    const MemoryStore store(target, m_workspace.memoryFile(target), m_workspace.charLimit(target));
    JournalEntry entry;
    const auto announce = [&](const MemoryOutcome& o) -> Status {
        const QStringList before = MemoryFile::parseText(o.fileBefore);
        const QStringList after = MemoryFile::parseText(o.fileAfter);
        auto action = memoryEditAction(op.action); // a store writes only for the tool's own words
        if (!action)
            return fail(action.error());
        AuditEntry e = AuditRow::of(actor, *action, AuditSubject::Memory, target);
        e.before = onlyIn(before, after);
        e.after = onlyIn(after, before);
        e.details = details;
        entry.subjectType = e.subjectType;
        entry.subjectId = target;
        entry.targetPath = store.filePath();
        if (QFileInfo::exists(store.filePath()))
            entry.expected = o.fileBefore.toUtf8();
        entry.written = o.fileAfter.toUtf8();
        entry.outcome = Json{{"audit", JournalOutcome::auditToJson(e)}};
        auto id = DecisionJournal(db, m_clock).announce(entry);
        return id ? Status() : fail(id.error());
    };
    // The outcome commits between the rename and the folder sync: with SyncEachCommit its WAL
    // sync also carries the rename to disk. Should it fail, the store puts the old bytes back
    // and the journal row, still open, is settled below (or, should that fail too, by the next
    // command).
    const auto record = [&]() -> Status {
        CrashPoint::reach("after-write");
        auto tx = db.begin();
        if (!tx)
            return fail(tx.error());
        if (auto s = JournalOutcome::commit(db, m_clock, entry, false); !s)
            return s;
        return tx->commit();
    };
    auto outcome = store.apply(op, announce, record);
    // A write that failed once its row was announced is settled now, from the file's bytes, so
    // the log says why rather than, at the next command, that the write was interrupted.
    if (!outcome && entry.id != 0)
        (void)JournalSettler(db, m_clock).settleFailedWrite(entry, outcome.error().message);
    if (outcome && outcome->changed)
        CrashPoint::reach("after-commit");
    return outcome;
}

} // namespace sediment
