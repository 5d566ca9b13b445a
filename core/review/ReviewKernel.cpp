#include "review/ReviewKernel.h"

#include "audit/Actor.h"
#include "audit/AuditAction.h"
#include "audit/AuditRow.h"
#include "gate/Gate.h"
#include "model/GateKind.h"
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

AuditEntry decisionEntry(const QString& actor, AuditAction action, const Proposal& p, qint64 id, const QString& reason)
{
    AuditEntry e = AuditRow::of(actor, action, AuditSubject::InboxItem, QString::number(id));
    e.reason = reason;
    e.details["destination"] = toStd(p.destination);
    e.details["index"] = p.index;
    e.details["score"] = orNull(p.score);
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
{}

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

// What one pass carries from proposal to proposal.
struct ReviewKernel::Pass {
    Pass(Database& db, const Clock& clock, ProposalSource& input) : source(input), inbox(db), audit(db, clock) {}

    // Until the source is complete, a pass writes only to the database, in this transaction,
    // which an invalid input then rolls back: nothing is gated from an invalid input (docs/architecture.md#3-the-gate).
    Status inputValid()
    {
        if (validated)
            return {};
        auto c = source.complete();
        validated = bool(c);
        return c;
    }

    void noteSanitized(const Proposal& p)
    {
        for (const auto& entry : p.sanitized)
            out.sanitized.push_back(entry);
    }

    void stop(const Proposal& p, const Error& e)
    {
        out.error = Error{e.kind, QStringLiteral("proposal %1: %2").arg(p.index).arg(e.message)};
    }

    ProposalSource& source;
    InboxRepository inbox;
    AuditRepository audit;
    ReviewOutcome out;
    QString now;
    bool validated = false;
    std::vector<qint64> queued;
    std::vector<qint64> reinforced;
    QString queuedBy;
    // A gate gives most proposals the same reason ("awaiting human review"): the items of the
    // outcome share one copy of it rather than hold a hundred thousand.
    std::optional<QString> lastReason;
};

Result<ReviewOutcome> ReviewKernel::process(ProposalSource& source)
{
    std::optional<Proposal> first = source.next();
    if (!first) {
        if (auto c = source.complete(); !c)
            return fail(c.error());
        return ReviewOutcome::nothingToSave(m_path);
    }
    auto tx = m_db.begin();
    if (!tx)
        return fail(tx.error());
    Pass pass(m_db, m_clock, source);
    pass.out.path = m_path;
    if (auto b = pass.inbox.beginPass(source.expected()); !b)
        return fail(b.error());
    pass.now = time::toIso(m_clock.now());
    // The human gate defers almost everything: one allocation for the list, not twenty moves.
    pass.out.pending.reserve(source.expected());

    // Each proposal goes back to the source when done with (recycle): a reader frees it on the
    // thread that made it.
    for (std::optional<Proposal> next = std::move(first); next;
         source.recycle(std::move(*next)), next = source.next()) {
        if (auto s = take(pass, *next); !s)
            return fail(s.error());
        if (pass.out.error)
            break;
    }
    if (auto s = finish(pass); !s)
        return fail(s.error());
    if (auto c = tx->commit(); !c)
        return fail(c.error());
    return std::move(pass.out);
}

Status ReviewKernel::take(Pass& pass, const Proposal& p)
{
    pass.noteSanitized(p);
    auto reinforced = reinforce(pass, p);
    if (!reinforced)
        return fail(reinforced.error());
    if (*reinforced)
        return {};
    auto verdict = gate(pass, p);
    if (!verdict)
        return fail(verdict.error());
    if (!*verdict)
        return {}; // the pass stops
    switch ((*verdict)->kind) {
    case Verdict::Kind::Defer:
        return file(pass, p, **verdict);
    case Verdict::Kind::Reject:
        return reject(pass, p, **verdict);
    case Verdict::Kind::Approve:
        return apply(pass, p, **verdict);
    }
    return {};
}

Result<bool> ReviewKernel::reinforce(Pass& pass, const Proposal& p)
{
    auto dup = pass.inbox.findPendingByHashOrExtId(p.contentHash, p.extId);
    if (!dup)
        return fail(dup.error());
    if (!*dup)
        return false;
    auto seen = pass.inbox.bumpSeen(**dup);
    if (!seen)
        return fail(seen.error());
    pass.out.pending.push_back({p.index, **dup, p.destination,
                                QStringLiteral("already pending as item %1 (seen %2 times)").arg(**dup).arg(*seen),
                                *seen});
    pass.reinforced.push_back(**dup);
    return true;
}

Result<std::optional<Verdict>> ReviewKernel::gate(Pass& pass, const Proposal& p)
{
    auto verdict = m_gate.decide(p);
    if (!verdict) {
        if (auto v = pass.inputValid(); !v)
            return fail(v.error());
        pass.stop(p, Error{verdict.error().kind,
                           QStringLiteral("the gate could not decide: %1").arg(verdict.error().message)});
        return std::optional<Verdict>();
    }
    if (!pass.lastReason || verdict->reason != *pass.lastReason)
        pass.lastReason = verdict->reason;
    return std::optional<Verdict>(std::move(*verdict));
}

Status ReviewKernel::file(Pass& pass, const Proposal& p, const Verdict& verdict)
{
    // Filed in the staging table straight from the proposal, which indexes only its lookup keys;
    // the inbox's filter indexes take it when it is folded in (InboxStaging).
    auto id = pass.inbox.file(p, pass.lastReason, pass.now);
    if (!id)
        return fail(id.error());
    pass.out.pending.push_back({p.index, *id, p.destination, *pass.lastReason, 0});
    pass.queued.push_back(*id);
    pass.queuedBy = verdict.actor;
    pass.out.countWrite(QStringLiteral("inbox"));
    return {};
}

Status ReviewKernel::reject(Pass& pass, const Proposal& p, const Verdict& verdict)
{
    InboxItem item = itemFor(p, pass.now);
    item.reason = pass.lastReason;
    item.setStatus(InboxStatus::Rejected);
    return record(pass, p, verdict, std::move(item), AuditAction::ProposalRejected, pass.out.rejected, nullptr);
}

Status ReviewKernel::apply(Pass& pass, const Proposal& p, const Verdict& verdict)
{
    // A store's write is not provisional: only a valid input reaches it.
    if (auto v = pass.inputValid(); !v)
        return fail(v.error());
    auto applied = m_stores.apply(p.destination, p.op, p.source);
    if (!applied) {
        pass.stop(p, applied.error());
        return {};
    }
    InboxItem item = itemFor(p, pass.now);
    item.reason = pass.lastReason;
    item.targetPath = applied->targetPath;
    item.beforeContent = applied->before;
    item.afterContent = applied->after;
    item.stale = applied->stale;
    if (!applied->applied) {
        item.setStatus(InboxStatus::Failed);
        item.reason = applied->message;
        return record(pass, p, verdict, std::move(item), AuditAction::ProposalFailed, pass.out.failed, &*applied);
    }
    item.setStatus(InboxStatus::Applied);
    return record(pass, p, verdict, std::move(item), AuditAction::ProposalApplied, pass.out.applied, &*applied);
}

Status ReviewKernel::record(Pass& pass, const Proposal& p, const Verdict& verdict, InboxItem item, AuditAction action,
                            std::vector<OutcomeItem>& list, const ApplyResult* applied)
{
    item.decidedAt = pass.now;
    item.decidedBy = verdict.actor;
    // A decided proposal goes straight to inbox_items, with its audit row.
    auto id = pass.inbox.insert(item);
    if (!id)
        return fail(id.error());
    list.push_back({p.index, *id, p.destination, item.reason.value_or(QString()), 0});
    AuditEntry e = decisionEntry(verdict.actor, action, p, *id, *item.reason);
    if (applied) {
        e.before = applied->before;
        e.after = applied->after;
        e.details["store"] = toStd(applied->store);
        e.details["message"] = toStd(applied->message);
        e.details["target_path"] = orNull(applied->targetPath);
        if (applied->applied && wrote(*applied))
            pass.out.countWrite(applied->store);
    }
    if (auto a = pass.audit.append(std::move(e)); !a)
        return fail(a.error());
    return {};
}

Status ReviewKernel::finish(Pass& pass)
{
    if (auto e = pass.inbox.endPass(); !e)
        return fail(e.error());
    // A pass that stopped still lists what sanitising changed in the proposals after the stop,
    // as it lists every proposal's.
    if (pass.out.error)
        while (auto rest = pass.source.next())
            pass.noteSanitized(*rest);
    if (auto v = pass.inputValid(); !v)
        return fail(v.error());
    return auditQueue(pass);
}

Status ReviewKernel::auditQueue(Pass& pass)
{
    const std::vector<qint64>& queued = pass.queued;
    const std::vector<qint64>& reinforced = pass.reinforced;
    if (queued.empty() && reinforced.empty())
        return {};
    const std::vector<qint64>& ids = queued.empty() ? reinforced : queued;
    AuditEntry e = AuditRow::of(
        pass.queuedBy.isEmpty() ? Actor::gate(toString(GateKind::Human)) : pass.queuedBy,
        queued.empty() ? AuditAction::ProposalReinforced : AuditAction::ProposalQueued, AuditSubject::InboxItem,
        ids.size() == 1 ? QString::number(ids.front()) : QStringLiteral("%1-%2").arg(ids.front()).arg(ids.back()));
    e.reason = QStringLiteral("%1 queued for human review, %2 already pending reinforced")
                   .arg(queued.size())
                   .arg(reinforced.size());
    e.details["path"] = toStd(m_path);
    e.details["queued"] = queued.size();
    e.details["queued_ids"] = ranges(queued);
    e.details["reinforced"] = reinforced.size();
    e.details["reinforced_ids"] = ranges(reinforced);
    if (auto a = pass.audit.append(std::move(e)); !a)
        return fail(a.error());
    return {};
}

} // namespace sediment
