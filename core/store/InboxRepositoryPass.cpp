#include "store/InboxRepository.h"

#include "store/Database.h"

#include <algorithm>

namespace sediment {

// The hot path of `propose` (a pass): ids handed out from a counter, deferred proposals filed in
// the intake, duplicate lookups answered from the pending keys when they are at hand.

Result<qint64> InboxRepository::allocateId()
{
    if (m_nextId)
        return (*m_nextId)++;
    return InboxStaging::nextId(m_db);
}

Status InboxRepository::beginPass(std::size_t proposals)
{
    if (auto c = reserveCacheFor(proposals); !c)
        return c;
    // Most proposals are new: with the pending items' keys at hand, their duplicate lookups need
    // no query. Reading the keys pays while there are not many more pending items than proposals.
    if (auto k = keepPendingKeys(2 * proposals); !k)
        return fail(k.error());
    auto next = InboxStaging::nextId(m_db);
    if (!next)
        return fail(next.error());
    m_nextId = *next;
    m_staging.beginBatch();
    return {};
}

Status InboxRepository::endPass()
{
    m_nextId.reset();
    return m_staging.endBatch();
}

Result<qint64> InboxRepository::fileRow(const InboxStaging::Filing& row)
{
    auto id = allocateId();
    if (!id)
        return fail(id.error());
    const qint64 key = hashKey(row.contentHash);
    if (auto s = m_staging.file(row, *id, key); !s)
        return fail(s.error());
    notePending(key, row.extId); // every filed row is pending
    return *id;
}

Result<qint64> InboxRepository::file(const InboxItem& it)
{
    return fileRow({it.extId, it.destination, it.op, it.contentHash, it.rationale, it.score, it.agent, it.session,
                    it.source, it.reason, it.seen, it.sanitized, it.createdAt});
}

Result<qint64> InboxRepository::file(const Proposal& p, const std::optional<QString>& reason, const QString& createdAt)
{
    return fileRow({p.extId, p.destination, p.op, p.contentHash, p.rationale, p.score, p.agent, p.session, p.source,
                    reason, 1, p.sanitized, createdAt});
}

Result<std::optional<qint64>> InboxRepository::findPendingByHashOrExtId(const QString& contentHash,
                                                                        const std::optional<QString>& extId)
{
    // Plain index lookups in each table (the agent's id wins); a combined UNION with an ORDER BY
    // cost as much as the insert itself on the hot path of `propose`. A twin in both tables (only
    // a hand-made one) resolves to the lower id, as one table's ORDER BY id would.
    const auto lower = [](std::optional<qint64> a, std::optional<qint64> b) {
        return a && b ? std::optional<qint64>(std::min(*a, *b)) : a ? a : b;
    };
    const qint64 key = hashKey(contentHash);
    if (m_pending && !m_pending->hasHashKey(key) && !(extId && m_pending->hasExtId(*extId)))
        return std::optional<qint64>(); // no pending item has either key
    if (extId) {
        auto st = m_cache.get(FindExt, "SELECT id FROM inbox_items WHERE ext_id = ? AND status = 'pending' "
                                       "ORDER BY id LIMIT 1");
        if (!st)
            return fail(st.error());
        (*st)->bindUnowned(1, m_texts.utf8(kExtIdLookupSlot, *extId));
        auto id = (*st)->firstInt64();
        if (!id)
            return id;
        auto filed = m_staging.findByExtId(*extId);
        if (!filed)
            return filed;
        if (*id || *filed)
            return lower(*id, *filed);
    }
    // `+content_hash` keeps the planner on the hash_key index: the full hash is only compared.
    auto st = m_cache.get(FindDup, {"SELECT id FROM inbox_items WHERE hash_key = ? AND +content_hash = ? "
                                    "AND status = 'pending' ORDER BY id LIMIT 1",
                                    "SELECT id FROM inbox_items WHERE hash_key = ? AND content_hash = ? "
                                    "AND status = 'pending' ORDER BY id LIMIT 1"});
    if (!st)
        return fail(st.error());
    (*st)->bind(1, key).bindUnowned(2, m_texts.utf8(kHashLookupSlot, contentHash));
    auto id = (*st)->firstInt64();
    if (!id)
        return id;
    auto filed = m_staging.findByHash(key, contentHash);
    if (!filed)
        return filed;
    return lower(*id, *filed);
}

Result<int> InboxRepository::bumpSeen(qint64 id)
{
    auto filed = m_staging.bumpSeen(id);
    if (!filed)
        return fail(filed.error());
    if (*filed)
        return **filed;
    auto st = m_cache.get(Bump, "UPDATE inbox_items SET seen = seen + 1 WHERE id = ? RETURNING seen");
    if (!st)
        return fail(st.error());
    auto seen = (*st)->bind(1, id).firstInt64();
    if (!seen)
        return fail(seen.error());
    if (!*seen)
        return fail(Error::invalid(QStringLiteral("no inbox item %1").arg(id)));
    return int(**seen);
}

Status InboxRepository::reserveCacheFor(std::size_t rows)
{
    // New rows go to the right edge of the table, and their entries in the status, destination
    // and agent indexes to the end of one range per status, destination or agent: few pages are
    // written at a time, and a full one may spill to the WAL (where it is written once in any
    // case). Only the hash_key index takes entries at random places, about 20 bytes per row, and
    // must stay in memory: 8 MiB plus 64 bytes per row keeps it there without making the process
    // hundreds of MiB large, as 1 KiB per row did (every fresh page of cache is a zeroed page of
    // memory, which cost more than the spills it saved).
    if (m_db.isServer())
        return {}; // the server sizes its own buffers
    constexpr qint64 kBaseKib = 8 * 1024;
    const qint64 kib = std::min<qint64>(kBaseKib + qint64(rows) / 16, 256 * 1024);
    auto now = m_db.scalar("PRAGMA cache_size");
    auto pageBytes = m_db.scalar("PRAGMA page_size");
    if (!now || !pageBytes)
        return fail(!now ? now.error() : pageBytes.error());
    // Negative values are KiB, positive ones pages (16 KiB in a new workspace, 4 KiB in an older one).
    const qint64 nowKib = *now < 0 ? -*now : *now * (*pageBytes / 1024);
    if (kib <= nowKib)
        return {};
    const std::string sql = "PRAGMA cache_size=-" + std::to_string(kib);
    return m_db.exec(sql.c_str());
}

Result<bool> InboxRepository::keepPendingKeys(std::size_t limit)
{
    m_pending.reset();
    auto st = m_db.prepare("SELECT hash_key, ext_id FROM inbox_items WHERE status = 'pending' LIMIT ?");
    if (!st)
        return fail(st.error());
    st->bind(1, qint64(std::min<std::size_t>(limit, std::size_t(1) << 40)) + 1);
    PendingKeys keys(limit);
    std::size_t rows = 0;
    auto read = st->forEachRow([&](const Statement& row) {
        ++rows;
        keys.add(row.int64(0)); // a NULL key (0) only makes a lookup query
        if (!row.isNull(1))
            keys.addExtId(row.text(1));
    });
    if (!read)
        return fail(read.error());
    // The intake's rows are all pending: their keys count against the same limit.
    auto filed = m_staging.forEachKey([&](qint64 key, std::optional<QString> extId) {
        if (++rows > limit)
            return false;
        keys.add(key);
        if (extId)
            keys.addExtId(*extId);
        return true;
    });
    if (!filed)
        return fail(filed.error());
    if (rows > limit)
        return false;
    m_pending = std::move(keys);
    return true;
}

void InboxRepository::notePending(const InboxItem& it)
{
    if (m_pending && it.hasStatus(InboxStatus::Pending))
        notePending(hashKey(it.contentHash), it.extId);
}

void InboxRepository::notePending(qint64 key, const std::optional<QString>& extId)
{
    if (!m_pending)
        return;
    m_pending->add(key);
    if (extId)
        m_pending->addExtId(*extId);
}

} // namespace sediment
