#include "proposal/Sanitizer.h"

#include <algorithm>

namespace sediment {

namespace {

constexpr bool isStripped(unsigned char c) { return (c < 0x20 && c != '\t' && c != '\n') || c == 0x7f; }

} // namespace

std::size_t Sanitizer::codePoints(const std::string& utf8)
{
    // Continuation bytes (10xxxxxx) do not start a code point; input is valid UTF-8 by now.
    return std::size_t(
        std::count_if(utf8.begin(), utf8.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::size_t Sanitizer::stripRaw(std::string& text)
{
    // Control bytes never occur inside a multi-byte UTF-8 sequence, so byte-wise removal is safe.
    const auto first =
        std::find_if(text.begin(), text.end(), [](char c) { return isStripped(static_cast<unsigned char>(c)); });
    if (first == text.end())
        return 0;
    const auto end =
        std::remove_if(first, text.end(), [](char c) { return isStripped(static_cast<unsigned char>(c)); });
    const auto removed = std::size_t(text.end() - end);
    text.erase(end, text.end());
    return removed;
}

void Sanitizer::note(std::string_view field, std::string action)
{
    Json entry = Json::object();
    entry["index"] = m_index;
    entry["field"] = std::string(field);
    entry["action"] = std::move(action);
    m_report.push_back(std::move(entry));
}

std::size_t Sanitizer::strip(std::string& text, std::string_view field)
{
    const std::size_t removed = stripRaw(text);
    if (removed > 0)
        note(field, "removed " + std::to_string(removed) + " control character" + (removed == 1 ? "" : "s"));
    return removed;
}

void Sanitizer::stripAndCap(std::string& text, std::string_view field, std::size_t cap)
{
    strip(text, field);
    if (text.size() <= cap) // bytes >= code points: nothing to count
        return;
    std::size_t seen = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if ((static_cast<unsigned char>(text[i]) & 0xC0) == 0x80)
            continue;
        if (seen == cap) {
            const std::size_t total = codePoints(text);
            text.resize(i);
            note(field, "cut to " + std::to_string(cap) + " code points (was " + std::to_string(total) + ")");
            return;
        }
        ++seen;
    }
}

void Sanitizer::stripTree(Json& value, std::string_view field)
{
    const std::size_t removed = stripTreeRaw(value);
    if (removed > 0)
        note(field, "removed " + std::to_string(removed) + " control character" + (removed == 1 ? "" : "s"));
}

std::size_t Sanitizer::stripTreeRaw(Json& value)
{
    // Recursive: validation bounds the nesting depth before anything gets here.
    if (value.is_string())
        return stripRaw(value.get_ref<std::string&>());
    std::size_t removed = 0;
    if (value.is_array()) {
        for (auto& item : value)
            removed += stripTreeRaw(item);
    } else if (value.is_object()) {
        const bool dirtyKeys = std::any_of(value.items().begin(), value.items().end(), [](const auto& kv) {
            return std::any_of(kv.key().begin(), kv.key().end(),
                               [](char c) { return isStripped(static_cast<unsigned char>(c)); });
        });
        if (dirtyKeys) {
            Json clean = Json::object();
            for (auto it = value.begin(); it != value.end(); ++it) {
                std::string key = it.key();
                removed += stripRaw(key);
                clean[key] = std::move(it.value());
            }
            value = std::move(clean);
        }
        for (auto it = value.begin(); it != value.end(); ++it)
            removed += stripTreeRaw(it.value());
    }
    return removed;
}

} // namespace sediment
