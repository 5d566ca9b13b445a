#pragma once

#include "util/Error.h"

#include <QString>

#include <optional>

namespace sediment {

// An exclusive flock(2) on a sidecar file (`MEMORY.md.lock`), held for the object's lifetime.
// It is the lock Hermes' memory tool takes, so Sediment and a Hermes agent can share one home.
class FileLock final {
public:
    // How long acquire() waits for another holder by default: SQLite's busy time-out, the
    // other wait a command may make.
    static constexpr int kWaitMs = 30000;

    // Waits up to `waitMs` for another holder to let go, then answers Io naming the lock file: a
    // holder that never lets go (a hung process) must not hang the command, or the app, with it.
    static Result<FileLock> acquire(const QString& lockPath, int waitMs = kWaitMs);
    // Without waiting: nullopt while another open file description holds it.
    static Result<std::optional<FileLock>> tryAcquire(const QString& lockPath);

    FileLock(FileLock&& other) noexcept;
    FileLock& operator=(FileLock&& other) noexcept;
    FileLock(const FileLock&) = delete;
    FileLock& operator=(const FileLock&) = delete;
    ~FileLock();

private:
    explicit FileLock(int fd) : m_fd(fd) {}
    // nullopt when another holder kept it for `waitMs` (0: not waiting at all).
    static Result<std::optional<FileLock>> take(const QString& lockPath, int waitMs);

    int m_fd = -1;
};

} // namespace sediment
