#include "skills/Skill.h"

#include "util/Time.h"

#include <QRegularExpression>

namespace sediment {

namespace {

Json optionalTime(const std::optional<QDateTime>& t) { return t ? Json(toStd(time::toIso(*t))) : Json(nullptr); }

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
    j["archive_path"] = archivePath ? Json(toStd(*archivePath)) : Json(nullptr);
    return j;
}

bool Skill::isValidName(const QString& name)
{
    static const QRegularExpression re(QStringLiteral("^[a-z0-9][a-z0-9._-]{0,63}$"));
    return re.match(name).hasMatch();
}

bool Skill::isKnownCreator(const QString& who)
{
    return who == QLatin1String("agent") || who == QLatin1String("user") || who == QLatin1String("bundled")
           || who == QLatin1String("hub");
}

bool Skill::isKnownState(const QString& state)
{
    return state == QLatin1String("active") || state == QLatin1String("stale") || state == QLatin1String("archived");
}

} // namespace sediment
