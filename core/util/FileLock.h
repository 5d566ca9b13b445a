#pragma once

#include "util/Error.h"

#include <QString>

#include <optional>

namespace sediment {

// An exclusive flock(2) on a sidecar file (`MEMORY.md.lock`), held for the object's lifetime.
// It is the lock Hermes' memory tool takes, so Sediment and a Hermes agent can share one home.
class FileLock final {
public:
    static Result<FileLock> acquire(const QString& lockPath);
    // Without waiting: nullopt while another open file description holds it.
    static Result<std::optional<FileLock>> tryAcquire(const QString& lockPath);

    FileLock(FileLock&& other) noexcept;
    FileLock& operator=(FileLock&& other) noexcept;
    FileLock(const FileLock&) = delete;
    FileLock& operator=(const FileLock&) = delete;
    ~FileLock();

private:
    explicit FileLock(int fd) : m_fd(fd) {}
    static Result<std::optional<FileLock>> take(const QString& lockPath, bool wait);

    int m_fd = -1;
};

} // namespace sediment
