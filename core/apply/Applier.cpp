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

namespace {

// The op read into its type (WorkspaceOp) and handed, with a guard of the workspace's root, to
// the one of `each` that takes that type. The guard is built per call: it canonicalises the
// root, and a workspace can be moved between calls.
template <typename R, typename... Fs>
Result<R> onTyped(const Workspace& workspace, const QString& destination, const Json& op, Each<Fs...> each)
{
    auto typed = readWorkspaceOp(destination, op);
    if (!typed)
        return fail(typed.error());
    const PathGuard guard(workspace.root());
    return std::visit([&](const auto& read) -> Result<R> { return each(guard, read); }, *typed);
}

} // namespace

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
    return onTyped<ApplyResult>(
        m_workspace, destination, op,
        Each{
            [&](const PathGuard& g, const MemoryWrite& w) {
                return MemoryApplier(m_workspace, g, m_hook, m_profile).apply(w);
            },
            [&](const PathGuard& g, const DirectiveEdit& e) {
                return DirectiveApplier(m_workspace, g, m_hook).apply(e);
            },
            [&](const PathGuard& g, const SettingsPatch& p) {
                return SettingsApplier(m_workspace, g, m_hook).apply(p);
            },
            [&](const PathGuard& g, const NoteDraft& n) { return NoteApplier(m_clock, g, m_hook).apply(n, source); },
            [&](const PathGuard& g, const SkillCreate& c) {
                return SkillApplier(m_workspace, m_clock, g, m_hook).apply(c);
            },
            [&](const PathGuard& g, const SkillPatch& p) {
                return SkillApplier(m_workspace, m_clock, g, m_hook).apply(p);
            },
        });
}

Result<bool> Applier::isStale(const QString& destination, const Json& op) const
{
    if (InOrderApplier::handles(destination, op))
        return false; // a group is as current as its items, each checked when it was taken
    if (const AgentHome* agent = m_workspace.agents().speaking(destination, op))
        return agent->isStale(m_workspace, m_clock, m_profile, destination, op);
    return onTyped<bool>(
        m_workspace, destination, op,
        Each{
            [&](const PathGuard& g, const MemoryWrite& w) {
                return MemoryApplier(m_workspace, g, nullptr, m_profile).isStale(w);
            },
            [&](const PathGuard& g, const DirectiveEdit& e) { return DirectiveApplier(m_workspace, g).isStale(e); },
            [&](const PathGuard& g, const SkillPatch& p) { return SkillApplier(m_workspace, m_clock, g).isStale(p); },
            // A merge patch, a new note and a new skill apply to whatever is there
            // (a skill that exists by then is refused when applied): they cannot
            // go stale.
            [](const PathGuard&, const auto&) { return Result<bool>(false); },
        });
}

Result<ApplyResult> Applier::revert(const QString& destination, const ApplyResult& applied) const
{
    for (const auto& agent : m_workspace.agents().all())
        if (agent->wrote(destination, applied))
            return agent->revert(m_workspace, applied, m_hook);
    auto d = parseWord<Destination>(destination);
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
