#include "util/JsonDepth.h"

namespace sediment::json {

namespace {

// Whether brackets outside strings nest deeper than kMaxDepth. nlohmann's callback parser could
// stop at the depth itself, but at the end of every object it walks the whole enclosing
// container looking for a discarded value: a container of n objects costs n².
bool nestsTooDeep(std::string_view text)
{
    int depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > kMaxDepth)
                return true;
        } else if ((c == ']' || c == '}') && depth > 0) {
            --depth;
        }
    }
    return false;
}

template <class J>
J parseGuarded(std::string_view text, bool allowExceptions)
{
    if (nestsTooDeep(text))
        throw TooDeep{};
    return J::parse(text.begin(), text.end(), nullptr, allowExceptions);
}

} // namespace

Json parseShallow(std::string_view text, bool allowExceptions) { return parseGuarded<Json>(text, allowExceptions); }

nlohmann::json parseShallowSorted(std::string_view text, bool allowExceptions)
{
    return parseGuarded<nlohmann::json>(text, allowExceptions);
}

} // namespace sediment::json
