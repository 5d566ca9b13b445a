#pragma once

#include "util/Clock.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QStringList>

namespace sediment {

class Workspace;

// Fills a workspace with a realistic sample through the real services (the same paths an agent
// and a reviewer take), so every figure on every screen is produced by the code it shows off.
class DemoWorkspace final {
public:
    // Returns counts of what was created; {"already_there": true} for a workspace this filled
    // before, which is left as it is. The sample writes its own CLAUDE.md and settings.json and
    // mixes its proposals and decisions into the log, so a workspace that holds anything else is
    // refused (Refused, naming what it holds) and nothing is changed.
    static Result<Json> fill(Workspace& workspace, const Clock& clock);

    // What the workspace holds already ("CLAUDE.md", "12 audit rows"...): empty for a new one.
    // Also how the command line knows a workspace it just created for a refused input is empty.
    static Result<QStringList> held(Workspace& workspace);
};

} // namespace sediment
