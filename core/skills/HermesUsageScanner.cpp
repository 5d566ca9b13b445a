#include "skills/HermesUsageScanner.h"

#include "model/Skill.h"
#include "util/Time.h"

#include <algorithm>
#include <charconv>

namespace sediment {

namespace {

// One scalar of a record: a string (its bytes, no escapes), a whole number, true/false, or null.
struct Scalar {
    enum class Kind { String, Number, True, False, Null } kind = Kind::Null;
    std::string_view text; // String: the bytes between the quotes
    qint64 number = 0;
};

class Cursor final {
public:
    explicit Cursor(std::string_view text) : m_p(text.data()), m_end(text.data() + text.size()) {}

    void skipSpace()
    {
        while (m_p < m_end && (*m_p == ' ' || *m_p == '\n' || *m_p == '\r' || *m_p == '\t'))
            ++m_p;
    }
    bool take(char c)
    {
        skipSpace();
        if (m_p == m_end || *m_p != c)
            return false;
        ++m_p;
        return true;
    }
    bool peek(char c)
    {
        skipSpace();
        return m_p < m_end && *m_p == c;
    }
    bool atEnd()
    {
        skipSpace();
        return m_p == m_end;
    }

    // Printable ASCII without a backslash: the strings Hermes writes for names, times, states.
    bool string(std::string_view& out)
    {
        if (!take('"'))
            return false;
        const char* start = m_p;
        while (m_p < m_end && *m_p != '"') {
            const auto c = static_cast<unsigned char>(*m_p);
            if (c < 0x20 || c >= 0x80 || c == '\\')
                return false;
            ++m_p;
        }
        if (m_p == m_end)
            return false;
        out = std::string_view(start, std::size_t(m_p - start));
        ++m_p;
        return true;
    }

    bool scalar(Scalar& out)
    {
        skipSpace();
        if (m_p == m_end)
            return false;
        if (*m_p == '"') {
            out.kind = Scalar::Kind::String;
            return string(out.text);
        }
        if (*m_p >= '0' && *m_p <= '9') {
            // A JSON whole number without sign, leading zero or fraction, small enough for
            // qint64; anything else (negative, 1.5, 1e3, 20 digits) is the full parser's.
            const char* start = m_p;
            while (m_p < m_end && *m_p >= '0' && *m_p <= '9')
                ++m_p;
            const std::size_t n = std::size_t(m_p - start);
            if (n > 18 || (n > 1 && *start == '0'))
                return false;
            if (m_p < m_end && (*m_p == '.' || *m_p == 'e' || *m_p == 'E'))
                return false;
            out.kind = Scalar::Kind::Number;
            return std::from_chars(start, m_p, out.number).ec == std::errc();
        }
        for (auto [word, kind] : {std::pair{std::string_view("true"), Scalar::Kind::True},
                                  std::pair{std::string_view("false"), Scalar::Kind::False},
                                  std::pair{std::string_view("null"), Scalar::Kind::Null}}) {
            if (std::size_t(m_end - m_p) >= word.size() && std::string_view(m_p, word.size()) == word) {
                m_p += word.size();
                out.kind = kind;
                return true;
            }
        }
        return false;
    }

private:
    const char* m_p;
    const char* m_end;
};

bool readTime(const Scalar& v, std::optional<QDateTime>& out)
{
    if (v.kind == Scalar::Kind::Null)
        return true;
    if (v.kind != Scalar::Kind::String)
        return false;
    if (v.text.empty())
        return true;
    if (auto t = time::parseIsoUtcFast(v.text)) {
        out = *t;
        return true;
    }
    auto slow = time::parseIso(QString::fromLatin1(v.text.data(), qsizetype(v.text.size())));
    if (!slow)
        return false;
    out = *slow;
    return true;
}

bool readCount(const Scalar& v, qint64& out)
{
    if (v.kind == Scalar::Kind::Null)
        return true;
    if (v.kind != Scalar::Kind::Number)
        return false;
    out = v.number;
    return true;
}

QString latin1(std::string_view s) { return QString::fromLatin1(s.data(), qsizetype(s.size())); }

Json toJson(const Scalar& v)
{
    switch (v.kind) {
    case Scalar::Kind::String:
        return Json(std::string(v.text));
    case Scalar::Kind::Number:
        return Json(std::uint64_t(v.number)); // nlohmann reads a whole number without sign as unsigned
    case Scalar::Kind::True:
        return Json(true);
    case Scalar::Kind::False:
        return Json(false);
    case Scalar::Kind::Null:
        break;
    }
    return Json(nullptr);
}

enum Key {
    UseCount,
    ViewCount,
    PatchCount,
    LastUsed,
    LastViewed,
    LastPatched,
    Archived,
    Created,
    State,
    Pinned,
    CreatedBy,
    kKnown
};
constexpr std::string_view kNames[kKnown] = {"use_count",      "view_count",      "patch_count", "last_used_at",
                                             "last_viewed_at", "last_patched_at", "archived_at", "created_at",
                                             "state",          "pinned",          "created_by"};

// The known key `key` is, or -1: one comparison, chosen by length and first letter (a file of
// 100,000 records holds over a million keys).
int knownKey(std::string_view key)
{
    int k = -1;
    switch (key.size()) {
    case 5:
        k = State;
        break;
    case 6:
        k = Pinned;
        break;
    case 9:
        k = UseCount;
        break;
    case 10:
        k = key[0] == 'v' ? ViewCount : key[0] == 'c' && key[8] == 'a' ? Created : CreatedBy;
        break;
    case 11:
        k = key[0] == 'p' ? PatchCount : Archived;
        break;
    case 12:
        k = LastUsed;
        break;
    case 14:
        k = LastViewed;
        break;
    case 15:
        k = LastPatched;
        break;
    default:
        return -1;
    }
    return kNames[k] == key ? k : -1;
}

// One record, from after its '{' to its '}'; false for anything parse would read differently.
bool record(Cursor& in, const QString& name, const HermesUsageFile::Provenance& provenance, const QDateTime& now,
            Skill& s, bool& agentMarked)
{
    Scalar known[kKnown];
    bool seen[kKnown] = {};
    std::vector<std::pair<std::string_view, Scalar>> unknown;
    if (!in.peek('}')) {
        do {
            std::string_view key;
            Scalar value;
            if (!in.string(key) || !in.take(':') || !in.scalar(value))
                return false;
            const int k = knownKey(key);
            if (k >= 0) {
                if (seen[k])
                    return false; // a duplicate key: the last one wins in parse, kept simple here
                seen[k] = true;
                known[k] = value;
            } else {
                unknown.emplace_back(key, value);
            }
        } while (in.take(','));
    }
    if (!in.take('}'))
        return false;

    s.name = name;
    if (!readCount(known[UseCount], s.useCount) || !readCount(known[ViewCount], s.viewCount)
        || !readCount(known[PatchCount], s.patchCount) || !readTime(known[LastUsed], s.lastUsedAt)
        || !readTime(known[LastViewed], s.lastViewedAt) || !readTime(known[LastPatched], s.lastPatchedAt)
        || !readTime(known[Archived], s.archivedAt))
        return false;
    std::optional<QDateTime> created;
    if (!readTime(known[Created], created))
        return false;
    s.createdAt = created.value_or(now);
    if (const Scalar& v = known[State]; v.kind != Scalar::Kind::Null) {
        auto state = v.kind == Scalar::Kind::String ? Skill::knownState(v.text) : std::nullopt;
        if (!state)
            return false;
        s.state = std::move(*state);
    }
    if (const Scalar& v = known[Pinned]; v.kind != Scalar::Kind::Null) {
        if (v.kind != Scalar::Kind::True && v.kind != Scalar::Kind::False)
            return false;
        s.pinned = v.kind == Scalar::Kind::True;
    }
    const Scalar& by = known[CreatedBy];
    if (by.kind != Scalar::Kind::Null) {
        auto creator = by.kind == Scalar::Kind::String ? Skill::knownCreator(by.text) : std::nullopt;
        if (!creator)
            return false;
        s.createdBy = std::move(*creator);
    }
    if (auto upstream = provenance.upstream(name))
        s.createdBy = std::move(*upstream);
    // parse keeps unknown keys in the file's sorted key order; a key twice is left to it.
    std::sort(unknown.begin(), unknown.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (std::size_t i = 0; i < unknown.size(); ++i) {
        if (i > 0 && unknown[i].first == unknown[i - 1].first)
            return false;
        s.extra[std::string(unknown[i].first)] = toJson(unknown[i].second);
    }
    const auto marked =
        std::find_if(unknown.begin(), unknown.end(), [](const auto& kv) { return kv.first == "agent_created"; });
    agentMarked = (by.kind == Scalar::Kind::String && by.text == "agent")
                  || (marked != unknown.end() && marked->second.kind == Scalar::Kind::True);
    return true;
}

} // namespace

std::optional<HermesUsageFile::Parsed> HermesUsageScanner::tryScan(std::string_view text,
                                                                   const HermesUsageFile::Provenance& provenance,
                                                                   const QDateTime& now)
{
    Cursor in(text);
    if (!in.take('{'))
        return std::nullopt;
    struct Record {
        std::string_view name;
        Skill skill;
        bool agent = false; // marked as the agent's
    };
    std::vector<Record> records;
    if (!in.peek('}')) {
        do {
            std::string_view name;
            if (!in.string(name) || !Skill::isValidName(name) || !in.take(':') || !in.take('{'))
                return std::nullopt;
            Skill s;
            bool agent = false;
            if (!record(in, latin1(name), provenance, now, s, agent))
                return std::nullopt;
            records.push_back({name, std::move(s), agent});
        } while (in.take(','));
    }
    if (!in.take('}') || !in.atEnd())
        return std::nullopt;
    // parse lists records in key order (its object is a sorted map); Hermes writes them sorted,
    // so this sort is mostly a check. A name twice is left to parse (the last one wins there).
    const auto byName = [](const Record& a, const Record& b) { return a.name < b.name; };
    if (!std::is_sorted(records.begin(), records.end(), byName))
        std::stable_sort(records.begin(), records.end(), byName);
    HermesUsageFile::Parsed out;
    out.skills.reserve(records.size());
    out.agentMarked.reserve(
        qsizetype(std::count_if(records.begin(), records.end(), [](const Record& r) { return r.agent; })));
    for (std::size_t i = 0; i < records.size(); ++i) {
        if (i > 0 && records[i].name == records[i - 1].name)
            return std::nullopt;
        out.skills.push_back(std::move(records[i].skill));
        if (records[i].agent) // the set shares the record's name rather than a copy of it
            out.agentMarked.insert(out.skills.back().name);
    }
    return out;
}

} // namespace sediment
