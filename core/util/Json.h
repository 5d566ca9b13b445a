#pragma once

#include <QString>

#include <functional>
#include <optional>

#include <nlohmann/json.hpp>

namespace sediment {

using Json = nlohmann::ordered_json;

// Between the JSON library's std::string, which holds UTF-8, and Qt's QString.
inline QString fromStd(const std::string& s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }
inline std::string toStd(const QString& s) { return s.toStdString(); }

// A value that may be absent, as JSON: the value (a text as its UTF-8 string), or null.
template <typename T>
Json orNull(const std::optional<T>& value)
{
    return value ? Json(*value) : Json(nullptr);
}
inline Json orNull(const std::optional<QString>& text) { return text ? Json(toStd(*text)) : Json(nullptr); }

namespace json {

// A JSON array of what `project` makes of each of `items` (a function, a lambda or a member
// function such as &Report::toJson), in their order.
template <typename Items, typename Project>
Json arrayOf(const Items& items, Project project)
{
    Json out = Json::array();
    for (const auto& item : items)
        out.push_back(std::invoke(project, item));
    return out;
}

// Serialises as Python's json.dumps(obj, ensure_ascii=False) does (", " and ": " separators,
// UTF-8 kept as is), so that `memory apply` is a byte-for-byte drop-in for Hermes' memory tool.
std::string pythonDump(const Json& value);

// Python's truth value of a parsed JSON value (`if value:`): null, false, 0, "", [] and {} are
// false.
bool truthy(const Json& value);
// Python's str() of a parsed JSON value, as an f-string spells it: a string as itself, True,
// False, None, 3 and 3.0 as Python prints them; an array or object as "<its JSON>", a text no
// name matches.
QString pythonStr(const Json& value);

// Compact canonical form with keys sorted: the input of content hashes and the audit chain.
std::string canonical(const Json& value);
// Compact form with keys in stored order, as nlohmann's dump() prints it: database cells.
std::string compact(const Json& value);

} // namespace json
} // namespace sediment
