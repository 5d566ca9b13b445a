#include "hermes/FuzzyStrategies.h"

#include "util/SequenceMatcher.h"

#include <optional>

namespace sediment::fuzzy {

using namespace pytext;

namespace {

const std::vector<std::pair<char32_t, U>>& unicodeMap()
{
    static const std::vector<std::pair<char32_t, U>> map = [] {
        std::vector<std::pair<char32_t, U>> m{{0x201C, lit("\"")},  {0x201D, lit("\"")}, {0x2018, lit("'")},
                                              {0x2019, lit("'")},   {0x2014, lit("--")}, {0x2013, lit("-")},
                                              {0x2026, lit("...")}, {0x00A0, lit(" ")},  {0x2212, lit("-")},
                                              {0x202F, lit(" ")},   {0x205F, lit(" ")},  {0x3000, lit(" ")}};
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

U normalize(const U& s)
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

Span linePositions(const std::vector<U>& lines, std::size_t startLine, std::size_t endLine, std::size_t contentLength)
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

Spans normalizedLineMatches(const U& content, const std::vector<U>& contentLines, const std::vector<U>& normLines,
                            const U& patternNormalized)
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

std::vector<std::size_t> orig2norm(const U& original)
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
    const U np = normalize(pattern);
    const U nc = normalize(content);
    if (nc == content && np == pattern)
        return {};
    Spans found = exactMatches(nc, np);
    if (found.empty())
        found = lineTrimmed(nc, np);
    if (found.empty())
        return {};
    return mapNormToOrig(orig2norm(content), found);
}

Spans blockAnchor(const U& content, const U& pattern)
{
    const std::vector<U> patternLines = split(normalize(pattern));
    if (patternLines.size() < 2)
        return {};
    const U first = strip(patternLines.front());
    const U last = strip(patternLines.back());
    const std::vector<U> normLines = split(normalize(content));
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

const std::vector<Strategy>& strategyList()
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

} // namespace

const std::vector<Strategy>& strategies() { return strategyList(); }
U unicodeNormalize(const U& s) { return normalize(s); }
std::vector<std::size_t> origToNormMap(const U& original) { return orig2norm(original); }

} // namespace sediment::fuzzy
