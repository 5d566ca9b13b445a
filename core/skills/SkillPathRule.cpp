#include "skills/SkillPathRule.h"

#include <algorithm>
#include <array>

namespace sediment {

bool SkillPathRule::excludedFolder(QByteArrayView name)
{
    static constexpr std::array<QByteArrayView, 14> kExcluded{
        ".git",          ".github",     ".hub", ".archive", ".venv",         "venv",        "node_modules",
        "site-packages", "__pycache__", ".tox", ".nox",     ".pytest_cache", ".mypy_cache", ".ruff_cache"};
    return std::find(kExcluded.begin(), kExcluded.end(), name) != kExcluded.end();
}

bool SkillPathRule::supportFolder(QByteArrayView name)
{
    return name == "references" || name == "templates" || name == "assets" || name == "scripts";
}

} // namespace sediment
