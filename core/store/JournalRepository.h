#pragma once

#include "model/JournalEntry.h"
#include "util/Error.h"

#include "store/Statement.h"
#include "store/StatementCache.h"

#include <optional>
#include <vector>

namespace sediment {

class Database;
class Statement;

// The decision journal's table. insert() is committed on its own, before the file write it
// announces; remove() runs inside the transaction that records the write's outcome.
class JournalRepository final {
public:
    explicit JournalRepository(Database& db) : m_db(db), m_cache(db, SlotCount) {}

    // Stores the entry (created_at filled by the caller) and returns its id.
    Result<qint64> insert(const JournalEntry& entry);
    Status remove(qint64 id);
    Status markNeedsAttention(qint64 id, const std::optional<QString>& foundHash);

    // Whether any row is still open (a cheap check every command makes before settling).
    Result<bool> anyOpen();
    // The open rows, oldest first, at most `limit`.
    Result<std::vector<JournalEntry>> open(int limit);
    // The row left in needs_attention for an inbox item, if any.
    Result<std::optional<JournalEntry>> attentionFor(qint64 itemId);
    Result<std::optional<JournalEntry>> find(qint64 id);

    // Another row still deciding the same inbox item (open or needing attention), if any.
    Result<std::optional<JournalEntry>> claimOn(qint64 itemId);
    // The inbox item's decision as it stands, its row locked until the transaction ends: FOR
    // UPDATE on a server, where reviewers on other machines decide too; in SQLite the write
    // lock of the transaction already holds every row.
    struct ItemState {
        QString status;
        QString decidedBy;
        QString decidedAt;
    };
    Result<std::optional<ItemState>> lockItem(qint64 itemId);

private:
    static JournalEntry fromRow(const Statement& st);
    // The first row `where` (a clause with one integer parameter) selects, if any.
    Result<std::optional<JournalEntry>> firstWhere(const char* where, qint64 key);

    // Prepared once: a settling pass removes or marks many rows.
    enum Slot { Remove, MarkNeedsAttention, SlotCount };

    Database& m_db;
    StatementCache m_cache;
};

} // namespace sediment
