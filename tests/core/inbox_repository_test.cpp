#include "store/Database.h"
#include "store/InboxRepository.h"
#include "store/Schema.h"
#include "TeamStore.h"

#include <sqlite3.h>

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace sediment;

class InboxRepositoryTest final : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<Database> m_db;
    int m_n = 0;

    InboxItem item(const QString& dest, const QString& status, const QString& hash)
    {
        InboxItem it;
        it.destination = dest;
        it.status = status;
        it.contentHash = hash;
        it.op = Json::parse(R"({"action":"add","content":"x"})");
        it.createdAt = QStringLiteral("2026-01-01T00:00:00.000Z");
        return it;
    }

private Q_SLOTS:
    void init()
    {
        m_db.reset();
        auto db = sediment::test::openStore(m_dir.filePath(QStringLiteral("i%1.db").arg(++m_n)));
        QVERIFY(db);
        m_db = std::move(*db);
    }

    // The page cache a pass asks for grows the connection's, never shrinks it, whether the
    // current size is in KiB (negative) or in pages of the database's own size (positive).
    void aPassNeverShrinksThePageCache()
    {
        if (test::onServer())
            QSKIP("SQLite's page cache; the server sizes its own buffers");
        InboxRepository repo(*m_db);
        QCOMPARE(*m_db->scalar("PRAGMA page_size"), 16384);
        QVERIFY(repo.reserveCacheFor(16 * 1024)); // 8 MiB + 1 MiB
        QCOMPARE(*m_db->scalar("PRAGMA cache_size"), -(8 * 1024 + 1024));
        QVERIFY(m_db->exec("PRAGMA cache_size=1000")); // 1,000 pages of 16 KiB: 16,000 KiB
        QVERIFY(repo.reserveCacheFor(16 * 1024));
        QCOMPARE(*m_db->scalar("PRAGMA cache_size"), 1000);
        QVERIFY(repo.reserveCacheFor(160 * 1024)); // 8 MiB + 10 MiB: more than 16,000 KiB
        QCOMPARE(*m_db->scalar("PRAGMA cache_size"), -(8 * 1024 + 10 * 1024));
    }

    void insertAndFindRoundTrip()
    {
        InboxRepository repo(*m_db);
        InboxItem it = item(QStringLiteral("memory"), QStringLiteral("pending"), QStringLiteral("h"));
        it.extId = QStringLiteral("agent-7");
        it.score = 0.8;
        it.rationale = QStringLiteral("because");
        it.source = Json::parse(R"({"agent":"a","x":1})");
        it.sanitized = Json::parse(R"([{"index":1,"field":"rationale","action":"removed 1 control character"}])");
        auto id = repo.insert(it);
        QVERIFY(id);
        auto found = repo.find(*id);
        QVERIFY(found && *found);
        const InboxItem& f = **found;
        QCOMPARE(f.id, *id);
        QCOMPARE(f.extId.value(), QStringLiteral("agent-7"));
        QCOMPARE(f.score.value(), 0.8);
        QVERIFY(f.op == it.op);
        QVERIFY(f.source == it.source);
        QVERIFY(f.sanitized == it.sanitized);
        QCOMPARE(f.seen, 1);
        QVERIFY(!f.finalOp);
        QVERIFY(!*repo.find(*id + 100));
        const Json j = f.toJson();
        QCOMPARE(j["id"].get<qint64>(), *id);
        QCOMPARE(j["status"].get<std::string>(), std::string("pending"));
        QVERIFY(j.contains("created_at") && j.contains("stale") && j.contains("seen"));
    }

    void findsPendingDuplicatesByHashOrAgentId()
    {
        InboxRepository repo(*m_db);
        InboxItem a = item(QStringLiteral("memory"), QStringLiteral("pending"), QStringLiteral("h1"));
        a.extId = QStringLiteral("x-1");
        const qint64 idA = *repo.insert(a);
        const qint64 idB =
            *repo.insert(item(QStringLiteral("memory"), QStringLiteral("applied"), QStringLiteral("h2")));
        QCOMPARE(repo.findPendingByHashOrExtId(QStringLiteral("h1"), std::nullopt)->value_or(0), idA);
        QCOMPARE(repo.findPendingByHashOrExtId(QStringLiteral("zz"), QStringLiteral("x-1"))->value_or(0), idA);
        QVERIFY(!repo.findPendingByHashOrExtId(QStringLiteral("h2"), std::nullopt)->has_value());
        Q_UNUSED(idB);
        QCOMPARE(*repo.bumpSeen(idA), 2);
        QCOMPARE(*repo.bumpSeen(idA), 3);
        QCOMPARE((*repo.find(idA))->seen, 3);
    }

    void savesDecisions()
    {
        InboxRepository repo(*m_db);
        const qint64 id =
            *repo.insert(item(QStringLiteral("claude_md"), QStringLiteral("pending"), QStringLiteral("h")));
        InboxItem it = **repo.find(id);
        it.status = QStringLiteral("modified");
        it.finalOp = Json::parse(R"({"path":"CLAUDE.md","before":"","after":"b"})");
        it.beforeContent = QString();
        it.afterContent = QStringLiteral("b");
        it.targetPath = QStringLiteral("CLAUDE.md");
        it.decidedAt = QStringLiteral("2026-01-02T00:00:00.000Z");
        it.decidedBy = QStringLiteral("human:me");
        it.stale = true;
        QVERIFY(repo.saveDecision(it));
        const InboxItem back = **repo.find(id);
        QCOMPARE(back.status, QStringLiteral("modified"));
        QVERIFY(*back.finalOp == *it.finalOp);
        QVERIFY(back.effectiveOp() == *it.finalOp);
        QCOMPARE(back.beforeContent.value(), QString());
        QVERIFY(back.stale);
        InboxItem missing = it;
        missing.id = 999;
        QVERIFY(!repo.saveDecision(missing));
    }

    void listsAndCountsFromTheTable()
    {
        InboxRepository repo(*m_db);
        for (int i = 0; i < 5; ++i)
            QVERIFY(repo.insert(item(QStringLiteral("memory"), QStringLiteral("pending"), QString::number(i))));
        QVERIFY(repo.insert(item(QStringLiteral("skill"), QStringLiteral("rejected"), QStringLiteral("s"))));
        QVERIFY(repo.insert(item(QStringLiteral("user"), QStringLiteral("applied"), QStringLiteral("u"))));
        InboxRepository::ListQuery q;
        q.status = QStringLiteral("pending");
        q.limit = 2;
        q.offset = 1;
        auto page = repo.list(q);
        QCOMPARE(page->size(), size_t(2));
        QCOMPARE(page->at(0).id, 2);
        q.newestFirst = true;
        q.offset = 0;
        QCOMPARE(repo.listIds(q)->front(), 5);
        QCOMPARE(*repo.count(), 7);
        QCOMPARE(*repo.count(QStringLiteral("pending")), 5);
        const auto byStatus = *repo.countByStatus();
        QCOMPARE(byStatus.value(QStringLiteral("pending")), 5);
        QCOMPARE(byStatus.value(QStringLiteral("rejected")), 1);
        const auto byDest = *repo.countByDestination();
        QCOMPARE(byDest.value(QStringLiteral("memory")), 5);
        QCOMPARE(byDest.value(QStringLiteral("user")), 1);
        QCOMPARE(*repo.maxId(), 7);
        QCOMPARE(repo.findMany({3, 99, 1})->size(), size_t(2));
    }

    void refusalMemoryFindsTheLatestRefusal()
    {
        InboxRepository repo(*m_db);
        InboxItem r1 = item(QStringLiteral("memory"), QStringLiteral("refused"), QStringLiteral("h"));
        r1.refusalCode = QStringLiteral("wrong");
        r1.decidedAt = QStringLiteral("2026-02-01T00:00:00.000Z");
        r1.decidedBy = QStringLiteral("human:ann");
        QVERIFY(repo.insert(r1));
        InboxItem r2 = r1;
        r2.reason = QStringLiteral("duplicate of #3");
        r2.decidedAt = QStringLiteral("2026-02-03T00:00:00.000Z");
        QVERIFY(repo.insert(r2));
        auto found = repo.findRefusedByHash(QStringLiteral("h"));
        QVERIFY(found && *found);
        QCOMPARE((*found)->decidedAt.left(10), QStringLiteral("2026-02-03"));
        QCOMPARE((*found)->reason, QStringLiteral("duplicate of #3"));
        QVERIFY(!repo.findRefusedByHash(QStringLiteral("other"))->has_value());
        // A refusal without a text falls back to its code.
        QCOMPARE(repo.find(1)->value().refusalCode.value(), QStringLiteral("wrong"));
    }

    // Schema 4 keys the duplicate and refusal lookups on hash_key, computed in SQL for the rows a
    // schema 3 database already holds and in C++ for new ones: both must agree, or an old pending
    // item would be queued again and an old refusal forgotten.
    void rowsOfSchema3AreFoundThroughTheHashKeyAfterMigrating()
    {
        m_db.reset();
        const QString path = m_dir.filePath(QStringLiteral("v3-%1.db").arg(++m_n));
        const QString pending = QStringLiteral("2200fd0f2a5dbc3cffe0cdc24d1ee3ee5e63fcd7fbde85ad56b50c937dc02fad");
        const QString refused = QStringLiteral("ffffffffffffffff0000000000000000aaaaaaaaaaaaaaaa9999999999999999");
        // Hand-edited cells: upper case, and shorter than the key.
        const QString odd = QStringLiteral("ABCDEF0123456789");
        const QString shortHash = QStringLiteral("12ab");
        if (test::onServer())
            QSKIP("an old sediment.db's migration: SQLite's own files");
        {
            sqlite3* raw = nullptr;
            QCOMPARE(sqlite3_open(QFile::encodeName(path).constData(), &raw), SQLITE_OK);
            const auto steps = schema::migrations();
            for (size_t v = 0; v < 3; ++v)
                QCOMPARE(sqlite3_exec(raw, steps[v], nullptr, nullptr, nullptr), SQLITE_OK);
            const std::string rows =
                "CREATE TABLE schema_version(version INTEGER NOT NULL);"
                "INSERT INTO schema_version VALUES (3);"
                "INSERT INTO inbox_items(destination, op_json, content_hash, status, created_at) VALUES"
                " ('memory', '{}', '"
                + pending.toStdString()
                + "', 'pending', '2026-01-01T00:00:00.000Z'),"
                  " ('memory', '{}', '"
                + refused.toStdString()
                + "', 'refused', '2026-01-02T00:00:00.000Z'),"
                  " ('memory', '{}', '"
                + odd.toStdString()
                + "', 'pending', '2026-01-03T00:00:00.000Z'),"
                  " ('memory', '{}', '"
                + shortHash.toStdString() + "', 'pending', '2026-01-04T00:00:00.000Z');";
            QCOMPARE(sqlite3_exec(raw, rows.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
            sqlite3_close(raw);
        }
        auto db = sediment::test::openStore(path);
        QVERIFY2(db, db ? "" : qPrintable(db.error().message));
        m_db = std::move(*db);
        QCOMPARE(m_db->schemaVersion(), int(schema::migrations().size()));
        InboxRepository repo(*m_db);
        QCOMPARE(repo.findPendingByHashOrExtId(pending, std::nullopt)->value_or(0), 1);
        QCOMPARE(repo.findPendingByHashOrExtId(odd, std::nullopt)->value_or(0), 3);
        QCOMPARE(repo.findPendingByHashOrExtId(shortHash, std::nullopt)->value_or(0), 4);
        auto r = repo.findRefusedByHash(refused);
        QVERIFY(r && *r);
        QCOMPARE((*r)->id, 2);
        // A row written now gets the same key as a migrated one with the same hash.
        const qint64 fresh = *repo.insert(item(QStringLiteral("memory"), QStringLiteral("refused"), pending));
        auto both = repo.findRefusedByHash(pending);
        QVERIFY(both && *both);
        QCOMPARE((*both)->id, fresh);
        QVERIFY(!repo.findPendingByHashOrExtId(pending.left(63) + QLatin1Char('e'), std::nullopt)->has_value());
    }

    // With the pending items' keys kept (a propose pass), a lookup must answer exactly as the
    // queries do: items pending before, items inserted after, and items put back to pending.
    void keptPendingKeysAnswerAsTheQueriesDo()
    {
        InboxRepository repo(*m_db);
        InboxItem a = item(QStringLiteral("memory"), QStringLiteral("pending"), QStringLiteral("h1"));
        a.extId = QStringLiteral("x-1");
        const qint64 idA = *repo.insert(a);
        const qint64 idB =
            *repo.insert(item(QStringLiteral("memory"), QStringLiteral("applied"), QStringLiteral("h2")));
        QCOMPARE(*repo.keepPendingKeys(10), true);
        QCOMPARE(repo.findPendingByHashOrExtId(QStringLiteral("h1"), std::nullopt)->value_or(0), idA);
        QCOMPARE(repo.findPendingByHashOrExtId(QStringLiteral("zz"), QStringLiteral("x-1"))->value_or(0), idA);
        QVERIFY(!repo.findPendingByHashOrExtId(QStringLiteral("h2"), std::nullopt)->has_value());
        QVERIFY(!repo.findPendingByHashOrExtId(QStringLiteral("new"), QStringLiteral("x-9"))->has_value());

        InboxItem c = item(QStringLiteral("memory"), QStringLiteral("pending"), QStringLiteral("h3"));
        c.extId = QStringLiteral("x-3");
        const qint64 idC = *repo.insert(c);
        QCOMPARE(repo.findPendingByHashOrExtId(QStringLiteral("h3"), std::nullopt)->value_or(0), idC);
        QCOMPARE(repo.findPendingByHashOrExtId(QStringLiteral("other"), QStringLiteral("x-3"))->value_or(0), idC);

        InboxItem b = **repo.find(idB);
        b.status = QStringLiteral("pending");
        QVERIFY(repo.saveDecision(b));
        QCOMPARE(repo.findPendingByHashOrExtId(QStringLiteral("h2"), std::nullopt)->value_or(0), idB);
    }

    void pendingKeysAreNotKeptForMorePendingItemsThanTheLimit()
    {
        InboxRepository repo(*m_db);
        for (int i = 0; i < 3; ++i)
            QVERIFY(repo.insert(item(QStringLiteral("memory"), QStringLiteral("pending"), QString::number(i))));
        QCOMPARE(*repo.keepPendingKeys(2), false);
        // The lookups go to the database, and still find every item.
        for (int i = 0; i < 3; ++i)
            QCOMPARE(repo.findPendingByHashOrExtId(QString::number(i), std::nullopt)->value_or(0), i + 1);
        QCOMPARE(*repo.keepPendingKeys(3), true);
        QCOMPARE(repo.findPendingByHashOrExtId(QStringLiteral("2"), std::nullopt)->value_or(0), 3);
    }

    // Texts are bound from reused buffers: an empty text must stay an empty text (not NULL), an
    // absent one NULL, and a row must not keep anything of the row inserted before it.
    void insertedTextsAreExactFromRowToRow()
    {
        InboxRepository repo(*m_db);
        InboxItem first = item(QStringLiteral("memory"), QStringLiteral("pending"), QStringLiteral("h1"));
        first.rationale = QStringLiteral("a long rationale with ünïcödé and an emoji \U0001F98A");
        first.agent = QStringLiteral("Zoë");
        first.reason = QStringLiteral("awaiting human review");
        const qint64 id1 = *repo.insert(first);
        InboxItem second = item(QStringLiteral("user"), QStringLiteral("pending"), QStringLiteral("h2"));
        second.rationale = QString();
        const qint64 id2 = *repo.insert(second);

        const InboxItem back1 = **repo.find(id1);
        QCOMPARE(back1.rationale, first.rationale);
        QCOMPARE(back1.agent.value(), QStringLiteral("Zoë"));
        QCOMPARE(back1.reason.value(), QStringLiteral("awaiting human review"));
        const InboxItem back2 = **repo.find(id2);
        QCOMPARE(back2.destination, QStringLiteral("user"));
        QCOMPARE(back2.contentHash, QStringLiteral("h2"));
        QVERIFY(!back2.agent && !back2.reason);
        // The cells' own types, empty text against NULL, as the store keeps them.
        auto types =
            m_db->prepare({"SELECT typeof(rationale), typeof(agent) FROM inbox_items WHERE id = ?",
                           "SELECT CASE WHEN rationale IS NULL THEN 'null' ELSE 'text' END, "
                           "CASE WHEN agent IS NULL THEN 'null' ELSE 'text' END FROM inbox_items WHERE id = ?"});
        QVERIFY(types.has_value());
        QVERIFY(*types->bind(1, id2).step());
        QCOMPARE(types->text(0), QStringLiteral("text"));
        QCOMPARE(types->text(1), QStringLiteral("null"));
    }
};

QTEST_GUILESS_MAIN(InboxRepositoryTest)
#include "inbox_repository_test.moc"
