#include "skills/UsageLink.h"

#include "skills/HermesUsageFile.h"
#include "store/SkillRepository.h"

#include <QFileInfo>

namespace sediment {

bool UsageLink::isUsageFile(const QString& path)
{
    const QFileInfo info(path);
    return info.isAbsolute() && info.fileName() == QLatin1String(".usage.json")
           && QFileInfo(info.path()).fileName() == QLatin1String("skills") && !path.contains(QLatin1String("/../"))
           && !path.contains(QLatin1String("/./"));
}

Result<std::optional<QString>> UsageLink::path() const
{
    auto linked = SkillRepository(m_db).usageLink();
    if (!linked || !*linked || isUsageFile(**linked))
        return linked;
    return fail(Error::invalid(QStringLiteral("the linked skill usage file '%1' is not a Hermes skills/.usage.json: "
                                              "nothing is written to it; import the right one with "
                                              "`sediment skills import-hermes FILE`")
                                   .arg(**linked)));
}

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
