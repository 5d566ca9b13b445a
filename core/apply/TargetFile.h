#pragma once

#include "util/Error.h"
// Whole, not declared: a PathGuard is passed where a PathResolver is expected.
#include "workspace/PathGuard.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace sediment {

class WriteHook;

// One file an applier is about to change, confined by a PathResolver (the workspace's PathGuard,
// or the Claude Code guard). Opening it resolves the path through it, refuses files over 1 MiB before reading a byte of them, and refuses
// bytes that are not UTF-8 (they could not be written back unchanged on revert). Every write
// resolves the path again first, since a symlink can appear between the read and the write.
//
// Errors: Refused for what the target itself forbids (outside the workspace, too big, not a
// regular file, not UTF-8), Io for trouble reading or writing.
class TargetFile final {
public:
    static constexpr qint64 kMaxBytes = 1024 * 1024;

    // `hook`, when given, is told of every write and removal before it happens.
    static Result<TargetFile> open(const PathResolver& guard, const QString& relative, WriteHook* hook = nullptr);
    // The text a file holding `bytes` is read as: a byte-order mark is kept as a character, so
    // that writing the text back keeps it too. No value when the bytes are not UTF-8.
    static std::optional<QString> textOf(const QByteArray& bytes);

    const QString& relative() const { return m_relative; }
    const QString& absolute() const { return m_absolute; }
    bool exists() const { return m_exists; }
    // The file's text; empty when it does not exist.
    const QString& text() const { return m_text; }
    // What `before` means in an ApplyResult: no value when the file did not exist.
    std::optional<QString> snapshot() const { return m_exists ? std::optional<QString>(m_text) : std::nullopt; }

    // Replaces the contents atomically (and creates missing folders).
    Status write(const QString& text) const;
    // Deletes the file (revert of a file this item created).
    Status remove() const;

    // Puts `before` back if the file still holds exactly `after` (no value: the file must be
    // absent / is removed). Otherwise Refused "target changed since; revert by hand".
    static Status restore(const PathResolver& guard, const QString& relative, const std::optional<QString>& expected,
                          const std::optional<QString>& previous, WriteHook* hook = nullptr);

private:
    // `f` with `bytes` as its text, refused unless they are UTF-8.
    static Result<TargetFile> decoded(TargetFile f, const QByteArray& bytes);
    Status recheck() const;
    Status announce(const std::optional<QByteArray>& next) const;

    const PathResolver* m_guard = nullptr;
    WriteHook* m_hook = nullptr;
    QString m_relative;
    QString m_absolute;
    bool m_exists = false;
    QString m_text;
};

} // namespace sediment
