#include "store/InboxRepository.h"

#include "store/Database.h"

#include <algorithm>

namespace sediment {

namespace {

constexpr const char* kColumns =
    "id, ext_id, destination, op_json, final_op_json, content_hash, rationale, score, agent, "
    "session, source_json, status, reason, refusal_code, seen, stale, sanitized_json, "
    "target_path, before_content, after_content, created_at, decided_at, decided_by";

// Slots of the statement cache: the hot path of `propose` reuses these.
enum Slot { Insert, FindDup, FindExt, Bump, FindOne, Save, SetStale, Refused, SlotCount };

// Text slots of the lookups, apart from the insert's (which uses its column numbers, 1 to 23).
constexpr int kExtIdLookupSlot = 24;
constexpr int kHashLookupSlot = 25;
static_assert(kHashLookupSlot < BindBuffers::kSlots);

std::string dumpJson(const Json& j) { return json::compact(j); }

// The index key of a content hash (schema 4): its first fifteen hex digits as an integer, exactly
// as the migration computes it in SQL for older rows: there a character that is not lower-case
// hex counts as -1, and a missing one (a hash edited short by hand) as 0.
qint64 hashKey(const QString& contentHash)
{
    qint64 key = 0;
    for (qsizetype k = 0; k < 15; ++k) {
        const char16_t c = k < contentHash.size() ? contentHash[k].unicode() : u'0';
        const int digit = c >= u'0' && c <= u'9'   ? c - u'0'
                          : c >= u'a' && c <= u'f' ? c - u'a' + 10
                                                   : -1;
        key = key * 16 + digit;
    }
    return key;
}

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
    it.id = st.int64(0);
    it.extId = st.optText(1);
    it.destination = st.text(2);
    it.op = parseCell(st.utf8(3), Json::object());
    if (!st.isNull(4))
        it.finalOp = parseCell(st.utf8(4), Json::object());
    it.contentHash = st.text(5);
    it.rationale = st.text(6);
    it.score = st.optReal(7);
    it.agent = st.optText(8);
    it.session = st.optText(9);
    it.source = parseCell(st.utf8(10), Json::object());
    it.status = st.text(11);
    it.reason = st.optText(12);
    it.refusalCode = st.optText(13);
    it.seen = int(st.int64(14));
    it.stale = st.int64(15) != 0;
    it.sanitized = st.isNull(16) ? Json::array() : parseCell(st.utf8(16), Json::array());
    it.targetPath = st.optText(17);
    it.beforeContent = st.optText(18);
    it.afterContent = st.optText(19);
    it.createdAt = st.text(20);
    it.decidedAt = st.optText(21);
    it.decidedBy = st.optText(22);
    return it;
}

} // namespace

InboxRepository::InboxRepository(Database& db) : m_db(db), m_intake(db), m_cache(SlotCount) {}

InboxRepository::~InboxRepository() = default;

Result<Statement*> InboxRepository::cached(int slot, const char* sql)
{
    auto& entry = m_cache[size_t(slot)];
    if (!entry) {
        auto st = m_db.prepare(sql);
        if (!st)
            return fail(st.error());
        entry.emplace(std::move(*st));
    }
    entry->reset();
    return &*entry;
}

Result<qint64> InboxRepository::allocateId()
{
    if (m_nextId)
        return (*m_nextId)++;
    return InboxIntake::nextId(m_db);
}

Status InboxRepository::beginPass(std::size_t proposals)
{
    if (auto c = reserveCacheFor(proposals); !c)
        return c;
    // Most proposals are new: with the pending items' keys at hand, their duplicate lookups need
    // no query. Reading the keys pays while there are not many more pending items than proposals.
    if (auto k = keepPendingKeys(2 * proposals); !k)
        return fail(k.error());
    auto next = InboxIntake::nextId(m_db);
    if (!next)
        return fail(next.error());
    m_nextId = *next;
    return {};
}

Result<qint64> InboxRepository::fileRow(const InboxIntake::Filing& row)
{
    auto id = allocateId();
    if (!id)
        return fail(id.error());
    const qint64 key = hashKey(row.contentHash);
    if (auto s = m_intake.file(row, *id, key); !s)
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

Result<qint64> InboxRepository::insert(const InboxItem& it)
{
    // An explicit id: the intake's rows hold ids above this table's largest, which SQLite's own
    // choice (largest + 1) could take.
    auto id = allocateId();
    if (!id)
        return fail(id.error());
    auto st = cached(Insert,
                     "INSERT INTO inbox_items(ext_id, destination, op_json, final_op_json, "
                     "content_hash, rationale, score, agent, session, source_json, status, reason, "
                     "refusal_code, seen, stale, sanitized_json, target_path, before_content, "
                     "after_content, created_at, decided_at, decided_by, hash_key, id) "
                     "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    if (!st)
        return fail(st.error());
    Statement& s = **st;
    // Every parameter is NULL after the reset in cached(): absent values are simply not bound.
    // Texts are bound from this repository's buffers, which SQLite reads without copying.
    const auto text = [&](int column, const QString& value) { s.bindUnowned(column, m_texts.utf8(column, value)); };
    const auto optText = [&](int column, const std::optional<QString>& value) {
        if (value)
            text(column, *value);
    };
    const auto jsonText = [&](int column, const Json& value) { s.bindUnowned(column, m_texts.json(column, value)); };
    optText(1, it.extId);
    text(2, it.destination);
    jsonText(3, it.op);
    if (it.finalOp)
        jsonText(4, *it.finalOp);
    text(5, it.contentHash);
    text(6, it.rationale);
    s.bind(7, it.score);
    optText(8, it.agent);
    optText(9, it.session);
    jsonText(10, it.source);
    text(11, it.status);
    optText(12, it.reason);
    optText(13, it.refusalCode);
    s.bind(14, it.seen).bind(15, int(it.stale));
    if (!(it.sanitized.is_array() && it.sanitized.empty()))
        jsonText(16, it.sanitized);
    optText(17, it.targetPath);
    optText(18, it.beforeContent);
    optText(19, it.afterContent);
    text(20, it.createdAt);
    optText(21, it.decidedAt);
    optText(22, it.decidedBy);
    s.bind(23, hashKey(it.contentHash)).bind(24, *id);
    if (auto r = s.exec(); !r)
        return fail(r.error());
    notePending(it);
    return *id;
}

Result<std::optional<InboxItem>> InboxRepository::find(qint64 id)
{
    auto st = cached(FindOne, (std::string("SELECT ") + kColumns
                               + " FROM inbox_items WHERE id = ?")
                                  .c_str());
    if (!st)
        return fail(st.error());
    (*st)->bind(1, id);
    auto row = (*st)->step();
    if (!row)
        return fail(row.error());
    if (!*row)
        return std::optional<InboxItem>();
    std::optional<InboxItem> item(readRow(**st));
    (*st)->reset();
    return item;
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

Result<std::optional<qint64>> InboxRepository::findPendingByHashOrExtId(
    const QString& contentHash, const std::optional<QString>& extId)
{
    // Plain index lookups in each table (the agent's id wins); a combined UNION with an ORDER BY
    // cost as much as the insert itself on the hot path of `propose`. A twin in both tables (only
    // a hand-made one) resolves to the lower id, as one table's ORDER BY id would.
    const auto first = [](Statement& st) -> Result<std::optional<qint64>> {
        auto row = st.step();
        if (!row)
            return fail(row.error());
        std::optional<qint64> id;
        if (*row)
            id = st.int64(0);
        st.reset();
        return id;
    };
    const auto lower = [](std::optional<qint64> a, std::optional<qint64> b) {
        return a && b ? std::optional<qint64>(std::min(*a, *b)) : a ? a : b;
    };
    const qint64 key = hashKey(contentHash);
    if (m_pending && !m_pending->hasHashKey(key) && !(extId && m_pending->hasExtId(*extId)))
        return std::optional<qint64>(); // no pending item has either key
    if (extId) {
        auto st = cached(FindExt, "SELECT id FROM inbox_items WHERE ext_id = ? AND status = 'pending' "
                                  "ORDER BY id LIMIT 1");
        if (!st)
            return fail(st.error());
        (*st)->bindUnowned(1, m_texts.utf8(kExtIdLookupSlot, *extId));
        auto id = first(**st);
        if (!id)
            return id;
        auto filed = m_intake.findByExtId(*extId);
        if (!filed)
            return filed;
        if (*id || *filed)
            return lower(*id, *filed);
    }
    // `+content_hash` keeps the planner on the hash_key index: the full hash is only compared.
    auto st = cached(FindDup, "SELECT id FROM inbox_items WHERE hash_key = ? AND +content_hash = ? "
                              "AND status = 'pending' ORDER BY id LIMIT 1");
    if (!st)
        return fail(st.error());
    (*st)->bind(1, key).bindUnowned(2, m_texts.utf8(kHashLookupSlot, contentHash));
    auto id = first(**st);
    if (!id)
        return id;
    auto filed = m_intake.findByHash(key, contentHash);
    if (!filed)
        return filed;
    return lower(*id, *filed);
}

Result<int> InboxRepository::bumpSeen(qint64 id)
{
    auto filed = m_intake.bumpSeen(id);
    if (!filed)
        return fail(filed.error());
    if (*filed)
        return **filed;
    auto st = cached(Bump, "UPDATE inbox_items SET seen = seen + 1 WHERE id = ? RETURNING seen");
    if (!st)
        return fail(st.error());
    (*st)->bind(1, id);
    auto row = (*st)->step();
    if (!row)
        return fail(row.error());
    if (!*row)
        return fail(Error::invalid(QStringLiteral("no inbox item %1").arg(id)));
    const int seen = int((*st)->int64(0));
    (*st)->reset();
    return seen;
}

Status InboxRepository::saveDecision(const InboxItem& it)
{
    auto st = cached(Save,
                     "UPDATE inbox_items SET status = ?, reason = ?, refusal_code = ?, "
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
    auto st = cached(SetStale, "UPDATE inbox_items SET stale = ? WHERE id = ?");
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
    auto st = m_db.prepare("SELECT COUNT(*) FROM inbox_items WHERE (?1 = '' OR status = ?1)");
    if (!st)
        return fail(st.error());
    st->bind(1, status);
    if (auto r = st->step(); !r)
        return fail(r.error());
    const qint64 listed = st->int64(0);
    if (!status.isEmpty() && status != QLatin1String("pending"))
        return listed;
    auto filed = m_intake.count(); // every row of the intake is pending
    if (!filed)
        return fail(filed.error());
    return listed + *filed;
}

namespace {

Result<QMap<QString, qint64>> grouped(Database& db, const char* sql)
{
    auto st = db.prepare(sql);
    if (!st)
        return fail(st.error());
    QMap<QString, qint64> counts;
    if (auto s = st->forEachRow([&](const Statement& row) { counts.insert(row.text(0), row.int64(1)); }); !s)
        return fail(s.error());
    return counts;
}

} // namespace

Result<QMap<QString, qint64>> InboxRepository::countByStatus()
{
    auto counts = grouped(m_db, "SELECT status, COUNT(*) FROM inbox_items GROUP BY status");
    auto filed = m_intake.count();
    if (!counts || !filed)
        return fail(!counts ? counts.error() : filed.error());
    if (*filed > 0)
        (*counts)[QStringLiteral("pending")] += *filed;
    return counts;
}

Result<QMap<QString, qint64>> InboxRepository::countByDestination()
{
    auto counts = grouped(m_db, "SELECT destination, COUNT(*) FROM inbox_items GROUP BY destination");
    auto filed = m_intake.countByDestination();
    if (!counts || !filed)
        return fail(!counts ? counts.error() : filed.error());
    for (auto it = filed->cbegin(); it != filed->cend(); ++it)
        (*counts)[it.key()] += it.value();
    return counts;
}

Result<qint64> InboxRepository::countFiling() { return m_intake.count(); }

Result<std::optional<InboxRepository::Refusal>>
InboxRepository::findRefusedByHash(const QString& contentHash)
{
    // An index range (usually empty); the latest is picked here rather than by an ORDER BY on
    // an expression, which would set up a sorter for every proposal.
    auto st = cached(Refused,
                     "SELECT id, COALESCE(decided_at, created_at), COALESCE(decided_by, ''), "
                     "COALESCE(reason, refusal_code, ''), refusal_code FROM inbox_items "
                     "WHERE hash_key = ? AND +content_hash = ? AND status = 'refused'");
    if (!st)
        return fail(st.error());
    Statement& s = **st;
    s.bind(1, hashKey(contentHash)).bind(2, contentHash);
    std::optional<Refusal> latest;
    const auto keepLatest = [&](const Statement& row) {
        Refusal r{row.int64(0), row.text(1), row.text(2), row.text(3), row.optText(4)};
        if (!latest || r.decidedAt > latest->decidedAt
            || (r.decidedAt == latest->decidedAt && r.id > latest->id))
            latest = std::move(r);
    };
    if (auto r = s.forEachRow(keepLatest); !r)
        return fail(r.error());
    s.reset();
    return latest;
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
    constexpr qint64 kBaseKib = 8 * 1024;
    const qint64 kib = std::min<qint64>(kBaseKib + qint64(rows) / 16, 256 * 1024);
    auto current = m_db.prepare("PRAGMA cache_size");
    if (!current)
        return fail(current.error());
    if (auto r = current->step(); !r)
        return fail(r.error());
    const qint64 now = current->int64(0);
    // Negative values are KiB, positive ones pages (4 KiB by default).
    const qint64 nowKib = now < 0 ? -now : now * 4;
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
    auto filed = m_intake.forEachKey([&](qint64 key, std::optional<QString> extId) {
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
    if (m_pending && it.status == QLatin1String("pending"))
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

Result<qint64> InboxRepository::maxId()
{
    auto st = m_db.prepare("SELECT COALESCE(MAX(id), 0) FROM inbox_items");
    if (!st)
        return fail(st.error());
    if (auto r = st->step(); !r)
        return fail(r.error());
    return st->int64(0);
}

} // namespace sediment
