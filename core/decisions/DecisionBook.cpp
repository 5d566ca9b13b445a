#include "decisions/DecisionBook.h"

#include "audit/AuditAction.h"
#include "audit/AuditRow.h"
#include "decisions/CalibrationSnapshots.h"
#include "model/DecisionOutcome.h"
#include "store/AuditRepository.h"
#include "store/Database.h"
#include "store/DecisionRepository.h"
#include "util/JsonError.h"
#include "util/Time.h"

#include <QSet>

#include <vector>

namespace sediment {

Json DecisionBook::Imported::toJson() const
{
    return Json{{"imported", imported}, {"reviewed", reviewed}, {"skipped", skipped}, {"snapshot", orNull(snapshotId)}};
}

Result<DecisionBook::Imported> DecisionBook::importLines(const QByteArray& input)
{
    const QString now = time::toIso(m_clock.now());
    std::vector<std::pair<int, Decision>> parsed;
    QSet<QString> seenIds;
    const QList<QByteArray> lines = input.split('\n');
    for (int i = 0; i < lines.size(); ++i) {
        const QByteArray line = lines[i].trimmed();
        if (line.isEmpty())
            continue;
        const int lineNo = i + 1;
        Json record;
        try {
            record = Json::parse(line.constData(), line.constData() + line.size());
        } catch (const nlohmann::json::exception& e) {
            return fail(Error::invalid(
                QStringLiteral("line %1: not valid JSON (%2)").arg(lineNo).arg(json::plainError(e.what()))));
        }
        auto d = Decision::fromJson(record, now);
        if (!d)
            return fail(Error::invalid(QStringLiteral("line %1: %2").arg(lineNo).arg(d.error().message)));
        if (d->extId) {
            if (seenIds.contains(*d->extId))
                return fail(Error::invalid(
                    QStringLiteral("line %1: id '%2' appears twice in the input").arg(lineNo).arg(*d->extId)));
            seenIds.insert(*d->extId);
        }
        parsed.emplace_back(lineNo, std::move(*d));
    }
    if (parsed.empty())
        return fail(Error::invalid(QStringLiteral("no decision in the input (JSON Lines expected)")));

    auto tx = m_db.begin();
    if (!tx)
        return fail(tx.error());
    DecisionRepository repo(m_db);
    AuditRepository audit(m_db, m_clock);
    Imported out;
    for (auto& [lineNo, d] : parsed) {
        if (d.extId) {
            auto known = repo.idOfExtId(*d.extId);
            if (!known)
                return fail(known.error());
            if (*known) {
                ++out.skipped;
                continue;
            }
        }
        if (d.supersededBy) {
            auto target = repo.get(*d.supersededBy);
            if (!target)
                return fail(target.error());
            if (!*target)
                return fail(Error::invalid(QStringLiteral("line %1: superseded_by %2 is not a known decision")
                                               .arg(lineNo)
                                               .arg(*d.supersededBy)));
        }
        auto id = repo.insert(d);
        if (!id)
            return fail(id.error());
        ++out.imported;
        out.reviewed += d.isReviewed() ? 1 : 0;
        AuditEntry e = AuditRow::of(m_actor, AuditAction::DecisionImport, AuditSubject::Decision, QString::number(*id));
        e.after = d.outcome;
        e.details = Json{{"line", lineNo},
                         {"ext_id", orNull(d.extId)},
                         {"confidence", d.confidence},
                         {"category", toStd(d.category)}};
        if (auto a = audit.append(e); !a)
            return fail(a.error());
    }
    auto snap = CalibrationSnapshots(m_db, m_clock).takeIfDue(m_actor);
    if (!snap)
        return fail(snap.error());
    out.snapshotId = *snap;
    if (auto c = tx->commit(); !c)
        return fail(c.error());
    return out;
}

Json DecisionBook::Reviewed::toJson() const
{
    Json j = decision.toJson();
    j["previous_outcome"] = toStd(previous);
    j["snapshot"] = orNull(snapshotId);
    return j;
}

Result<DecisionBook::Reviewed> DecisionBook::review(const Review& r)
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
    Reviewed out;
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
