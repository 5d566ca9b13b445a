#include "skills/SkillTree.h"

#include "skills/SkillPathRule.h"
#include "util/PyRepr.h"
#include "util/PyText.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <map>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

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
    // posixpath.realpath(strict=False) as Python 3.14 runs it (Hermes requires 3.14): a link is
    // followed even when its target is missing, ".." is taken lexically from what is resolved so
    // far, a loop leaves the link's own path, and after the first missing component the rest is
    // only appended.
    struct Step {
        QString name;
        QString linkDone; // set: the link named here is resolved once this step is reached
    };
    QString out = path.startsWith(QLatin1Char('/')) ? QStringLiteral("/") : QDir::currentPath();
    std::vector<Step> rest;
    const auto push = [&rest](const QString& text) {
        const QStringList parts = text.split(QLatin1Char('/'));
        for (auto it = parts.crbegin(); it != parts.crend(); ++it)
            rest.push_back({*it, {}});
    };
    push(path);
    std::map<QString, std::optional<QString>> seen;
    bool querying = true;
    while (!rest.empty()) {
        const Step step = rest.back();
        rest.pop_back();
        if (!step.linkDone.isEmpty()) {
            seen[step.linkDone] = out;
            continue;
        }
        if (step.name.isEmpty() || step.name == QLatin1String("."))
            continue;
        if (step.name == QLatin1String("..")) {
            out = out.left(out.lastIndexOf(QLatin1Char('/')));
            if (out.isEmpty())
                out = QStringLiteral("/");
            continue;
        }
        const QString next =
            out == QLatin1String("/") ? QString(out + step.name) : QString(out + QLatin1Char('/') + step.name);
        struct stat st {};
        if (!querying || ::lstat(QFile::encodeName(next).constData(), &st) != 0) {
            querying = false;
            out = next;
            continue;
        }
        if (!S_ISLNK(st.st_mode)) {
            out = next;
            continue;
        }
        if (const auto known = seen.find(next); known != seen.end()) {
            out = known->second.value_or(next); // unresolved yet: a loop
            continue;
        }
        QByteArray target(4096, Qt::Uninitialized);
        const ssize_t n = ::readlink(QFile::encodeName(next).constData(), target.data(), std::size_t(target.size()));
        if (n < 0) {
            querying = false;
            out = next;
            continue;
        }
        const QString link = QFile::decodeName(target.left(n));
        if (link.startsWith(QLatin1Char('/')))
            out = QStringLiteral("/");
        seen[next] = std::nullopt;
        rest.push_back({{}, next});
        push(link);
    }
    return out;
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
    // str(ValueError) of PurePath.relative_to: both paths as repr() prints them.
    return QStringLiteral("Path escapes allowed directory: %1 is not in the subpath of %2")
        .arg(pytext::repr(pytext::toU(resolved)), pytext::repr(pytext::toU(root)));
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
