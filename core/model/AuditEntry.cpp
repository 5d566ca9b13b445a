#include "model/AuditEntry.h"

namespace sediment {

Json AuditEntry::toJson() const
{
    Json j = Json::object();
    j["seq"] = seq;
    j["at"] = toStd(at);
    j["actor"] = toStd(actor);
    j["action"] = toStd(action);
    j["subject_type"] = toStd(subjectType);
    j["subject_id"] = toStd(subjectId);
    j["reason"] = orNull(reason);
    j["before"] = orNull(before);
    j["after"] = orNull(after);
    j["details"] = details;
    j["prev_hash"] = toStd(prevHash);
    j["hash"] = toStd(hash);
    return j;
}

} // namespace sediment
