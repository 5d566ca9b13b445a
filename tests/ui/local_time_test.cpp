#include "shared/LocalTime.h"

#include <QtTest>

#include <ctime>

using namespace sediment::ui;

// Times are stored in UTC and shown in the reader's zone. The zone here is a POSIX rule two
// hours east of UTC, which the C library reads without the time zone database.
class LocalTimeTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        qputenv("TZ", "XYZ-2");
        tzset();
    }

    void aStoredTimeShowsInTheReadersZoneToTheMinute()
    {
        QCOMPARE(localTime(QStringLiteral("2026-06-05T12:09:45.702Z")), QStringLiteral("2026-06-05 14:09"));
        QCOMPARE(localTime(QDateTime(QDate(2026, 6, 5), QTime(12, 9), Qt::UTC)), QStringLiteral("2026-06-05 14:09"));
    }

    void aDateIsTheReadersDateNotUtcs()
    {
        // 23:30 UTC is already the next day two hours east.
        QCOMPARE(localTime(QStringLiteral("2026-06-05T23:30:00Z"), QStringLiteral("yyyy-MM-dd")),
                 QStringLiteral("2026-06-06"));
    }

    void aTextThatIsNoTimeShowsAsStored()
    {
        QCOMPARE(localTime(QStringLiteral("not a time")), QStringLiteral("not a time"));
        QCOMPARE(localTime(QString()), QString());
    }

    void noTimeShowsNothing() { QCOMPARE(localTime(std::optional<QDateTime>()), QString()); }
};

QTEST_GUILESS_MAIN(LocalTimeTest)
#include "local_time_test.moc"
