#include "skills/CuratorOutlook.h"

#include "model/Skill.h"
#include "skills/CuratorRules.h"
#include "skills/UsageLink.h"
#include "util/Clock.h"
#include "workspace/Workspace.h"

#include <QHash>

namespace sediment::ui {

CuratorOutlook::CuratorOutlook(Workspace& workspace, const Clock& clock) : m_workspace(workspace), m_clock(clock) {}

QString CuratorOutlook::reload()
{
    m_settings = CuratorSettings::of(m_workspace);
    m_scope.reset();
    const auto& t = m_settings.thresholds;
    if (!m_settings.hermesHome) {
        return tr("Curator rules: stale after %1 days, archive after %2 days "
                  "(%3); only agent-created, unpinned skills are curated.")
            .arg(t.staleAfterDays)
            .arg(t.archiveAfterDays)
            .arg(m_settings.source);
    }
    // A database that cannot say which file is linked still shows the rules of the home's own.
    const QString homeFile = m_workspace.path(QStringLiteral("skills/.usage.json"));
    const QString usage = UsageLink(m_workspace.db()).fileOr(homeFile).value_or(homeFile);
    auto scope = HermesCuratorScope::load(m_workspace.root(), usage, m_settings, m_clock.now().toUTC());
    QString problem;
    if (scope)
        m_scope = std::move(*scope);
    else
        problem = QStringLiteral(" %1.").arg(scope.error().message);
    return tr("Hermes' curator rules: stale after %1 days, archive after %2 days (%3); "
              "bundled skills are %4 (curator.prune_builtins); hub skills, the built-in "
              "plan and skills a cron job names are never touched.%5")
        .arg(t.staleAfterDays)
        .arg(t.archiveAfterDays)
        .arg(m_settings.source, m_settings.pruneBuiltins ? tr("curated") : tr("left alone"), problem);
}

std::pair<QString, QString> CuratorOutlook::protectionOf(const Skill& skill) const
{
    using P = HermesCuratorScope::Protection;
    if (!m_scope)
        return {};
    const P p = m_scope->protection(skill.name);
    static const QHash<int, QString> labels{{int(P::Pinned), tr("pinned")},
                                            {int(P::CronJob), tr("cron job")},
                                            {int(P::Hub), tr("hub")},
                                            {int(P::ProtectedBuiltin), tr("built-in")},
                                            {int(P::Bundled), tr("bundled")}};
    if (p == P::None || p == P::NotAgent)
        return {QString(), HermesCuratorScope::describe(p)};
    return {labels.value(int(p)), HermesCuratorScope::describe(p)};
}

QString CuratorOutlook::nextPass(const Skill& s) const
{
    const CuratorRules::Cutoffs cutoffs(m_clock.now().toUTC(), m_settings.thresholds);
    if (m_scope) {
        const auto p = m_scope->protection(s.name);
        const Skill* rec = m_scope->record(s.name);
        if (s.pinned || p != HermesCuratorScope::Protection::None)
            return tr("protected: %1")
                .arg(HermesCuratorScope::describe(s.pinned ? HermesCuratorScope::Protection::Pinned : p));
        if (!rec)
            return tr("seeded: its inactivity clock starts then");
        const CuratorDecision d = CuratorRules::transition(*rec, cutoffs);
        return d.transition == CuratorDecision::Transition::None
                   ? tr("no change")
                   : QStringLiteral("%1 → %2: %3").arg(rec->state, d.toState(rec->state), d.why);
    }
    const CuratorDecision d = CuratorRules::decide(s, cutoffs);
    if (d.scope == CuratorDecision::Scope::SkippedNotAgent)
        return tr("the curator never touches %1 skills").arg(s.createdBy);
    if (d.scope == CuratorDecision::Scope::SkippedPinned)
        return tr("pinned: the curator leaves it as it is");
    if (d.transition == CuratorDecision::Transition::None)
        return tr("no change");
    return QStringLiteral("%1 → %2: %3").arg(s.state, d.toState(s.state), d.why);
}

} // namespace sediment::ui
