#pragma once

#include "util/Error.h"
#include "util/Json.h"

#include <QByteArray>

#include <functional>

#include <vector>

namespace sediment {

// Turns submitted bytes into raw proposal values (docs/verbs.md#propose): one JSON object, a JSON array, or JSON
// Lines (blank lines skipped). The bytes must be valid UTF-8; an error names the line.
// Shapes are not checked here: that is ProposalValidator's job, which names the proposal.
class ProposalParser final {
public:
    static Result<std::vector<Json>> parse(const QByteArray& input);
    // The same, handing each value to `sink` as soon as it is read, so that a caller can keep
    // what it derives from a value instead of the value itself. A syntax error stops the pass
    // (values before it were handed over); so does an error the sink returns.
    static Status forEach(const QByteArray& input, const std::function<Status(Json&&)>& sink);

    // The 1-based line of the first byte that is not valid UTF-8, or 0 when all of it is.
    static int firstInvalidUtf8Line(const char* data, qsizetype size);
};

} // namespace sediment
