#include "decisions/DecisionReviewer.h"

#include "audit/AuditAction.h"
#include "audit/AuditRow.h"
#include "decisions/CalibrationSnapshots.h"
#include "model/DecisionOutcome.h"
#include "store/AuditRepository.h"
#include "store/Database.h"
#include "store/DecisionRepository.h"
#include "util/Time.h"

namespace sediment {

Json DecisionReviewer::Outcome::toJson() const
{
    Json j = decision.toJson();
    j["previous_outcome"] = toStd(previous);
    j["snapshot"] = snapshotId ? Json(*snapshotId) : Json(nullptr);
    return j;
}

Result<DecisionReviewer::Outcome> DecisionReviewer::review(const Request& r)
{
    const std::optional<DecisionOutcome> outcome = findWord<DecisionOutcome>(r.outcome);
    if (!outcome || *outcome == DecisionOutcome::Pending)
        return fail(Error::invalid(
            QStringLiteral("unknown outcome '%1' (use success, partial, failure, noise, superseded)").arg(r.outcome)));
    if (r.supersededBy && *outcome != DecisionOutcome::Superseded)
        return fail(Error::invalid(QStringLiteral("--superseded-by goes with outcome superseded")));
    if (r.reviewer.trimmed().isEmpty())
        return fail(Error::invalid(QStringLiteral("a review needs a reviewer")));

    auto tx = m_db.begin();
    if (!tx)
        return fail(tx.error());
    DecisionRepository repo(m_db);
    auto found = repo.get(r.id);
    if (!found)
        return fail(found.error());
    if (!*found)
        return fail(Error::invalid(QStringLiteral("no decision %1").arg(r.id)));
    if (r.supersededBy) {
        if (*r.supersededBy == r.id)
            return fail(Error::invalid(QStringLiteral("a decision cannot supersede itself")));
        auto other = repo.get(*r.supersededBy);
        if (!other)
            return fail(other.error());
        if (!*other)
            return fail(Error::invalid(QStringLiteral("no decision %1 to supersede it").arg(*r.supersededBy)));
    }
    Outcome out;
    out.previous = (*found)->outcome;
    const QString at = time::toIso(m_clock.now());
    if (auto s = repo.setReview(r.id, r.outcome, r.text, r.reviewer, at, r.supersededBy); !s)
        return fail(s.error());

    AuditEntry e = AuditRow::of(m_actor, AuditAction::DecisionReview, AuditSubject::Decision, QString::number(r.id));
    e.reason = r.text;
    e.before = out.previous;
    e.after = r.outcome;
    Json details = r.details;
    details["reviewer"] = toStd(r.reviewer);
    details["confidence"] = (*found)->confidence;
    e.details = details;
    if (auto a = AuditRepository(m_db, m_clock).append(e); !a)
        return fail(a.error());
    auto snap = CalibrationSnapshots(m_db, m_clock).takeIfDue(m_actor);
    if (!snap)
        return fail(snap.error());
    out.snapshotId = *snap;
    auto stored = repo.get(r.id);
    if (!stored)
        return fail(stored.error());
    out.decision = **stored;
    if (auto c = tx->commit(); !c)
        return fail(c.error());
    return out;
}

} // namespace sediment
