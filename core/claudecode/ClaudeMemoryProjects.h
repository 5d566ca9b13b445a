#pragma once

#include "claudecode/ClaudeMemoryProject.h"
#include "util/Error.h"

#include <QString>

#include <vector>

namespace sediment {

// Every Claude Code project with an auto-memory folder under `home`/.claude/projects, by slug
// (docs/user-guide.md#claude-code). A project whose folder cannot be read is left out and named
// in problems(), so one bad folder does not hide the others.
class ClaudeMemoryProjects final {
public:
    static ClaudeMemoryProjects scan(const QString& home);

    const std::vector<ClaudeMemoryProject>& projects() const { return m_projects; }
    const QStringList& problems() const { return m_problems; }

private:
    std::vector<ClaudeMemoryProject> m_projects;
    QStringList m_problems;
};

} // namespace sediment
