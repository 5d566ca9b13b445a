#pragma once

#include <QString>

#include <string>

namespace sediment {

// Text rules of the memory store, which must agree with Python's str so that lengths, trimming
// and previews match Hermes' memory tool to the character. QString holds UTF-16, so everything
// here walks code points, never code units.
class UnicodeText final {
public:
    // Python's str.isspace() set (Py_UNICODE_ISSPACE): what strip() removes and `re`'s \s matches.
    static bool isSpace(char32_t c);
    // Python's `re` \w for str patterns: alphanumeric (letters and numbers) or '_'.
    static bool isWordChar(char32_t c);

    // str.strip(): removes isSpace() code points at both ends.
    static QString strip(const QString& text);
    // len(str): the number of code points.
    static qsizetype length(const QString& text);
    // str[:n]: the first n code points (never splits a surrogate pair).
    static QString left(const QString& text, qsizetype codePoints);
    // Universal newlines as Python's text mode reads them: CRLF and lone CR become LF.
    static QString normaliseNewlines(const QString& text);

    // The code point starting at `i`, advancing `i` past it (a lone surrogate is returned as is).
    static char32_t next(const QString& text, qsizetype& i);

    // UTF-8 to QString keeping a leading U+FEFF, which QString::fromUtf8 silently drops: Python
    // keeps it, so it counts as a character and the threat scan must see it.
    static QString fromUtf8(const std::string& utf8);

    // Python's format(n, ","): 2200 -> "2,200".
    static QString groupThousands(qint64 n);
};

} // namespace sediment
