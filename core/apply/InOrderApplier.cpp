#include "apply/InOrderApplier.h"

#include "apply/PlannedWrites.h"
#include "apply/SkillApplier.h"
#include "apply/TargetFile.h"
#include "model/Destination.h"
#include "workspace/Workspace.h"

namespace sediment {

bool InOrderApplier::handles(const QString& destination, const Json& op)
{
    if (!isWord(destination, Destination::ClaudeMd) && !isWord(destination, Destination::SettingsJson)
        && !isWord(destination, Destination::ClaudeMemory) && !isWord(destination, Destination::Skill))
        return false;
    const auto action = op.find("action");
    const auto ops = op.find("operations");
    return action != op.end() && *action == "batch" && ops != op.end() && ops->is_array() && op.contains("group");
}

InOrderApplier::InOrderApplier(Workspace& workspace, const Clock& clock, WriteHook* hook, QString profile)
    : m_workspace(workspace)
    , m_clock(clock)
    , m_hook(hook)
    , m_profile(std::move(profile))
{}

Result<ApplyResult> InOrderApplier::apply(const QString& destination, const Json& op, const Json& source) const
{
    const Json& ops = op["operations"];
    const int n = int(ops.size());
    // First every step planned on top of the one before it, nothing written: a refusal stops here.
    PlannedWrites plan(nullptr, 0);
    std::optional<ApplyResult> unchanged;
    for (int i = 0; i < n; ++i) {
        const int before = plan.writes();
        auto r = Applier(m_workspace, m_clock, &plan, m_profile).apply(destination, ops[i], source);
        if (plan.writes() > before)
            continue; // stopped at its write, which is now the plan
        if (!r)
            return fail(r.error());
        if (!r->applied) {
            ApplyResult refused = *r;
            refused.message = QStringLiteral("Operation %1 of %2: %3").arg(i + 1).arg(n).arg(r->message);
            return refused;
        }
        if (!unchanged)
            unchanged = std::move(*r);
    }
    if (plan.paths().size() > 1)
        return ApplyResult::refusal(destination, QStringLiteral("the group writes %1 files, not one; decide its items "
                                                                "one by one")
                                                     .arg(plan.paths().size()));
    if (plan.writes() == 0) {
        ApplyResult r = unchanged.value_or(ApplyResult{});
        r.applied = true;
        r.message = QStringLiteral("%1 already holds every item of the group; nothing written.")
                        .arg(r.targetPath.value_or(destination));
        return r;
    }
    // Then the same steps again, the last write let through with the final bytes.
    PlannedWrites commit(m_hook, plan.writes());
    std::optional<Result<ApplyResult>> last;
    std::vector<int> stopped; // the steps stopped at their write, before the one let through
    for (int i = 0; i < n && commit.writes() < plan.writes(); ++i) {
        const int before = commit.writes();
        last = Applier(m_workspace, m_clock, &commit, m_profile).apply(destination, ops[i], source);
        if (commit.writes() > before && commit.writes() < plan.writes())
            stopped.push_back(i);
    }
    if (!last || !*last || !(*last)->applied)
        return last ? *last : fail(Error::io(QStringLiteral("the group's write was not reached")));
    // A skill's record follows its file: the steps stopped at their write never reached their own
    // registration (created by the agent, one more patch), so it is made here, in their order.
    if (isWord(destination, Destination::Skill))
        for (const int i : stopped)
            if (auto s = SkillApplier::record(m_workspace.db(), m_clock, ops[i]); !s)
                return fail(s.error());
    // The last step wrote the final text; what a revert puts back is the file before the first.
    ApplyResult r = std::move(**last);
    const std::optional<QByteArray> original = plan.original(plan.paths().front());
    r.before = original ? TargetFile::textOf(*original) : std::nullopt;
    r.message = QStringLiteral("%1 items applied in order to %2.").arg(n).arg(r.targetPath.value_or(destination));
    return r;
}

} // namespace sediment
