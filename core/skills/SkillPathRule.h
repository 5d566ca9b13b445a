#pragma once

#include <QByteArrayView>

namespace sediment {

// Which folders under a Hermes home's skills/ hold no skills, as Hermes' is_excluded_skill_path
// decides for every SKILL.md it finds: one of a fixed set of folder names (its own metadata,
// version control, virtualenvs, dependency and cache trees) anywhere on the path, or a support
// folder (references, templates, assets, scripts) directly inside a folder that has a SKILL.md,
// whose files belong to that skill. Other hidden folders are walked like any folder. Names are
// compared as the bytes on disk; every name in both sets is ASCII.
class SkillPathRule final {
public:
    static bool excludedFolder(QByteArrayView name);
    // Also the folders skill_manage lets a supporting file live under.
    static bool supportFolder(QByteArrayView name);
};

} // namespace sediment
