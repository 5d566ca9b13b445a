#include "skills/SkillFolders.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace sediment {

namespace {

// rename(2) and not QDir::rename: it is atomic, and it refuses to merge into an existing folder.
Status moveFolder(const QString& from, const QString& to)
{
    if (QFileInfo::exists(to))
        return fail(Error::refused(QStringLiteral("%1 already exists").arg(to)));
    if (std::rename(QFile::encodeName(from).constData(), QFile::encodeName(to).constData()) != 0)
        return fail(Error::io(
            QStringLiteral("cannot move %1 to %2: %3").arg(from, to, QString::fromLocal8Bit(std::strerror(errno)))));
    return {};
}

} // namespace

QString SkillFolders::liveFolder(const QString& name) const { return m_dir + QLatin1Char('/') + name; }

QString SkillFolders::skillFile(const QString& name) const { return liveFolder(name) + QStringLiteral("/SKILL.md"); }

bool SkillFolders::hasLiveFolder(const QString& name) const { return QFileInfo(liveFolder(name)).isDir(); }

SkillFolders::ArchiveTargets SkillFolders::archiveTargets(const QDateTime& now) const
{
    ArchiveTargets targets;
    // Every kind of entry, dangling links too: a name that is there in any form is taken.
    const QStringList entries =
        QDir(m_dir + QStringLiteral("/.archive"))
            .entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Unsorted);
    targets.m_taken = QSet<QString>(entries.cbegin(), entries.cend());
    targets.m_suffix = QLatin1Char('-') + now.toUTC().toString(QStringLiteral("yyyyMMddHHmmss"));
    return targets;
}

QString SkillFolders::ArchiveTargets::of(QStringView name) const
{
    if (m_taken.contains(name.toString()))
        return u".archive/" + name + m_suffix;
    return u".archive/" + name;
}

Status SkillFolders::archive(const QString& name, const QString& relativeTarget) const
{
    return archiveFolder(name, relativeTarget);
}

Status SkillFolders::archiveFolder(const QString& relativeSource, const QString& relativeTarget) const
{
    if (!QDir().mkpath(m_dir + QStringLiteral("/.archive")))
        return fail(Error::io(QStringLiteral("cannot create %1/.archive").arg(m_dir)));
    return moveFolder(m_dir + QLatin1Char('/') + relativeSource, m_dir + QLatin1Char('/') + relativeTarget);
}

Status SkillFolders::moveBack(const QString& relativeTarget, const QString& relativeSource) const
{
    return moveFolder(m_dir + QLatin1Char('/') + relativeTarget, m_dir + QLatin1Char('/') + relativeSource);
}

std::optional<QString> SkillFolders::findArchived(const QString& name, const std::optional<QString>& recorded) const
{
    if (recorded && QFileInfo(m_dir + QLatin1Char('/') + *recorded).isDir())
        return recorded;
    const QDir archive(m_dir + QStringLiteral("/.archive"));
    if (QFileInfo(archive.filePath(name)).isDir())
        return QStringLiteral(".archive/") + name;
    // Only <name>-<14 digits>: "foo-bar" is another skill, not a dated copy of "foo". The
    // suffixes sort as text in time order, so the last one is the newest.
    const QRegularExpression dated(QStringLiteral("^%1-\\d{14}$").arg(QRegularExpression::escape(name)));
    const QStringList entries = archive.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    for (auto it = entries.crbegin(); it != entries.crend(); ++it) {
        if (dated.match(*it).hasMatch())
            return QStringLiteral(".archive/") + *it;
    }
    return std::nullopt;
}

Status SkillFolders::restore(const QString& name, const QString& relativeSource) const
{
    if (QFileInfo::exists(liveFolder(name)))
        return fail(
            Error::refused(QStringLiteral("skills/%1 already exists; move it away before restoring").arg(name)));
    return moveFolder(m_dir + QLatin1Char('/') + relativeSource, liveFolder(name));
}

} // namespace sediment
