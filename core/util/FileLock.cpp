#include "util/FileLock.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace sediment {

Result<FileLock> FileLock::acquire(const QString& lockPath)
{
    auto taken = take(lockPath, true);
    if (!taken)
        return fail(taken.error());
    return std::move(**taken);
}

Result<std::optional<FileLock>> FileLock::tryAcquire(const QString& lockPath) { return take(lockPath, false); }

Result<std::optional<FileLock>> FileLock::take(const QString& lockPath, bool wait)
{
    QDir().mkpath(QFileInfo(lockPath).absolutePath());
    const int fd = ::open(QFile::encodeName(lockPath).constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return fail(Error::io(QStringLiteral("cannot open lock file %1: %2")
                                  .arg(lockPath, QString::fromLocal8Bit(std::strerror(errno)))));
    while (::flock(fd, wait ? LOCK_EX : LOCK_EX | LOCK_NB) != 0) {
        if (errno == EINTR)
            continue;
        if (!wait && errno == EWOULDBLOCK) {
            ::close(fd);
            return std::optional<FileLock>();
        }
        const QString msg =
            QStringLiteral("cannot lock %1: %2").arg(lockPath, QString::fromLocal8Bit(std::strerror(errno)));
        ::close(fd);
        return fail(Error::io(msg));
    }
    return std::optional<FileLock>(FileLock(fd));
}

FileLock::FileLock(FileLock&& other) noexcept : m_fd(other.m_fd) { other.m_fd = -1; }

FileLock& FileLock::operator=(FileLock&& other) noexcept
{
    if (this != &other) {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = other.m_fd;
        other.m_fd = -1;
    }
    return *this;
}

FileLock::~FileLock()
{
    if (m_fd >= 0)
        ::close(m_fd); // closing the descriptor releases the flock
}

} // namespace sediment
