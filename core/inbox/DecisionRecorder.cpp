#include "inbox/DecisionRecorder.h"

#include "agent/AgentHomes.h"
#include "apply/Applier.h"
#include "audit/Actor.h"
#include "audit/AuditRow.h"
#include "journal/CrashPoint.h"
#include "journal/DecisionJournal.h"
#include "journal/JournalOutcome.h"
#include "journal/JournalWriteHook.h"
#include "model/Destination.h"
#include "proposal/WorkspaceOp.h"
#include "skills/SkillBatchUndo.h"
#include "store/AuditRepository.h"
#include "store/InboxRepository.h"
#include "store/JournalRepository.h"
#include "team/TeamRights.h"
#include "util/Time.h"
#include "workspace/FilesHost.h"
#include "workspace/Workspace.h"

#include <algorithm>

namespace sediment {

namespace {

using S = InboxStatus;

// "pending", "applied or modified": the statuses a decision may start from, for its refusal.
QString alternatives(std::initializer_list<InboxStatus> allowed)
{
    QStringList words;
    for (const InboxStatus s : allowed)
        words << toString(s);
    return words.join(QStringLiteral(" or "));
}

Error staleError(const InboxItem& it, const QString& why)
{
    return Error::refused(QStringLiteral("inbox item %1 is stale (%2); patch it before approving "
                                         "(sediment inbox patch %1 --file F)")
                              .arg(it.id)
                              .arg(why.isEmpty() ? QStringLiteral("its target changed since it "
                                                                  "was proposed")
                                                 : why));
}

// The message of a store's stale refusal, without its "stale: " prefix.
QString staleWhy(const ApplyResult& r)
{
    QString m = r.message;
    if (m.startsWith(QLatin1String("stale: ")))
        m = m.mid(7);
    return m;
}

} // namespace

DecisionRecorder::DecisionRecorder(Workspace& workspace, const Clock& clock) : m_workspace(workspace), m_clock(clock) {}

Result<DecisionRecorder::Opened> DecisionRecorder::open(qint64 id, std::initializer_list<InboxStatus> allowed,
                                                        const QString& what, bool checkRights)
{
    auto tx = m_workspace.db().begin();
    if (!tx)
        return fail(tx.error());
    InboxRepository repo(m_workspace.db());
    auto it = repo.existing(id);
    if (!it)
        return fail(it.error());
    if (std::ranges::none_of(allowed, [&](InboxStatus s) { return it->hasStatus(s); })) {
        // Who decided it and when: on a team, most often another reviewer a moment ago.
        const QString by = it->decidedBy && it->decidedAt
                               ? QStringLiteral(" (by %1 at %2)").arg(*it->decidedBy, *it->decidedAt)
                               : QString();
        return fail(Error::refused(QStringLiteral("inbox item %1 is %2%3; only %4 items can %5")
                                       .arg(it->id)
                                       .arg(it->status, by, alternatives(allowed), what)));
    }
    // On a team's server, the reviewer's right (docs/user-guide.md#team-mode), before the row is
    // locked below: the server lets only those who may write an item lock it.
    const QString decide = QStringLiteral("decide inbox item %1 (%2)").arg(it->id).arg(it->destination);
    if (auto s = checkRights ? TeamRights(m_workspace).mayDecide(it->destination, decide) : Status(); !s)
        return fail(s.error());
    // A decision of this item still being written (on a team, maybe on another machine): its
    // journal row claims the item until its outcome is recorded.
    if (auto claim = JournalRepository(m_workspace.db()).claimOn(id); !claim)
        return fail(claim.error());
    else if (*claim && (*claim)->state == JournalEntry::State::Open)
        return fail(DecisionJournal::claimed(id, **claim));
    return Opened{std::move(*tx), std::move(*it)};
}

AuditEntry DecisionRecorder::auditEntry(const InboxItem& item, const QString& reviewer, AuditAction action,
                                        const QString& fromStatus, const ApplyResult* result, const Json& details) const
{
    AuditEntry e = AuditRow::of(Actor::human(reviewer), action, AuditSubject::InboxItem, QString::number(item.id));
    e.reason = item.reason;
    e.before = fromStatus;
    e.after = item.status;
    e.details = Json{{"destination", toStd(item.destination)}, {"op", item.op}};
    if (item.finalOp)
        e.details["final_op"] = *item.finalOp;
    if (item.refusalCode)
        e.details["refusal_code"] = toStd(*item.refusalCode);
    if (result) {
        e.details["store"] = toStd(result->store);
        e.details["message"] = toStd(result->message);
        e.details["target_path"] = orNull(result->targetPath);
        e.details["changed"] = result->applied && result->before != result->after;
    }
    for (const auto& [key, value] : details.items())
        e.details[key] = value;
    return e;
}

Status DecisionRecorder::audit(const InboxItem& item, const QString& reviewer, AuditAction action,
                               const QString& fromStatus, const ApplyResult* result, const Json& details)
{
    auto appended = AuditRepository(m_workspace.db(), m_clock)
                        .append(auditEntry(item, reviewer, action, fromStatus, result, details));
    if (!appended)
        return fail(appended.error());
    return {};
}

void DecisionRecorder::settleAgents(qint64 id, const QString& reviewer)
{
    // A team's staged agent files are on the files host, which settles them when it writes.
    if (auto elsewhere = FilesHost::elsewhere(m_workspace); !elsewhere || *elsewhere)
        return;
    // A staged write is settled after the decision committed; should this fail, the next import
    // settles it (the decision is what counts), so the result is not the caller's error.
    for (const auto& agent : m_workspace.agents().all())
        (void)agent->settle(m_workspace, m_clock, id, Actor::human(reviewer));
}

Result<std::vector<std::unique_ptr<AgentClaim>>> DecisionRecorder::claim(qint64 id)
{
    std::vector<std::unique_ptr<AgentClaim>> held;
    for (const auto& agent : m_workspace.agents().all()) {
        auto claim = agent->claim(m_workspace, m_clock, id);
        if (!claim) {
            for (auto& h : held)
                (void)h->giveBack();
            return fail(claim.error());
        }
        if (*claim)
            held.push_back(std::move(*claim));
    }
    return held;
}

JournalEntry DecisionRecorder::journalFor(const InboxItem& decided, const QString& reviewer, AuditAction action,
                                          const QString& fromStatus, const Json& details) const
{
    JournalEntry entry;
    entry.subjectType = QStringLiteral("inbox_item");
    entry.subjectId = QString::number(decided.id);
    entry.itemId = decided.id;
    Json item{{"id", decided.id},
              {"status", toStd(decided.status)},
              {"decided_by", toStd(reviewer)},
              {"decided_at", orNull(decided.decidedAt)},
              {"final_op", orNull(decided.finalOp)}};
    if (decided.hasStatus(S::Reverted))
        item["keep_contents"] = true;
    entry.outcome = Json{
        {"item", std::move(item)},
        {"audit", JournalOutcome::auditToJson(auditEntry(decided, reviewer, action, fromStatus, nullptr, details))}};
    return entry;
}

void DecisionRecorder::addMembers(JournalEntry& entry, const std::vector<Member>& members, const QString& reviewer,
                                  AuditAction action, const Json& details) const
{
    if (members.empty())
        return;
    Json list = Json::array();
    for (const Member& m : members) {
        // A member's write is its leader's: the bytes before and after are recorded there, once.
        Json item{{"id", m.item.id},
                  {"status", toStd(m.item.status)},
                  {"reason", orNull(m.item.reason)},
                  {"decided_by", toStd(reviewer)},
                  {"decided_at", orNull(m.item.decidedAt)},
                  {"keep_contents", true}};
        list.push_back(Json{{"item", std::move(item)},
                            {"audit", JournalOutcome::auditToJson(
                                          auditEntry(m.item, reviewer, action, m.fromStatus, nullptr, details))}});
    }
    entry.outcome["members"] = std::move(list);
}

Result<InboxItem> DecisionRecorder::record(JournalWriteHook& hook, const InboxItem& item, const QString& reviewer,
                                           AuditAction action, const QString& fromStatus, const ApplyResult& result,
                                           const Json& details, const std::vector<Member>& members)
{
    Database& db = m_workspace.db();
    if (hook.announced()) {
        // The file holds the new bytes: the outcome, as the journal row describes it, completed
        // with what the store said.
        JournalEntry& entry = hook.entry();
        entry.outcome["item"]["reason"] = toStd(result.message);
        // A skill batch is journaled before its first operation; its refusal, rolled back,
        // closes the row as a failure.
        entry.outcome["item"]["status"] = toStd(item.status);
        entry.outcome["audit"] =
            JournalOutcome::auditToJson(auditEntry(item, reviewer, action, fromStatus, &result, details));
        // A group whose write was refused (a batch rolled back) decides none of its members.
        if (item.hasStatus(S::Failed))
            entry.outcome.erase("members");
        CrashPoint::reach("after-write");
        if (auto s = JournalOutcome::commit(db, m_clock, entry, false); !s)
            return fail(s.error());
        if (auto s = hook.transaction()->commit(); !s)
            return fail(s.error());
        if (SkillBatchUndo::isMarker(entry.targetPath))
            SkillBatchUndo::forget(entry.targetPath);
        CrashPoint::reach("after-commit");
        return item;
    }
    // Nothing was written (a store's refusal, an add already present): the decision alone,
    // unless another decision of the item was recorded meanwhile (a reviewer on another
    // machine): then this one is lost, and says to whom.
    auto tx = db.begin();
    if (!tx)
        return fail(tx.error());
    JournalRepository journal(db);
    if (auto s = DecisionJournal::stillAt(journal, item.id, fromStatus); !s)
        return fail(s.error());
    InboxRepository repo(db);
    if (auto s = repo.saveDecision(item); !s)
        return fail(s.error());
    if (auto s = audit(item, reviewer, action, fromStatus, &result, details); !s)
        return fail(s.error());
    // A group the store held already: its members are decided with it, as their write would have.
    if (!item.hasStatus(S::Failed)) {
        for (const Member& m : members) {
            if (auto s = DecisionJournal::stillAt(journal, m.item.id, m.fromStatus); !s)
                return fail(s.error());
            if (auto s = repo.saveDecision(m.item); !s)
                return fail(s.error());
            if (auto s = audit(m.item, reviewer, action, m.fromStatus, nullptr, details); !s)
                return fail(s.error());
        }
    }
    if (auto s = tx->commit(); !s)
        return fail(s.error());
    return item;
}

Result<InboxItem> DecisionRecorder::applyAndRecord(InboxItem item, const QString& reviewer, AuditAction action,
                                                   InboxStatus successStatus, const Json& details,
                                                   const std::vector<Member>& members)
{
    const QString fromStatus = item.status;
    item.decidedAt = time::toIso(m_clock.now());
    item.decidedBy = reviewer;
    InboxItem announced = item;
    announced.setStatus(successStatus);
    JournalWriteHook hook(m_workspace.db(), m_clock, m_workspace.root(),
                          journalFor(announced, reviewer, action, fromStatus, details));
    addMembers(hook.entry(), members, reviewer, action, details);
    auto r = Applier(m_workspace, m_clock, &hook, item.hermesProfile())
                 .apply(item.destination, item.effectiveOp(), item.source);
    if (hook.lostTo())
        return fail(*hook.lostTo()); // another reviewer's decision of this item came first
    if (!r)
        return fail(hook.writeFailed(r.error()));
    if (!r->applied && r->stale)
        return fail(staleError(item, staleWhy(*r)));
    item.setStatus(r->applied ? successStatus : S::Failed);
    item.reason = r->message;
    item.stale = false;
    if (r->applied) {
        item.targetPath = r->targetPath;
        item.beforeContent = r->before;
        item.afterContent = r->after;
    }
    return record(hook, item, reviewer, action, fromStatus, *r, details, members);
}

Result<InboxItem> DecisionRecorder::write(InboxItem item, const QString& reviewer, AuditAction action,
                                          InboxStatus successStatus, const Json& details)
{
    const qint64 id = item.id;
    // A staged record leaves its agent's listing before a byte is written, so that the agent
    // (or another workspace on the same home) cannot apply it too (docs/verbs.md#hermes).
    auto claims = claim(id);
    if (!claims)
        return fail(claims.error());
    auto decided = applyAndRecord(std::move(item), reviewer, action, successStatus, details);
    // A failed write keeps its record for the agent (Hermes' own rule), and so does an error. A
    // record that cannot be given back now is given back by the next command's recovery.
    for (auto& c : *claims) {
        if (decided && !decided->hasStatus(S::Failed))
            c->keep();
        else
            (void)c->giveBack();
    }
    if (decided)
        settleAgents(id, reviewer);
    return decided;
}

Result<InboxItem> DecisionRecorder::writeGroup(InboxItem leader, std::vector<Member> members, const QString& reviewer,
                                               const Json& details)
{
    // Every member's record leaves its agent's listing with the leader's, before a byte is
    // written; should one be taken elsewhere, those claimed so far go back and nothing is decided.
    std::vector<std::unique_ptr<AgentClaim>> claims;
    const auto giveBackAll = [&claims] {
        for (auto& c : claims)
            (void)c->giveBack();
    };
    std::vector<qint64> ids{leader.id};
    for (const Member& m : members)
        ids.push_back(m.item.id);
    for (const qint64 id : ids) {
        auto taken = claim(id);
        if (!taken) {
            giveBackAll();
            return fail(taken.error());
        }
        for (auto& c : *taken)
            claims.push_back(std::move(c));
    }
    auto decided = applyAndRecord(std::move(leader), reviewer, AuditAction::InboxApprove, S::Applied, details, members);
    if (decided && !decided->hasStatus(S::Failed)) {
        for (auto& c : claims)
            c->keep();
        for (const qint64 id : ids)
            settleAgents(id, reviewer);
    } else {
        giveBackAll();
    }
    return decided;
}

Result<bool> DecisionRecorder::isOutdated(const InboxItem& it)
{
    auto stale = Applier(m_workspace, m_clock, nullptr, it.hermesProfile()).isStale(it.destination, it.effectiveOp());
    if (!stale)
        return fail(stale.error());
    // A write Hermes pinned to an entry is never outdated here: applying it fails with Hermes'
    // own message, and the item records that failure.
    return *stale && !(isMemoryStore(it.destination) && MemoryWrite::isPinned(it.effectiveOp()));
}

Result<DecisionRecorder::Taken> DecisionRecorder::lockAndTake(qint64 id, std::initializer_list<InboxStatus> allowed,
                                                              const QString& what, bool checkStale)
{
    auto lock = DecisionJournal::lock(m_workspace.db());
    if (!lock)
        return fail(lock.error());
    auto it = takeForDecision(id, allowed, what, checkStale);
    if (!it)
        return fail(it.error());
    return Taken{std::move(*lock), std::move(*it)};
}

Result<InboxItem> DecisionRecorder::takeForDecision(qint64 id, std::initializer_list<InboxStatus> allowed,
                                                    const QString& what, bool checkStale)
{
    auto opened = open(id, allowed, what);
    if (!opened)
        return fail(opened.error());
    auto& [tx, it] = *opened;
    if (checkStale) {
        auto outdated = isOutdated(it);
        if (!outdated)
            return fail(outdated.error());
        if (*outdated) {
            // The flag is kept so the inbox shows the item as outdated; the refusal is the answer.
            if (!it.stale) {
                if (auto s = InboxRepository(m_workspace.db()).setStale(id, true); !s)
                    return fail(s.error());
                if (auto s = tx.commit(); !s)
                    return fail(s.error());
            }
            return fail(staleError(it, {}));
        }
    }
    // Ends the read: the journal row, committed on its own, comes next. The journal's lock,
    // held by the caller, keeps every other decider away from the item meanwhile.
    if (auto s = tx.commit(); !s)
        return fail(s.error());
    return std::move(it);
}

} // namespace sediment
