#include "model/InboxItem.h"

#include "model/ProfileName.h"

namespace sediment {

namespace {

// Where a staged Hermes write came from, in one place for scripts: its id, queue and profile.
Json hermesJson(const InboxItem& item, const QString& profile)
{
    const Json& s = item.source;
    const auto field = [&s](const char* key, const char* fallback) {
        const auto it = s.find(key);
        return it != s.end() && it->is_string() ? *it : Json(fallback);
    };
    return {{"id", field("hermes_id", "")},
            {"subsystem", field("subsystem", item.goesTo(Destination::Skill) ? "skills" : "memory")},
            {"profile", toStd(profile)},
            {"origin", field("origin", "foreground")},
            {"summary", field("summary", "")}};
}

} // namespace

QString InboxItem::hermesProfile() const
{
    // Only the importer gives an item both: a proposal from an agent named hermes has neither.
    if (!extId || !extId->startsWith(QLatin1String("hermes:")) || !source.is_object() || !source.contains("hermes_id"))
        return QString();
    const auto it = source.find("profile");
    if (it == source.end() || !it->is_string())
        return ProfileName::defaultName();
    const QString name = QString::fromStdString(it->get<std::string>());
    return ProfileName::isValid(name) ? name : ProfileName::defaultName();
}

Json InboxItem::toJson() const
{
    Json j = Json::object();
    j["id"] = id;
    j["ext_id"] = orNull(extId);
    j["destination"] = toStd(destination);
    j["status"] = toStd(status);
    j["score"] = orNull(score);
    j["rationale"] = toStd(rationale);
    j["stale"] = stale;
    j["seen"] = seen;
    j["op"] = op;
    j["final_op"] = orNull(finalOp);
    j["content_hash"] = toStd(contentHash);
    j["agent"] = orNull(agent);
    j["session"] = orNull(session);
    j["source"] = source;
    j["reason"] = orNull(reason);
    j["refusal_code"] = orNull(refusalCode);
    j["sanitized"] = sanitized;
    j["target_path"] = orNull(targetPath);
    j["created_at"] = toStd(createdAt);
    j["decided_at"] = orNull(decidedAt);
    j["decided_by"] = orNull(decidedBy);
    if (const QString profile = hermesProfile(); !profile.isEmpty())
        j["hermes"] = hermesJson(*this, profile);
    return j;
}

} // namespace sediment
