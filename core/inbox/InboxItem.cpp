#include "inbox/InboxItem.h"

namespace sediment {

namespace {

Json text(const std::optional<QString>& v) { return v ? Json(us(*v)) : Json(nullptr); }

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
