#include "util/Time.h"

#include <QRegularExpression>
#include <QTimeZone>

namespace sediment::time {

QString toIso(const QDateTime& t) { return t.toUTC().toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzzZ")); }

Result<QDateTime> parseIso(const QString& text)
{
    static const QRegularExpression re(
        QStringLiteral(R"(^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?)"
                       R"((Z|[+-]\d{2}:?\d{2})?$)"));
    const auto m = re.match(text.trimmed());
    if (!m.hasMatch())
        return fail(Error::invalid(QStringLiteral("invalid ISO-8601 time '%1'").arg(text)));
    const QDate date(m.captured(1).toInt(), m.captured(2).toInt(), m.captured(3).toInt());
    int msec = 0;
    if (m.hasCaptured(7))
        msec = m.captured(7).left(3).leftJustified(3, QLatin1Char('0')).toInt();
    const QTime clock(m.captured(4).toInt(), m.captured(5).toInt(), m.captured(6).toInt(), msec);
    if (!date.isValid() || !clock.isValid())
        return fail(Error::invalid(QStringLiteral("invalid ISO-8601 time '%1'").arg(text)));
    int offsetSeconds = 0;
    const QString zone = m.captured(8);
    if (!zone.isEmpty() && zone != QLatin1String("Z")) {
        QString digits = zone.mid(1);
        digits.remove(QLatin1Char(':'));
        if (digits.mid(2).toInt() > 59)
            return fail(Error::invalid(QStringLiteral("invalid ISO-8601 time '%1'").arg(text)));
        offsetSeconds =
            (digits.left(2).toInt() * 3600 + digits.mid(2).toInt() * 60) * (zone.startsWith(QLatin1Char('-')) ? -1 : 1);
    }
    // An offset Qt cannot hold (+99:00) gives an invalid time, which must not pass for one.
    const QDateTime local(date, clock, QTimeZone(offsetSeconds));
    if (!local.isValid())
        return fail(Error::invalid(QStringLiteral("invalid ISO-8601 time '%1'").arg(text)));
    return local.toUTC();
}

} // namespace sediment::time
