#include "util/PyRepr.h"

#include <QChar>

namespace sediment::pytext {

// Python's str.isprintable() for one character, which repr() follows.
bool isPrintable(char32_t c)
{
    if (c < 0x7F)
        return c >= 0x20;
    switch (QChar::category(c)) {
    case QChar::Other_Control:
    case QChar::Other_Format:
    case QChar::Other_Surrogate:
    case QChar::Other_PrivateUse:
    case QChar::Other_NotAssigned:
    case QChar::Separator_Line:
    case QChar::Separator_Paragraph:
    case QChar::Separator_Space:
        return false;
    default:
        return true;
    }
}

// Python's repr() of a str, as PyYAML's messages print names and characters with %r.
QString repr(std::u32string_view s)
{
    const char32_t quote =
        (s.find(U'\'') != std::u32string_view::npos && s.find(U'"') == std::u32string_view::npos) ? U'"' : U'\'';
    std::u32string out(1, quote);
    for (const char32_t c : s) {
        if (c == quote || c == U'\\') {
            out += U'\\';
            out += c;
        } else if (c == U'\t') {
            out += U"\\t";
        } else if (c == U'\n') {
            out += U"\\n";
        } else if (c == U'\r') {
            out += U"\\r";
        } else if (isPrintable(c)) {
            out += c;
        } else {
            const int width = c < 0x100 ? 2 : c < 0x10000 ? 4 : 8;
            const char* prefix = width == 2 ? "\\x" : width == 4 ? "\\u" : "\\U";
            const QString hex = QStringLiteral("%1").arg(uint(c), width, 16, QLatin1Char('0'));
            for (const char* p = prefix; *p; ++p)
                out += char32_t(*p);
            for (const QChar h : hex)
                out += char32_t(h.unicode());
        }
    }
    out += quote;
    return QString::fromUcs4(out.data(), qsizetype(out.size()));
}

QString repr(char32_t c) { return repr(std::u32string_view(&c, 1)); }

} // namespace sediment::pytext
