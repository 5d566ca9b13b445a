#pragma once

#include "util/Error.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace sediment {

// The on-disk format of MEMORY.md / USER.md (docs/user-guide.md#memory): entries joined by "\n§\n", no trailing
// newline, an empty store is an empty file. Reading is forgiving (CRLF, blank and duplicate
// entries are tolerated) and writing is canonical, exactly as Hermes' memory tool does both.
class MemoryFile final {
public:
    static const QString& delimiter(); // "\n§\n"

    // UTF-8 bytes to entries: newlines normalised, split on the full delimiter, each piece
    // stripped, empty pieces and exact duplicates (after the first) dropped.
    static Result<QStringList> parse(const QByteArray& bytes);
    static QStringList parseText(const QString& text);
    // The same without dropping duplicates: what the drift guard compares the file with.
    static QStringList split(const QString& text);
    // Whether writing `text`'s entries back would lose or change anything beyond the
    // canonical form (blank entries, white space around an entry, a stray delimiter), or an
    // entry is longer than the whole store may be: signs that something other than the memory
    // tool wrote the file.
    static bool hasDrifted(const QString& text, int limit);
    // Entries to the file's bytes.
    static QByteArray render(const QStringList& entries);
    static QString join(const QStringList& entries);

    // The decoded text of a file as Hermes reads it (missing reads as empty, one leading BOM
    // dropped, CRLF and lone CR read as LF); refuses bytes that are not UTF-8, since rewriting
    // a file we could not read would destroy it.
    static Result<QString> readText(const QString& path);
    // The same from bytes already read; nullopt when they are not UTF-8.
    static std::optional<QString> decode(const QByteArray& bytes);
    static Result<QStringList> read(const QString& path);
};

} // namespace sediment
