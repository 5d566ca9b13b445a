#pragma once

#include <QList>
#include <QString>

#include <algorithm>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace sediment::pytext {

// Python's str semantics over code points, for the ports of Hermes' text tools: indices, strip()
// white space, split("\n") and splitlines() behave as in Python, so positions and messages agree.
using U = std::u32string;

inline U toU(const QString& s)
{
    const QList<uint> ucs = s.toUcs4();
    return U(ucs.begin(), ucs.end());
}

inline QString fromU(const U& s) { return QString::fromUcs4(s.data(), qsizetype(s.size())); }

inline U lit(const char* ascii)
{
    U out;
    for (const char* p = ascii; *p; ++p)
        out.push_back(char32_t(static_cast<unsigned char>(*p)));
    return out;
}

// Python's str.isspace(), which strip() and friends use.
inline bool isPySpace(char32_t c)
{
    return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20) || c == 0x85 || c == 0xA0 || c == 0x1680
           || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

inline U lstrip(const U& s)
{
    std::size_t i = 0;
    while (i < s.size() && isPySpace(s[i]))
        ++i;
    return s.substr(i);
}

inline U rstrip(const U& s)
{
    std::size_t n = s.size();
    while (n > 0 && isPySpace(s[n - 1]))
        --n;
    return s.substr(0, n);
}

inline U strip(const U& s) { return lstrip(rstrip(s)); }

// Python's int() of a str: Python's white space around, a sign, ASCII decimal digits with single
// underscores between them; nothing where int() raises (or the value leaves 64 bits).
inline std::optional<long long> intOf(const QString& text)
{
    const U s = strip(toU(text));
    std::size_t i = 0;
    const bool negative = !s.empty() && s[0] == U'-';
    if (!s.empty() && (s[0] == U'+' || s[0] == U'-'))
        ++i;
    long long value = 0;
    bool afterDigit = false;
    for (; i < s.size(); ++i) {
        const char32_t c = s[i];
        if (c >= U'0' && c <= U'9') {
            if (value > (std::numeric_limits<long long>::max() - 9) / 10)
                return std::nullopt;
            value = value * 10 + (c - U'0');
            afterDigit = true;
        } else if (c == U'_' && afterDigit) {
            afterDigit = false;
        } else {
            return std::nullopt;
        }
    }
    if (!afterDigit)
        return std::nullopt;
    return negative ? -value : value;
}

inline std::vector<U> split(const U& s)
{
    std::vector<U> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == U'\n') {
            out.push_back(s.substr(start, i - start));
            start = i + 1;
        }
    }
    out.push_back(s.substr(start));
    return out;
}

inline U join(const std::vector<U>& parts, std::size_t from, std::size_t to)
{
    U out;
    for (std::size_t i = from; i < to; ++i) {
        if (i > from)
            out.push_back(U'\n');
        out += parts[i];
    }
    return out;
}

inline U join(const std::vector<U>& parts) { return join(parts, 0, parts.size()); }

// Python's str.splitlines() (no ends kept).
inline std::vector<U> splitLines(const U& s)
{
    std::vector<U> out;
    std::size_t start = 0, i = 0;
    while (i < s.size()) {
        const char32_t c = s[i];
        const bool brk = c == U'\n' || c == U'\r' || c == 0x0B || c == 0x0C || c == 0x1C || c == 0x1D || c == 0x1E
                         || c == 0x85 || c == 0x2028 || c == 0x2029;
        if (!brk) {
            ++i;
            continue;
        }
        out.push_back(s.substr(start, i - start));
        i += (c == U'\r' && i + 1 < s.size() && s[i + 1] == U'\n') ? 2 : 1;
        start = i;
    }
    if (start < s.size())
        out.push_back(s.substr(start));
    return out;
}

inline bool contains(const U& hay, const U& needle) { return hay.find(needle) != U::npos; }

inline U replaceAll(U s, const U& from, const U& to)
{
    std::size_t pos = 0;
    while ((pos = s.find(from, pos)) != U::npos) {
        s.replace(pos, from.size(), to);
        pos += to.size();
    }
    return s;
}

inline std::size_t count(const U& s, char32_t c, std::size_t from, std::size_t to)
{
    return std::size_t(std::count(s.begin() + std::ptrdiff_t(from), s.begin() + std::ptrdiff_t(to), c));
}

inline bool isBlank(char32_t c) { return c == U' ' || c == U'\t'; }

} // namespace sediment::pytext
