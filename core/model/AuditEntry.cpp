#include "model/AuditEntry.h"

namespace sediment {

namespace {

Json optional(const std::optional<QString>& v) { return v ? Json(toStd(*v)) : Json(nullptr); }

} // namespace

Json AuditEntry::toJson() const
{
    Json j = Json::object();
    j["seq"] = seq;
    j["at"] = toStd(at);
    j["actor"] = toStd(actor);
    j["action"] = toStd(action);
    j["subject_type"] = toStd(subjectType);
    j["subject_id"] = toStd(subjectId);
    j["reason"] = optional(reason);
    j["before"] = optional(before);
    j["after"] = optional(after);
    j["details"] = details;
    j["prev_hash"] = toStd(prevHash);
    j["hash"] = toStd(hash);
    return j;
}

} // namespace sediment
