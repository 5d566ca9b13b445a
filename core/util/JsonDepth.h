#pragma once

#include "util/Json.h"

#include <string_view>

namespace sediment::json {

// Agent-supplied JSON nested deeper than this is refused. nlohmann copies and prints a value
// recursively (its parser copies a nested value into an ordered object), so a 16 MiB input
// nested a few hundred thousand levels deep exhausts the stack before any check could run.
constexpr int kMaxDepth = 512;

// Thrown by parseShallow when the text nests deeper than kMaxDepth.
struct TooDeep {};

// Json::parse, but throws TooDeep when the text nests more than kMaxDepth brackets, before a
// deep value exists. With allowExceptions false a syntax error gives a discarded value, as
// Json::parse does; TooDeep is thrown either way.
Json parseShallow(std::string_view text, bool allowExceptions = true);

// The same into nlohmann::json, whose objects are std::maps with keys in byte order. For a
// large object keyed by name (a .usage.json of 100,000 skills): Json's ordered objects look
// every key up linearly, so reading such an object is quadratic in its number of keys.
nlohmann::json parseShallowSorted(std::string_view text, bool allowExceptions = true);

} // namespace sediment::json
