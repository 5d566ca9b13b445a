#pragma once

#include "apply/Applier.h"
#include "memory/MemoryStore.h"

namespace sediment {

class PathGuard;
class WriteHook;

// memory / user destinations: the op is a §2 operation on the bounded store, applied by
// MemoryStore under its flock; revert restores the file's previous bytes through the same lock.
class MemoryApplier final {
public:
    MemoryApplier(Workspace& workspace, const PathGuard& guard, WriteHook* hook = nullptr);

    Result<ApplyResult> apply(const QString& target, const Json& op) const;
    // A replace or remove whose old_text no longer matches any entry.
    Result<bool> isStale(const QString& target, const Json& op) const;
    Result<ApplyResult> revert(const QString& target, const ApplyResult& applied) const;

    static Result<MemoryOp> toMemoryOp(const QString& target, const Json& op);

private:
    Result<MemoryStore> store(const QString& target) const;
    MemoryStore::BeforeWrite announce(const MemoryStore& store) const;
    QString relativePath(const QString& target) const;

    Workspace& m_workspace;
    const PathGuard& m_guard;
    WriteHook* m_hook = nullptr;
};

} // namespace sediment
