#include "hermes/SkillTree.h"

#include "skills/SkillPathRule.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

#include <unistd.h>

namespace sediment {

namespace {

bool excludedDir(const QString& name) { return SkillPathRule::excludedFolder(QFile::encodeName(name)); }

bool supportDir(const QString& name) { return SkillPathRule::supportFolder(QFile::encodeName(name)); }

// Relative paths of every SKILL.md under `dir`, as Hermes' walk collects them.
void collect(const QString& root, const QString& rel, QStringList& out, int depth)
{
    if (depth > 32)
        return;
    const QDir dir(rel.isEmpty() ? root : root + QLatin1Char('/') + rel);
    const bool isSkill = QFileInfo::exists(dir.filePath(QStringLiteral("SKILL.md")));
    if (isSkill && !rel.isEmpty())
        out << rel + QStringLiteral("/SKILL.md");
    const QStringList subdirs = dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden);
    for (const QString& sub : subdirs) {
        if (excludedDir(sub) || (isSkill && supportDir(sub)))
            continue;
        collect(root, rel.isEmpty() ? sub : rel + QLatin1Char('/') + sub, out, depth + 1);
    }
}

} // namespace

SkillTree::SkillTree(QString skillsDir) : m_root(QDir::cleanPath(std::move(skillsDir))) {}

std::optional<QString> SkillTree::find(const QString& name) const
{
    if (name.isEmpty())
        return std::nullopt;
    const QHash<QString, QString> all = folders();
    const auto it = all.constFind(name);
    return it == all.cend() ? std::nullopt : std::optional<QString>(*it);
}

QHash<QString, QString> SkillTree::folders() const
{
    QHash<QString, QString> out;
    if (!QFileInfo(m_root).isDir())
        return out;
    QStringList found;
    collect(m_root, QString(), found, 0);
    std::sort(found.begin(), found.end()); // Python sorts by the relative path's str
    for (const QString& rel : found) {
        const QString folder = rel.chopped(QStringLiteral("/SKILL.md").size());
        const QString name = folder.section(QLatin1Char('/'), -1);
        if (!out.contains(name))
            out.insert(name, m_root + QLatin1Char('/') + folder);
    }
    return out;
}

QStringList SkillTree::pathParts(const QString& path)
{
    QStringList parts;
    if (path.startsWith(QLatin1Char('/')))
        parts << QStringLiteral("/");
    for (const QString& p : path.split(QLatin1Char('/'))) {
        if (p.isEmpty() || p == QLatin1String("."))
            continue;
        parts << p;
    }
    return parts;
}

std::optional<QString> SkillTree::checkFilePath(const QString& filePath)
{
    if (filePath.isEmpty())
        return QStringLiteral("file_path is required.");
    const QStringList parts = pathParts(filePath);
    if (parts.contains(QStringLiteral("..")))
        return QStringLiteral("Path traversal ('..') is not allowed.");
    if (!parts.isEmpty() && parts.last() == QLatin1String("SKILL.md") && (parts.size() == 1 || parts.size() == 2))
        return std::nullopt;
    if (parts.isEmpty() || !supportDir(parts.first()))
        return QStringLiteral("File must be under one of: assets, references, scripts, templates. "
                              "Got: '%1'")
            .arg(filePath);
    if (parts.size() < 2)
        return QStringLiteral("Provide a file path, not just a directory. Example: '%1/myfile.md'").arg(parts.first());
    return std::nullopt;
}

QString SkillTree::join(const QString& skillDir, const QString& filePath)
{
    if (filePath.startsWith(QLatin1Char('/')))
        return QDir::cleanPath(filePath);
    return skillDir + QLatin1Char('/') + pathParts(filePath).join(QLatin1Char('/'));
}

QString SkillTree::resolve(const QString& path)
{
    const QFileInfo info(path);
    if (info.exists())
        return info.canonicalFilePath();
    const QString parent = info.absolutePath();
    if (parent == path || parent.isEmpty())
        return QDir::cleanPath(path);
    return QDir::cleanPath(resolve(parent) + QLatin1Char('/') + info.fileName());
}

std::optional<QString> SkillTree::checkWithin(const QString& path, const QString& dir)
{
    // No file name holds a NUL: Python's resolve() raises on one, and Hermes reports that.
    if (path.contains(QChar(u'\0')))
        return QStringLiteral("Path escapes allowed directory: embedded null byte");
    const QString resolved = resolve(path);
    const QString root = resolve(dir);
    if (resolved == root || resolved.startsWith(root + QLatin1Char('/')))
        return std::nullopt;
    return QStringLiteral("Path escapes allowed directory: '%1' is not in the subpath of '%2'").arg(resolved, root);
}

bool SkillTree::copy(const QString& from, const QString& to, QString* error)
{
    if (!QDir().mkpath(to)) {
        *error = QStringLiteral("cannot create %1").arg(to);
        return false;
    }
    QDirIterator it(from, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString target = to + path.mid(from.size());
        // A hard link keeps a file's bytes as a copy would, without a new inode: SkillManage
        // replaces a file by renaming a new one over it and never writes one in place.
        const bool done = it.fileInfo().isDir()
                              ? QDir().mkpath(target)
                              : ::link(QFile::encodeName(path).constData(), QFile::encodeName(target).constData()) == 0
                                    || QFile::copy(path, target);
        if (!done) {
            *error = QStringLiteral("cannot copy %1 to %2").arg(path, target);
            return false;
        }
    }
    return true;
}

} // namespace sediment
