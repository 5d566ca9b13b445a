#include "memory/MemoryResponse.h"

#include "memory/MemoryFile.h"
#include "memory/UnicodeText.h"

#include <algorithm>

namespace sediment {

namespace {

// Hermes bounds a tool error's text so that a runaway message cannot flood the agent's context.
constexpr qsizetype kMaxToolErrorCodePoints = 2048;

void appendEscape(std::string& out, char32_t unit)
{
    static const char hex[] = "0123456789abcdef";
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4)
        out += hex[(unit >> shift) & 0xF];
}

// json.dumps' default output from its ensure_ascii=False output: every non-ASCII code point
// becomes \uXXXX (a surrogate pair above the BMP). The input is valid UTF-8, since every
// string in it came from valid UTF-8 or was escaped.
std::string escapeNonAscii(const std::string& text)
{
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            out += char(c);
            ++i;
            continue;
        }
        const int length = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
        char32_t cp = c & (0x3F >> (length - 1));
        for (int k = 1; k < length && i + k < text.size(); ++k)
            cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
        i += length;
        if (cp >= 0x10000) {
            appendEscape(out, 0xD800 + ((cp - 0x10000) >> 10));
            appendEscape(out, 0xDC00 + ((cp - 0x10000) & 0x3FF));
        } else {
            appendEscape(out, cp);
        }
    }
    return out;
}

} // namespace

Json MemoryResponse::toJsonArray(const QStringList& entries)
{
    Json list = Json::array();
    for (const QString& e : entries)
        list.push_back(toStd(e));
    return list;
}

int MemoryResponse::usage(const QStringList& entries)
{
    if (entries.isEmpty())
        return 0;
    return int(UnicodeText::length(MemoryFile::join(entries)));
}

int MemoryResponse::percent(int current, int limit)
{
    if (limit <= 0)
        return 0;
    // Python computes int((current / limit) * 100) in doubles: 638/2200*100 is 28.999...,
    // which truncates to 28. Hermes caps the figure at 100 for a file grown past its limit.
    const double pct = double(current) / double(limit) * 100.0;
    return std::min(100, int(pct));
}

QString MemoryResponse::budgetText(int current, int limit)
{
    return UnicodeText::groupThousands(current) + QLatin1Char('/') + UnicodeText::groupThousands(limit);
}

QString MemoryResponse::usageText(int current, int limit)
{
    return QStringLiteral("%1% \u2014 %2 chars").arg(percent(current, limit)).arg(budgetText(current, limit));
}

Json MemoryResponse::success(const QString& target, const QStringList& entries, int limit, const QString& message,
                             const Json& extra)
{
    Json r = Json::object();
    r["success"] = true;
    r["done"] = true;
    r["target"] = toStd(target);
    r["usage"] = toStd(usageText(usage(entries), limit));
    r["entry_count"] = entries.size();
    if (!message.isEmpty())
        r["message"] = toStd(message);
    for (const auto& [key, value] : extra.items())
        r[key] = value;
    r["note"] = "Write saved. This update is complete \u2014 do not repeat it.";
    return r;
}

Json MemoryResponse::listing(const QString& target, const QStringList& entries, int limit)
{
    Json r = Json::object();
    r["success"] = true;
    r["target"] = toStd(target);
    r["entries"] = toJsonArray(entries);
    r["usage"] = toStd(usageText(usage(entries), limit));
    r["entry_count"] = entries.size();
    return r;
}

Json MemoryResponse::failure(const QString& error)
{
    Json r = Json::object();
    r["success"] = false;
    r["error"] = toStd(error);
    return r;
}

Json MemoryResponse::failureWithEntries(const QString& error, const QStringList& entries, int limit)
{
    Json r = failure(error);
    r["current_entries"] = toJsonArray(entries);
    r["usage"] = toStd(budgetText(usage(entries), limit));
    return r;
}

Json MemoryResponse::failureWithUsage(const QString& error, const QStringList& entries, int limit)
{
    Json r = failure(error);
    r["usage"] = toStd(budgetText(usage(entries), limit));
    return r;
}

QString MemoryResponse::boundError(const QString& error)
{
    if (UnicodeText::length(error) <= kMaxToolErrorCodePoints)
        return error;
    return UnicodeText::left(error, kMaxToolErrorCodePoints) + QStringLiteral("\u2026 [truncated]");
}

Json MemoryResponse::toolError(const QString& error)
{
    Json r = Json::object();
    r["error"] = toStd(boundError(error));
    r["success"] = false;
    return r;
}

std::string MemoryResponse::print(const Json& value, bool asciiOnly)
{
    const std::string text = json::pythonDump(value);
    return asciiOnly ? escapeNonAscii(text) : text;
}

} // namespace sediment
