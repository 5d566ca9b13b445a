#include "proposal/OpFields.h"

namespace sediment {

OpFields::OpFields(const Json& op, QString destination) : m_op(op), m_destination(std::move(destination))
{
    if (!m_op.is_object())
        m_error = Error::invalid(QStringLiteral("%1 op must be a JSON object").arg(m_destination));
}

std::optional<QString> OpFields::optional(const char* key)
{
    if (m_error)
        return std::nullopt;
    const auto it = m_op.find(key);
    if (it == m_op.end() || it->is_null())
        return std::nullopt;
    if (!it->is_string()) {
        m_error = Error::invalid(QStringLiteral("%1 op: '%2' must be a string").arg(m_destination, QLatin1String(key)));
        return std::nullopt;
    }
    return fromStd(it->get<std::string>());
}

QString OpFields::required(const char* key)
{
    auto value = optional(key);
    if (!value && !m_error)
        m_error = Error::invalid(QStringLiteral("%1 op: '%2' is required").arg(m_destination, QLatin1String(key)));
    return value.value_or(QString());
}

} // namespace sediment
