#pragma once

#include "util/Error.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace sediment {

// The on-disk format of MEMORY.md / USER.md (§2): entries joined by "\n§\n", no trailing
// newline, an empty store is an empty file. Reading is forgiving (CRLF, blank and duplicate
// entries are tolerated) and writing is canonical, exactly as Hermes' memory tool does both.
class MemoryFile final {
public:
    static const QString& delimiter(); // "\n§\n"

    // UTF-8 bytes to entries: newlines normalised, split on the full delimiter, each piece
    // stripped, empty pieces and exact duplicates (after the first) dropped.
    static Result<QStringList> parse(const QByteArray& bytes);
    static QStringList parseText(const QString& text);
    // Entries to the file's bytes.
    static QByteArray render(const QStringList& entries);
    static QString join(const QStringList& entries);

    // The decoded text of a file (missing reads as empty); refuses bytes that are not UTF-8,
    // since rewriting a file we could not read would destroy it.
    static Result<QString> readText(const QString& path);
    static Result<QStringList> read(const QString& path);
};

} // namespace sediment
