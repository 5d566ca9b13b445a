#include "InboxFixture.h"
#include "pages/InboxTextCatchUp.h"
#include "store/Database.h"
#include "store/InboxTextIndex.h"

#include <QSignalSpy>
#include <QtTest>

using namespace sediment;
using namespace sediment::ui;

// The free-text index's catch-up from the event loop: slices sized to their cost, a failure
// reported and retried, nothing done when the index is current.
class InboxTextCatchUpTest : public QObject {
    Q_OBJECT

    static InboxTextCatchUp::Pacing quick()
    {
        InboxTextCatchUp::Pacing p;
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
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        qint64 last = 0;
        for (int i = 0; i < 3000; ++i)
            last = fx.addMemory(QStringLiteral("lesson %1 about retries").arg(i));
        InboxTextCatchUp catchUp(fx.ws->db(), quick());
        QSignalSpy slices(&catchUp, &InboxTextCatchUp::sliceDone);
        QSignalSpy finished(&catchUp, &InboxTextCatchUp::finished);
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

    void aLockedDatabaseIsReportedAndRetriedUntilItWorks()
    {
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        const qint64 last = fx.addMemory(QStringLiteral("waiting for the lock"));
        auto other = Database::open(fx.dir.filePath(QStringLiteral("sediment.db")));
        QVERIFY(other);
        auto held = (*other)->begin();
        QVERIFY(held);
        InboxTextCatchUp catchUp(fx.ws->db(), quick());
        QSignalSpy failed(&catchUp, &InboxTextCatchUp::failed);
        QSignalSpy finished(&catchUp, &InboxTextCatchUp::finished);
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
        testing::InboxFixture fx;
        QVERIFY(fx.open());
        fx.addMemory(QStringLiteral("one"));
        InboxTextCatchUp catchUp(fx.ws->db(), quick());
        QSignalSpy finished(&catchUp, &InboxTextCatchUp::finished);
        catchUp.start();
        QVERIFY(finished.wait(2000));
        QSignalSpy slices(&catchUp, &InboxTextCatchUp::sliceDone);
        catchUp.start();
        QVERIFY(!catchUp.isRunning());
        QTest::qWait(50);
        QCOMPARE(slices.size(), 0);
    }
};

QTEST_MAIN(InboxTextCatchUpTest)
#include "inbox_text_catch_up_test.moc"
