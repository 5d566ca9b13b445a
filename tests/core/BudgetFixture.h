#pragma once

// Test data for the memory-budget tests (BudgetPreview, MemoryWritePlan): memory ops written the
// short way, and a workspace whose MEMORY.md already holds some entries.

#include "memory/MemoryStore.h"
#include "MemoryOps.h"
#include "model/InboxItem.h"
#include "TeamStore.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <memory>
#include <vector>

namespace sediment::testing {

inline MemoryOp op(const char* action, const char* content, const char* oldText = nullptr)
{
    MemoryOp o;
    o.action = QString::fromLatin1(action);
    if (content)
        o.content = QString::fromUtf8(content);
    if (oldText)
        o.oldText = QString::fromUtf8(oldText);
    return o;
}

using test::batch;

// An inbox item that would write `op` to the memory store.
inline InboxItem memoryItem(const Json& op)
{
    InboxItem item;
    item.destination = QStringLiteral("memory");
    item.op = op;
    return item;
}

// A workspace in `dir` whose MEMORY.md is `memoryMd` as written (entries joined by "\n§\n");
// null when it cannot be made.
inline std::unique_ptr<Workspace> workspaceWithMemory(const QTemporaryDir& dir, const QByteArray& memoryMd)
{
    QDir().mkpath(dir.path() + QStringLiteral("/memories"));
    QFile f(dir.path() + QStringLiteral("/memories/MEMORY.md"));
    if (!f.open(QIODevice::WriteOnly) || f.write(memoryMd) != memoryMd.size())
        return nullptr;
    f.close();
    auto ws = sediment::test::openWorkspace(dir.path());
    return ws ? std::move(*ws) : nullptr;
}

} // namespace sediment::testing
