// Reviewers walking the queue (core/inbox/InboxWalk): each `next` claims a different pending
// item, claims lapse, a decision ends one, and on a server two claimers at the same moment are
// kept apart by row locks without waiting (SKIP LOCKED). Runs on both stores.
#include "inbox/InboxService.h"
#include "inbox/InboxWalk.h"
#include "store/Database.h"
#include "store/InboxClaimRepository.h"
#include "store/InboxRepository.h"
#include "TeamStore.h"
#include "util/Clock.h"
#include "util/Time.h"
#include "workspace/Workspace.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace sediment;

class InboxWalkTest : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Workspace> m_ws;
    FixedClock m_clock{QDateTime(QDate(2026, 11, 22), QTime(6, 0), Qt::UTC)};

    std::unique_ptr<Workspace> open()
    {
        auto ws = sediment::test::openWorkspace(m_dir->path());
        if (!ws)
            qWarning("%s", qPrintable(ws.error().message));
        return ws ? std::move(*ws) : nullptr;
    }
    qint64 seed(const QString& destination, const QString& content, const QString& status = QStringLiteral("pending"))
    {
        InboxItem it;
        it.destination = destination;
        it.op = Json{{"action", "add"}, {"content", toStd(content)}};
        it.contentHash = destination + content;
        it.rationale = QStringLiteral("because");
        it.status = status;
        it.createdAt = QStringLiteral("2026-11-22T05:00:00.000Z");
        auto id = InboxRepository(m_ws->db()).insert(it);
        return id ? *id : -1;
    }
    qint64 next(const QString& reviewer, const InboxFilter& filter = {})
    {
        auto walked = InboxWalk(*m_ws, m_clock).next(reviewer, filter);
        if (!walked) {
            qWarning("%s", qPrintable(walked.error().message));
            return -1;
        }
        return walked->item ? walked->item->id : 0;
    }
    QString holderOf(qint64 id)
    {
        auto claim = InboxWalk(*m_ws, m_clock).holder(id);
        return claim && *claim ? (*claim)->reviewer : QString();
    }

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        m_ws = open();
        QVERIFY(m_ws);
    }
    void cleanup() { m_ws.reset(); }

    void eachReviewerGetsADifferentItemOldestFirst()
    {
        const qint64 done = seed(QStringLiteral("memory"), QStringLiteral("decided"), QStringLiteral("applied"));
        const qint64 a = seed(QStringLiteral("memory"), QStringLiteral("a"));
        const qint64 b = seed(QStringLiteral("user"), QStringLiteral("b"));
        const qint64 c = seed(QStringLiteral("memory"), QStringLiteral("c"));
        QVERIFY(done > 0);
        QCOMPARE(next(QStringLiteral("alice")), a);
        QCOMPARE(next(QStringLiteral("bob")), b);
        QCOMPARE(next(QStringLiteral("carol")), c);
        QCOMPARE(next(QStringLiteral("dave")), qint64(0)); // all three held
        QCOMPARE(holderOf(a), QStringLiteral("alice"));
        QCOMPARE(holderOf(b), QStringLiteral("bob"));
        auto walked = InboxWalk(*m_ws, m_clock).next(QStringLiteral("dave"));
        QVERIFY(walked.has_value());
        QCOMPARE(walked->heldByOthers, qint64(3));
    }

    void askingAgainMovesOnAndGivesThePreviousItemBack()
    {
        const qint64 a = seed(QStringLiteral("memory"), QStringLiteral("a"));
        const qint64 b = seed(QStringLiteral("memory"), QStringLiteral("b"));
        QCOMPARE(next(QStringLiteral("alice")), a);
        QCOMPARE(next(QStringLiteral("alice")), b); // a left undecided: moved past
        QCOMPARE(holderOf(a), QString());           // and given back
        QCOMPARE(next(QStringLiteral("bob")), a);
        QCOMPARE(next(QStringLiteral("alice")), b); // the end reached: from the start, a is bob's
    }

    void aDecisionEndsTheClaimAndTheWalkGoesOn()
    {
        const qint64 a = seed(QStringLiteral("memory"), QStringLiteral("first note"));
        const qint64 b = seed(QStringLiteral("memory"), QStringLiteral("second note"));
        QCOMPARE(next(QStringLiteral("alice")), a);
        auto decided =
            InboxService(*m_ws, m_clock).refuse(a, QStringLiteral("duplicate"), QString(), QStringLiteral("alice"));
        QVERIFY2(decided.has_value(), decided ? "" : qPrintable(decided.error().message));
        QCOMPARE(holderOf(a), QString()); // a decided item is held by nobody
        QCOMPARE(next(QStringLiteral("bob")), b);
        QCOMPARE(next(QStringLiteral("alice")), qint64(0));
    }

    void aClaimLapsesAndCanBeReleased()
    {
        const qint64 a = seed(QStringLiteral("memory"), QStringLiteral("a"));
        QCOMPARE(next(QStringLiteral("alice")), a);
        QCOMPARE(next(QStringLiteral("bob")), qint64(0));
        m_clock.set(m_clock.now().addSecs(qint64(InboxWalk::kLeaseMinutes) * 60));
        QCOMPARE(holderOf(a), QString());
        QCOMPARE(next(QStringLiteral("bob")), a); // alice walked away: the item is free again
        auto released = InboxWalk(*m_ws, m_clock).release(a, QStringLiteral("alice"));
        QVERIFY(released.has_value());
        QVERIFY(!*released); // alice held nothing any more
        released = InboxWalk(*m_ws, m_clock).release(a, QStringLiteral("bob"));
        QVERIFY(released.has_value());
        QVERIFY(*released);
        QCOMPARE(next(QStringLiteral("alice")), a);
    }

    void theQueryNarrowsTheWalk()
    {
        seed(QStringLiteral("memory"), QStringLiteral("a"));
        const qint64 b = seed(QStringLiteral("user"), QStringLiteral("prefers tabs"));
        const qint64 c = seed(QStringLiteral("user"), QStringLiteral("prefers dark mode"));
        auto filter = InboxQuery::parse(QStringLiteral("dest:user"));
        QVERIFY(filter.has_value());
        QCOMPARE(next(QStringLiteral("alice"), *filter), b);
        auto dark = InboxQuery::parse(QStringLiteral("dark"));
        QVERIFY(dark.has_value());
        QCOMPARE(next(QStringLiteral("bob"), *dark), c);
        QCOMPARE(next(QStringLiteral("carol"), *filter), qint64(0));
    }

    // The server's row locks: a claimer whose transaction is still open holds its candidate
    // locked; another claimer at that moment passes over it to the next item, without waiting.
    void claimersAtTheSameMomentSkipLockedRows()
    {
        if (!test::onServer())
            QSKIP("SQLite has one writer at a time: no two claims are ever open together");
        const qint64 a = seed(QStringLiteral("memory"), QStringLiteral("a"));
        const qint64 b = seed(QStringLiteral("memory"), QStringLiteral("b"));
        auto other = open();
        QVERIFY(other);
        const QString now = time::toIso(m_clock.now());
        const QString until = time::toIso(m_clock.now().addSecs(600));
        auto first = m_ws->db().beginClaim();
        QVERIFY(first.has_value());
        auto mine = InboxClaimRepository(m_ws->db()).claimNext(QStringLiteral("alice"), now, until, {});
        QVERIFY(mine.has_value() && *mine);
        QCOMPARE(**mine, a);
        // alice's transaction is open: a's row is locked, and its claim not yet visible.
        QElapsedTimer waited;
        waited.start();
        auto second = other->db().beginClaim();
        QVERIFY(second.has_value());
        auto theirs = InboxClaimRepository(other->db()).claimNext(QStringLiteral("bob"), now, until, {});
        QVERIFY2(theirs.has_value(), theirs ? "" : qPrintable(theirs.error().message));
        QVERIFY(*theirs);
        QCOMPARE(**theirs, b);
        QVERIFY(second->commit().has_value());
        QVERIFY(waited.elapsed() < 5000); // passed over, not waited for (the lock is held for good)
        QVERIFY(first->commit().has_value());
        QCOMPARE(holderOf(a), QStringLiteral("alice"));
        QCOMPARE(holderOf(b), QStringLiteral("bob"));
    }

    // A claim committed after a claimer's snapshot is not overwritten: the claimer comes back
    // empty-handed and InboxWalk asks again.
    void aClaimCommittedMeanwhileIsKept()
    {
        const qint64 a = seed(QStringLiteral("memory"), QStringLiteral("a"));
        const QString now = time::toIso(m_clock.now());
        const QString until = time::toIso(m_clock.now().addSecs(600));
        InboxClaimRepository claims(m_ws->db());
        {
            auto tx = m_ws->db().beginClaim();
            QVERIFY(tx.has_value());
            QCOMPARE(claims.claimNext(QStringLiteral("alice"), now, until, {}).value_or(std::nullopt),
                     std::optional<qint64>(a));
            QVERIFY(tx->commit().has_value());
        }
        // bob's statement finds a held: nothing for him, and alice keeps it.
        {
            auto tx = m_ws->db().beginClaim();
            QVERIFY(tx.has_value());
            QCOMPARE(claims.claimNext(QStringLiteral("bob"), now, until, {}).value_or(std::optional<qint64>(-1)),
                     std::optional<qint64>());
            QVERIFY(tx->commit().has_value());
        }
        QCOMPARE(holderOf(a), QStringLiteral("alice"));
    }
};

QTEST_GUILESS_MAIN(InboxWalkTest)
#include "inbox_walk_test.moc"
