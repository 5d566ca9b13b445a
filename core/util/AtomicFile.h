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
    // write() in two halves, for a caller that has a durable commit of its own to make between
    // them: `replace` leaves the new contents synced and renamed into place, `syncFolder` makes
    // the rename itself durable. A caller that needs no such gap calls write().
    static Status replace(const QString& path, const QByteArray& contents);
    static void syncFolder(const QString& path);

    // Reads a whole file; a missing file reads as empty when allowMissing.
    static Result<QByteArray> read(const QString& path, bool allowMissing = true);
};

} // namespace sediment
