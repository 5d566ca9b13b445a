// SqliteStatementPool: a statement handed back is reused by the next prepare of its text, with
// no parameter and no read left over from its last use; two handles of one text work side by
// side; a handle that outlives its connection still finalises; the pool stays bounded.
#include "store/Database.h"
#include "store/sqlite/SqliteStatementPool.h"

#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <optional>
#include <string>

using namespace sediment;

class SqliteStatementPoolTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    sqlite3* m_raw = nullptr;

    std::unique_ptr<Database> open()
    {
        auto db = Database::open(m_dir.filePath(QStringLiteral("sediment.db")), Database::SyncMode::CheckpointOnClose);
        if (!db)
            qFatal("open failed: %s", qPrintable(db.error().message));
        return std::move(*db);
    }

private Q_SLOTS:
    void init()
    {
        QVERIFY(sqlite3_open(":memory:", &m_raw) == SQLITE_OK);
        QVERIFY(sqlite3_exec(m_raw, "CREATE TABLE t(x); INSERT INTO t VALUES (1),(2),(3);", nullptr, nullptr, nullptr)
                == SQLITE_OK);
    }

    void cleanup()
    {
        QCOMPARE(sqlite3_close(m_raw), SQLITE_OK); // no statement left unfinalised
        m_raw = nullptr;
    }

    void givenBackStatementIsTakenAgainClean()
    {
        SqliteStatementPool pool(m_raw);
        sqlite3_stmt* first = nullptr;
        QCOMPARE(pool.take("SELECT ?1 IS NULL, x FROM t ORDER BY x", &first), SQLITE_OK);
        sqlite3_bind_int(first, 1, 7);
        QCOMPARE(sqlite3_step(first), SQLITE_ROW); // a read left open
        QCOMPARE(sqlite3_column_int(first, 0), 0);
        pool.giveBack(first);
        QCOMPARE(pool.idleCount(), std::size_t(1));
        QVERIFY(!sqlite3_stmt_busy(first));

        sqlite3_stmt* again = nullptr;
        QCOMPARE(pool.take("SELECT ?1 IS NULL, x FROM t ORDER BY x", &again), SQLITE_OK);
        QCOMPARE(again, first);
        QCOMPARE(pool.idleCount(), std::size_t(0));
        QCOMPARE(sqlite3_step(again), SQLITE_ROW);
        QCOMPARE(sqlite3_column_int(again, 0), 1); // the 7 is gone
        QCOMPARE(sqlite3_column_int(again, 1), 1); // from the first row again
        pool.giveBack(again);
    }

    void sameTextTwiceAtOnceKeepsOneIdle()
    {
        SqliteStatementPool pool(m_raw);
        sqlite3_stmt* a = nullptr;
        sqlite3_stmt* b = nullptr;
        QCOMPARE(pool.take("SELECT x FROM t ORDER BY x", &a), SQLITE_OK);
        QCOMPARE(pool.take("SELECT x FROM t ORDER BY x", &b), SQLITE_OK);
        QVERIFY(a != b);
        QCOMPARE(sqlite3_step(a), SQLITE_ROW);
        QCOMPARE(sqlite3_step(a), SQLITE_ROW);
        QCOMPARE(sqlite3_step(b), SQLITE_ROW);
        QCOMPARE(sqlite3_column_int(a, 0), 2);
        QCOMPARE(sqlite3_column_int(b, 0), 1);
        pool.giveBack(a);
        pool.giveBack(b); // finalised: one of its text is idle already
        QCOMPARE(pool.idleCount(), std::size_t(1));
    }

    void staysBoundedWithTextsBuiltAtRunTime()
    {
        SqliteStatementPool pool(m_raw);
        for (int i = 0; i < int(SqliteStatementPool::kMaxIdle) + 50; ++i) {
            const std::string sql = "SELECT x + " + std::to_string(i) + " FROM t";
            sqlite3_stmt* st = nullptr;
            QCOMPARE(pool.take(sql.c_str(), &st), SQLITE_OK);
            pool.giveBack(st);
        }
        QCOMPARE(pool.idleCount(), SqliteStatementPool::kMaxIdle);
    }

    void badSqlIsAnErrorAndNothingIsKept()
    {
        SqliteStatementPool pool(m_raw);
        sqlite3_stmt* st = nullptr;
        QCOMPARE(pool.take("SELEC x FROM t", &st), SQLITE_ERROR);
        QVERIFY(!st);
        pool.giveBack(st);
        QCOMPARE(pool.idleCount(), std::size_t(0));
    }

    void throughDatabaseAParameterNeverLeaksIntoTheNextUse()
    {
        auto db = open();
        for (int round = 0; round < 3; ++round) {
            auto st = db->prepare("SELECT ?1 IS NULL");
            QVERIFY(st.has_value());
            auto row = st->step();
            QVERIFY(row && *row);
            QCOMPARE(st->int64(0), qint64(1));
            st->bind(1, qint64(round)); // bound, never stepped: must not reach the next round
        }
    }

    void handleOutlivingItsDatabaseFinalisesItself()
    {
        auto db = open();
        auto prepared = db->prepare("SELECT 1");
        QVERIFY(prepared.has_value());
        std::optional<Statement> st(std::move(*prepared));
        QVERIFY(st->step().value_or(false));
        db.reset(); // the connection closes as a zombie until the handle below is gone
        st.reset();
        auto reopened = open();
        QVERIFY(reopened->prepare("SELECT 1").has_value());
    }
};

QTEST_GUILESS_MAIN(SqliteStatementPoolTest)
#include "sqlite_statement_pool_test.moc"
