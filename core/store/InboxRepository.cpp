#include "store/InboxRepository.h"

#include "store/Database.h"

namespace sediment {

namespace {

constexpr const char* kColumns =
    "id, ext_id, destination, op_json, final_op_json, content_hash, rationale, score, agent, "
    "session, source_json, status, reason, refusal_code, seen, stale, sanitized_json, "
    "target_path, before_content, after_content, created_at, decided_at, decided_by";

std::string dumpJson(const Json& j) { return json::compact(j); }

// A cell that no longer parses (edited by hand) degrades to its text rather than failing the read.
Json parseCell(const std::string& raw, Json fallback)
{
    if (raw.empty())
        return fallback;
    Json j = Json::parse(raw, nullptr, false);
    return j.is_discarded() ? Json(raw) : j;
}

InboxItem readRow(const Statement& st)
{
    InboxItem it;
    st.columns(0, it.id, it.extId, it.destination);
    it.op = parseCell(st.utf8(3), Json::object());
    if (!st.isNull(4))
        it.finalOp = parseCell(st.utf8(4), Json::object());
    st.columns(5, it.contentHash, it.rationale, it.score, it.agent, it.session);
    it.source = parseCell(st.utf8(10), Json::object());
    st.columns(11, it.status, it.reason, it.refusalCode, it.seen, it.stale);
    it.sanitized = st.isNull(16) ? Json::array() : parseCell(st.utf8(16), Json::array());
    st.columns(17, it.targetPath, it.beforeContent, it.afterContent, it.createdAt, it.decidedAt, it.decidedBy);
    return it;
}

} // namespace

// The index key of a content hash (schema 4): its first fifteen hex digits as an integer, exactly
// as the migration computes it in SQL for older rows: there a character that is not lower-case
// hex counts as -1, and a missing one (a hash edited short by hand) as 0.
qint64 InboxRepository::hashKey(const QString& contentHash)
{
    qint64 key = 0;
    for (qsizetype k = 0; k < 15; ++k) {
        const char16_t c = k < contentHash.size() ? contentHash[k].unicode() : u'0';
        const int digit = c >= u'0' && c <= u'9' ? c - u'0' : c >= u'a' && c <= u'f' ? c - u'a' + 10 : -1;
        key = key * 16 + digit;
    }
    return key;
}

InboxRepository::InboxRepository(Database& db) : m_db(db), m_staging(db), m_cache(db, SlotCount) {}

InboxRepository::~InboxRepository() = default;

Result<qint64> InboxRepository::insert(const InboxItem& it)
{
    // An explicit id: the intake's rows hold ids above this table's largest, which SQLite's own
    // choice (largest + 1) could take.
    auto id = allocateId();
    if (!id)
        return fail(id.error());
    auto st = m_cache.get(Insert, "INSERT INTO inbox_items(ext_id, destination, op_json, final_op_json, "
                                  "content_hash, rationale, score, agent, session, source_json, status, reason, "
                                  "refusal_code, seen, stale, sanitized_json, target_path, before_content, "
                                  "after_content, created_at, decided_at, decided_by, hash_key, id) "
                                  "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    if (!st)
        return fail(st.error());
    Statement& s = **st;
    BindBuffers& b = m_texts; // texts bound without copies, from buffers kept from row to row
    b.bindText(s, 1, it.extId);
    b.bindText(s, 2, it.destination);
    b.bindJson(s, 3, it.op);
    if (it.finalOp)
        b.bindJson(s, 4, *it.finalOp);
    b.bindText(s, 5, it.contentHash);
    b.bindText(s, 6, it.rationale);
    s.bind(7, it.score);
    b.bindText(s, 8, it.agent);
    b.bindText(s, 9, it.session);
    b.bindJson(s, 10, it.source);
    b.bindText(s, 11, it.status);
    b.bindText(s, 12, it.reason);
    b.bindText(s, 13, it.refusalCode);
    s.bind(14, it.seen).bind(15, int(it.stale));
    if (!(it.sanitized.is_array() && it.sanitized.empty()))
        b.bindJson(s, 16, it.sanitized);
    b.bindText(s, 17, it.targetPath);
    b.bindText(s, 18, it.beforeContent);
    b.bindText(s, 19, it.afterContent);
    b.bindText(s, 20, it.createdAt);
    b.bindText(s, 21, it.decidedAt);
    b.bindText(s, 22, it.decidedBy);
    s.bind(23, hashKey(it.contentHash)).bind(24, *id);
    if (auto r = s.exec(); !r)
        return fail(r.error());
    notePending(it);
    return *id;
}

Result<std::optional<InboxItem>> InboxRepository::find(qint64 id)
{
    auto st = m_cache.get(FindOne, (std::string("SELECT ") + kColumns + " FROM inbox_items WHERE id = ?").c_str());
    if (!st)
        return fail(st.error());
    return (*st)->bind(1, id).first<InboxItem>([](const Statement& row) { return readRow(row); });
}

Result<InboxItem> InboxRepository::existing(qint64 id)
{
    auto found = find(id);
    if (!found)
        return fail(found.error());
    if (!*found)
        return fail(Error::invalid(QStringLiteral("no inbox item %1").arg(id)));
    return std::move(**found);
}

Result<std::vector<InboxItem>> InboxRepository::findMany(const std::vector<qint64>& ids)
{
    std::vector<InboxItem> items;
    items.reserve(ids.size());
    for (qint64 id : ids) {
        auto one = find(id);
        if (!one)
            return fail(one.error());
        if (*one)
            items.push_back(std::move(**one));
    }
    return items;
}

Status InboxRepository::saveDecision(const InboxItem& it)
{
    auto st = m_cache.get(Save, "UPDATE inbox_items SET status = ?, reason = ?, refusal_code = ?, "
                                "final_op_json = ?, before_content = ?, after_content = ?, target_path = ?, "
                                "stale = ?, decided_at = ?, decided_by = ? WHERE id = ?");
    if (!st)
        return fail(st.error());
    Statement& s = **st;
    s.bind(1, it.status)
        .bind(2, it.reason)
        .bind(3, it.refusalCode)
        .bind(5, it.beforeContent)
        .bind(6, it.afterContent)
        .bind(7, it.targetPath)
        .bind(8, int(it.stale))
        .bind(9, it.decidedAt)
        .bind(10, it.decidedBy)
        .bind(11, it.id);
    if (it.finalOp)
        s.bind(4, dumpJson(*it.finalOp));
    else
        s.bindNull(4);
    if (auto r = s.exec(); !r)
        return r;
    if (m_db.changes() != 1)
        return fail(Error::invalid(QStringLiteral("no inbox item %1").arg(it.id)));
    notePending(it);
    return {};
}

Status InboxRepository::setStale(qint64 id, bool stale)
{
    auto st = m_cache.get(SetStale, "UPDATE inbox_items SET stale = ? WHERE id = ?");
    if (!st)
        return fail(st.error());
    return (*st)->bind(1, int(stale)).bind(2, id).exec();
}

namespace {

std::string listSql(const char* what, const InboxRepository::ListQuery& q)
{
    return std::string("SELECT ") + what
           + " FROM inbox_items WHERE (?1 = '' OR status = ?1) AND (?2 = '' OR destination = ?2)"
             " ORDER BY id "
           + (q.newestFirst ? "DESC" : "ASC") + " LIMIT ?3 OFFSET ?4";
}

} // namespace

Result<std::vector<InboxItem>> InboxRepository::list(const ListQuery& q)
{
    auto st = m_db.prepare(listSql(kColumns, q).c_str());
    if (!st)
        return fail(st.error());
    st->bind(1, q.status).bind(2, q.destination).bind(3, qint64(q.limit)).bind(4, q.offset);
    return st->collect<InboxItem>(readRow);
}

Result<std::vector<qint64>> InboxRepository::listIds(const ListQuery& q)
{
    auto st = m_db.prepare(listSql("id", q).c_str());
    if (!st)
        return fail(st.error());
    st->bind(1, q.status).bind(2, q.destination).bind(3, qint64(q.limit)).bind(4, q.offset);
    return st->collect<qint64>([](const Statement& row) { return row.int64(0); });
}

Result<qint64> InboxRepository::count(const QString& status)
{
    // The server sums the counts its triggers keep (schema 8) rather than visit every row.
    auto st = m_db.prepare({"SELECT COUNT(*) FROM inbox_items WHERE (?1 = '' OR status = ?1)",
                            "SELECT COALESCE(SUM(n), 0) FROM inbox_counts WHERE (?1 = '' OR status = ?1)"});
    if (!st)
        return fail(st.error());
    st->bind(1, status);
    if (auto r = st->step(); !r)
        return fail(r.error());
    const qint64 listed = st->int64(0);
    if (!status.isEmpty() && !isWord(status, InboxStatus::Pending))
        return listed;
    auto filed = m_staging.count(); // every row of the intake is pending
    if (!filed)
        return fail(filed.error());
    return listed + *filed;
}

namespace {

Result<QMap<QString, qint64>> grouped(Database& db, const Sql& sql)
{
    auto st = db.prepare(sql);
    if (!st)
        return fail(st.error());
    return st->collectMap<QMap<QString, qint64>>([](const Statement& row) { return row.int64(1); });
}

} // namespace

Result<QMap<QString, qint64>> InboxRepository::countByStatus()
{
    auto counts = grouped(m_db, {"SELECT status, COUNT(*) FROM inbox_items GROUP BY status",
                                 "SELECT status, SUM(n) FROM inbox_counts GROUP BY status HAVING SUM(n) > 0"});
    auto filed = m_staging.count();
    if (!counts || !filed)
        return fail(!counts ? counts.error() : filed.error());
    if (*filed > 0)
        (*counts)[toString(InboxStatus::Pending)] += *filed;
    return counts;
}

Result<QMap<QString, qint64>> InboxRepository::countByDestination()
{
    // Both tables in one statement: the intake's rows are pending items too.
    return grouped(m_db, {"SELECT destination, COUNT(*) FROM (SELECT destination FROM inbox_items "
                          "UNION ALL SELECT destination FROM inbox_intake) AS every_item GROUP BY destination",
                          "SELECT destination, SUM(n) FROM (SELECT destination, n FROM inbox_counts UNION ALL "
                          "SELECT destination, 1 FROM inbox_intake) AS every_item GROUP BY destination "
                          "HAVING SUM(n) > 0"});
}

Result<qint64> InboxRepository::countFiling() { return m_staging.count(); }

Result<std::optional<InboxRepository::Refusal>> InboxRepository::findRefusedByHash(const QString& contentHash)
{
    // An index range (usually empty); the latest is picked here rather than by an ORDER BY on
    // an expression, which would set up a sorter for every proposal.
    auto st = m_cache.get(Refused, {"SELECT id, COALESCE(decided_at, created_at), COALESCE(decided_by, ''), "
                                    "COALESCE(reason, refusal_code, ''), refusal_code FROM inbox_items "
                                    "WHERE hash_key = ? AND +content_hash = ? AND status = 'refused'",
                                    "SELECT id, COALESCE(decided_at, created_at), COALESCE(decided_by, ''), "
                                    "COALESCE(reason, refusal_code, ''), refusal_code FROM inbox_items "
                                    "WHERE hash_key = ? AND content_hash = ? AND status = 'refused'"});
    if (!st)
        return fail(st.error());
    Statement& s = **st;
    s.bind(1, hashKey(contentHash)).bind(2, contentHash);
    std::optional<Refusal> latest;
    const auto keepLatest = [&](const Statement& row) {
        Refusal r{row.int64(0), row.text(1), row.text(2), row.text(3), row.optText(4)};
        if (!latest || r.decidedAt > latest->decidedAt || (r.decidedAt == latest->decidedAt && r.id > latest->id))
            latest = std::move(r);
    };
    if (auto r = s.forEachRow(keepLatest); !r)
        return fail(r.error());
    s.reset();
    return latest;
}

Result<qint64> InboxRepository::maxId() { return m_db.scalar("SELECT COALESCE(MAX(id), 0) FROM inbox_items"); }

} // namespace sediment
