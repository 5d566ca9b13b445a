#pragma once

#include <QSet>
#include <QString>

namespace sediment {

// Hermes' skills/.hub/lock.json, the record of skills installed from the skills hub, read as
// Hermes reads it to keep the curator off them: the names under "installed", and the skill in
// each entry's install_path folder (relative to skills/ or absolute, symlinks followed, and
// only while it stays inside skills/), named by its SKILL.md's frontmatter. A hub install can
// land under a folder whose skill is named differently from its lock key; the key alone would
// leave that skill to the curator.
class HubLock final {
public:
    // Empty when the file is missing or not a JSON object, as Hermes reads it.
    static QSet<QString> installedNames(const QString& skillsDir);
};

} // namespace sediment
