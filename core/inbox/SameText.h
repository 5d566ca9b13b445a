#pragma once

#include "util/Json.h"

#include <QString>

namespace sediment {

// When two proposals say the same thing (docs/user-guide.md#preflight): their texts are equal after Unicode NFKC,
// case folding, and collapsing every run of whitespace and punctuation into one space. The text
// of an op is every string in it (the action, the target, the content, a patch's both sides), in
// the op's key order, so that adding a rule and removing it are not the same.
class SameText final {
public:
    static QString normalise(const QString& text);
    static QString of(const Json& op);
};

} // namespace sediment
