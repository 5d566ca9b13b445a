#include "model/Skill.h"

#include "model/SkillState.h"
#include "util/Time.h"

#include <algorithm>
#include <array>

namespace sediment {

namespace {

Json optionalTime(const std::optional<QDateTime>& t) { return t ? Json(toStd(time::toIso(*t))) : Json(nullptr); }

// Character by character, not a regular expression: a `$` also matches before a final newline,
// which once let "deploy\n" become a skill.
char16_t unit(QChar c) { return c.unicode(); }
char16_t unit(char c) { return static_cast<unsigned char>(c); }

template <typename Text>
bool validName(const Text& name)
{
    const auto lowerOrDigit = [](char16_t c) { return (c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9'); };
    if (name.empty() || name.size() > 64 || !lowerOrDigit(unit(name.front())))
        return false;
    return std::all_of(name.begin(), name.end(), [&](auto c) {
        const char16_t u = unit(c);
        return lowerOrDigit(u) || u == u'.' || u == u'_' || u == u'-';
    });
}

} // namespace

std::optional<QDateTime> Skill::lastActivity() const
{
    std::optional<QDateTime> newest;
    for (const auto* t : {&lastUsedAt, &lastViewedAt, &lastPatchedAt}) {
        if (*t && (!newest || **t > *newest))
            newest = **t;
    }
    return newest;
}

Json Skill::toJson() const
{
    Json j = Json::object();
    j["name"] = toStd(name);
    j["created_by"] = toStd(createdBy);
    j["pinned"] = pinned;
    j["state"] = toStd(state);
    j["use_count"] = useCount;
    j["view_count"] = viewCount;
    j["patch_count"] = patchCount;
    j["last_used_at"] = optionalTime(lastUsedAt);
    j["last_viewed_at"] = optionalTime(lastViewedAt);
    j["last_patched_at"] = optionalTime(lastPatchedAt);
    j["created_at"] = createdAt.isValid() ? Json(toStd(time::toIso(createdAt))) : Json(nullptr);
    j["archived_at"] = optionalTime(archivedAt);
    j["archive_path"] = orNull(archivePath);
    return j;
}

bool Skill::isValidName(QStringView name) { return validName(name); }

bool Skill::isValidName(std::string_view utf8) { return validName(utf8); }

bool Skill::isHermesName(QStringView name)
{
    if (name.isEmpty() || name.front() == u'.' || name.toUtf8().size() > 255)
        return false;
    return std::none_of(name.begin(), name.end(), [](QChar c) {
        const char16_t u = c.unicode();
        return u == u'/' || u == u'\\' || u < 0x20 || (u >= 0x7f && u < 0xa0) || u == 0x2028 || u == 0x2029;
    });
}

namespace {

const std::array<QString, 4>& creators()
{
    static const std::array<QString, 4> words{QStringLiteral("agent"), QStringLiteral("user"),
                                              QStringLiteral("bundled"), QStringLiteral("hub")};
    return words;
}

const std::array<QString, 3>& states()
{
    static const std::array<QString, 3> words{toString(SkillState::Active), toString(SkillState::Stale),
                                              toString(SkillState::Archived)};
    return words;
}

template <std::size_t N>
std::optional<QString> wordOf(const std::array<QString, N>& words, std::string_view utf8)
{
    const QLatin1StringView text(utf8.data(), qsizetype(utf8.size())); // the words are ASCII
    for (const QString& w : words) {
        if (w == text)
            return w;
    }
    return std::nullopt;
}

} // namespace

std::optional<QString> Skill::knownCreator(std::string_view utf8) { return wordOf(creators(), utf8); }

std::optional<QString> Skill::knownState(std::string_view utf8) { return wordOf(states(), utf8); }

} // namespace sediment
