#include "apply/Applier.h"

#include "agent/AgentHomes.h"
#include "apply/DirectiveApplier.h"
#include "apply/InOrderApplier.h"
#include "apply/MemoryApplier.h"
#include "apply/NoteApplier.h"
#include "apply/SettingsApplier.h"
#include "apply/SkillApplier.h"
#include "model/Destination.h"
#include "proposal/WorkspaceOp.h"
#include "util/Each.h"
#include "workspace/PathGuard.h"
#include "workspace/Workspace.h"

namespace sediment {

namespace {} // namespace

Applier::Applier(Workspace& workspace, const Clock& clock, WriteHook* hook, QString profile)
    : m_workspace(workspace)
    , m_clock(clock)
    , m_hook(hook)
    , m_profile(std::move(profile))
{}

Result<ApplyResult> Applier::apply(const QString& destination, const Json& op) const
{
    return apply(destination, op, Json::object());
}

Result<ApplyResult> Applier::apply(const QString& destination, const Json& op, const Json& source) const
{
    if (!op.is_object())
        return fail(Error::invalid(QStringLiteral("%1 op must be a JSON object").arg(destination)));
    if (InOrderApplier::handles(destination, op))
        return InOrderApplier(m_workspace, m_clock, m_hook, m_profile).apply(destination, op, source);
    // A write in an agent's own words is applied exactly as that agent would (AgentHome).
    if (const AgentHome* agent = m_workspace.agents().speaking(destination, op))
        return agent->apply(m_workspace, m_clock, m_profile, destination, op, m_hook);
    auto typed = readWorkspaceOp(destination, op);
    if (!typed)
        return fail(typed.error());
    // Built per call: the guard canonicalises the root, and a workspace can be moved between calls.
    const PathGuard guard(m_workspace.root());
    return std::visit(
        Each{
            [&](const MemoryWrite& w) { return MemoryApplier(m_workspace, guard, m_hook, m_profile).apply(w); },
            [&](const DirectiveEdit& e) { return DirectiveApplier(m_workspace, guard, m_hook).apply(e); },
            [&](const SettingsPatch& p) { return SettingsApplier(m_workspace, guard, m_hook).apply(p); },
            [&](const NoteDraft& n) { return NoteApplier(m_clock, guard, m_hook).apply(n, source); },
            [&](const SkillCreate& c) { return SkillApplier(m_workspace, m_clock, guard, m_hook).apply(c); },
            [&](const SkillPatch& p) { return SkillApplier(m_workspace, m_clock, guard, m_hook).apply(p); },
        },
        *typed);
}

Result<bool> Applier::isStale(const QString& destination, const Json& op) const
{
    if (InOrderApplier::handles(destination, op))
        return false; // a group is as current as its items, each checked when it was taken
    if (const AgentHome* agent = m_workspace.agents().speaking(destination, op))
        return agent->isStale(m_workspace, m_clock, m_profile, destination, op);
    auto typed = readWorkspaceOp(destination, op);
    if (!typed)
        return fail(typed.error());
    const PathGuard guard(m_workspace.root());
    return std::visit(
        Each{
            [&](const MemoryWrite& w) { return MemoryApplier(m_workspace, guard, nullptr, m_profile).isStale(w); },
            [&](const DirectiveEdit& e) { return DirectiveApplier(m_workspace, guard).isStale(e); },
            [&](const SkillPatch& p) { return SkillApplier(m_workspace, m_clock, guard).isStale(p); },
            // A merge patch, a new note and a new skill apply to whatever is there (a skill that
            // exists by then is refused when applied): they cannot go stale.
            [](const auto&) { return Result<bool>(false); },
        },
        *typed);
}

Result<ApplyResult> Applier::revert(const QString& destination, const ApplyResult& applied) const
{
    for (const auto& agent : m_workspace.agents().all())
        if (agent->wrote(destination, applied))
            return agent->revert(m_workspace, applied, m_hook);
    auto d = parseDestination(destination);
    if (!d)
        return fail(d.error());
    const PathGuard guard(m_workspace.root());
    switch (*d) {
    case Destination::Memory:
    case Destination::User:
        return MemoryApplier(m_workspace, guard, m_hook, m_profile).revert(destination, applied);
    case Destination::Skill:
        return SkillApplier(m_workspace, m_clock, guard, m_hook).revert(applied);
    case Destination::ClaudeMd:
    case Destination::SettingsJson:
    case Destination::BrainInbox:
    case Destination::ChantierOutil:
        return DirectiveApplier::restore(guard, applied, m_hook);
    case Destination::ClaudeMemory:
        break;
    }
    return fail(noAdapterFor(destination));
}

} // namespace sediment
