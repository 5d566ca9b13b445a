#include "journal/DecisionJournal.h"

#include "journal/CrashPoint.h"
#include "store/Database.h"
#include "store/JournalRepository.h"
#include "util/Time.h"

namespace sediment {

Result<FileLock> DecisionJournal::lock(const Database& db)
{
    return FileLock::acquire(db.path() + QStringLiteral(".journal-lock"));
}

Result<std::optional<FileLock>> DecisionJournal::tryLock(const Database& db)
{
    return FileLock::tryAcquire(db.path() + QStringLiteral(".journal-lock"));
}

Error DecisionJournal::claimed(qint64 itemId, const JournalEntry& claim)
{
    const Json by = claim.outcome.value("item", Json::object()).value("decided_by", Json(""));
    return Error::refused(QStringLiteral("inbox item %1 is being decided by %2 (since %3)")
                              .arg(itemId)
                              .arg(by.is_string() ? fromStd(by.get<std::string>()) : QStringLiteral("another reviewer"),
                                   claim.createdAt));
}

Status DecisionJournal::stillAt(JournalRepository& journal, qint64 item, const std::optional<QString>& fromStatus)
{
    auto claim = journal.claimOn(item);
    if (!claim)
        return fail(claim.error());
    if (*claim)
        return fail(claimed(item, **claim));
    auto state = journal.lockItem(item);
    if (!state)
        return fail(state.error());
    if (*state && fromStatus && (*state)->status != *fromStatus)
        return fail(Error::refused(QStringLiteral("inbox item %1 was already %2 by %3 at %4")
                                       .arg(item)
                                       .arg((*state)->status, (*state)->decidedBy, (*state)->decidedAt)));
    return {};
}

Status DecisionJournal::checkStillUndecided(JournalRepository& journal, const JournalEntry& entry)
{
    // The status the decision started from is the audit row's `before`.
    const Json before = entry.outcome.value("audit", Json::object()).value("before", Json(nullptr));
    return stillAt(journal, *entry.itemId,
                   before.is_string() ? std::optional<QString>(fromStd(before.get<std::string>())) : std::nullopt);
}

Result<qint64> DecisionJournal::announce(JournalEntry& entry) const
{
    auto tx = m_db.begin();
    if (!tx)
        return fail(tx.error());
    JournalRepository journal(m_db);
    if (entry.itemId) {
        // Checked under the write lock, with the item's row locked: two reviewers (on two
        // machines of a team) who both read the item as undecided cannot both go on to write.
        if (auto s = checkStillUndecided(journal, entry); !s)
            return fail(s.error());
    }
    entry.createdAt = time::toIso(m_clock.now());
    auto id = journal.insert(entry);
    if (!id)
        return fail(id.error());
    if (auto s = tx->commit(); !s)
        return fail(s.error());
    entry.id = *id;
    CrashPoint::reach("after-journal");
    return *id;
}

} // namespace sediment
