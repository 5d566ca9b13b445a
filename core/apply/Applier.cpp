#include "apply/Applier.h"

#include "agent/AgentHomes.h"
#include "apply/DirectiveApplier.h"
#include "apply/InOrderApplier.h"
#include "apply/MemoryApplier.h"
#include "apply/NoteApplier.h"
#include "apply/SettingsApplier.h"
#include "apply/SkillApplier.h"
#include "model/Destination.h"
#include "workspace/PathGuard.h"
#include "workspace/Workspace.h"

namespace sediment {

namespace {

// An unknown word, or a known one whose op only an agent's adapter applies and none is plugged
// (a program that opened the workspace without Agents::open).
Error unknownDestination(const QString& d)
{
    if (auto parsed = parseDestination(d); !parsed)
        return parsed.error();
    return Error::invalid(QStringLiteral("this %1 op is written in an agent's own words, and no adapter for that "
                                         "agent is plugged into the workspace")
                              .arg(d));
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
    // Built per call: the guard canonicalises the root, and a workspace can be moved between calls.
    const PathGuard guard(m_workspace.root());
    if (isMemoryStore(destination))
        return MemoryApplier(m_workspace, guard, m_hook, m_profile).apply(destination, op);
    if (isWord(destination, Destination::ClaudeMd))
        return DirectiveApplier(m_workspace, guard, m_hook).apply(op);
    if (isWord(destination, Destination::SettingsJson))
        return SettingsApplier(m_workspace, guard, m_hook).apply(op);
    if (isNote(destination))
        return NoteApplier(m_clock, guard, m_hook).apply(destination, op, source);
    if (isWord(destination, Destination::Skill))
        return SkillApplier(m_workspace, m_clock, guard, m_hook).apply(op);
    return fail(unknownDestination(destination));
}

Result<bool> Applier::isStale(const QString& destination, const Json& op) const
{
    if (InOrderApplier::handles(destination, op))
        return false; // a group is as current as its items, each checked when it was taken
    if (const AgentHome* agent = m_workspace.agents().speaking(destination, op))
        return agent->isStale(m_workspace, m_clock, m_profile, destination, op);
    const PathGuard guard(m_workspace.root());
    if (isMemoryStore(destination))
        return MemoryApplier(m_workspace, guard, nullptr, m_profile).isStale(destination, op);
    if (isWord(destination, Destination::ClaudeMd))
        return DirectiveApplier(m_workspace, guard).isStale(op);
    if (isWord(destination, Destination::Skill))
        return SkillApplier(m_workspace, m_clock, guard).isStale(op);
    // A merge patch and a new note apply to whatever is there: they cannot go stale.
    if (isWord(destination, Destination::SettingsJson) || isNote(destination))
        return false;
    return fail(unknownDestination(destination));
}

Result<ApplyResult> Applier::revert(const QString& destination, const ApplyResult& applied) const
{
    for (const auto& agent : m_workspace.agents().all())
        if (agent->wrote(destination, applied))
            return agent->revert(m_workspace, applied, m_hook);
    const PathGuard guard(m_workspace.root());
    if (isMemoryStore(destination))
        return MemoryApplier(m_workspace, guard, m_hook, m_profile).revert(destination, applied);
    if (isWord(destination, Destination::Skill))
        return SkillApplier(m_workspace, m_clock, guard, m_hook).revert(applied);
    if (isWord(destination, Destination::ClaudeMd) || isWord(destination, Destination::SettingsJson)
        || isNote(destination))
        return DirectiveApplier::restore(guard, applied, m_hook);
    return fail(unknownDestination(destination));
}

} // namespace sediment
