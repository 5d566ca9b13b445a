#pragma once

#include "audit/AuditEntry.h"
#include "journal/JournalEntry.h"
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
//    "item":  {id, status, reason, final_op, target_path, decided_by, decided_at}}  (optional)
class JournalOutcome final {
public:
    static Json auditToJson(const AuditEntry& e);
    static AuditEntry auditFromJson(const Json& j);

    // `recovered`: the writer was killed after its write; the audit row says so.
    static Status commit(Database& db, const Clock& clock, const JournalEntry& entry, bool recovered);
};

} // namespace sediment
