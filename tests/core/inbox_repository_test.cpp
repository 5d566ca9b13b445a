#include "store/Database.h"
#include "store/InboxRepository.h"

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
        auto db = Database::open(m_dir.filePath(QStringLiteral("i%1.db").arg(++m_n)));
        QVERIFY(db);
        m_db = std::move(*db);
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
        const qint64 idB = *repo.insert(item(QStringLiteral("memory"), QStringLiteral("applied"), QStringLiteral("h2")));
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
        const qint64 id = *repo.insert(item(QStringLiteral("claude_md"), QStringLiteral("pending"), QStringLiteral("h")));
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
};

QTEST_GUILESS_MAIN(InboxRepositoryTest)
#include "inbox_repository_test.moc"
