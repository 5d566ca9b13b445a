// The PostgreSQL store itself, against the throw-away server (this suite's `_pg` run): live
// notices between connections, one writer at a time, a dropped connection re-opened between
// transactions and never inside one. The embedded run checks the SQLite side of the same port.
#include "store/BusyWait.h"
#include "store/Database.h"
#include "TeamStore.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <libpq-fe.h>

using namespace sediment;

using test::serverExec;

class TeamStoreTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_n = 0;

    std::unique_ptr<Database> open(const QString& name)
    {
        auto db = test::openStore(m_dir.filePath(name));
        if (!db)
            qFatal("%s", qPrintable(db.error().message));
        return std::move(*db);
    }

private Q_SLOTS:
    void bothStoresSpeakTheirDialectAndNumberGeneratedIds()
    {
        const QString name = QStringLiteral("ids%1.db").arg(++m_n);
        test::removeStore(m_dir.filePath(name));
        auto db = open(name);
        QCOMPARE(db->dialect(), test::onServer() ? Dialect::Postgres : Dialect::Sqlite);
        QCOMPARE(db->schemaVersion(), 14);
        auto insert = db->prepare("INSERT INTO curator_runs(at, dry_run, result) VALUES (?, ?, ?)");
        QVERIFY(insert.has_value());
        QVERIFY(
            insert->bind(1, QStringLiteral("2026-11-23T00:00:00.000Z")).bind(2, 1).bind(3, "{}").exec().has_value());
        QCOMPARE(db->changes(), qint64(1));
        QCOMPARE(*db->lastInsertId(), qint64(1));
        insert->reset();
        QVERIFY(
            insert->bind(1, QStringLiteral("2026-11-23T00:00:01.000Z")).bind(2, 0).bind(3, "{}").exec().has_value());
        QCOMPARE(*db->lastInsertId(), qint64(2));
        // A boolean comes back as SQLite's 1 or 0 on both.
        QCOMPARE(*db->scalar("SELECT COUNT(*) > 1 FROM curator_runs"), qint64(1));
        // A negative LIMIT is no limit on both.
        auto all = db->prepare("SELECT id FROM curator_runs ORDER BY id LIMIT ?");
        QVERIFY(all.has_value());
        all->bind(1, qint64(-1));
        auto ids = all->collect<qint64>([](const Statement& s) { return s.int64(0); });
        QVERIFY(ids.has_value());
        QCOMPARE(ids->size(), std::size_t(2));
    }

    void anotherConnectionsCommitMovesTheDataVersionWithinASecond()
    {
        const QString name = QStringLiteral("live%1.db").arg(++m_n);
        test::removeStore(m_dir.filePath(name));
        auto watcher = open(name);
        auto writer = open(name);
        const qint64 before = *watcher->dataVersion();
        // Its own writes do not move it: the app only reloads for others' changes.
        QVERIFY(
            watcher->exec("INSERT INTO skills_usage_link(id, path, imported_at) VALUES (1, '/a', 'x')").has_value());
        QCOMPARE(*watcher->dataVersion(), before);
        QVERIFY(writer->exec("UPDATE skills_usage_link SET path = '/b'").has_value());
        QElapsedTimer clock;
        clock.start();
        while (*watcher->dataVersion() == before && clock.elapsed() < 1000)
            QThread::msleep(5);
        QVERIFY2(*watcher->dataVersion() != before, "no change seen within 1 s");
        qInfo("another connection's change seen after %lld ms", clock.elapsed());
    }

    void oneWriterAtATimeAndAWaitingOneGivesUpWithAClearMessage()
    {
        const QString name = QStringLiteral("lock%1.db").arg(++m_n);
        test::removeStore(m_dir.filePath(name));
        auto first = open(name);
        auto second = open(name);
        auto held = first->begin();
        QVERIFY(held.has_value());
        {
            const BusyWait brief(*second, 200);
            auto waiting = second->begin();
            QVERIFY(!waiting.has_value());
            QVERIFY2(waiting.error().message.contains(QLatin1String(test::onServer() ? "lock timeout" : "locked")),
                     qPrintable(waiting.error().message));
        }
        QVERIFY(held->commit().has_value());
        auto next = second->begin();
        QVERIFY(next.has_value());
        QVERIFY(next->commit().has_value());
    }

    void aDroppedConnectionIsReopenedBetweenTransactionsButNeverInsideOne()
    {
        if (!test::onServer())
            QSKIP("a server's connection");
        const QString name = QStringLiteral("drop%1.db").arg(++m_n);
        test::removeStore(m_dir.filePath(name));
        auto db = open(name);
        const auto pid = [&] { return *db->scalar("SELECT pg_backend_pid()"); };
        // Killed between statements (a server restart looks the same): the next one reconnects.
        QCOMPARE(serverExec(QStringLiteral("SELECT pg_terminate_backend(%1)").arg(pid())), QString());
        auto after = db->scalar("SELECT COUNT(*) FROM audit_log");
        QVERIFY2(after.has_value(), after ? "" : qPrintable(after.error().message));
        // Killed inside a transaction: its statement fails, named, and nothing of it stays.
        {
            auto tx = db->begin();
            QVERIFY(tx.has_value());
            QVERIFY(
                db->exec("INSERT INTO skills_usage_link(id, path, imported_at) VALUES (1, '/half', 'x')").has_value());
            QCOMPARE(serverExec(QStringLiteral("SELECT pg_terminate_backend(%1)").arg(pid())), QString());
            auto lost = db->exec("INSERT INTO curator_runs(at, dry_run, result) VALUES ('t', 0, '{}')");
            QVERIFY(!lost.has_value());
            QVERIFY2(lost.error().message.contains(QLatin1String("team database")), qPrintable(lost.error().message));
            auto refused = db->exec("SELECT 1");
            QVERIFY(!refused.has_value());
            QVERIFY2(refused.error().message.contains(QLatin1String("during a change; the server undid it")),
                     qPrintable(refused.error().message));
        } // the transaction is dropped here
        QCOMPARE(*db->scalar("SELECT COUNT(*) FROM skills_usage_link"), qint64(0));
        QCOMPARE(*db->scalar("SELECT COUNT(*) FROM curator_runs"), qint64(0));
    }

    void aCommitAfterAFailedStatementIsAnErrorAndKeepsNothing()
    {
        const QString name = QStringLiteral("aborted%1.db").arg(++m_n);
        test::removeStore(m_dir.filePath(name));
        auto db = open(name);
        auto tx = db->begin();
        QVERIFY(tx.has_value());
        QVERIFY(db->exec("INSERT INTO curator_runs(at, dry_run, result) VALUES ('t', 0, '{}')").has_value());
        // A caller that ignores this error and commits anyway.
        QVERIFY(!db->exec("INSERT INTO no_such_table VALUES (1)").has_value());
        auto committed = tx->commit();
        if (test::onServer()) {
            // The server turns that COMMIT into a ROLLBACK; it must not read as success.
            QVERIFY(!committed.has_value());
            QVERIFY2(committed.error().message.contains(QLatin1String("rolled the transaction back")),
                     qPrintable(committed.error().message));
            QCOMPARE(*db->scalar("SELECT COUNT(*) FROM curator_runs"), qint64(0));
        } else {
            // SQLite undoes the failed statement only, and commits the rest.
            QVERIFY(committed.has_value());
            QCOMPARE(*db->scalar("SELECT COUNT(*) FROM curator_runs"), qint64(1));
        }
        // The connection takes the next transaction.
        auto next = db->begin();
        QVERIFY(next.has_value());
        QVERIFY(next->commit().has_value());
    }

    void theTrigramIndexOutlivesAnotherWorkspacesSchema()
    {
        if (!test::onServer())
            QSKIP("the server's trigram index (SQLite has inbox_text)");
        const QString first = QStringLiteral("trgm-a%1.db").arg(++m_n);
        const QString second = QStringLiteral("trgm-b%1.db").arg(m_n);
        test::removeStore(m_dir.filePath(first));
        test::removeStore(m_dir.filePath(second));
        (void)open(first);
        auto db = open(second);
        const char* hasIndex = "SELECT COUNT(*) FROM pg_indexes WHERE schemaname = current_schema() "
                               "AND indexname = 'inbox_text_trgm'";
        QCOMPARE(*db->scalar(hasIndex), qint64(1));
        QCOMPARE(*db->scalar("SELECT COUNT(*) FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace "
                             "WHERE e.extname = 'pg_trgm' AND n.nspname = 'public'"),
                 qint64(1));
        // A team that drops one workspace's schema keeps every other workspace's index.
        test::removeStore(m_dir.filePath(first));
        QCOMPARE(*db->scalar(hasIndex), qint64(1));
    }

    void anUnreachableServerIsAClearError()
    {
        auto db = Database::open(ServerAddress{
            QStringLiteral("host=/nonexistent-dir port=1 dbname=x connect_timeout=2"), QStringLiteral("s"), QString()});
        QVERIFY(!db.has_value());
        QVERIFY2(db.error().message.startsWith(QLatin1String("cannot reach the team database (x on /nonexistent-dir")),
                 qPrintable(db.error().message));
    }
};

QTEST_GUILESS_MAIN(TeamStoreTest)
#include "team_store_test.moc"
