#include "inbox/InboxItem.h"

namespace sediment {

namespace {

Json text(const std::optional<QString>& v) { return v ? Json(us(*v)) : Json(nullptr); }

// The staged Hermes record an item came from, as scripts key on it: null for other items.
Json hermesOf(const Json& source, const QString& destination)
{
    if (!source.is_object() || source.value("agent", Json()) != "hermes"
        || !source.value("hermes_id", Json()).is_string())
        return nullptr;
    auto str = [&](const char* key, const char* fallback) {
        const auto it = source.find(key);
        return it != source.end() && it->is_string() ? *it : Json(fallback);
    };
    return {{"id", source["hermes_id"]},
            {"subsystem", str("subsystem", destination == QLatin1String("skill") ? "skills" : "memory")},
            {"profile", str("profile", "default")},
            {"origin", str("origin", "foreground")},
            {"summary", str("summary", "")}};
}

} // namespace

Json InboxItem::toJson() const
{
    Json j = Json::object();
    j["id"] = id;
    j["ext_id"] = text(extId);
    j["destination"] = us(destination);
    j["status"] = us(status);
    j["score"] = score ? Json(*score) : Json(nullptr);
    j["rationale"] = us(rationale);
    j["stale"] = stale;
    j["seen"] = seen;
    j["op"] = op;
    j["final_op"] = finalOp ? *finalOp : Json(nullptr);
    j["content_hash"] = us(contentHash);
    j["agent"] = text(agent);
    j["session"] = text(session);
    j["source"] = source;
    if (Json h = hermesOf(source, destination); !h.is_null())
        j["hermes"] = std::move(h);
    j["reason"] = text(reason);
    j["refusal_code"] = text(refusalCode);
    j["sanitized"] = sanitized;
    j["target_path"] = text(targetPath);
    j["created_at"] = us(createdAt);
    j["decided_at"] = text(decidedAt);
    j["decided_by"] = text(decidedBy);
    return j;
}

} // namespace sediment
