#pragma once

#include "util/Error.h"

#include <QDateTime>
#include <QString>
#include <QStringList>

namespace sediment {

// The `.usage.json` side of an applied skill write, as Hermes' skill_manage records it through
// `tools/skill_usage.py`: patch, edit, write_file and remove_file bump patch_count and
// last_patched_at; delete drops the skill's record; a create approved by a human is not marked
// agent-created. Each change is one read-modify-write under `skills/.usage.json.lock` (the flock
// Hermes takes), in Hermes' format. A file that is not a JSON object is left alone rather than
// replaced by a fresh map.
class SkillUsageTelemetry final {
public:
    explicit SkillUsageTelemetry(QString skillsDir);

    Status bumpPatch(const QString& name, const QDateTime& now);
    // Several bumps in one read-modify-write (a skill batch's writes), a name once per write.
    Status bumpPatches(const QStringList& names, const QDateTime& now);
    Status forget(const QString& name);
    // Hermes' delete guard reads this; an unreadable file means "not pinned", as in Hermes.
    bool isPinned(const QString& name) const;

private:
    QString usagePath() const;

    QString m_skillsDir;
};

} // namespace sediment
