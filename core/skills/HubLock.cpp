#include "skills/HubLock.h"

#include "skills/SkillTree.h"
#include "skills/SkillWalk.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <nlohmann/json.hpp>

namespace sediment {

namespace {

// The install_path folder as Hermes resolves it, or nothing when it leaves skills/ (the check
// skill_manage makes of a supporting file's path).
std::optional<QString> installFolder(const QString& skillsDir, const QString& installPath)
{
    const QString joined = QDir::isAbsolutePath(installPath) ? installPath : skillsDir + QLatin1Char('/') + installPath;
    if (SkillTree::checkWithin(joined, skillsDir))
        return std::nullopt;
    return SkillTree::resolve(joined);
}

} // namespace

QSet<QString> HubLock::installedNames(const QString& skillsDir)
{
    QSet<QString> names;
    QFile file(skillsDir + QStringLiteral("/.hub/lock.json"));
    if (!file.open(QIODevice::ReadOnly))
        return names;
    const QByteArray bytes = file.readAll();
    // Python's json.loads refuses a leading byte order mark, which nlohmann would skip.
    if (bytes.startsWith("\xEF\xBB\xBF"))
        return names;
    const auto data = nlohmann::json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr, false);
    if (!data.is_object())
        return names;
    const auto installed = data.find("installed");
    if (installed == data.end() || !installed->is_object())
        return names;
    for (const auto& [key, entry] : installed->items()) {
        names.insert(QString::fromStdString(key));
        if (!entry.is_object())
            continue;
        const auto path = entry.find("install_path");
        if (path == entry.end() || !path->is_string())
            continue;
        const QString installPath = QString::fromStdString(path->get<std::string>());
        if (installPath.trimmed().isEmpty())
            continue;
        const auto folder = installFolder(skillsDir, installPath);
        if (!folder)
            continue;
        const QString skillFile = *folder + QStringLiteral("/SKILL.md");
        if (QFileInfo::exists(skillFile))
            names.insert(SkillWalk::readName(skillFile, QFileInfo(*folder).fileName()));
    }
    return names;
}

} // namespace sediment
