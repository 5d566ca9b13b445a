// The decision journal through the real binary (docs/architecture.md#durability): a `sediment` process that dies at one of
// the journal's named points leaves a row that the next command, whatever it is, settles before
// doing its own work; `inbox resolve` takes a flagged item back by hand.
#include "CliRun.h"
#include "FileBytes.h"
#include "util/Json.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace sediment;

class JournalCliTest : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;

    QString path(const QString& rel) const { return m_dir->path() + QLatin1Char('/') + rel; }
    clitest::Run run(const QStringList& args, const QByteArray& input = {})
    {
        return clitest::sediment(m_dir->path(), args, input);
    }
    // Runs a command that stops itself at `point`, as kill -9 would stop it; true when it died.
    bool crashAt(const char* point, const QStringList& args, const QByteArray& input = {})
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("SEDIMENT_CRASH_AT"), QString::fromLatin1(point));
        p.setProcessEnvironment(env);
        teamtest::prepareWorkspace(m_dir->path()); // against the team server, the folder names it
        p.start(QStringLiteral(SEDIMENT_BINARY), QStringList{QStringLiteral("--workspace"), m_dir->path()} + args);
        p.waitForStarted();
        p.write(input);
        p.closeWriteChannel();
        p.waitForFinished(60000);
        return p.exitStatus() == QProcess::CrashExit;
    }
    Json auditRows() { return run({QStringLiteral("audit"), QStringLiteral("--json")}).json(); }
    qint64 seedRule(const char* rule)
    {
        const Json proposal{{"destination", "claude_md"},
                            {"op", {{"before", ""}, {"after", rule}}},
                            {"rationale", "seen twice"},
                            {"score", 0.8}};
        const auto r = run({QStringLiteral("propose"), QStringLiteral("-"), QStringLiteral("--json")},
                           QByteArray::fromStdString(proposal.dump()));
        const Json out = r.json();
        if (r.code != 0 || !out.is_object() || out["pending"].empty())
            return -1;
        return out["pending"][0]["inbox_id"].get<qint64>();
    }
    QString statusOf(qint64 id)
    {
        const Json j =
            run({QStringLiteral("inbox"), QStringLiteral("show"), QString::number(id), QStringLiteral("--json")})
                .json();
        return j.is_object() ? fromStd(j.value("status", std::string())) : QString();
    }

    static const QByteArray& addRequest()
    {
        static const QByteArray r(R"({"action":"add","target":"memory","content":"Uses tabs"})");
        return r;
    }

private Q_SLOTS:
    void init() { m_dir = std::make_unique<QTemporaryDir>(); }

    void memoryApplyKilledAfterItsWriteIsRecoveredByTheNextCommand()
    {
        QVERIFY(crashAt("after-write", {QStringLiteral("memory"), QStringLiteral("apply"), QStringLiteral("-")},
                        addRequest()));
        QCOMPARE(test::fileBytes(path(QStringLiteral("memories/MEMORY.md"))), QByteArray("Uses tabs"));
        const Json rows = auditRows(); // any command settles first
        QCOMPARE(rows.size(), size_t(1));
        QCOMPARE(rows[0]["action"].get<std::string>(), std::string("memory.add"));
        QCOMPARE(rows[0]["reason"].get<std::string>(), std::string("recovered"));
        QCOMPARE(run({QStringLiteral("audit"), QStringLiteral("--verify")}).code, 0);
    }

    void memoryApplyKilledBeforeItsWriteIsRolledBack()
    {
        QVERIFY(crashAt("after-journal", {QStringLiteral("memory"), QStringLiteral("apply"), QStringLiteral("-")},
                        addRequest()));
        QVERIFY(!QFile::exists(path(QStringLiteral("memories/MEMORY.md"))));
        const Json rows = auditRows();
        QCOMPARE(rows.size(), size_t(1));
        QCOMPARE(rows[0]["action"].get<std::string>(), std::string("journal.rollback"));
        QCOMPARE(rows[0]["reason"].get<std::string>(), std::string("interrupted, nothing written"));
        // The agent's retry then writes the entry once.
        QCOMPARE(run({QStringLiteral("memory"), QStringLiteral("apply"), QStringLiteral("-")}, addRequest()).code, 0);
        QCOMPARE(test::fileBytes(path(QStringLiteral("memories/MEMORY.md"))), QByteArray("Uses tabs"));
    }

    void approvalKilledAfterItsWriteIsAppliedOnceAndNotAgain()
    {
        const qint64 id = seedRule("Run the tests first.");
        QVERIFY(id > 0);
        QVERIFY(crashAt("after-write", {QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)}));
        QCOMPARE(statusOf(id), QStringLiteral("applied"));
        const auto again = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)});
        QCOMPARE(again.code, 1);
        QCOMPARE(test::fileBytes(path(QStringLiteral("CLAUDE.md"))).count("Run the tests first."), 1);
    }

    void approvalKilledBeforeItsWriteIsPendingAgain()
    {
        const qint64 id = seedRule("Run the tests first.");
        QVERIFY(crashAt("after-journal", {QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)}));
        QCOMPARE(statusOf(id), QStringLiteral("pending"));
        QVERIFY(!QFile::exists(path(QStringLiteral("CLAUDE.md"))));
    }

    void aWriteThatFailsIsSettledAtOnceWithItsReason()
    {
        // CLAUDE.md is a file, so the folder CLAUDE.md/ cannot be made: the write fails once
        // its journal row is announced.
        QFile file(path(QStringLiteral("CLAUDE.md")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("# rules\n");
        file.close();
        const Json proposal{{"destination", "claude_md"},
                            {"op", {{"path", "CLAUDE.md/nested.md"}, {"before", ""}, {"after", "Run the tests."}}},
                            {"rationale", "seen twice"},
                            {"score", 0.8}};
        const auto proposed = run({QStringLiteral("propose"), QStringLiteral("-"), QStringLiteral("--json")},
                                  QByteArray::fromStdString(proposal.dump()));
        QCOMPARE(proposed.code, 0);
        const qint64 id = proposed.json()["pending"][0]["inbox_id"].get<qint64>();

        const auto approved = run({QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)});
        QCOMPARE(approved.code, 3);
        QVERIFY2(approved.err.contains("cannot create folder"), approved.err.constData());
        QCOMPARE(statusOf(id), QStringLiteral("pending"));
        // The failure is in the log once, as what it was, and no later command adds to it.
        const Json rows = auditRows();
        QCOMPARE(rows.size(), size_t(2));
        QCOMPARE(rows[1]["action"].get<std::string>(), std::string("journal.rollback"));
        const QString reason = fromStd(rows[1]["reason"].get<std::string>());
        QVERIFY2(reason.startsWith(QStringLiteral("the write failed, nothing written: cannot create folder")),
                 qPrintable(reason));
        QCOMPARE(run({QStringLiteral("stats")}).code, 0);
        QCOMPARE(auditRows().size(), size_t(2));
        QCOMPARE(test::fileBytes(path(QStringLiteral("CLAUDE.md"))), QByteArray("# rules\n"));
    }

    void aTargetHoldingNeitherNeedsAttentionUntilResolved()
    {
        const qint64 id = seedRule("Run the tests first.");
        QVERIFY(crashAt("after-write", {QStringLiteral("inbox"), QStringLiteral("approve"), QString::number(id)}));
        QFile f(path(QStringLiteral("CLAUDE.md")));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write("A hand edit meanwhile.\n");
        f.close();
        QCOMPARE(statusOf(id), QStringLiteral("needs_attention"));
        const auto listed = run({QStringLiteral("inbox"), QStringLiteral("list"), QStringLiteral("--status"),
                                 QStringLiteral("needs_attention"), QStringLiteral("--json")});
        QCOMPARE(listed.code, 0);
        QCOMPARE(listed.json().size(), size_t(1));
        QCOMPARE(run({QStringLiteral("inbox"), QStringLiteral("resolve"), QString::number(id)}).code, 2);
        const auto resolved =
            run({QStringLiteral("inbox"), QStringLiteral("resolve"), QString::number(id), QStringLiteral("--restore")});
        QCOMPARE(resolved.code, 0);
        QCOMPARE(statusOf(id), QStringLiteral("pending"));
        QVERIFY(!QFile::exists(path(QStringLiteral("CLAUDE.md"))));
        QCOMPARE(run({QStringLiteral("audit"), QStringLiteral("--verify")}).code, 0);
    }

    void resolvingAnItemThatNeedsNoAttentionIsRefused()
    {
        const qint64 id = seedRule("Rule.");
        const auto r = run(
            {QStringLiteral("inbox"), QStringLiteral("resolve"), QString::number(id), QStringLiteral("--keep-file")});
        QCOMPARE(r.code, 1);
        QVERIFY(r.err.contains("only items that need attention"));
    }
};

QTEST_GUILESS_MAIN(JournalCliTest)
#include "journal_cli_test.moc"
