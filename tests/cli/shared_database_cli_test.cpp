// A workspace used by the app and the command line at once (docs/architecture.md#files): the app
// holds several connections to sediment.db, and a `sediment` process started beside it must
// neither take itself for the last user of the WAL nor lose what it writes. Each connection here
// is opened as the app opens its own; the other users are real `sediment` processes.
#include "CliRun.h"
#include "store/Database.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace sediment;
using clitest::runAsIs;

class SharedDatabaseCliTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void aSecondConnectionLeavesTheFirstsLocksInPlace()
    {
        QTemporaryDir dir;
        const QString ws = dir.filePath(QStringLiteral("ws"));
        QCOMPARE(runAsIs(ws, {QStringLiteral("init")}).code, 0);
        const QString dbPath = ws + QStringLiteral("/sediment.db");

        auto first = Database::open(dbPath);
        QVERIFY(first);
        const qint64 rowsBefore = (*first)->scalar("SELECT count(*) FROM audit_log").value_or(-1);
        QVERIFY(rowsBefore >= 0);
        // The second connection is what used to open and close the file itself, and with that
        // close drop every lock of the first.
        auto second = Database::open(dbPath);
        QVERIFY(second);

        // A reader beside them: it must see others still using the WAL and leave it be.
        QCOMPARE(runAsIs(ws, {QStringLiteral("stats"), QStringLiteral("--json")}).code, 0);
        QVERIFY2(QFileInfo::exists(dbPath + QStringLiteral("-wal")), "the WAL was deleted under open connections");
        QVERIFY(QFileInfo::exists(dbPath + QStringLiteral("-shm")));

        // A writer beside them, then the app's own connections reading and closing.
        const clitest::Run add = runAsIs(ws, {QStringLiteral("memory"), QStringLiteral("add"),
                                              QStringLiteral("--target"), QStringLiteral("memory"),
                                              QStringLiteral("--content"), QStringLiteral("Written beside the app.")});
        QVERIFY2(add.code == 0, add.err.constData());
        const qint64 rowsAfter = (*second)->scalar("SELECT count(*) FROM audit_log").value_or(-1);
        QVERIFY2(rowsAfter > rowsBefore, "the app does not see the command line's audit row");
        first->reset();
        second->reset();

        // Once everyone is gone, the file holds the command line's write and its audit row.
        auto after = Database::open(dbPath);
        QVERIFY(after);
        QCOMPARE((*after)->scalar("SELECT count(*) FROM audit_log").value_or(-1), rowsAfter);
        QVERIFY(runAsIs(ws, {QStringLiteral("audit"), QStringLiteral("--verify")}).code == 0);
    }

    void aNewDatabaseIsPrivateFromItsFirstByte()
    {
        QTemporaryDir dir;
        const QString dbPath = dir.filePath(QStringLiteral("fresh.db"));
        auto db = Database::open(dbPath);
        QVERIFY(db);
        struct stat st {};
        QCOMPARE(::stat(QFile::encodeName(dbPath).constData(), &st), 0);
        QCOMPARE(int(st.st_mode & 0777), 0600);
        QCOMPARE(::stat(QFile::encodeName(dbPath + QStringLiteral("-wal")).constData(), &st), 0);
        QCOMPARE(int(st.st_mode & 0777), 0600);
    }
};

QTEST_GUILESS_MAIN(SharedDatabaseCliTest)
#include "shared_database_cli_test.moc"
