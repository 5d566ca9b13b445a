#pragma once

#include "apply/Applier.h"

namespace sediment {

class Database;
class PathGuard;
class WriteHook;
struct SkillCreate;
struct SkillPatch;

// skill: create `skills/<name>/SKILL.md` (refused when it exists: propose a patch instead) or
// patch it like a directives file (a missing file or anchor makes the item stale), and record
// the skill in the registry (docs/user-guide.md#skills): created_by=agent on creation, the patch telemetry on a patch.
class SkillApplier final {
public:
    SkillApplier(Workspace& workspace, const Clock& clock, const PathGuard& guard, WriteHook* hook = nullptr);

    Result<ApplyResult> apply(const SkillCreate& op) const;
    Result<ApplyResult> apply(const SkillPatch& op) const;
    // A creation cannot go stale; a patch is stale when its file or its anchor is gone.
    Result<bool> isStale(const SkillPatch& op) const;
    // Reverting a creation removes the file (and its folder when left empty); the registry
    // record stays, as nothing in the registry is ever deleted.
    Result<ApplyResult> revert(const ApplyResult& applied) const;

    static QString pathFor(const QString& name);
    // The registry's side of a write made for `op` by someone else (a group's one write,
    // InOrderApplier): a creation registered as the agent's, a patch counted.
    static Status record(Database& db, const Clock& clock, const Json& op);

private:
    Workspace& m_workspace;
    const Clock& m_clock;
    const PathGuard& m_guard;
    WriteHook* m_hook = nullptr;
};

} // namespace sediment
