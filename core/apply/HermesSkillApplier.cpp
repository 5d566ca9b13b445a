#include "apply/HermesSkillApplier.h"

#include "hermes/HermesProfiles.h"
#include "hermes/SkillManage.h"
#include "proposal/Destination.h"
#include "workspace/Workspace.h"

#include <QDir>

namespace sediment {

HermesSkillApplier::HermesSkillApplier(Workspace& workspace, const Clock& clock, QString profile)
    : m_workspace(workspace)
    , m_clock(clock)
    , m_profile(std::move(profile))
{}

Result<ApplyResult> HermesSkillApplier::apply(const Json& op) const
{
    const SkillManage manage(HermesProfiles::homeOf(m_workspace.root(), m_profile));
    const SkillManage::Outcome o = manage.apply(op, m_clock.now());
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
