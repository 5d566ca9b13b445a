#include "store/InboxClaimRepository.h"

#include "model/InboxStatus.h"
#include "store/Database.h"
#include "store/InboxFilterSql.h"

#include <variant>

namespace sediment {

namespace {

// The claim statement's tail, after the candidates' WHERE clause. SQLite has one writer at a
// time and no row locks: its candidate is simply the first. On a server the candidate row is
// locked and one that another claimer holds locked at this moment is passed over rather than
// waited for. The upsert takes an existing claim only when it is this reviewer's own or has
// expired: a claim committed after this statement's snapshot is found there and kept.
constexpr Sql kClaimTail{
    " AND id > ? AND NOT EXISTS (SELECT 1 FROM inbox_claims c WHERE c.item_id = inbox_items.id"
    " AND c.reviewer <> ? AND c.expires_at > ?)"
    " ORDER BY id LIMIT 1)"
    " INSERT INTO inbox_claims(item_id, reviewer, claimed_at, expires_at)"
    " SELECT id, ?, ?, ? FROM candidate WHERE true"
    " ON CONFLICT(item_id) DO UPDATE SET reviewer = excluded.reviewer,"
    " claimed_at = excluded.claimed_at, expires_at = excluded.expires_at"
    " WHERE inbox_claims.reviewer = excluded.reviewer OR inbox_claims.expires_at <= excluded.claimed_at"
    " RETURNING item_id",
    " AND id > ? AND NOT EXISTS (SELECT 1 FROM inbox_claims c WHERE c.item_id = inbox_items.id"
    " AND c.reviewer <> ? AND c.expires_at > ?)"
    " ORDER BY id LIMIT 1 FOR UPDATE OF inbox_items SKIP LOCKED)"
    " INSERT INTO inbox_claims(item_id, reviewer, claimed_at, expires_at)"
    " SELECT id, ?, ?, ? FROM candidate WHERE true"
    " ON CONFLICT(item_id) DO UPDATE SET reviewer = excluded.reviewer,"
    " claimed_at = excluded.claimed_at, expires_at = excluded.expires_at"
    " WHERE inbox_claims.reviewer = excluded.reviewer OR inbox_claims.expires_at <= excluded.claimed_at"
    " RETURNING item_id"};

} // namespace

Result<std::optional<qint64>> InboxClaimRepository::claimNext(const QString& reviewer, const QString& now,
                                                              const QString& expiresAt, const InboxFilter& filter,
                                                              qint64 after)
{
    InboxFilter pending = filter;
    pending.allStatuses = false;
    pending.status = {{toString(InboxStatus::Pending)}, {}};
    const InboxFilterSql w = InboxFilterSql::of(pending, false, std::nullopt, m_db.dialect());
    const std::string sql =
        "WITH candidate AS (SELECT id FROM " + w.from + " WHERE " + w.sql + kClaimTail.text(m_db.dialect());
    auto st = m_db.prepare(sql.c_str());
    if (!st)
        return fail(st.error());
    int index = 1;
    for (const InboxFilterSql::Param& p : w.params)
        std::visit([&](const auto& v) { st->bind(index++, v); }, p);
    st->bind(index++, after);
    for (const QString* value : {&reviewer, &now, &reviewer, &now, &expiresAt})
        st->bind(index++, *value);
    auto row = st->step();
    if (!row)
        return fail(row.error());
    if (!*row)
        return std::optional<qint64>();
    const qint64 id = st->int64(0);
    if (auto rest = st->forEachRow([](const Statement&) {}); !rest)
        return fail(rest.error());
    return std::optional<qint64>(id);
}

Result<std::optional<InboxClaim>> InboxClaimRepository::liveClaim(qint64 itemId, const QString& now)
{
    auto st = m_db.prepare("SELECT c.reviewer, c.claimed_at, c.expires_at FROM inbox_claims c "
                           "JOIN inbox_items i ON i.id = c.item_id "
                           "WHERE c.item_id = ? AND c.expires_at > ? AND i.status = 'pending'");
    if (!st)
        return fail(st.error());
    return st->bind(1, itemId).bind(2, now).first<InboxClaim>([&](const Statement& row) {
        return InboxClaim{itemId, row.text(0), row.text(1), row.text(2)};
    });
}

Result<qint64> InboxClaimRepository::heldByOthers(const QString& reviewer, const QString& now)
{
    return m_db.scalar("SELECT COUNT(*) FROM inbox_claims c JOIN inbox_items i ON i.id = c.item_id "
                       "WHERE i.status = 'pending' AND c.reviewer <> ? AND c.expires_at > ?",
                       reviewer, now);
}

Result<bool> InboxClaimRepository::release(qint64 itemId, const QString& reviewer)
{
    if (auto s = m_db.run("DELETE FROM inbox_claims WHERE item_id = ? AND reviewer = ?", itemId, reviewer); !s)
        return fail(s.error());
    return m_db.changes() > 0;
}

Result<qint64> InboxClaimRepository::heldBy(const QString& reviewer, const QString& now)
{
    return m_db.scalar("SELECT item_id FROM inbox_claims WHERE reviewer = ? AND expires_at > ? "
                       "ORDER BY claimed_at DESC, item_id DESC LIMIT 1",
                       reviewer, now);
}

Status InboxClaimRepository::releaseOthers(const QString& reviewer, qint64 kept)
{
    return m_db.run("DELETE FROM inbox_claims WHERE reviewer = ? AND item_id <> ?", reviewer, kept);
}

Status InboxClaimRepository::dropSpent(const QString& now)
{
    return m_db.run("DELETE FROM inbox_claims WHERE expires_at <= ? OR NOT EXISTS "
                    "(SELECT 1 FROM inbox_items i WHERE i.id = inbox_claims.item_id AND i.status = 'pending')",
                    now);
}

} // namespace sediment
