#include "memory/ThreatScanner.h"

#include "memory/UnicodeText.h"

#include <QRegularExpression>

#include <array>

namespace sediment {

namespace {

struct Pattern {
    const char* id;
    const char* regex;  // written for already-folded (lower-case) text
    const char* anchor; // a literal every match contains
    bool spaceAfter = true; // ... followed by white space, as the word that starts the match
};

// Python's \s and \w spelled out, so the match never depends on PCRE2's notion of them.
#define SPACE "[\\t-\\r\\x{1C}-\\x{20}\\x{85}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}]"
#define WORD "[\\p{L}\\p{N}_]"
#define SECRET_NAMES "(key|token|secret|password|credential|api)"

// §2's table in its order. The text is folded to lower case before matching, so the literals
// are lower case and no case-insensitive flag is needed.
constexpr std::array<Pattern, 12> kPatterns{{
    {"prompt_injection", "ignore" SPACE "+(previous|all|above|prior)" SPACE "+instructions",
     "ignore"},
    {"role_hijack", "you" SPACE "+are" SPACE "+now" SPACE "+", "you"},
    {"deception_hide", "do" SPACE "+not" SPACE "+tell" SPACE "+the" SPACE "+user", "do"},
    {"sys_prompt_override", "system" SPACE "+prompt" SPACE "+override", "system"},
    {"disregard_rules",
     "disregard" SPACE "+(your|all|any)" SPACE "+(instructions|rules|guidelines)", "disregard"},
    {"bypass_restrictions", "act" SPACE "+as" SPACE "+(if|though)" SPACE "+you" SPACE "+(have" SPACE
                            "+no|don't" SPACE "+have)" SPACE "+(restrictions|limits|rules)",
     "act"},
    {"exfil_curl", "curl" SPACE "+[^\\n]*\\$\\{?" WORD "*" SECRET_NAMES, "curl"},
    {"exfil_wget", "wget" SPACE "+[^\\n]*\\$\\{?" WORD "*" SECRET_NAMES, "wget"},
    {"read_secrets",
     "cat" SPACE "+[^\\n]*(\\.env|credentials|\\.netrc|\\.pgpass|\\.npmrc|\\.pypirc)",
     "cat"},
    {"ssh_backdoor", "authorized_keys", "authorized_keys", false},
    {"ssh_access", "\\$home/\\.ssh|~/\\.ssh", "/.ssh", false},
    {"hermes_env", "\\$home/\\.hermes/\\.env|~/\\.hermes/\\.env", "/.hermes/.env", false},
}};

#undef SPACE
#undef WORD
#undef SECRET_NAMES

const std::array<QRegularExpression, 12>& compiled()
{
    // Compiled on first use only: most commands (show, remove) never scan.
    static const std::array<QRegularExpression, 12> regexes = [] {
        std::array<QRegularExpression, 12> out;
        for (size_t i = 0; i < kPatterns.size(); ++i)
            out[i] = QRegularExpression(QString::fromLatin1(kPatterns[i].regex),
                                        QRegularExpression::UseUnicodePropertiesOption);
        return out;
    }();
    return regexes;
}

// Whether a match of the pattern is possible at all: every match contains the anchor (for the
// word patterns, the first word followed by white space). A necessary condition only, so the
// regex still decides; it saves compiling (PCRE2 JIT) the patterns an ordinary note cannot
// match, which was most of the cost of `memory apply`.
bool mayMatch(const QString& folded, const Pattern& p)
{
    const QLatin1String anchor(p.anchor);
    if (!p.spaceAfter)
        return folded.contains(anchor);
    for (qsizetype at = folded.indexOf(anchor); at >= 0; at = folded.indexOf(anchor, at + 1)) {
        const qsizetype next = at + anchor.size();
        if (next < folded.size() && UnicodeText::isSpace(folded.at(next).unicode()))
            return true;
    }
    return false;
}

char32_t foldCodePoint(char32_t c)
{
    // Python's IGNORECASE also treats these as equal to an ASCII letter (sre's equivalence
    // table); simple lower-casing does not reach them.
    if (c == 0x131) // dotless i
        return U'i';
    if (c == 0x17F) // long s
        return U's';
    return QChar::toLower(c);
}

} // namespace

bool ThreatScanner::isInvisible(char32_t c)
{
    switch (c) {
    case 0x200B:
    case 0x200C:
    case 0x200D:
    case 0x2060:
    case 0x2062:
    case 0x2063:
    case 0x2064:
    case 0xFEFF:
        return true;
    default:
        return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
    }
}

QString ThreatScanner::foldForMatching(const QString& content)
{
    const QString normalised = content.normalized(QString::NormalizationForm_KC);
    QString out;
    out.reserve(normalised.size());
    for (qsizetype i = 0; i < normalised.size();) {
        const char32_t c = foldCodePoint(UnicodeText::next(normalised, i));
        if (QChar::requiresSurrogates(c)) {
            out += QChar(QChar::highSurrogate(c));
            out += QChar(QChar::lowSurrogate(c));
        } else {
            out += QChar(char16_t(c));
        }
    }
    return out;
}

std::optional<ThreatScanner::Finding> ThreatScanner::scan(const QString& content)
{
    // Invisible characters are looked for in the raw text: NFKC would erase some of them.
    for (qsizetype i = 0; i < content.size();) {
        const char32_t c = UnicodeText::next(content, i);
        if (isInvisible(c)) {
            const QString code =
                QStringLiteral("U+%1").arg(uint(c), 4, 16, QLatin1Char('0')).toUpper();
            return Finding{QStringLiteral("invisible_unicode_") + code,
                           QStringLiteral("Blocked: content contains invisible unicode character "
                                          "%1 (possible injection).")
                               .arg(code)};
        }
    }
    const QString folded = foldForMatching(content);
    const auto& regexes = compiled();
    for (size_t i = 0; i < kPatterns.size(); ++i) {
        if (mayMatch(folded, kPatterns[i]) && regexes[i].match(folded).hasMatch()) {
            const QString id = QString::fromLatin1(kPatterns[i].id);
            return Finding{id, QStringLiteral("Blocked: content matches threat pattern '%1'. "
                                              "Memory entries are injected into the system prompt "
                                              "and must not contain injection or exfiltration "
                                              "payloads.")
                                   .arg(id)};
        }
    }
    return std::nullopt;
}

} // namespace sediment
