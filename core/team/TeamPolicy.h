#pragma once

#include "util/Error.h"

#include <QString>

#include <array>
#include <optional>

namespace sediment {

class Clock;
class Workspace;

// The destinations a team keeps for admins (`admin_destinations`) and for two approvals
// (`two_person_destinations`) are enforced by the server, from its own copy in team_settings:
// a reviewer's sediment.json cannot loosen them. An admin's sediment.json is the source of the
// keys it sets: each time an admin opens the workspace, a list it sets that differs from the
// server's copy is published there, audited as `team.policy`; a key it leaves out changes
// nothing, so another admin's plain file never clears the team's rules
// (docs/user-guide.md#reviewers-and-rights).
class TeamPolicy final {
public:
    TeamPolicy(Workspace& workspace, const Clock& clock) : m_workspace(workspace), m_clock(clock) {}

    // Publishes an admin's lists, then gives the workspace the server's copy, so that what this
    // host says before asking the server (who may approve, what is still needed) is the
    // server's rule. Nothing on an embedded workspace.
    Status publish();

    static constexpr const char* kAdminKey = "admin_destinations";
    static constexpr const char* kTwoPersonKey = "two_person_destinations";

private:
    // One list: the admin's file's own spelling of it, whether the file sets it, and the
    // server's copy (none before anybody published it).
    struct Rule {
        const char* key;
        bool set = false;
        QString own;
        std::optional<QString> stored;
    };

    // Writes, audited in one transaction, each list the admin's file sets and the server holds
    // otherwise; `rules` then hold what the server holds.
    Status publishOwn(std::array<Rule, 2>& rules);

    Workspace& m_workspace;
    const Clock& m_clock;
};

} // namespace sediment
