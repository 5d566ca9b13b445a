#pragma once

#include "util/Error.h"

#include <QString>

namespace sediment {

class Workspace;

// Who may decide what on a team's server (docs/user-guide.md#team-mode). Each reviewer is the
// database role it logs in as, with one right from the `reviewers` table: a viewer reads, an
// agent proposes and stages, a reviewer decides, an admin also decides the destinations kept for
// admins and grants rights. A role not listed has no access at all. The server enforces every
// right itself (store/postgres/PostgresRights.cpp); these checks only say no sooner, and in
// the words of the command. An embedded workspace (sediment.db) has one founder at one
// machine, and every right.
class TeamRights final {
public:
    explicit TeamRights(Workspace& workspace) : m_workspace(workspace) {}

    // The right an item of `destination` needs to be decided: "reviewer" or "admin".
    QString neededFor(const QString& destination) const;
    // Refuses, naming the right needed and the one held, unless this session may decide an item
    // of `destination`. `what` completes "... may not <what>" ("approve inbox item 7").
    Status mayDecide(const QString& destination, const QString& what) const;
    // Refuses a viewer: walking the queue to decide needs at least the right 'reviewer'.
    Status mayReview(const QString& what) const;
    // Only an admin grants rights, names the files host, ...: `what` completes "... may not <what>".
    Status mayAdminister(const QString& what) const;
    // The role's right as the table says, "none" when it is not listed.
    Result<QString> rightsOf(const QString& role) const;

    static bool isRight(const QString& rights);

private:
    Status require(const QString& needed, const QString& what) const;

    Workspace& m_workspace;
};

} // namespace sediment
