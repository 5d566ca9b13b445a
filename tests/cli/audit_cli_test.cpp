#include "CliRun.h"
#include "TeamStore.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <sqlite3.h>

namespace {

using clitest::Run;

} // namespace

class AuditCliTest final : public QObject {
    Q_OBJECT

    QTemporaryDir m_root;
    QString m_ws;

private Q_SLOTS:
    void init()
    {
        static int n = 0;
        m_ws = m_root.filePath(QStringLiteral("ws%1").arg(++n));
        QVERIFY(QDir().mkpath(m_ws));
        QFile f(m_ws + QStringLiteral("/sediment.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"gate":"score"})");
        f.close();
        QByteArray lines;
        for (int i = 0; i < 4; ++i)
            lines += QStringLiteral(R"({"target":"memory","op":{"action":"add","content":"entry %1"},"score":%2})")
                         .arg(i)
                         .arg(i % 2 ? 0.9 : 0.2)
                         .toUtf8()
                     + '\n';
        // Two of the four are rejected by the gate: a "no", exit 1 (docs/verbs.md#exit-codes), all recorded.
        QCOMPARE(clitest::sediment(m_ws, {QStringLiteral("propose")}, lines).code, 1);
    }

    void listsRowsWithTheSpecFieldNames()
    {
        const Run r = clitest::sediment(m_ws, {QStringLiteral("audit"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const auto rows = nlohmann::ordered_json::parse(r.out.toStdString());
        QCOMPARE(rows.size(), size_t(4));
        std::vector<std::string> keys;
        for (const auto& [k, v] : rows[0].items())
            keys.push_back(k);
        QCOMPARE(keys, (std::vector<std::string>{"seq", "at", "actor", "action", "subject_type", "subject_id", "reason",
                                                 "before", "after", "details", "hash"}));
        QCOMPARE(rows[0]["action"].get<std::string>(), std::string("proposal.rejected"));
        QCOMPARE(rows[1]["action"].get<std::string>(), std::string("proposal.applied"));
    }

    void filtersBySubject()
    {
        const Run one = clitest::sediment(m_ws, {QStringLiteral("audit"), QStringLiteral("--subject"),
                                                 QStringLiteral("inbox_item:2"), QStringLiteral("--json")});
        QCOMPARE(one.code, 0);
        const auto rows = nlohmann::json::parse(one.out.toStdString());
        QCOMPARE(rows.size(), size_t(1));
        QCOMPARE(rows[0]["subject_id"].get<std::string>(), std::string("2"));
        const Run type = clitest::sediment(
            m_ws, {QStringLiteral("audit"), QStringLiteral("--subject"), QStringLiteral("inbox_item")});
        QCOMPARE(type.code, 0);
        QCOMPARE(type.out.count('\n'), 4);
        QCOMPARE(clitest::sediment(m_ws, {QStringLiteral("audit"), QStringLiteral("--subject"), QStringLiteral("skill"),
                                          QStringLiteral("--json")})
                     .out,
                 QByteArray("[]\n"));
        QCOMPARE(
            clitest::sediment(m_ws, {QStringLiteral("audit"), QStringLiteral("--subject"), QStringLiteral(":3")}).code,
            2);
        // An item is named by its number; a word is a mistake, not a subject with no rows.
        const Run word = clitest::sediment(
            m_ws, {QStringLiteral("audit"), QStringLiteral("--subject"), QStringLiteral("inbox_item:abc")});
        QCOMPARE(word.code, 2);
        QVERIFY2(word.err.contains("audit: inbox_item ids are numbers (got 'abc')"), word.err.constData());
        // Every subject Sediment writes is known before it has a row.
        QCOMPARE(clitest::sediment(
                     m_ws, {QStringLiteral("audit"), QStringLiteral("--subject"), QStringLiteral("claude_memory")})
                     .code,
                 0);
    }

    // The human gate queues a pass in one row named by the range of the ids it queued; each
    // item's own history holds that row, and a later pass's reinforcement of it.
    void anItemsHistoryHoldsThePassThatQueuedIt()
    {
        QFile f(m_ws + QStringLiteral("/sediment.json"));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(R"({"gate":"human"})");
        f.close();
        const QByteArray three = R"({"target":"memory","op":{"action":"add","content":"p"}}
{"target":"memory","op":{"action":"add","content":"q"}}
{"target":"memory","op":{"action":"add","content":"r"}})";
        QCOMPARE(clitest::sediment(m_ws, {QStringLiteral("propose")}, three).code, 0);
        QCOMPARE(clitest::sediment(m_ws, {QStringLiteral("propose")},
                                   R"({"target":"memory","op":{"action":"add","content":"q"}})")
                     .code,
                 0);
        const auto historyOf = [&](const char* id) {
            const Run r =
                clitest::sediment(m_ws, {QStringLiteral("audit"), QStringLiteral("--subject"),
                                         QStringLiteral("inbox_item:") + QLatin1String(id), QStringLiteral("--json")});
            std::vector<std::string> actions;
            for (const auto& row : nlohmann::json::parse(r.out.toStdString()))
                actions.push_back(row["action"].get<std::string>());
            return actions;
        };
        QCOMPARE(historyOf("6"), (std::vector<std::string>{"proposal.queued", "proposal.reinforced"}));
        QCOMPARE(historyOf("7"), std::vector<std::string>{"proposal.queued"});
        QCOMPARE(historyOf("99"), std::vector<std::string>{});
    }

    void verifyReportsAnIntactChain()
    {
        const Run r = clitest::sediment(m_ws, {QStringLiteral("audit"), QStringLiteral("--verify")});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out, QByteArray("audit chain intact (4 rows)\n"));
    }

    void verifyNamesAForgedRow()
    {
        const QString db = m_ws + QStringLiteral("/sediment.db");
        // The trigger refuses edits; a forger with file access (or the server's owner role)
        // drops it first.
        QVERIFY(!sediment::test::execIn(db, "UPDATE audit_log SET reason='forged' WHERE seq=3").has_value());
        QVERIFY(sediment::test::execIn(
                    db, {"DROP TRIGGER audit_log_no_update", "DROP TRIGGER audit_log_no_update ON audit_log"})
                    .has_value());
        QVERIFY(sediment::test::execIn(db, "UPDATE audit_log SET reason='forged' WHERE seq=3").has_value());
        const Run r = clitest::sediment(m_ws, {QStringLiteral("audit"), QStringLiteral("--verify")});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.out.startsWith("audit chain broken at row 3: "), r.out.constData());
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY(r.err.contains("row 3"));
        const Run j =
            clitest::sediment(m_ws, {QStringLiteral("audit"), QStringLiteral("--verify"), QStringLiteral("--json")});
        QCOMPARE(j.code, 1);
        const auto report = nlohmann::json::parse(j.out.toStdString());
        QCOMPARE(report["intact"].get<bool>(), false);
        QCOMPARE(report["first_broken_row"].get<int>(), 3);
        const Run stats = clitest::sediment(m_ws, {QStringLiteral("stats"), QStringLiteral("--json")});
        QCOMPARE(nlohmann::json::parse(stats.out.toStdString())["audit"]["chain_intact"].get<bool>(), false);
    }
};

QTEST_GUILESS_MAIN(AuditCliTest)
#include "audit_cli_test.moc"
