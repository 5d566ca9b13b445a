#pragma once

#include "util/Error.h"
#include "util/Json.h"

#include <QString>

#include <optional>

namespace sediment {

// Reads the string fields of an op. The kernel validates ops before they are queued, but the
// appliers also receive reviewers' patches and rows from older versions, so a missing or
// mistyped field is an Invalid error naming it rather than a crash.
class OpFields final {
public:
    static Result<QString> required(const Json& op, const char* key, const QString& destination);
    // Missing or null: no value.
    static Result<std::optional<QString>> optional(const Json& op, const char* key, const QString& destination);
};

} // namespace sediment
