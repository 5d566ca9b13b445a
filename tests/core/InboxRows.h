#pragma once

// What the inbox suites read back after a decision: the item as stored, its audit rows, and how
// many decision-journal rows are still open.

#include "model/AuditEntry.h"
#include "model/InboxItem.h"
#include "store/AuditRepository.h"
#include "store/Database.h"
#include "store/InboxRepository.h"
#include "util/Clock.h"

#include <QString>

#include <vector>

namespace sediment::test {

// The item as the store holds it; an empty item when there is none.
inline InboxItem storedItem(Database& db, qint64 id)
{
    auto it = InboxRepository(db).find(id);
    return it && *it ? **it : InboxItem{};
}

// The audit rows about one inbox item, oldest first.
inline std::vector<AuditEntry> auditOfItem(Database& db, const Clock& clock, qint64 id)
{
    AuditRepository::Query q;
    q.subjectType = QStringLiteral("inbox_item");
    q.subjectId = QString::number(id);
    auto rows = AuditRepository(db, clock).list(q);
    return rows ? *rows : std::vector<AuditEntry>{};
}

// Rows of the decision journal, settled or not; -1 when it cannot be read.
inline qint64 journalRowCount(Database& db)
{
    auto n = db.scalar("SELECT count(*) FROM decision_journal");
    return n ? *n : -1;
}

} // namespace sediment::test
