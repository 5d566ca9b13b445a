#pragma once

#include "util/Error.h"

#include <QString>

namespace sediment {

// An exclusive flock(2) on a sidecar file (`MEMORY.md.lock`), held for the object's lifetime.
// It is the lock Hermes' memory tool takes, so Sediment and a Hermes agent can share one home.
class FileLock final {
public:
    static Result<FileLock> acquire(const QString& lockPath);

    FileLock(FileLock&& other) noexcept;
    FileLock& operator=(FileLock&& other) noexcept;
    FileLock(const FileLock&) = delete;
    FileLock& operator=(const FileLock&) = delete;
    ~FileLock();

private:
    explicit FileLock(int fd) : m_fd(fd) {}
    int m_fd = -1;
};

} // namespace sediment
