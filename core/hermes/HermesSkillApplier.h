#pragma once

#include "apply/Applier.h"

namespace sediment {

// skill, for a write Hermes staged in `pending/skills/`: the op is skill_manage's payload and is
// applied by SkillManage exactly as Hermes would replay it. Hermes' refusal is the store's "no"
// (the item becomes `failed` with Hermes' message); such an item is never stale, since Hermes'
// message is the answer a reviewer needs.
class HermesSkillApplier final {
public:
    // `profile`: the Hermes profile the write was staged in; its own skills/ takes it. `hook`
    // journals a batch, whose several files make one decision (SkillManageBatch).
    HermesSkillApplier(Workspace& workspace, const Clock& clock, QString profile = QString(),
                       WriteHook* hook = nullptr);

    Result<ApplyResult> apply(const Json& op) const;

private:
    Workspace& m_workspace;
    const Clock& m_clock;
    QString m_profile;
    WriteHook* m_hook = nullptr;
};

} // namespace sediment
