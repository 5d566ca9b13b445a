#pragma once

#include "util/Error.h"

#include <QByteArray>
#include <QString>

namespace sediment {

// Durable replacement of a file's contents: write a temporary file in the same folder, fsync
// it, rename it over the target, fsync the folder. A failure at any step leaves the old file
// intact, and a crash leaves either the old or the new contents, never a mix.
class AtomicFile final {
public:
    static Status write(const QString& path, const QByteArray& contents);

    // Reads a whole file; a missing file reads as empty when allowMissing.
    static Result<QByteArray> read(const QString& path, bool allowMissing = true);
};

} // namespace sediment
