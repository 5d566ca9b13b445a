#include "util/JsonDepth.h"

namespace sediment::json {

Json parseShallow(std::string_view text, bool allowExceptions)
{
    const Json::parser_callback_t guard = [](int depth, Json::parse_event_t, Json&) {
        if (depth > kMaxDepth)
            throw TooDeep{};
        return true;
    };
    return Json::parse(text.begin(), text.end(), guard, allowExceptions);
}

} // namespace sediment::json
