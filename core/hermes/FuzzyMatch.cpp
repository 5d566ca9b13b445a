#include "hermes/FuzzyMatch.h"

#include "hermes/FuzzyStrategies.h"
#include "util/SequenceMatcher.h"

#include <algorithm>
#include <optional>

namespace sediment {

namespace {

using namespace pytext;
using fuzzy::origToNormMap;
using fuzzy::Span;
using fuzzy::Spans;
using fuzzy::unicodeNormalize;

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
        } else if (c == U'\n')
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
    std::stable_sort(matches.begin(), matches.end(), [](const Span& x, const Span& y) { return x.first > y.first; });
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
    std::stable_sort(scored.begin(), scored.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
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
                  + lit("  file has: ") + visualizeWhitespace(best) + lit("\n") + lit("  you sent: ")
                  + visualizeWhitespace(oldLines.front()) + lit("\n")
                  + lit("Use the exact whitespace shown in 'file has'.");
    }
    return result;
}

} // namespace

FuzzyMatch::Outcome FuzzyMatch::findAndReplace(const QString& contentQ, const QString& oldQ, const QString& newQ,
                                               bool replaceAll)
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
    for (const fuzzy::Strategy& s : fuzzy::strategies()) {
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
        const bool similarity = name == QLatin1String("block_anchor") || name == QLatin1String("context_aware");
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

QString FuzzyMatch::noMatchHint(const QString& error, int count, const QString& oldString, const QString& content)
{
    if (count != 0 || !error.startsWith(QLatin1String("Could not find")))
        return {};
    const U hint = closestLines(toU(oldString), toU(content));
    if (hint.empty())
        return {};
    return QStringLiteral("\n\nDid you mean one of these sections?\n") + fromU(hint);
}

std::vector<FuzzyMatch::Span> FuzzyMatch::strategyMatches(const QString& name, const QString& content,
                                                          const QString& pattern)
{
    for (const fuzzy::Strategy& s : fuzzy::strategies())
        if (name == QLatin1String(s.name))
            return s.fn(toU(content), toU(pattern));
    return {};
}

} // namespace sediment
