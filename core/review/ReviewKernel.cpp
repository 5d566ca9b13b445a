#include "review/ReviewKernel.h"

#include "audit/Actor.h"
#include "audit/AuditAction.h"
#include "gate/Gate.h"
#include "proposal/ProposalValidator.h"
#include "review/ApplyPort.h"
#include "review/ProposalSource.h"
#include "review/Proposer.h"
#include "store/AuditRepository.h"
#include "store/Database.h"
#include "store/InboxRepository.h"
#include "util/Time.h"

namespace sediment {

namespace {

// The row of a decided proposal (a deferred one is filed from the proposal itself).
InboxItem itemFor(const Proposal& p, const QString& now)
{
    InboxItem it;
    it.extId = p.extId;
    it.destination = p.destination;
    it.op = p.op;
    it.contentHash = p.contentHash;
    it.rationale = p.rationale;
    it.score = p.score;
    it.agent = p.agent;
    it.session = p.session;
    it.source = p.source;
    it.sanitized = p.sanitized;
    it.createdAt = now;
    return it;
}

// [[first, last], ...]: queued ids are mostly consecutive, so this stays small.
Json ranges(const std::vector<qint64>& ids)
{
    Json out = Json::array();
    for (qint64 id : ids) {
        if (!out.empty() && out.back()[1].get<qint64>() + 1 == id)
            out.back()[1] = id;
        else
            out.push_back(Json::array({id, id}));
    }
    return out;
}

AuditEntry decisionEntry(const QString& actor, AuditAction action, const Proposal& p, qint64 id,
                         const QString& reason)
{
    AuditEntry e;
    e.actor = actor;
    e.action = toString(action);
    e.subjectType = QStringLiteral("inbox_item");
    e.subjectId = QString::number(id);
    e.reason = reason;
    e.details["destination"] = us(p.destination);
    e.details["index"] = p.index;
    e.details["score"] = p.score ? Json(*p.score) : Json(nullptr);
    e.details["op"] = p.op;
    return e;
}

// A change is a write only if the target's content changed: re-applying what a store already
// holds counts as applied but writes nothing (docs/architecture.md#3-the-gate).
bool wrote(const ApplyResult& r) { return !(r.before && r.after && *r.before == *r.after); }

} // namespace

ReviewKernel::ReviewKernel(Database& db, const Clock& clock, Gate& gate, ApplyPort& stores, QString path)
    : m_db(db)
    , m_clock(clock)
    , m_gate(gate)
    , m_stores(stores)
    , m_path(std::move(path))
{
}

Result<ReviewOutcome> ReviewKernel::review(const QString& summary, Proposer& proposer,
                                           const ProposalValidator& validator)
{
    if (summary.trimmed().isEmpty())
        return ReviewOutcome::nothingToSave(m_path);
    auto raws = proposer.propose(summary);
    if (!raws)
        return fail(raws.error());
    if (raws->empty())
        return ReviewOutcome::nothingToSave(m_path);
    auto proposals = validator.validateAll(std::move(*raws));
    if (!proposals)
        return fail(proposals.error());
    return process(std::move(*proposals));
}

Result<ReviewOutcome> ReviewKernel::process(std::vector<Proposal> proposals)
{
    ProposalList list(std::move(proposals));
    return process(list);
}

Result<ReviewOutcome> ReviewKernel::process(ProposalSource& source)
{
    std::optional<Proposal> first = source.next();
    if (!first) {
        if (auto c = source.complete(); !c)
            return fail(c.error());
        return ReviewOutcome::nothingToSave(m_path);
    }
    ReviewOutcome out;
    out.path = m_path;
    // Until the source is complete, a pass writes only to the database, in this transaction,
    // which an invalid input then rolls back: nothing is gated from an invalid input (docs/architecture.md#3-the-gate).
    bool validated = false;
    const auto inputValid = [&]() -> Status {
        if (validated)
            return {};
        auto c = source.complete();
        validated = bool(c);
        return c;
    };
    const auto noteSanitized = [&](const Proposal& p) {
        for (const auto& entry : p.sanitized)
            out.sanitized.push_back(entry);
    };

    auto tx = m_db.begin();
    if (!tx)
        return fail(tx.error());
    InboxRepository inbox(m_db);
    if (auto b = inbox.beginPass(source.expected()); !b)
        return fail(b.error());
    AuditRepository audit(m_db, m_clock);
    const QString now = time::toIso(m_clock.now());
    std::vector<qint64> queued;
    std::vector<qint64> reinforced;
    QString queuedBy;
    // A gate gives most proposals the same reason ("awaiting human review"): the items of the
    // outcome share one copy of it rather than hold a hundred thousand.
    std::optional<QString> lastReason;
    // The human gate defers almost everything: one allocation for the list, not twenty moves.
    out.pending.reserve(source.expected());

    const auto stop = [&](const Proposal& p, const Error& e) {
        out.error = Error{e.kind, QStringLiteral("proposal %1: %2").arg(p.index).arg(e.message)};
    };
    // Each proposal goes back to the source when done with (recycle): a reader frees it on the
    // thread that made it.
    for (std::optional<Proposal> next = std::move(first); next; source.recycle(std::move(*next)), next = source.next()) {
        Proposal& p = *next;
        noteSanitized(p);
        auto dup = inbox.findPendingByHashOrExtId(p.contentHash, p.extId);
        if (!dup)
            return fail(dup.error());
        if (*dup) {
            auto seen = inbox.bumpSeen(**dup);
            if (!seen)
                return fail(seen.error());
            out.pending.push_back({p.index, **dup, p.destination,
                                   QStringLiteral("already pending as item %1 (seen %2 times)")
                                       .arg(**dup)
                                       .arg(*seen),
                                   *seen});
            reinforced.push_back(**dup);
            continue;
        }
        auto verdict = m_gate.decide(p);
        if (!verdict) {
            if (auto v = inputValid(); !v)
                return fail(v.error());
            stop(p, Error{verdict.error().kind,
                          QStringLiteral("the gate could not decide: %1").arg(verdict.error().message)});
            break;
        }
        if (!lastReason || verdict->reason != *lastReason)
            lastReason = verdict->reason;
        if (verdict->kind == Verdict::Kind::Defer) {
            // Filed in the intake straight from the proposal, which indexes only its lookup keys;
            // the inbox's filter indexes take it when it is folded in (InboxIntake).
            auto id = inbox.file(p, lastReason, now);
            if (!id)
                return fail(id.error());
            out.pending.push_back({p.index, *id, p.destination, *lastReason, 0});
            queued.push_back(*id);
            queuedBy = verdict->actor;
            out.countWrite(QStringLiteral("inbox"));
            continue;
        }
        InboxItem item = itemFor(p, now);
        item.reason = lastReason;
        std::optional<AuditAction> action; // set with `list` by every verdict that reaches the row
        std::vector<OutcomeItem>* list = nullptr;
        ApplyResult applied;
        switch (verdict->kind) {
        case Verdict::Kind::Defer:
            break; // filed above
        case Verdict::Kind::Reject:
            item.setStatus(InboxStatus::Rejected);
            action = AuditAction::ProposalRejected;
            list = &out.rejected;
            break;
        case Verdict::Kind::Approve: {
            // A store's write is not provisional: only a valid input reaches it.
            if (auto v = inputValid(); !v)
                return fail(v.error());
            auto r = m_stores.apply(p.destination, p.op, p.source);
            if (!r) {
                stop(p, r.error());
                break;
            }
            applied = std::move(*r);
            item.targetPath = applied.targetPath;
            item.beforeContent = applied.before;
            item.afterContent = applied.after;
            item.stale = applied.stale;
            if (applied.applied) {
                item.setStatus(InboxStatus::Applied);
                action = AuditAction::ProposalApplied;
                list = &out.applied;
            } else {
                item.setStatus(InboxStatus::Failed);
                item.reason = applied.message;
                action = AuditAction::ProposalFailed;
                list = &out.failed;
            }
            break;
        }
        }
        if (out.error)
            break;
        item.decidedAt = now;
        item.decidedBy = verdict->actor;
        // A decided proposal goes straight to inbox_items, with its audit row.
        auto id = inbox.insert(item);
        if (!id)
            return fail(id.error());
        list->push_back({p.index, *id, p.destination, item.reason.value_or(QString()), 0});
        AuditEntry e = decisionEntry(verdict->actor, *action, p, *id, *item.reason);
        if (verdict->kind == Verdict::Kind::Approve) {
            e.before = applied.before;
            e.after = applied.after;
            e.details["store"] = us(applied.store);
            e.details["message"] = us(applied.message);
            e.details["target_path"] = applied.targetPath ? Json(us(*applied.targetPath)) : Json(nullptr);
            if (applied.applied && wrote(applied))
                out.countWrite(applied.store);
        }
        if (auto a = audit.append(std::move(e)); !a)
            return fail(a.error());
    }

    if (auto e = inbox.endPass(); !e)
        return fail(e.error());
    // A pass that stopped still lists what sanitising changed in the proposals after the stop,
    // as it lists every proposal's.
    if (out.error)
        while (auto rest = source.next())
            noteSanitized(*rest);
    if (auto v = inputValid(); !v)
        return fail(v.error());

    if (!queued.empty() || !reinforced.empty()) {
        AuditEntry e;
        e.actor = queuedBy.isEmpty() ? Actor::gate(QStringLiteral("human")) : queuedBy;
        e.action = toString(queued.empty() ? AuditAction::ProposalReinforced : AuditAction::ProposalQueued);
        e.subjectType = QStringLiteral("inbox_item");
        const std::vector<qint64>& ids = queued.empty() ? reinforced : queued;
        e.subjectId = ids.size() == 1 ? QString::number(ids.front())
                                      : QStringLiteral("%1-%2").arg(ids.front()).arg(ids.back());
        e.reason = QStringLiteral("%1 queued for human review, %2 already pending reinforced")
                       .arg(queued.size())
                       .arg(reinforced.size());
        e.details["path"] = us(m_path);
        e.details["queued"] = queued.size();
        e.details["queued_ids"] = ranges(queued);
        e.details["reinforced"] = reinforced.size();
        e.details["reinforced_ids"] = ranges(reinforced);
        if (auto a = audit.append(std::move(e)); !a)
            return fail(a.error());
    }
    if (auto c = tx->commit(); !c)
        return fail(c.error());
    return out;
}

} // namespace sediment
