#include "util/Json.h"

#include "util/JsonWriter.h"

#include <cmath>

namespace sediment::json {

std::string pythonDump(const Json& value) { return JsonWriter::toString(value, JsonWriter::Style::Python); }

bool truthy(const Json& value)
{
    if (value.is_null())
        return false;
    if (value.is_boolean())
        return value.get<bool>();
    if (value.is_number())
        return value.get<double>() != 0.0;
    if (value.is_string())
        return !value.get_ref<const std::string&>().empty();
    if (value.is_array() || value.is_object())
        return !value.empty();
    return true;
}

QString pythonStr(const Json& value)
{
    if (value.is_string())
        return fromStd(value.get<std::string>());
    if (value.is_boolean())
        return value.get<bool>() ? QStringLiteral("True") : QStringLiteral("False");
    if (value.is_null())
        return QStringLiteral("None");
    if (value.is_number_integer() || value.is_number_unsigned())
        return fromStd(value.dump());
    if (value.is_number_float()) {
        const double d = value.get<double>();
        if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) < 1e16)
            return QString::number(qint64(d)) + QStringLiteral(".0");
        return fromStd(value.dump());
    }
    return QStringLiteral("<%1>").arg(fromStd(value.dump()));
}

std::string canonical(const Json& value) { return JsonWriter::toString(value, JsonWriter::Style::Canonical); }

std::string compact(const Json& value) { return JsonWriter::toString(value, JsonWriter::Style::Compact); }

} // namespace sediment::json
