#include "store/PendingAgeReadModel.h"

#include "store/Database.h"

namespace sediment {

namespace {

// A proposal's created_at is when it was filed, so among them the lowest pending id is the
// oldest; a staged Hermes write keeps the time Hermes staged it, which may be older than its
// import, so those few are read through hermes_staged. The intake holds pending proposals not
// yet moved into inbox_items.
constexpr const char* kOldest = R"sql(
SELECT MIN(t) FROM (
    SELECT (SELECT created_at FROM inbox_items WHERE status = 'pending' ORDER BY id LIMIT 1) AS t
    UNION ALL
    SELECT (SELECT created_at FROM inbox_intake ORDER BY id LIMIT 1)
    UNION ALL
    SELECT MIN(i.created_at) FROM hermes_staged s JOIN inbox_items i ON i.id = s.inbox_id
    WHERE s.state = 'imported' AND i.status = 'pending'
) AS candidates WHERE t IS NOT NULL
)sql";

// A skill record's destination is `skill`; the subsystem field wins when the importer kept one.
// A failed write waits too: Hermes keeps its record until it is approved or rejected.
constexpr Sql kHermesPending{R"sql(
SELECT s.profile,
       COALESCE(json_extract(i.source_json, '$.subsystem'),
                CASE WHEN i.destination = 'skill' THEN 'skills' ELSE 'memory' END) AS subsystem,
       COUNT(*), MIN(i.created_at)
FROM hermes_staged s JOIN inbox_items i ON i.id = s.inbox_id
WHERE s.state = 'imported' AND i.status IN ('pending', 'failed')
GROUP BY 1, 2 ORDER BY 1, 2
)sql",
                             R"sql(
SELECT s.profile,
       COALESCE(i.source_json::jsonb ->> 'subsystem',
                CASE WHEN i.destination = 'skill' THEN 'skills' ELSE 'memory' END) AS subsystem,
       COUNT(*), MIN(i.created_at)
FROM hermes_staged s JOIN inbox_items i ON i.id = s.inbox_id
WHERE s.state = 'imported' AND i.status IN ('pending', 'failed')
GROUP BY 1, 2 ORDER BY 1, 2
)sql"};

} // namespace

Result<std::optional<QString>> PendingAgeReadModel::oldestPendingCreatedAt()
{
    auto st = m_db.prepare(kOldest);
    if (!st)
        return fail(st.error());
    auto oldest = st->first<std::optional<QString>>([](const Statement& row) { return row.optText(0); });
    if (!oldest)
        return fail(oldest.error());
    return oldest->value_or(std::nullopt);
}

Result<qint64> PendingAgeReadModel::newestPendingId()
{
    return m_db.scalar({"SELECT MAX(COALESCE((SELECT MAX(id) FROM inbox_items WHERE status = "
                        "'pending'), 0), COALESCE((SELECT MAX(id) FROM inbox_intake), 0))",
                        "SELECT GREATEST(COALESCE((SELECT MAX(id) FROM inbox_items WHERE status = "
                        "'pending'), 0), COALESCE((SELECT MAX(id) FROM inbox_intake), 0))"});
}

Result<qint64> PendingAgeReadModel::pendingAbove(qint64 id)
{
    return m_db.scalar("SELECT (SELECT COUNT(*) FROM inbox_items WHERE status = 'pending' AND "
                       "id > ?1) + (SELECT COUNT(*) FROM inbox_intake WHERE id > ?1)",
                       id);
}

Result<std::vector<PendingAgeReadModel::HermesFigure>> PendingAgeReadModel::hermesPending()
{
    auto st = m_db.prepare(kHermesPending);
    if (!st)
        return fail(st.error());
    return st->collect<HermesFigure>([](const Statement& row) {
        return HermesFigure{row.text(0), row.text(1), row.int64(2), row.text(3)};
    });
}

} // namespace sediment
