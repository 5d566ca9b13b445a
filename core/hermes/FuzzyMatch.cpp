#include "hermes/FuzzyMatch.h"

#include "util/SequenceMatcher.h"

#include <QList>

#include <algorithm>
#include <functional>
#include <optional>

namespace sediment {

namespace {

using U = std::u32string;
using Span = FuzzyMatch::Span;
using Spans = std::vector<Span>;

U toU(const QString& s)
{
    const QList<uint> ucs = s.toUcs4();
    return U(ucs.begin(), ucs.end());
}

QString fromU(const U& s) { return QString::fromUcs4(s.data(), qsizetype(s.size())); }

U lit(const char* ascii)
{
    U out;
    for (const char* p = ascii; *p; ++p)
        out.push_back(char32_t(static_cast<unsigned char>(*p)));
    return out;
}

// Python's str.isspace(), which strip() and friends use.
bool isPySpace(char32_t c)
{
    return (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20) || c == 0x85 || c == 0xA0
        || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029
        || c == 0x202F || c == 0x205F || c == 0x3000;
}

U lstrip(const U& s)
{
    std::size_t i = 0;
    while (i < s.size() && isPySpace(s[i]))
        ++i;
    return s.substr(i);
}

U rstrip(const U& s)
{
    std::size_t n = s.size();
    while (n > 0 && isPySpace(s[n - 1]))
        --n;
    return s.substr(0, n);
}

U strip(const U& s) { return lstrip(rstrip(s)); }

std::vector<U> split(const U& s)
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

U join(const std::vector<U>& parts, std::size_t from, std::size_t to)
{
    U out;
    for (std::size_t i = from; i < to; ++i) {
        if (i > from)
            out.push_back(U'\n');
        out += parts[i];
    }
    return out;
}

U join(const std::vector<U>& parts) { return join(parts, 0, parts.size()); }

// Python's str.splitlines() (no ends kept).
std::vector<U> splitLines(const U& s)
{
    std::vector<U> out;
    std::size_t start = 0, i = 0;
    while (i < s.size()) {
        const char32_t c = s[i];
        const bool brk = c == U'\n' || c == U'\r' || c == 0x0B || c == 0x0C || c == 0x1C
                      || c == 0x1D || c == 0x1E || c == 0x85 || c == 0x2028 || c == 0x2029;
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

bool contains(const U& hay, const U& needle) { return hay.find(needle) != U::npos; }

U replaceAll(U s, const U& from, const U& to)
{
    std::size_t pos = 0;
    while ((pos = s.find(from, pos)) != U::npos) {
        s.replace(pos, from.size(), to);
        pos += to.size();
    }
    return s;
}

std::size_t count(const U& s, char32_t c, std::size_t from, std::size_t to)
{
    return std::size_t(std::count(s.begin() + std::ptrdiff_t(from), s.begin() + std::ptrdiff_t(to), c));
}

const std::vector<std::pair<char32_t, U>>& unicodeMap()
{
    static const std::vector<std::pair<char32_t, U>> map = [] {
        std::vector<std::pair<char32_t, U>> m{
            {0x201C, lit("\"")}, {0x201D, lit("\"")}, {0x2018, lit("'")},  {0x2019, lit("'")},
            {0x2014, lit("--")}, {0x2013, lit("-")},  {0x2026, lit("...")}, {0x00A0, lit(" ")},
            {0x2212, lit("-")},  {0x202F, lit(" ")},  {0x205F, lit(" ")},  {0x3000, lit(" ")}};
        for (char32_t c = 0x2000; c <= 0x200A; ++c)
            m.push_back({c, lit(" ")});
        return m;
    }();
    return map;
}

const U* unicodeReplacement(char32_t c)
{
    for (const auto& [from, to] : unicodeMap())
        if (from == c)
            return &to;
    return nullptr;
}

U unicodeNormalize(const U& s)
{
    U out;
    out.reserve(s.size());
    for (const char32_t c : s) {
        if (const U* r = unicodeReplacement(c))
            out += *r;
        else
            out.push_back(c);
    }
    return out;
}

Spans exactMatches(const U& content, const U& pattern)
{
    Spans out;
    if (pattern.empty())
        return out;
    std::size_t start = 0;
    while (true) {
        const std::size_t pos = content.find(pattern, start);
        if (pos == U::npos)
            break;
        out.push_back({pos, pos + pattern.size()});
        start = pos + pattern.size();
    }
    return out;
}

Span linePositions(const std::vector<U>& lines, std::size_t startLine, std::size_t endLine,
                   std::size_t contentLength)
{
    std::size_t start = 0;
    for (std::size_t i = 0; i < startLine; ++i)
        start += lines[i].size() + 1;
    std::size_t end = start;
    for (std::size_t i = startLine; i < endLine; ++i)
        end += lines[i].size() + 1;
    // Python computes sum(...) - 1, which is -1 for an empty range; min() then keeps it.
    const std::ptrdiff_t e = std::ptrdiff_t(end) - 1;
    return {start, std::size_t(std::min<std::ptrdiff_t>(std::ptrdiff_t(contentLength), e))};
}

Spans normalizedLineMatches(const U& content, const std::vector<U>& contentLines,
                            const std::vector<U>& normLines, const U& patternNormalized)
{
    const std::vector<U> patternLines = split(patternNormalized);
    Spans out;
    const std::size_t n = patternLines.size();
    if (normLines.size() < n)
        return out;
    for (std::size_t i = 0; i + n <= normLines.size(); ++i) {
        bool same = true;
        for (std::size_t k = 0; k < n && same; ++k)
            same = normLines[i + k] == patternLines[k];
        if (same)
            out.push_back(linePositions(contentLines, i, i + n, content.size()));
    }
    return out;
}

Spans lineTrimmed(const U& content, const U& pattern)
{
    std::vector<U> patternLines = split(pattern);
    for (U& l : patternLines)
        l = strip(l);
    const std::vector<U> contentLines = split(content);
    std::vector<U> norm;
    norm.reserve(contentLines.size());
    for (const U& l : contentLines)
        norm.push_back(strip(l));
    return normalizedLineMatches(content, contentLines, norm, join(patternLines));
}

U collapseBlanks(const U& s)
{
    U out;
    out.reserve(s.size());
    bool inRun = false;
    for (const char32_t c : s) {
        if (c == U' ' || c == U'\t') {
            if (!inRun)
                out.push_back(U' ');
            inRun = true;
        } else {
            out.push_back(c);
            inRun = false;
        }
    }
    return out;
}

bool isBlank(char32_t c) { return c == U' ' || c == U'\t'; }

// Hermes' best-effort map from the collapsed text back to the original, quirks included, so
// that a match covers the same characters it covers in Hermes.
Spans mapCollapsed(const U& original, const U& normalized, const Spans& matches)
{
    std::vector<std::size_t> o2n;
    o2n.reserve(original.size());
    std::size_t oi = 0, ni = 0;
    while (oi < original.size() && ni < normalized.size()) {
        if (original[oi] == normalized[ni]) {
            o2n.push_back(ni);
            ++oi;
            ++ni;
        } else if (isBlank(original[oi]) && normalized[ni] == U' ') {
            o2n.push_back(ni);
            ++oi;
            if (oi < original.size() && !isBlank(original[oi]))
                ++ni;
        } else {
            o2n.push_back(ni);
            ++oi;
        }
    }
    while (oi < original.size()) {
        o2n.push_back(normalized.size());
        ++oi;
    }
    constexpr std::size_t kNone = std::size_t(-1);
    std::vector<std::size_t> firstAt(normalized.size() + 1, kNone), lastAt(normalized.size() + 1, kNone);
    for (std::size_t op = 0; op < o2n.size(); ++op) {
        if (firstAt[o2n[op]] == kNone)
            firstAt[o2n[op]] = op;
        lastAt[o2n[op]] = op;
    }
    Spans out;
    for (const auto& [ns, ne] : matches) {
        std::size_t os = kNone;
        if (firstAt[ns] != kNone) {
            os = firstAt[ns];
        } else {
            for (std::size_t i = 0; i < o2n.size(); ++i)
                if (o2n[i] >= ns) {
                    os = i;
                    break;
                }
            if (os == kNone)
                continue; // Python raises here; no match is the safe reading
        }
        std::size_t oe = (ne >= 1 && lastAt[ne - 1] != kNone) ? lastAt[ne - 1] + 1 : os + (ne - ns);
        if (ne < normalized.size() && ne >= 1 && normalized[ne - 1] == U' ')
            while (oe < original.size() && isBlank(original[oe]))
                ++oe;
        out.push_back({os, std::min(oe, original.size())});
    }
    return out;
}

Spans whitespaceNormalized(const U& content, const U& pattern)
{
    const U nc = collapseBlanks(content);
    const Spans found = exactMatches(nc, collapseBlanks(pattern));
    if (found.empty())
        return {};
    return mapCollapsed(content, nc, found);
}

Spans indentationFlexible(const U& content, const U& pattern)
{
    const std::vector<U> contentLines = split(content);
    std::vector<U> norm;
    norm.reserve(contentLines.size());
    for (const U& l : contentLines)
        norm.push_back(lstrip(l));
    std::vector<U> patternLines = split(pattern);
    for (U& l : patternLines)
        l = lstrip(l);
    return normalizedLineMatches(content, contentLines, norm, join(patternLines));
}

Spans escapeNormalized(const U& content, const U& pattern)
{
    U unescaped = replaceAll(pattern, lit("\\n"), lit("\n"));
    unescaped = replaceAll(unescaped, lit("\\t"), lit("\t"));
    unescaped = replaceAll(unescaped, lit("\\r"), lit("\r"));
    if (unescaped == pattern)
        return {};
    return exactMatches(content, unescaped);
}

Spans trimmedBoundary(const U& content, const U& pattern)
{
    std::vector<U> patternLines = split(pattern);
    patternLines.front() = strip(patternLines.front());
    if (patternLines.size() > 1)
        patternLines.back() = strip(patternLines.back());
    const std::vector<U> contentLines = split(content);
    const std::size_t n = patternLines.size();
    Spans out;
    for (std::size_t i = 0; i + n <= contentLines.size(); ++i) {
        bool same = true;
        for (std::size_t k = 0; k < n && same; ++k) {
            const bool edge = k == 0 || k == n - 1;
            same = (edge ? strip(contentLines[i + k]) : contentLines[i + k]) == patternLines[k];
        }
        if (same)
            out.push_back(linePositions(contentLines, i, i + n, content.size()));
    }
    return out;
}

std::vector<std::size_t> origToNormMap(const U& original)
{
    std::vector<std::size_t> out;
    out.reserve(original.size() + 1);
    std::size_t pos = 0;
    for (const char32_t c : original) {
        out.push_back(pos);
        const U* r = unicodeReplacement(c);
        pos += r ? r->size() : 1;
    }
    out.push_back(pos);
    return out;
}

Spans mapNormToOrig(const std::vector<std::size_t>& o2n, const Spans& matches)
{
    const std::size_t origLen = o2n.size() - 1;
    Spans out;
    for (const auto& [ns, ne] : matches) {
        std::optional<std::size_t> start;
        for (std::size_t op = 0; op < origLen; ++op)
            if (o2n[op] == ns) {
                start = op;
                break;
            }
        if (!start)
            continue;
        std::size_t end = *start;
        while (end < origLen && o2n[end] < ne)
            ++end;
        out.push_back({*start, end});
    }
    return out;
}

Spans unicodeNormalized(const U& content, const U& pattern)
{
    const U np = unicodeNormalize(pattern);
    const U nc = unicodeNormalize(content);
    if (nc == content && np == pattern)
        return {};
    Spans found = exactMatches(nc, np);
    if (found.empty())
        found = lineTrimmed(nc, np);
    if (found.empty())
        return {};
    return mapNormToOrig(origToNormMap(content), found);
}

Spans blockAnchor(const U& content, const U& pattern)
{
    const std::vector<U> patternLines = split(unicodeNormalize(pattern));
    if (patternLines.size() < 2)
        return {};
    const U first = strip(patternLines.front());
    const U last = strip(patternLines.back());
    const std::vector<U> normLines = split(unicodeNormalize(content));
    const std::vector<U> origLines = split(content);
    const std::size_t n = patternLines.size();
    std::vector<std::size_t> candidates;
    for (std::size_t i = 0; i + n <= normLines.size(); ++i)
        if (strip(normLines[i]) == first && strip(normLines[i + n - 1]) == last)
            candidates.push_back(i);
    const double threshold = candidates.size() == 1 ? 0.50 : 0.70;
    Spans out;
    const U patternMiddle = join(patternLines, 1, n - 1);
    for (const std::size_t i : candidates) {
        double similarity = 1.0;
        if (n > 2) {
            const U contentMiddle = join(normLines, i + 1, i + n - 1);
            similarity = SequenceMatcher(contentMiddle, patternMiddle).ratio();
        }
        // Hermes maps back with the original lines; a line that normalisation widened would
        // shift the offsets the same way there.
        if (similarity >= threshold && i + n <= origLines.size())
            out.push_back(linePositions(origLines, i, i + n, content.size()));
    }
    return out;
}

Spans contextAware(const U& content, const U& pattern)
{
    const std::vector<U> patternLines = split(pattern);
    const std::vector<U> contentLines = split(content);
    const std::size_t n = patternLines.size();
    if (n > contentLines.size())
        return {};
    const U firstPat = strip(patternLines.front());
    const U lastPat = strip(patternLines.back());
    constexpr double kAnchor = 0.80;
    Spans out;
    for (std::size_t i = 0; i + n <= contentLines.size(); ++i) {
        if (SequenceMatcher::similarity(firstPat, strip(contentLines[i])) < kAnchor)
            continue;
        if (SequenceMatcher::similarity(lastPat, strip(contentLines[i + n - 1])) < kAnchor)
            continue;
        bool all = true;
        for (std::size_t k = 0; k < n && all; ++k) {
            const U p = strip(patternLines[k]);
            if (p.empty())
                continue;
            all = SequenceMatcher::similarity(p, strip(contentLines[i + k])) >= 0.80;
        }
        if (all)
            out.push_back(linePositions(contentLines, i, i + n, content.size()));
    }
    return out;
}

struct Strategy {
    const char* name;
    Spans (*fn)(const U&, const U&);
};

const std::vector<Strategy>& strategies()
{
    static const std::vector<Strategy> list{
        {"exact", exactMatches},
        {"line_trimmed", lineTrimmed},
        {"whitespace_normalized", whitespaceNormalized},
        {"indentation_flexible", indentationFlexible},
        {"escape_normalized", escapeNormalized},
        {"trimmed_boundary", trimmedBoundary},
        {"unicode_normalized", unicodeNormalized},
        {"block_anchor", blockAnchor},
        {"context_aware", contextAware},
    };
    return list;
}

U matchedRegions(const U& content, const Spans& matches)
{
    U out;
    for (const auto& [s, e] : matches)
        out += content.substr(s, e - s);
    return out;
}

// Python's repr() of a short string, as Hermes' f-strings print it with !r.
U pyRepr(const U& s)
{
    const bool hasSingle = contains(s, lit("'"));
    const bool hasDouble = contains(s, lit("\""));
    const char32_t quote = (hasSingle && !hasDouble) ? U'"' : U'\'';
    U out(1, quote);
    for (const char32_t c : s) {
        if (c == U'\\')
            out += lit("\\\\");
        else if (c == quote) {
            out.push_back(U'\\');
            out.push_back(c);
        }
        else if (c == U'\n')
            out += lit("\\n");
        else if (c == U'\r')
            out += lit("\\r");
        else if (c == U'\t')
            out += lit("\\t");
        else if (c < 0x20 || c == 0x7F) {
            static const char* hex = "0123456789abcdef";
            out += lit("\\x");
            out.push_back(char32_t(hex[(c >> 4) & 0xF]));
            out.push_back(char32_t(hex[c & 0xF]));
        } else
            out.push_back(c);
    }
    out.push_back(quote);
    return out;
}

U number(std::size_t n) { return toU(QString::number(qulonglong(n))); }

std::optional<U> escapeDrift(const U& content, const Spans& matches, const U& oldS, const U& newS)
{
    const U sq = lit("\\'"), dq = lit("\\\"");
    if (!contains(newS, sq) && !contains(newS, dq))
        return std::nullopt;
    const U region = matchedRegions(content, matches);
    for (const U& suspect : {sq, dq}) {
        if (contains(newS, suspect) && contains(oldS, suspect) && !contains(region, suspect)) {
            const U plain(1, suspect[1]);
            return lit("Escape-drift detected: old_string and new_string contain the literal "
                       "sequence ")
                 + pyRepr(suspect)
                 + lit(" but the matched region of the file does not. This is almost always a "
                       "tool-call serialization artifact where an apostrophe or quote got "
                       "prefixed with a spurious backslash. Re-read the file with read_file and "
                       "pass old_string/new_string without backslash-escaping ")
                 + pyRepr(plain) + lit(" characters.");
        }
    }
    return std::nullopt;
}

U leadingWhitespace(const U& line)
{
    std::size_t i = 0;
    while (i < line.size() && isBlank(line[i]))
        ++i;
    return line.substr(0, i);
}

bool opensBlock(const U& line)
{
    const U r = rstrip(line);
    return !r.empty() && (r.back() == U':' || r.back() == U'{' || r.back() == U'(');
}

std::optional<U> rogueIndent(const U& oldS, const U& newS)
{
    std::vector<U> oldLines, newLines;
    for (const U& l : split(oldS))
        if (!strip(l).empty())
            oldLines.push_back(l);
    for (const U& l : split(newS))
        if (!strip(l).empty())
            newLines.push_back(l);
    if (oldLines.empty() || newLines.empty())
        return std::nullopt;
    std::size_t maxOld = 0;
    for (const U& l : oldLines)
        maxOld = std::max(maxOld, leadingWhitespace(l).size());
    if (std::any_of(oldLines.begin(), oldLines.end(), opensBlock)
        || std::any_of(newLines.begin(), newLines.end(), opensBlock))
        return std::nullopt;
    std::vector<U> deeper;
    for (const U& l : newLines)
        if (leadingWhitespace(l).size() > maxOld)
            deeper.push_back(l);
    if (deeper.empty())
        return std::nullopt;
    const U sample = strip(deeper.front()).substr(0, 60);
    return lit("Suspicious indentation in new_string: ") + number(deeper.size())
         + lit(" line(s) indented deeper than old_string's max indent (") + number(maxOld)
         + toU(QStringLiteral(" spaces), but neither old_string nor new_string opens a nesting "
                              "block (':', '{', '('). Likely a model indent typo \u2014 check the "
                              "indentation of: "))
         + pyRepr(sample);
}

U maybeUnescape(const U& newS, const U& content, const Spans& matches)
{
    const U bt = lit("\\t"), br = lit("\\r");
    if (!contains(newS, bt) && !contains(newS, br))
        return newS;
    const U region = matchedRegions(content, matches);
    U out = newS;
    if (contains(out, bt) && contains(region, lit("\t")))
        out = replaceAll(out, bt, lit("\t"));
    if (contains(out, br) && contains(region, lit("\r")))
        out = replaceAll(out, br, lit("\r"));
    return out;
}

U preserveUnicode(const U& content, const Spans& matches, const U& oldS, const U& newS)
{
    const U region = matchedRegions(content, matches);
    const U normOld = unicodeNormalize(oldS);
    if (normOld != unicodeNormalize(region))
        return newS;
    const std::vector<std::size_t> o2n = origToNormMap(region);
    auto origStartOf = [&](std::size_t np) -> std::size_t {
        for (std::size_t op = 0; op + 1 < o2n.size(); ++op)
            if (o2n[op] == np)
                return op;
        return 0;
    };
    const SequenceMatcher sm(normOld, newS);
    U out;
    for (const auto& op : sm.opcodes()) {
        using Tag = SequenceMatcher::Opcode::Tag;
        if (op.tag == Tag::Equal) {
            const std::size_t start = origStartOf(op.a1);
            std::size_t end = start;
            while (end < region.size() && o2n[end] < op.a2)
                ++end;
            out += region.substr(start, end - start);
        } else if (op.tag == Tag::Replace || op.tag == Tag::Insert) {
            out += newS.substr(op.b1, op.b2 - op.b1);
        }
    }
    return out;
}

std::optional<U> firstMeaningfulLine(const U& text)
{
    for (const U& l : split(text))
        if (!strip(l).empty())
            return l;
    return std::nullopt;
}

U reindent(const U& fileRegion, const U& oldS, const U& newS)
{
    if (newS.empty())
        return newS;
    const auto oldFirst = firstMeaningfulLine(oldS);
    const auto fileFirst = firstMeaningfulLine(fileRegion);
    if (!oldFirst || !fileFirst)
        return newS;
    const U oldIndent = leadingWhitespace(*oldFirst);
    const U fileIndent = leadingWhitespace(*fileFirst);
    if (oldIndent == fileIndent)
        return newS;
    std::vector<U> out;
    for (const U& line : split(newS)) {
        if (strip(line).empty()) {
            out.push_back(line);
            continue;
        }
        if (leadingWhitespace(line).starts_with(oldIndent)) {
            out.push_back(fileIndent + line.substr(oldIndent.size()));
        } else {
            std::size_t i = 0;
            while (i < line.size() && isBlank(line[i]))
                ++i;
            out.push_back(fileIndent + line.substr(i));
        }
    }
    return join(out);
}

U applyReplacements(const U& content, Spans matches, const U& newS, const U* oldS)
{
    std::stable_sort(matches.begin(), matches.end(),
                     [](const Span& x, const Span& y) { return x.first > y.first; });
    U result = content;
    for (const auto& [s, e] : matches) {
        const U adjusted = oldS ? reindent(content.substr(s, e - s), *oldS, newS) : newS;
        result = result.substr(0, s) + adjusted + result.substr(std::min(e, result.size()));
    }
    return result;
}

U formatLocations(const U& content, const Spans& matches)
{
    constexpr std::size_t kCap = 5;
    std::vector<U> rows;
    for (std::size_t m = 0; m < matches.size() && m < kCap; ++m) {
        const std::size_t start = matches[m].first;
        const std::size_t lineNo = count(content, U'\n', 0, start) + 1;
        const std::size_t nl = start == 0 ? U::npos : content.rfind(U'\n', start - 1);
        const std::size_t lineStart = nl == U::npos ? 0 : nl + 1;
        std::size_t lineEnd = content.find(U'\n', lineStart);
        if (lineEnd == U::npos)
            lineEnd = content.size();
        U snippet = strip(content.substr(lineStart, lineEnd - lineStart));
        if (snippet.size() > 80)
            snippet = snippet.substr(0, 77) + lit("...");
        rows.push_back(lit("  L") + number(lineNo) + lit(": ") + snippet);
    }
    if (matches.size() > kCap)
        rows.push_back(lit("  ... and ") + number(matches.size() - kCap) + lit(" more"));
    return join(rows);
}

U visualizeWhitespace(const U& line)
{
    U out;
    std::size_t i = 0;
    while (i < line.size() && isBlank(line[i])) {
        out.push_back(line[i] == U'\t' ? char32_t(0x2192) : char32_t(0x00B7));
        ++i;
    }
    return out + line.substr(i);
}

U closestLines(const U& oldS, const U& content)
{
    if (oldS.empty() || content.empty())
        return {};
    const std::vector<U> oldLines = splitLines(oldS);
    const std::vector<U> contentLines = splitLines(content);
    if (oldLines.empty() || contentLines.empty())
        return {};
    U anchor = strip(oldLines.front());
    if (anchor.empty()) {
        for (const U& l : oldLines)
            if (!strip(l).empty()) {
                anchor = strip(l);
                break;
            }
        if (anchor.empty())
            return {};
    }
    std::vector<std::pair<double, std::size_t>> scored;
    for (std::size_t i = 0; i < contentLines.size(); ++i) {
        const U stripped = strip(contentLines[i]);
        if (stripped.empty())
            continue;
        const double r = SequenceMatcher(anchor, stripped).ratio();
        if (r > 0.3)
            scored.push_back({r, i});
    }
    if (scored.empty())
        return {};
    std::stable_sort(scored.begin(), scored.end(),
                     [](const auto& x, const auto& y) { return x.first > y.first; });
    if (scored.size() > 3)
        scored.resize(3);
    std::vector<U> parts;
    std::vector<std::pair<std::size_t, std::size_t>> seen;
    for (const auto& [ratio, idx] : scored) {
        const std::size_t start = idx >= 2 ? idx - 2 : 0;
        const std::size_t end = std::min(contentLines.size(), idx + oldLines.size() + 2);
        if (std::find(seen.begin(), seen.end(), std::pair{start, end}) != seen.end())
            continue;
        seen.push_back({start, end});
        std::vector<U> rows;
        for (std::size_t j = start; j < end; ++j)
            rows.push_back(toU(QStringLiteral("%1| ").arg(qulonglong(j + 1), 4)) + contentLines[j]);
        parts.push_back(join(rows));
    }
    if (parts.empty())
        return {};
    U result;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (i)
            result += lit("\n---\n");
        result += parts[i];
    }
    const U& best = contentLines[scored.front().second];
    if (strip(best) == anchor && best != oldLines.front()) {
        result += toU(QStringLiteral("\n\nWhitespace difference detected (\u2192 = tab, \u00b7 = space):\n"))
                + lit("  file has: ") + visualizeWhitespace(best) + lit("\n")
                + lit("  you sent: ") + visualizeWhitespace(oldLines.front()) + lit("\n")
                + lit("Use the exact whitespace shown in 'file has'.");
    }
    return result;
}

} // namespace

FuzzyMatch::Outcome FuzzyMatch::findAndReplace(const QString& contentQ, const QString& oldQ,
                                               const QString& newQ, bool replaceAll)
{
    Outcome out;
    out.content = contentQ;
    if (oldQ.isEmpty()) {
        out.error = QStringLiteral("old_string cannot be empty");
        return out;
    }
    const U content = toU(contentQ), oldS = toU(oldQ), newS = toU(newQ);
    if (strip(oldS).empty()) {
        out.error = QStringLiteral("old_string is only whitespace \u2014 provide non-blank text to match");
        return out;
    }
    if (oldS == newS) {
        out.error = QStringLiteral("old_string and new_string are identical");
        return out;
    }
    for (const Strategy& s : strategies()) {
        const Spans matches = s.fn(content, oldS);
        if (matches.empty())
            continue;
        const QString name = QString::fromLatin1(s.name);
        if (matches.size() > 1 && !replaceAll) {
            out.error = QStringLiteral("Found %1 matches for old_string. Provide more context to "
                                       "make it unique, or use replace_all=True. Matches:\n")
                            .arg(matches.size())
                      + fromU(formatLocations(content, matches));
            return out;
        }
        const bool similarity = name == QLatin1String("block_anchor")
                             || name == QLatin1String("context_aware");
        if (replaceAll && matches.size() > 1 && similarity) {
            out.error = QStringLiteral("Found %1 approximate matches via the '%2' strategy; "
                                       "replace_all only applies to exact matches. Provide the "
                                       "precise text (whitespace included) so an "
                                       "exact/line-trimmed match can be made.")
                            .arg(matches.size())
                            .arg(name);
            return out;
        }
        const bool exact = name == QLatin1String("exact");
        if (!exact) {
            if (auto e = escapeDrift(content, matches, oldS, newS)) {
                out.error = fromU(*e);
                return out;
            }
            if (auto e = rogueIndent(oldS, newS)) {
                out.error = fromU(*e);
                return out;
            }
        }
        U effective = maybeUnescape(newS, content, matches);
        if (name == QLatin1String("unicode_normalized"))
            effective = preserveUnicode(content, matches, oldS, effective);
        out.content = fromU(applyReplacements(content, matches, effective, exact ? nullptr : &oldS));
        out.count = int(matches.size());
        out.strategy = name;
        return out;
    }
    out.error = QStringLiteral("Could not find a match for old_string in the file");
    return out;
}

QString FuzzyMatch::noMatchHint(const QString& error, int count, const QString& oldString,
                                const QString& content)
{
    if (count != 0 || !error.startsWith(QLatin1String("Could not find")))
        return {};
    const U hint = closestLines(toU(oldString), toU(content));
    if (hint.empty())
        return {};
    return QStringLiteral("\n\nDid you mean one of these sections?\n") + fromU(hint);
}

std::vector<FuzzyMatch::Span> FuzzyMatch::strategyMatches(const QString& name,
                                                          const QString& content,
                                                          const QString& pattern)
{
    for (const Strategy& s : strategies())
        if (name == QLatin1String(s.name))
            return s.fn(toU(content), toU(pattern));
    return {};
}

} // namespace sediment
