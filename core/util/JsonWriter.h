#pragma once

#include "util/Json.h"

#include <string>
#include <string_view>

namespace sediment::json {

// Writes a Json value as text without nlohmann's per-value serializer set-up, which dominated
// the cost of hashing and printing a hundred thousand proposals. The output is byte-for-byte what
// nlohmann's dump (ensure_ascii off, invalid UTF-8 replaced) prints for the same style; anything
// this writer does not handle itself (floats, strings that are not valid UTF-8) is handed to
// nlohmann, so the two can never disagree. json_writer_test checks that equivalence.
class JsonWriter {
public:
    enum class Style {
        Compact,   // ',' and ':' separators, keys in stored order
        Canonical, // Compact with every object's keys sorted: hashes and the audit chain
        Python,    // ', ' and ': ' separators, as Python's json.dumps(ensure_ascii=False)
    };

    JsonWriter(Style style, std::string& out);

    void write(const Json& value);

    // A JSON string literal, escaped as the style's dump would escape it.
    void writeString(std::string_view text);

    static std::string toString(const Json& value, Style style);

private:
    void writeObject(const Json& value);
    void writeArray(const Json& value);
    void writeScalar(const Json& value);
    void itemSeparator();
    void keySeparator();

    Style m_style;
    std::string& m_out;
};

} // namespace sediment::json
