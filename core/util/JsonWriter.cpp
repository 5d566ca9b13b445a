#include "util/JsonWriter.h"

#include "util/Utf8.h"

#include <algorithm>
#include <charconv>
#include <vector>

namespace sediment::json {

namespace {

bool isValidUtf8(std::string_view text)
{
    const auto* p = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t n = text.size();
    for (std::size_t i = 0; i < n;) {
        const std::size_t len = utf8::sequenceLength(p + i, n - i);
        if (len == 0)
            return false;
        i += len;
    }
    return true;
}

const char* escapeFor(unsigned char c)
{
    switch (c) {
    case '"':
        return "\\\"";
    case '\\':
        return "\\\\";
    case '\b':
        return "\\b";
    case '\f':
        return "\\f";
    case '\n':
        return "\\n";
    case '\r':
        return "\\r";
    case '\t':
        return "\\t";
    default:
        return nullptr;
    }
}

} // namespace

JsonWriter::JsonWriter(Style style, std::string& out) : m_style(style), m_out(out) {}

std::string JsonWriter::toString(const Json& value, Style style)
{
    std::string out;
    JsonWriter(style, out).write(value);
    return out;
}

void JsonWriter::write(const Json& value)
{
    switch (value.type()) {
    case Json::value_t::object:
        writeObject(value);
        break;
    case Json::value_t::array:
        writeArray(value);
        break;
    case Json::value_t::string:
        writeString(value.get_ref<const std::string&>());
        break;
    default:
        writeScalar(value);
        break;
    }
}

void JsonWriter::itemSeparator()
{
    if (m_style == Style::Python)
        m_out += ", ";
    else
        m_out += ',';
}

void JsonWriter::keySeparator()
{
    if (m_style == Style::Python)
        m_out += ": ";
    else
        m_out += ':';
}

void JsonWriter::writeObject(const Json& value)
{
    const auto& object = value.get_ref<const Json::object_t&>();
    m_out += '{';
    if (m_style == Style::Canonical && object.size() > 1) {
        // std::string's ordering is the one nlohmann::json's std::map keeps, so sorting here
        // gives the bytes that converting to nlohmann::json and dumping gave.
        std::vector<const Json::object_t::value_type*> items;
        items.reserve(object.size());
        for (const auto& item : object)
            items.push_back(&item);
        std::sort(items.begin(), items.end(), [](const auto* a, const auto* b) { return a->first < b->first; });
        bool first = true;
        for (const auto* item : items) {
            if (!first)
                itemSeparator();
            first = false;
            writeString(item->first);
            keySeparator();
            write(item->second);
        }
    } else {
        bool first = true;
        for (const auto& [key, item] : object) {
            if (!first)
                itemSeparator();
            first = false;
            writeString(key);
            keySeparator();
            write(item);
        }
    }
    m_out += '}';
}

void JsonWriter::writeArray(const Json& value)
{
    m_out += '[';
    bool first = true;
    for (const auto& item : value) {
        if (!first)
            itemSeparator();
        first = false;
        write(item);
    }
    m_out += ']';
}

void JsonWriter::writeString(std::string_view text)
{
    if (!isValidUtf8(text)) {
        // nlohmann's replacement of broken sequences has its own resynchronisation rules: let it
        // apply them rather than imitate them.
        m_out += Json(std::string(text)).dump(-1, ' ', false, Json::error_handler_t::replace);
        return;
    }
    m_out += '"';
    std::size_t run = 0; // start of the bytes that need no escape
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        m_out.append(text.substr(run, i - run));
        run = i + 1;
        if (const char* escape = escapeFor(c)) {
            m_out += escape;
        } else {
            static const char hex[] = "0123456789abcdef";
            m_out += "\\u00";
            m_out += hex[c >> 4];
            m_out += hex[c & 0xF];
        }
    }
    m_out.append(text.substr(run));
    m_out += '"';
}

void JsonWriter::writeScalar(const Json& value)
{
    char buffer[24];
    switch (value.type()) {
    case Json::value_t::null:
        m_out += "null";
        return;
    case Json::value_t::boolean:
        m_out += value.get<bool>() ? "true" : "false";
        return;
    case Json::value_t::number_integer: {
        const auto r = std::to_chars(buffer, buffer + sizeof buffer, value.get<std::int64_t>());
        m_out.append(buffer, r.ptr);
        return;
    }
    case Json::value_t::number_unsigned: {
        const auto r = std::to_chars(buffer, buffer + sizeof buffer, value.get<std::uint64_t>());
        m_out.append(buffer, r.ptr);
        return;
    }
    default:
        // Floats keep nlohmann's shortest round-trip form (and anything exotic its own text).
        m_out += value.dump(-1, ' ', false, Json::error_handler_t::replace);
        return;
    }
}

} // namespace sediment::json
