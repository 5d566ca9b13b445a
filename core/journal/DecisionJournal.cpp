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

Result<qint64> DecisionJournal::announce(JournalEntry& entry) const
{
    auto tx = m_db.begin();
    if (!tx)
        return fail(tx.error());
    entry.createdAt = time::toIso(m_clock.now());
    auto id = JournalRepository(m_db).insert(entry);
    if (!id)
        return fail(id.error());
    if (auto s = tx->commit(); !s)
        return fail(s.error());
    entry.id = *id;
    CrashPoint::reach("after-journal");
    return *id;
}

} // namespace sediment
