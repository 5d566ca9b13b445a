#include "apply/Applier.h"

#include "apply/ClaudeCodeApplier.h"
#include "apply/DirectiveApplier.h"
#include "apply/HermesSkillApplier.h"
#include "apply/InOrderApplier.h"
#include "apply/MemoryApplier.h"
#include "apply/NoteApplier.h"
#include "apply/SettingsApplier.h"
#include "apply/SkillApplier.h"
#include "claudecode/ClaudeCodeOp.h"
#include "hermes/StagedSkillWrite.h"
#include "model/Destination.h"
#include "workspace/PathGuard.h"
#include "workspace/Workspace.h"

#include <QDir>

namespace sediment {

namespace {

Error unknownDestination(const QString& d) { return parseDestination(d).error(); }

// Claude Code's own writes: every claude_memory op, and a claude_md op that carries its tool.
bool isClaudeCodeWrite(const QString& destination, const Json& op)
{
    return isWord(destination, Destination::ClaudeMemory)
           || (isWord(destination, Destination::ClaudeMd) && ClaudeCodeOp::isPayload(op));
}

QString home() { return QDir::homePath(); }

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
    // Built per call: the guard canonicalises the root, and a workspace can be moved between calls.
    if (isClaudeCodeWrite(destination, op))
        return ClaudeCodeApplier(home(), m_hook).apply(destination, op);
    const PathGuard guard(m_workspace.root());
    if (isMemoryStore(destination))
        return MemoryApplier(m_workspace, guard, m_hook, m_profile).apply(destination, op);
    if (isWord(destination, Destination::ClaudeMd))
        return DirectiveApplier(m_workspace, guard, m_hook).apply(op);
    if (isWord(destination, Destination::SettingsJson))
        return SettingsApplier(m_workspace, guard, m_hook).apply(op);
    if (isNote(destination))
        return NoteApplier(m_clock, guard, m_hook).apply(destination, op, source);
    if (isWord(destination, Destination::Skill) && StagedSkillWrite::isPayload(op))
        return HermesSkillApplier(m_workspace, m_clock, m_profile, m_hook).apply(op);
    if (isWord(destination, Destination::Skill))
        return SkillApplier(m_workspace, m_clock, guard, m_hook).apply(op);
    return fail(unknownDestination(destination));
}

Result<bool> Applier::isStale(const QString& destination, const Json& op) const
{
    if (InOrderApplier::handles(destination, op))
        return false; // a group is as current as its items, each checked when it was taken
    if (isClaudeCodeWrite(destination, op))
        return ClaudeCodeApplier(home()).isStale(op);
    const PathGuard guard(m_workspace.root());
    if (isMemoryStore(destination))
        return MemoryApplier(m_workspace, guard, nullptr, m_profile).isStale(destination, op);
    if (isWord(destination, Destination::ClaudeMd))
        return DirectiveApplier(m_workspace, guard).isStale(op);
    if (isWord(destination, Destination::Skill) && StagedSkillWrite::isPayload(op))
        return false; // Hermes' refusal at approval is the answer, not a stale flag
    if (isWord(destination, Destination::Skill))
        return SkillApplier(m_workspace, m_clock, guard).isStale(op);
    // A merge patch and a new note apply to whatever is there: they cannot go stale.
    if (isWord(destination, Destination::SettingsJson) || isNote(destination))
        return false;
    return fail(unknownDestination(destination));
}

Result<ApplyResult> Applier::revert(const QString& destination, const ApplyResult& applied) const
{
    // Claude Code's files are the only targets recorded by their absolute path.
    if (isWord(destination, Destination::ClaudeMemory)
        || (isWord(destination, Destination::ClaudeMd) && applied.targetPath
            && QDir::isAbsolutePath(*applied.targetPath)))
        return ClaudeCodeApplier(home(), m_hook).revert(applied);
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
