#pragma once

#include "util/Error.h"

#include <QByteArray>
#include <QSet>
#include <QString>

namespace sediment {

// The skills that a Hermes home's cron jobs name (cron/jobs.json). Hermes' curator treats each
// of them like a pinned skill, paused and disabled jobs included, so that a job that fires
// rarely never loses its skill. The reader takes bytes so that it can be fuzzed on its own.
class CronSkillRefs final {
public:
    // The names in `bytes`, read as Hermes reads the store: a UTF-8 BOM is ignored, raw control
    // characters inside strings are tolerated, the top level is {"jobs": [...]}, a bare list of
    // jobs or {"jobs": {id: job}}; every job's `skills` (a list or one string) and legacy `skill`
    // count, blank ones dropped, an absolute path under `skillsDir` made relative to it. A store
    // Hermes could not read is an error (its curator then protects nothing).
    static Result<QSet<QString>> parse(const QByteArray& bytes, const QString& skillsDir);

    // <home>/cron/jobs.json; a missing file names nothing.
    static Result<QSet<QString>> load(const QString& home);
};

} // namespace sediment
