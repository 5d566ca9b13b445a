#pragma once

#include <QString>

#include <optional>

namespace sediment {

// The text edits of a directives file (docs/verbs.md#propose claude_md, skill patch): replace the one occurrence
// of `before`, or append `after` as a new paragraph when `before` is empty.
class TextEdit final {
public:
    // Possibly overlapping occurrences, so that "aa" in "aaa" counts twice: an edit is only
    // applied where its anchor is unambiguous.
    static qsizetype occurrences(const QString& text, const QString& needle);

    // `text` with its single occurrence of `before` replaced by `after`.
    static QString replaceOnce(const QString& text, const QString& before, const QString& after);

    // `after` appended as a paragraph: exactly one blank line between the existing text and it,
    // and the file ending with a newline.
    static QString appendParagraph(const QString& text, const QString& after);

    // The edit an op asks for, or no value when the op is stale (`before` absent or ambiguous).
    static std::optional<QString> apply(const QString& text, const QString& before, const QString& after);
};

} // namespace sediment
