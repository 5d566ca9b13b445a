#pragma once

#include "util/Json.h"

#include <string>
#include <string_view>

namespace sediment {

// Defence against memory poisoning (docs/verbs.md#propose, docs/user-guide.md#inbox) on UTF-8 text taken from an agent: C0
// control characters other than TAB and LF (so CR too) and DEL are removed; a capped field is cut
// at a code-point boundary. What was done is appended to a report, one entry per field.
class Sanitizer final {
public:
    static constexpr std::size_t kTextCap = 4096;      // rationale, titles, memory content
    static constexpr std::size_t kFileBodyCap = 65536; // a longer file body is invalid, not cut

    Sanitizer(int index, Json& report) : m_index(index), m_report(report) {}

    // Strips controls in place; returns the number removed and reports it under `field`.
    std::size_t strip(std::string& text, std::string_view field);
    // Strips, then cuts to `cap` code points, reporting both.
    void stripAndCap(std::string& text, std::string_view field, std::size_t cap = kTextCap);
    // Strips every string (values and keys) of a JSON value, reporting under `field`.
    void stripTree(Json& value, std::string_view field);

    static std::size_t codePoints(const std::string& utf8);

private:
    std::size_t stripRaw(std::string& text);
    std::size_t stripTreeRaw(Json& value);
    void note(std::string_view field, std::string action);

    int m_index;
    Json& m_report;
};

} // namespace sediment
