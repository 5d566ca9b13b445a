#include "store/JournalRepository.h"

#include "store/Database.h"

namespace sediment {

namespace {

constexpr const char* kColumns = "SELECT id, state, subject_type, subject_id, item_id, target_path, expected_bytes, "
                                 "new_bytes, outcome_json, found_hash, created_at FROM decision_journal ";

void bindBytes(Statement& st, int index, const std::optional<QByteArray>& bytes)
{
    if (bytes)
        st.bind(index, bytes->toStdString());
    else
        st.bindNull(index);
}

std::optional<QByteArray> optBytes(const Statement& st, int col)
{
    if (st.isNull(col))
        return std::nullopt;
    return QByteArray::fromStdString(st.utf8(col));
}

} // namespace

JournalEntry JournalRepository::fromRow(const Statement& st)
{
    JournalEntry e;
    e.id = st.int64(0);
    e.state = st.text(1) == QLatin1String("needs_attention") ? JournalEntry::State::NeedsAttention
                                                             : JournalEntry::State::Open;
    st.columns(2, e.subjectType, e.subjectId, e.itemId, e.targetPath);
    e.expected = optBytes(st, 6);
    e.written = optBytes(st, 7);
    e.outcome = Json::parse(st.utf8(8), nullptr, false);
    if (e.outcome.is_discarded())
        e.outcome = Json::object();
    st.columns(9, e.foundHash, e.createdAt);
    return e;
}

Result<qint64> JournalRepository::insert(const JournalEntry& e)
{
    auto st = m_db.prepare("INSERT INTO decision_journal(state, subject_type, subject_id, item_id, target_path, "
                           "expected_hash, expected_bytes, new_hash, new_bytes, outcome_json, created_at) "
                           "VALUES ('open', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    if (!st)
        return fail(st.error());
    st->bind(1, e.subjectType).bind(2, e.subjectId).bind(3, e.itemId);
    st->bind(4, e.targetPath).bind(5, JournalEntry::hashOf(e.expected));
    bindBytes(*st, 6, e.expected);
    st->bind(7, JournalEntry::hashOf(e.written));
    bindBytes(*st, 8, e.written);
    st->bind(9, e.outcome.dump()).bind(10, e.createdAt);
    if (auto s = st->exec(); !s)
        return fail(s.error());
    return m_db.lastInsertId();
}

Status JournalRepository::remove(qint64 id)
{
    auto st = m_cache.get(Remove, "DELETE FROM decision_journal WHERE id = ?");
    if (!st)
        return fail(st.error());
    return (*st)->bind(1, id).exec();
}

Status JournalRepository::markNeedsAttention(qint64 id, const std::optional<QString>& foundHash)
{
    auto st = m_cache.get(MarkNeedsAttention,
                          "UPDATE decision_journal SET state = 'needs_attention', found_hash = ? WHERE id = ?");
    if (!st)
        return fail(st.error());
    return (*st)->bind(1, foundHash).bind(2, id).exec();
}

Result<bool> JournalRepository::anyOpen()
{
    // On a server, only this host's rows: another host's are that host's to settle.
    auto n = m_db.scalar({"SELECT EXISTS(SELECT 1 FROM decision_journal WHERE state = 'open')",
                          "SELECT EXISTS(SELECT 1 FROM decision_journal WHERE state = 'open' "
                          "AND host = current_setting('sediment.host', true) AND written_by = session_user)"});
    if (!n)
        return fail(n.error());
    return *n != 0;
}

Result<std::vector<JournalEntry>> JournalRepository::open(int limit)
{
    const std::string sql =
        std::string(kColumns)
        + (m_db.isServer() ? "WHERE state = 'open' AND host = current_setting('sediment.host', true) "
                             "AND written_by = session_user ORDER BY id LIMIT ?"
                           : "WHERE state = 'open' ORDER BY id LIMIT ?");
    auto st = m_db.prepare(sql.c_str());
    if (!st)
        return fail(st.error());
    st->bind(1, qint64(limit));
    return st->collect<JournalEntry>(fromRow);
}

Result<std::optional<JournalEntry>> JournalRepository::firstWhere(const char* where, qint64 key)
{
    const std::string sql = std::string(kColumns) + where;
    auto st = m_db.prepare(sql.c_str());
    if (!st)
        return fail(st.error());
    st->bind(1, key);
    auto rows = st->collect<JournalEntry>(fromRow);
    if (!rows)
        return fail(rows.error());
    if (rows->empty())
        return std::optional<JournalEntry>();
    return std::optional<JournalEntry>(std::move(rows->front()));
}

Result<std::optional<JournalEntry>> JournalRepository::attentionFor(qint64 itemId)
{
    return firstWhere("WHERE item_id = ? AND state = 'needs_attention' ORDER BY id DESC LIMIT 1", itemId);
}

Result<std::optional<JournalEntry>> JournalRepository::find(qint64 id) { return firstWhere("WHERE id = ?", id); }

Result<std::optional<JournalEntry>> JournalRepository::claimOn(qint64 itemId)
{
    return firstWhere("WHERE item_id = ? ORDER BY id LIMIT 1", itemId);
}

Result<std::optional<JournalRepository::ItemState>> JournalRepository::lockItem(qint64 itemId)
{
    auto st = m_db.prepare({"SELECT status, COALESCE(decided_by, ''), COALESCE(decided_at, '') "
                            "FROM inbox_items WHERE id = ?",
                            "SELECT status, COALESCE(decided_by, ''), COALESCE(decided_at, '') "
                            "FROM inbox_items WHERE id = ? FOR UPDATE"});
    if (!st)
        return fail(st.error());
    return st->bind(1, itemId).first<ItemState>([](const Statement& row) {
        return ItemState{row.text(0), row.text(1), row.text(2)};
    });
}

} // namespace sediment
