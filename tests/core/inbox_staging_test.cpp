#include "FreshDatabase.h"
#include "model/InboxItem.h"
#include "store/Database.h"
#include "store/InboxRepository.h"
#include "store/InboxStaging.h"
#include "store/InboxTextIndex.h"

#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace sediment;

// The intake (schema 5): `propose` files deferred proposals there under their final ids; they
// are pending items for every lookup and count, and fold() moves them into inbox_items unchanged.
class InboxStagingTest final : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<Database> m_db;

    static InboxItem item(const QString& content, const QString& hash)
    {
        InboxItem it;
        it.destination = QStringLiteral("memory");
        it.op = Json{{"action", "add"}, {"content", content.toStdString()}};
        it.contentHash = hash;
        it.rationale = QStringLiteral("why: ") + content;
        it.createdAt = QStringLiteral("2026-03-04T05:06:07.089Z");
        it.reason = QStringLiteral("awaiting human review");
        return it;
    }

    // Its first fifteen hex digits, the hash_key, are f00000000000000 whatever n is (below 16^48).
    static QString hash(int n) { return QStringLiteral("f%1").arg(n, 63, 16, QLatin1Char('0')); }

    qint64 scalar(const char* sql)
    {
        auto st = m_db->prepare(sql);
        return st && st->step().value_or(false) ? st->int64(0) : -1;
    }

    Result<qint64> fileOne(InboxRepository& repo, const InboxItem& it)
    {
        auto tx = m_db->begin();
        if (!tx)
            return fail(tx.error());
        auto id = repo.file(it);
        if (!id)
            return id;
        if (auto c = tx->commit(); !c)
            return fail(c.error());
        return id;
    }

private Q_SLOTS:
    void init() { test::reopenFreshDatabase(m_dir, m_db, QStringLiteral("intake.db")); }

    void aFiledItemIsPendingForLookupsAndCountsAndFoldsUnchanged()
    {
        InboxRepository repo(*m_db);
        InboxItem it = item(QStringLiteral("café ☕ line\ttab"), hash(1));
        it.extId = QStringLiteral("agent-7");
        it.score = 0.25;
        it.agent = QStringLiteral("owl");
        it.session = QStringLiteral("s-1");
        it.source = Json{{"agent", "owl"}, {"session", "s-1"}, {"extra", {1, 2}}};
        it.sanitized = Json::array({Json{{"field", "rationale"}, {"removed", 1}}});
        it.seen = 1;
        auto id = fileOne(repo, it);
        QVERIFY(id);
        QCOMPARE(*id, 1);
        QCOMPARE(scalar("SELECT COUNT(*) FROM inbox_intake"), 1);
        QCOMPARE(scalar("SELECT COUNT(*) FROM inbox_items"), 0);

        // Pending for every lookup and count, though not yet in inbox_items.
        QCOMPARE(repo.findPendingByHashOrExtId(hash(1), std::nullopt)->value_or(0), 1);
        QCOMPARE(repo.findPendingByHashOrExtId(hash(9), QStringLiteral("agent-7"))->value_or(0), 1);
        QVERIFY(!repo.findPendingByHashOrExtId(hash(2), QStringLiteral("agent-8"))->has_value());
        QCOMPARE(*repo.count(), 1);
        QCOMPARE(*repo.count(QStringLiteral("pending")), 1);
        QCOMPARE(*repo.count(QStringLiteral("refused")), 0);
        QCOMPARE(repo.countByStatus()->value(QStringLiteral("pending")), 1);
        QCOMPARE(repo.countByDestination()->value(QStringLiteral("memory")), 1);
        QCOMPARE(*repo.countFiling(), 1);
        QCOMPARE(*repo.bumpSeen(1), 2);

        auto folded = InboxStaging(*m_db).foldAll();
        QVERIFY(folded);
        QCOMPARE(folded->filed, 1);
        QCOMPARE(folded->remaining, 0);
        QCOMPARE(scalar("SELECT COUNT(*) FROM inbox_intake"), 0);
        auto found = repo.find(1);
        QVERIFY(found && *found);
        InboxItem expected = it;
        expected.id = 1;
        expected.seen = 2;
        QVERIFY((*found)->toJson() == expected.toJson());
        QCOMPARE(scalar("SELECT hash_key FROM inbox_items WHERE id = 1"), Q_INT64_C(0xf00000000000000));

        // Still found, and reinforced, where it now is.
        QCOMPARE(repo.findPendingByHashOrExtId(hash(1), std::nullopt)->value_or(0), 1);
        QCOMPARE(*repo.bumpSeen(1), 3);
        QCOMPARE(*repo.countFiling(), 0);
        QCOMPARE(*repo.count(QStringLiteral("pending")), 1);
    }

    void idsInterleaveWithRowsWrittenStraightToTheInbox()
    {
        InboxRepository repo(*m_db);
        auto tx = m_db->begin();
        QVERIFY(tx);
        QVERIFY(repo.beginPass(3));
        QCOMPARE(*repo.file(item(QStringLiteral("a"), hash(1))), 1);
        InboxItem rejected = item(QStringLiteral("b"), hash(2));
        rejected.status = QStringLiteral("rejected");
        QCOMPARE(*repo.insert(rejected), 2);
        QCOMPARE(*repo.file(item(QStringLiteral("c"), hash(3))), 3);
        QVERIFY(tx->commit());
        // Outside a pass each write reads the largest id of both tables.
        InboxRepository later(*m_db);
        InboxItem direct = item(QStringLiteral("d"), hash(4));
        QCOMPARE(*later.insert(direct), 4);
        QCOMPARE(*fileOne(later, item(QStringLiteral("e"), hash(5))), 5);

        auto folded = InboxStaging(*m_db).foldAll();
        QVERIFY(folded);
        QCOMPARE(folded->filed, 3);
        QCOMPARE(scalar("SELECT COUNT(*) FROM inbox_items"), 5);
        auto st = m_db->prepare({"SELECT group_concat(id, ',') FROM (SELECT id FROM inbox_items ORDER BY id)",
                                 "SELECT string_agg(id::text, ',' ORDER BY id) FROM inbox_items"});
        QVERIFY(st && *st->step());
        QCOMPARE(st->text(0), QStringLiteral("1,2,3,4,5"));
        QCOMPARE(*InboxStaging::nextId(*m_db), 6);
    }

    void aPassSendsEveryFiledRowAtCommitAndNoneAfterARollback()
    {
        // 2,500 rows: two full batches and a tail on a server, one row at a time embedded.
        constexpr int kRows = 2500;
        {
            InboxRepository repo(*m_db);
            auto tx = m_db->begin();
            QVERIFY(tx);
            QVERIFY(repo.beginPass(kRows));
            for (int i = 1; i <= kRows; ++i)
                QCOMPARE(*repo.file(item(QString::number(i), hash(i))), i);
            // No endPass(): the commit itself sends what is still queued.
            QVERIFY(tx->commit());
        }
        QCOMPARE(scalar("SELECT COUNT(*) FROM inbox_intake"), kRows);
        QCOMPARE(scalar("SELECT MAX(id) FROM inbox_intake"), kRows);
        QCOMPARE(scalar("SELECT COUNT(*) FROM inbox_intake WHERE rationale = 'why: ' || id"), kRows);
        {
            InboxRepository repo(*m_db);
            auto tx = m_db->begin();
            QVERIFY(tx);
            QVERIFY(repo.beginPass(3));
            QCOMPARE(*repo.file(item(QStringLiteral("dropped"), hash(9001))), kRows + 1);
        } // rolled back with a row still queued
        QCOMPARE(scalar("SELECT COUNT(*) FROM inbox_intake"), kRows);
        // The next transaction commits its own row only, not the dropped one.
        InboxRepository later(*m_db);
        QCOMPARE(*fileOne(later, item(QStringLiteral("after"), hash(9002))), kRows + 1);
        QCOMPARE(scalar("SELECT COUNT(*) FROM inbox_intake"), kRows + 1);
        QCOMPARE(scalar("SELECT COUNT(*) FROM inbox_intake WHERE rationale = 'why: dropped'"), 0);
    }

    void aPassKeepsTheIntakesKeysWithinItsLimit()
    {
        InboxRepository repo(*m_db);
        InboxItem withId = item(QStringLiteral("a"), hash(1));
        withId.extId = QStringLiteral("x-1");
        QVERIFY(fileOne(repo, withId));
        QVERIFY(fileOne(repo, item(QStringLiteral("b"), hash(2))));
        auto tx = m_db->begin();
        QVERIFY(tx);
        QCOMPARE(*repo.keepPendingKeys(1), false); // two pending, both in the intake
        QCOMPARE(*repo.keepPendingKeys(2), true);
        QCOMPARE(repo.findPendingByHashOrExtId(hash(7), QStringLiteral("x-1"))->value_or(0), 1);
        QCOMPARE(repo.findPendingByHashOrExtId(hash(2), std::nullopt)->value_or(0), 2);
        QVERIFY(!repo.findPendingByHashOrExtId(hash(3), QStringLiteral("x-3"))->has_value());
    }

    void foldMovesTheLowestIdsInChunks()
    {
        InboxRepository repo(*m_db);
        for (int i = 1; i <= 7; ++i)
            QVERIFY(fileOne(repo, item(QString::number(i), hash(i))));
        InboxStaging intake(*m_db);
        auto first = intake.fold(3);
        QVERIFY(first);
        QCOMPARE(first->filed, 3);
        QCOMPARE(first->remaining, 4);
        QCOMPARE(scalar("SELECT MAX(id) FROM inbox_items"), 3);
        QCOMPARE(scalar("SELECT MIN(id) FROM inbox_intake"), 4);
        QCOMPARE(*repo.count(QStringLiteral("pending")), 7);
        auto rest = intake.fold(100);
        QCOMPARE(rest->filed, 4);
        QCOMPARE(rest->remaining, 0);
        auto none = intake.foldAll();
        QCOMPARE(none->filed, 0);
        QCOMPARE(*intake.hasRows(), false);
    }

    void aFoldThatCannotFinishChangesNothing()
    {
        InboxRepository repo(*m_db);
        QVERIFY(fileOne(repo, item(QStringLiteral("a"), hash(1))));
        QVERIFY(fileOne(repo, item(QStringLiteral("b"), hash(2))));
        // A hand-made row in inbox_items under the id of the second filed item.
        QVERIFY(m_db->exec("INSERT INTO inbox_items(id, destination, op_json, content_hash, status, created_at) "
                           "VALUES (2, 'memory', '{}', 'x', 'refused', '2026-01-01T00:00:00.000Z')"));
        auto folded = InboxStaging(*m_db).foldAll();
        QVERIFY(!folded);
        QVERIFY2((folded.error().message.contains(QLatin1String("UNIQUE"))
                  || folded.error().message.contains(QLatin1String("duplicate key"))),
                 qPrintable(folded.error().message));
        QCOMPARE(scalar("SELECT COUNT(*) FROM inbox_intake"), 2);
        QCOMPARE(scalar("SELECT COUNT(*) FROM inbox_items"), 1);
        // The connection is usable afterwards.
        QVERIFY(m_db->exec("DELETE FROM inbox_intake WHERE id = 2"));
        QCOMPARE(InboxStaging(*m_db).foldAll()->filed, 1);
    }

    void theTextIndexStopsBelowTheFirstFiledId()
    {
        if (test::onServer())
            QSKIP("SQLite's trigram index; the server searches the rows themselves");
        InboxRepository repo(*m_db);
        QVERIFY(fileOne(repo, item(QStringLiteral("filed first"), hash(1))));
        InboxItem decided = item(QStringLiteral("decided later"), hash(2));
        decided.status = QStringLiteral("rejected");
        auto tx = m_db->begin();
        QVERIFY(tx);
        QCOMPARE(*repo.insert(decided), 2);
        QVERIFY(tx->commit());

        InboxTextIndex index(*m_db);
        auto p = index.catchUp(100);
        QVERIFY(p);
        QCOMPARE(p->indexed, 0); // id 2 waits for id 1
        QCOMPARE(p->mark, 0);
        QVERIFY(InboxStaging(*m_db).foldAll());
        p = index.catchUp(100);
        QCOMPARE(p->indexed, 2);
        QCOMPARE(p->mark, 2);
        QCOMPARE(p->remaining, 0);
    }
};

QTEST_GUILESS_MAIN(InboxStagingTest)
#include "inbox_staging_test.moc"
