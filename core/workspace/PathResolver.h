#pragma once

#include "util/Error.h"

#include <QString>

namespace sediment {

// What TargetFile asks before it reads or writes: the absolute path a name stands for, or why it
// may not be touched. The workspace's PathGuard confines names to the workspace; the Claude Code
// guard (ClaudeWatchedPaths) allows only the files Claude Code loads as memory or directives.
class PathResolver {
public:
    virtual ~PathResolver() = default;
    virtual Result<QString> resolve(const QString& name) const = 0;
};

} // namespace sediment
