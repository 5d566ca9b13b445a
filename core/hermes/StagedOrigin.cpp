#include "hermes/StagedOrigin.h"

#include "util/JsonField.h"

namespace sediment {

std::optional<StagedOrigin> StagedOrigin::of(const Json& source)
{
    if (!source.is_object() || json::stringAt(source, "hermes_id").isEmpty())
        return std::nullopt;
    return StagedOrigin{json::stringAt(source, "origin"), json::stringAt(source, "summary")};
}

} // namespace sediment
