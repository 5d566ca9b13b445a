#pragma once

#include <QString>

#include <expected>

namespace sediment {

// The kind decides the command line's exit code (docs/verbs.md), so it names what the caller should do,
// not where the error came from.
enum class ErrorKind {
    Refused = 1, // the operation was understood but declined: over budget, stale, rejected
    Invalid = 2, // bad usage or invalid input: fix the request and retry
    Io = 3,      // workspace, file or database trouble: fix the environment and retry
};

struct Error {
    ErrorKind kind = ErrorKind::Invalid;
    QString message;

    static Error refused(QString m) { return {ErrorKind::Refused, std::move(m)}; }
    static Error invalid(QString m) { return {ErrorKind::Invalid, std::move(m)}; }
    static Error io(QString m) { return {ErrorKind::Io, std::move(m)}; }

    int exitCode() const { return static_cast<int>(kind); }
};

template <typename T>
using Result = std::expected<T, Error>;

// For calls that produce nothing but may fail.
using Status = std::expected<void, Error>;

inline std::unexpected<Error> fail(Error e) { return std::unexpected<Error>(std::move(e)); }

} // namespace sediment
