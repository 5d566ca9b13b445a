#include "FreshDatabase.h"
#include "scars/ScarBook.h"
#include "scars/ScarRecall.h"
#include "store/Database.h"
#include "store/ScarRepository.h"
#include "util/Time.h"

#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

using namespace sediment;

class RecallRankingTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<Database> m_db;
    FixedClock m_clock{QDateTime(QDate(2026, 6, 1), QTime(12, 0), Qt::UTC)};

    qint64 addScar(const QString& title, const QString& lesson, int importance, int ageDays,
                   const QString& scope = QStringLiteral("general"))
    {
        Scar s;
        s.title = title;
        s.lesson = lesson;
        s.importance = importance;
        s.scope = scope;
        s.createdAt = time::toIso(m_clock.now().addDays(-ageDays));
        auto stored = ScarBook(*m_db, m_clock, QStringLiteral("cli:test")).add(s);
        if (!stored)
            qFatal("add failed");
        return stored->id;
    }

    std::vector<qint64> order(const std::vector<ScarRecall::Hit>& hits)
    {
        std::vector<qint64> ids;
        for (const auto& h : hits)
            ids.push_back(h.scar.id);
        return ids;
    }

private Q_SLOTS:
    void init() { test::reopenFreshDatabase(m_dir, m_db, QStringLiteral("s.db")); }

    void importanceLiftsAnEquallyMatchingScar()
    {
        const qint64 minor = addScar(QStringLiteral("migration lock timeout"), QStringLiteral("retry"), 0, 10);
        const qint64 major = addScar(QStringLiteral("migration lock timeout"), QStringLiteral("retry"), 10, 10);
        auto hits = ScarRecall(*m_db, m_clock).recall(QStringLiteral("migration lock"), {}, 5);
        QVERIFY(hits);
        QCOMPARE(order(*hits), (std::vector<qint64>{major, minor}));
        QVERIFY(qAbs((*hits)[0].score / (*hits)[1].score - 2.0) < 1e-9);
        QCOMPARE((*hits)[0].similarity, 1.0);
    }

    void ageSinksAnOldScarBelowAFreshOne()
    {
        const qint64 old = addScar(QStringLiteral("cache invalidation bug"), QStringLiteral("x"), 8, 1000);
        const qint64 fresh = addScar(QStringLiteral("cache invalidation bug"), QStringLiteral("x"), 5, 1);
        auto hits = ScarRecall(*m_db, m_clock).recall(QStringLiteral("cache invalidation"), {}, 5);
        QVERIFY(hits);
        QCOMPARE(order(*hits), (std::vector<qint64>{fresh, old}));
        QVERIFY(qAbs((*hits)[1].recencyFactor - std::exp(-1000.0 / 365.0)) < 1e-9);
        QVERIFY(qAbs((*hits)[1].ageDays - 1000.0) < 1e-9);
    }

    void betterTextMatchWinsWhenImportanceAndAgeAreEqual()
    {
        const qint64 weak =
            addScar(QStringLiteral("deploy script"), QStringLiteral("unrelated words here and there"), 5, 5);
        const qint64 strong =
            addScar(QStringLiteral("deploy rollback deploy"), QStringLiteral("rollback the deploy"), 5, 5);
        addScar(QStringLiteral("nothing to see"), QStringLiteral("other"), 5, 5);
        auto hits = ScarRecall(*m_db, m_clock).recall(QStringLiteral("deploy rollback"), {}, 5);
        QVERIFY(hits);
        QCOMPARE(order(*hits), (std::vector<qint64>{strong, weak}));
        QVERIFY((*hits)[1].similarity > 0 && (*hits)[1].similarity < 1);
    }

    void scopeFiltersAndKLimits()
    {
        for (int i = 0; i < 8; ++i)
            addScar(QStringLiteral("flaky test %1").arg(i), QStringLiteral("pin the seed"), i, i,
                    i % 2 ? QStringLiteral("ci") : QStringLiteral("general"));
        auto ci = ScarRecall(*m_db, m_clock).recall(QStringLiteral("flaky"), QStringLiteral("ci"), 10);
        QVERIFY(ci);
        QCOMPARE(int(ci->size()), 4);
        for (const auto& h : *ci)
            QCOMPARE(h.scar.scope, QStringLiteral("ci"));
        auto top = ScarRecall(*m_db, m_clock).recall(QStringLiteral("flaky"), QStringLiteral("all"), 3);
        QVERIFY(top);
        QCOMPARE(int(top->size()), 3);
    }

    void bumpsOnlyWhatWasServed()
    {
        const qint64 a = addScar(QStringLiteral("quota exceeded"), QStringLiteral("x"), 9, 1);
        const qint64 b = addScar(QStringLiteral("quota exceeded again"), QStringLiteral("x"), 1, 300);
        const qint64 other = addScar(QStringLiteral("unrelated"), QStringLiteral("x"), 9, 1);
        auto hits = ScarRecall(*m_db, m_clock).recall(QStringLiteral("quota"), {}, 1);
        QVERIFY(hits);
        QCOMPARE(order(*hits), (std::vector<qint64>{a}));
        ScarRepository repo(*m_db);
        QCOMPARE((*repo.get(a))->recallCount, 1);
        QCOMPARE(*(*repo.get(a))->lastRecalledAt, time::toIso(m_clock.now()));
        QCOMPARE((*repo.get(b))->recallCount, 0);
        QVERIFY(!(*repo.get(b))->lastRecalledAt);
        QCOMPARE((*repo.get(other))->recallCount, 0);
        QVERIFY(ScarRecall(*m_db, m_clock).recall(QStringLiteral("quota"), {}, 1));
        QCOMPARE((*repo.get(a))->recallCount, 2);
        QVERIFY(ScarRecall(*m_db, m_clock).recall(QStringLiteral("quota"), {}, 1, false));
        QCOMPARE((*repo.get(a))->recallCount, 2);
    }

    void archivedScarsAreNotRecalled()
    {
        const qint64 id = addScar(QStringLiteral("stale credentials"), QStringLiteral("x"), 5, 500);
        auto archived = ScarBook(*m_db, m_clock, QStringLiteral("cli:test")).archiveUnrecalled(30, false);
        QVERIFY(archived);
        QCOMPARE(int(archived->size()), 1);
        QCOMPARE(archived->front().id, id);
        auto hits = ScarRecall(*m_db, m_clock).recall(QStringLiteral("credentials"), {}, 5);
        QVERIFY(hits);
        QVERIFY(hits->empty());
    }

    void archiveUnrecalledNeverTouchesARecalledScar()
    {
        const qint64 recalled = addScar(QStringLiteral("disk full"), QStringLiteral("x"), 5, 400);
        const qint64 forgotten = addScar(QStringLiteral("printer jam"), QStringLiteral("x"), 5, 400);
        const qint64 young = addScar(QStringLiteral("paper jam"), QStringLiteral("x"), 5, 3);
        QVERIFY(ScarRecall(*m_db, m_clock).recall(QStringLiteral("disk"), {}, 5));
        auto plan = ScarBook(*m_db, m_clock, QStringLiteral("cli:test")).archiveUnrecalled(90, true);
        QVERIFY(plan);
        QCOMPARE(int(plan->size()), 1);
        ScarRepository repo(*m_db);
        QVERIFY(!(*repo.get(forgotten))->archived); // dry run wrote nothing
        auto done = ScarBook(*m_db, m_clock, QStringLiteral("cli:test")).archiveUnrecalled(90, false);
        QVERIFY(done);
        QCOMPARE(int(done->size()), 1);
        QCOMPARE(done->front().id, forgotten);
        QVERIFY((*repo.get(forgotten))->archived);
        QVERIFY(!(*repo.get(recalled))->archived);
        QVERIFY(!(*repo.get(young))->archived);
        auto audit = m_db->prepare("SELECT COUNT(*) FROM audit_log WHERE action = 'scar.archive'");
        QVERIFY(audit && *audit->step());
        QCOMPARE(audit->int64(0), qint64(1));
    }

    void rejectsAQueryWithoutWordsAndABadK()
    {
        QVERIFY(!ScarRecall(*m_db, m_clock).recall(QStringLiteral("  \"*) "), {}, 5));
        QVERIFY(!ScarRecall(*m_db, m_clock).recall(QStringLiteral("disk"), {}, 0));
    }

    void queryOperatorsAreSearchedAsWords()
    {
        addScar(QStringLiteral("NEAR miss with OR gate"), QStringLiteral("x"), 5, 1);
        auto hits = ScarRecall(*m_db, m_clock).recall(QStringLiteral("NEAR( OR \"gate"), {}, 5);
        QVERIFY(hits);
        QCOMPARE(int(hits->size()), 1);
    }
};

QTEST_GUILESS_MAIN(RecallRankingTest)
#include "recall_ranking_test.moc"
