#include "util/FileLock.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <thread>
#include <unistd.h>

namespace sediment {

Result<FileLock> FileLock::acquire(const QString& lockPath, int waitMs)
{
    auto taken = take(lockPath, waitMs);
    if (!taken)
        return fail(taken.error());
    if (!*taken)
        return fail(Error::io(QStringLiteral("another process has held %1 for more than %2 s; try again once it "
                                             "lets go")
                                  .arg(lockPath)
                                  .arg(waitMs / 1000.0)));
    return std::move(**taken);
}

Result<std::optional<FileLock>> FileLock::tryAcquire(const QString& lockPath) { return take(lockPath, 0); }

Result<std::optional<FileLock>> FileLock::take(const QString& lockPath, int waitMs)
{
    QDir().mkpath(QFileInfo(lockPath).absolutePath());
    const int fd = ::open(QFile::encodeName(lockPath).constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return fail(Error::io(QStringLiteral("cannot open lock file %1: %2")
                                  .arg(lockPath, QString::fromLocal8Bit(std::strerror(errno)))));
    // Asked again and again rather than waited for in flock(2), which cannot time out: short
    // sleeps at first, as a holder (a memory write, a decision) usually lets go within
    // milliseconds, then every 10 ms.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(waitMs);
    std::chrono::milliseconds pause(1);
    while (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        if (errno == EINTR)
            continue;
        if (errno == EWOULDBLOCK && std::chrono::steady_clock::now() < deadline) {
            std::this_thread::sleep_for(pause);
            pause = std::min(pause * 2, std::chrono::milliseconds(10));
            continue;
        }
        if (errno == EWOULDBLOCK) {
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
