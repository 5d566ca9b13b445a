#include "skills/CuratorPlanner.h"

#include "model/SkillState.h"
#include "skills/HermesCuratorScope.h"
#include "skills/SkillFolders.h"
#include "util/Time.h"

#include <QHash>

namespace sediment {

namespace {

qint64& countFor(CuratorReport& r, CuratorDecision::Transition t)
{
    switch (t) {
    case CuratorDecision::Transition::MarkStale:
        return r.markedStale;
    case CuratorDecision::Transition::Archive:
        return r.archived;
    default:
        return r.reactivated;
    }
}

CuratorReport::Step stepFor(const Skill& s, const CuratorDecision& d)
{
    return {s.name, s.state, d.toState(s.state), d.why, d.anchorIso, std::nullopt, std::nullopt, {}};
}

} // namespace

CuratorPlan CuratorPlanner::sediment(const std::vector<Skill>& all, const SkillFolders& folders,
                                     const CuratorThresholds& thresholds, const QDateTime& now)
{
    CuratorPlan plan;
    CuratorReport& report = plan.report;
    report.at = time::toIso(now);
    report.staleAfterDays = thresholds.staleAfterDays;
    report.archiveAfterDays = thresholds.archiveAfterDays;
    const CuratorRules::Cutoffs cutoffs(now, thresholds);
    const SkillFolders::ArchiveTargets archiveTargets = folders.archiveTargets(now);
    for (const Skill& s : all) {
        const CuratorDecision d = CuratorRules::decide(s, cutoffs);
        if (d.scope == CuratorDecision::Scope::SkippedNotAgent) {
            ++report.skippedNotAgent;
            continue;
        }
        ++report.checked;
        if (d.scope == CuratorDecision::Scope::SkippedPinned) {
            ++report.skippedPinned;
            continue;
        }
        if (d.transition == CuratorDecision::Transition::None)
            continue;
        CuratorReport::Step step = stepFor(s, d);
        if (d.transition == CuratorDecision::Transition::Archive) {
            if (folders.hasLiveFolder(s.name)) {
                step.folder = s.name;
                step.archivePath = archiveTargets.of(s.name);
            } else {
                step.why += QStringLiteral("; skills/%1 is missing, so it is archived in the "
                                           "database only")
                                .arg(s.name);
            }
        }
        ++countFor(report, d.transition);
        report.plan.push_back(std::move(step));
        plan.targets.push_back(s);
    }
    return plan;
}

CuratorPlan CuratorPlanner::hermes(const HermesCuratorScope& scope, const QHash<QString, QString>& archivePaths,
                                   const SkillFolders& folders, const QDateTime& now, Pass pass)
{
    CuratorPlan plan;
    CuratorReport& report = plan.report;
    const CuratorSettings& settings = scope.settings();
    report.at = time::toIso(now);
    report.hermes = true;
    report.staleAfterDays = settings.thresholds.staleAfterDays;
    report.archiveAfterDays = settings.thresholds.archiveAfterDays;
    report.pruneBuiltins = settings.pruneBuiltins;
    report.warnings = scope.warnings();
    const auto archivedAt = [&](const QString& name) -> std::optional<QString> {
        const auto it = archivePaths.constFind(name);
        return it == archivePaths.constEnd() ? std::nullopt : std::optional<QString>(*it);
    };
    if (pass == Pass::Write) {
        plan.synced.reserve(std::size_t(scope.records().size()));
        for (auto it = scope.records().cbegin(); it != scope.records().cend(); ++it) {
            Skill s = it.value();
            // The file does not know where Sediment put an archived folder.
            if (isWord(s.state, SkillState::Archived))
                s.archivePath = archivedAt(s.name);
            plan.synced.push_back(std::move(s));
        }
    }
    const SkillFolders::ArchiveTargets archiveTargets = folders.archiveTargets(now);

    const CuratorRules::Cutoffs cutoffs(now, settings.thresholds);
    for (const auto& live : scope.liveSkills()) {
        if (!scope.eligible(live.name)) {
            ++report.skippedNotAgent;
            continue;
        }
        ++report.checked;
        const Skill* rec = scope.record(live.name);
        // The file's pin, as Hermes reads it: a pin or unpin the agent wrote since the last
        // import counts now, and every pin Sediment makes is written to the file too. No
        // record is Hermes' empty one, unpinned.
        if (rec && rec->pinned) {
            ++report.skippedPinned;
            continue;
        }
        if (scope.namedByCron(live.name)) {
            ++report.skippedCron;
            continue;
        }
        if (!rec) {
            // First sight of a bundled skill: its inactivity clock starts now.
            if (pass == Pass::Write) {
                Skill seed;
                seed.name = live.name;
                seed.createdBy = QStringLiteral("bundled");
                seed.createdAt = now;
                plan.seeds.push_back(std::move(seed));
            }
            report.seededNames << live.name;
            ++report.seeded;
            continue;
        }
        const CuratorDecision d = CuratorRules::transition(*rec, cutoffs);
        if (d.transition == CuratorDecision::Transition::None)
            continue;
        CuratorReport::Step step = stepFor(*rec, d);
        if (d.transition == CuratorDecision::Transition::Archive) {
            // Hermes flattens category folders: skills/<category>/<name> goes to .archive/<name>.
            step.folder = live.folder;
            step.archivePath = archiveTargets.of(QStringView(live.folder).sliced(live.folder.lastIndexOf(u'/') + 1));
            if (scope.bundled(live.name))
                plan.bundledArchives << live.name;
        }
        ++countFor(report, d.transition);
        report.plan.push_back(std::move(step));
        if (pass == Pass::Write) {
            Skill target = *rec;
            target.archivePath = archivedAt(live.name);
            plan.targets.push_back(std::move(target));
        }
    }
    return plan;
}

} // namespace sediment
