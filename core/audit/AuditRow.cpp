#include "audit/AuditRow.h"

namespace sediment {

AuditEntry AuditRow::of(QString actor, AuditAction action, AuditSubject subject, QString subjectId)
{
    AuditEntry e;
    e.actor = std::move(actor);
    e.action = toString(action);
    e.subjectType = toString(subject);
    e.subjectId = std::move(subjectId);
    return e;
}

} // namespace sediment
