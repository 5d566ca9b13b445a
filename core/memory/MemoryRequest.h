#pragma once

#include "memory/MemoryStore.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QString>

namespace sediment {

// One request to the memory tool, `{"action","target","content","old_text"}` or a batch
// `{"action":"batch","target","operations":[...]}`, checked the way Hermes' tool entry point
// checks it. A request error is an Error::invalid whose message is the exact §2 text; the
// command line prints it inside a failure object.
struct MemoryRequest {
    QString target;
    MemoryOp op;

    static Result<MemoryRequest> parse(const Json& request);
    // Parses JSON text; an unparseable text or a non-object is an error that is NOT a §2
    // result (there is nothing to answer), flagged by `malformed`.
    struct Parsed;
    static Parsed parseText(const std::string& text);

    // Python's str() of a JSON value, used where Hermes formats a value it did not check.
    static QString pythonStr(const Json& value);
};

struct MemoryRequest::Parsed {
    std::optional<MemoryRequest> request;
    std::optional<Error> error;
    bool malformed = false; // not JSON, or not an object
};

} // namespace sediment
