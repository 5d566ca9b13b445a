#pragma once

#include <QString>

#include <optional>

namespace sediment {

// Whether Python's `yaml.safe_load` (PyYAML 6, its pure-Python SafeLoader) accepts a text, and if
// not, the exact `str()` of the error it raises: Hermes' skill_manage quotes that string back to
// the agent, so our wording, line/column marks and `^` snippets must be PyYAML's. The loading is
// pyyaml::Document's, the one YAML reader of the core. Errors that PyYAML does not raise as a
// YAMLError (a date such as 2024-02-30, `!!int three`, an over-deep nesting) pass here, as do the
// YAML errors after them.
class PyYamlCheck final {
public:
    static std::optional<QString> firstError(const QString& yaml);
};

} // namespace sediment
