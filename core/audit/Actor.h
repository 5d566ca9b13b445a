#pragma once

#include <QString>

namespace sediment {

class Workspace;

// Who an audit row says acted, written one way everywhere. A person deciding in the app or with
// an inbox verb is `human:<reviewer>`; a person running a maintenance verb (memory, skills,
// hermes) is `cli:<reviewer>`. The reviewer is always Workspace::reviewer(): on a team's server
// the database role the server vouches for, else sediment.json's `reviewer`, else the login
// name ($USER, $LOGNAME), else "founder". One person is then one name in every row.
class Actor final {
public:
    static QString human(const QString& reviewer) { return QStringLiteral("human:") + reviewer; }
    static QString human(const Workspace& workspace);
    static QString cli(const Workspace& workspace);
};

} // namespace sediment
