#pragma once

#include "apply/Applier.h"

namespace sediment {

class WriteHook;

// claude_memory, and claude_md ops that Claude Code asked for (ClaudeCodeOp): writes exactly what
// its Write, Edit or MultiEdit would have written, to a file outside the workspace that
// ClaudeWatchedPaths allows (re-checked before the write, links resolved). An edit that no longer
// applies makes the item stale; nothing is written then. `home`: the user's home folder.
class ClaudeCodeApplier final {
public:
    ClaudeCodeApplier(QString home, WriteHook* hook = nullptr);

    Result<ApplyResult> apply(const QString& destination, const Json& op) const;
    Result<bool> isStale(const Json& op) const;
    // Puts back what the approval found; the file must still hold what it wrote.
    Result<ApplyResult> revert(const ApplyResult& applied) const;

private:
    QString m_home;
    WriteHook* m_hook = nullptr;
};

} // namespace sediment
