#include "proposal/ProposalParser.h"

#include "util/JsonDepth.h"
#include "util/JsonError.h"
#include "util/JsonReader.h"
#include "util/Utf8.h"

#include <QRegularExpression>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace sediment {

namespace {

bool isBlank(std::string_view s)
{
    return std::all_of(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; });
}

// nlohmann's own wording for NaN ("invalid literal") does not tell an agent what to fix.
QString describeSyntaxError(std::string_view text, const char* what)
{
    static const QRegularExpression nonFinite(QStringLiteral(R"((^|[\[:,\s])-?(NaN|Infinity|inf|nan)\b)"));
    const QString line = QString::fromUtf8(text.data(), qsizetype(std::min<size_t>(text.size(), 4096)));
    if (nonFinite.match(line).hasMatch())
        return QStringLiteral("NaN and Infinity are not valid JSON numbers");
    QString message = json::plainError(what);
    // "parse error at line 1, column 5: syntax error ..." -> keep the useful tail.
    const qsizetype colon = message.indexOf(QLatin1String(": "));
    if (message.startsWith(QLatin1String("parse error")) && colon > 0)
        message = message.mid(colon + 2);
    return message;
}

QString tooDeep() { return QStringLiteral("arrays and objects nest deeper than %1 levels").arg(json::kMaxDepth); }

Result<Json> parseOne(std::string_view text)
{
    if (auto quick = json::JsonReader::tryParse(text))
        return std::move(*quick);
    try {
        return json::parseShallow(text);
    } catch (const Json::exception& e) {
        return fail(Error::invalid(describeSyntaxError(text, e.what())));
    } catch (const json::TooDeep&) {
        return fail(Error::invalid(tooDeep()));
    }
}

} // namespace

int ProposalParser::firstInvalidUtf8Line(const char* data, qsizetype size)
{
    // Lines are counted only once a bad byte is found: the scan itself skips ASCII eight bytes
    // at a time, which is nearly all of a proposal file.
    const auto* p = reinterpret_cast<const unsigned char*>(data);
    constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;
    for (qsizetype i = 0; i < size;) {
        if (size - i >= 8) {
            std::uint64_t word;
            std::memcpy(&word, p + i, sizeof word);
            if ((word & kHighBits) == 0) {
                i += 8;
                continue;
            }
        }
        if (p[i] < 0x80) {
            ++i;
            continue;
        }
        const std::size_t len = utf8::sequenceLength(p + i, std::size_t(size - i));
        if (len == 0)
            return 1 + int(std::count(data, data + i, '\n'));
        i += qsizetype(len);
    }
    return 0;
}

Result<std::vector<Json>> ProposalParser::parse(const QByteArray& input)
{
    std::vector<Json> proposals;
    auto r = forEach(input, [&](Json&& value) -> Status {
        proposals.push_back(std::move(value));
        return {};
    });
    if (!r)
        return fail(r.error());
    return proposals;
}

Status ProposalParser::forEach(const QByteArray& input, const std::function<Status(Json&&)>& sink)
{
    if (const int bad = firstInvalidUtf8Line(input.constData(), input.size()); bad > 0)
        return fail(Error::invalid(QStringLiteral("line %1: input is not valid UTF-8").arg(bad)));
    std::string_view text(input.constData(), size_t(input.size()));
    if (text.starts_with("\xEF\xBB\xBF"))
        text.remove_prefix(3);
    if (isBlank(text))
        return {};

    const auto start = text.find_first_not_of(" \t\r\n");
    if (text[start] != '{') {
        // An array (or a stray value, which the validator reports as not an object).
        auto doc = parseOne(text);
        if (!doc)
            return fail(Error::invalid(QStringLiteral("malformed JSON: %1").arg(doc.error().message)));
        if (!doc->is_array())
            return sink(std::move(*doc));
        for (auto& item : *doc)
            if (auto r = sink(std::move(item)); !r)
                return r;
        return {};
    }

    // One object, possibly pretty-printed over several lines: try the whole text first. JSON
    // Lines fail this at the end of the first object, so the attempt is cheap.
    if (auto quick = json::JsonReader::tryParse(text))
        return sink(std::move(*quick));
    Json whole;
    try {
        whole = json::parseShallow(text, false);
    } catch (const json::TooDeep&) {
        return fail(Error::invalid(QStringLiteral("malformed JSON: %1").arg(tooDeep())));
    }
    if (!whole.is_discarded())
        return sink(std::move(whole));
    int lineNo = 0;
    size_t pos = 0;
    while (pos <= text.size()) {
        const size_t nl = text.find('\n', pos);
        const std::string_view line = text.substr(pos, nl == std::string_view::npos ? text.size() - pos : nl - pos);
        ++lineNo;
        if (!isBlank(line)) {
            auto value = parseOne(line);
            if (!value)
                return fail(Error::invalid(
                    QStringLiteral("line %1: malformed JSON: %2").arg(lineNo).arg(value.error().message)));
            if (auto r = sink(std::move(*value)); !r)
                return r;
        }
        if (nl == std::string_view::npos)
            break;
        pos = nl + 1;
    }
    return {};
}

} // namespace sediment
