#include "memory/UnicodeText.h"

#include <QStringDecoder>

namespace sediment {

bool UnicodeText::isSpace(char32_t c)
{
    // The exact list CPython's _PyUnicode_IsWhitespace accepts (bidirectional types WS, B, S
    // plus Zs): this is neither QChar::isSpace() nor the C locale's isspace().
    if (c <= 0x20)
        return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20);
    switch (c) {
    case 0x85:
    case 0xA0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202F:
    case 0x205F:
    case 0x3000:
        return true;
    default:
        return c >= 0x2000 && c <= 0x200A;
    }
}

bool UnicodeText::isWordChar(char32_t c)
{
    if (c == U'_')
        return true;
    switch (QChar::category(c)) {
    case QChar::Letter_Uppercase:
    case QChar::Letter_Lowercase:
    case QChar::Letter_Titlecase:
    case QChar::Letter_Modifier:
    case QChar::Letter_Other:
    case QChar::Number_DecimalDigit:
    case QChar::Number_Letter:
    case QChar::Number_Other:
        return true;
    default:
        return false;
    }
}

QString UnicodeText::strip(const QString& text)
{
    qsizetype begin = 0;
    qsizetype end = text.size();
    // Every code point of the space set is in the BMP, so a surrogate is never trimmed and
    // walking code units is safe here.
    while (begin < end && isSpace(text.at(begin).unicode()))
        ++begin;
    while (end > begin && isSpace(text.at(end - 1).unicode()))
        --end;
    if (begin == 0 && end == text.size())
        return text;
    return text.mid(begin, end - begin);
}

char32_t UnicodeText::next(const QString& text, qsizetype& i)
{
    const char16_t c = text.at(i++).unicode();
    if (QChar::isHighSurrogate(c) && i < text.size() && QChar::isLowSurrogate(text.at(i).unicode()))
        return QChar::surrogateToUcs4(c, text.at(i++).unicode());
    return c;
}

qsizetype UnicodeText::length(const QString& text)
{
    qsizetype n = 0;
    for (qsizetype i = 0; i < text.size();) {
        next(text, i);
        ++n;
    }
    return n;
}

QString UnicodeText::left(const QString& text, qsizetype codePoints)
{
    qsizetype i = 0;
    for (qsizetype taken = 0; taken < codePoints && i < text.size(); ++taken)
        next(text, i);
    return text.left(i);
}

QString UnicodeText::normaliseNewlines(const QString& text)
{
    if (!text.contains(QLatin1Char('\r')))
        return text;
    QString out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('\r')) {
            out += QLatin1Char('\n');
            if (i + 1 < text.size() && text.at(i + 1) == QLatin1Char('\n'))
                ++i;
        } else {
            out += c;
        }
    }
    return out;
}

QString UnicodeText::fromUtf8(const std::string& utf8)
{
    QStringDecoder decoder(QStringConverter::Utf8,
                           QStringConverter::Flag::ConvertInitialBom | QStringConverter::Flag::Stateless);
    return decoder(QByteArrayView(utf8.data(), qsizetype(utf8.size())));
}

QString UnicodeText::groupThousands(qint64 n)
{
    const bool negative = n < 0;
    QString digits = QString::number(negative ? -n : n);
    for (qsizetype i = digits.size() - 3; i > 0; i -= 3)
        digits.insert(i, QLatin1Char(','));
    return negative ? QLatin1Char('-') + digits : digits;
}

} // namespace sediment
