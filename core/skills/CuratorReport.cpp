#include "skills/CuratorReport.h"

namespace sediment {

Json CuratorReport::counts() const
{
    Json j = Json::object();
    j["checked"] = checked;
    j["marked_stale"] = markedStale;
    j["archived"] = archived;
    j["reactivated"] = reactivated;
    j["skipped_pinned"] = skippedPinned;
    j["skipped_not_agent"] = skippedNotAgent;
    j["failed"] = failed;
    return j;
}

Json CuratorReport::toJson() const
{
    Json j = counts();
    j["dry_run"] = dryRun;
    j["at"] = us(at);
    Json steps = Json::array();
    for (const Step& s : plan) {
        Json step = Json::object();
        step["name"] = us(s.name);
        step["from"] = us(s.from);
        step["to"] = us(s.to);
        step["why"] = us(s.why);
        step["anchor"] = us(s.anchor);
        if (s.to == QLatin1String("archived"))
            step["archive_path"] = s.archivePath ? Json(us(*s.archivePath)) : Json(nullptr);
        if (s.error)
            step["error"] = us(*s.error);
        steps.push_back(std::move(step));
    }
    j["plan"] = std::move(steps);
    if (writeBackError)
        j["usage_json_error"] = us(*writeBackError);
    return j;
}

} // namespace sediment
