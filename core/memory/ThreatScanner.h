#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace sediment {

// The memory store's guard against injection and exfiltration payloads, with Hermes'
// strict scope: memory entries are pasted into the agent's system prompt, so new content is
// refused when it hides invisible formatting characters or reads like an instruction to the
// model. The pattern library, its order and its ids are Hermes' own, so a refusal names the
// same pattern the agent would see from Hermes.
class ThreatScanner final {
public:
    struct Finding {
        QString id;      // a pattern id, or "invisible_unicode_U+XXXX"
        QString message; // the docs/user-guide.md#memory refusal text
    };

    // Text past this many code points is not scanned: the scan is advisory and must stay cheap.
    static constexpr qsizetype kMaxScanCodePoints = 65536;

    // The first finding: the first invisible character, else the first matching pattern of
    // the library. nullopt when the content is clean.
    static std::optional<Finding> scan(const QString& content);
    // Every finding's id, invisible characters first (each once, in text order), then every
    // matching pattern in library order: what the frozen snapshot's placeholder lists.
    static QStringList findings(const QString& content);
    // The number of patterns in the library.
    static int patternCount();

    static bool isInvisible(char32_t c);

    // The text the patterns are matched against: NFKC, then folded to lower case code point by
    // code point the way Python's re.IGNORECASE compares characters.
    static QString foldForMatching(const QString& content);

private:
    static QStringList run(const QString& content, bool firstOnly);
};

} // namespace sediment
