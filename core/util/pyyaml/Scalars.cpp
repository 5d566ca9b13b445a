#include "util/pyyaml/Scalars.h"

#include "util/PyText.h"

#include <QRegularExpression>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace sediment::pyyaml {

namespace {

// A magnitude in base-10^9 limbs, least significant first: enough arithmetic for int(text, base)
// and for its decimal digits, at any length.
using Limbs = std::vector<std::uint32_t>;
constexpr std::uint32_t kLimb = 1'000'000'000;

void mulAdd(Limbs& n, std::uint32_t mul, std::uint32_t add)
{
    std::uint64_t carry = add;
    for (std::uint32_t& limb : n) {
        const std::uint64_t v = std::uint64_t(limb) * mul + carry;
        limb = std::uint32_t(v % kLimb);
        carry = v / kLimb;
    }
    for (; carry != 0; carry /= kLimb)
        n.push_back(std::uint32_t(carry % kLimb));
}

bool isZero(const Limbs& n)
{
    return std::ranges::all_of(n, [](std::uint32_t limb) { return limb == 0; });
}

QString decimal(bool negative, const Limbs& n)
{
    if (isZero(n))
        return QStringLiteral("0");
    std::size_t top = n.size();
    while (n[top - 1] == 0)
        --top;
    QString out = negative ? QStringLiteral("-") : QString();
    out += QString::number(n[top - 1]);
    for (std::size_t i = top - 1; i-- > 0;)
        out += QStringLiteral("%1").arg(n[i], 9, 10, QLatin1Char('0'));
    return out;
}

int digitValue(char32_t c)
{
    if (c >= U'0' && c <= U'9')
        return int(c - U'0');
    if (c >= U'a' && c <= U'z')
        return int(c - U'a') + 10;
    if (c >= U'A' && c <= U'Z')
        return int(c - U'A') + 10;
    return 0;
}

// int(text, base) over the ASCII digits the constructor let through: white space around, a sign.
std::pair<bool, Limbs> intPart(const U& text, int base)
{
    const U s = pytext::strip(text);
    std::size_t i = 0;
    const bool negative = !s.empty() && s[0] == U'-';
    if (!s.empty() && (s[0] == U'-' || s[0] == U'+'))
        ++i;
    Limbs n{0};
    for (; i < s.size(); ++i)
        mulAdd(n, std::uint32_t(base), std::uint32_t(digitValue(s[i])));
    return {negative, n};
}

std::vector<U> splitOn(const U& s, char32_t separator)
{
    std::vector<U> parts(1);
    for (const char32_t c : s) {
        if (c == separator)
            parts.emplace_back();
        else
            parts.back() += c;
    }
    return parts;
}

// Underscores dropped and one leading sign taken off, as both number constructors begin.
std::pair<int, U> signAndBody(const U& text, bool lower)
{
    U v;
    for (const char32_t c : text)
        if (c != U'_')
            v += lower && c >= U'A' && c <= U'Z' ? c + 32 : c;
    int sign = 1;
    if (!v.empty() && v[0] == U'-')
        sign = -1;
    if (!v.empty() && (v[0] == U'-' || v[0] == U'+'))
        v.erase(0, 1);
    return {sign, v};
}

// float(part): white space around, one sign, then what strtod reads (inf, infinity, nan too).
double pyFloat(const U& part)
{
    const U s = pytext::strip(part);
    std::string ascii;
    for (const char32_t c : s)
        ascii += char(c);
    double sign = 1;
    std::size_t i = 0;
    if (!ascii.empty() && (ascii[0] == '-' || ascii[0] == '+')) {
        sign = ascii[0] == '-' ? -1 : 1;
        ++i;
    }
    double value = 0;
    std::from_chars(ascii.data() + i, ascii.data() + ascii.size(), value);
    return sign * value;
}

QString twoDigits(int n) { return QStringLiteral("%1").arg(n, 2, 10, QLatin1Char('0')); }

} // namespace

QString intDecimal(const U& text)
{
    auto [sign, v] = signAndBody(text, false);
    if (v == U"0")
        return QStringLiteral("0");
    std::pair<bool, Limbs> part;
    if (v.starts_with(U"0b")) {
        part = intPart(v.substr(2), 2);
    } else if (v.starts_with(U"0x")) {
        part = intPart(v.substr(2), 16);
    } else if (v[0] == U'0') {
        part = intPart(v, 8);
    } else if (v.find(U':') != U::npos) {
        // Base 60: each part its own int(). A value past a long long's range is held at its edge.
        long long total = 0;
        long long place = 1;
        const std::vector<U> parts = splitOn(v, U':');
        for (auto it = parts.rbegin(); it != parts.rend(); ++it) {
            const auto [negative, n] = intPart(*it, 10);
            const long long d = saturated(decimal(negative, n));
            long long term = 0;
            if (__builtin_mul_overflow(d, place, &term) || __builtin_add_overflow(total, term, &total))
                total = (d < 0) ? std::numeric_limits<long long>::min() : std::numeric_limits<long long>::max();
            if (__builtin_mul_overflow(place, 60, &place))
                place = std::numeric_limits<long long>::max();
        }
        if (sign < 0)
            total = total == std::numeric_limits<long long>::min() ? std::numeric_limits<long long>::max() : -total;
        return QString::number(total);
    } else {
        part = intPart(v, 10);
    }
    return decimal(part.first != (sign < 0), part.second);
}

long long saturated(const QString& decimal)
{
    const bool negative = decimal.startsWith(QLatin1Char('-'));
    const QStringView digits = QStringView(decimal).mid(negative ? 1 : 0);
    bool ok = false;
    const qulonglong magnitude = digits.size() <= 19 ? digits.toULongLong(&ok) : 0;
    constexpr auto kMax = std::numeric_limits<long long>::max();
    if (!ok || magnitude > qulonglong(kMax))
        return negative ? std::numeric_limits<long long>::min() : kMax;
    return negative ? -static_cast<long long>(magnitude) : static_cast<long long>(magnitude);
}

double floatOf(const U& text)
{
    const auto [sign, v] = signAndBody(text, true);
    if (v == U".inf")
        return sign * std::numeric_limits<double>::infinity();
    if (v == U".nan")
        return std::numeric_limits<double>::quiet_NaN();
    if (v.find(U':') == U::npos)
        return sign * pyFloat(v);
    const std::vector<U> parts = splitOn(v, U':');
    double total = 0;
    double place = 1;
    for (auto it = parts.rbegin(); it != parts.rend(); ++it) {
        total += pyFloat(*it) * place;
        place *= 60;
    }
    return sign * total;
}

QString floatRepr(double value)
{
    if (std::isnan(value))
        return QStringLiteral("nan");
    if (std::isinf(value))
        return value < 0 ? QStringLiteral("-inf") : QStringLiteral("inf");
    // The shortest digits that read back, as d.ddde±x; Python lays them out itself.
    char buf[64];
    const auto end = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific).ptr;
    const QString sci = QString::fromLatin1(buf, end - buf);
    const qsizetype e = sci.indexOf(QLatin1Char('e'));
    const bool negative = sci.startsWith(QLatin1Char('-'));
    const QString digits = sci.mid(negative ? 1 : 0, e - (negative ? 1 : 0)).remove(QLatin1Char('.'));
    const int exponent = sci.mid(e + 1).toInt();
    const int point = exponent + 1; // digits before the decimal point
    QString out = negative ? QStringLiteral("-") : QString();
    if (point > -4 && point <= 16) {
        if (point <= 0)
            out += QStringLiteral("0.") + QString(-point, QLatin1Char('0')) + digits;
        else if (point >= digits.size())
            out += digits + QString(point - digits.size(), QLatin1Char('0')) + QStringLiteral(".0");
        else
            out += digits.left(point) + QLatin1Char('.') + digits.mid(point);
    } else {
        out += digits.left(1);
        if (digits.size() > 1)
            out += QLatin1Char('.') + digits.mid(1);
        out += QLatin1Char('e') + (exponent < 0 ? QLatin1Char('-') : QLatin1Char('+'))
               + QStringLiteral("%1").arg(std::abs(exponent), 2, 10, QLatin1Char('0'));
    }
    return out;
}

std::optional<Timestamp> timestampOf(const U& text)
{
    static const QRegularExpression re(
        QStringLiteral("^([0-9][0-9][0-9][0-9])-([0-9][0-9]?)-([0-9][0-9]?)"
                       "(?:(?:[Tt]|[ \\t]+)([0-9][0-9]?):([0-9][0-9]):([0-9][0-9])(?:\\.([0-9]*))?"
                       "(?:[ \\t]*(Z|([-+])([0-9][0-9]?)(?::([0-9][0-9]))?))?)?$"));
    const auto m = re.match(fromU(text));
    if (!m.hasMatch())
        return std::nullopt;
    Timestamp s;
    const auto at = [&](int i) { return m.captured(i).toInt(); };
    s.year = at(1);
    s.month = at(2);
    s.day = at(3);
    s.hasTime = m.capturedLength(4) > 0;
    if (!s.hasTime)
        return s;
    s.hour = at(4);
    s.minute = at(5);
    s.second = at(6);
    s.micro = m.captured(7).left(6).leftJustified(6, QLatin1Char('0')).toInt(); // digits past six dropped
    s.hasZone = m.capturedLength(8) > 0;
    if (m.capturedLength(9) > 0)
        s.offsetMinutes = (m.captured(9) == QLatin1String("-") ? -1 : 1) * (at(10) * 60 + at(11));
    return s;
}

QString timestampStr(const U& text)
{
    const Timestamp s = timestampOf(text).value_or(Timestamp{});
    QString out =
        QStringLiteral("%1-%2-%3").arg(s.year, 4, 10, QLatin1Char('0')).arg(twoDigits(s.month), twoDigits(s.day));
    if (!s.hasTime)
        return out;
    out += QLatin1Char(' ') + twoDigits(s.hour) + QLatin1Char(':') + twoDigits(s.minute) + QLatin1Char(':')
           + twoDigits(s.second);
    if (s.micro != 0)
        out += QStringLiteral(".%1").arg(s.micro, 6, 10, QLatin1Char('0'));
    if (s.hasZone) {
        const int offset = std::abs(s.offsetMinutes);
        out += (s.offsetMinutes < 0 ? QLatin1Char('-') : QLatin1Char('+')) + twoDigits(offset / 60) + QLatin1Char(':')
               + twoDigits(offset % 60);
    }
    return out;
}

QString timestampRepr(const U& text)
{
    const Timestamp s = timestampOf(text).value_or(Timestamp{});
    if (!s.hasTime)
        return QStringLiteral("datetime.date(%1, %2, %3)").arg(s.year).arg(s.month).arg(s.day);
    QString out = QStringLiteral("datetime.datetime(%1, %2, %3, %4, %5")
                      .arg(s.year)
                      .arg(s.month)
                      .arg(s.day)
                      .arg(s.hour)
                      .arg(s.minute);
    if (s.second != 0 || s.micro != 0)
        out += QStringLiteral(", %1").arg(s.second);
    if (s.micro != 0)
        out += QStringLiteral(", %1").arg(s.micro);
    if (s.hasZone) {
        // timezone(timedelta(0)) is timezone.utc; a negative offset is a day back and seconds on.
        const int seconds = s.offsetMinutes * 60;
        const QString delta = seconds >= 0
                                  ? QStringLiteral("datetime.timedelta(seconds=%1)").arg(seconds)
                                  : QStringLiteral("datetime.timedelta(days=-1, seconds=%1)").arg(86400 + seconds);
        out += QStringLiteral(", tzinfo=")
               + (seconds == 0 ? QStringLiteral("datetime.timezone.utc")
                               : QStringLiteral("datetime.timezone(%1)").arg(delta));
    }
    return out + QLatin1Char(')');
}

Base64 base64Of(UView text)
{
    Base64 out;
    std::uint32_t bits = 0;
    int pads = 0;
    const auto flush = [&] {
        if (out.leftover == 2) {
            out.bytes += char((bits >> 4) & 0xFF);
        } else if (out.leftover == 3) {
            out.bytes += char((bits >> 10) & 0xFF);
            out.bytes += char((bits >> 2) & 0xFF);
        }
    };
    for (const char32_t c : text) {
        if (c == U'=') {
            if (out.leftover >= 2 && out.leftover + ++pads >= 4) {
                flush();
                out.leftover = 0;
                return out;
            }
            continue;
        }
        int v = -1;
        if (c >= U'A' && c <= U'Z')
            v = int(c - U'A');
        else if (c >= U'a' && c <= U'z')
            v = int(c - U'a') + 26;
        else if (c >= U'0' && c <= U'9')
            v = int(c - U'0') + 52;
        else if (c == U'+')
            v = 62;
        else if (c == U'/')
            v = 63;
        if (v < 0)
            continue;
        pads = 0;
        bits = (bits << 6) | std::uint32_t(v);
        if (++out.leftover == 4) {
            out.bytes += char((bits >> 16) & 0xFF);
            out.bytes += char((bits >> 8) & 0xFF);
            out.bytes += char(bits & 0xFF);
            bits = 0;
            out.leftover = 0;
            ++out.quads;
        }
    }
    flush();
    return out;
}

QString bytesRepr(const QByteArray& bytes)
{
    const char quote = bytes.contains('\'') && !bytes.contains('"') ? '"' : '\'';
    QString out = QStringLiteral("b") + QLatin1Char(quote);
    for (const char ch : bytes) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == quote || c == '\\')
            out += QLatin1Char('\\') + QLatin1Char(char(c));
        else if (c == '\t')
            out += QStringLiteral("\\t");
        else if (c == '\n')
            out += QStringLiteral("\\n");
        else if (c == '\r')
            out += QStringLiteral("\\r");
        else if (c < 0x20 || c >= 0x7F)
            out += QStringLiteral("\\x%1").arg(c, 2, 16, QLatin1Char('0'));
        else
            out += QLatin1Char(char(c));
    }
    return out + QLatin1Char(quote);
}

} // namespace sediment::pyyaml
