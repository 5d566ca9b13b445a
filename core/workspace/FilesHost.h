#pragma once

#include "util/Error.h"

#include <QString>

#include <optional>

namespace sediment {

class Workspace;

// Where a team workspace's files live (docs/user-guide.md#team-mode). The memory files, skills,
// CLAUDE.md and settings belong to the agent, on its host; reviewers decide from anywhere. With
// a files host set (`sediment team files-host HOST`), a decision made on another host is
// recorded as `approved` and written by the files host's next sediment command (or its
// `sediment settle --watch`), through the decision journal. Unset, every host writes its own
// folder, as an embedded workspace does.
class FilesHost final {
public:
    static constexpr const char* kKey = "files_host";

    // The name this machine goes by: $SEDIMENT_HOST, else its host name (a container's is
    // often random, hence the override).
    static QString thisHost();
    // The files host when it is set and is not this machine; nothing for an embedded workspace.
    static Result<std::optional<QString>> elsewhere(Workspace& workspace);
    static Result<std::optional<QString>> configured(Workspace& workspace);
};

} // namespace sediment
