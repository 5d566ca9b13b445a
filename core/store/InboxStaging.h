#pragma once

#include "model/InboxItem.h"
#include "store/BindBuffers.h"
#include "store/Database.h"
#include "store/StatementCache.h"
#include "util/Error.h"

#include <QString>

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sediment {

// The inbox's staging table, inbox_intake (schema 5; the table keeps its first name): where
// `propose` files the proposals a gate deferred, as lean rows with only their lookup keys
// indexed, so that an agent's batch costs little more than writing its rows. Each row is a pending inbox item under its final id; fold() moves rows into
// inbox_items, where the filter and text indexes serve the inbox, without changing anything
// else about them. InboxRepository is the interface the rest of the code uses: it looks items up,
// counts and reinforces them in both tables. Writes run inside the caller's transaction, except
// fold(), which is one of its own.
class InboxStaging final : private DeferredWrites {
public:
    explicit InboxStaging(Database& db);
    ~InboxStaging();
    InboxStaging(const InboxStaging&) = delete;
    InboxStaging& operator=(const InboxStaging&) = delete;

    // The next free inbox id: above every id of both tables. Read inside the write transaction
    // that uses it.
    static Result<qint64> nextId(Database& db);

    // What a filed row holds, by reference: the kernel files a proposal without first copying it
    // into an InboxItem.
    struct Filing {
        const std::optional<QString>& extId;
        const QString& destination;
        const Json& op;
        const QString& contentHash;
        const QString& rationale;
        std::optional<double> score;
        const std::optional<QString>& agent;
        const std::optional<QString>& session;
        const Json& source;
        const std::optional<QString>& reason;
        int seen;
        const Json& sanitized;
        const QString& createdAt;
    };
    // Files a pending item under `id`; `hashKey` is the key of its content hash (InboxRepository).
    // Between beginBatch() and endBatch() on a server, the row may only be queued: see there.
    Status file(const Filing& row, qint64 id, qint64 hashKey);

    // A pass of `propose` on a team's server: filed rows are sent kBatchRows at a time in one
    // multi-row INSERT, not one round trip each, which bounded a pass to the network's pace.
    // Every read of this table sends what is queued first, so no lookup misses a queued row;
    // endBatch() sends the rest, and must come before the transaction commits. An embedded
    // store inserts each row at once, a local statement costing no round trip.
    void beginBatch();
    Status endBatch();

    // The lowest id of a row with that agent id, or that content hash (whose key is given).
    Result<std::optional<qint64>> findByExtId(const QString& extId);
    Result<std::optional<qint64>> findByHash(qint64 hashKey, const QString& contentHash);
    // One more sighting of the row; nullopt when no row has that id.
    Result<std::optional<int>> bumpSeen(qint64 id);
    // Every row's hash_key and agent id (null: empty optional), as long as fn returns true.
    Status forEachKey(const std::function<bool(qint64, std::optional<QString>)>& fn);

    Result<qint64> count();
    // Whether any row waits, without counting them.
    Result<bool> hasRows();

    struct Progress {
        qint64 filed = 0;     // rows moved into inbox_items by this call
        qint64 remaining = 0; // rows still here
    };
    // Moves up to maxRows rows, lowest ids first, into inbox_items, in one write transaction.
    // busyWaitMs >= 0 bounds how long to wait for another writer's lock (the desktop retries
    // later); a negative value keeps the connection's own time-out.
    Result<Progress> fold(qint64 maxRows, int busyWaitMs = -1);
    // Moves every row, in one transaction: the inbox commands, before they read.
    Result<Progress> foldAll() { return fold(kAll); }

    static constexpr qint64 kAll = qint64(1) << 62;

private:
    // A queued row's parameters, owned: the filing it came from is gone by the time it is sent.
    struct Queued {
        qint64 id = 0;
        qint64 hashKey = 0;
        std::string contentHash;
        std::optional<std::string> extId;
        std::string destination;
        std::string op;
        std::string rationale;
        std::optional<double> score;
        std::optional<std::string> agent;
        std::optional<std::string> session;
        std::string source;
        std::optional<std::string> reason;
        int seen = 0;
        std::optional<std::string> sanitized;
        std::string createdAt;
    };
    static constexpr std::size_t kBatchRows = 1000; // 15 parameters each, under the server's 65,535
    Status flush();
    Status sendDeferred() override;
    void dropDeferred() override;

    Database& m_db;
    bool m_batching = false;
    std::vector<Queued> m_queued;
    BindBuffers m_texts; // before the statements, which may point into it until they are finalised
    StatementCache m_cache;
};

} // namespace sediment
