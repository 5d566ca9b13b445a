#include "journal/JournalSettler.h"

#include "audit/AuditAction.h"
#include "journal/DecisionJournal.h"
#include "journal/JournalOutcome.h"
#include "skills/SkillBatchUndo.h"
#include "store/AuditRepository.h"
#include "store/Database.h"
#include "store/InboxRepository.h"
#include "store/JournalRepository.h"

#include <QFile>
#include <QHash>

namespace sediment {

namespace {

constexpr int kPage = 1000;

Result<std::optional<QByteArray>> readTarget(const QString& path)
{
    QFile f(path);
    if (!f.exists())
        return std::optional<QByteArray>();
    if (!f.open(QIODevice::ReadOnly))
        return fail(Error::io(QStringLiteral("cannot read %1: %2").arg(path, f.errorString())));
    return std::optional<QByteArray>(f.readAll());
}

} // namespace

// Once its row is settled, a skill batch's copies are of no more use; a row left for a human
// (neither bytes) keeps them, for `inbox resolve --restore`.
void JournalSettler::forgetSettledBatch(const JournalEntry& entry, const std::optional<QByteArray>& onDisk)
{
    if (entry.state == JournalEntry::State::Open && SkillBatchUndo::isMarker(entry.targetPath)
        && classify(entry, onDisk) != Finding::Neither)
        SkillBatchUndo::forget(entry.targetPath);
}

JournalSettler::Finding JournalSettler::classify(const JournalEntry& entry, const std::optional<QByteArray>& onDisk)
{
    if (JournalEntry::holds(onDisk, entry.written))
        return Finding::New;
    if (JournalEntry::holds(onDisk, entry.expected))
        return Finding::Old;
    return Finding::Neither;
}

Status JournalSettler::settleOne(JournalOutcome& outcome, const JournalEntry& entry,
                                 const std::optional<QByteArray>& onDisk, Report& report, const QString& nothingWritten)
{
    const Finding finding = classify(entry, onDisk);
    // A skill batch killed before its marker may have written some of its files: they are put
    // back from its copies before the decision is rolled back, so none of it stands.
    if (finding == Finding::Old && SkillBatchUndo::isMarker(entry.targetPath))
        SkillBatchUndo::settle(entry.targetPath, false);
    if (finding == Finding::New) {
        ++report.recovered;
        return outcome.commit(entry, true);
    }
    AuditEntry e = JournalOutcome::auditFromJson(entry.outcome.value("audit", Json::object()));
    const QString decided = e.action;
    e.before.reset();
    e.after.reset();
    e.details = Json{{"journal_id", entry.id},
                     {"decision", toStd(decided)},
                     {"target_path", toStd(entry.targetPath)},
                     {"expected_hash", orNull(JournalEntry::hashOf(entry.expected))},
                     {"new_hash", orNull(JournalEntry::hashOf(entry.written))}};
    if (finding == Finding::Old) {
        ++report.rolledBack;
        e.action = toString(AuditAction::JournalRollback);
        e.reason = nothingWritten;
        if (auto a = outcome.audit().append(std::move(e)); !a)
            return fail(a.error());
        return outcome.journal().remove(entry.id);
    }
    ++report.needsAttention;
    const auto found = JournalEntry::hashOf(onDisk);
    e.action = toString(AuditAction::JournalNeedsAttention);
    e.reason = QStringLiteral("%1 holds neither the bytes before nor the bytes after the decision; "
                              "resolve it by hand")
                   .arg(entry.targetPath);
    e.details["found_hash"] = orNull(found);
    if (entry.itemId) {
        InboxRepository& repo = outcome.inbox();
        auto item = repo.find(*entry.itemId);
        if (!item)
            return fail(item.error());
        if (*item) {
            InboxItem it = **item;
            e.details["from_status"] = toStd(it.status);
            it.setStatus(InboxStatus::NeedsAttention);
            it.reason = e.reason;
            if (auto s = repo.saveDecision(it); !s)
                return s;
        }
    }
    if (auto a = outcome.audit().append(std::move(e)); !a)
        return fail(a.error());
    return outcome.journal().markNeedsAttention(entry.id, found);
}

Status JournalSettler::settleFailedWrite(const JournalEntry& entry, const QString& why)
{
    auto onDisk = readTarget(entry.targetPath);
    if (!onDisk)
        return fail(onDisk.error());
    auto tx = m_db.begin();
    if (!tx)
        return fail(tx.error());
    JournalOutcome outcome(m_db, m_clock);
    Report report;
    if (auto s = settleOne(outcome, entry, *onDisk, report,
                           QStringLiteral("the write failed, nothing written: %1").arg(why));
        !s)
        return s;
    if (auto s = tx->commit(); !s)
        return s;
    forgetSettledBatch(entry, *onDisk);
    return {};
}

Result<JournalSettler::Report> JournalSettler::settle()
{
    Report report;
    JournalRepository journal(m_db);
    auto any = journal.anyOpen();
    if (!any)
        return fail(any.error());
    if (!*any)
        return report;
    auto lock = DecisionJournal::lock(m_db);
    if (!lock)
        return fail(lock.error());
    // Settling reads files and writes none, so a target's bytes read once serve every row that
    // names it in this pass.
    QHash<QString, std::optional<QByteArray>> onDisk;
    for (;;) {
        auto tx = m_db.begin();
        if (!tx)
            return fail(tx.error());
        auto rows = journal.open(kPage);
        if (!rows)
            return fail(rows.error());
        JournalOutcome outcome(m_db, m_clock);
        for (const JournalEntry& entry : *rows) {
            auto it = onDisk.find(entry.targetPath);
            if (it == onDisk.end()) {
                auto bytes = readTarget(entry.targetPath);
                if (!bytes)
                    return fail(bytes.error());
                it = onDisk.insert(entry.targetPath, *bytes);
            }
            if (auto s = settleOne(outcome, entry, *it, report, QStringLiteral("interrupted, nothing written")); !s)
                return fail(s.error());
        }
        if (auto s = tx->commit(); !s)
            return fail(s.error());
        for (const JournalEntry& entry : *rows)
            forgetSettledBatch(entry, onDisk.value(entry.targetPath));
        if (int(rows->size()) < kPage)
            break;
    }
    return report;
}

} // namespace sediment
