#include "skills/Curator.h"

#include "audit/Actor.h"
#include "audit/AuditAction.h"
#include "audit/AuditRow.h"
#include "model/SkillState.h"
#include "skills/CuratorPlanner.h"
#include "skills/CuratorSuppressions.h"
#include "skills/HermesCuratorScope.h"
#include "skills/HermesUsageFile.h"
#include "skills/SkillFolders.h"
#include "skills/SkillLedger.h"
#include "skills/UsageLink.h"
#include "store/AuditRepository.h"
#include "store/SkillRepository.h"
#include "workspace/Workspace.h"

#include <QDir>
#include <QFileInfo>

namespace sediment {

namespace {

AuditAction actionFor(const QString& to)
{
    if (isWord(to, SkillState::Stale))
        return AuditAction::SkillStale;
    if (isWord(to, SkillState::Archived))
        return AuditAction::SkillArchived;
    return AuditAction::SkillReactivated;
}

// The ledger's verbs, as `hermes curator` names these changes.
QString ledgerAction(const QString& to)
{
    if (isWord(to, SkillState::Stale))
        return QStringLiteral("mark_stale");
    if (isWord(to, SkillState::Archived))
        return QStringLiteral("archive");
    return QStringLiteral("reactivate");
}

} // namespace

Curator::Curator(Workspace& workspace, const Clock& clock) : m_workspace(workspace), m_clock(clock) {}

Result<CuratorPlan> Curator::plan(const QDateTime& now, bool dryRun, std::optional<QString>& hermesUsage)
{
    Database& db = m_workspace.db();
    const SkillFolders folders(m_workspace.path(QStringLiteral("skills")));
    const CuratorSettings settings = CuratorSettings::of(m_workspace);
    if (!settings.hermesHome) {
        auto all = SkillRepository(db).all();
        if (!all)
            return fail(all.error());
        return CuratorPlanner::sediment(*all, folders, settings.thresholds, now);
    }
    auto archivePaths = SkillRepository(db).archivePaths();
    if (!archivePaths)
        return fail(archivePaths.error());
    auto usage = UsageLink(db).fileOr(m_workspace.path(QStringLiteral("skills/.usage.json")));
    if (!usage)
        return fail(usage.error());
    auto scope = HermesCuratorScope::load(m_workspace.root(), *usage, settings, now);
    if (!scope)
        return fail(scope.error());
    hermesUsage = QDir::cleanPath(QFileInfo(*usage).absoluteFilePath());
    return CuratorPlanner::hermes(*scope, *archivePaths, folders, now,
                                  dryRun ? CuratorPlanner::Pass::DryRun : CuratorPlanner::Pass::Write);
}

Result<CuratorReport> Curator::run(bool dryRun)
{
    const QDateTime now = m_clock.now().toUTC();
    std::optional<QString> hermesUsage;
    auto planned = plan(now, dryRun, hermesUsage);
    if (!planned)
        return fail(planned.error());
    CuratorReport& report = planned->report;
    report.dryRun = dryRun;
    if (dryRun)
        return std::move(report);

    Database& db = m_workspace.db();
    SkillRepository skills(db);
    const SkillFolders folders(m_workspace.path(QStringLiteral("skills")));
    // Moves first, so that a failed move is known before anything is saved.
    std::vector<std::pair<QString, QString>> moved; // live folder, archive path (under skills/)
    for (CuratorReport::Step& step : report.plan) {
        if (!step.archivePath)
            continue;
        if (auto s = folders.archiveFolder(step.folder, *step.archivePath); !s) {
            step.error = s.error().message;
            --report.archived;
            ++report.failed;
        } else {
            moved.emplace_back(step.folder, *step.archivePath);
        }
    }
    auto undoMoves = [&] {
        for (const auto& [folder, where] : moved)
            (void)folders.moveBack(where, folder);
    };

    AuditRepository audit(db, m_clock);
    std::vector<Skill> changed;
    {
        auto tx = db.begin();
        if (!tx) {
            undoMoves();
            return fail(tx.error());
        }
        Status saved;
        if (hermesUsage) {
            // What the agent recorded since the last pass is the database's truth from now on.
            for (const Skill& s : planned->synced) {
                if (saved)
                    saved = skills.save(s);
            }
            for (const Skill& s : planned->seeds) {
                if (saved)
                    saved = skills.save(s);
            }
            auto link = skills.usageLink();
            if (saved && link && !*link)
                saved = skills.setUsageLink(*hermesUsage, now);
        }
        for (size_t k = 0; saved && k < report.plan.size(); ++k) {
            const CuratorReport::Step& step = report.plan[k];
            if (step.error)
                continue;
            Skill s = planned->targets[k];
            s.state = step.to;
            if (isWord(step.to, SkillState::Archived)) {
                s.archivedAt = now;
                s.archivePath = step.archivePath;
            } else if (isWord(step.to, SkillState::Active)) {
                // As Hermes' set_state(active): an active skill carries no archive time.
                s.archivedAt.reset();
            }
            AuditEntry row = AuditRow::of(Actor::curator(), actionFor(step.to), AuditSubject::Skill, s.name);
            row.reason = step.why;
            row.before = step.from;
            row.after = step.to;
            row.details = Json{{"anchor", toStd(step.anchor)},
                               {"stale_after_days", report.staleAfterDays},
                               {"archive_after_days", report.archiveAfterDays},
                               {"archive_path", orNull(step.archivePath)}};
            saved = skills.save(s);
            if (saved) {
                if (auto a = audit.append(std::move(row)); !a)
                    saved = fail(a.error());
            }
            if (saved)
                changed.push_back(std::move(s));
        }
        if (saved)
            saved = skills.addCuratorRun(now, false, report.counts());
        if (saved)
            saved = tx->commit();
        if (!saved) {
            undoMoves();
            return fail(saved.error());
        }
    }
    QStringList suppress;
    for (const Skill& s : changed) {
        if (isWord(s.state, SkillState::Archived) && planned->bundledArchives.contains(s.name))
            suppress << s.name;
    }
    writeFiles(report, changed, hermesUsage, suppress, now);
    return std::move(report);
}

void Curator::writeFiles(CuratorReport& report, const std::vector<Skill>& changed,
                         const std::optional<QString>& hermesUsage, const QStringList& bundledArchives,
                         const QDateTime& now)
{
    Status written = hermesUsage ? HermesUsageFile::writeBack(*hermesUsage, HermesUsageFile::Field::State, changed, now,
                                                              report.seededNames)
                                 : UsageLink(m_workspace.db()).writeBack(changed, now);
    if (!written)
        report.writeBackError = written.error().message;
    const QString skillsDir = m_workspace.path(QStringLiteral("skills"));
    if (auto s = CuratorSuppressions(skillsDir).add(bundledArchives); !s)
        report.warnings << s.error().message;
    const SkillLedger ledger(skillsDir);
    if (!ledger.exists())
        return;
    for (const CuratorReport::Step& step : report.plan) {
        if (step.error)
            continue;
        Json evidence{
            {"source", "sediment"}, {"from", toStd(step.from)}, {"to", toStd(step.to)}, {"reason", toStd(step.why)}};
        if (step.archivePath)
            evidence["archive_path"] = toStd(*step.archivePath);
        if (auto s = ledger.append(SkillLedger::Actor::Curator, ledgerAction(step.to), step.name, evidence, now); !s) {
            report.warnings << s.error().message;
            return;
        }
    }
}

} // namespace sediment
