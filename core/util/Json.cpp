#include "util/Json.h"

#include "util/JsonWriter.h"

namespace sediment::json {

std::string pythonDump(const Json& value) { return JsonWriter::toString(value, JsonWriter::Style::Python); }

std::string canonical(const Json& value) { return JsonWriter::toString(value, JsonWriter::Style::Canonical); }

std::string compact(const Json& value) { return JsonWriter::toString(value, JsonWriter::Style::Compact); }

} // namespace sediment::json
