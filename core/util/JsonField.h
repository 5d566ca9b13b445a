#pragma once

#include "util/Json.h"

#include <QString>

namespace sediment::json {

// The string at `key`, or an empty text when `value` has none there (missing, another type, or
// `value` is no object): for fields that are optional words, where a wrong type is no error.
inline QString stringAt(const Json& value, const char* key)
{
    const auto it = value.find(key);
    return it != value.end() && it->is_string() ? fromStd(it->get_ref<const std::string&>()) : QString();
}

} // namespace sediment::json
