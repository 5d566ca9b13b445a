// A bounded kill -9 run for CI: 200 kills spread over every journaled path must leave zero
// disagreements between files and database. The benchmark crash_bench runs 2,000.
#include "CrashHarness.h"

#include <QTest>

class KillNineTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void twoHundredKillsLeaveFilesAndDecisionsAgreeing()
    {
        crash::Harness harness(20261123);
        QVERIFY(harness.setUp(40));
        std::map<QString, crash::PathTally> tally;
        int kills = 0;
        for (int run = 0; kills < 200 && run < 1000; ++run) {
            const QString path = crash::Harness::paths()[run % crash::Harness::paths().size()];
            crash::PathTally& t = tally[path];
            const int before = t.kills;
            QVERIFY(harness.runOnce(path, t));
            kills += t.kills - before;
        }
        int disagreements = 0;
        for (const auto& [path, t] : tally) {
            qInfo("%-13s runs %4d kills %4d disagreements %d", qPrintable(path), t.runs, t.kills, t.disagreements);
            disagreements += t.disagreements;
        }
        for (const QString& n : harness.notes().mid(0, 20))
            qWarning("%s", qPrintable(n));
        QVERIFY(kills >= 200);
        QCOMPARE(disagreements, 0);
    }
};

QTEST_GUILESS_MAIN(KillNineTest)
#include "kill_nine_test.moc"
