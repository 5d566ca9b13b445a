#pragma once

#include "util/Clock.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QString>

namespace sediment {

class Workspace;

// `sediment claude-code status` (docs/verbs.md#claude-code): whether the hook is in the user's
// settings, each project folder under ~/.claude/projects that has a memory folder, with its files,
// its pending items and the oldest one's age, and the pending directive writes.
class ClaudeCodeStatus final {
public:
    ClaudeCodeStatus(Workspace& workspace, const Clock& clock, QString home);
    Result<Json> toJson();

private:
    Workspace& m_workspace;
    const Clock& m_clock;
    QString m_home;
};

} // namespace sediment
