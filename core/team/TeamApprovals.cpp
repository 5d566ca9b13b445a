#include "team/TeamApprovals.h"

#include "audit/Actor.h"
#include "audit/AuditAction.h"
#include "audit/AuditRow.h"
#include "inbox/DecisionRecorder.h"
#include "store/AuditRepository.h"
#include "store/Database.h"
#include "store/ReviewerRepository.h"
#include "util/Time.h"
#include "workspace/FilesHost.h"
#include "workspace/Workspace.h"

namespace sediment {

namespace {

using S = InboxStatus;
using A = AuditAction;

} // namespace

TeamApprovals::TeamApprovals(Workspace& workspace, const Clock& clock, DecisionRecorder& steps)
    : m_workspace(workspace)
    , m_clock(clock)
    , m_steps(steps)
{}

Status TeamApprovals::onlyByApproval(const InboxItem& item, const QString& what) const
{
    // A patch or a room applies at once, which would let one reviewer alone write a destination
    // the team wants two to agree on.
    if (!m_workspace.db().isServer() || !m_workspace.config().twoPersonDestinations.contains(item.destination))
        return {};
    return fail(Error::refused(QStringLiteral("inbox item %1: %2 writes need two approvals, and %3 would apply it "
                                              "at once; approve it as proposed, or refuse it and let the agent "
                                              "propose the corrected version")
                                   .arg(item.id)
                                   .arg(item.destination, what)));
}

Status TeamApprovals::onlyWhereTheFilesAre(qint64 id, const QString& why) const
{
    auto elsewhere = FilesHost::elsewhere(m_workspace);
    if (!elsewhere)
        return fail(elsewhere.error());
    if (*elsewhere)
        return fail(Error::refused(
            QStringLiteral("inbox item %1: %2, which live on %3; run it there").arg(id).arg(why, **elsewhere)));
    return {};
}

Result<std::optional<InboxItem>> TeamApprovals::gatherApproval(qint64 id, const QString& reviewer)
{
    if (!m_workspace.db().isServer() || m_workspace.config().twoPersonDestinations.isEmpty())
        return std::optional<InboxItem>();
    auto opened = m_steps.open(id, {S::Pending, S::Failed}, QStringLiteral("be approved"));
    if (!opened)
        return fail(opened.error());
    auto& [tx, it] = *opened;
    if (!m_workspace.config().twoPersonDestinations.contains(it.destination))
        return std::optional<InboxItem>();
    ReviewerRepository reviewers(m_workspace.db());
    auto earlier = reviewers.approvalsOf(id);
    if (!earlier)
        return fail(earlier.error());
    for (const auto& a : *earlier)
        if (a.reviewer == reviewer)
            return fail(Error::refused(QStringLiteral("%1 already approved inbox item %2 at %3; %4 items need a "
                                                      "second approval from another reviewer")
                                           .arg(reviewer)
                                           .arg(id)
                                           .arg(a.at, it.destination)));
    if (!earlier->empty())
        return std::optional<InboxItem>(); // the second approval: it decides
    // The first approval is recorded (and audited); the item stays pending for a second one.
    const QString at = time::toIso(m_clock.now());
    if (auto added = reviewers.addApproval(id, reviewer, at); !added)
        return fail(added.error());
    AuditEntry e = AuditRow::of(Actor::human(reviewer), A::InboxApproval, AuditSubject::InboxItem, QString::number(id));
    e.reason = QStringLiteral("approval 1 of 2 (two-person rule for %1)").arg(it.destination);
    e.before = it.status;
    e.after = it.status;
    if (auto logged = AuditRepository(m_workspace.db(), m_clock).append(e); !logged)
        return fail(logged.error());
    if (auto s = tx.commit(); !s)
        return fail(s.error());
    it.reason = QStringLiteral("approval 1 of 2 recorded (%1); a second reviewer's approval applies it").arg(reviewer);
    return std::optional<InboxItem>(std::move(it));
}

} // namespace sediment
