#include "store/postgres/PostgresPlaceholders.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <string_view>

namespace sediment::postgres {

namespace {

bool afterLimit(const std::string& out)
{
    std::size_t end = out.size();
    while (end > 0 && std::isspace(static_cast<unsigned char>(out[end - 1])))
        --end;
    constexpr std::string_view kLimit = "LIMIT";
    if (end < kLimit.size())
        return false;
    const std::size_t start = end - kLimit.size();
    for (std::size_t i = 0; i < kLimit.size(); ++i)
        if (std::toupper(static_cast<unsigned char>(out[start + i])) != kLimit[i])
            return false;
    return start == 0 || !(std::isalnum(static_cast<unsigned char>(out[start - 1])) || out[start - 1] == '_');
}

} // namespace

std::string numberPlaceholders(const char* sql, int* parameters)
{
    std::string out;
    out.reserve(std::strlen(sql) + 16);
    int largest = 0;
    for (const char* p = sql; *p;) {
        const char c = *p;
        if (c == '\'' || c == '"') {
            // A quoted text or name; a doubled quote inside it is one quote, not its end.
            out += *p++;
            while (*p) {
                if (*p == c && p[1] == c) {
                    out += *p++;
                    out += *p++;
                } else if (*p == c) {
                    out += *p++;
                    break;
                } else {
                    out += *p++;
                }
            }
        } else if (c == '-' && p[1] == '-') {
            while (*p && *p != '\n')
                out += *p++;
        } else if (c == '?') {
            ++p;
            int number = 0;
            bool numbered = false;
            while (std::isdigit(static_cast<unsigned char>(*p))) {
                number = number * 10 + (*p++ - '0');
                numbered = true;
            }
            if (!numbered)
                number = largest + 1;
            largest = std::max(largest, number);
            const bool limit = afterLimit(out);
            out += limit ? "NULLIF(GREATEST(CAST($" : "$";
            out += std::to_string(number);
            if (limit)
                out += " AS BIGINT), -1), -1)";
        } else {
            out += *p++;
        }
    }
    if (parameters)
        *parameters = largest;
    return out;
}

} // namespace sediment::postgres
