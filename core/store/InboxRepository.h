#pragma once

#include "model/InboxItem.h"
#include "model/Proposal.h"
#include "store/BindBuffers.h"
#include "store/InboxStaging.h"
#include "store/PendingKeys.h"
#include "store/StatementCache.h"
#include "util/Error.h"

#include <QMap>
#include <QSet>
#include <QString>

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sediment {

class Database;

// The inbox_items table, and the intake where `propose` files deferred proposals first
// (InboxStaging). Every proposal gets a row whatever the gate said, so every figure in `stats` and
// the GUI is derived from these two tables. Writes must run inside the caller's transaction,
// together with the audit row that records them. The statements of the hot path (insert,
// duplicate lookup, seen bump) are prepared once per repository and reused.
class InboxRepository final {
public:
    explicit InboxRepository(Database& db);
    ~InboxRepository();
    InboxRepository(const InboxRepository&) = delete;
    InboxRepository& operator=(const InboxRepository&) = delete;

    // Inserts the item as given (id ignored) into inbox_items; returns the new id.
    Result<qint64> insert(const InboxItem& item);
    // Files a pending item in the intake (InboxStaging) under a new id, which it keeps when it
    // moves to inbox_items; returns the id. The cheap path of `propose`.
    Result<qint64> file(const InboxItem& item);
    // The same for a deferred proposal, with the gate's reason and the pass's time.
    Result<qint64> file(const Proposal& proposal, const std::optional<QString>& reason, const QString& createdAt);
    // For a pass of `proposals` proposals, inside the caller's write transaction: sizes the page
    // cache (reserveCacheFor), keeps the pending keys (keepPendingKeys) and hands out ids from a
    // counter read once, rather than reading both tables' largest id for every row. On a server
    // the filed rows travel in batches (InboxStaging::beginBatch): endPass() sends the last one,
    // before the transaction commits.
    Status beginPass(std::size_t proposals);
    Status endPass();

    Result<std::optional<InboxItem>> find(qint64 id);
    // The item, which must exist: none is an Invalid error "no inbox item <id>".
    Result<InboxItem> existing(qint64 id);
    // Several rows at once, in the order of `ids`; ids that do not exist are skipped.
    Result<std::vector<InboxItem>> findMany(const std::vector<qint64>& ids);

    // The pending item with that agent id or that content hash (idempotency, docs/verbs.md#propose), in inbox_items
    // or in the intake.
    Result<std::optional<qint64>> findPendingByHashOrExtId(const QString& contentHash,
                                                           const std::optional<QString>& extId);

    // "Reinforce, don't pile up": one more sighting of a pending item; returns the new count.
    Result<int> bumpSeen(qint64 id);

    // Writes the decision columns of `item` (status, reason, refusal_code, final_op, before,
    // after, target_path, stale, decided_at, decided_by) to its row.
    Status saveDecision(const InboxItem& item);
    // Only the stale flag (the GUI's and the service's staleness checks).
    Status setStale(qint64 id, bool stale);

    struct ListQuery {
        QString status;      // empty: any
        QString destination; // empty: any
        int limit = -1;      // -1: all
        qint64 offset = 0;
        bool newestFirst = false;
    };
    Result<std::vector<InboxItem>> list(const ListQuery& query);
    // Ids only, for lazy models that build rows on demand.
    Result<std::vector<qint64>> listIds(const ListQuery& query);
    // Counts include the intake's rows, which are pending; list() and listIds() read
    // inbox_items only, so callers fold the intake first (InboxStaging::foldAll).
    Result<qint64> count(const QString& status = {});

    Result<QMap<QString, qint64>> countByStatus();
    Result<QMap<QString, qint64>> countByDestination();
    // Pending items still in the intake, not yet in inbox_items.
    Result<qint64> countFiling();

    // Refusal memory (docs/architecture.md#3-the-gate): the latest item with that content hash a human refused.
    struct Refusal {
        qint64 id = 0;
        QString decidedAt; // ISO-8601 UTC
        QString decidedBy;
        QString reason; // the refusal text, else its code
        std::optional<QString> refusalCode;
    };
    Result<std::optional<Refusal>> findRefusedByHash(const QString& contentHash);

    // A large pass writes many index pages in one transaction; with SQLite's default 2 MB page
    // cache they spill to the WAL and are read back mid-transaction. Grows the connection's
    // cache for about `rows` new items (never shrinks it).
    Status reserveCacheFor(std::size_t rows);

    // For a pass that looks up many proposals, inside the caller's write transaction: keeps the
    // keys (hash_key, ext_id) of every pending item, those this repository then inserts included,
    // so that a lookup whose keys no pending item has is answered without a query. Not kept when
    // more than `limit` items are pending (reading them would cost more than the lookups).
    // Returns whether the keys are kept.
    Result<bool> keepPendingKeys(std::size_t limit);

    // The highest id of inbox_items, 0 for an empty table.
    Result<qint64> maxId();

    // The index key of a content hash (schema 4): its first fifteen hex digits as an integer.
    static qint64 hashKey(const QString& contentHash);

private:
    // Slots of the statement cache: the hot path of `propose` reuses these.
    enum Slot { Insert, FindDup, FindExt, Bump, FindOne, Save, SetStale, Refused, SlotCount };
    // Text slots of the lookups, apart from the insert's (which uses its column numbers, 1 to 23).
    static constexpr int kExtIdLookupSlot = 24;
    static constexpr int kHashLookupSlot = 25;
    static_assert(kHashLookupSlot < BindBuffers::kSlots);

    Result<qint64> allocateId();

    void notePending(const InboxItem& item);
    void notePending(qint64 hashKey, const std::optional<QString>& extId);
    Result<qint64> fileRow(const InboxStaging::Filing& row);

    Database& m_db;
    InboxStaging m_staging;
    BindBuffers m_texts; // before the statements, which may point into it until they are finalised
    StatementCache m_cache;
    std::optional<PendingKeys> m_pending; // see keepPendingKeys()
    std::optional<qint64> m_nextId;       // see beginPass()
};

} // namespace sediment
