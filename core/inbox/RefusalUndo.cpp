#include "inbox/RefusalUndo.h"

#include "apply/Applier.h"
#include "audit/Actor.h"
#include "audit/AuditAction.h"
#include "audit/AuditRow.h"
#include "store/AuditRepository.h"
#include "store/HermesRepository.h"
#include "store/InboxRepository.h"
#include "workspace/Workspace.h"
#include "workspace/WorkspaceProfiles.h"

namespace sediment {

RefusalUndo::RefusalUndo(Workspace& workspace, const Clock& clock) : m_workspace(workspace), m_clock(clock) {}

Result<InboxItem> RefusalUndo::undo(InboxRepository& repo, InboxItem it, const QString& reviewer)
{
    const qint64 id = it.id;
    // Two pending items with one content would break the inbox's idempotency (docs/verbs.md#propose).
    auto twin = repo.findPendingByHashOrExtId(it.contentHash, it.extId);
    if (!twin)
        return fail(twin.error());
    if (*twin && **twin != id)
        return fail(Error::refused(QStringLiteral("inbox item %1: the same proposal is pending "
                                                  "again as item %2; decide that one instead")
                                       .arg(id)
                                       .arg(**twin)));
    auto hermes = HermesRepository(m_workspace.db()).findByInboxId(id);
    if (!hermes)
        return fail(hermes.error());
    if (*hermes && (*hermes)->state != QLatin1String("imported"))
        return fail(
            Error::refused(QStringLiteral("inbox item %1 is the staged Hermes write %2, and refusing it removed "
                                          "%3pending/%4/%5: Hermes has dropped it, so the refusal stands "
                                          "(stage the write again in Hermes to review it anew)")
                               .arg(id)
                               .arg((*hermes)->hermesId, WorkspaceProfiles::prefixOf((*hermes)->profile),
                                    (*hermes)->subsystem, (*hermes)->fileName)));

    AuditEntry e = AuditRow::of(Actor::human(reviewer), AuditAction::InboxUndoRefuse, AuditSubject::InboxItem,
                                QString::number(id));
    e.reason = QStringLiteral("refusal undone; the item is pending again");
    e.before = it.status;
    e.after = toString(InboxStatus::Pending);
    e.details = Json{{"destination", toStd(it.destination)},          {"op", it.op},
                     {"undone_refusal_code", orNull(it.refusalCode)}, {"undone_reason", orNull(it.reason)},
                     {"undone_decided_at", orNull(it.decidedAt)},     {"undone_decided_by", orNull(it.decidedBy)}};
    it.setStatus(InboxStatus::Pending);
    it.reason.reset();
    it.refusalCode.reset();
    it.decidedAt.reset();
    it.decidedBy.reset();
    // The target may have moved while the item was refused.
    if (auto stale =
            Applier(m_workspace, m_clock, nullptr, it.hermesProfile()).isStale(it.destination, it.effectiveOp()))
        it.stale = *stale;
    if (auto s = repo.saveDecision(it); !s)
        return fail(s.error());
    if (auto a = AuditRepository(m_workspace.db(), m_clock).append(std::move(e)); !a)
        return fail(a.error());
    return it;
}

} // namespace sediment
