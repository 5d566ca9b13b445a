#pragma once

#include "audit/AuditAction.h"
#include "audit/AuditSubject.h"
#include "model/AuditEntry.h"

#include <QString>

namespace sediment {

// The one way an audit row is begun: who did what to which subject, each word from its enum.
// The caller adds what the action says (reason, before, after, details); the repository stamps
// the time and chains the hash when it appends it.
class AuditRow final {
public:
    static AuditEntry of(QString actor, AuditAction action, AuditSubject subject, QString subjectId);
};

} // namespace sediment
