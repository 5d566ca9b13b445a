#include "hermes/SkillNotFound.h"

#include "skills/SkillTree.h"

#include <QDir>
#include <QFileInfo>
#include <QStringList>

#include <utility>
#include <vector>

namespace sediment {

QString SkillNotFound::profileOf(const QString& home)
{
    const QFileInfo info(QDir::cleanPath(home));
    return QFileInfo(info.absolutePath()).fileName() == QLatin1String("profiles") ? info.fileName()
                                                                                  : QStringLiteral("default");
}

QString SkillNotFound::message(const QString& home, const QString& name, const QString& suffix)
{
    const QString active = profileOf(home);
    QString base = QStringLiteral("Skill '%1' not found in active profile '%2'.").arg(name, active);
    // The same name in another profile of the same root usually means the wrong profile.
    const QString root =
        active == QLatin1String("default") ? home : QFileInfo(QFileInfo(home).absolutePath()).absolutePath();
    std::vector<std::pair<QString, QString>> others;
    const QString activeSkills = SkillTree::resolve(home + QStringLiteral("/skills"));
    if (SkillTree::resolve(root + QStringLiteral("/skills")) != activeSkills)
        if (auto found = SkillTree(root + QStringLiteral("/skills")).find(name))
            others.push_back({QStringLiteral("default"), *found});
    const QDir profiles(root + QStringLiteral("/profiles"));
    for (const QString& p : profiles.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        const QString skills = profiles.filePath(p) + QStringLiteral("/skills");
        if (SkillTree::resolve(skills) == activeSkills)
            continue;
        if (auto found = SkillTree(skills).find(name))
            others.push_back({p, *found});
    }
    if (others.size() == 1) {
        base += QStringLiteral(" A skill by that name exists in profile '%1' (%2). To edit a skill "
                               "in another profile, switch profiles (`hermes -p %1`) or operate "
                               "via explicit file tools with ``cross_profile=True``.")
                    .arg(others.front().first, others.front().second);
    } else if (others.size() > 1) {
        QStringList names;
        for (const auto& o : others)
            names << QStringLiteral("'%1'").arg(o.first);
        base += QStringLiteral(" Skills by that name exist in other profiles: %1. Switch profiles "
                               "(`hermes -p <name>`) to edit there, or operate via explicit file "
                               "tools with ``cross_profile=True``.")
                    .arg(names.join(QStringLiteral(", ")));
    } else {
        base += QStringLiteral(" Use skills_list() to see available skills.");
    }
    return base + suffix;
}

} // namespace sediment
