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
};

} // namespace sediment
