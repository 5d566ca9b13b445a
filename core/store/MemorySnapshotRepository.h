#pragma once

#include "util/Error.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace sediment {

class Database;

// A memory store as the team's files host last read it (table memory_snapshots, schema 9): a
// reviewer on another host previews a memory item's budget from these entries, since the file
// itself is on the agent's host (MemorySnapshots publishes them).
struct MemorySnapshot {
    QString destination; // memory | user
    QString profile;     // the Hermes profile; "default" for the workspace's own store
    QStringList entries;
    int charLimit = 0;
    QString fileHash; // SHA-256 of the file's bytes; empty when there is no file
    QString host;
    QString takenAt;
};

class MemorySnapshotRepository final {
public:
    explicit MemorySnapshotRepository(Database& db) : m_db(db) {}

    // Every published snapshot's key, hash, limit and host (not its entries): what a publisher
    // compares with before it writes.
    Result<std::vector<MemorySnapshot>> keys();
    // Inserts or replaces the snapshot of its destination and profile, in the caller's
    // transaction.
    Status publish(const MemorySnapshot& snapshot);
    Result<std::optional<MemorySnapshot>> find(const QString& destination, const QString& profile);

private:
    Database& m_db;
};

} // namespace sediment
