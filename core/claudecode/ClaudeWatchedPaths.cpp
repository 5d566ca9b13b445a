#include "claudecode/ClaudeWatchedPaths.h"

#include "util/Json.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace sediment {

namespace {

QString clean(const QString& path) { return QDir::cleanPath(path); }

// `inner` is `outer` or lies below it.
bool within(const QString& inner, const QString& outer)
{
    return inner == outer || inner.startsWith(outer == QLatin1String("/") ? outer : outer + QLatin1Char('/'));
}

// `dir` is the session's folder or one above it.
bool isAncestorOrSelf(const QString& dir, const QString& cwd) { return within(cwd, dir); }

QString parentOf(const QString& path)
{
    const qsizetype slash = path.lastIndexOf(QLatin1Char('/'));
    return slash <= 0 ? QStringLiteral("/") : path.left(slash);
}

// A settings file's autoMemoryDirectory, absolute; a relative or unreadable value is none, as a
// file Claude Code would not act on.
std::optional<QString> memoryDirIn(const QString& settingsFile, const QString& home)
{
    QFile f(settingsFile);
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QByteArray bytes = f.read(1024 * 1024);
    const Json doc = Json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr, false);
    if (!doc.is_object() || !doc.contains("autoMemoryDirectory") || !doc["autoMemoryDirectory"].is_string())
        return std::nullopt;
    QString dir = fromStd(doc["autoMemoryDirectory"].get<std::string>());
    if (dir == QLatin1String("~") || dir.startsWith(QLatin1String("~/")))
        dir = home + dir.mid(1);
    if (!QDir::isAbsolutePath(dir))
        return std::nullopt;
    return clean(dir);
}

} // namespace

ClaudeWatchedPaths::ClaudeWatchedPaths(QString home, QString cwd) : m_home(clean(home)), m_cwd(clean(cwd))
{
    // The project's local settings override the user's, as Claude Code reads them; a project's
    // shared settings.json may not move memory (Claude Code ignores it there).
    m_customMemory = memoryDirIn(projectRoot(m_cwd) + QStringLiteral("/.claude/settings.local.json"), m_home);
    if (!m_customMemory)
        m_customMemory = memoryDirIn(m_home + QStringLiteral("/.claude/settings.json"), m_home);
    const QString project = projectRoot(m_cwd);
    m_lexical = {m_home, m_cwd, project, m_customMemory};
    m_canonical = {resolvedForm(m_home), resolvedForm(m_cwd), resolvedForm(project),
                   m_customMemory ? std::optional<QString>(resolvedForm(*m_customMemory)) : std::nullopt};
}

QString ClaudeWatchedPaths::resolvedForm(const QString& cleanPath, bool* dangling)
{
    // Symlinks resolved along the longest existing prefix, the missing tail re-attached.
    QString existing = cleanPath;
    QString tail;
    while (existing.size() > 1 && !QFileInfo::exists(existing) && !QFileInfo(existing).isSymLink()) {
        const qsizetype slash = existing.lastIndexOf(QLatin1Char('/'));
        tail = existing.mid(slash) + tail;
        existing = slash == 0 ? QStringLiteral("/") : existing.left(slash);
    }
    const QString canonical = QFileInfo(existing).canonicalFilePath();
    if (canonical.isEmpty()) {
        if (dangling)
            *dangling = true;
        return cleanPath;
    }
    if (canonical == QLatin1String("/"))
        return tail.isEmpty() ? canonical : tail;
    return canonical + tail;
}

std::optional<ClaudeFileKind> ClaudeWatchedPaths::kindOf(const QString& path, const Roots& roots)
{
    const QString claude = roots.home + QStringLiteral("/.claude");
    // Auto memory: anything below a project's memory folder, or below autoMemoryDirectory.
    const QString projects = claude + QStringLiteral("/projects/");
    if (path.startsWith(projects)) {
        const QStringList parts = path.mid(projects.size()).split(QLatin1Char('/'));
        if (parts.size() >= 3 && !parts[0].isEmpty() && parts[1] == QLatin1String("memory") && !parts.last().isEmpty())
            return ClaudeFileKind::Memory;
    }
    if (roots.customMemory && path != *roots.customMemory && within(path, *roots.customMemory))
        return ClaudeFileKind::Memory;

    const QString name = path.mid(path.lastIndexOf(QLatin1Char('/')) + 1);
    const QString dir = parentOf(path);
    // A folder whose directives the session loads: the session's folder, one above it, or one in
    // its project.
    const auto loads = [&](const QString& folder) {
        return isAncestorOrSelf(folder, roots.cwd) || within(folder, roots.project);
    };
    if (name == QLatin1String("CLAUDE.md")) {
        if (loads(dir) || dir == claude)
            return ClaudeFileKind::Directive;
        if (dir.endsWith(QLatin1String("/.claude")) && loads(parentOf(dir)))
            return ClaudeFileKind::Directive;
    }
    if (name == QLatin1String("CLAUDE.local.md") && loads(dir))
        return ClaudeFileKind::Directive;
    // Rules: any .md below a .claude/rules folder of the session's folders or of the home.
    if (name.endsWith(QLatin1String(".md")) && name.size() > 3) {
        const qsizetype at = path.lastIndexOf(QLatin1String("/.claude/rules/"));
        if (at >= 0) {
            const QString owner = at == 0 ? QStringLiteral("/") : path.left(at);
            if (loads(owner) || owner == roots.home)
                return ClaudeFileKind::Directive;
        }
    }
    return std::nullopt;
}

std::optional<ClaudeFileKind> ClaudeWatchedPaths::classify(const QString& absolutePath) const
{
    if (!QDir::isAbsolutePath(absolutePath) || absolutePath.contains(QChar(0)))
        return std::nullopt;
    const QString lexical = clean(absolutePath);
    if (auto kind = kindOf(lexical, m_lexical))
        return kind;
    return kindOf(resolvedForm(lexical), m_canonical);
}

Result<QString> ClaudeWatchedPaths::resolve(const QString& absolutePath) const
{
    if (absolutePath.isEmpty() || absolutePath.contains(QChar(0)))
        return fail(Error::invalid(QStringLiteral("path is empty or holds a NUL character")));
    if (!QDir::isAbsolutePath(absolutePath))
        return fail(Error::invalid(QStringLiteral("path must be absolute (got '%1')").arg(absolutePath)));
    const QString lexical = clean(absolutePath);
    // A path recorded resolved (an applied item's) is watched as written under the resolved roots.
    auto kind = kindOf(lexical, m_lexical);
    if (!kind)
        kind = kindOf(lexical, m_canonical);
    bool dangling = false;
    const QString resolved = resolvedForm(lexical, &dangling);
    const auto resolvedKind = dangling ? std::nullopt : kindOf(resolved, m_canonical);
    // A path that is not watched as written but is a link to a watched file is that file, as
    // classify() said when the write was staged: Claude Code writes through the link.
    if (!kind && !resolvedKind)
        return fail(Error::invalid(QStringLiteral("'%1' is not a memory or directive file Claude Code loads from %2")
                                       .arg(absolutePath, m_cwd)));
    if (dangling)
        return fail(Error::invalid(QStringLiteral("path '%1' goes through a broken symlink").arg(absolutePath)));
    if (kind && resolvedKind != kind)
        return fail(Error::invalid(QStringLiteral("path '%1' resolves to '%2', which is not the same Claude Code file")
                                       .arg(absolutePath, resolved)));
    return resolved;
}

QString ClaudeWatchedPaths::projectRoot(const QString& cwd)
{
    for (QString dir = clean(cwd);; dir = parentOf(dir)) {
        const QFileInfo git(dir + QStringLiteral("/.git"));
        if (git.isDir())
            return dir;
        if (git.isFile()) {
            // A linked worktree: ".git" names <main>/.git/worktrees/<name>; memory is the main's.
            QFile f(git.filePath());
            if (f.open(QIODevice::ReadOnly)) {
                const QString line = QString::fromUtf8(f.readLine(4096)).trimmed();
                if (line.startsWith(QLatin1String("gitdir:"))) {
                    QString gitdir = line.mid(7).trimmed();
                    if (!QDir::isAbsolutePath(gitdir))
                        gitdir = dir + QLatin1Char('/') + gitdir;
                    gitdir = clean(gitdir);
                    const qsizetype at = gitdir.lastIndexOf(QLatin1String("/.git/worktrees/"));
                    if (at > 0)
                        return gitdir.left(at);
                }
            }
            return dir;
        }
        if (dir == QLatin1String("/"))
            return clean(cwd);
    }
}

QString ClaudeWatchedPaths::projectSlug(const QString& projectRoot)
{
    QString slug = projectRoot;
    for (QChar& c : slug)
        if (!((c >= QLatin1Char('a') && c <= QLatin1Char('z')) || (c >= QLatin1Char('A') && c <= QLatin1Char('Z'))
              || (c >= QLatin1Char('0') && c <= QLatin1Char('9'))))
            c = QLatin1Char('-');
    return slug;
}

QString ClaudeWatchedPaths::defaultMemoryDir() const
{
    return m_home + QStringLiteral("/.claude/projects/") + projectSlug(projectRoot(m_cwd)) + QStringLiteral("/memory");
}

} // namespace sediment
