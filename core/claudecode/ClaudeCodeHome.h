#pragma once

#include "agent/AgentHome.h"

namespace sediment {

// Claude Code's home behind the agent port (AgentHome, docs/architecture.md#agent-homes): the
// proposals in its words are the Write, Edit and MultiEdit inputs its hook staged (ClaudeCodeOp),
// every claude_memory op and a claude_md op that carries its tool, applied by ClaudeCodeApplier
// exactly as the tool would have written them, to files outside the workspace that
// ClaudeWatchedPaths allows. Its hook stages a write as Claude Code calls it and denies the call,
// so nothing waits in Claude Code's home to be imported, claimed or settled.
class ClaudeCodeHome final : public AgentHome {
public:
    QString name() const override;

    bool speaks(const QString& destination, const Json& op) const override;
    // The tool, the file's name and the text written (or how many edits).
    QString gist(const QString& destination, const Json& op) const override;
    // The file a tool writes: writes to one file are one group, applied in order as one.
    std::optional<AgentTarget> target(const InboxItem& item) const override;
    // The op without the session's folder (ClaudeCodeOp::identity).
    std::optional<Json> identity(const QString& destination, const Json& op) const override;
    std::optional<Result<Json>> normalise(const QString& destination, const Json& op,
                                          Sanitizer& sanitizer) const override;

    Result<ApplyResult> apply(Workspace& workspace, const Clock& clock, const QString& profile,
                              const QString& destination, const Json& op, WriteHook* hook) const override;
    Result<bool> isStale(Workspace& workspace, const Clock& clock, const QString& profile, const QString& destination,
                         const Json& op) const override;
    bool wrote(const QString& destination, const ApplyResult& applied) const override;
    Result<ApplyResult> revert(Workspace& workspace, const ApplyResult& applied, WriteHook* hook) const override;

    Result<Json> status(Workspace& workspace, const Clock& clock) const override;
};

} // namespace sediment
