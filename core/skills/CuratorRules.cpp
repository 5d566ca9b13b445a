#include "skills/CuratorRules.h"

#include <cstdio>

namespace sediment {

QString CuratorDecision::toState(const QString& from) const
{
    switch (transition) {
    case Transition::MarkStale:
        return QStringLiteral("stale");
    case Transition::Archive:
        return QStringLiteral("archived");
    case Transition::Reactivate:
        return QStringLiteral("active");
    case Transition::None:
        break;
    }
    return from;
}

namespace {

// time::toIso's format, written by hand: a pass over 100,000 skills formats tens of thousands
// of anchors, and QDateTime::toString is the slowest part of that.
QString isoUtc(const QDateTime& t)
{
    const QDateTime utc = t.toUTC();
    const QDate d = utc.date();
    const QTime c = utc.time();
    char buf[40];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", d.year(), d.month(), d.day(), c.hour(),
                  c.minute(), c.second(), c.msec());
    return QString::fromLatin1(buf);
}

} // namespace

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
    const bool archived = skill.state == QLatin1String("archived");
    const bool stale = skill.state == QLatin1String("stale");

    // Never used (use_count 0) is absence of evidence, not staleness: such a skill younger than
    // the stale window is left alone, and brought back if an earlier pass marked it stale.
    if (skill.useCount == 0 && d.anchor > cut.stale) {
        if (stale)
            d.transition = T::Reactivate;
    } else if (d.anchor <= cut.archive && !archived) {
        d.transition = T::Archive;
    } else if (d.anchor <= cut.stale && skill.state == QLatin1String("active")) {
        d.transition = T::MarkStale;
    } else if (d.anchor > cut.stale && stale) {
        d.transition = T::Reactivate;
    }
    if (d.transition == T::None)
        return d;

    // The reason is only written for a transition: most skills in a pass have none.
    d.anchorIso = isoUtc(d.anchor);
    const QString anchorText = activity ? QStringLiteral("last activity %1").arg(d.anchorIso)
                                        : QStringLiteral("no activity since creation %1").arg(d.anchorIso);
    const int staleDays = cut.thresholds.staleAfterDays;
    switch (d.transition) {
    case T::Archive:
        d.why = QStringLiteral("%1 is %2 days or more ago (archive after %2 days)")
                    .arg(anchorText)
                    .arg(cut.thresholds.archiveAfterDays);
        break;
    case T::MarkStale:
        d.why = QStringLiteral("%1 is %2 days or more ago (stale after %2 days)").arg(anchorText).arg(staleDays);
        break;
    case T::Reactivate:
        d.why =
            skill.useCount == 0
                ? QStringLiteral("never used but %1 is within %2 days; reactivated").arg(anchorText).arg(staleDays)
                : QStringLiteral("%1 is within %2 days; used again since marked stale").arg(anchorText).arg(staleDays);
        break;
    case T::None:
        break;
    }
    return d;
}

} // namespace sediment
