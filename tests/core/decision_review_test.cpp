#include "decisions/AutoReviewer.h"
#include "decisions/CalibrationSnapshots.h"
#include "decisions/DecisionBook.h"
#include "decisions/EscalationList.h"
#include "FreshDatabase.h"
#include "store/Database.h"
#include "store/DecisionRepository.h"
#include "util/Time.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>

using namespace sediment;

class DecisionReviewTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<Database> m_db;
    FixedClock m_clock{QDateTime(QDate(2026, 6, 1), QTime(12, 0), Qt::UTC)};

    qint64 count(const char* sql)
    {
        auto st = m_db->prepare(sql);
        if (!st || !st->step())
            return -1;
        return st->int64(0);
    }

    Result<DecisionBook::Imported> import(const QByteArray& lines)
    {
        return DecisionBook(*m_db, m_clock, QStringLiteral("cli:test")).importLines(lines);
    }

private Q_SLOTS:
    void init() { test::reopenFreshDatabase(m_dir, m_db, QStringLiteral("d.db")); }

    void importsReviewedAndPendingLines()
    {
        auto out = import("{\"id\":\"a1\",\"description\":\"use WAL\",\"confidence\":0.8,\"category\":\"architecture\","
                          "\"stakes\":\"high\",\"outcome\":\"success\",\"result\":\"fine\",\"reviewer\":\"tim\"}\n"
                          "\n"
                          "{\"description\":\"try fts\",\"confidence\":0.4,\"category\":\"tooling\",\"stakes\":\"low\","
                          "\"created_at\":\"2026-05-01T10:00:00+02:00\",\"session\":\"s9\"}\n");
        QVERIFY(out);
        QCOMPARE(out->imported, qint64(2));
        QCOMPARE(out->reviewed, qint64(1));
        auto d = DecisionRepository(*m_db).get(2);
        QVERIFY(d && *d);
        QCOMPARE((*d)->createdAt, QStringLiteral("2026-05-01T08:00:00.000Z"));
        QCOMPARE((*d)->outcome, QStringLiteral("pending"));
        auto first = DecisionRepository(*m_db).get(1);
        QCOMPARE(*(*first)->outcomeText, QStringLiteral("fine"));
        QVERIFY((*first)->reviewedAt);
        // The same agent id again is skipped, not duplicated.
        auto again = import("{\"id\":\"a1\",\"description\":\"use WAL\",\"confidence\":0.8,"
                            "\"category\":\"architecture\",\"stakes\":\"high\"}");
        QVERIFY(again);
        QCOMPARE(again->skipped, qint64(1));
        QCOMPARE(count("SELECT COUNT(*) FROM decisions"), qint64(2));
    }

    void unknownValuesAreErrorsNamingTheLineAndStoreNothing()
    {
        const QByteArray good =
            "{\"description\":\"x\",\"confidence\":0.5,\"category\":\"process\",\"stakes\":\"low\"}\n";
        struct Case {
            QByteArray line;
            QString expected;
        };
        const Case cases[] = {
            {"{\"description\":\"x\",\"confidence\":0.5,\"category\":\"vibes\",\"stakes\":\"low\"}",
             QStringLiteral("line 2: unknown category 'vibes'")},
            {"{\"description\":\"x\",\"confidence\":0.5,\"category\":\"process\",\"stakes\":\"huge\"}",
             QStringLiteral("line 2: unknown stakes 'huge'")},
            {"{\"description\":\"x\",\"confidence\":0.5,\"category\":\"process\",\"outcome\":\"meh\"}",
             QStringLiteral("line 2: unknown outcome 'meh'")},
            {"{\"description\":\"x\",\"confidence\":1.5,\"category\":\"process\"}",
             QStringLiteral("line 2: confidence must be a number in [0,1]")},
            {"{not json", QStringLiteral("line 2: not valid JSON")},
        };
        for (const Case& c : cases) {
            auto out = import(good + c.line + '\n' + good);
            QVERIFY(!out);
            QCOMPARE(out.error().kind, ErrorKind::Invalid);
            QVERIFY2(out.error().message.startsWith(c.expected), qPrintable(out.error().message));
        }
        QCOMPARE(count("SELECT COUNT(*) FROM decisions"), qint64(0));
        QCOMPARE(count("SELECT COUNT(*) FROM audit_log"), qint64(0));
    }

    void reviewRecordsOutcomeReviewerAndAudit()
    {
        QVERIFY(import("{\"description\":\"x\",\"confidence\":0.9,\"category\":\"security\",\"stakes\":\"critical\"}"));
        DecisionBook::Review r{1,
                               QStringLiteral("partial"),
                               QStringLiteral("half done"),
                               QStringLiteral("tim"),
                               std::nullopt,
                               Json::object()};
        auto out = DecisionBook(*m_db, m_clock, QStringLiteral("human:tim")).review(r);
        QVERIFY(out);
        QCOMPARE(out->previous, QStringLiteral("pending"));
        QCOMPARE(out->decision.outcome, QStringLiteral("partial"));
        QCOMPARE(*out->decision.reviewer, QStringLiteral("tim"));
        QCOMPARE(*out->decision.reviewedAt, time::toIso(m_clock.now()));
        QCOMPARE(count("SELECT COUNT(*) FROM audit_log WHERE action='decision.review' AND actor='human:tim'"),
                 qint64(1));
    }

    void badReviewChangesNothing()
    {
        QVERIFY(import("{\"description\":\"x\",\"confidence\":0.9,\"category\":\"security\"}"));
        DecisionBook reviewer(*m_db, m_clock, QStringLiteral("human:tim"));
        QVERIFY(!reviewer.review({1, QStringLiteral("pending"), {}, QStringLiteral("tim"), {}, Json::object()}));
        QVERIFY(!reviewer.review({1, QStringLiteral("great"), {}, QStringLiteral("tim"), {}, Json::object()}));
        auto missing = reviewer.review({42, QStringLiteral("success"), {}, QStringLiteral("tim"), {}, Json::object()});
        QVERIFY(!missing);
        QVERIFY(missing.error().message.contains(QLatin1String("42")));
        QCOMPARE((*DecisionRepository(*m_db).get(1))->outcome, QStringLiteral("pending"));
        QCOMPARE(count("SELECT COUNT(*) FROM audit_log WHERE action='decision.review'"), qint64(0));
    }

    void snapshotIsTakenAfterEveryTenReviews()
    {
        QByteArray lines;
        for (int i = 0; i < 25; ++i)
            lines += "{\"description\":\"d\",\"confidence\":0.6,\"category\":\"process\"}\n";
        QVERIFY(import(lines));
        DecisionBook reviewer(*m_db, m_clock, QStringLiteral("human:tim"));
        for (int i = 1; i <= 21; ++i) {
            auto out = reviewer.review({i,
                                        i % 3 ? QStringLiteral("success") : QStringLiteral("failure"),
                                        {},
                                        QStringLiteral("tim"),
                                        {},
                                        Json::object()});
            QVERIFY(out);
            QCOMPARE(bool(out->snapshotId), i == 10 || i == 20);
        }
        auto snaps = DecisionRepository(*m_db).snapshots();
        QVERIFY(snaps);
        QCOMPARE(int(snaps->size()), 2);
        QCOMPARE(snaps->at(0).reviewed, qint64(10));
        QCOMPARE(snaps->at(1).reviewed, qint64(20));
        QCOMPARE(snaps->at(1).figures["reviewed"].get<int>(), 20);
        QCOMPARE(*snaps->at(1).brier, *snaps->at(1).figures["brier"].get_ptr<const double*>());
        auto manual = CalibrationSnapshots(*m_db, m_clock).take(QStringLiteral("human:tim"));
        QVERIFY(manual);
        QCOMPARE(count("SELECT COUNT(*) FROM calibration_snapshots"), qint64(3));
        QCOMPARE(count("SELECT COUNT(*) FROM audit_log WHERE action='calibration.snapshot'"), qint64(3));
    }

    void importOfTenReviewedDecisionsTakesASnapshot()
    {
        QByteArray lines;
        for (int i = 0; i < 10; ++i)
            lines += "{\"description\":\"d\",\"confidence\":0.7,\"category\":\"tooling\",\"outcome\":\"success\"}\n";
        auto out = import(lines);
        QVERIFY(out);
        QVERIFY(out->snapshotId);
        QCOMPARE(count("SELECT reviewed FROM calibration_snapshots"), qint64(10));
    }

    void escalatesOnlyOldUnreviewedHighStakes()
    {
        QVERIFY(import("{\"description\":\"old "
                       "high\",\"confidence\":0.5,\"category\":\"process\",\"stakes\":\"high\",\"created_at\":\"2026-"
                       "05-01T00:00:00Z\"}\n"
                       "{\"description\":\"old "
                       "critical\",\"confidence\":0.5,\"category\":\"process\",\"stakes\":\"critical\",\"created_at\":"
                       "\"2026-04-01T00:00:00Z\"}\n"
                       "{\"description\":\"old "
                       "medium\",\"confidence\":0.5,\"category\":\"process\",\"stakes\":\"medium\",\"created_at\":"
                       "\"2026-04-01T00:00:00Z\"}\n"
                       "{\"description\":\"young "
                       "high\",\"confidence\":0.5,\"category\":\"process\",\"stakes\":\"high\",\"created_at\":\"2026-"
                       "05-25T00:00:00Z\"}\n"
                       "{\"description\":\"old "
                       "reviewed\",\"confidence\":0.5,\"category\":\"process\",\"stakes\":\"high\",\"outcome\":"
                       "\"success\",\"created_at\":\"2026-04-01T00:00:00Z\"}\n"));
        auto list = EscalationList::compute(*m_db, m_clock);
        QVERIFY(list);
        QCOMPARE(int(list->size()), 2);
        QCOMPARE(list->at(0).description, QStringLiteral("old critical"));
        QCOMPARE(list->at(1).description, QStringLiteral("old high"));
    }

    void fileCreatedAfterTheDecisionAutoReviewsAsSuccess()
    {
        QTemporaryDir ws;
        FixedClock past(QDateTime::currentDateTimeUtc().addDays(-2));
        QVERIFY(
            DecisionBook(*m_db, past, QStringLiteral("cli:test"))
                .importLines(
                    "{\"description\":\"write specs/recall.md\",\"confidence\":0.7,\"category\":\"process\"}\n"
                    "{\"description\":\"write notes/never.md\",\"confidence\":0.7,\"category\":\"process\"}\n"
                    "{\"description\":\"keep "
                    "old.md\",\"confidence\":0.7,\"category\":\"process\",\"created_at\":\"2999-01-01T00:00:00Z\"}\n"));
        QDir(ws.path()).mkpath(QStringLiteral("specs"));
        for (const char* name : {"specs/recall.md", "old.md"}) {
            QFile f(ws.filePath(QString::fromLatin1(name)));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("x");
        }
        AutoReviewer auto_(*m_db, m_clock, ws.path());
        auto dry = auto_.run(true);
        QVERIFY(dry);
        QCOMPARE(int(dry->findings.size()), 1);
        QCOMPARE((*DecisionRepository(*m_db).get(1))->outcome, QStringLiteral("pending"));
        auto report = auto_.run(false);
        QVERIFY(report);
        QCOMPARE(report->checked, qint64(3));
        QCOMPARE(int(report->findings.size()), 1);
        QVERIFY(report->findings[0].applied);
        auto d = *DecisionRepository(*m_db).get(1);
        QCOMPARE(d->outcome, QStringLiteral("success"));
        QCOMPARE(*d->reviewer, QStringLiteral("auto"));
        QCOMPARE((*DecisionRepository(*m_db).get(2))->outcome, QStringLiteral("pending"));
        QCOMPARE((*DecisionRepository(*m_db).get(3))->outcome, QStringLiteral("pending"));
    }

    void signalCommandBelowThresholdOnlyReports()
    {
        QTemporaryDir ws;
        QVERIFY(import("{\"description\":\"a\",\"confidence\":0.7,\"category\":\"process\"}\n"
                       "{\"description\":\"b\",\"confidence\":0.7,\"category\":\"process\"}\n"));
        AutoReviewer low(*m_db, m_clock, ws.path());
        low.setSignalCommand(QStringLiteral(
            "grep -q '\"a\"' && echo '{\"outcome\":\"failure\",\"confidence\":0.69,\"signal\":\"ci\"}' || true"));
        auto r = low.run(false);
        QVERIFY(r);
        QCOMPARE(int(r->findings.size()), 1);
        QVERIFY(!r->findings[0].applied);
        QCOMPARE((*DecisionRepository(*m_db).get(1))->outcome, QStringLiteral("pending"));

        AutoReviewer high(*m_db, m_clock, ws.path());
        high.setSignalCommand(QStringLiteral(
            "grep -q '\"a\"' && echo '{\"outcome\":\"failure\",\"confidence\":0.7,\"signal\":\"ci\"}' || true"));
        QVERIFY(high.run(false));
        QCOMPARE((*DecisionRepository(*m_db).get(1))->outcome, QStringLiteral("failure"));
        QCOMPARE((*DecisionRepository(*m_db).get(2))->outcome, QStringLiteral("pending"));

        AutoReviewer broken(*m_db, m_clock, ws.path());
        broken.setSignalCommand(QStringLiteral("echo garbage"));
        QVERIFY(!broken.run(false));
        QCOMPARE((*DecisionRepository(*m_db).get(2))->outcome, QStringLiteral("pending"));
    }
};

QTEST_GUILESS_MAIN(DecisionReviewTest)
#include "decision_review_test.moc"
