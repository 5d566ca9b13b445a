#include "skills/Curator.h"

#include "skills/SkillFolders.h"
#include "skills/UsageLink.h"
#include "store/AuditRepository.h"
#include "store/SkillRepository.h"
#include "util/Time.h"
#include "workspace/Workspace.h"

namespace sediment {

namespace {

QString actionFor(const QString& to)
{
    if (to == QLatin1String("stale"))
        return QStringLiteral("skill.stale");
    if (to == QLatin1String("archived"))
        return QStringLiteral("skill.archived");
    return QStringLiteral("skill.reactivated");
}

qint64& countFor(CuratorReport& r, const QString& to)
{
    if (to == QLatin1String("stale"))
        return r.markedStale;
    if (to == QLatin1String("archived"))
        return r.archived;
    return r.reactivated;
}

} // namespace

Curator::Curator(Workspace& workspace, const Clock& clock)
    : m_workspace(workspace)
    , m_clock(clock)
    , m_thresholds{workspace.config().staleAfterDays, workspace.config().archiveAfterDays}
{
}

Result<CuratorReport> Curator::plan(std::vector<Skill>& skills, std::vector<size_t>& planned) const
{
    const QDateTime now = m_clock.now().toUTC();
    const SkillFolders folders(m_workspace.path(QStringLiteral("skills")));
    const CuratorRules::Cutoffs cutoffs(now, m_thresholds);
    CuratorReport report;
    report.at = time::toIso(now);
    for (size_t i = 0; i < skills.size(); ++i) {
        const Skill& s = skills[i];
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
        CuratorReport::Step step{s.name, s.state, d.toState(s.state), d.why, d.anchorIso,
                                 std::nullopt, std::nullopt};
        if (d.transition == CuratorDecision::Transition::Archive) {
            if (folders.hasLiveFolder(s.name))
                step.archivePath = folders.archiveTarget(s.name, now);
            else
                step.why += QStringLiteral("; skills/%1 is missing, so it is archived in the "
                                           "database only")
                                .arg(s.name);
        }
        ++countFor(report, step.to);
        report.plan.push_back(std::move(step));
        planned.push_back(i);
    }
    return report;
}

Result<CuratorReport> Curator::run(bool dryRun)
{
    Database& db = m_workspace.db();
    SkillRepository skills(db);
    auto all = skills.all();
    if (!all)
        return fail(all.error());
    std::vector<size_t> planned;
    auto report = plan(*all, planned);
    if (!report)
        return report;
    report->dryRun = dryRun;
    if (dryRun)
        return report;

    const QDateTime now = m_clock.now().toUTC();
    const SkillFolders folders(m_workspace.path(QStringLiteral("skills")));
    // Moves first, so that a failed move is known before anything is saved.
    std::vector<std::pair<QString, QString>> moved; // name, relative archive path
    for (CuratorReport::Step& step : report->plan) {
        if (!step.archivePath)
            continue;
        if (auto s = folders.archive(step.name, *step.archivePath); !s) {
            step.error = s.error().message;
            --report->archived;
            ++report->failed;
        } else {
            moved.emplace_back(step.name, *step.archivePath);
        }
    }
    auto undoMoves = [&] {
        for (const auto& [name, where] : moved)
            (void)folders.restore(name, where);
    };

    AuditRepository audit(db, m_clock);
    std::vector<Skill> changed;
    {
        auto tx = db.begin();
        if (!tx) {
            undoMoves();
            return fail(tx.error());
        }
        for (size_t k = 0; k < planned.size(); ++k) {
            const CuratorReport::Step& step = report->plan[k];
            if (step.error)
                continue;
            Skill s = (*all)[planned[k]];
            s.state = step.to;
            if (step.to == QLatin1String("archived")) {
                s.archivedAt = now;
                s.archivePath = step.archivePath;
            } else if (step.to == QLatin1String("active")) {
                // As Hermes' set_state(active): an active skill carries no archive time.
                s.archivedAt.reset();
            }
            AuditEntry row;
            row.actor = QStringLiteral("curator");
            row.action = actionFor(step.to);
            row.subjectType = QStringLiteral("skill");
            row.subjectId = s.name;
            row.reason = step.why;
            row.before = step.from;
            row.after = step.to;
            row.details = Json{{"anchor", us(step.anchor)},
                               {"stale_after_days", m_thresholds.staleAfterDays},
                               {"archive_after_days", m_thresholds.archiveAfterDays},
                               {"archive_path", step.archivePath ? Json(us(*step.archivePath))
                                                                 : Json(nullptr)}};
            Status saved = skills.save(s);
            if (saved) {
                if (auto a = audit.append(std::move(row)); !a)
                    saved = fail(a.error());
            }
            if (!saved) {
                undoMoves();
                return fail(saved.error());
            }
            changed.push_back(std::move(s));
        }
        Status done = skills.addCuratorRun(now, false, report->counts());
        if (done)
            done = tx->commit();
        if (!done) {
            undoMoves();
            return fail(done.error());
        }
    }
    if (auto s = UsageLink(db).writeBack(changed); !s)
        report->writeBackError = s.error().message;
    return report;
}

} // namespace sediment
