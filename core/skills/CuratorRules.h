#pragma once

#include "model/Skill.h"

#include <QDateTime>

namespace sediment {

struct CuratorThresholds {
    int staleAfterDays = 30;
    int archiveAfterDays = 90;
};

// What one curator pass would do to one skill. The rules are Hermes' apply_automatic_transitions
// (agent/curator.py), kept as a pure function so that every boundary is testable in a table.
struct CuratorDecision {
    enum class Transition { None, MarkStale, Archive, Reactivate };
    enum class Scope { Considered, SkippedNotAgent, SkippedPinned };

    Scope scope = Scope::Considered;
    Transition transition = Transition::None;
    QDateTime anchor;  // newest use/view/patch time, else created_at
    QString anchorIso; // the anchor as ISO-8601 UTC, set when there is a transition
    QString why;       // one sentence for the plan, the audit row and the Skills page

    QString toState(const QString& from) const;
};

class CuratorRules final {
public:
    struct Cutoffs {
        Cutoffs(const QDateTime& now, const CuratorThresholds& thresholds);
        CuratorThresholds thresholds;
        QDateTime now;
        QDateTime stale;   // now - stale_after_days
        QDateTime archive; // now - archive_after_days
    };

    static CuratorDecision decide(const Skill& skill, const QDateTime& now, const CuratorThresholds& thresholds);
    // The same with the cut-offs computed once for a whole pass.
    static CuratorDecision decide(const Skill& skill, const Cutoffs& cutoffs);
    // The transition alone, for a skill whose eligibility the caller has settled (on a Hermes
    // home bundled skills are curated too, and cron jobs protect skills).
    static CuratorDecision transition(const Skill& skill, const Cutoffs& cutoffs);
};

} // namespace sediment
