// time::toIso writes years 0001-9999 by hand (a curator pass formats tens of thousands of
// times): every instant must read exactly as Qt's own "yyyy-MM-ddTHH:mm:ss.zzzZ" writes it.
#include "util/Time.h"

#include <QDateTime>
#include <QRandomGenerator>
#include <QTest>
#include <QTimeZone>

using namespace sediment;

namespace {

QString qtIso(const QDateTime& t) { return t.toUTC().toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzzZ")); }

QDateTime utc(qint64 ms) { return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC); }

} // namespace

class TimeFormatTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void readsAsQtWritesIt_data()
    {
        QTest::addColumn<QDateTime>("t");
        const auto at = [](const char* iso) { return QDateTime::fromString(QLatin1String(iso), Qt::ISODateWithMs); };
        QTest::newRow("the epoch") << utc(0);
        QTest::newRow("a millisecond before it") << utc(-1);
        QTest::newRow("a day before it") << utc(-86'400'000);
        QTest::newRow("a leap day") << at("2000-02-29T23:59:59.999Z");
        QTest::newRow("no leap day in 1900") << at("1900-03-01T00:00:00.000Z");
        QTest::newRow("the first year") << at("0001-01-01T00:00:00.000Z");
        QTest::newRow("the last year written by hand") << at("9999-12-31T23:59:59.999Z");
        QTest::newRow("past it") << at("9999-12-31T23:59:59.999Z").addMSecs(1);
        QTest::newRow("before the first year") << at("0001-01-01T00:00:00.000Z").addMSecs(-1);
        QTest::newRow("another zone") << QDateTime(QDate(2026, 6, 1), QTime(2, 30), QTimeZone(3600 * 5));
        QTest::newRow("invalid") << QDateTime();
    }
    void readsAsQtWritesIt()
    {
        QFETCH(QDateTime, t);
        QCOMPARE(time::toIso(t), qtIso(t));
    }

    // Fifty thousand instants spread over the years 1-9999 and around now.
    void manyInstantsReadAsQtWritesThem()
    {
        QRandomGenerator rng(20261127);
        const qint64 first = QDateTime(QDate(1, 1, 1), QTime(0, 0), Qt::UTC).toMSecsSinceEpoch();
        const qint64 last = QDateTime(QDate(9999, 12, 31), QTime(23, 59, 59, 999), Qt::UTC).toMSecsSinceEpoch();
        const qint64 now = QDateTime(QDate(2026, 11, 27), QTime(12, 0), Qt::UTC).toMSecsSinceEpoch();
        for (int i = 0; i < 50'000; ++i) {
            const qint64 ms = i % 2 ? first + qint64(rng.bounded(quint64(last - first)))
                                    : now - qint64(rng.bounded(quint64(400LL * 86'400'000)));
            const QDateTime t = utc(ms);
            if (time::toIso(t) != qtIso(t))
                QFAIL(qPrintable(QStringLiteral("%1 ms: %2, Qt %3").arg(ms).arg(time::toIso(t), qtIso(t))));
        }
    }
};

QTEST_GUILESS_MAIN(TimeFormatTest)
#include "time_format_test.moc"
