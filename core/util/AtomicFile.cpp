#include "util/AtomicFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sediment {

namespace {

QString sysError(const char* what, const QString& path)
{
    return QStringLiteral("%1 %2: %3").arg(QLatin1String(what), path, QString::fromLocal8Bit(std::strerror(errno)));
}

bool writeAll(int fd, const QByteArray& data)
{
    const char* p = data.constData();
    qsizetype left = data.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, p, size_t(left));
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        p += n;
        left -= n;
    }
    return true;
}

} // namespace

Status AtomicFile::write(const QString& path, const QByteArray& contents)
{
    if (auto s = replace(path, contents); !s)
        return s;
    syncFolder(path);
    return {};
}

Status AtomicFile::replace(const QString& path, const QByteArray& contents)
{
    const QFileInfo info(path);
    const QString dir = info.absolutePath();
    if (!QDir().mkpath(dir))
        return fail(Error::io(QStringLiteral("cannot create folder %1").arg(dir)));

    // Keep the target's permissions when it exists; a new file gets 0644 less the umask.
    mode_t mode = 0644;
    struct stat st {};
    const QByteArray native = QFile::encodeName(info.absoluteFilePath());
    if (::stat(native.constData(), &st) == 0)
        mode = st.st_mode & 07777;

    QByteArray tmpl = QFile::encodeName(dir + QStringLiteral("/.") + info.fileName() + QStringLiteral(".tmp-XXXXXX"));
    const int fd = ::mkstemp(tmpl.data());
    if (fd < 0)
        return fail(Error::io(sysError("cannot create a temporary file for", path)));
    const QString tmpPath = QFile::decodeName(tmpl);
    auto abandon = [&](const char* what) {
        const QString msg = sysError(what, path);
        ::close(fd);
        ::unlink(tmpl.constData());
        return fail(Error::io(msg));
    };
    if (!writeAll(fd, contents))
        return abandon("cannot write");
    if (::fchmod(fd, mode) != 0)
        return abandon("cannot set the mode of");
    if (::fsync(fd) != 0)
        return abandon("cannot sync");
    if (::close(fd) != 0) {
        ::unlink(tmpl.constData());
        return fail(Error::io(sysError("cannot close", tmpPath)));
    }
    if (::rename(tmpl.constData(), native.constData()) != 0) {
        const QString msg = sysError("cannot replace", path);
        ::unlink(tmpl.constData());
        return fail(Error::io(msg));
    }
    return {};
}

void AtomicFile::syncFolder(const QString& path)
{
    const QString dir = QFileInfo(path).absolutePath();
    const int dfd = ::open(QFile::encodeName(dir).constData(), O_RDONLY | O_DIRECTORY);
    if (dfd >= 0) {
        ::fsync(dfd);
        ::close(dfd);
    }
}

Result<QByteArray> AtomicFile::read(const QString& path, bool allowMissing)
{
    QFile f(path);
    if (!f.exists()) {
        if (allowMissing)
            return QByteArray();
        return fail(Error::io(QStringLiteral("%1 does not exist").arg(path)));
    }
    if (!f.open(QIODevice::ReadOnly))
        return fail(Error::io(QStringLiteral("cannot read %1: %2").arg(path, f.errorString())));
    return f.readAll();
}

} // namespace sediment
