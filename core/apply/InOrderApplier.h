#pragma once

#include "apply/Applier.h"

namespace sediment {

class Workspace;
class WriteHook;

// A group's items aimed at one file whose store has no batch of its own (CLAUDE.md, a settings
// file, a Claude Code memory file): the op is {"action": "batch", "operations": [...], "group":
// [ids]} (InboxGroup::combinedOp). Each operation is applied by its destination's own applier to
// what the ones before it left, and the file is written once, with the final bytes, through the
// caller's hook (the decision journal): all or nothing. One that refuses refuses the group and
// nothing is written; one that finds its change already made is passed over, as on its own.
class InOrderApplier final {
public:
    static bool handles(const QString& destination, const Json& op);

    InOrderApplier(Workspace& workspace, const Clock& clock, WriteHook* hook, QString profile);

    Result<ApplyResult> apply(const QString& destination, const Json& op, const Json& source) const;

private:
    Workspace& m_workspace;
    const Clock& m_clock;
    WriteHook* m_hook;
    QString m_profile;
};

} // namespace sediment
