#include "inbox/InboxUpkeep.h"
#include "InboxFixture.h"
#include "store/Database.h"
#include "store/InboxRepository.h"
#include "store/InboxTextIndex.h"
#include "TeamStore.h"

#include <QSignalSpy>
#include <QtTest>

using namespace sediment;
using namespace sediment::ui;

// The inbox's upkeep from the event loop: the intake filed into inbox_items first, then the
// free-text index caught up; slices sized to their cost, a failure reported and retried,
// nothing done when both are current.
class InboxUpkeepTest : public QObject {
    Q_OBJECT

    static InboxUpkeep::Pacing quick()
    {
        InboxUpkeep::Pacing p;
        p.sliceMs = 40;
        p.pauseMs = 0;
        p.retryMs = 50;
        p.busyWaitMs = 0;
        p.firstChunk = 100;
        p.minChunk = 50;
        p.maxChunk = 1000;
        return p;
    }

    static qint64 markOf(Workspace& ws)
    {
        InboxTextIndex index(ws.db());
        auto m = index.mark();
        return m ? *m : -1;
    }

private Q_SLOTS:
    void catchesUpInBoundedChunksThenFinishes()
    {
        if (sediment::test::onServer())
            QSKIP("SQLite's trigram index catch-up");
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        qint64 last = 0;
        for (int i = 0; i < 3000; ++i)
            last = fx.addMemory(QStringLiteral("lesson %1 about retries").arg(i));
        InboxUpkeep catchUp(fx.ws->db(), quick());
        QSignalSpy slices(&catchUp, &InboxUpkeep::sliceDone);
        QSignalSpy finished(&catchUp, &InboxUpkeep::finished);
        catchUp.start();
        QVERIFY(catchUp.isRunning());
        QVERIFY(finished.wait(10000));
        QVERIFY(!catchUp.isRunning());
        QCOMPARE(markOf(*fx.ws), last);
        QVERIFY(slices.size() >= 3);
        qint64 previous = quick().firstChunk;
        qint64 total = 0;
        for (const auto& args : slices) {
            const auto p = args.at(0).value<InboxTextIndex::Progress>();
            QVERIFY(p.indexed <= quick().maxChunk);
            QVERIFY(p.indexed <= 2 * previous); // a chunk at most doubles
            previous = std::max<qint64>(p.indexed, 1);
            total += p.indexed;
        }
        QCOMPARE(total, qint64(3000));
    }

    void filesTheIntakeFirstThenIndexesIt()
    {
        if (sediment::test::onServer())
            QSKIP("SQLite's trigram index catch-up");
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        const qint64 last = fx.fileMemories(QStringLiteral("filed lesson "), 2500);
        QCOMPARE(last, qint64(2500));
        InboxUpkeep upkeep(fx.ws->db(), quick());
        QSignalSpy filed(&upkeep, &InboxUpkeep::filed);
        QSignalSpy slices(&upkeep, &InboxUpkeep::sliceDone);
        QSignalSpy finished(&upkeep, &InboxUpkeep::finished);
        upkeep.start();
        QVERIFY(finished.wait(10000));
        QVERIFY(filed.size() >= 2); // the first chunk is 100 rows, at most doubling
        qint64 moved = 0;
        for (const auto& args : filed)
            moved += args.at(0).value<InboxStaging::Progress>().filed;
        QCOMPARE(moved, qint64(2500));
        QCOMPARE(filed.last().at(0).value<InboxStaging::Progress>().remaining, qint64(0));
        QCOMPARE(*InboxStaging(fx.ws->db()).hasRows(), false);
        QCOMPARE(*InboxRepository(fx.ws->db()).count(QStringLiteral("pending")), qint64(2500));
        QVERIFY(!slices.isEmpty());
        QCOMPARE(markOf(*fx.ws), last);
    }

    void aLockedDatabaseIsReportedAndRetriedUntilItWorks()
    {
        if (sediment::test::onServer())
            QSKIP("SQLite's trigram index catch-up");
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        const qint64 last = fx.addMemory(QStringLiteral("waiting for the lock"));
        auto other = sediment::test::openStore(fx.dir.filePath(QStringLiteral("sediment.db")));
        QVERIFY(other);
        auto held = (*other)->begin();
        QVERIFY(held);
        InboxUpkeep catchUp(fx.ws->db(), quick());
        QSignalSpy failed(&catchUp, &InboxUpkeep::failed);
        QSignalSpy finished(&catchUp, &InboxUpkeep::finished);
        catchUp.start();
        QVERIFY(failed.wait(2000));
        QVERIFY(!failed.first().at(0).toString().isEmpty());
        QCOMPARE(markOf(*fx.ws), qint64(0));
        QVERIFY(held->commit());
        QVERIFY(finished.wait(2000));
        QCOMPARE(markOf(*fx.ws), last);
    }

    void startDoesNothingWhenTheIndexIsCurrent()
    {
        if (sediment::test::onServer())
            QSKIP("SQLite's trigram index catch-up");
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        fx.addMemory(QStringLiteral("one"));
        InboxUpkeep catchUp(fx.ws->db(), quick());
        QSignalSpy finished(&catchUp, &InboxUpkeep::finished);
        catchUp.start();
        QVERIFY(finished.wait(2000));
        QSignalSpy slices(&catchUp, &InboxUpkeep::sliceDone);
        catchUp.start();
        QVERIFY(!catchUp.isRunning());
        QTest::qWait(50);
        QCOMPARE(slices.size(), 0);
    }
};

QTEST_MAIN(InboxUpkeepTest)
#include "inbox_upkeep_test.moc"
