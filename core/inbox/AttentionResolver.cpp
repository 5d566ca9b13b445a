#include "inbox/AttentionResolver.h"

#include "audit/Actor.h"
#include "audit/AuditAction.h"
#include "audit/AuditRow.h"
#include "journal/DecisionJournal.h"
#include "journal/JournalOutcome.h"
#include "store/AuditRepository.h"
#include "store/Database.h"
#include "store/InboxRepository.h"
#include "store/JournalRepository.h"
#include "util/AtomicFile.h"
#include "util/Time.h"
#include "workspace/Workspace.h"

#include <QFile>

namespace sediment {

AttentionResolver::AttentionResolver(Workspace& workspace, const Clock& clock) : m_workspace(workspace), m_clock(clock)
{}

Result<InboxItem> AttentionResolver::resolve(qint64 id, Choice choice, const QString& reviewer)
{
    Database& db = m_workspace.db();
    auto lock = DecisionJournal::lock(db);
    if (!lock)
        return fail(lock.error());
    auto tx = db.begin();
    if (!tx)
        return fail(tx.error());
    InboxRepository repo(db);
    auto found = repo.existing(id);
    if (!found)
        return fail(found.error());
    InboxItem& item = *found;
    if (!item.hasStatus(InboxStatus::NeedsAttention))
        return fail(Error::refused(QStringLiteral("inbox item %1 is %2; only items that need "
                                                  "attention can be resolved")
                                       .arg(id)
                                       .arg(item.status)));
    JournalRepository journal(db);
    auto row = journal.attentionFor(id);
    if (!row)
        return fail(row.error());
    if (!*row)
        return fail(Error::io(QStringLiteral("inbox item %1 needs attention but its journal row "
                                             "is gone")
                                  .arg(id)));
    const JournalEntry& entry = **row;
    const AuditEntry decided = JournalOutcome::auditFromJson(entry.outcome.value("audit", Json::object()));
    const Json decidedItem = entry.outcome.value("item", Json::object());

    auto onDisk = AtomicFile::read(entry.targetPath, true);
    if (!onDisk)
        return fail(onDisk.error());
    const bool present = QFile::exists(entry.targetPath);
    const auto foundHash = JournalEntry::hashOf(present ? std::optional<QByteArray>(*onDisk) : std::nullopt);

    AuditEntry e =
        AuditRow::of(Actor::human(reviewer), AuditAction::InboxResolve, AuditSubject::InboxItem, QString::number(id));
    e.before = item.status;
    e.details = Json{{"journal_id", entry.id},
                     {"decision", toStd(decided.action)},
                     {"target_path", toStd(entry.targetPath)},
                     {"expected_hash", orNull(JournalEntry::hashOf(entry.expected))},
                     {"new_hash", orNull(JournalEntry::hashOf(entry.written))},
                     {"found_hash", orNull(foundHash)}};
    if (choice == Choice::KeepFile) {
        item.status = fromStd(decidedItem.value("status", toString(InboxStatus::Applied).toStdString()));
        if (!decidedItem.value("keep_contents", false)) {
            item.beforeContent =
                entry.expected ? std::optional<QString>(QString::fromUtf8(*entry.expected)) : std::nullopt;
            item.afterContent = present ? std::optional<QString>(QString::fromUtf8(*onDisk)) : std::nullopt;
        }
        item.reason = QStringLiteral("resolved by hand: kept %1 as it is").arg(entry.targetPath);
        e.details["resolution"] = "keep-file";
    } else {
        // The one write a resolution makes, asked for by the human; repeating it is harmless.
        Status written = entry.expected
                             ? AtomicFile::write(entry.targetPath, *entry.expected)
                             : (QFile::remove(entry.targetPath) || !present
                                    ? Status()
                                    : fail(Error::io(QStringLiteral("cannot remove %1").arg(entry.targetPath))));
        if (!written)
            return fail(written.error());
        item.status = decided.before.value_or(toString(InboxStatus::Pending));
        item.reason = QStringLiteral("resolved by hand: restored %1 as it was before").arg(entry.targetPath);
        e.details["resolution"] = "restore";
    }
    const bool undecided = item.hasStatus(InboxStatus::Pending);
    item.decidedAt = undecided ? std::nullopt : std::optional<QString>(time::toIso(m_clock.now()));
    item.decidedBy = undecided ? std::nullopt : std::optional<QString>(reviewer);
    e.after = item.status;
    e.reason = item.reason;
    if (auto s = repo.saveDecision(item); !s)
        return fail(s.error());
    if (auto a = AuditRepository(db, m_clock).append(std::move(e)); !a)
        return fail(a.error());
    if (auto s = journal.remove(entry.id); !s)
        return fail(s.error());
    if (auto s = tx->commit(); !s)
        return fail(s.error());
    return item;
}

} // namespace sediment
