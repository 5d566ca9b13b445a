#include "cli/InboxItemView.h"

#include "hermes/SkillManage.h"
#include "hermes/StagedOrigin.h"
#include "hermes/StagedSkillWrite.h"
#include "inbox/BudgetPreview.h"
#include "model/Destination.h"
#include "model/InboxStatus.h"
#include "store/Database.h"
#include "store/ReviewerRepository.h"
#include "util/JsonDepth.h"
#include "workspace/Workspace.h"
#include "workspace/WorkspaceProfiles.h"

namespace sediment::cli {

namespace {

QString oneLine(QString s, int max)
{
    s.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return s.size() > max ? s.left(max - 1) + QStringLiteral("…") : s;
}

QString scoreText(const InboxItem& it) { return it.score ? QString::number(*it.score) : QStringLiteral("-"); }

} // namespace

QString InboxItemView::line(const InboxItem& it)
{
    return QStringLiteral("%1  %2  %3  score %4  seen %5%6  %7")
        .arg(QString::number(it.id).rightJustified(5), it.status.leftJustified(8), it.destination.leftJustified(14),
             scoreText(it).leftJustified(4))
        .arg(it.seen)
        .arg(it.stale ? QStringLiteral("  STALE") : QString(), oneLine(it.rationale, 70));
}

Json InboxItemView::toJson(Workspace& ws, const InboxItem& it, bool withBudget)
{
    Json j = it.toJson();
    // Team mode: who approved a two-person item so far, and how many approvals it needs.
    if (ws.db().isServer() && ws.config().twoPersonDestinations.contains(it.destination)) {
        Json approvals = Json::array();
        if (auto gathered = ReviewerRepository(ws.db()).approvalsOf(it.id))
            for (const auto& a : *gathered)
                approvals.push_back(Json{{"reviewer", toStd(a.reviewer)}, {"at", toStd(a.at)}});
        j["approvals"] = approvals;
        j["approvals_needed"] = 2;
    }
    if (withBudget) {
        auto budget = BudgetPreview::forItem(ws, it);
        j["budget"] = budget && *budget ? (*budget)->toJson() : Json(nullptr);
    }
    return j;
}

void InboxItemView::print(const Context& ctx, Workspace& ws, const InboxItem& it)
{
    ctx.out(QStringLiteral("Inbox item %1: %2%3")
                .arg(it.id)
                .arg(it.status, it.stale ? QStringLiteral(" (stale)") : QString()));
    ctx.out(QStringLiteral("Destination: %1").arg(it.destination));
    ctx.out(QStringLiteral("Op: %1").arg(fromStd(json::pythonDump(it.op))));
    if (it.finalOp)
        ctx.out(QStringLiteral("Final op: %1").arg(fromStd(json::pythonDump(*it.finalOp))));
    ctx.out(QStringLiteral("Rationale: %1").arg(it.rationale));
    ctx.out(QStringLiteral("Score: %1").arg(scoreText(it)));
    ctx.out(QStringLiteral("Seen: %1").arg(it.seen));
    ctx.out(QStringLiteral("Provenance: %1").arg(fromStd(json::pythonDump(it.source))));
    if (const auto staged = StagedOrigin::of(it.source)) {
        ctx.out(QStringLiteral("Origin: %1%2")
                    .arg(staged->origin.isEmpty() ? QStringLiteral("-") : staged->origin,
                         staged->isBackgroundReview()
                             ? QStringLiteral(" (a background review consolidation: Hermes stages these even "
                                              "with memory.write_approval off)")
                             : QString()));
        ctx.out(QStringLiteral("Hermes summary: %1").arg(staged->summary));
    }
    ctx.out(QStringLiteral("Created: %1").arg(it.createdAt));
    if (it.stale)
        ctx.out(QStringLiteral("Stale: yes, its target changed since it was proposed; patch it "
                               "before approving"));
    else
        ctx.out(QStringLiteral("Stale: no"));
    if (auto budget = BudgetPreview::forItem(ws, it); budget && *budget) {
        ctx.out(QStringLiteral("Budget: %1%2")
                    .arg((*budget)->text(), (*budget)->over ? QStringLiteral(" (over the limit)") : QString()));
        // What a full store needs, and how to give it in the same decision.
        if ((*budget)->over && it.hasStatus(InboxStatus::Pending))
            ctx.out(QStringLiteral("Room: free %1 chars to approve it (inbox approve %2 --make-room F)")
                        .arg((*budget)->excess())
                        .arg(it.id));
    }
    // A pending skill write Hermes staged: what approving it would do, checked as skill_manage
    // checks it, so a write Hermes would refuse is known before anyone approves it.
    if (it.hasStatus(InboxStatus::Pending) && it.goesTo(Destination::Skill) && StagedSkillWrite::isPayload(it.op)) {
        const SkillManage::Preview pv =
            SkillManage(WorkspaceProfiles::homeOf(ws.root(), it.hermesProfile())).preview(it.op);
        if (!pv.note.isEmpty())
            ctx.out(QStringLiteral("Approval would fail: %1").arg(pv.note.section(QLatin1Char('\n'), 0, 0)));
        else
            ctx.out(QStringLiteral("Approval: %1 %2")
                        .arg(StagedSkillWrite::gist(it.op),
                             pv.label.isEmpty() ? QString() : QStringLiteral("(%1)").arg(pv.label)));
    }
    if (it.targetPath)
        ctx.out(QStringLiteral("Target: %1").arg(*it.targetPath));
    if (it.reason)
        ctx.out(QStringLiteral("Reason: %1%2")
                    .arg(*it.reason, it.refusalCode ? QStringLiteral(" [%1]").arg(*it.refusalCode) : QString()));
    if (it.decidedAt)
        ctx.out(QStringLiteral("Decided: %1 by %2").arg(*it.decidedAt, it.decidedBy.value_or(QString())));
}

Json InboxItemView::claimToJson(const std::optional<InboxClaim>& claim)
{
    if (!claim)
        return nullptr;
    return Json{{"reviewer", toStd(claim->reviewer)},
                {"claimed_at", toStd(claim->claimedAt)},
                {"expires_at", toStd(claim->expiresAt)}};
}

} // namespace sediment::cli
