#include "stats/StatsReport.h"
#include "store/AuditRepository.h"
#include "store/Database.h"
#include "store/InboxRepository.h"
#include "TeamStore.h"

#include <QTemporaryDir>
#include <QTest>

using namespace sediment;

class StatsReportTest final : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    FixedClock m_clock{QDateTime(QDate(2026, 6, 1), QTime(8, 0), Qt::UTC)};

private Q_SLOTS:
    void derivesEveryFigureFromTheTables()
    {
        auto db = sediment::test::openStore(m_dir.filePath(QStringLiteral("s.db")));
        QVERIFY(db);
        InboxRepository inbox(**db);
        for (const char* status : {"pending", "pending", "applied", "refused"}) {
            InboxItem it;
            it.destination = QStringLiteral("memory");
            it.status = QLatin1String(status);
            it.contentHash = QLatin1String(status);
            it.createdAt = QStringLiteral("2026-06-01T08:00:00.000Z");
            QVERIFY(inbox.insert(it));
        }
        AuditRepository audit(**db, m_clock);
        AuditEntry e;
        e.actor = QStringLiteral("cli:test");
        e.action = QStringLiteral("test.row");
        e.subjectType = QStringLiteral("inbox_item");
        e.subjectId = QStringLiteral("1");
        QVERIFY(audit.append(e));

        StatsReport report(**db, m_clock);
        auto s = report.compute();
        QVERIFY(s);
        QVERIFY((*s)["inbox"] == Json::parse(R"({"table":"inbox_items","total":4,
            "by_status":{"applied":1,"pending":2,"refused":1},"by_destination":{"memory":4},
            "intake":{"table":"inbox_intake","pending":0}})"));
        QCOMPARE((*s)["audit"]["rows"].get<int>(), 1);
        QVERIFY((*s)["audit"]["chain_intact"].get<bool>());
        QCOMPARE((*s)["skills"]["total"].get<int>(), 0);
        QVERIFY((*s)["curator"]["last_run"].is_null());

        // A second computation sees a new row at once: there is no cached counter.
        InboxItem more;
        more.destination = QStringLiteral("skill");
        more.contentHash = QStringLiteral("x");
        more.createdAt = QStringLiteral("2026-06-01T08:00:00.000Z");
        QVERIFY(inbox.insert(more));
        auto again = report.compute();
        QCOMPARE((*again)["inbox"]["total"].get<int>(), 5);
        QCOMPARE((*again)["inbox"]["by_destination"]["skill"].get<int>(), 1);
        const QString text = StatsReport::render(*again);
        QVERIFY(text.contains(QLatin1String("Inbox (inbox_items): 5 items")));
        QVERIFY(text.contains(QLatin1String("Last curator run (curator_runs): never")));
    }
};

QTEST_GUILESS_MAIN(StatsReportTest)
#include "stats_report_test.moc"
