#include "workspace/WorkspaceProfiles.h"

#include "model/Destination.h"
#include "model/ProfileName.h"
#include "workspace/Config.h"
#include "workspace/HermesConfig.h"
#include "workspace/Workspace.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QMutex>

#include <algorithm>
#include <utility>

namespace sediment {

namespace {

// A file's identity for the cache below: the limits are read again when either file changes.
QString stamp(const QString& path)
{
    const QFileInfo f(path);
    return f.exists()
               ? QString::number(f.lastModified().toMSecsSinceEpoch()) + QLatin1Char(':') + QString::number(f.size())
               : QStringLiteral("-");
}

// Limits of a named profile, {memory, user}. Staleness checks ask for them once per pending
// item, so the two files are parsed once per change rather than once per item.
std::pair<int, int> profileLimits(const Workspace& ws, const QString& profile)
{
    static QMutex mutex;
    static QHash<QString, std::pair<QString, std::pair<int, int>>> cache;
    const QString own = ws.path(QStringLiteral("sediment.json"));
    const QString yamlPath = WorkspaceProfiles::homeOf(ws.root(), profile) + QStringLiteral("/config.yaml");
    const QString key = stamp(own) + QLatin1Char('|') + stamp(yamlPath);
    const QMutexLocker lock(&mutex);
    if (auto it = cache.constFind(yamlPath); it != cache.cend() && it->first == key)
        return it->second;
    const auto mine = Config::load(own);
    const HermesConfig yaml = HermesConfig::load(yamlPath);
    const std::optional<int> memory = mine ? mine->memoryCharLimit : std::nullopt;
    const std::optional<int> user = mine ? mine->userCharLimit : std::nullopt;
    const std::pair<int, int> limits{memory.value_or(yaml.memoryCharLimit.value_or(2200)),
                                     user.value_or(yaml.userCharLimit.value_or(1375))};
    cache.insert(yamlPath, {key, limits});
    return limits;
}

} // namespace

bool WorkspaceProfile::isDefault() const { return name == ProfileName::defaultName(); }

std::vector<WorkspaceProfile> WorkspaceProfiles::list(const QString& root)
{
    std::vector<WorkspaceProfile> out{{ProfileName::defaultName(), root}};
    const QDir folder(root + QStringLiteral("/profiles"));
    if (!folder.exists())
        return out;
    const QStringList names = folder.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    for (const QString& name : names) {
        if (name == ProfileName::defaultName() || !ProfileName::isValid(name))
            continue;
        // Hermes keeps a deleted profile's folder and marks it with a tombstone beside it.
        if (QFileInfo::exists(folder.filePath(QStringLiteral(".deleted/") + name)))
            continue;
        out.push_back({name, folder.filePath(name)});
    }
    return out;
}

QString WorkspaceProfiles::homeOf(const QString& root, const QString& name)
{
    if (name.isEmpty() || name == ProfileName::defaultName())
        return root;
    return root + QStringLiteral("/profiles/") + name;
}

QString WorkspaceProfiles::prefixOf(const QString& name)
{
    if (name.isEmpty() || name == ProfileName::defaultName())
        return QString();
    return QStringLiteral("profiles/") + name + QLatin1Char('/');
}

QString WorkspaceProfiles::memoryFile(const Workspace& ws, const QString& target, const QString& profile)
{
    const QString prefix = prefixOf(profile);
    if (prefix.isEmpty())
        return ws.memoryFile(target);
    return ws.path(prefix
                   + (isWord(target, Destination::User) ? QStringLiteral("memories/USER.md")
                                                        : QStringLiteral("memories/MEMORY.md")));
}

int WorkspaceProfiles::charLimit(const Workspace& ws, const QString& target, const QString& profile)
{
    if (prefixOf(profile).isEmpty())
        return ws.charLimit(target);
    const auto limits = profileLimits(ws, profile);
    return isWord(target, Destination::User) ? limits.second : limits.first;
}

} // namespace sediment
