#include "skills/UsageLink.h"

#include "skills/HermesUsageFile.h"
#include "store/SkillRepository.h"

namespace sediment {

Result<std::optional<QString>> UsageLink::path() const { return SkillRepository(m_db).usageLink(); }

Result<QString> UsageLink::fileOr(const QString& homeFile) const
{
    auto linked = path();
    if (!linked)
        return fail(linked.error());
    return linked->value_or(homeFile);
}

Status UsageLink::writeBack(const std::vector<Skill>& changed, const QDateTime& now) const
{
    if (changed.empty())
        return {};
    auto linked = path();
    if (!linked)
        return fail(linked.error());
    if (!*linked)
        return {};
    return HermesUsageFile::writeBack(**linked, HermesUsageFile::Field::State, changed, now);
}

} // namespace sediment
