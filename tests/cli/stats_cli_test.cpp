#include "CliRun.h"
#include "TeamStore.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <sqlite3.h>

namespace {

using clitest::Run;

} // namespace

class StatsCliTest final : public QObject {
    Q_OBJECT

    QTemporaryDir m_root;

private Q_SLOTS:
    void emptyWorkspaceHasZeroesNamingTheirTables()
    {
        const QString ws = m_root.filePath(QStringLiteral("empty"));
        const Run r = clitest::sediment(ws, {QStringLiteral("stats"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const auto j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(j["inbox"]["table"].get<std::string>(), std::string("inbox_items"));
        QCOMPARE(j["inbox"]["total"].get<int>(), 0);
        QCOMPARE(j["skills"]["table"].get<std::string>(), std::string("skills"));
        QCOMPARE(j["scars"]["table"].get<std::string>(), std::string("scars"));
        QCOMPARE(j["decisions"]["table"].get<std::string>(), std::string("decisions"));
        QCOMPARE(j["audit"]["table"].get<std::string>(), std::string("audit_log"));
        QCOMPARE(j["audit"]["chain_intact"].get<bool>(), true);
        QCOMPARE(j["curator"]["table"].get<std::string>(), std::string("curator_runs"));
        QVERIFY(j["curator"]["last_run"].is_null());
    }

    void figuresFollowTheTablesAtCallTime()
    {
        const QString ws = m_root.filePath(QStringLiteral("full"));
        QVERIFY(QDir().mkpath(ws));
        QFile f(ws + QStringLiteral("/sediment.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"gate":"score-then-human"})");
        f.close();
        const Run p = clitest::sediment(ws, {QStringLiteral("propose")},
                                        R"({"target":"memory","op":{"action":"add","content":"a"},"score":0.9}
{"target":"user","op":{"action":"add","content":"b"},"score":0.1}
{"destination":"brain_inbox","op":{"title":"t","text":"x"},"score":0.95})");
        QCOMPARE(p.code, 1); // one rejected (docs/verbs.md#exit-codes)
        auto j = nlohmann::json::parse(
            clitest::sediment(ws, {QStringLiteral("stats"), QStringLiteral("--json")}).out.toStdString());
        QVERIFY(j["inbox"]["by_status"] == nlohmann::json::parse(R"({"pending":2,"rejected":1})"));
        QVERIFY(j["inbox"]["by_destination"] == nlohmann::json::parse(R"({"brain_inbox":1,"memory":1,"user":1})"));
        QVERIFY(j["inbox"]["intake"] == nlohmann::json::parse(R"({"table":"inbox_intake","pending":2})"));
        QVERIFY(clitest::sediment(ws, {QStringLiteral("stats")})
                    .out.contains("of which pending in the intake (inbox_intake): 2"));
        QCOMPARE(j["audit"]["rows"].get<int>(), 2);

        // The two pending items were counted in the intake, where `propose` filed them; an inbox
        // command moves them into inbox_items, which changes no figure.
        QCOMPARE(clitest::sediment(ws, {QStringLiteral("inbox"), QStringLiteral("list")}).code, 0);
        auto filed = nlohmann::json::parse(
            clitest::sediment(ws, {QStringLiteral("stats"), QStringLiteral("--json")}).out.toStdString());
        QCOMPARE(filed["inbox"]["intake"]["pending"].get<int>(), 0);
        filed["inbox"]["intake"]["pending"] = 2;
        QVERIFY(filed == j);

        // Another writer changes the tables directly: stats sees it at once, nothing is cached.
        QVERIFY(sediment::test::execIn(
                    ws + QStringLiteral("/sediment.db"),
                    "INSERT INTO skills(name, state, created_at) VALUES "
                    "('a','active','2026-01-01T00:00:00.000Z'),('b','stale','2026-01-01T00:00:00.000Z');"
                    "INSERT INTO scars(kind, title, created_at) VALUES ('failure','t','2026-01-01T00:00:00.000Z');"
                    "INSERT INTO decisions(description, confidence, category, stakes, outcome, created_at) VALUES "
                    "('d',0.5,'process','low','success','2026-01-01T00:00:00.000Z');"
                    "INSERT INTO curator_runs(at, dry_run, result) VALUES ('2026-02-01T00:00:00.000Z', 0, '{}');"
                    "UPDATE inbox_items SET status='applied' WHERE id=1;")
                    .has_value());
        j = nlohmann::json::parse(
            clitest::sediment(ws, {QStringLiteral("stats"), QStringLiteral("--json")}).out.toStdString());
        QVERIFY(j["inbox"]["by_status"] == nlohmann::json::parse(R"({"applied":1,"pending":1,"rejected":1})"));
        QVERIFY(j["skills"]["by_state"] == nlohmann::json::parse(R"({"active":1,"stale":1})"));
        QCOMPARE(j["scars"]["total"].get<int>(), 1);
        QCOMPARE(j["decisions"]["reviewed"].get<int>(), 1);
        QCOMPARE(j["curator"]["last_run"]["at"].get<std::string>(), std::string("2026-02-01T00:00:00.000Z"));

        const Run human = clitest::sediment(ws, {QStringLiteral("stats")});
        QCOMPARE(human.code, 0);
        QVERIFY(human.out.contains("Inbox (inbox_items): 3 items"));
        QVERIFY(human.out.contains("Audit (audit_log): 2 rows, chain intact"));
    }

    void anAnswerThatCannotBeWrittenIsAFailure()
    {
        // A full disk under standard output: the figures are lost, so the exit code says so.
        const QString ws = m_root.filePath(QStringLiteral("full"));
        QCOMPARE(clitest::sediment(ws, {QStringLiteral("init")}).code, 0);
        QProcess p;
        p.setStandardOutputFile(QStringLiteral("/dev/full"));
        p.start(QStringLiteral(SEDIMENT_BINARY), {QStringLiteral("--workspace"), ws, QStringLiteral("stats")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 3);
        QCOMPARE(p.readAllStandardError(), QByteArray("sediment: cannot write the output: No space left on device\n"));
    }
};

QTEST_GUILESS_MAIN(StatsCliTest)
#include "stats_cli_test.moc"
