#pragma once

#include "claudecode/ClaudeMemoryType.h"
#include "util/Error.h"

#include <QString>

#include <optional>

namespace sediment {

// One topic file of a Claude Code project's auto memory (docs/user-guide.md#claude-code): a
// markdown file opening with a `---` YAML front matter that holds `name`, `description` and
// `type`, at its top level or under `metadata:` (the top level wins), then the body. Parsed once
// here; the page and the status read the fields.
class ClaudeMemoryTopic final {
public:
    // Invalid when the text has no front matter, or one that is not a YAML mapping; a missing
    // field is an empty one, an unknown type keeps its word in typeWord().
    static Result<ClaudeMemoryTopic> parse(const QString& text);

    const QString& name() const { return m_name; }
    const QString& description() const { return m_description; }
    // No value when the file names no type or one Claude Code does not write.
    const std::optional<ClaudeMemoryType>& type() const { return m_type; }
    const QString& typeWord() const { return m_typeWord; }
    const QString& body() const { return m_body; }

private:
    QString m_name;
    QString m_description;
    std::optional<ClaudeMemoryType> m_type;
    QString m_typeWord;
    QString m_body;
};

} // namespace sediment
