#pragma once

#include <QString>

namespace sediment {

// The name of a profile of an agent's home. Hermes' profile id grammar: lowercase letters,
// digits, `_` and `-`, at most 64, and `default` for the home itself. It lives with the values
// because an inbox item records the profile it was staged in, and the query language takes one.
class ProfileName final {
public:
    static const QString& defaultName();
    static bool isValid(const QString& name);
};

} // namespace sediment
