#pragma once

#include "apply/Applier.h"
#include "memory/MemoryStore.h"

namespace sediment {

class PathGuard;
class WriteHook;

// memory / user destinations: the op is a docs/user-guide.md#memory operation on the bounded store, applied by
// MemoryStore under its flock; revert restores the file's previous bytes through the same lock.
class MemoryApplier final {
public:
    // `profile`: a Hermes profile's store (its memories/ and limits), empty for the workspace's.
    MemoryApplier(Workspace& workspace, const PathGuard& guard, WriteHook* hook = nullptr, QString profile = QString());

    Result<ApplyResult> apply(const QString& target, const Json& op) const;
    // A replace or remove whose old_text no longer matches any entry.
    Result<bool> isStale(const QString& target, const Json& op) const;
    Result<ApplyResult> revert(const QString& target, const ApplyResult& applied) const;

    static Result<MemoryOp> toMemoryOp(const QString& target, const Json& op);
    // A write Hermes staged: its replace/remove ops carry `matched_entry` (null when the record
    // predates pinning). Such a write applies to its pinned entries or fails with Hermes'
    // message; it is never re-aimed by old_text.
    static bool isPinned(const Json& op);
    // Hermes' refusal of a pinned write with a replace/remove that pins nothing.
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
