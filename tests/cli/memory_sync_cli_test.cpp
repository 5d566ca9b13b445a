// `sediment memory` as a short-lived process: it runs without a QCoreApplication, commits each
// change durably and leaves the WAL for the next process, truncating it once it has grown. The
// store, the audit log and the other verbs must see exactly what they saw before.
#include "CliRun.h"
#include "FileBytes.h"

#include "store/Database.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace sediment;

class MemorySyncCliTest : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;

    QString ws() const { return m_dir->path(); }
    QString walPath() const { return m_dir->filePath(QStringLiteral("sediment.db-wal")); }
    clitest::Run sediment(const QStringList& args, const QByteArray& input = {}) const
    {
        return clitest::sediment(ws(), args, input);
    }
    clitest::Run apply(const QByteArray& request) const
    {
        return sediment({QStringLiteral("memory"), QStringLiteral("apply"), QStringLiteral("-")}, request);
    }
    QByteArray fileBytes(const QString& relative) const { return test::fileBytes(m_dir->filePath(relative)); }

private Q_SLOTS:
    void init() { m_dir = std::make_unique<QTemporaryDir>(); }

    void nonAsciiArgumentsArriveIntactWithoutAnApplicationObject()
    {
        // main() decodes argv itself for `memory`: the flags must reach the store as UTF-8.
        const QString content = QString::fromUtf8("café ✓ 😀 日本");
        const auto r = sediment({QStringLiteral("memory"), QStringLiteral("add"), QStringLiteral("--content"), content,
                                 QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QCOMPARE(fileBytes(QStringLiteral("memories/MEMORY.md")), content.toUtf8());
        QCOMPARE(r.json().value("message", std::string()), std::string("Entry added."));
        const auto removed = sediment({QStringLiteral("memory"), QStringLiteral("remove"), QStringLiteral("--old-text"),
                                       QString::fromUtf8("日本")});
        QCOMPARE(removed.code, 0);
        QCOMPARE(fileBytes(QStringLiteral("memories/MEMORY.md")), QByteArray());
    }

    void versionAndWorkspaceFlagsStillParseWithoutAnApplicationObject()
    {
        QProcess p;
        p.start(QStringLiteral(SEDIMENT_BINARY), {QStringLiteral("--version")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        QCOMPARE(p.readAllStandardOutput(), QByteArray("sediment " SEDIMENT_VERSION "\n"));
        // --workspace=DIR before the verb, and the verb's own --help.
        p.start(QStringLiteral(SEDIMENT_BINARY),
                {QStringLiteral("--workspace=") + ws(), QStringLiteral("memory"), QStringLiteral("--help")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        QVERIFY(p.readAllStandardOutput().startsWith("Usage: sediment memory apply"));
    }

    void manyAppliesKeepTheWalSmallAndLoseNothing()
    {
        if (teamtest::onServer())
            QSKIP("SQLite's write-ahead log; a team's server keeps its own");
        constexpr int kAdds = 60; // a few pages each: the WAL passes its limit more than once
        qint64 largest = 0;
        bool truncated = false;
        for (int i = 0; i < kAdds; ++i) {
            const auto r =
                apply("{\"action\":\"add\",\"target\":\"memory\",\"content\":\"note " + QByteArray::number(i) + "\"}");
            QCOMPARE(r.code, 0);
            const qint64 size = QFileInfo(walPath()).size();
            largest = std::max(largest, size);
            truncated = truncated || size == 0;
        }
        QVERIFY(truncated);
        // A WAL frame is a page and its 24-byte header; the page size is read from the file's
        // header (bytes 16-17, big-endian), as SQLite stores it.
        const QByteArray header = fileBytes(QStringLiteral("sediment.db")).left(18);
        QCOMPARE(header.size(), 18);
        const qint64 pageSize = (qint64(quint8(header[16])) << 8) | quint8(header[17]);
        QCOMPARE(pageSize, qint64(16384)); // what a new workspace gets
        QVERIFY2(largest < qint64(Database::kWalCheckpointFrames + 16) * (pageSize + 24),
                 qPrintable(QString::number(largest)));
        const auto shown = sediment({QStringLiteral("memory"), QStringLiteral("show"), QStringLiteral("--target"),
                                     QStringLiteral("memory"), QStringLiteral("--json")});
        QCOMPARE(shown.code, 0);
        QCOMPARE(shown.json()["entry_count"].get<int>(), kAdds);
        // Another verb opens the database the ordinary way and finds every audit row, chained.
        const auto verify = sediment({QStringLiteral("audit"), QStringLiteral("--verify")});
        QCOMPARE(verify.code, 0);
        QCOMPARE(verify.out, QByteArray("audit chain intact (") + QByteArray::number(kAdds) + " rows)\n");
    }

    // Two processes opening a new workspace at the same moment both switch its file to WAL,
    // which SQLite refuses at once ("database is locked") to the one that comes second. Neither
    // may fail: the second sets up again once the first is done. (SQLite's own file only: a
    // team's store is a server schema.)
    void twoFirstOpensAtOnceBothSucceed()
    {
        if (qEnvironmentVariableIsSet("SEDIMENT_TEST_POSTGRES_FILE"))
            QSKIP("a team's store has no WAL file to switch");
        for (int round = 0; round < 25; ++round) {
            QTemporaryDir fresh;
            QVERIFY(fresh.isValid());
            QProcess a;
            QProcess b;
            a.start(QStringLiteral(SEDIMENT_BINARY),
                    {QStringLiteral("--workspace"), fresh.path(), QStringLiteral("memory"), QStringLiteral("apply"),
                     QStringLiteral("-")});
            b.start(QStringLiteral(SEDIMENT_BINARY),
                    {QStringLiteral("--workspace"), fresh.path(), QStringLiteral("audit"), QStringLiteral("--verify")});
            a.write(R"({"action":"add","content":"first"})");
            a.closeWriteChannel();
            QVERIFY(a.waitForFinished(60000));
            QVERIFY(b.waitForFinished(60000));
            QVERIFY2(a.exitCode() == 0, a.readAllStandardError().constData());
            QVERIFY2(b.exitCode() == 0, b.readAllStandardError().constData());
            QCOMPARE(test::fileBytes(fresh.filePath(QStringLiteral("memories/MEMORY.md"))), QByteArray("first"));
        }
    }

    void appliesRacingAnotherVerbLoseNothing()
    {
        // `memory apply` (leaves the WAL) against `audit` (checkpoints and deletes it at close).
        const QString applies = QStringLiteral(
            "for i in $(seq 1 40); do echo \"{\\\"action\\\":\\\"add\\\",\\\"content\\\":\\\"race $i\\\"}\" "
            "| \"$0\" --workspace \"$1\" memory apply - >/dev/null || exit 1; done");
        const QString audits = QStringLiteral(
            "for i in $(seq 1 40); do \"$0\" --workspace \"$1\" audit --verify >/dev/null || exit 1; done");
        QProcess a;
        QProcess b;
        teamtest::prepareWorkspace(ws()); // against the team server, the folder names it
        a.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), applies, QStringLiteral(SEDIMENT_BINARY), ws()});
        b.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), audits, QStringLiteral(SEDIMENT_BINARY), ws()});
        QVERIFY(a.waitForFinished(240000));
        QVERIFY(b.waitForFinished(240000));
        QCOMPARE(a.exitCode(), 0);
        QCOMPARE(b.exitCode(), 0);
        const auto shown = sediment({QStringLiteral("memory"), QStringLiteral("show"), QStringLiteral("--target"),
                                     QStringLiteral("memory"), QStringLiteral("--json")});
        QCOMPARE(shown.json()["entry_count"].get<int>(), 40);
        const auto verify = sediment({QStringLiteral("audit"), QStringLiteral("--verify")});
        QCOMPARE(verify.out, QByteArray("audit chain intact (40 rows)\n"));
    }
};

QTEST_GUILESS_MAIN(MemorySyncCliTest)
#include "memory_sync_cli_test.moc"
