#include "hermes/PyYamlCheck.h"

#include "hermes/pyyaml/SafeLoad.h"

#include <QList>

namespace sediment {

std::optional<QString> PyYamlCheck::firstError(const QString& yaml)
{
    const QList<uint> ucs = yaml.toUcs4();
    pyyaml::U input(ucs.begin(), ucs.end());
    if (auto error = pyyaml::unprintable(input))
        return error;
    try {
        pyyaml::SafeLoad(std::move(input)).load();
    } catch (const pyyaml::Failure& failure) {
        return failure.message;
    } catch (const pyyaml::GiveUp&) {
    }
    return std::nullopt;
}

} // namespace sediment
