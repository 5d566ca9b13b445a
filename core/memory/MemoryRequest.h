#pragma once

#include "memory/MemoryStore.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QString>

#include <optional>

namespace sediment {

// Which stores accept writes (config.yaml's memory.memory_enabled and
// memory.user_profile_enabled).
struct MemoryStoresEnabled {
    bool memory = true;
    bool user = true;
};

// One request to the memory tool, `{"action","target","content"|"new_text","old_text"}` or a
// batch `{"target","operations":[...]}`, checked the way Hermes' tool entry point checks it.
// What the tool refuses before it looks at the store (a bad target, a disabled store, an unknown
// action, a missing field) is an `answer`: the exact result object the tool returns.
struct MemoryRequest {
    QString target;
    MemoryOp op;

    using Enabled = MemoryStoresEnabled;

    struct Parsed;
    // Parses JSON text; an unparseable text or a non-object is an error that is NOT a docs/user-guide.md#memory
    // result (there is nothing to answer), flagged by `malformed`.
    static Parsed parseText(const std::string& text, Enabled enabled = {});
    static Parsed parse(const Json& request, Enabled enabled = {});

    // Python's str() of a JSON value, used where Hermes formats a value it did not check.
    static QString pythonStr(const Json& value);
};

struct MemoryRequest::Parsed {
    std::optional<MemoryRequest> request; // to run against the store
    std::optional<Json> answer;           // the tool's own refusal, printed as is
    bool asciiOnly = false;               // `answer` is printed with non-ASCII escaped
    bool disabled = false;                // `answer` refuses a write to a disabled store
    std::optional<Error> error;           // not a request the tool could answer
    bool malformed = false;               // not JSON, or not an object
};

} // namespace sediment
