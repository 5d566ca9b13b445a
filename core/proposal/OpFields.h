#pragma once

#include "util/Error.h"
#include "util/Json.h"

#include <QString>

#include <optional>

namespace sediment {

// Reads the string fields of one op, in the order a type lists them. Ops are validated before
// they are queued, but reviewers' patches and rows from older versions are read too, so a missing
// or mistyped field is an Invalid error naming it rather than a crash. The first error is kept
// and every later read gives an empty value, so a type is read in one expression and checked
// once: `DirectiveEdit{f.optional("path"), …}` then `f.error()`.
class OpFields final {
public:
    OpFields(const Json& op, QString destination);

    QString required(const char* key);
    // Missing or null: no value.
    std::optional<QString> optional(const char* key);
    // The first field that could not be read, if any.
    const std::optional<Error>& error() const { return m_error; }

private:
    const Json& m_op;
    QString m_destination;
    std::optional<Error> m_error;
};

} // namespace sediment
