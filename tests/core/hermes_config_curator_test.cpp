// config.yaml's curator.* keys, read as Hermes' curator reads them (int() and bool() on what
// PyYAML makes of the text), with Hermes' defaults and fallbacks.
#include "ConfigYaml.h"

#include <QTemporaryDir>
#include <QTest>

using namespace sediment;

class HermesConfigCuratorTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    HermesConfig load(const QByteArray& yaml) { return test::loadConfigYaml(m_dir, yaml); }

private Q_SLOTS:
    void absentKeysGiveHermesShippedDefaults()
    {
        for (const QByteArray& yaml : {QByteArray("memory:\n  memory_char_limit: 3000\n"), QByteArray("curator:\n"),
                                       QByteArray("curator:\n  enabled: true\n")}) {
            const HermesConfig c = load(yaml);
            QCOMPARE(c.curatorStaleAfterDays, 14);
            QCOMPARE(c.curatorArchiveAfterDays, 30);
            QVERIFY(c.curatorPruneBuiltins);
        }
        const HermesConfig none = HermesConfig::load(m_dir.filePath(QStringLiteral("missing.yaml")));
        QCOMPARE(none.curatorStaleAfterDays, 14);
        QCOMPARE(none.curatorArchiveAfterDays, 30);
    }

    void readsNumbersAsPythonIntDoes_data()
    {
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<int>("days");
        QTest::newRow("int") << QByteArray("7") << 7;
        QTest::newRow("quoted int") << QByteArray("\"21\"") << 21;
        QTest::newRow("quoted with blanks") << QByteArray("\" 9 \"") << 9;
        QTest::newRow("float truncates") << QByteArray("20.9") << 20;
        QTest::newRow("negative float") << QByteArray("-1.5") << -1;
        QTest::newRow("underscores") << QByteArray("1_0") << 10;
        QTest::newRow("hex") << QByteArray("0x10") << 16;
        QTest::newRow("octal") << QByteArray("010") << 8;
        QTest::newRow("true is one") << QByteArray("true") << 1;
        QTest::newRow("no is zero") << QByteArray("no") << 0;
        // Not a number to int(): the curator's own fallback.
        QTest::newRow("word") << QByteArray("soon") << 30;
        QTest::newRow("quoted float") << QByteArray("\"20.5\"") << 30;
        QTest::newRow("null") << QByteArray("null") << 30;
        QTest::newRow("empty") << QByteArray("") << 30;
        QTest::newRow("list") << QByteArray("[1]") << 30;
        QTest::newRow("huge") << QByteArray("99999999999") << 30;
    }

    void readsNumbersAsPythonIntDoes()
    {
        QFETCH(QByteArray, value);
        QFETCH(int, days);
        const HermesConfig c = load("curator:\n  stale_after_days: " + value + "\n");
        QCOMPARE(c.curatorStaleAfterDays, days);
        QCOMPARE(c.curatorArchiveAfterDays, 30);
        const HermesConfig a = load("curator:\n  archive_after_days: " + value + "\n");
        QCOMPARE(a.curatorArchiveAfterDays, days == 30 ? 90 : days);
    }

    void pruneBuiltinsIsPythonTruthiness_data()
    {
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<bool>("prune");
        QTest::newRow("false") << QByteArray("false") << false;
        QTest::newRow("off") << QByteArray("off") << false;
        QTest::newRow("zero") << QByteArray("0") << false;
        QTest::newRow("null") << QByteArray("null") << false;
        QTest::newRow("empty string") << QByteArray("\"\"") << false;
        QTest::newRow("empty list") << QByteArray("[]") << false;
        QTest::newRow("true") << QByteArray("true") << true;
        QTest::newRow("quoted false is a non-empty str") << QByteArray("\"false\"") << true;
        QTest::newRow("half") << QByteArray("0.5") << true;
    }

    void pruneBuiltinsIsPythonTruthiness()
    {
        QFETCH(QByteArray, value);
        QFETCH(bool, prune);
        QCOMPARE(load("curator:\n  prune_builtins: " + value + "\n").curatorPruneBuiltins, prune);
    }

    void aCuratorThatIsNotAMappingOrABrokenFileFallsBack()
    {
        const HermesConfig text = load("curator: weekly\n");
        QCOMPARE(text.curatorStaleAfterDays, 30);
        QCOMPARE(text.curatorArchiveAfterDays, 90);
        QVERIFY(text.curatorPruneBuiltins);
        // Hermes' load_config keeps its whole default configuration when the file does not
        // parse: the curator then reads the shipped defaults, not its own fallbacks.
        const HermesConfig broken = load("curator: {stale_after_days: 5\n");
        QCOMPARE(broken.curatorStaleAfterDays, 14);
        QCOMPARE(broken.curatorArchiveAfterDays, 30);
        QVERIFY(!broken.problem.isEmpty());
    }
};

QTEST_GUILESS_MAIN(HermesConfigCuratorTest)
#include "hermes_config_curator_test.moc"
