#include "workspace/PathGuard.h"

#include <QDir>
#include <QFileInfo>

namespace sediment {

namespace {

bool isProtected(const QString& relative)
{
    const QString p = relative;
    return p == QLatin1String("brain/permanent") || p.startsWith(QLatin1String("brain/permanent/"))
           || p == QLatin1String("sediment.db") || p.startsWith(QLatin1String("sediment.db-"))
           || p == QLatin1String("sediment.json");
}

} // namespace

PathGuard::PathGuard(QString workspaceRoot)
{
    const QString canonical = QFileInfo(workspaceRoot).canonicalFilePath();
    m_root = canonical.isEmpty() ? QDir::cleanPath(workspaceRoot) : canonical;
}

Result<QString> PathGuard::resolve(const QString& relative) const
{
    if (relative.isEmpty())
        return fail(Error::invalid(QStringLiteral("path is empty")));
    if (relative.contains(QChar(0)))
        return fail(Error::invalid(QStringLiteral("path contains a NUL character")));
    if (QDir::isAbsolutePath(relative) || relative.startsWith(QLatin1Char('~')))
        return fail(Error::invalid(QStringLiteral("path must be relative to the workspace (got '%1')").arg(relative)));
    const QString clean = QDir::cleanPath(relative);
    if (clean != relative || clean == QLatin1String(".")
        || relative.split(QLatin1Char('/')).contains(QStringLiteral("..")))
        return fail(
            Error::invalid(QStringLiteral("path must be normalised, without '.' or '..' (got '%1')").arg(relative)));
    if (isProtected(clean))
        return fail(Error::invalid(QStringLiteral("path '%1' is protected: Sediment never writes it").arg(relative)));

    // Resolve symlinks along the longest existing prefix, then re-attach the missing tail.
    QString existing = m_root + QLatin1Char('/') + clean;
    QString tail;
    while (!QFileInfo::exists(existing) && !QFileInfo(existing).isSymLink()) {
        const int slash = existing.lastIndexOf(QLatin1Char('/'));
        tail = existing.mid(slash) + tail;
        existing = existing.left(slash);
    }
    QString resolved = QFileInfo(existing).canonicalFilePath();
    if (resolved.isEmpty()) // a dangling symlink: refuse rather than write through it
        return fail(Error::invalid(QStringLiteral("path '%1' goes through a broken symlink").arg(relative)));
    resolved += tail;
    if (resolved != m_root && !resolved.startsWith(m_root + QLatin1Char('/')))
        return fail(Error::invalid(QStringLiteral("path '%1' resolves outside the workspace").arg(relative)));
    const QString inside = resolved.mid(m_root.size() + 1);
    if (isProtected(inside))
        return fail(Error::invalid(QStringLiteral("path '%1' resolves to protected '%2'").arg(relative, inside)));
    return resolved;
}

} // namespace sediment
