// Database::SyncMode: a SyncEachCommit connection commits durably (synchronous=FULL), leaves a
// small WAL in place at close for the next process, and truncates it once it has grown. Also a
// transaction whose COMMIT fails, and Database::scalar.
#include "store/Database.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

using namespace sediment;

namespace {

// Test set-up SQL goes through the raw handle: the repositories have no table for it.
bool run(Database& db, const char* sql)
{
    return sqlite3_exec(db.handle(), sql, nullptr, nullptr, nullptr) == SQLITE_OK;
}

qint64 scalar(Database& db, const char* sql)
{
    auto st = db.prepare(sql);
    if (!st)
        return -1;
    auto row = st->step();
    return row && *row ? st->int64(0) : -1;
}

} // namespace

class DatabaseSyncModeTest : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString dbPath() const { return m_dir.filePath(QStringLiteral("sediment.db")); }
    QString walPath() const { return dbPath() + QStringLiteral("-wal"); }

    std::unique_ptr<Database> open(Database::SyncMode mode)
    {
        auto db = Database::open(dbPath(), mode);
        if (!db)
            qFatal("open failed: %s", qPrintable(db.error().message));
        return std::move(*db);
    }

    // One short-lived process's worth of work: open, one transaction, close.
    void commitOneRow(int value)
    {
        auto db = open(Database::SyncMode::SyncEachCommit);
        auto tx = db->begin();
        QVERIFY(tx.has_value());
        auto st = db->prepare("INSERT INTO t(x) VALUES (?)");
        QVERIFY(st.has_value());
        QVERIFY(st->bind(1, value).exec().has_value());
        QVERIFY(tx->commit().has_value());
    }

private Q_SLOTS:
    void init()
    {
        for (const char* suffix : {"", "-wal", "-shm"})
            QFile::remove(dbPath() + QLatin1String(suffix));
        auto db = open(Database::SyncMode::CheckpointOnClose);
        QVERIFY(run(*db, "CREATE TABLE t(x INTEGER)"));
    }

    void onlySyncEachCommitWaitsForTheDiskAtCommit()
    {
        auto each = open(Database::SyncMode::SyncEachCommit);
        QCOMPARE(scalar(*each, "PRAGMA synchronous"), 2); // FULL
        auto onClose = open(Database::SyncMode::CheckpointOnClose);
        QCOMPARE(scalar(*onClose, "PRAGMA synchronous"), 1); // NORMAL
    }

    void aSyncEachCommitConnectionLeavesItsCommitInTheWal()
    {
        commitOneRow(7);
        QVERIFY(QFileInfo(walPath()).size() > 0);
        // Another connection (another process, in real use) reads it back from the WAL, and a
        // CheckpointOnClose connection still checkpoints and removes the WAL at its close.
        {
            auto reader = open(Database::SyncMode::CheckpointOnClose);
            QCOMPARE(scalar(*reader, "SELECT x FROM t"), 7);
        }
        QVERIFY(!QFileInfo::exists(walPath()));
        auto again = open(Database::SyncMode::SyncEachCommit);
        QCOMPARE(scalar(*again, "SELECT x FROM t"), 7);
    }

    void eachProcessAppendsToTheWalLeftByTheOneBefore()
    {
        commitOneRow(1);
        const qint64 afterOne = QFileInfo(walPath()).size();
        commitOneRow(2);
        QVERIFY(QFileInfo(walPath()).size() > afterOne);
        auto db = open(Database::SyncMode::SyncEachCommit);
        QCOMPARE(scalar(*db, "SELECT COUNT(*) FROM t"), 2);
        QCOMPARE(scalar(*db, "SELECT SUM(x) FROM t"), 3);
    }

    void theWalIsTruncatedOnceItHoldsEnoughFrames()
    {
        // Each commit here writes one or two pages; stop at the first close that truncated.
        int commits = 0;
        qint64 largest = 0;
        while (commits < 4 * Database::kWalCheckpointFrames) {
            commitOneRow(++commits);
            const qint64 size = QFileInfo(walPath()).size();
            if (size == 0)
                break;
            largest = std::max(largest, size);
        }
        QCOMPARE(QFileInfo(walPath()).size(), 0);
        QVERIFY(largest >= qint64(Database::kWalCheckpointFrames - 2) * 4096);
        auto db = open(Database::SyncMode::SyncEachCommit);
        QCOMPARE(scalar(*db, "SELECT COUNT(*) FROM t"), commits);
        auto ok = db->prepare("PRAGMA integrity_check");
        QVERIFY(ok.has_value());
        QVERIFY(ok->step().value_or(false));
        QCOMPARE(ok->text(0), QStringLiteral("ok"));
    }

    void aRolledBackTransactionLeavesNothing()
    {
        {
            auto db = open(Database::SyncMode::SyncEachCommit);
            auto tx = db->begin();
            QVERIFY(tx.has_value());
            QVERIFY(run(*db, "INSERT INTO t(x) VALUES (99)"));
        } // no commit: the Transaction rolls back
        auto db = open(Database::SyncMode::SyncEachCommit);
        QCOMPARE(scalar(*db, "SELECT COUNT(*) FROM t"), 0);
    }

    // A COMMIT can fail (here a deferred foreign key): the transaction is then over, nothing of
    // it stays, and the connection's next transaction starts clean.
    void aCommitThatFailsEndsItsTransaction()
    {
        auto db = open(Database::SyncMode::CheckpointOnClose);
        QVERIFY(run(*db, "CREATE TABLE parent(id INTEGER PRIMARY KEY);"
                         "CREATE TABLE child(p INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED)"));
        {
            auto tx = db->begin();
            QVERIFY(tx.has_value());
            QVERIFY(run(*db, "INSERT INTO child(p) VALUES (7)"));
            auto committed = tx->commit();
            QVERIFY(!committed);
            QVERIFY2(committed.error().message.contains(QLatin1String("FOREIGN KEY")),
                     qPrintable(committed.error().message));
        }
        QCOMPARE(sqlite3_get_autocommit(db->handle()), 1);
        QCOMPARE(*db->scalar("SELECT COUNT(*) FROM child"), 0);
        auto again = db->begin();
        QVERIFY(again.has_value());
        QVERIFY(run(*db, "INSERT INTO parent(id) VALUES (7); INSERT INTO child(p) VALUES (7)"));
        QVERIFY(again->commit());
        QCOMPARE(*db->scalar("SELECT COUNT(*) FROM child WHERE p = ?", 7), 1);
        QCOMPARE(*db->scalar("SELECT p FROM child WHERE p = ?", 8), 0); // no row: 0
    }
};

QTEST_GUILESS_MAIN(DatabaseSyncModeTest)
#include "database_sync_mode_test.moc"
