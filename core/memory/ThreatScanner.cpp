#include "memory/ThreatScanner.h"

#include "memory/UnicodeText.h"

#include <QRegularExpression>

#include <array>
#include <string_view>

namespace sediment {

namespace {

struct Pattern {
    const char* id;
    const char* regex;   // written for already-folded (lower-case) text
    const char* anchors; // '|'-separated literals; every match contains at least one of them
};

// Python's \s and \w spelled out, so a match never depends on PCRE2's notion of them; \b is
// built from \w the way Python defines it.
#define SPACE_CHARS                                                                                                    \
    "\\t-\\r\\x{1C}-\\x{20}\\x{85}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}"
#define S "[" SPACE_CHARS "]"
#define W "[\\p{L}\\p{N}_]"
#define B "(?:(?<=" W ")(?!" W ")|(?<!" W ")(?=" W "))"
#define FILLER "(?:" W "+" S "+){0,8}"
#define SECRET_VAR "\\$\\{?" W "*(?:key|token|secret|password|credential)s?" B
#define MODIFY "(update|modify|edit|write|change|append|add" S "+to)" S "+[^\\n]{0,2048}"

// Hermes' strict-scope library in its order; the first match wins. The text is folded to lower
// case before matching, so the literals are lower case and no case-insensitive flag is needed.
constexpr std::array<Pattern, 36> kPatterns{{
    {"prompt_injection", "ignore" S "+" FILLER "(previous|all|above|prior)" S "+" FILLER "instructions",
     "instructions"},
    {"sys_prompt_override", "system" S "+prompt" S "+override", "override"},
    {"disregard_rules", "disregard" S "+" FILLER "(your|all|any)" S "+" FILLER "(instructions|rules|guidelines)",
     "disregard"},
    {"bypass_restrictions",
     "act" S "+as" S "+(if|though)" S "+" FILLER "you" S "+" FILLER "(have" S "+no|don't" S "+have)" S "+" FILLER
     "(restrictions|limits|rules)",
     "restrictions|limits|rules"},
    {"html_comment_injection",
     "<!--[^>]{0,512}(?<![a-z])(?:ignore|override|system|secret|hidden)(?![a-z])[^>]{0,512}-->", "<!--"},
    {"hidden_div", "<" S "*div" S "+style" S "*=" S "*[\"'][^>]{0,2048}display" S "*:" S "*none", "div"},
    {"translate_execute",
     "translate" S "+[^\\n]{0,512}" S "+into" S "+" W "+(?:[" SPACE_CHARS "-]+" W "+){0,2}" S "+and" S
     "+(execute|run|eval)" B,
     "translate"},
    {"deception_hide", "do" S "+not" S "+" FILLER "tell" S "+" FILLER "the" S "+user", "tell"},
    {"role_hijack", "you" S "+are" S "+" FILLER "now" S "+(?:a|an|the)" S "+", "now"},
    {"role_pretend", "pretend" S "+" FILLER "(you" S "+are|to" S "+be)" S "+", "pretend"},
    {"leak_system_prompt", "output" S "+" FILLER "(system|initial)" S "+prompt", "prompt"},
    {"remove_filters", "(respond|answer|reply)" S "+without" S "+" FILLER "(restrictions|limitations|filters|safety)",
     "without"},
    {"fake_update", "you" S "+have" S "+been" S "+" FILLER "(updated|upgraded|patched)" S "+to", "been"},
    {"identity_override", B "name" S "+yourself" S "+" W "+", "yourself"},
    {"c2_node_registration", "register" S "+(as" S "+)?a?" S "*node", "node"},
    {"c2_heartbeat", "(heartbeat|beacon|check[" SPACE_CHARS "\\-]?in)" S "+(to|with)" S "+", "heartbeat|beacon|check"},
    {"c2_task_pull", "pull" S "+(down" S "+)?(?:new" S "+)?task(?:ing|s)?" B, "pull"},
    {"c2_network_connect", "connect" S "+to" S "+the" S "+network" B, "network"},
    {"forced_action", "you" S "+must" S "+(?:" W "+" S "+){0,3}(register|connect|report|beacon)" B, "must"},
    {"anti_forensic_oneliner", "only" S "+use" S "+one[" SPACE_CHARS "\\-]?liners?" B, "liner"},
    {"anti_forensic_disk", "never" S "+" FILLER "(?:create|write)" S "+" FILLER "(?:script|file)" S "+" FILLER "disk",
     "disk"},
    {"env_var_unset_agent", "unset" S "+" W "*(?:claude|codex|hermes|agent|openai|anthropic)" W "*", "unset"},
    {"known_c2_framework", B "(?:cobalt" S "*strike|sliver|havoc|mythic|metasploit|brainworm)" B,
     "strike|sliver|havoc|mythic|metasploit|brainworm"},
    {"c2_explicit", B "c2" S "+(?:server|channel|infrastructure|beacon)" B, "c2"},
    {"c2_explicit_long", B "command" S "+and" S "+control" B, "control"},
    {"exfil_curl", "curl" S "+[^\\n]{0,2048}" SECRET_VAR, "curl"},
    {"exfil_wget", "wget" S "+[^\\n]{0,2048}" SECRET_VAR, "wget"},
    {"read_secrets", "cat" S "+[^\\n]{0,2048}(\\.env|credentials|\\.netrc|\\.pgpass|\\.npmrc|\\.pypirc)", "cat"},
    {"send_to_url", "(send|post|upload|transmit)" S "+[^\\n]{0,2048}" S "+(to|at)" S "+https?://", "http"},
    {"context_exfil",
     "(include|output|print|share)" S "+" FILLER "(conversation|chat" S "+history|previous" S "+messages|full" S
     "+context|entire" S "+context)",
     "include|output|print|share"},
    {"ssh_backdoor", "authorized_keys", "authorized_keys"},
    {"ssh_access", "\\$home/\\.ssh|~/\\.ssh", "/.ssh"},
    {"hermes_env", "\\$home/\\.hermes/\\.env|~/\\.hermes/\\.env", "/.hermes/.env"},
    {"agent_config_mod", MODIFY "(?:agents\\.md|claude\\.md|\\.cursorrules|\\.clinerules)",
     "agents.md|claude.md|.cursorrules|.clinerules"},
    {"hermes_config_mod", MODIFY "\\.hermes/(config\\.yaml|soul\\.md)", ".hermes/"},
    {"hardcoded_secret", "(?:api[_-]?key|token|secret|password)" S "*[=:]" S "*[\"'][a-z0-9+/=_-]{20,}",
     "key|token|secret|password"},
}};

#undef SPACE_CHARS
#undef S
#undef W
#undef B
#undef FILLER
#undef SECRET_VAR
#undef MODIFY

const QRegularExpression& compiled(size_t i)
{
    // Each pattern is compiled on first use only: most texts reach none of them (see mayMatch).
    static std::array<QRegularExpression, kPatterns.size()> regexes;
    static std::array<bool, kPatterns.size()> ready{};
    if (!ready[i]) {
        regexes[i] =
            QRegularExpression(QString::fromLatin1(kPatterns[i].regex), QRegularExpression::UseUnicodePropertiesOption);
        ready[i] = true;
    }
    return regexes[i];
}

// Whether a match of the pattern is possible at all: every match contains one of its anchors.
// A necessary condition only, so the regex still decides; it saves compiling (PCRE2 JIT) the
// patterns an ordinary note cannot match, which would be most of the cost of `memory apply`.
bool mayMatch(const QString& folded, const Pattern& p)
{
    std::string_view rest(p.anchors);
    while (!rest.empty()) {
        const size_t bar = rest.find('|');
        const std::string_view anchor = rest.substr(0, bar);
        if (folded.contains(QLatin1StringView(anchor.data(), qsizetype(anchor.size()))))
            return true;
        rest = bar == std::string_view::npos ? std::string_view() : rest.substr(bar + 1);
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

QString invisibleId(char32_t c)
{
    return QStringLiteral("invisible_unicode_U+")
           + QStringLiteral("%1").arg(uint(c), 4, 16, QLatin1Char('0')).toUpper();
}

} // namespace

int ThreatScanner::patternCount() { return int(kPatterns.size()); }

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

QStringList ThreatScanner::run(const QString& content, bool firstOnly)
{
    QStringList ids;
    const QString text = UnicodeText::left(content, kMaxScanCodePoints);
    // Invisible characters are looked for in the raw text: NFKC would erase some of them.
    for (qsizetype i = 0; i < text.size();) {
        const char32_t c = UnicodeText::next(text, i);
        if (isInvisible(c)) {
            const QString id = invisibleId(c);
            if (firstOnly)
                return {id};
            if (!ids.contains(id))
                ids << id;
        }
    }
    const QString folded = foldForMatching(text);
    for (size_t i = 0; i < kPatterns.size(); ++i) {
        if (mayMatch(folded, kPatterns[i]) && compiled(i).match(folded).hasMatch()) {
            ids << QString::fromLatin1(kPatterns[i].id);
            if (firstOnly)
                return ids;
        }
    }
    return ids;
}

QStringList ThreatScanner::findings(const QString& content) { return run(content, false); }

std::optional<ThreatScanner::Finding> ThreatScanner::scan(const QString& content)
{
    const QStringList ids = run(content, true);
    if (ids.isEmpty())
        return std::nullopt;
    const QString& id = ids.first();
    static const QLatin1StringView invisiblePrefix("invisible_unicode_");
    if (id.startsWith(invisiblePrefix))
        return Finding{id, QStringLiteral("Blocked: content contains invisible unicode character "
                                          "%1 (possible injection).")
                               .arg(id.mid(invisiblePrefix.size()))};
    return Finding{id, QStringLiteral("Blocked: content matches threat pattern '%1'. Content is "
                                      "injected into the system prompt and must not contain "
                                      "injection or exfiltration payloads.")
                           .arg(id)};
}

} // namespace sediment
