#pragma once

#include "claudecode/ClaudeFileKind.h"
#include "claudecode/ClaudeHookCall.h"
#include "util/Clock.h"
#include "util/Error.h"

#include <QString>

#include <optional>

namespace sediment {

class Workspace;

// Files a Claude Code write the hook held back as a pending inbox item (docs/verbs.md#claude-code),
// past the gate chain: the write is already denied to Claude Code, so only a person can let it
// through. One transaction: the same write still pending is seen once more instead (its content
// hash, as for every proposal, over the write alone: the session and its folder are provenance);
// a write a person refused before is rejected at once by refusal memory. Audited as the agent
// `claude-code`.
class ClaudeCodeStager final {
public:
    struct Staged {
        qint64 id = 0;
        int seen = 1;
        // Set when refusal memory turned it down: the earlier refusal's reason.
        std::optional<QString> refused;
    };

    ClaudeCodeStager(Workspace& workspace, const Clock& clock, QString home);

    // Invalid when the write cannot be represented (ClaudeCodeOp::normalise's message).
    Result<Staged> stage(const ClaudeHookCall& call, ClaudeFileKind kind);

private:
    Workspace& m_workspace;
    const Clock& m_clock;
    QString m_home;
};

} // namespace sediment
