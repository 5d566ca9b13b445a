#pragma once

#include <QString>

#include <string>
#include <utility>
#include <vector>

namespace sediment {

// Hermes' find-and-replace for skill patches (`tools/fuzzy_match.py`): nine strategies tried in
// order (exact, line_trimmed, whitespace_normalized, indentation_flexible, escape_normalized,
// trimmed_boundary, unicode_normalized, block_anchor, context_aware); the first that finds
// anything decides. More than one match without replace_all is refused, as is replace_all over
// several approximate matches, an escape drift or a suspicious indentation. A fuzzy match
// re-indents the replacement to the file's indentation. Positions are code points, as in Python,
// and every message is Hermes' own so an agent reading it can correct itself.
class FuzzyMatch final {
public:
    struct Outcome {
        QString content;  // the new content, or the old one when nothing was replaced
        int count = 0;    // replacements made
        QString strategy; // the strategy that matched; empty on failure
        QString error;    // Hermes' message; empty on success
    };

    static Outcome findAndReplace(const QString& content, const QString& oldString, const QString& newString,
                                  bool replaceAll);

    // Hermes' "\n\nDid you mean one of these sections?..." suffix for a plain miss; empty for
    // every other failure.
    static QString noMatchHint(const QString& error, int count, const QString& oldString, const QString& content);

    using Span = std::pair<std::size_t, std::size_t>;
    // One strategy by name, for tests: the spans it matches in `content`.
    static std::vector<Span> strategyMatches(const QString& name, const QString& content, const QString& pattern);
};

} // namespace sediment
