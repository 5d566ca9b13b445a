#include "util/pyyaml/Text.h"

#include "util/pyyaml/Scalars.h"

#include <QChar>
#include <QDate>
#include <QRegularExpression>
#include <QStringList>

#include <algorithm>
#include <cstdlib>

namespace sediment::pyyaml {

bool isWordChar(char32_t c)
{
    return (c >= U'0' && c <= U'9') || (c >= U'A' && c <= U'Z') || (c >= U'a' && c <= U'z') || c == U'-' || c == U'_';
}

bool isHexDigit(char32_t c) { return (c >= U'0' && c <= U'9') || (c >= U'A' && c <= U'F') || (c >= U'a' && c <= U'f'); }

// Python's bytes.decode('utf-8'): the text, or str() of the UnicodeDecodeError it raises.
std::pair<U, QString> decodeUtf8(const std::vector<unsigned char>& bytes)
{
    U out;
    const auto isCont = [](unsigned char b) { return b >= 0x80 && b < 0xC0; };
    for (std::size_t i = 0; i < bytes.size();) {
        const unsigned char b = bytes[i];
        const std::size_t left = bytes.size() - i;
        std::size_t bad = 0; // how many bytes the error covers
        const char* reason = "invalid start byte";
        int need = 0;
        if (b < 0x80)
            need = 0;
        else if (b < 0xC2 || b >= 0xF5)
            bad = 1;
        else
            need = b < 0xE0 ? 1 : b < 0xF0 ? 2 : 3;
        if (!bad && need) {
            // The second byte has a narrower range after E0, ED, F0 and F4.
            const auto secondOk = [b](unsigned char c) {
                return !(b == 0xE0 && c < 0xA0) && !(b == 0xED && c >= 0xA0) && !(b == 0xF0 && c < 0x90)
                       && !(b == 0xF4 && c >= 0x90);
            };
            reason = "invalid continuation byte";
            for (int k = 1; k <= need && !bad; ++k) {
                if (std::size_t(k) >= left) {
                    reason = "unexpected end of data";
                    bad = left;
                } else if (!isCont(bytes[i + k]) || (k == 1 && !secondOk(bytes[i + k]))) {
                    bad = std::size_t(k);
                }
            }
        }
        if (bad) {
            const QString where =
                bad == 1 ? QStringLiteral("byte 0x%1 in position %2").arg(b, 2, 16, QLatin1Char('0')).arg(i)
                         : QStringLiteral("bytes in position %1-%2").arg(i).arg(i + bad - 1);
            return {U(), QStringLiteral("'utf-8' codec can't decode %1: %2").arg(where, text(reason))};
        }
        char32_t c = need == 0 ? b : need == 1 ? (b & 0x1F) : need == 2 ? (b & 0x0F) : (b & 0x07);
        for (int k = 1; k <= need; ++k)
            c = (c << 6) | (bytes[i + k] & 0x3F);
        out += c;
        i += std::size_t(need) + 1;
    }
    return {out, QString()};
}

// What `!!binary` raises: str() of the error of text.encode('ascii') or of base64.decodebytes().
QString binaryError(UView value)
{
    for (std::size_t i = 0; i < value.size(); ++i) {
        if (value[i] < 0x80)
            continue;
        std::size_t end = i + 1;
        while (end < value.size() && value[end] >= 0x80)
            ++end;
        const uint c = value[i];
        const QString what = end - i > 1 ? QStringLiteral("characters in position %1-%2").arg(i).arg(end - 1)
                                         : QStringLiteral("character '\\%1%2' in position %3")
                                               .arg(text(c <= 0xFF     ? "x"
                                                         : c <= 0xFFFF ? "u"
                                                                       : "U"))
                                               .arg(c,
                                                    c <= 0xFF     ? 2
                                                    : c <= 0xFFFF ? 4
                                                                  : 8,
                                                    16, QLatin1Char('0'))
                                               .arg(i);
        return QStringLiteral("failed to convert base64 data into ascii: 'ascii' codec can't encode "
                              "%1: ordinal not in range(128)")
            .arg(what);
    }
    const Base64 decoded = base64Of(value);
    if (decoded.leftover == 1)
        return QStringLiteral("failed to decode base64 data: Invalid base64-encoded string: number of "
                              "data characters (%1) cannot be 1 more than a multiple of 4")
            .arg(decoded.quads * 4 + 1);
    if (decoded.leftover != 0)
        return text("failed to decode base64 data: Incorrect padding");
    return {};
}

// The tag PyYAML's resolver guesses for a plain scalar: the first of its implicit patterns that
// matches, else str.
UView implicitTag(const U& value)
{
    static const std::pair<UView, QRegularExpression> resolvers[] = {
        {U"tag:yaml.org,2002:bool"sv,
         QRegularExpression(QStringLiteral("^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE"
                                           "|on|On|ON|off|Off|OFF)$"))},
        {U"tag:yaml.org,2002:float"sv,
         QRegularExpression(QStringLiteral("^(?:[-+]?(?:[0-9][0-9_]*)\\.[0-9_]*(?:[eE][-+][0-9]+)?"
                                           "|\\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?"
                                           "|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\\.[0-9_]*"
                                           "|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$"))},
        {U"tag:yaml.org,2002:int"sv,
         QRegularExpression(QStringLiteral("^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)"
                                           "|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$"))},
        {kMergeTag, QRegularExpression(QStringLiteral("^(?:<<)$"))},
        {U"tag:yaml.org,2002:null"sv, QRegularExpression(QStringLiteral("^(?:~|null|Null|NULL|)$"))},
        {U"tag:yaml.org,2002:timestamp"sv,
         QRegularExpression(QStringLiteral("^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]"
                                           "|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?"
                                           "(?:[Tt]|[ \\t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\\.[0-9]*)?"
                                           "(?:[ \\t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$"))},
        {kValueTag, QRegularExpression(QStringLiteral("^(?:=)$"))}};
    const QString text = fromU(value);
    for (const auto& [tag, pattern] : resolvers)
        if (pattern.match(text).hasMatch())
            return tag;
    return kStrTag;
}

// Whether SafeConstructor turns a scalar's text into a bool, int, float or date without raising
// (it raises ValueError, KeyError and the like, no YAMLError, on `!!int abc` or 2024-02-30).
bool pythonConverts(UView kind, const U& value)
{
    QString text = fromU(value);
    if (kind == U"bool")
        return QStringList{QStringLiteral("yes"),   QStringLiteral("no"), QStringLiteral("true"),
                           QStringLiteral("false"), QStringLiteral("on"), QStringLiteral("off")}
            .contains(text.toLower());
    if (kind == U"int" || kind == U"float") {
        text.remove(QLatin1Char('_'));
        if (text.isEmpty())
            return false;
        if (kind == U"float")
            text = text.toLower();
        if (text.front() == QLatin1Char('-') || text.front() == QLatin1Char('+'))
            text.remove(0, 1);
        // int() and float() as far as ASCII text goes: blanks around, at most one more sign.
        static const QRegularExpression decimal(QStringLiteral("^\\s*[-+]?[0-9]+\\s*$"));
        static const QRegularExpression binary(QStringLiteral("^\\s*[-+]?[01]+\\s*$"));
        static const QRegularExpression octal(QStringLiteral("^\\s*[-+]?[0-7]+\\s*$"));
        static const QRegularExpression hex(QStringLiteral("^\\s*[-+]?[0-9a-fA-F]+\\s*$"));
        static const QRegularExpression real(
            QStringLiteral("^\\s*[-+]?(?:inf|infinity|nan|(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)(?:e[-+]?[0-9]+)?)\\s*$"));
        const QRegularExpression& number = kind == U"int" ? decimal : real;
        if (kind == U"float" && (text == QStringLiteral(".inf") || text == QStringLiteral(".nan")))
            return true;
        if (kind == U"int" && text == QStringLiteral("0"))
            return true;
        if (kind == U"int" && text.startsWith(QStringLiteral("0b")))
            return binary.match(text.mid(2)).hasMatch();
        if (kind == U"int" && text.startsWith(QStringLiteral("0x")))
            return hex.match(text.mid(2)).hasMatch();
        if (kind == U"int" && text.startsWith(QLatin1Char('0')))
            return octal.match(text).hasMatch();
        const QStringList parts = text.split(QLatin1Char(':'));
        return std::ranges::all_of(parts, [&](const QString& part) { return number.match(part).hasMatch(); });
    }
    if (kind == U"timestamp") {
        const auto s = timestampOf(value);
        if (!s)
            return false;
        if (s->year < 1 || s->month < 1 || s->month > 12 || s->day < 1
            || s->day > QDate(s->year, s->month, 1).daysInMonth())
            return false;
        if (s->hasTime && (s->hour > 23 || s->minute > 59 || s->second > 59))
            return false;
        return std::abs(s->offsetMinutes) < 24 * 60; // datetime.timezone wants less than a day
    }
    return true;
}

} // namespace sediment::pyyaml
