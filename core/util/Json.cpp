#include "util/Json.h"

namespace sediment::json {

namespace {

void dumpPython(const Json& v, std::string& out)
{
    if (v.is_object()) {
        out += '{';
        bool first = true;
        for (const auto& [key, item] : v.items()) {
            if (!first)
                out += ", ";
            first = false;
            out += Json(key).dump(-1, ' ', false, Json::error_handler_t::replace);
            out += ": ";
            dumpPython(item, out);
        }
        out += '}';
    } else if (v.is_array()) {
        out += '[';
        bool first = true;
        for (const auto& item : v) {
            if (!first)
                out += ", ";
            first = false;
            dumpPython(item, out);
        }
        out += ']';
    } else {
        out += v.dump(-1, ' ', false, Json::error_handler_t::replace);
    }
}

} // namespace

std::string pythonDump(const Json& value)
{
    std::string out;
    dumpPython(value, out);
    return out;
}

std::string canonical(const Json& value)
{
    // Converting to nlohmann::json, whose objects are std::maps, sorts every level's keys.
    return nlohmann::json(value).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace sediment::json
