#include "FreshDatabase.h"
#include "model/InboxItem.h"
#include "model/InboxQuery.h"
#include "store/Database.h"
#include "store/InboxReadModel.h"
#include "store/InboxRepository.h"
#include "store/InboxTextIndex.h"
#include "TeamStore.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <vector>

using namespace sediment;

// The trigram index's catch-up (schema 4): rows in id order, one transaction a call, the mark
// moved with them, nothing changed when the write cannot happen.
class InboxTextIndexTest final : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<Database> m_db;

    qint64 addItem(const QString& rationale, const QString& agent = QString())
    {
        InboxRepository repo(*m_db);
        InboxItem it;
        it.destination = QStringLiteral("memory");
        it.contentHash = QStringLiteral("%1").arg(rationale.size() * 7919 + m_added++, 64, QLatin1Char('0'));
        it.op = Json{{"action", "add"}, {"content", rationale.toStdString()}};
        it.rationale = rationale;
        if (!agent.isEmpty())
            it.agent = agent;
        it.createdAt = QStringLiteral("2026-01-01T00:00:00.000Z");
        auto id = repo.insert(it);
        return id ? *id : 0;
    }

    std::vector<qint64> indexedMatching(const char* pattern)
    {
        std::vector<qint64> ids;
        auto st = m_db->prepare("SELECT rowid FROM inbox_text WHERE text LIKE ? ORDER BY rowid");
        if (!st)
            return ids;
        st->bind(1, pattern);
        (void)st->forEachRow([&](const Statement& row) { ids.push_back(row.int64(0)); });
        return ids;
    }

    qint64 markInTable()
    {
        auto st = m_db->prepare("SELECT upto FROM inbox_text_mark");
        return st && st->step().value_or(false) ? st->int64(0) : -1;
    }

    qint64 busyTimeout()
    {
        auto st = m_db->prepare("PRAGMA busy_timeout");
        return st && st->step().value_or(false) ? st->int64(0) : -1;
    }

    int m_added = 0;

private Q_SLOTS:
    void init() { test::reopenFreshDatabase(m_dir, m_db, QStringLiteral("text.db")); }

    void aFreshInboxHasNothingToIndex()
    {
        InboxTextIndex index(*m_db);
        auto p = index.catchUp(1000);
        QVERIFY2(p, p ? "" : qPrintable(p.error().message));
        QCOMPARE(p->indexed, qint64(0));
        QCOMPARE(p->mark, qint64(0));
        QCOMPARE(p->remaining, qint64(0));
    }

    void catchUpIndexesTheNextRowsInIdOrderAndMovesTheMark()
    {
        std::vector<qint64> ids;
        for (int i = 0; i < 10; ++i)
            ids.push_back(addItem(QStringLiteral("lesson %1 about caching").arg(i)));
        InboxTextIndex index(*m_db);
        auto before = index.progress();
        QVERIFY(before);
        QCOMPARE(before->mark, qint64(0));
        QCOMPARE(before->remaining, qint64(10));

        auto first = index.catchUp(4);
        QVERIFY(first);
        QCOMPARE(first->indexed, qint64(4));
        QCOMPARE(first->mark, ids[3]);
        QCOMPARE(first->remaining, qint64(6));
        QCOMPARE(markInTable(), ids[3]);
        QCOMPARE(indexedMatching("%caching%"), std::vector<qint64>(ids.begin(), ids.begin() + 4));

        auto rest = index.catchUp(100);
        QVERIFY(rest);
        QCOMPARE(rest->indexed, qint64(6));
        QCOMPARE(rest->mark, ids.back());
        QCOMPARE(rest->remaining, qint64(0));
        QCOMPARE(indexedMatching("%caching%"), ids);
        QCOMPARE(indexedMatching("%lesson 7 %"), std::vector<qint64>{ids[7]});

        auto again = index.catchUp(100);
        QVERIFY(again);
        QCOMPARE(again->indexed, qint64(0));
        QCOMPARE(again->mark, ids.back());
    }

    void rowsProposedAfterACatchUpWaitForTheNext()
    {
        const qint64 a = addItem(QStringLiteral("first rationale"));
        InboxTextIndex index(*m_db);
        QVERIFY(index.catchUp(10));
        const qint64 b = addItem(QStringLiteral("second rationale"), QStringLiteral("owl"));
        auto p = index.progress();
        QVERIFY(p);
        QCOMPARE(p->mark, a);
        QCOMPARE(p->remaining, qint64(1));
        QCOMPARE(indexedMatching("%rationale%"), std::vector<qint64>{a});
        auto next = index.catchUp(10);
        QVERIFY(next);
        QCOMPARE(next->indexed, qint64(1));
        QCOMPARE(next->mark, b);
        // The agent is indexed with the rationale and the payload.
        QCOMPARE(indexedMatching("%owl%"), std::vector<qint64>{b});
    }

    void aLockedDatabaseFailsAtOnceAndChangesNothing()
    {
        addItem(QStringLiteral("one"));
        addItem(QStringLiteral("two"));
        auto other = sediment::test::openStore(m_dir.filePath(QStringLiteral("text.db")));
        QVERIFY(other);
        auto held = (*other)->begin();
        QVERIFY(held);
        const qint64 ownTimeout = busyTimeout();
        QVERIFY(ownTimeout > 1000);
        InboxTextIndex index(*m_db);
        QElapsedTimer clock;
        clock.start();
        auto p = index.catchUp(10, 0);
        QVERIFY(!p);
        QCOMPARE(p.error().kind, ErrorKind::Io);
        QVERIFY(clock.elapsed() < ownTimeout / 2); // not the connection's own time-out
        held->commit().value();
        QCOMPARE(markInTable(), qint64(0));
        QVERIFY(indexedMatching("%one%").empty());
        // The connection's own time-out is back for everyone else's writes.
        QCOMPARE(busyTimeout(), ownTimeout);
        // And once the lock is gone, the same call succeeds.
        auto retried = index.catchUp(10, 0);
        QVERIFY(retried);
        QCOMPARE(retried->indexed, qint64(2));
    }

    void aReadOnlyConnectionFailsWithoutMovingTheMark()
    {
        addItem(QStringLiteral("alpha"));
        QVERIFY(m_db->exec("PRAGMA query_only = 1"));
        InboxTextIndex index(*m_db);
        auto p = index.catchUp(10);
        QVERIFY(!p);
        QVERIFY(!p.error().message.isEmpty());
        QVERIFY(m_db->exec("PRAGMA query_only = 0"));
        QCOMPARE(markInTable(), qint64(0));
        QVERIFY(indexedMatching("%alpha%").empty());
    }

    void nothingInCoreRewritesAnIndexedField()
    {
        // The index is written once per row: rationale, payload and agent must never change
        // after insert. A decision rewrites only the decision columns.
        const qint64 id = addItem(QStringLiteral("keep me"), QStringLiteral("scout"));
        InboxTextIndex index(*m_db);
        QVERIFY(index.catchUp(10));
        InboxRepository repo(*m_db);
        auto item = repo.find(id);
        QVERIFY(item && *item);
        InboxItem decided = **item;
        decided.status = QStringLiteral("applied");
        decided.finalOp = Json{{"action", "add"}, {"content", "patched"}};
        QVERIFY(repo.saveDecision(decided));
        QVERIFY(repo.setStale(id, true));
        QVERIFY(repo.bumpSeen(id));
        auto check = m_db->prepare("INSERT INTO inbox_text(inbox_text) VALUES('integrity-check')");
        QVERIFY(check);
        auto run = check->exec();
        QVERIFY2(run, run ? "" : qPrintable(run.error().message));
    }

    // A word in most rows is read from the rows, not looked up (the index would offer every row
    // and re-check each through the view); a rare one is looked up. The answer is the same.
    void wordsInMostRowsAreCommonAndTheAnswerDoesNotChange()
    {
        for (int i = 0; i < 40; ++i)
            addItem(QStringLiteral("the Owl saw row %1").arg(i), QStringLiteral("bot"));
        const qint64 rare = addItem(QStringLiteral("an xyzzy among owls"));
        InboxTextIndex index(*m_db);
        QVERIFY(index.catchUp(1000));
        auto common = index.commonWords(
            {QStringLiteral("owl"), QStringLiteral("OWL"), QStringLiteral("xyzzy"), QStringLiteral("ow_")});
        QVERIFY2(common, common ? "" : qPrintable(common.error().message));
        QCOMPARE(*common, (QStringList{QStringLiteral("owl"), QStringLiteral("OWL")}));

        InboxReadModel read(*m_db);
        for (const QString& query : {QStringLiteral("owl"), QStringLiteral("owl xyzzy"), QStringLiteral("saw -xyzzy"),
                                     QStringLiteral("xyzzy")}) {
            auto parsed = InboxQuery::parse(query);
            QVERIFY(parsed);
            InboxFilter looked = *parsed;
            InboxFilter marked = *parsed;
            QVERIFY(read.markCommonWords(marked));
            QCOMPARE(marked == looked, true); // the same query
            auto a = read.allIds(looked, {});
            auto b = read.allIds(marked, {});
            QVERIFY(a && b);
            QCOMPARE(*a, *b);
        }
        // With a rare word beside it, the common one is looked up too: the rare one narrows.
        InboxFilter both = *InboxQuery::parse(QStringLiteral("owl xyzzy"));
        QVERIFY(read.markCommonWords(both));
        QVERIFY(both.commonText.words.isEmpty());
        QCOMPARE(*read.allIds(both, {}), std::vector<qint64>{rare});
        InboxFilter alone = *InboxQuery::parse(QStringLiteral("owl -xyzzy"));
        QVERIFY(read.markCommonWords(alone));
        QCOMPARE(alone.commonText.words, QStringList{QStringLiteral("owl")});
        QCOMPARE(read.allIds(alone, {})->size(), size_t(40));
    }
};

QTEST_GUILESS_MAIN(InboxTextIndexTest)
#include "inbox_text_index_test.moc"
