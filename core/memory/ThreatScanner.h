#pragma once

#include <QString>

#include <optional>

namespace sediment {

// The memory store's guard against injection and exfiltration payloads (§2). Memory entries are
// pasted into the agent's system prompt, so new content is refused when it hides invisible
// formatting characters or reads like an instruction to the model.
class ThreatScanner final {
public:
    struct Finding {
        QString id;     // a pattern id, or "invisible_unicode_U+XXXX"
        QString message; // the §2 refusal text
    };

    // The first finding, in the §2 order: the first invisible character in text order, then the
    // first matching pattern of the table. nullopt when the content is clean.
    static std::optional<Finding> scan(const QString& content);

    static bool isInvisible(char32_t c);

    // The text the patterns are matched against: NFKC, then folded to lower case code point by
    // code point the way Python's re.IGNORECASE compares characters.
    static QString foldForMatching(const QString& content);
};

} // namespace sediment
