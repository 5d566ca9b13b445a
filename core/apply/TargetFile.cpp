#include "apply/TargetFile.h"

#include "apply/WriteHook.h"
#include "util/AtomicFile.h"
#include "workspace/PathResolver.h"

#include <QFile>
#include <QFileInfo>
#include <QStringDecoder>

namespace sediment {

namespace {

Error changedSince() { return Error::refused(QStringLiteral("target changed since; revert by hand")); }

} // namespace

Result<TargetFile> TargetFile::open(const PathResolver& guard, const QString& relative, WriteHook* hook)
{
    auto resolved = guard.resolve(relative);
    if (!resolved)
        return fail(Error::refused(resolved.error().message));
    TargetFile f;
    f.m_guard = &guard;
    f.m_hook = hook;
    f.m_relative = relative;
    f.m_absolute = *resolved;
    // A group's earlier step planned this file's bytes: they are what this step reads.
    if (const std::optional<QByteArray>* planned = hook ? hook->planned(f.m_absolute) : nullptr) {
        f.m_exists = planned->has_value();
        if (!f.m_exists)
            return f;
        if ((*planned)->size() > kMaxBytes)
            return fail(Error::refused(QStringLiteral("%1 is larger than 1 MiB").arg(relative)));
        return decoded(std::move(f), **planned);
    }
    const QFileInfo info(f.m_absolute);
    f.m_exists = info.exists();
    if (!f.m_exists)
        return f;
    if (!info.isFile())
        return fail(Error::refused(QStringLiteral("%1 is not a regular file").arg(relative)));
    // Checked on the size the file system reports, before opening: a huge file is never read.
    if (info.size() > kMaxBytes)
        return fail(Error::refused(QStringLiteral("%1 is larger than 1 MiB (%2 bytes); Sediment "
                                                  "does not edit files that big")
                                       .arg(relative)
                                       .arg(info.size())));
    auto bytes = AtomicFile::read(f.m_absolute, false);
    if (!bytes)
        return fail(bytes.error());
    if (bytes->size() > kMaxBytes) // grew between the stat and the read
        return fail(Error::refused(QStringLiteral("%1 is larger than 1 MiB").arg(relative)));
    return decoded(std::move(f), *bytes);
}

std::optional<QString> TargetFile::textOf(const QByteArray& bytes)
{
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::ConvertInitialBom);
    QString text = decoder(bytes);
    if (decoder.hasError())
        return std::nullopt;
    return text;
}

Result<TargetFile> TargetFile::decoded(TargetFile f, const QByteArray& bytes)
{
    auto text = textOf(bytes);
    if (!text)
        return fail(
            Error::refused(QStringLiteral("%1 is not UTF-8 text; Sediment does not edit it").arg(f.m_relative)));
    f.m_text = std::move(*text);
    return f;
}

Status TargetFile::recheck() const
{
    auto again = m_guard->resolve(m_relative);
    if (!again)
        return fail(Error::refused(again.error().message));
    if (*again != m_absolute)
        return fail(Error::refused(
            QStringLiteral("%1 now resolves elsewhere (a symlink changed); nothing written").arg(m_relative)));
    return {};
}

Status TargetFile::announce(const std::optional<QByteArray>& next) const
{
    if (!m_hook)
        return {};
    return m_hook->beforeWrite(m_absolute, m_exists ? std::optional<QByteArray>(m_text.toUtf8()) : std::nullopt, next);
}

Status TargetFile::write(const QString& text) const
{
    if (auto s = recheck(); !s)
        return s;
    const QByteArray bytes = text.toUtf8();
    if (auto s = announce(bytes); !s)
        return s;
    return AtomicFile::write(m_absolute, bytes);
}

Status TargetFile::remove() const
{
    if (auto s = recheck(); !s)
        return s;
    if (auto s = announce(std::nullopt); !s)
        return s;
    QFile file(m_absolute);
    if (file.exists() && !file.remove())
        return fail(Error::io(QStringLiteral("cannot remove %1: %2").arg(m_relative, file.errorString())));
    return {};
}

Status TargetFile::restore(const PathResolver& guard, const QString& relative, const std::optional<QString>& expected,
                           const std::optional<QString>& previous, WriteHook* hook)
{
    auto file = open(guard, relative, hook);
    if (!file) {
        // A target that grew past 1 MiB or stopped being text has changed since, too.
        if (file.error().kind == ErrorKind::Refused && expected)
            return fail(changedSince());
        return fail(file.error());
    }
    const bool holdsExpected = expected ? (file->exists() && file->text() == *expected) : !file->exists();
    if (!holdsExpected)
        return fail(changedSince());
    return previous ? file->write(*previous) : file->remove();
}

} // namespace sediment
