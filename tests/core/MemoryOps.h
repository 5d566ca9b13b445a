#pragma once

// Memory operations written the short way, for the memory store's tests.

#include "memory/MemoryStore.h"

#include <QString>

#include <optional>
#include <vector>

namespace sediment::test {

inline MemoryOp op(const char* action, std::optional<QString> content = {}, std::optional<QString> oldText = {})
{
    MemoryOp o;
    o.action = QString::fromLatin1(action);
    o.content = std::move(content);
    o.oldText = std::move(oldText);
    return o;
}

inline MemoryOp batch(std::vector<MemoryOp> ops)
{
    MemoryOp o;
    o.action = QStringLiteral("batch");
    o.operations = std::move(ops);
    return o;
}

} // namespace sediment::test
