#include "hermes/HermesWithdrawal.h"

#include "audit/Actor.h"
#include "audit/AuditAction.h"
#include "audit/AuditRow.h"
#include "model/InboxItem.h"
#include "store/AuditRepository.h"
#include "store/InboxRepository.h"
#include "util/Time.h"
#include "workspace/WorkspaceProfiles.h"

namespace sediment {

Result<bool> HermesWithdrawal::record(Database& db, const Clock& clock, const HermesRepository::Record& record,
                                      const QString& reason)
{
    InboxRepository inbox(db);
    auto found = inbox.find(record.inboxId);
    if (!found)
        return fail(found.error());
    if (!*found || !((*found)->hasStatus(InboxStatus::Pending) || (*found)->hasStatus(InboxStatus::Failed)))
        return false;
    const QString now = time::toIso(clock.now());
    InboxItem item = **found;
    item.setStatus(InboxStatus::Rejected);
    item.reason = reason;
    item.decidedAt = now;
    item.decidedBy = QStringLiteral("hermes");
    if (auto s = inbox.saveDecision(item); !s)
        return fail(s.error());
    auto marked = HermesRepository(db).markSettled(record.hermesId, QStringLiteral("withdrawn"), now, record.profile);
    if (!marked)
        return fail(marked.error());
    AuditEntry e = AuditRow::of(Actor::agent(QStringLiteral("hermes")), AuditAction::HermesWithdraw,
                                AuditSubject::InboxItem, QString::number(record.inboxId));
    e.reason = reason;
    e.details = {{"hermes_id", toStd(record.hermesId)},
                 {"profile", toStd(record.profile)},
                 {"file", toStd(WorkspaceProfiles::prefixOf(record.profile)
                                + QStringLiteral("pending/%1/%2").arg(record.subsystem, record.fileName))}};
    if (auto a = AuditRepository(db, clock).append(std::move(e)); !a)
        return fail(a.error());
    return true;
}

} // namespace sediment
