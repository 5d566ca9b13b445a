#include "store/InboxTextIndex.h"

#include "store/BusyWait.h"
#include "store/Database.h"
#include "store/InboxFilterSql.h"

#include <algorithm>
#include <string>

namespace sediment {

namespace {

Result<qint64> largestId(Database& db) { return db.scalar("SELECT COALESCE(MAX(id), 0) FROM inbox_items"); }

} // namespace

Result<qint64> InboxTextIndex::mark() { return m_db.scalar("SELECT COALESCE(MAX(upto), 0) FROM inbox_text_mark"); }

Result<QStringList> InboxTextIndex::commonWords(const QStringList& words, double share)
{
    QStringList common;
    if (m_db.isServer())
        return common; // no trigram index on a server: nothing to plan around
    auto indexed = mark();
    if (!indexed)
        return fail(indexed.error());
    if (*indexed == 0 || words.isEmpty())
        return common;
    // A sample of the latest indexed rows, tested as the query would test them: bounded work
    // (a few milliseconds), where the index's own vocabulary counts every row of a trigram's
    // list and cost tens of milliseconds for exactly the common words. Only the plan depends
    // on the answer, so a sample's error costs speed, never a wrong result.
    constexpr qint64 kSample = 2000;
    const std::string sql = std::string("SELECT COUNT(*), COALESCE(SUM(") + InboxFilterSql::kTextMatch.sqlite
                            + "), 0) FROM (SELECT rationale, op_json, agent FROM inbox_items "
                              "WHERE id <= ? ORDER BY id DESC LIMIT ?) AS sample";
    auto st = m_db.prepare(sql.c_str());
    if (!st)
        return fail(st.error());
    for (const QString& word : words) {
        const QString pattern = InboxFilterSql::likePattern(word);
        st->reset();
        st->bind(1, pattern).bind(2, pattern).bind(3, pattern).bind(4, *indexed).bind(5, kSample);
        auto row = st->step();
        if (!row)
            return fail(row.error());
        const qint64 sampled = *row ? st->int64(0) : 0;
        const qint64 matching = *row ? st->int64(1) : 0;
        if (sampled > 0 && double(matching) > share * double(sampled))
            common.append(word);
    }
    return common;
}

Result<InboxTextIndex::Progress> InboxTextIndex::progress()
{
    if (m_db.isServer())
        return Progress{}; // nothing to catch up: the server's search reads the rows themselves
    // One statement, so that the mark and the largest id come from the same snapshot.
    auto st = m_db.prepare("SELECT COALESCE((SELECT MAX(upto) FROM inbox_text_mark), 0), "
                           "COALESCE((SELECT MAX(id) FROM inbox_items), 0)");
    if (!st)
        return fail(st.error());
    auto row = st->step();
    if (!row)
        return fail(row.error());
    Progress p;
    p.mark = st->int64(0);
    p.remaining = std::max<qint64>(st->int64(1) - p.mark, 0);
    return p;
}

Result<InboxTextIndex::Progress> InboxTextIndex::catchUp(qint64 maxRows, int busyWaitMs)
{
    if (maxRows <= 0 || m_db.isServer())
        return progress();
    const BusyWait wait(m_db, busyWaitMs);
    auto tx = m_db.begin();
    if (!tx)
        return fail(tx.error());
    // Read under the write lock: another app instance may have moved the mark meanwhile.
    auto from = mark();
    if (!from)
        return fail(from.error());
    // The chunk's last id first, then the insert by id range: the mark is then exactly the
    // largest id indexed, whatever gaps the ids have. It stops below the first id still in the
    // intake (InboxStaging): that row reaches inbox_items later, and a mark past it would leave
    // it out of the index for good.
    auto upTo = m_db.scalar("SELECT COALESCE(MAX(id), 0) FROM (SELECT id FROM inbox_items "
                            "WHERE id > ?1 AND id < COALESCE((SELECT MIN(id) FROM inbox_intake), "
                            "9223372036854775807) ORDER BY id LIMIT ?2) AS chunk",
                            *from, maxRows);
    if (!upTo)
        return fail(upTo.error());
    Progress p;
    p.mark = *from;
    if (*upTo > *from) {
        if (auto s = m_db.run("INSERT INTO inbox_text(rowid, text) SELECT id, text FROM "
                              "inbox_text_source WHERE id > ? AND id <= ? ORDER BY id",
                              *from, *upTo);
            !s)
            return fail(s.error());
        p.indexed = m_db.changes();
        if (auto s = m_db.run("UPDATE inbox_text_mark SET upto = ?", *upTo); !s)
            return fail(s.error());
        p.mark = *upTo;
    }
    auto last = largestId(m_db);
    if (!last)
        return fail(last.error());
    if (auto s = tx->commit(); !s)
        return fail(s.error());
    p.remaining = std::max<qint64>(*last - p.mark, 0);
    return p;
}

} // namespace sediment
