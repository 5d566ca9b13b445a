#include "hermes/StagedOrigin.h"

namespace sediment {

namespace {

QString text(const Json& source, const char* key)
{
    const auto it = source.find(key);
    return it != source.end() && it->is_string() ? fromStd(it->get<std::string>()) : QString();
}

} // namespace

std::optional<StagedOrigin> StagedOrigin::of(const Json& source)
{
    if (!source.is_object() || text(source, "hermes_id").isEmpty())
        return std::nullopt;
    return StagedOrigin{text(source, "origin"), text(source, "summary")};
}

} // namespace sediment
