#include "store/InboxStaging.h"

#include "store/BusyWait.h"
#include "store/Database.h"

namespace sediment {

namespace {

// Slots of the statement cache: a pass of `propose` reuses these.
enum Slot { File, FileBatch, FindExt, FindHash, Bump, SlotCount };

// Text slots of the lookups, apart from the filing's (its column numbers, 1 to 15).
constexpr int kExtIdLookupSlot = 16;
constexpr int kHashLookupSlot = 17;
static_assert(kHashLookupSlot < BindBuffers::kSlots);

// The columns both tables share, in the same order, for the move.
constexpr const char* kShared = "id, hash_key, content_hash, ext_id, destination, op_json, rationale, score, "
                                "agent, session, source_json, reason, seen, sanitized_json, created_at";
constexpr int kColumns = 15;

// INSERT of `rows` rows of the filing's columns: `?` placeholders, numbered for the server.
std::string multiRowInsert(std::size_t rows)
{
    std::string sql = std::string("INSERT INTO inbox_intake(") + kShared + ") VALUES ";
    sql.reserve(sql.size() + rows * (2 * kColumns + 3));
    for (std::size_t r = 0; r < rows; ++r) {
        sql += r ? ",(" : "(";
        for (int c = 0; c < kColumns; ++c)
            sql += c ? ",?" : "?";
        sql += ')';
    }
    return sql;
}

} // namespace

InboxStaging::InboxStaging(Database& db) : m_db(db), m_cache(db, SlotCount) {}

InboxStaging::~InboxStaging()
{
    // Still inside the transaction that filed them: they go with it.
    if (m_db.deferredWrites() == this) {
        m_db.deferWrites(nullptr);
        (void)flush();
    }
}

Result<qint64> InboxStaging::nextId(Database& db)
{
    // Two subqueries, each one descent to the right edge of its table.
    return db.scalar({"SELECT MAX(COALESCE((SELECT MAX(id) FROM inbox_items), 0), "
                      "COALESCE((SELECT MAX(id) FROM inbox_intake), 0)) + 1",
                      "SELECT GREATEST(COALESCE((SELECT MAX(id) FROM inbox_items), 0), "
                      "COALESCE((SELECT MAX(id) FROM inbox_intake), 0)) + 1"});
}

Status InboxStaging::file(const Filing& it, qint64 id, qint64 hashKey)
{
    if (m_batching) {
        const auto own = [&](int column, const std::optional<QString>& value) {
            return value ? std::optional<std::string>(m_texts.utf8(column, *value)) : std::nullopt;
        };
        m_queued.push_back(Queued{id, hashKey, std::string(m_texts.utf8(3, it.contentHash)), own(4, it.extId),
                                  std::string(m_texts.utf8(5, it.destination)), std::string(m_texts.json(6, it.op)),
                                  std::string(m_texts.utf8(7, it.rationale)), it.score, own(9, it.agent),
                                  own(10, it.session), std::string(m_texts.json(11, it.source)), own(12, it.reason),
                                  it.seen,
                                  it.sanitized.is_array() && it.sanitized.empty()
                                      ? std::nullopt
                                      : std::optional<std::string>(m_texts.json(14, it.sanitized)),
                                  std::string(m_texts.utf8(15, it.createdAt))});
        if (m_queued.size() >= kBatchRows)
            return flush();
        return {};
    }
    auto st = m_cache.get(File, "INSERT INTO inbox_intake(id, hash_key, content_hash, ext_id, destination, "
                                "op_json, rationale, score, agent, session, source_json, reason, seen, "
                                "sanitized_json, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    if (!st)
        return fail(st.error());
    Statement& s = **st;
    // Every parameter is NULL after the reset in m_cache.get(): absent values are simply not bound.
    const auto text = [&](int column, const QString& value) { s.bindUnowned(column, m_texts.utf8(column, value)); };
    const auto optText = [&](int column, const std::optional<QString>& value) {
        if (value)
            text(column, *value);
    };
    const auto jsonText = [&](int column, const Json& value) { s.bindUnowned(column, m_texts.json(column, value)); };
    s.bind(1, id).bind(2, hashKey);
    text(3, it.contentHash);
    optText(4, it.extId);
    text(5, it.destination);
    jsonText(6, it.op);
    text(7, it.rationale);
    s.bind(8, it.score);
    optText(9, it.agent);
    optText(10, it.session);
    jsonText(11, it.source);
    optText(12, it.reason);
    s.bind(13, it.seen);
    if (!(it.sanitized.is_array() && it.sanitized.empty()))
        jsonText(14, it.sanitized);
    text(15, it.createdAt);
    return s.exec();
}

void InboxStaging::beginBatch()
{
    m_batching = m_db.isServer();
    if (m_batching) {
        m_queued.reserve(kBatchRows);
        m_db.deferWrites(this);
    }
}

Status InboxStaging::endBatch()
{
    if (m_db.deferredWrites() == this)
        m_db.deferWrites(nullptr);
    return sendDeferred();
}

Status InboxStaging::sendDeferred()
{
    m_batching = false;
    return flush();
}

void InboxStaging::dropDeferred()
{
    m_batching = false;
    m_queued.clear();
}

Status InboxStaging::flush()
{
    if (m_queued.empty())
        return {};
    // A full batch reuses one prepared statement; the last, shorter one is sent once.
    std::optional<Statement> tail;
    Statement* st = nullptr;
    if (m_queued.size() == kBatchRows) {
        static const std::string full = multiRowInsert(kBatchRows);
        auto cached = m_cache.get(FileBatch, full.c_str());
        if (!cached)
            return fail(cached.error());
        st = *cached;
    } else {
        const std::string sql = multiRowInsert(m_queued.size());
        auto once = m_db.prepare(sql.c_str());
        if (!once)
            return fail(once.error());
        tail.emplace(std::move(*once));
        st = &*tail;
    }
    const auto optText = [&](int index, const std::optional<std::string>& value) {
        if (value)
            st->bindUnowned(index, *value);
    };
    int base = 0;
    for (const Queued& q : m_queued) {
        st->bind(base + 1, q.id).bind(base + 2, q.hashKey);
        st->bindUnowned(base + 3, q.contentHash);
        optText(base + 4, q.extId);
        st->bindUnowned(base + 5, q.destination);
        st->bindUnowned(base + 6, q.op);
        st->bindUnowned(base + 7, q.rationale);
        st->bind(base + 8, q.score);
        optText(base + 9, q.agent);
        optText(base + 10, q.session);
        st->bindUnowned(base + 11, q.source);
        optText(base + 12, q.reason);
        st->bind(base + 13, q.seen);
        optText(base + 14, q.sanitized);
        st->bindUnowned(base + 15, q.createdAt);
        base += kColumns;
    }
    auto sent = st->exec();
    m_queued.clear();
    return sent;
}

Result<std::optional<qint64>> InboxStaging::findByExtId(const QString& extId)
{
    if (auto s = flush(); !s)
        return fail(s.error());
    auto st = m_cache.get(FindExt, "SELECT id FROM inbox_intake WHERE ext_id = ? ORDER BY id LIMIT 1");
    if (!st)
        return fail(st.error());
    (*st)->bindUnowned(1, m_texts.utf8(kExtIdLookupSlot, extId));
    return (*st)->firstInt64();
}

Result<std::optional<qint64>> InboxStaging::findByHash(qint64 hashKey, const QString& contentHash)
{
    if (auto s = flush(); !s)
        return fail(s.error());
    // `+content_hash` keeps the planner on the hash_key index: the full hash is only compared.
    auto st = m_cache.get(FindHash, {"SELECT id FROM inbox_intake WHERE hash_key = ? AND +content_hash = ? "
                                     "ORDER BY id LIMIT 1",
                                     "SELECT id FROM inbox_intake WHERE hash_key = ? AND content_hash = ? "
                                     "ORDER BY id LIMIT 1"});
    if (!st)
        return fail(st.error());
    (*st)->bind(1, hashKey).bindUnowned(2, m_texts.utf8(kHashLookupSlot, contentHash));
    return (*st)->firstInt64();
}

Result<std::optional<int>> InboxStaging::bumpSeen(qint64 id)
{
    if (auto s = flush(); !s)
        return fail(s.error());
    auto st = m_cache.get(Bump, "UPDATE inbox_intake SET seen = seen + 1 WHERE id = ? RETURNING seen");
    if (!st)
        return fail(st.error());
    auto seen = (*st)->bind(1, id).firstInt64();
    if (!seen)
        return fail(seen.error());
    return *seen ? std::optional<int>(int(**seen)) : std::nullopt;
}

Status InboxStaging::forEachKey(const std::function<bool(qint64, std::optional<QString>)>& fn)
{
    if (auto s = flush(); !s)
        return s;
    auto st = m_db.prepare("SELECT hash_key, ext_id FROM inbox_intake");
    if (!st)
        return fail(st.error());
    for (;;) {
        auto row = st->step();
        if (!row)
            return fail(row.error());
        if (!*row || !fn(st->int64(0), st->optText(1)))
            return {};
    }
}

Result<qint64> InboxStaging::count()
{
    if (auto s = flush(); !s)
        return fail(s.error());
    return m_db.scalar("SELECT COUNT(*) FROM inbox_intake");
}

Result<bool> InboxStaging::hasRows()
{
    if (auto s = flush(); !s)
        return fail(s.error());
    auto any = m_db.scalar("SELECT EXISTS (SELECT 1 FROM inbox_intake)");
    if (!any)
        return fail(any.error());
    return *any != 0;
}

Result<InboxStaging::Progress> InboxStaging::fold(qint64 maxRows, int busyWaitMs)
{
    Progress p;
    if (maxRows <= 0)
        return p;
    // Nothing to move is the usual case (every inbox command asks): answered without the lock.
    auto waiting = hasRows();
    if (!waiting)
        return fail(waiting.error());
    if (!*waiting)
        return p;
    const BusyWait wait(m_db, busyWaitMs);
    auto tx = m_db.begin();
    if (!tx)
        return fail(tx.error());
    // The chunk's last id first, then both statements by id range, so they move and delete the
    // same rows.
    auto upTo = m_db.scalar(
        "SELECT COALESCE(MAX(id), 0) FROM (SELECT id FROM inbox_intake ORDER BY id LIMIT ?) AS chunk", maxRows);
    if (!upTo)
        return fail(upTo.error());
    if (*upTo > 0 && m_db.isServer()) {
        // On a team's server, through the owner's function: a reader's command moves them too
        // (store/postgres/PostgresRights.cpp).
        auto filed = m_db.scalar("SELECT sediment_fold_intake(?)", *upTo);
        if (!filed)
            return fail(filed.error());
        p.filed = *filed;
    } else if (*upTo > 0) {
        const std::string move = std::string("INSERT INTO inbox_items(") + kShared + ", status, stale) SELECT "
                                 + kShared + ", 'pending', 0 FROM inbox_intake WHERE id <= ? ORDER BY id";
        if (auto s = m_db.run(move.c_str(), *upTo); !s)
            return fail(s.error());
        p.filed = m_db.changes();
        if (auto s = m_db.run("DELETE FROM inbox_intake WHERE id <= ?", *upTo); !s)
            return fail(s.error());
    }
    auto left = count();
    if (!left)
        return fail(left.error());
    if (auto s = tx->commit(); !s)
        return fail(s.error());
    p.remaining = *left;
    return p;
}

} // namespace sediment
