#include "hermes/HermesSkillApplier.h"

#include "hermes/SkillBatch.h"
#include "hermes/SkillManage.h"
#include "hermes/SkillManageBatch.h"
#include "model/Destination.h"
#include "workspace/Workspace.h"
#include "workspace/WorkspaceProfiles.h"

#include <QDir>

namespace sediment {

HermesSkillApplier::HermesSkillApplier(Workspace& workspace, const Clock& clock, QString profile, WriteHook* hook)
    : m_workspace(workspace)
    , m_clock(clock)
    , m_profile(std::move(profile))
    , m_hook(hook)
{}

Result<ApplyResult> HermesSkillApplier::apply(const Json& op) const
{
    const QString home = WorkspaceProfiles::homeOf(m_workspace.root(), m_profile);
    SkillManage::Outcome o;
    if (SkillBatch::isBatch(op)) {
        auto batch = SkillManageBatch(home).apply(op, m_clock.now(), m_hook, m_workspace.root());
        if (!batch)
            return fail(batch.error());
        o = std::move(*batch);
    } else {
        o = SkillManage(home).apply(op, m_clock.now());
    }
    if (!o.success)
        return ApplyResult::refusal(toString(Destination::Skill), o.message);
    ApplyResult r;
    r.applied = true;
    r.store = toString(Destination::Skill);
    r.message = o.message;
    // A write of one file can be reverted; a removal (file or whole skill) cannot.
    if (o.file && o.after) {
        r.targetPath = QDir(m_workspace.root()).relativeFilePath(*o.file);
        r.before = o.before;
        r.after = o.after;
    }
    r.detail = {{"success", true}, {"message", toStd(o.message)}};
    return r;
}

} // namespace sediment
