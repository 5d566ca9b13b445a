#include "util/Time.h"

#include <QRegularExpression>
#include <QTimeZone>

namespace sediment::time {

namespace {

// Days since 1970-01-01 to a proleptic Gregorian year, month and day (Howard Hinnant's
// civil_from_days): integer arithmetic only.
void civilFromDays(qint64 days, qint64& year, unsigned& month, unsigned& day)
{
    const qint64 z = days + 719468;
    const qint64 era = (z >= 0 ? z : z - 146096) / 146097;
    const auto doe = unsigned(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    day = doy - (153 * mp + 2) / 5 + 1;
    month = mp < 10 ? mp + 3 : mp - 9;
    year = qint64(yoe) + era * 400 + (month <= 2 ? 1 : 0);
}

void digits(char16_t*& out, unsigned value, int width)
{
    for (int k = width - 1; k >= 0; --k, value /= 10)
        out[k] = char16_t(u'0' + value % 10);
    out += width;
}

} // namespace

QString toIso(const QDateTime& t)
{
    // Written by hand for the years 0001-9999: a curator pass formats tens of thousands of times,
    // and QDateTime::toString is the slowest part of that. Other years, and an invalid time,
    // as Qt writes them.
    if (t.isValid()) {
        const qint64 ms = t.toMSecsSinceEpoch();
        const qint64 days = ms >= 0 ? ms / 86'400'000 : -((-ms + 86'399'999) / 86'400'000);
        const auto inDay = unsigned(ms - days * 86'400'000);
        qint64 year = 0;
        unsigned month = 0;
        unsigned day = 0;
        civilFromDays(days, year, month, day);
        if (year >= 1 && year <= 9999) { // Qt has no year 0: astronomical 0 is its -1
            char16_t buf[24];
            char16_t* out = buf;
            digits(out, unsigned(year), 4);
            *out++ = u'-';
            digits(out, month, 2);
            *out++ = u'-';
            digits(out, day, 2);
            *out++ = u'T';
            digits(out, inDay / 3'600'000, 2);
            *out++ = u':';
            digits(out, inDay / 60'000 % 60, 2);
            *out++ = u':';
            digits(out, inDay / 1000 % 60, 2);
            *out++ = u'.';
            digits(out, inDay % 1000, 3);
            *out++ = u'Z';
            return QString(reinterpret_cast<const QChar*>(buf), qsizetype(out - buf));
        }
    }
    return t.toUTC().toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzzZ"));
}

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

std::optional<QDateTime> parseIsoUtcFast(std::string_view t)
{
    const auto digits = [&](std::size_t at, std::size_t n, int& out) {
        if (at + n > t.size())
            return false;
        out = 0;
        for (std::size_t i = at; i < at + n; ++i) {
            if (t[i] < '0' || t[i] > '9')
                return false;
            out = out * 10 + (t[i] - '0');
        }
        return true;
    };
    int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
    if (t.size() < 19 || !digits(0, 4, year) || t[4] != '-' || !digits(5, 2, month) || t[7] != '-' || !digits(8, 2, day)
        || (t[10] != 'T' && t[10] != ' ') || !digits(11, 2, hour) || t[13] != ':' || !digits(14, 2, minute)
        || t[16] != ':' || !digits(17, 2, second))
        return std::nullopt;
    std::size_t at = 19;
    int msec = 0;
    if (at < t.size() && (t[at] == '.' || t[at] == ',')) {
        std::size_t n = 0;
        while (at + 1 + n < t.size() && t[at + 1 + n] >= '0' && t[at + 1 + n] <= '9')
            ++n;
        if (n == 0 || n > 9)
            return std::nullopt;
        for (std::size_t i = 0; i < 3; ++i) // milliseconds: the first three digits, padded
            msec = msec * 10 + (i < n ? t[at + 1 + i] - '0' : 0);
        at += 1 + n;
    }
    const std::string_view zone = t.substr(at);
    if (!zone.empty() && zone != "Z" && zone != "+00:00" && zone != "-00:00" && zone != "+0000" && zone != "-0000")
        return std::nullopt;
    if (year < 1 || !QDate::isValid(year, month, day) || !QTime::isValid(hour, minute, second, msec))
        return std::nullopt;
    constexpr qint64 kUnixEpochJulianDay = 2440588;
    const qint64 ms = (QDate(year, month, day).toJulianDay() - kUnixEpochJulianDay) * 86400000
                      + ((qint64(hour) * 60 + minute) * 60 + second) * 1000 + msec;
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC);
}

} // namespace sediment::time
