#pragma once

#include "util/Error.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace sediment {

// Told of every file write an applier is about to make, once the bytes are known and before the
// file is touched: the decision journal's first step hangs here. An error stops the write.
class WriteHook {
public:
    virtual ~WriteHook() = default;
    // `current`: the target's bytes now (no value: no file); `next`: the bytes it will hold (no
    // value: the file is removed).
    virtual Status beforeWrite(const QString& absolutePath, const std::optional<QByteArray>& current,
                               const std::optional<QByteArray>& next) = 0;

    // The bytes an earlier step of the same decision leaves at `absolutePath`, which a target
    // opened there reads instead of the disk (InOrderApplier: a group's writes to one file, each
    // applied to the one before it). Null: nothing planned, read the disk; a null optional: the
    // file is planned away.
    virtual const std::optional<QByteArray>* planned(const QString& absolutePath) const
    {
        (void)absolutePath;
        return nullptr;
    }
};

} // namespace sediment
