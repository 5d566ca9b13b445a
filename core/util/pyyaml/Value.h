#pragma once

#include <QString>
#include <QStringView>

#include <optional>
#include <vector>

namespace sediment::pyyaml {

struct Node;

// A node of a loaded document read as the Python value yaml.safe_load builds from it: what Hermes
// holds after reading its config.yaml or a skill's frontmatter, and what Python's int(), bool()
// and str() make of it. A key that is not there is a Value that does not exist, never an
// exception. A Value points into its Document and lives no longer than it.
class Value {
public:
    enum class Kind { Missing, None, Bool, Int, Float, Str, Bytes, Timestamp, List, Pairs, Dict, Set };

    Value() = default;
    explicit Value(const Node* node) : m_node(node) {}

    bool exists() const { return m_node != nullptr; }
    Kind kind() const;
    bool isScalar() const;
    // A scalar's text as the document spells it (quotes, escapes and folding undone), whatever
    // type it resolves to: `yes` and '20' read "yes" and "20".
    QString text() const;
    // dict[key] for a str key; the last of repeated keys wins, as in the dict Python builds.
    Value operator[](QStringView key) const;
    // len() of a list, dict or set (repeated keys counted once); 0 for a scalar.
    qsizetype size() const;

    // bool(value).
    bool truth() const;
    // int(value), held to the range of a long long; nothing where int() raises (None, a list, a
    // date, "abc", nan).
    std::optional<long long> toInt() const;
    // str(value) and repr(value). A set's members come in the document's order, where Python's
    // order follows its hashes: the same text, perhaps shuffled, and always the same length.
    QString str() const;
    QString repr() const;

private:
    QString repr(std::vector<const Node*>& open) const;
    // The dict's pairs with repeated keys folded: each key where it first stood, its last value.
    std::vector<std::pair<const Node*, const Node*>> entries() const;

    const Node* m_node = nullptr;
};

} // namespace sediment::pyyaml
