#pragma once

#include "util/Clock.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QString>

namespace sediment {

class Workspace;

// On a team's files host: writes the decisions other hosts' reviewers made (status `approved`),
// oldest first, each through the decision journal (InboxService::applyApproved). Every
// `sediment` command run there does this first, and `sediment settle --watch` keeps doing it.
// Anywhere else, and in an embedded workspace, it does nothing.
class TeamSettler final {
public:
    TeamSettler(Workspace& workspace, const Clock& clock) : m_workspace(workspace), m_clock(clock) {}

    struct Pass {
        int written = 0; // applied or modified
        int failed = 0;  // the store refused: recorded as failed
        int stale = 0;   // sent back to pending
        int skipped = 0; // taken meanwhile by another process of this host
        Json items = Json::array();
        Json toJson() const;
    };

    // Whether this machine is the files host of a team workspace.
    Result<bool> writesHere();
    Result<Pass> settle(int limit = 1000);

private:
    Workspace& m_workspace;
    const Clock& m_clock;
};

} // namespace sediment
