// config.yaml's memory limits and write-approval gates, read as Hermes reads them: int() on
// both limits with every default back when either fails, the gate's truthy words, and Hermes'
// whole default configuration for a file that does not parse.
#include "ConfigYaml.h"

#include <QTemporaryDir>
#include <QTest>

using namespace sediment;

class HermesConfigMemoryTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    HermesConfig load(const QByteArray& yaml) { return test::loadConfigYaml(m_dir, yaml); }

private Q_SLOTS:
    void limitsAreWhatPythonIntReads_data()
    {
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<int>("limit");
        QTest::newRow("int") << QByteArray("300") << 300;
        QTest::newRow("float truncates") << QByteArray("300.9") << 300;
        QTest::newRow("negative is kept") << QByteArray("-5") << -5;
        QTest::newRow("quoted with blanks") << QByteArray("\" 500 \"") << 500;
        QTest::newRow("true is one") << QByteArray("true") << 1;
    }

    void limitsAreWhatPythonIntReads()
    {
        QFETCH(QByteArray, value);
        QFETCH(int, limit);
        const HermesConfig c = load("memory:\n  memory_char_limit: " + value + "\n  user_char_limit: 700\n");
        QCOMPARE(c.memoryCharLimit, std::optional<int>(limit));
        QCOMPARE(c.userCharLimit, std::optional<int>(700));
        QVERIFY2(c.problem.isEmpty(), qPrintable(c.problem));
    }

    void oneLimitIntCannotReadResetsBothLimitsAndTheFlags_data()
    {
        QTest::addColumn<QByteArray>("value");
        QTest::newRow("word") << QByteArray("lots");
        QTest::newRow("quoted float") << QByteArray("\"300.9\"");
        QTest::newRow("null") << QByteArray("null");
        QTest::newRow("list") << QByteArray("[1]");
    }

    void oneLimitIntCannotReadResetsBothLimitsAndTheFlags()
    {
        QFETCH(QByteArray, value);
        const HermesConfig c =
            load("memory:\n  memory_enabled: false\n  memory_char_limit: 900\n  user_char_limit: " + value + "\n");
        QVERIFY(!c.memoryCharLimit);
        QVERIFY(!c.userCharLimit);
        QVERIFY(c.memoryEnabled);
        QVERIFY(c.userProfileEnabled);
        QVERIFY2(c.problem.contains(QLatin1String("memory.user_char_limit is not an integer")), qPrintable(c.problem));
    }

    void writeApprovalTakesHermesTruthyWords_data()
    {
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<bool>("on");
        QTest::addColumn<bool>("warned");
        QTest::newRow("true") << QByteArray("true") << true << false;
        QTest::newRow("yes") << QByteArray("yes") << true << false;
        QTest::newRow("off") << QByteArray("off") << false << false;
        QTest::newRow("approve") << QByteArray("approve") << true << false;
        QTest::newRow("Enabled with blanks") << QByteArray("\" Enabled \"") << true << false;
        QTest::newRow("quoted one") << QByteArray("\"1\"") << true << false;
        QTest::newRow("quoted on") << QByteArray("'on'") << true << false;
        // Not a bool and not a str to Hermes' gate: off.
        QTest::newRow("bare one is an int") << QByteArray("1") << false << true;
        QTest::newRow("word") << QByteArray("maybe") << false << true;
        QTest::newRow("null") << QByteArray("null") << false << true;
    }

    void writeApprovalTakesHermesTruthyWords()
    {
        QFETCH(QByteArray, value);
        QFETCH(bool, on);
        QFETCH(bool, warned);
        const HermesConfig m = load("memory:\n  write_approval: " + value + "\n");
        QCOMPARE(m.writeApproval, std::optional<bool>(on));
        QCOMPARE(m.problem.contains(QLatin1String("memory.write_approval is not a boolean")), warned);
        const HermesConfig s = load("skills:\n  write_approval: " + value + "\n");
        QCOMPARE(s.skillsWriteApproval, std::optional<bool>(on));
        QCOMPARE(s.problem.contains(QLatin1String("skills.write_approval is not a boolean")), warned);
    }

    void aFileThatDoesNotParseIsHermesWholeDefaultConfiguration()
    {
        const HermesConfig c = load("memory:\n  memory_char_limit: 900\n  memory_enabled: false\n"
                                    "  write_approval: true\ncurator:\n  stale_after_days: 5\n"
                                    "  prune_builtins: false\nskills: {write_approval: true\n");
        QVERIFY(!c.memoryCharLimit);
        QVERIFY(!c.userCharLimit);
        QVERIFY(c.memoryEnabled);
        QVERIFY(c.userProfileEnabled);
        QVERIFY(!c.writeApproval);
        QVERIFY(!c.skillsWriteApproval);
        QCOMPARE(c.curatorStaleAfterDays, 14);
        QCOMPARE(c.curatorArchiveAfterDays, 30);
        QVERIFY(c.curatorPruneBuiltins);
        QVERIFY2(c.problem.contains(QLatin1String("malformed YAML")), qPrintable(c.problem));
    }
};

QTEST_GUILESS_MAIN(HermesConfigMemoryTest)
#include "hermes_config_memory_test.moc"
