#include "FreshDatabase.h"
#include "model/InboxItem.h"
#include "model/InboxQuery.h"
#include "store/Database.h"
#include "store/InboxFilterSql.h"
#include "store/InboxReadModel.h"
#include "store/InboxRepository.h"
#include "store/InboxTextIndex.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <vector>

using namespace sediment;

namespace {

// What one stored row holds, read back from the table so that the reference sees exactly the
// text SQLite sees (the payload as stored JSON, escapes included).
struct StoredRow {
    qint64 id = 0;
    QString rationale;
    QString opJson;
    QString agent; // empty for none
    QString status;
    QString destination;
    std::optional<double> score;
    bool stale = false;
};

// LIKE's and NOCASE's case folding: ASCII letters only.
QString foldAscii(const QString& s)
{
    QString out = s;
    for (QChar& c : out)
        if (c >= QLatin1Char('A') && c <= QLatin1Char('Z'))
            c = QChar(c.unicode() + 32);
    return out;
}

bool compares(const InboxFilter::ScoreBound& b, double v)
{
    switch (b.compare) {
    case InboxFilter::Compare::Less:
        return v < b.value;
    case InboxFilter::Compare::LessOrEqual:
        return v <= b.value;
    case InboxFilter::Compare::Greater:
        return v > b.value;
    case InboxFilter::Compare::GreaterOrEqual:
        return v >= b.value;
    case InboxFilter::Compare::Equal:
        return v == b.value;
    }
    return false;
}

bool inValues(const InboxFilter::Values& values, const QString& v, bool nocase)
{
    const auto same = [&](const QString& a) { return nocase ? foldAscii(a) == foldAscii(v) : a == v; };
    if (!values.include.isEmpty() && std::none_of(values.include.begin(), values.include.end(), same))
        return false;
    return std::none_of(values.exclude.begin(), values.exclude.end(), same);
}

// The query language's meaning, written without SQL: the reference every path must agree with.
bool matches(const InboxFilter& f, const StoredRow& r)
{
    if (!inValues(f.destination, r.destination, false) || !inValues(f.status, r.status, false)
        || !inValues(f.agent, r.agent, true))
        return false;
    for (const auto& b : f.score) {
        const bool holds = r.score && compares(b, *r.score);
        if (holds == b.negated)
            return false;
    }
    if (f.stale && *f.stale != r.stale)
        return false;
    const auto has = [&](const QString& word) {
        const QString w = foldAscii(word);
        return foldAscii(r.rationale).contains(w) || foldAscii(r.opJson).contains(w) || foldAscii(r.agent).contains(w);
    };
    return std::all_of(f.text.include.begin(), f.text.include.end(), has)
           && std::none_of(f.text.exclude.begin(), f.text.exclude.end(), has);
}

const QStringList& vocabulary()
{
    static const QStringList words{QStringLiteral("lesson"),
                                   QStringLiteral("Lesson"),
                                   QStringLiteral("LESSON"),
                                   QStringLiteral("caché"),
                                   QStringLiteral("CACHÉ"),
                                   QStringLiteral("straße"),
                                   QStringLiteral("日本語テキスト"),
                                   QStringLiteral("naïve"),
                                   QStringLiteral("100%"),
                                   QStringLiteral("50_50"),
                                   QStringLiteral("back\\slash"),
                                   QStringLiteral("snake_case_name"),
                                   QStringLiteral("a%b"),
                                   QStringLiteral("x_y"),
                                   QStringLiteral("emoji🙂ok"),
                                   QStringLiteral("tests"),
                                   QStringLiteral("deploy"),
                                   QStringLiteral("DRY run"),
                                   QStringLiteral("rollback"),
                                   QStringLiteral("Ünïcödé"),
                                   QStringLiteral("école"),
                                   QStringLiteral("ÉCOLE"),
                                   QStringLiteral("quote\"d"),
                                   QStringLiteral("tab\there")};
    return words;
}

} // namespace

// InboxReadModel over the schema-4 indexes: free text through the trigram index up to its mark
// and LIKE above it, agent and score from covering indexes. Every path must give the answer the
// query language means, whatever the mark.
class InboxReadModelTest final : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<Database> m_db;
    std::vector<StoredRow> m_rows;
    std::mt19937 m_rng{20260301};

    int pick(int n) { return int(m_rng() % unsigned(n)); }

    QString sentence()
    {
        QStringList parts;
        const int n = 1 + pick(5);
        for (int i = 0; i < n; ++i)
            parts << vocabulary()[pick(int(vocabulary().size()))];
        return parts.join(QLatin1Char(' '));
    }

    void fill(int count)
    {
        static const QStringList agents{QString(),
                                        QStringLiteral("owl"),
                                        QStringLiteral("Owl"),
                                        QStringLiteral("night-shift"),
                                        QStringLiteral("scout_1"),
                                        QStringLiteral("ÉCOLE")};
        static const QStringList dests{QStringLiteral("memory"), QStringLiteral("claude_md"), QStringLiteral("skill")};
        InboxRepository repo(*m_db);
        auto tx = m_db->begin();
        QVERIFY(tx);
        for (int i = 0; i < count; ++i) {
            InboxItem it;
            it.destination = dests[pick(3)];
            it.status = pick(10) == 0 ? QStringLiteral("applied") : QStringLiteral("pending");
            it.contentHash = QStringLiteral("%1").arg(i, 64, 10, QLatin1Char('0'));
            it.op = Json{{"action", "add"}, {"content", sentence().toStdString()}};
            it.rationale = sentence();
            if (pick(8))
                it.score = double(pick(1000)) / 1000.0;
            const QString agent = agents[pick(int(agents.size()))];
            if (!agent.isEmpty())
                it.agent = agent;
            it.stale = pick(12) == 0;
            it.createdAt = QStringLiteral("2026-01-01T00:00:00.000Z");
            QVERIFY(repo.insert(it));
        }
        QVERIFY(tx->commit());
        reload();
    }

    void reload()
    {
        m_rows.clear();
        auto st = m_db->prepare("SELECT id, rationale, op_json, COALESCE(agent, ''), status, "
                                "destination, score, stale FROM inbox_items ORDER BY id");
        QVERIFY(st);
        QVERIFY(st->forEachRow([&](const Statement& s) {
            m_rows.push_back(
                {s.int64(0), s.text(1), s.text(2), s.text(3), s.text(4), s.text(5), s.optReal(6), s.int64(7) != 0});
        }));
    }

    // A search word cut from the vocabulary: any length (so some are too short for trigrams),
    // ASCII case changed at random, sometimes with a LIKE wildcard or a backslash put in.
    QString word()
    {
        const QString source = sentence();
        const int from = pick(int(source.size()));
        QString w = source.mid(from, 1 + pick(7));
        for (QChar& c : w)
            if (c.isLetter() && pick(3) == 0)
                c = c.isUpper() ? c.toLower() : c.toUpper();
        switch (pick(14)) {
        case 0:
            w.insert(pick(int(w.size()) + 1), QLatin1Char('%'));
            break;
        case 1:
            w.insert(pick(int(w.size()) + 1), QLatin1Char('_'));
            break;
        case 2:
            w.insert(pick(int(w.size()) + 1), QLatin1Char('\\'));
            break;
        case 3:
            w.insert(pick(int(w.size()) + 1), QChar(0x1F));
            break;
        default:
            break;
        }
        // A lone high or low surrogate would not be text; keep whole code points.
        if (!w.isEmpty() && w.back().isHighSurrogate())
            w.chop(1);
        if (!w.isEmpty() && w.front().isLowSurrogate())
            w.remove(0, 1);
        return w.isEmpty() ? QStringLiteral("les") : w;
    }

    InboxFilter randomFilter()
    {
        InboxFilter f;
        const int words = 1 + pick(3);
        for (int i = 0; i < words; ++i)
            (pick(4) == 0 ? f.text.exclude : f.text.include).append(word());
        if (pick(3) != 0)
            f.status.include = {QStringLiteral("pending")};
        if (pick(5) == 0)
            f.agent.include = {pick(2) ? QStringLiteral("OWL") : QStringLiteral("scout_1")};
        if (pick(6) == 0)
            f.agent.exclude = {QStringLiteral("night-shift")};
        if (pick(5) == 0)
            f.destination.include = {QStringLiteral("claude_md")};
        if (pick(5) == 0)
            f.score.push_back({InboxFilter::Compare::GreaterOrEqual, 0.5, pick(3) == 0});
        if (pick(6) == 0)
            f.stale = pick(2) == 0;
        return f;
    }

    // Only what the server's kept counts answer: status, destination, agent, stale.
    InboxFilter randomKeyFilter()
    {
        static const QStringList statuses{QStringLiteral("pending"), QStringLiteral("applied"),
                                          QStringLiteral("refused")};
        static const QStringList agents{QStringLiteral("OWL"), QStringLiteral("scout_1"), QStringLiteral("night-shift"),
                                        QStringLiteral("écOLE")};
        InboxFilter f;
        for (const QString& s : statuses)
            if (pick(3) == 0)
                (pick(4) == 0 ? f.status.exclude : f.status.include).append(s);
        if (pick(3) == 0)
            (pick(3) == 0 ? f.agent.exclude : f.agent.include).append(agents[pick(int(agents.size()))]);
        if (pick(3) == 0)
            (pick(3) == 0 ? f.destination.exclude : f.destination.include).append(QStringLiteral("claude_md"));
        if (pick(4) == 0)
            f.stale = pick(2) == 0;
        return f;
    }

    std::vector<qint64> expected(const InboxFilter& f)
    {
        std::vector<qint64> ids;
        for (const StoredRow& r : m_rows)
            if (matches(f, r))
                ids.push_back(r.id);
        return ids;
    }

    // Every read path for one filter against the reference.
    void checkEveryPath(const InboxFilter& f, const QString& label)
    {
        InboxReadModel read(*m_db);
        const std::vector<qint64> want = expected(f);

        auto all = read.allIds(f, {});
        QVERIFY2(all, qPrintable(label));
        QVERIFY2(*all == want, qPrintable(label + QStringLiteral(": allIds")));

        auto n = read.count(f);
        QVERIFY2(n && *n == qint64(want.size()), qPrintable(label + QStringLiteral(": count")));

        // Windows of random widths, both ways, as the table model reads them.
        const qint64 last = m_rows.back().id;
        std::vector<qint64> up;
        for (qint64 after = 0; after < last;) {
            const qint64 upTo = std::min(last, after + 1 + pick(900));
            QVERIFY2(read.appendIdsInWindow(f, false, after, upTo, up), qPrintable(label));
            after = upTo;
        }
        QVERIFY2(up == want, qPrintable(label + QStringLiteral(": ascending windows")));
        std::vector<qint64> down;
        for (qint64 upTo = last; upTo > 0;) {
            const qint64 after = std::max<qint64>(0, upTo - 1 - pick(900));
            QVERIFY2(read.appendIdsInWindow(f, true, after, upTo, down), qPrintable(label));
            upTo = after;
        }
        std::vector<qint64> reversed(want.rbegin(), want.rend());
        QVERIFY2(down == reversed, qPrintable(label + QStringLiteral(": descending windows")));

        if (!want.empty()) {
            const qint64 offset = pick(int(want.size()));
            auto page = read.pageIds(f, {}, offset, 7);
            QVERIFY2(page, qPrintable(label));
            const auto end = std::min(want.size(), size_t(offset) + 7);
            QVERIFY2(*page == std::vector<qint64>(want.begin() + offset, want.begin() + qsizetype(end)),
                     qPrintable(label + QStringLiteral(": page")));
            const size_t probe = size_t(pick(int(want.size())));
            auto row = read.rowOf(f, {}, want[probe]);
            QVERIFY2(row && *row && **row == qint64(probe), qPrintable(label + QStringLiteral(": rowOf")));
        }
    }

    void checkRandomFilters(int count)
    {
        int indexedWithMatches = 0;
        for (int i = 0; i < count; ++i) {
            const InboxFilter f = randomFilter();
            if (InboxFilterSql::usesTextIndex(f) && !expected(f).empty())
                ++indexedWithMatches;
            const QString label =
                QStringLiteral("filter %1: +[%2] -[%3]")
                    .arg(i)
                    .arg(f.text.include.join(QStringLiteral("|")), f.text.exclude.join(QStringLiteral("|")));
            checkEveryPath(f, label);
            if (QTest::currentTestFailed())
                return;
        }
        // The comparison means something only if many filters go through the index and match.
        QVERIFY2(indexedWithMatches >= count / 4, qPrintable(QString::number(indexedWithMatches)));
    }

    QString plan(const InboxFilter& f, std::optional<InboxFilterSql::Window> window = {})
    {
        const InboxFilterSql w = InboxFilterSql::of(f, InboxFilterSql::readsEveryRow(f), window);
        const std::string sql = "EXPLAIN QUERY PLAN SELECT id FROM " + w.from + " WHERE " + w.sql + " ORDER BY id";
        auto st = m_db->prepare(sql.c_str());
        if (!st)
            return st.error().message;
        QStringList lines;
        (void)st->forEachRow([&](const Statement& row) { lines << row.text(3); });
        return lines.join(QLatin1Char('\n'));
    }

private Q_SLOTS:
    void init()
    {
        test::reopenFreshDatabase(m_dir, m_db, QStringLiteral("read.db"));
        m_rows.clear();
        fill(3000);
    }

    void freeTextGivesTheSameAnswerBeforeTheIndexIsCaughtUp() { checkRandomFilters(120); }

    void keyFiltersCountTheRowsAfterEveryKindOfChange()
    {
        // On a server these counts are summed from inbox_counts, which the table's triggers keep:
        // change rows every way a store does, undo one change, and compare with the rows.
        QVERIFY(m_db->exec("UPDATE inbox_items SET status = 'refused' WHERE id % 7 = 0"));
        QVERIFY(m_db->exec("UPDATE inbox_items SET agent = 'Owl' WHERE id % 11 = 0"));
        QVERIFY(m_db->exec("UPDATE inbox_items SET agent = NULL WHERE id % 13 = 0"));
        QVERIFY(m_db->exec("UPDATE inbox_items SET stale = CASE WHEN stale <> 0 THEN 0 ELSE 3 END WHERE id % 5 = 0"));
        QVERIFY(m_db->exec("UPDATE inbox_items SET seen = seen + 1 WHERE id % 3 = 0")); // moves no count
        QVERIFY(m_db->exec("DELETE FROM inbox_items WHERE id % 17 = 0"));
        {
            auto tx = m_db->begin();
            QVERIFY(tx);
            QVERIFY(m_db->exec("UPDATE inbox_items SET status = 'applied' WHERE status = 'pending'"));
            QVERIFY(m_db->exec("DELETE FROM inbox_items WHERE id % 2 = 0"));
        } // rolled back
        reload();
        InboxRepository repo(*m_db);
        auto byStatus = repo.countByStatus();
        QVERIFY(byStatus);
        for (const QString& status :
             {QStringLiteral("pending"), QStringLiteral("applied"), QStringLiteral("refused")}) {
            const auto n =
                std::count_if(m_rows.begin(), m_rows.end(), [&](const StoredRow& r) { return r.status == status; });
            QCOMPARE(byStatus->value(status), qint64(n));
            QCOMPARE(*repo.count(status), qint64(n));
        }
        QCOMPARE(*repo.count(QString()), qint64(m_rows.size()));
        auto byDestination = repo.countByDestination();
        QVERIFY(byDestination);
        for (const QString& d : {QStringLiteral("memory"), QStringLiteral("claude_md"), QStringLiteral("skill")}) {
            const auto n =
                std::count_if(m_rows.begin(), m_rows.end(), [&](const StoredRow& r) { return r.destination == d; });
            QCOMPARE(byDestination->value(d), qint64(n));
        }
        InboxReadModel read(*m_db);
        int nonEmpty = 0;
        for (int i = 0; i < 300; ++i) {
            const InboxFilter f = randomKeyFilter();
            const qint64 want = qint64(expected(f).size());
            nonEmpty += want > 0;
            auto n = read.count(f);
            QVERIFY2(n && *n == want,
                     qPrintable(QStringLiteral("key filter %1: %2 against %3").arg(i).arg(n ? *n : -1).arg(want)));
        }
        QVERIFY2(nonEmpty >= 150, qPrintable(QString::number(nonEmpty)));
    }

    void freeTextGivesTheSameAnswerHalfCaughtUp()
    {
        InboxTextIndex index(*m_db);
        auto p = index.catchUp(1500);
        QVERIFY(p);
        // The server has no index to catch up: nothing remains, and the answers are the same.
        QCOMPARE(p->remaining, test::onServer() ? qint64(0) : qint64(1500));
        checkRandomFilters(120);
    }

    void freeTextGivesTheSameAnswerFullyCaughtUp()
    {
        InboxTextIndex index(*m_db);
        while (true) {
            auto p = index.catchUp(700);
            QVERIFY(p);
            if (p->remaining == 0)
                break;
        }
        checkRandomFilters(120);
    }

    void wordsTheTrigramIndexCannotServeKeepTheScan()
    {
        QVERIFY(InboxFilterSql::isIndexableWord(QStringLiteral("owl")));
        QVERIFY(InboxFilterSql::isIndexableWord(QStringLiteral("a_owl%")));
        QVERIFY(InboxFilterSql::isIndexableWord(QStringLiteral("日本語")));
        QVERIFY(!InboxFilterSql::isIndexableWord(QStringLiteral("ow")));
        QVERIFY(!InboxFilterSql::isIndexableWord(QStringLiteral("🙂o")));
        QVERIFY(!InboxFilterSql::isIndexableWord(QStringLiteral("ab%cd_ef")));
        QVERIFY(!InboxFilterSql::isIndexableWord(QStringLiteral("abc") + QChar(0x1F)));
        InboxFilter shortWord;
        shortWord.status.include = {QStringLiteral("pending")};
        shortWord.text.include = {QStringLiteral("ow")};
        QVERIFY(InboxFilterSql::readsEveryRow(shortWord));
        QVERIFY(!plan(shortWord).contains(QLatin1String("inbox_text")));
    }

    void aShortRunOfWideCharactersBetweenWildcardsIsLeftOutOfTheLookup()
    {
        // SQLite 3.40's trigram LIKE measures runs in bytes: `語テ` (two characters, six bytes)
        // next to a wildcard used to reach the index as a phrase without a trigram and crash.
        InboxTextIndex index(*m_db);
        QVERIFY(index.catchUp(5000));
        for (const QString& w : {QStringLiteral("語テ_キスト 日"), QStringLiteral("日本%テキスト"),
                                 QStringLiteral("é_abc"), QStringLiteral("🙂o_k")}) {
            InboxFilter f;
            f.text.include = {w, QStringLiteral("naïve")};
            checkEveryPath(f, w);
        }
    }

    void anIndexedWordIsLookedUpInTheTrigramIndexWindowByWindow()
    {
        if (test::onServer())
            QSKIP("SQLite's query plan and trigram index");
        InboxFilter f;
        f.status.include = {QStringLiteral("pending")};
        f.text.include = {QStringLiteral("lesson"), QStringLiteral("deploy")};
        QVERIFY(!InboxFilterSql::readsEveryRow(f));
        QVERIFY(!InboxReadModel::isIndexed(f));
        const QString p = plan(f, InboxFilterSql::Window{100, 2000});
        // Two LIKE terms and both rowid bounds go to FTS5; the rows above the mark by rowid.
        QVERIFY2(p.contains(QLatin1String("SCAN inbox_text VIRTUAL TABLE INDEX 0:L0L0")), qPrintable(p));
        QVERIFY2(p.contains(QLatin1String("<")) && p.contains(QLatin1String(">")), qPrintable(p));
        QVERIFY2(p.contains(QLatin1String("SEARCH inbox_items USING INTEGER PRIMARY KEY (rowid>? AND rowid<?)")),
                 qPrintable(p));
        QVERIFY2(!p.contains(QLatin1String("SCAN inbox_items")), qPrintable(p));
    }

    void staleItemsAreReadFromTheirPartialIndex()
    {
        if (test::onServer())
            QSKIP("SQLite's query plan");
        InboxFilter stale;
        stale.status.include = {QStringLiteral("pending")};
        stale.stale = true;
        InboxFilter staleWord = stale;
        staleWord.text.include = {QStringLiteral("lesson")};
        for (const InboxFilter& f : {stale, staleWord}) {
            for (const QString& p : {plan(f), plan(f, InboxFilterSql::Window{10, 900})})
                QVERIFY2(p.contains(QLatin1String("INDEX inbox_stale")), qPrintable(p));
            checkEveryPath(f, QStringLiteral("stale"));
        }
    }

    void agentAndScoreFiltersReadCoveringIndexesInIdOrder()
    {
        if (test::onServer())
            QSKIP("SQLite's query plan");
        InboxFilter agent;
        agent.status.include = {QStringLiteral("pending")};
        agent.agent.include = {QStringLiteral("owl")};
        InboxFilter score;
        score.status.include = {QStringLiteral("pending")};
        score.score.push_back({InboxFilter::Compare::GreaterOrEqual, 0.9, false});
        InboxFilter both = agent;
        both.score.push_back({InboxFilter::Compare::GreaterOrEqual, 0.5, false});
        InboxFilter destScore = score;
        destScore.destination.include = {QStringLiteral("claude_md")};
        for (const InboxFilter& f : {agent, score, both, destScore}) {
            QVERIFY(InboxReadModel::isIndexed(f));
            QVERIFY(!InboxFilterSql::readsEveryRow(f));
            for (const QString& p : {plan(f), plan(f, InboxFilterSql::Window{10, 900})}) {
                QVERIFY2(p.contains(QLatin1String("USING COVERING INDEX inbox_by_status")), qPrintable(p));
                QVERIFY2(!p.contains(QLatin1String("TEMP B-TREE")), qPrintable(p));
            }
        }
        QVERIFY(plan(agent).contains(QLatin1String("inbox_by_status_agent")));
        // Score alone walks the narrow score index, the shortest walk of every entry.
        QVERIFY2(plan(score).contains(QLatin1String("inbox_by_status_score")), qPrintable(plan(score)));
        // The agent index carries the score: one agent's entries are walked, not every entry.
        QVERIFY2(plan(both).contains(QLatin1String("inbox_by_status_agent")), qPrintable(plan(both)));
        QVERIFY(plan(destScore).contains(QLatin1String("inbox_by_status_destination")));
        for (const InboxFilter& f : {agent, score, both, destScore})
            checkEveryPath(f, QStringLiteral("indexed"));
    }

    void aScoreRangeAloneIsCountedFromItsOwnEntries()
    {
        InboxFilter score;
        score.status.include = {QStringLiteral("pending")};
        score.score.push_back({InboxFilter::Compare::GreaterOrEqual, 0.9, false});
        QVERIFY(InboxReadModel::countsScoreRange(score));
        InboxFilter both = score;
        both.agent.include = {QStringLiteral("owl")};
        InboxFilter destScore = score;
        destScore.destination.include = {QStringLiteral("claude_md")};
        InboxFilter wordScore = score;
        wordScore.text.include = {QStringLiteral("lesson")};
        for (const InboxFilter& f : {both, destScore, wordScore})
            QVERIFY(!InboxReadModel::countsScoreRange(f));
        if (test::onServer())
            QSKIP("SQLite's query plan");
        const auto countPlan = [&](const InboxFilter& f) {
            const InboxFilterSql w = InboxFilterSql::of(f);
            const std::string sql = "EXPLAIN QUERY PLAN SELECT COUNT(*) FROM " + w.from + " WHERE " + w.sql;
            auto st = m_db->prepare(sql.c_str());
            QStringList lines;
            if (st)
                (void)st->forEachRow([&](const Statement& row) { lines << row.text(3); });
            return lines.join(QLatin1Char('\n'));
        };
        QVERIFY2(countPlan(score).contains(QLatin1String("COVERING INDEX inbox_score_range (status=? AND score>?)")),
                 qPrintable(countPlan(score)));
        // The ids still come in id order from the narrow status index, with no sort.
        for (const QString& p : {plan(score), plan(score, InboxFilterSql::Window{10, 900})}) {
            QVERIFY2(p.contains(QLatin1String("COVERING INDEX inbox_by_status_score (status=?")), qPrintable(p));
            QVERIFY2(!p.contains(QLatin1String("TEMP B-TREE")), qPrintable(p));
        }
        // The narrow index would cost a row lookup per entry for any other column: never chosen.
        for (const InboxFilter& f : {both, destScore, wordScore})
            for (const QString& p : {countPlan(f), plan(f), plan(f, InboxFilterSql::Window{10, 900})})
                QVERIFY2(!p.contains(QLatin1String("inbox_score_range")), qPrintable(p));
    }

    void severalDestinationsOrAgentsAreReadFromTheirOwnIndex()
    {
        InboxFilter dests;
        dests.status.include = {QStringLiteral("pending")};
        dests.destination.include = {QStringLiteral("memory"), QStringLiteral("skill")};
        InboxFilter agents = dests;
        agents.destination = {};
        agents.agent.include = {QStringLiteral("OWL"), QStringLiteral("scout_1")};
        InboxFilter both = dests;
        both.agent = agents.agent;
        both.score.push_back({InboxFilter::Compare::Greater, 0.3, false});
        if (!test::onServer()) {
            // Not the narrow score index with a row lookup per entry.
            for (const QString& p : {plan(dests), plan(dests, InboxFilterSql::Window{10, 900}), plan(both)})
                QVERIFY2(p.contains(QLatin1String("COVERING INDEX inbox_by_status_destination")), qPrintable(p));
            for (const QString& p : {plan(agents), plan(agents, InboxFilterSql::Window{10, 900})})
                QVERIFY2(p.contains(QLatin1String("COVERING INDEX inbox_by_status_agent")), qPrintable(p));
        }
        for (const InboxFilter& f : {dests, agents, both})
            checkEveryPath(f, QStringLiteral("several values"));
    }

    void keyAndScoreFiltersWithoutTextCountRight()
    {
        // Every comparison, plain and negated, alone and with the other keys; negated keys
        // alone are counted as the status less what they leave out (countsAsComplement).
        using C = InboxFilter::Compare;
        std::vector<InboxFilter> filters;
        for (C c : {C::Less, C::LessOrEqual, C::Greater, C::GreaterOrEqual, C::Equal})
            for (bool negated : {false, true}) {
                InboxFilter f;
                f.status.include = {QStringLiteral("pending")};
                f.score.push_back({c, c == C::Equal ? double(m_rows[7].score.value_or(0.5)) : 0.3, negated});
                filters.push_back(f);
            }
        InboxFilter base;
        base.status.include = {QStringLiteral("pending")};
        InboxFilter notDest = base;
        notDest.destination.exclude = {QStringLiteral("memory"), QStringLiteral("skill")};
        InboxFilter notAgent = base;
        notAgent.agent.exclude = {QStringLiteral("OWL"), QStringLiteral("écOLE")};
        InboxFilter notStale = base;
        notStale.stale = false;
        InboxFilter twoBounds = base;
        twoBounds.score = {{C::GreaterOrEqual, 0.7, true}, {C::Less, 0.2, true}};
        InboxFilter notDestNotStale = notDest;
        notDestNotStale.stale = false;
        InboxFilter notAgentScore = notAgent;
        notAgentScore.score.push_back({C::Greater, 0.4, false});
        InboxFilter applied = notDest;
        applied.status.include = {QStringLiteral("applied")};
        for (const InboxFilter& f : {notDest, notAgent, notStale, applied}) {
            QVERIFY(InboxReadModel::countsAsComplement(f));
            filters.push_back(f);
        }
        for (const InboxFilter& f : {twoBounds, notDestNotStale, notAgentScore}) {
            QVERIFY(!InboxReadModel::countsAsComplement(f));
            filters.push_back(f);
        }
        QVERIFY(InboxReadModel::countsAsComplement(filters[1])); // score<0.3 negated
        QVERIFY(!InboxReadModel::countsAsComplement(filters[0]));
        for (size_t i = 0; i < filters.size(); ++i)
            checkEveryPath(filters[i], QStringLiteral("key filter %1").arg(i));
    }
};

QTEST_GUILESS_MAIN(InboxReadModelTest)
#include "inbox_read_model_test.moc"
