#include "util/JsonReader.h"

#include "util/Utf8.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

namespace sediment::json {

namespace {

// Deeper documents go to nlohmann, whose parser does not recurse.
constexpr int kMaxDepth = 64;
// No 64-bit whole number has more digits.
constexpr std::ptrdiff_t kMaxIntegerDigits = 20;

bool isDigit(char c) { return c >= '0' && c <= '9'; }

void appendUtf8(std::string& out, unsigned int cp)
{
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3F));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

} // namespace

JsonReader::JsonReader(std::string_view text) : m_p(text.data()), m_end(text.data() + text.size()) {}

std::optional<Json> JsonReader::tryParse(std::string_view text)
{
    JsonReader reader(text);
    Json out;
    reader.skipSpace();
    if (!reader.value(out, 0))
        return std::nullopt;
    reader.skipSpace();
    if (reader.m_p != reader.m_end)
        return std::nullopt;
    return out;
}

void JsonReader::skipSpace()
{
    while (m_p != m_end && (*m_p == ' ' || *m_p == '\t' || *m_p == '\n' || *m_p == '\r'))
        ++m_p;
}

bool JsonReader::value(Json& out, int depth)
{
    if (m_p == m_end)
        return false;
    switch (*m_p) {
    case '{':
        return depth < kMaxDepth && object(out, depth + 1);
    case '[':
        return depth < kMaxDepth && array(out, depth + 1);
    case '"': {
        std::string text;
        if (!string(text))
            return false;
        out = std::move(text);
        return true;
    }
    case 't':
        out = true;
        return literal("true");
    case 'f':
        out = false;
        return literal("false");
    case 'n':
        out = nullptr;
        return literal("null");
    default:
        return number(out);
    }
}

bool JsonReader::literal(std::string_view word)
{
    if (std::size_t(m_end - m_p) < word.size() || std::memcmp(m_p, word.data(), word.size()) != 0)
        return false;
    m_p += word.size();
    return true;
}

// At the opening bracket: steps over it, and answers whether the closing one follows at once.
bool JsonReader::opensEmpty(char close)
{
    ++m_p;
    skipSpace();
    if (m_p != m_end && *m_p == close) {
        ++m_p;
        return true;
    }
    return false;
}

// After a member or an element: a ',' (more to come) or the closing bracket; anything else is
// not JSON.
bool JsonReader::separator(char close, bool& more)
{
    skipSpace();
    if (m_p == m_end)
        return false;
    more = *m_p == ',';
    if (!more && *m_p != close)
        return false;
    ++m_p;
    return true;
}

bool JsonReader::object(Json& out, int depth)
{
    out = Json::object();
    if (opensEmpty('}'))
        return true;
    // Members are gathered on the stack and the object is then allocated at its exact size: a
    // hundred thousand queued proposals keep their op and source objects in memory until they are
    // inserted, and a grown vector would hold twice the room they need.
    constexpr std::size_t kGathered = 16;
    std::pair<std::string, Json> gathered[kGathered];
    std::size_t count = 0;
    auto& members = out.get_ref<Json::object_t&>();
    const auto flush = [&] {
        members.reserve(members.size() + count);
        for (std::size_t i = 0; i < count; ++i)
            members.emplace_back(std::move(gathered[i].first), std::move(gathered[i].second));
        count = 0;
    };
    for (;;) {
        skipSpace();
        if (m_p == m_end || *m_p != '"')
            return false;
        std::string key;
        if (!string(key))
            return false;
        skipSpace();
        if (m_p == m_end || *m_p != ':')
            return false;
        ++m_p;
        skipSpace();
        Json item;
        if (!value(item, depth))
            return false;
        // A repeated key keeps its first place and takes the last value, as nlohmann does.
        bool repeated = false;
        for (std::size_t i = 0; i < count && !repeated; ++i)
            if (gathered[i].first == key) {
                gathered[i].second = std::move(item);
                repeated = true;
            }
        if (!repeated && !members.empty()) {
            if (auto it = members.find(key); it != members.end()) {
                it->second = std::move(item);
                repeated = true;
            }
        }
        if (!repeated) {
            if (count == kGathered)
                flush();
            gathered[count].first = std::move(key);
            gathered[count].second = std::move(item);
            ++count;
        }
        bool more = false;
        if (!separator('}', more))
            return false;
        if (more)
            continue;
        flush();
        return true;
    }
}

bool JsonReader::array(Json& out, int depth)
{
    out = Json::array();
    if (opensEmpty(']'))
        return true;
    auto& items = out.get_ref<Json::array_t&>();
    for (;;) {
        skipSpace();
        Json item;
        if (!value(item, depth))
            return false;
        items.push_back(std::move(item));
        bool more = false;
        if (!separator(']', more))
            return false;
        if (!more)
            return true;
    }
}

bool JsonReader::string(std::string& out)
{
    ++m_p; // opening quote
    const char* run = m_p;
    while (m_p != m_end) {
        const auto c = static_cast<unsigned char>(*m_p);
        if (c == '"') {
            out.append(run, m_p);
            ++m_p;
            return true;
        }
        if (c < 0x20)
            return false;
        if (c >= 0x80) {
            const std::size_t len =
                utf8::sequenceLength(reinterpret_cast<const unsigned char*>(m_p), std::size_t(m_end - m_p));
            if (len == 0)
                return false;
            m_p += len;
            continue;
        }
        if (c != '\\') {
            ++m_p;
            continue;
        }
        out.append(run, m_p);
        if (++m_p == m_end)
            return false;
        switch (*m_p) {
        case '"':
        case '\\':
        case '/':
            out += *m_p;
            break;
        case 'b':
            out += '\b';
            break;
        case 'f':
            out += '\f';
            break;
        case 'n':
            out += '\n';
            break;
        case 'r':
            out += '\r';
            break;
        case 't':
            out += '\t';
            break;
        case 'u':
            if (!unicodeEscape(out))
                return false;
            run = m_p;
            continue;
        default:
            return false;
        }
        ++m_p;
        run = m_p;
    }
    return false;
}

// At the 'u' of "\uXXXX"; leaves m_p after the escape (or after its low surrogate).
bool JsonReader::unicodeEscape(std::string& out)
{
    ++m_p;
    unsigned int cp = 0;
    if (!hex4(cp))
        return false;
    if (cp >= 0xDC00 && cp <= 0xDFFF)
        return false; // a low surrogate with no high one before it
    if (cp >= 0xD800 && cp <= 0xDBFF) {
        if (m_end - m_p < 2 || m_p[0] != '\\' || m_p[1] != 'u')
            return false;
        m_p += 2;
        unsigned int low = 0;
        if (!hex4(low) || low < 0xDC00 || low > 0xDFFF)
            return false;
        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    }
    appendUtf8(out, cp);
    return true;
}

bool JsonReader::hex4(unsigned int& out)
{
    if (m_end - m_p < 4)
        return false;
    out = 0;
    for (int i = 0; i < 4; ++i, ++m_p) {
        const char c = *m_p;
        unsigned int digit = 0;
        if (c >= '0' && c <= '9')
            digit = unsigned(c - '0');
        else if (c >= 'a' && c <= 'f')
            digit = unsigned(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            digit = unsigned(c - 'A' + 10);
        else
            return false;
        out = out * 16 + digit;
    }
    return true;
}

// A fraction's or an exponent's digits: one or more, stepped over; false when there is none.
bool JsonReader::digits()
{
    if (m_p == m_end || !isDigit(*m_p))
        return false;
    while (m_p != m_end && isDigit(*m_p))
        ++m_p;
    return true;
}

bool JsonReader::number(Json& out)
{
    const char* start = m_p;
    const bool negative = *m_p == '-';
    if (negative)
        ++m_p;
    if (m_p == m_end || !isDigit(*m_p))
        return false;
    if (*m_p == '0')
        ++m_p;
    else
        while (m_p != m_end && isDigit(*m_p))
            ++m_p;
    const char* integerEnd = m_p;
    bool isFloat = false;
    if (m_p != m_end && *m_p == '.') {
        ++m_p;
        if (!digits())
            return false;
        isFloat = true;
    }
    if (m_p != m_end && (*m_p == 'e' || *m_p == 'E')) {
        ++m_p;
        if (m_p != m_end && (*m_p == '+' || *m_p == '-'))
            ++m_p;
        if (!digits())
            return false;
        isFloat = true;
    }
    if (!isFloat) {
        // nlohmann reads whole numbers that fit 64 bits as integers, others as floats: leave
        // those to it.
        if (integerEnd - start - (negative ? 1 : 0) > kMaxIntegerDigits)
            return false;
        std::uint64_t magnitude = 0;
        for (const char* d = start + (negative ? 1 : 0); d != integerEnd; ++d)
            if (__builtin_mul_overflow(magnitude, 10u, &magnitude)
                || __builtin_add_overflow(magnitude, std::uint64_t(*d - '0'), &magnitude))
                return false;
        if (!negative) {
            out = magnitude;
            return true;
        }
        if (magnitude > std::uint64_t(std::numeric_limits<std::int64_t>::max()) + 1)
            return false;
        out = magnitude == 0 ? std::int64_t(0) : std::int64_t(0 - magnitude);
        return true;
    }
    // from_chars is locale-independent and correctly rounded, as the strtod nlohmann calls.
    double d = 0;
    const auto r = std::from_chars(start, m_p, d);
    if (r.ec != std::errc() || r.ptr != m_p || !std::isfinite(d))
        return false;
    out = d;
    return true;
}

} // namespace sediment::json
