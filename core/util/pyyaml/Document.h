#pragma once

#include "util/pyyaml/Value.h"

#include <QString>

#include <expected>
#include <memory>

namespace sediment::pyyaml {

class SafeLoad;
struct Node;

// Why a text does not load: str() of the YAMLError PyYAML raises first, or, when Python itself
// would stop short of PyYAML's own errors (nesting past its recursion limit), a sentence of ours
// and `yamlError` false.
struct LoadError {
    QString message;
    bool yamlError = true;

    // The message on one line, for a warning or a list: its sentences, then where PyYAML
    // points ("found character '\t' that cannot start any token (line 2, column 7)").
    QString oneLine() const;
};

// A YAML text loaded as Python's yaml.safe_load (PyYAML 6, its pure-Python SafeLoader) loads it,
// for the files Hermes itself reads that way: its config.yaml and a skill's frontmatter. One
// reader for every YAML the core reads, so that a value Sediment acts on is the value Hermes
// acts on (YAML 1.1's `yes`, `0x1F`, `1:30`, merges) and a refusal is worded as PyYAML words it.
class Document {
public:
    static std::expected<Document, LoadError> load(const QString& text);

    // The document's value: None for a text without one.
    Value root() const { return Value(m_root); }
    // Python raised an error of its own while building the values (2024-02-30 is no date,
    // `!!int x` no int): safe_load would have raised it; the values are read as written.
    bool pythonRaises() const { return m_pythonRaises; }

private:
    std::shared_ptr<SafeLoad> m_load;
    const Node* m_root = nullptr;
    bool m_pythonRaises = false;
};

} // namespace sediment::pyyaml
