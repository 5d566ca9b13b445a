#include "skills/CuratorReport.h"
#include "model/SkillState.h"

namespace sediment {

Json CuratorReport::counts() const
{
    // One set of counts, in the key order each curator's runs have always been saved with (the
    // Hermes curator's says what it checked after what it changed, and adds its own two).
    Json j = Json::object();
    if (!hermes)
        j["checked"] = checked;
    j["marked_stale"] = markedStale;
    j["archived"] = archived;
    j["reactivated"] = reactivated;
    if (hermes) {
        j["checked"] = checked;
        j["seeded"] = seeded;
    }
    j["skipped_pinned"] = skippedPinned;
    if (hermes)
        j["skipped_cron"] = skippedCron;
    j["skipped_not_agent"] = skippedNotAgent;
    j["failed"] = failed;
    return j;
}

Json CuratorReport::toJson() const
{
    Json j = counts();
    j["dry_run"] = dryRun;
    j["at"] = toStd(at);
    if (hermes) {
        j["stale_after_days"] = staleAfterDays;
        j["archive_after_days"] = archiveAfterDays;
        j["prune_builtins"] = pruneBuiltins;
        j["seeded_skills"] = json::arrayOf(seededNames, [](const QString& name) { return toStd(name); });
    }
    Json steps = Json::array();
    for (const Step& s : plan) {
        Json step = Json::object();
        step["name"] = toStd(s.name);
        step["from"] = toStd(s.from);
        step["to"] = toStd(s.to);
        step["why"] = toStd(s.why);
        step["anchor"] = toStd(s.anchor);
        if (isWord(s.to, SkillState::Archived))
            step["archive_path"] = orNull(s.archivePath);
        if (s.error)
            step["error"] = toStd(*s.error);
        steps.push_back(std::move(step));
    }
    j["plan"] = std::move(steps);
    if (writeBackError)
        j["usage_json_error"] = toStd(*writeBackError);
    if (!warnings.isEmpty())
        j["warnings"] = json::arrayOf(warnings, [](const QString& text) { return toStd(text); });
    return j;
}

} // namespace sediment
