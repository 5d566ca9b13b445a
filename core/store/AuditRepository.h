#pragma once

#include "model/AuditEntry.h"
#include "store/StatementCache.h"
#include "util/Clock.h"
#include "util/Error.h"

#include <vector>

namespace sediment {

class Database;
class Statement;

// The audit log's table. append() must run inside the caller's transaction, the one that makes
// the change it records, so the change and its row commit or roll back together.
class AuditRepository final {
public:
    AuditRepository(Database& db, const Clock& clock) : m_db(db), m_clock(clock), m_cache(db, SlotCount) {}

    // Fills seq, at, prev_hash and hash; returns the stored entry.
    Result<AuditEntry> append(AuditEntry entry);

    struct Query {
        QString subjectType; // empty: any
        QString subjectId;   // empty: any
        QString actor;       // empty: any
        QString action;      // empty: any
        qint64 afterSeq = 0;
        int limit = -1; // -1: all
        bool newestFirst = false;
    };
    Result<std::vector<AuditEntry>> list(const Query& query);
    Result<qint64> count();

    // Recomputes the chain. The first row whose hash or link does not match, or nullopt.
    struct Break {
        qint64 seq;
        QString why;
    };
    Result<std::optional<Break>> verify();

    // SHA-256 over prev_hash and the row's canonical JSON (keys sorted, hash excluded).
    static QString computeHash(const AuditEntry& e);

    // The columns every audit read selects, in the order fromRow reads them; the audit page's
    // read model uses both too.
    static constexpr const char* kColumns =
        "seq, at, actor, action, subject_type, subject_id, reason, before, after, details, "
        "prev_hash, hash";
    static AuditEntry fromRow(const Statement& st);
    static QString genesisHash();

private:
    // append()'s two statements, prepared once: settling a journal appends a row per entry.
    enum Slot { Last, Insert, SlotCount };

    Database& m_db;
    const Clock& m_clock;
    StatementCache m_cache;
};

} // namespace sediment
