#pragma once

#include "util/Error.h"

namespace sediment {

class Clock;
class Workspace;

// The destinations a team keeps for admins (`admin_destinations`) and for two approvals
// (`two_person_destinations`) are enforced by the server, from its own copy in team_settings:
// a reviewer's sediment.json cannot loosen them. An admin's sediment.json is the source: each
// time an admin opens the workspace, a list that differs from the server's copy is published
// there, audited as `team.policy` (docs/user-guide.md#reviewers-and-rights).
class TeamPolicy final {
public:
    TeamPolicy(Workspace& workspace, const Clock& clock) : m_workspace(workspace), m_clock(clock) {}

    // Nothing on an embedded workspace, or for a session that is not an admin's.
    Status publish();

    static constexpr const char* kAdminKey = "admin_destinations";
    static constexpr const char* kTwoPersonKey = "two_person_destinations";

private:
    Workspace& m_workspace;
    const Clock& m_clock;
};

} // namespace sediment
