#pragma once

#include "apply/Applier.h"
#include "memory/MemoryStore.h"

namespace sediment {

class PathGuard;
class WriteHook;
struct MemoryWrite;

// memory / user destinations: the op is a docs/user-guide.md#memory operation on the bounded store, applied by
// MemoryStore under its flock; revert restores the file's previous bytes through the same lock.
class MemoryApplier final {
public:
    // `profile`: a Hermes profile's store (its memories/ and limits), empty for the workspace's.
    MemoryApplier(Workspace& workspace, const PathGuard& guard, WriteHook* hook = nullptr, QString profile = QString());

    Result<ApplyResult> apply(const MemoryWrite& write) const;
    // A replace or remove whose old_text no longer matches any entry.
    Result<bool> isStale(const MemoryWrite& write) const;
    Result<ApplyResult> revert(const QString& target, const ApplyResult& applied) const;

    // Hermes' refusal of a pinned write (MemoryWrite::pinned) with a replace/remove that pins
    // nothing: a staged write applies to the entries it pinned or not at all, and is never
    // re-aimed by old_text.
    static QString unpinnedMessage();

private:
    Result<MemoryStore> store(const QString& target) const;
    MemoryStore::BeforeWrite announce(const MemoryStore& store) const;
    QString relativePath(const QString& target) const;

    Workspace& m_workspace;
    const PathGuard& m_guard;
    WriteHook* m_hook = nullptr;
    QString m_profile;
};

} // namespace sediment
