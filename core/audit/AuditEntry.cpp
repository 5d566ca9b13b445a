#include "audit/AuditEntry.h"

namespace sediment {

namespace {

Json optional(const std::optional<QString>& v) { return v ? Json(us(*v)) : Json(nullptr); }

} // namespace

Json AuditEntry::toJson() const
{
    Json j = Json::object();
    j["seq"] = seq;
    j["at"] = us(at);
    j["actor"] = us(actor);
    j["action"] = us(action);
    j["subject_type"] = us(subjectType);
    j["subject_id"] = us(subjectId);
    j["reason"] = optional(reason);
    j["before"] = optional(before);
    j["after"] = optional(after);
    j["details"] = details;
    j["prev_hash"] = us(prevHash);
    j["hash"] = us(hash);
    return j;
}

} // namespace sediment
