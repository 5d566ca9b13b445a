#include "CliRun.h"
#include "TeamStore.h"

#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using Json = nlohmann::ordered_json;

class DecisionsCliTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_ws;

    using Run = clitest::Run;

    Run sediment(const QStringList& args, const QByteArray& input = {})
    {
        return clitest::sediment(m_ws.path(), args, input);
    }

private Q_SLOTS:
    void init()
    {
        sediment::test::removeStore(m_ws.filePath(QStringLiteral("sediment.db"))); // the file, or the server schema
        QFile::remove(m_ws.filePath(QStringLiteral("sediment.db-wal")));
        QFile::remove(m_ws.filePath(QStringLiteral("sediment.db-shm")));
    }

    void calibrationOfAnEmptySetIsNullWithAReason()
    {
        const Run r = sediment({QStringLiteral("decisions"), QStringLiteral("calibration"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const Json j = r.json();
        QCOMPARE(j["reviewed"].get<int>(), 0);
        QVERIFY(j["brier"].is_null() && j["accuracy"].is_null() && j["ece"].is_null());
        QVERIFY(j.contains("reason"));
    }

    void importReviewAndCalibrateAsSpecified()
    {
        const QByteArray lines =
            "{\"description\":\"a\",\"confidence\":0.1,\"category\":\"architecture\",\"stakes\":\"low\",\"outcome\":"
            "\"success\"}\n"
            "{\"description\":\"b\",\"confidence\":0.3,\"category\":\"process\",\"stakes\":\"low\",\"outcome\":"
            "\"failure\"}\n"
            "{\"description\":\"c\",\"confidence\":1.0,\"category\":\"architecture\",\"stakes\":\"low\",\"outcome\":"
            "\"success\"}\n"
            "{\"description\":\"d\",\"confidence\":0.7,\"category\":\"tooling\",\"stakes\":\"low\",\"outcome\":"
            "\"partial\"}\n"
            "{\"description\":\"abandoned\",\"confidence\":0.0,\"category\":\"architecture\",\"stakes\":\"low\","
            "\"outcome\":\"failure\"}\n"
            "{\"description\":\"f\",\"confidence\":0.6,\"category\":\"process\",\"stakes\":\"low\",\"outcome\":"
            "\"noise\"}\n"
            "{\"description\":\"g\",\"confidence\":0.8,\"category\":\"tooling\",\"stakes\":\"low\",\"outcome\":"
            "\"superseded\"}\n"
            "{\"description\":\"h\",\"confidence\":0.9,\"category\":\"architecture\",\"stakes\":\"high\"}\n"
            "{\"description\":\"i\",\"confidence\":0.35,\"category\":\"process\",\"stakes\":\"low\"}\n"
            "{\"description\":\"j\",\"confidence\":0.0,\"category\":\"architecture\",\"stakes\":\"low\",\"outcome\":"
            "\"success\"}\n";
        Run r = sediment(
            {QStringLiteral("decisions"), QStringLiteral("import"), QStringLiteral("-"), QStringLiteral("--json")},
            lines);
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["imported"].get<int>(), 10);
        r = sediment({QStringLiteral("decisions"), QStringLiteral("review"), QStringLiteral("9"),
                      QStringLiteral("--outcome"), QStringLiteral("success"), QStringLiteral("--result"),
                      QStringLiteral("shipped"), QStringLiteral("--reviewer"), QStringLiteral("tim"),
                      QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["reviewer"].get<std::string>(), std::string("tim"));
        QCOMPARE(r.json()["outcome_text"].get<std::string>(), std::string("shipped"));

        r = sediment({QStringLiteral("decisions"), QStringLiteral("calibration"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        const Json j = r.json();
        std::vector<std::string> keys;
        for (const auto& [k, v] : j.items())
            keys.push_back(k);
        QCOMPARE(keys, (std::vector<std::string>{"reviewed", "brier", "accuracy", "ece", "bins", "by_category"}));
        QCOMPARE(j["reviewed"].get<int>(), 6);
        QVERIFY(qAbs(j["brier"].get<double>() - 2.3625 / 6) < 1e-9);
        QVERIFY(qAbs(j["accuracy"].get<double>() - 0.5) < 1e-9);
        QVERIFY(qAbs(j["ece"].get<double>() - 3.05 / 6) < 1e-9);
        QCOMPARE(j["bins"][0]["bin"].get<int>(), 0);
        QCOMPARE(j["bins"][0]["count"].get<int>(), 2);
        QCOMPARE(j["bins"][1]["bin"].get<int>(), 2); // 0.3 sits on an edge and goes low
        QCOMPARE(j["bins"][4]["bin"].get<int>(), 9); // 1.0 goes to the last bin
        QCOMPARE(j["by_category"]["tooling"]["count"].get<int>(), 1);
    }

    void importErrorsNameTheLineAndStoreNothing()
    {
        const QByteArray lines =
            "{\"description\":\"a\",\"confidence\":0.5,\"category\":\"process\",\"stakes\":\"low\"}\n"
            "{\"description\":\"b\",\"confidence\":0.5,\"category\":\"gardening\",\"stakes\":\"low\"}\n";
        Run r = sediment({QStringLiteral("decisions"), QStringLiteral("import"), QStringLiteral("-")}, lines);
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY(r.err.contains("line 2: unknown category 'gardening'"));
        r = sediment({QStringLiteral("decisions"), QStringLiteral("list"), QStringLiteral("--json")});
        QVERIFY(r.json().empty());
        r = sediment({QStringLiteral("decisions"), QStringLiteral("review"), QStringLiteral("1"),
                      QStringLiteral("--outcome"), QStringLiteral("success")});
        QCOMPARE(r.code, 2);
    }

    void aMissingOrUnknownSubcommandListsTheAcceptedOnes()
    {
        Run r = sediment({QStringLiteral("decisions")});
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err, QByteArray("sediment: decisions: a subcommand is required (accepted: import, list, show, "
                                   "review, calibration, snapshot, snapshots, auto-review, escalation)\n"));
        r = sediment({QStringLiteral("decisions"), QStringLiteral("lsit")});
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err, QByteArray("sediment: decisions: unknown subcommand 'lsit' (accepted: import, list, show, "
                                   "review, calibration, snapshot, snapshots, auto-review, escalation)\n"));
    }

    void snapshotsAreWrittenAndListed()
    {
        QByteArray lines;
        for (int i = 0; i < 12; ++i)
            lines += "{\"description\":\"x\",\"confidence\":0.8,\"category\":\"security\",\"stakes\":\"medium\"}\n";
        QCOMPARE(sediment({QStringLiteral("decisions"), QStringLiteral("import"), QStringLiteral("-")}, lines).code, 0);
        for (int i = 1; i <= 10; ++i) {
            const Run r = sediment(
                {QStringLiteral("decisions"), QStringLiteral("review"), QString::number(i), QStringLiteral("--outcome"),
                 i % 2 ? QStringLiteral("success") : QStringLiteral("failure"), QStringLiteral("--json")});
            QCOMPARE(r.code, 0);
            QCOMPARE(r.json()["snapshot"].is_null(), i != 10);
        }
        QCOMPARE(sediment({QStringLiteral("decisions"), QStringLiteral("snapshot"), QStringLiteral("--now"),
                           QStringLiteral("2026-07-01T00:00:00Z"), QStringLiteral("--json")})
                     .code,
                 0);
        const Run list = sediment({QStringLiteral("decisions"), QStringLiteral("snapshots"), QStringLiteral("--json")});
        QCOMPARE(list.code, 0);
        QCOMPARE(int(list.json().size()), 2);
        QCOMPARE(list.json()[0]["reviewed"].get<int>(), 10);
        QVERIFY(qAbs(list.json()[0]["brier"].get<double>() - (5 * 0.04 + 5 * 0.64) / 10) < 1e-9);
    }

    void escalationListsOldUnreviewedHighStakes()
    {
        const QByteArray lines = "{\"description\":\"risky\",\"confidence\":0.5,\"category\":\"security\",\"stakes\":"
                                 "\"critical\",\"created_at\":\"2026-05-01T00:00:00Z\"}\n"
                                 "{\"description\":\"recent\",\"confidence\":0.5,\"category\":\"security\",\"stakes\":"
                                 "\"high\",\"created_at\":\"2026-05-25T00:00:00Z\"}\n";
        QCOMPARE(sediment({QStringLiteral("decisions"), QStringLiteral("import"), QStringLiteral("-")}, lines).code, 0);
        const Run r = sediment({QStringLiteral("decisions"), QStringLiteral("escalation"), QStringLiteral("--now"),
                                QStringLiteral("2026-06-01T00:00:00Z"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QCOMPARE(int(r.json().size()), 1);
        QCOMPARE(r.json()[0]["description"].get<std::string>(), std::string("risky"));
        // The same list as lines: one a decision, with when it was made.
        const Run text = sediment({QStringLiteral("decisions"), QStringLiteral("escalation"), QStringLiteral("--now"),
                                   QStringLiteral("2026-06-01T00:00:00Z")});
        QVERIFY2(text.code == 0, text.err.constData());
        QVERIFY2(text.out.contains("[security/critical] conf 0.5 pending: risky (made 2026-05-01T00:00:00"),
                 text.out.constData());
        QCOMPARE(text.out.count('\n'), 1);
    }

    void autoReviewUsesTheFileSignal()
    {
        const QByteArray lines = "{\"description\":\"write "
                                 "docs/"
                                 "plan.md\",\"confidence\":0.6,\"category\":\"process\",\"stakes\":\"low\",\"created_"
                                 "at\":\"2020-01-01T00:00:00Z\"}\n";
        QCOMPARE(sediment({QStringLiteral("decisions"), QStringLiteral("import"), QStringLiteral("-")}, lines).code, 0);
        QDir(m_ws.path()).mkpath(QStringLiteral("docs"));
        QFile f(m_ws.filePath(QStringLiteral("docs/plan.md")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("plan");
        f.close();
        const Run r = sediment({QStringLiteral("decisions"), QStringLiteral("auto-review"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json()["reviewed"].get<int>(), 1);
        const Run d = sediment(
            {QStringLiteral("decisions"), QStringLiteral("show"), QStringLiteral("1"), QStringLiteral("--json")});
        QCOMPARE(d.json()["outcome"].get<std::string>(), std::string("success"));
        QCOMPARE(d.json()["reviewer"].get<std::string>(), std::string("auto"));
    }
};

QTEST_GUILESS_MAIN(DecisionsCliTest)
#include "decisions_cli_test.moc"
