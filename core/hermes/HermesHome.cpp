#include "hermes/HermesHome.h"

#include "hermes/HermesClaim.h"
#include "hermes/HermesQueueStatus.h"
#include "hermes/HermesSettler.h"
#include "hermes/HermesSkillApplier.h"
#include "hermes/PendingQueue.h"
#include "hermes/SkillBatch.h"
#include "hermes/SkillManage.h"
#include "hermes/SkillManageBatch.h"
#include "hermes/StagedSkillWrite.h"
#include "model/Destination.h"
#include "util/JsonField.h"
#include "workspace/Workspace.h"
#include "workspace/WorkspaceProfiles.h"

namespace sediment {

namespace {

// A HermesClaim as the port hands it over: kept or given back by the decision that took it.
class HeldRecord final : public AgentClaim {
public:
    explicit HeldRecord(HermesClaim claim) : m_claim(std::move(claim)) {}
    void keep() override { m_claim.keep(); }
    Status giveBack() override { return m_claim.giveBack(); }

private:
    HermesClaim m_claim;
};

} // namespace

QString HermesHome::name() const { return QStringLiteral("hermes"); }

bool HermesHome::speaks(const QString& destination, const Json& op) const
{
    return isWord(destination, Destination::Skill) && StagedSkillWrite::isPayload(op);
}

std::optional<Result<Json>> HermesHome::checkEdit(const QString&, const Json& edited) const
{
    // A staged skill write stays a skill_manage payload.
    auto payload = StagedSkillWrite::normalisePayload(edited);
    if (!payload)
        return Result<Json>(fail(Error::invalid(payload.error().message)));
    // What Hermes checks before it touches a file is checked now, with Hermes' message: an edit
    // it would refuse changes nothing rather than failing the item. What depends on the files
    // (the skill exists, the patch matches) is left to the approval, which reads them then.
    const std::optional<QString> refusal =
        SkillBatch::isBatch(*payload) ? SkillManageBatch::check(*payload) : SkillManage::check(*payload);
    if (refusal)
        return Result<Json>(fail(Error::invalid(*refusal)));
    return Result<Json>(std::move(*payload));
}

QString HermesHome::gist(const QString& destination, const Json& op) const
{
    return speaks(destination, op) ? StagedSkillWrite::gist(op) : QString();
}

std::optional<AgentTarget> HermesHome::target(const InboxItem& item) const
{
    // The op as proposed names the target: a group's first item, once decided, holds the
    // group's batch. A batch spans several skills, so it is decided on its own.
    const Json& op = item.op;
    const bool batch = SkillBatch::isBatch(op);
    AgentTarget t;
    t.key = batch ? QStringLiteral("batch#%1").arg(item.id) : json::stringAt(op, "name");
    t.label = batch ? SkillBatch::gist(op) : QStringLiteral("skill '%1'").arg(json::stringAt(op, "name"));
    const Json& effective = item.effectiveOp();
    t.combinable = !SkillBatch::isBatch(effective) && json::stringAt(effective, "action") != QLatin1String("delete");
    t.groupFields = Json{{"name", toStd(json::stringAt(effective, "name"))}};
    return t;
}

Result<ApplyResult> HermesHome::apply(Workspace& workspace, const Clock& clock, const QString& profile, const QString&,
                                      const Json& op, WriteHook* hook) const
{
    return HermesSkillApplier(workspace, clock, profile, hook).apply(op);
}

Result<bool> HermesHome::isStale(Workspace&, const Clock&, const QString&, const QString&, const Json&) const
{
    return false; // Hermes' refusal at approval is the answer, not a stale flag
}

std::optional<AgentPreview> HermesHome::preview(Workspace& workspace, const QString& profile, const Json& op) const
{
    const SkillManage::Preview pv = SkillManage(WorkspaceProfiles::homeOf(workspace.root(), profile)).preview(op);
    const QString action = json::stringAt(op, "action");
    return AgentPreview{pv.label,   pv.before,
                        pv.after,   pv.note,
                        pv.newFile, action == QLatin1String("delete") || action == QLatin1String("remove_file")};
}

Result<int> HermesHome::importStaged(Workspace& workspace, const Clock& clock, const QString& actor) const
{
    auto report = PendingQueue(workspace, clock).importAll(actor);
    if (!report)
        return fail(report.error());
    return int(report->imported.size());
}

Result<std::unique_ptr<AgentClaim>> HermesHome::claim(Workspace& workspace, const Clock& clock, qint64 inboxId) const
{
    auto claim = HermesClaim::take(workspace, clock, inboxId);
    if (!claim)
        return fail(claim.error());
    if (!*claim)
        return std::unique_ptr<AgentClaim>();
    return std::unique_ptr<AgentClaim>(std::make_unique<HeldRecord>(std::move(**claim)));
}

Status HermesHome::settle(Workspace& workspace, const Clock& clock, qint64 inboxId, const QString& actor) const
{
    auto settled = HermesSettler(workspace, clock).settle(inboxId, actor);
    if (!settled)
        return fail(settled.error());
    return {};
}

Result<int> HermesHome::recover(Workspace& workspace, const Clock& clock, const QString& actor) const
{
    return HermesClaim::recover(workspace, clock, actor);
}

Result<Json> HermesHome::status(Workspace& workspace, const Clock& clock) const
{
    auto scanned = PendingQueue(workspace, clock).scan();
    if (!scanned)
        return fail(scanned.error());
    auto queue = HermesQueueStatus::read(workspace, clock, *scanned);
    if (!queue)
        return fail(queue.error());
    return queue->toJson();
}

} // namespace sediment
