#pragma once

#include "model/AuditEntry.h"
#include "model/JournalEntry.h"
#include "store/AuditRepository.h"
#include "store/InboxRepository.h"
#include "store/JournalRepository.h"
#include "util/Clock.h"
#include "util/Error.h"
#include "util/Json.h"

namespace sediment {

class Database;

// The third step of a journaled write, said once for the process that wrote the file and for
// the one that settles after it was killed: append the outcome's audit row, give the inbox item
// (if the decision is one) its new state with the bytes before and after, and delete the
// journal row. Runs inside the caller's transaction.
//
// The outcome object a journal row carries:
//   {"audit": {actor, action, subject_type, subject_id, reason, before, after, details},
//    "item":  {id, status, reason, final_op, target_path, decided_by, decided_at},  (optional)
//    "members": [{"item": {...}, "audit": {...}}, ...]}  (a group decision's other items, optional)
//
// One object serves a whole settling pass, its repositories' statements prepared once.
class JournalOutcome final {
public:
    JournalOutcome(Database& db, const Clock& clock);

    static Json auditToJson(const AuditEntry& e);
    static AuditEntry auditFromJson(const Json& j);

    // `recovered`: the writer was killed after its write; the audit row says so.
    Status commit(const JournalEntry& entry, bool recovered);
    static Status commit(Database& db, const Clock& clock, const JournalEntry& entry, bool recovered)
    {
        return JournalOutcome(db, clock).commit(entry, recovered);
    }

    InboxRepository& inbox() { return m_inbox; }
    AuditRepository& audit() { return m_audit; }
    JournalRepository& journal() { return m_journal; }

private:
    Status decideItem(qint64 id, const JournalEntry& entry, const Json& decided, bool recovered);
    Status appendAudit(const Json& audit, bool recovered);

    InboxRepository m_inbox;
    AuditRepository m_audit;
    JournalRepository m_journal;
};

} // namespace sediment
