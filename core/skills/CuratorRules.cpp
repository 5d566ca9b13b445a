#include "skills/CuratorRules.h"

#include "model/SkillState.h"
#include "util/Time.h"

namespace sediment {

QString CuratorDecision::toState(const QString& from) const
{
    switch (transition) {
    case Transition::MarkStale:
        return toString(SkillState::Stale);
    case Transition::Archive:
        return toString(SkillState::Archived);
    case Transition::Reactivate:
        return toString(SkillState::Active);
    case Transition::None:
        break;
    }
    return from;
}

CuratorRules::Cutoffs::Cutoffs(const QDateTime& at, const CuratorThresholds& t)
    : thresholds(t)
    , now(at)
    , stale(at.addDays(-t.staleAfterDays))
    , archive(at.addDays(-t.archiveAfterDays))
{}

CuratorDecision CuratorRules::decide(const Skill& skill, const QDateTime& now, const CuratorThresholds& thresholds)
{
    return decide(skill, Cutoffs(now, thresholds));
}

CuratorDecision CuratorRules::decide(const Skill& skill, const Cutoffs& cut)
{
    CuratorDecision d;
    // Bundled, hub and user skills belong to their authors: the curator never touches them.
    if (skill.createdBy != QLatin1String("agent")) {
        d.scope = CuratorDecision::Scope::SkippedNotAgent;
        return d;
    }
    if (skill.pinned) {
        d.scope = CuratorDecision::Scope::SkippedPinned;
        return d;
    }
    return transition(skill, cut);
}

CuratorDecision CuratorRules::transition(const Skill& skill, const Cutoffs& cut)
{
    using T = CuratorDecision::Transition;
    CuratorDecision d;
    const auto activity = skill.lastActivity();
    // A skill with neither activity nor a creation time is anchored at now, as Hermes does, so
    // a damaged record is never archived on sight.
    d.anchor = activity ? *activity : (skill.createdAt.isValid() ? skill.createdAt : cut.now);
    const bool archived = isWord(skill.state, SkillState::Archived);
    const bool stale = isWord(skill.state, SkillState::Stale);

    // Never used (use_count 0) is absence of evidence, not staleness: such a skill younger than
    // the stale window is left alone, and brought back if an earlier pass marked it stale.
    if (skill.useCount == 0 && d.anchor > cut.stale) {
        if (stale)
            d.transition = T::Reactivate;
    } else if (d.anchor <= cut.archive && !archived) {
        d.transition = T::Archive;
    } else if (d.anchor <= cut.stale && isWord(skill.state, SkillState::Active)) {
        d.transition = T::MarkStale;
    } else if (d.anchor > cut.stale && stale) {
        d.transition = T::Reactivate;
    }
    if (d.transition == T::None)
        return d;

    // The reason is only written for a transition: most skills in a pass have none. Built by
    // concatenation (tens of thousands of them in a large pass; QString::arg parses its format
    // each time).
    d.anchorIso = time::toIso(d.anchor);
    const QString anchorText =
        (activity ? QStringView(u"last activity ") : QStringView(u"no activity since creation ")) + d.anchorIso;
    const QString staleDays = QString::number(cut.thresholds.staleAfterDays);
    switch (d.transition) {
    case T::Archive: {
        const QString days = QString::number(cut.thresholds.archiveAfterDays);
        d.why = anchorText + u" is " + days + u" days or more ago (archive after " + days + u" days)";
        break;
    }
    case T::MarkStale:
        d.why = anchorText + u" is " + staleDays + u" days or more ago (stale after " + staleDays + u" days)";
        break;
    case T::Reactivate:
        if (skill.useCount == 0)
            d.why = u"never used but " + anchorText + u" is within " + staleDays + u" days; reactivated";
        else
            d.why = anchorText + u" is within " + staleDays + u" days; used again since marked stale";
        break;
    case T::None:
        break;
    }
    return d;
}

} // namespace sediment
