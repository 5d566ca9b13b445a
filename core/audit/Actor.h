#pragma once

#include <QString>

namespace sediment {

class Workspace;

// Who an audit row says acted, written one way everywhere (docs/user-guide.md#audit). A person
// deciding in the app or with an inbox verb is `human:<reviewer>`; a person running a maintenance
// verb (memory, skills, hermes) is `cli:<reviewer>`. The reviewer is always Workspace::reviewer():
// on a team's server the database role the server vouches for, else sediment.json's `reviewer`,
// else the login name ($USER, $LOGNAME), else "founder". One person is then one name in every row.
// The others are not people: an agent that proposed or staged a write (`agent:<name>`), a gate or
// gate chain that decided (`gate:<name>`), the skill curator and the decision auto-reviewer.
class Actor final {
public:
    static QString human(const QString& reviewer) { return QStringLiteral("human:") + reviewer; }
    static QString human(const Workspace& workspace);
    static QString cli(const Workspace& workspace);
    static QString agent(const QString& name) { return QStringLiteral("agent:") + name; }
    static QString gate(const QString& name) { return QStringLiteral("gate:") + name; }
    static QString curator() { return QStringLiteral("curator"); }
    static QString autoReviewer() { return QStringLiteral("auto"); }

    // A decision review's actor: the auto-reviewer signs as itself, anyone else as a person.
    static QString reviewing(const QString& reviewer);
    // The person behind a `human:` actor, for messages; any other actor as it is.
    static QString personOf(const QString& actor);
};

} // namespace sediment
