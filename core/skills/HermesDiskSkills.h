#pragma once

#include "util/Error.h"

#include <QDateTime>

namespace sediment {

class Workspace;

// On a Hermes home, every skill Hermes' own walk finds on disk (SkillWalk, with its exclusions)
// becomes a skill of the workspace, whether or not skills/.usage.json holds a record for it yet:
// a skill the user wrote, or one on a home before its first curator run, is listed and can be
// pinned (docs/user-guide.md#hermes). A skill without a record gets Hermes' baseline values
// (_empty_record at `now`) and its provenance: bundled (skills/.bundled_manifest), hub
// (skills/.hub/lock.json), else user. Nothing is written to the home: a pin writes the record
// then, as Hermes' set_pinned creates it.
class HermesDiskSkills final {
public:
    // Adds the skills on disk the workspace does not hold; how many it added.
    static Result<int> adopt(Workspace& workspace, const QDateTime& now);
};

} // namespace sediment
