#include "apply/OpFields.h"

namespace sediment {

Result<std::optional<QString>> OpFields::optional(const Json& op, const char* key, const QString& destination)
{
    if (!op.is_object())
        return fail(Error::invalid(QStringLiteral("%1 op must be a JSON object").arg(destination)));
    const auto it = op.find(key);
    if (it == op.end() || it->is_null())
        return std::optional<QString>();
    if (!it->is_string())
        return fail(
            Error::invalid(QStringLiteral("%1 op: '%2' must be a string").arg(destination, QLatin1String(key))));
    return std::optional<QString>(fromStd(it->get<std::string>()));
}

Result<QString> OpFields::required(const Json& op, const char* key, const QString& destination)
{
    auto value = optional(op, key, destination);
    if (!value)
        return fail(value.error());
    if (!*value)
        return fail(Error::invalid(QStringLiteral("%1 op: '%2' is required").arg(destination, QLatin1String(key))));
    return **value;
}

} // namespace sediment
