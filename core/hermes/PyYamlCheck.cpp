#include "hermes/PyYamlCheck.h"

#include "util/pyyaml/Document.h"

namespace sediment {

std::optional<QString> PyYamlCheck::firstError(const QString& yaml)
{
    const auto loaded = pyyaml::Document::load(yaml);
    if (loaded || !loaded.error().yamlError)
        return std::nullopt;
    return loaded.error().message;
}

} // namespace sediment
