#include "inbox/InboxService.h"

#include "agent/AgentHomes.h"
#include "apply/Applier.h"
#include "audit/AuditAction.h"
#include "inbox/BudgetPreview.h"
#include "inbox/GroupDecisions.h"
#include "inbox/InboxGroup.h"
#include "inbox/MemoryRoom.h"
#include "inbox/MemoryWritePlan.h"
#include "inbox/RefusalUndo.h"
#include "journal/DecisionJournal.h"
#include "journal/JournalWriteHook.h"
#include "memory/MemoryEdit.h"
#include "model/RefusalCode.h"
#include "proposal/OpShape.h"
#include "proposal/Sanitizer.h"
#include "proposal/WorkspaceOp.h"
#include "store/Database.h"
#include "store/InboxRepository.h"
#include "store/TeamSettingsRepository.h"
#include "util/Time.h"
#include "workspace/FilesHost.h"
#include "workspace/PathGuard.h"
#include "workspace/Workspace.h"

namespace sediment {

namespace {

using S = InboxStatus;
using A = AuditAction;

} // namespace

InboxService::InboxService(Workspace& workspace, const Clock& clock)
    : m_workspace(workspace)
    , m_clock(clock)
    , m_steps(workspace, clock)
    , m_team(workspace, clock, m_steps)
{}

const QStringList& InboxService::refusalCodes() { return wordTexts<RefusalCode>(); }

Result<InboxItem> InboxService::item(qint64 id)
{
    InboxRepository repo(m_workspace.db());
    return repo.existing(id);
}

Result<bool> InboxService::isStale(const InboxItem& item)
{
    return Applier(m_workspace, m_clock, nullptr, item.hermesProfile()).isStale(item.destination, item.effectiveOp());
}

Result<InboxItem> InboxService::approve(qint64 id, const QString& reviewer)
{
    // The two-person rule (team mode): a first approval is only recorded.
    auto first = m_team.gatherApproval(id, reviewer);
    if (!first)
        return fail(first.error());
    if (*first)
        return std::move(**first);
    if (auto deferred = deferredElsewhere(id, reviewer, std::nullopt))
        return std::move(*deferred);
    auto taken = m_steps.lockAndTake(id, {S::Pending, S::Failed}, QStringLiteral("be approved"), true);
    if (!taken)
        return fail(taken.error());
    return m_steps.write(std::move(taken->item), reviewer, A::InboxApprove, S::Applied);
}

std::optional<Result<InboxItem>> InboxService::deferredElsewhere(qint64 id, const QString& reviewer,
                                                                 const std::optional<Json>& editedOp)
{
    // A team whose files live on another host: the decision waits for it.
    auto elsewhere = FilesHost::elsewhere(m_workspace);
    if (!elsewhere)
        return Result<InboxItem>(fail(elsewhere.error()));
    if (*elsewhere)
        return deferDecision(id, reviewer, editedOp, **elsewhere);
    return std::nullopt;
}

Result<DecisionRecorder::Taken> InboxService::takeWhereTheFilesAre(qint64 id, const QString& why,
                                                                   std::initializer_list<InboxStatus> allowed,
                                                                   const QString& what, bool checkStale)
{
    if (auto s = m_team.onlyWhereTheFilesAre(id, why); !s)
        return fail(s.error());
    return m_steps.lockAndTake(id, allowed, what, checkStale);
}

Result<Json> InboxService::validatePatch(const InboxItem& item, const Json& editedOp) const
{
    if (!editedOp.is_object())
        return fail(Error::invalid(QStringLiteral("patch: the edited op must be a JSON object")));
    // A write in an agent's own words stays in them: the agent's checks, with its message.
    if (const AgentHome* agent = m_workspace.agents().speaking(item.destination, item.op))
        if (auto checked = agent->checkEdit(item.destination, editedOp)) {
            if (!*checked)
                return fail(Error::invalid(QStringLiteral("patch: ") + checked->error().message));
            return std::move(**checked);
        }
    const PathGuard guard(m_workspace.root());
    Json report = Json::array();
    Sanitizer sanitizer(0, report);
    OpShape shape(item.destination, guard, m_workspace.config().claudeMd, m_workspace.config().settingsJson, sanitizer,
                  m_workspace.agents());
    auto normalised = shape.normalise(editedOp);
    if (!normalised)
        return fail(Error::invalid(QStringLiteral("patch: ") + normalised.error().message));
    return *normalised;
}

Result<InboxItem> InboxService::patch(qint64 id, const Json& editedOp, const QString& reviewer)
{
    if (auto deferred = deferredElsewhere(id, reviewer, editedOp))
        return std::move(*deferred);
    auto taken = m_steps.lockAndTake(id, {S::Pending, S::Failed}, QStringLiteral("be patched"), false);
    if (!taken)
        return fail(taken.error());
    InboxItem& it = taken->item;
    if (auto s = m_team.onlyByApproval(it, QStringLiteral("a patch")); !s)
        return fail(s.error());
    auto edited = validatePatch(it, editedOp);
    if (!edited)
        return fail(edited.error());
    it.finalOp = *edited;
    return m_steps.write(std::move(it), reviewer, A::InboxPatch, S::Modified);
}

Result<InboxItem> InboxService::makeRoom(qint64 id, const MemoryRoom& room, const QString& reviewer)
{
    // The room is chosen from the entries as they are in the files, which only their host reads.
    auto taken = takeWhereTheFilesAre(id, QStringLiteral("making room reads the memory files"), {S::Pending, S::Failed},
                                      QStringLiteral("be approved"), true);
    if (!taken)
        return fail(taken.error());
    InboxItem& it = taken->item;
    const QString& target = it.destination;
    if (!isMemoryStore(target))
        return fail(Error::invalid(QStringLiteral("inbox item %1 writes to %2; only memory and user writes "
                                                  "can make room")
                                       .arg(id)
                                       .arg(target)));
    if (auto s = m_team.onlyByApproval(it, QStringLiteral("making room")); !s)
        return fail(s.error());
    // A merged entry is new text: cleaned and capped like a proposal's content.
    MemoryRoom clean = room;
    for (MemoryRoom::Edit& e : clean.edits) {
        if (!e.isMerge())
            continue;
        auto merged = validatePatch(it, Json{{"action", "add"}, {"content", toStd(e.into)}});
        if (!merged)
            return fail(Error::invalid(QStringLiteral("make room: the merged entry: ") + merged.error().message));
        e.into = fromStd(merged->value("content", std::string()));
    }
    // Read under the journal's lock: no other decision writes the store meanwhile.
    auto in = BudgetPreview::inputFor(m_workspace, it);
    if (!in)
        return fail(in.error());
    auto batch = clean.batchFor((*in)->entries, it.effectiveOp());
    if (!batch)
        return fail(batch.error());
    auto op = readMemoryOp(target, *batch);
    if (!op)
        return fail(op.error());
    const MemoryWritePlan plan = MemoryWritePlan::compute(target, (*in)->entries, *op, (*in)->limit);
    if (!plan.accepted) {
        if (plan.budget.over)
            return fail(Error::refused(QStringLiteral("inbox item %1 still does not fit: %2 would hold %3; "
                                                      "free %4 more chars")
                                           .arg(id)
                                           .arg(MemoryEdit::fileName(target), plan.budget.text())
                                           .arg(plan.budget.excess())));
        return fail(Error::refused(QStringLiteral("inbox item %1: %2").arg(id).arg(plan.verdict)));
    }
    it.finalOp = *batch;
    return m_steps.write(std::move(it), reviewer, A::InboxMakeRoom, S::Modified, Json{{"room", clean.toJson()}});
}

Result<InboxItem> InboxService::deferDecision(qint64 id, const QString& reviewer, const std::optional<Json>& editedOp,
                                              const QString& filesHost)
{
    auto opened = m_steps.open(id, {S::Pending, S::Failed},
                               editedOp ? QStringLiteral("be patched") : QStringLiteral("be approved"));
    if (!opened)
        return fail(opened.error());
    auto& [tx, it] = *opened;
    if (editedOp) {
        if (auto s = m_team.onlyByApproval(it, QStringLiteral("a patch")); !s)
            return fail(s.error());
        auto edited = validatePatch(it, *editedOp);
        if (!edited)
            return fail(edited.error());
        it.finalOp = *edited;
    }
    const QString fromStatus = it.status;
    it.setStatus(S::Approved);
    it.decidedAt = time::toIso(m_clock.now());
    it.decidedBy = reviewer;
    it.reason = QStringLiteral("approved, waiting for %1").arg(filesHost);
    if (auto s = InboxRepository(m_workspace.db()).saveDecision(it); !s)
        return fail(s.error());
    if (auto s = m_steps.audit(it, reviewer, editedOp ? A::InboxPatch : A::InboxApprove, fromStatus, nullptr); !s)
        return fail(s.error());
    if (auto s = tx.commit(); !s)
        return fail(s.error());
    return std::move(it);
}

Result<InboxItem> InboxService::applyApproved(qint64 id)
{
    auto lock = DecisionJournal::lock(m_workspace.db());
    if (!lock)
        return fail(lock.error());
    auto opened = m_steps.open(id, {S::Approved}, QStringLiteral("be written"), false);
    if (!opened)
        return fail(opened.error());
    auto& [tx, it] = *opened;
    const QString reviewer = it.decidedBy.value_or(QStringLiteral("unknown"));
    // The server says again, before a byte is written, whether the approval still stands: its
    // approver's right now, and the two-person rule (docs/user-guide.md#setting-up-a-team).
    auto refused = m_workspace.db().isServer() ? TeamSettingsRepository(m_workspace.db()).settleCheck(id)
                                               : Result<std::optional<QString>>();
    if (!refused)
        return fail(refused.error());
    auto outdated = *refused ? Result<bool>(false) : m_steps.isOutdated(it);
    if (!outdated)
        return fail(outdated.error());
    if (*refused || *outdated) {
        // Approved against a target that has changed since, or by somebody whose approval no
        // longer stands: back to the reviewers, flagged or with the server's reason.
        const QString fromStatus = it.status;
        it.setStatus(S::Pending);
        it.stale = *outdated;
        it.reason =
            *refused
                ? **refused
                : QStringLiteral("its target changed before %1 could write it; patch it").arg(FilesHost::thisHost());
        it.decidedAt.reset();
        it.decidedBy.reset();
        if (auto s = InboxRepository(m_workspace.db()).saveDecision(it); !s)
            return fail(s.error());
        if (auto s = m_steps.audit(it, reviewer, A::InboxApply, fromStatus, nullptr); !s)
            return fail(s.error());
        if (auto s = tx.commit(); !s)
            return fail(s.error());
        return std::move(it);
    }
    if (auto s = tx.commit(); !s)
        return fail(s.error());
    const InboxStatus success = it.finalOp ? S::Modified : S::Applied;
    return m_steps.write(std::move(it), reviewer, A::InboxApply, success);
}

Result<InboxItem> InboxService::refuse(qint64 id, const QString& code, const QString& text, const QString& reviewer)
{
    if (code.isEmpty())
        return fail(Error::invalid(
            QStringLiteral("a refusal needs a reason code: %1").arg(refusalCodes().join(QStringLiteral(", ")))));
    if (!parseWord<RefusalCode>(code))
        return fail(Error::invalid(QStringLiteral("unknown refusal reason '%1' (use one of: %2)")
                                       .arg(code, refusalCodes().join(QStringLiteral(", ")))));
    const QString why = text.trimmed();
    if (isWord(code, RefusalCode::Other) && why.isEmpty())
        return fail(Error::invalid(QStringLiteral("refusal reason 'other' needs a text (--text)")));

    auto lock = DecisionJournal::lock(m_workspace.db());
    if (!lock)
        return fail(lock.error());
    auto opened = m_steps.open(id, {S::Pending, S::Failed}, QStringLiteral("be refused"));
    if (!opened)
        return fail(opened.error());
    auto& [tx, it] = *opened;
    InboxRepository repo(m_workspace.db());
    const QString fromStatus = it.status;
    it.setStatus(S::Refused);
    it.refusalCode = code;
    it.reason = why.isEmpty() ? code : why;
    it.decidedAt = time::toIso(m_clock.now());
    it.decidedBy = reviewer;
    if (auto s = repo.saveDecision(it); !s)
        return fail(s.error());
    if (auto s = m_steps.audit(it, reviewer, A::InboxRefuse, fromStatus, nullptr); !s)
        return fail(s.error());
    if (auto s = tx.commit(); !s)
        return fail(s.error());
    m_steps.settleAgents(id, reviewer);
    return it;
}

Result<std::vector<InboxItem>> InboxService::groupOf(qint64 id)
{
    return GroupDecisions(m_workspace, m_clock, m_steps, m_team, *this).groupOf(id);
}

Result<std::vector<InboxItem>> InboxService::approveGroup(qint64 id, const QString& reviewer)
{
    return GroupDecisions(m_workspace, m_clock, m_steps, m_team, *this).approve(id, reviewer);
}

Result<std::vector<InboxItem>> InboxService::keepOnly(qint64 id, const QString& reviewer)
{
    return GroupDecisions(m_workspace, m_clock, m_steps, m_team, *this).keepOnly(id, reviewer);
}

Result<InboxItem> InboxService::revert(qint64 id, const QString& reviewer)
{
    // A revert rewrites the target: only where the files are.
    auto taken = takeWhereTheFilesAre(id, QStringLiteral("a revert writes the files"), {S::Applied, S::Modified},
                                      QStringLiteral("be reverted"), false);
    if (!taken)
        return fail(taken.error());
    InboxItem& it = taken->item;
    if (!it.afterContent || !it.targetPath)
        return fail(Error::refused(
            QStringLiteral("inbox item %1 has no recorded write to revert; revert by hand%2")
                .arg(it.id)
                .arg(it.reason && it.reason->startsWith(QLatin1String("applied with inbox item"))
                         ? QStringLiteral(" (it was %1: revert that item to undo the group)").arg(*it.reason)
                         : QString())));
    const ApplyResult applied = ApplyResult::written(it.destination, it.targetPath, it.beforeContent, it.afterContent);
    const QString fromStatus = it.status;
    it.setStatus(S::Reverted);
    it.decidedAt = time::toIso(m_clock.now());
    it.decidedBy = reviewer;
    const AuditAction action = A::InboxRevert;
    // A group's write was its first item's: undoing it undoes every item of the group.
    std::vector<DecisionRecorder::Member> members;
    for (const qint64 other : InboxGroup::membersOf(it.effectiveOp())) {
        InboxRepository repo(m_workspace.db()); // gone before the journal's transaction
        if (other == it.id)
            continue;
        auto m = repo.existing(other);
        if (!m)
            return fail(m.error());
        if (!m->hasStatus(S::Applied))
            continue;
        members.push_back(DecisionRecorder::Member::decided(
            std::move(*m), S::Reverted,
            QStringLiteral("reverted with inbox item %1, whose group write it was part of").arg(it.id), it.decidedAt,
            reviewer));
    }
    JournalWriteHook hook(m_workspace.db(), m_clock, m_workspace.root(),
                          m_steps.journalFor(it, reviewer, action, fromStatus));
    m_steps.addMembers(hook.entry(), members, reviewer, action, Json::object());
    auto r = Applier(m_workspace, m_clock, &hook, it.hermesProfile()).revert(it.destination, applied);
    if (!r)
        return fail(hook.writeFailed(r.error()));
    it.reason = r->message;
    return m_steps.record(hook, it, reviewer, action, fromStatus, *r, Json::object(), members);
}

Result<InboxItem> InboxService::undoRefusal(qint64 id, const QString& reviewer)
{
    auto opened = m_steps.open(id, {S::Refused}, QStringLiteral("have their refusal undone"));
    if (!opened)
        return fail(opened.error());
    auto& [tx, it] = *opened;
    InboxRepository repo(m_workspace.db());
    auto undone = RefusalUndo(m_workspace, m_clock).undo(repo, std::move(it), reviewer);
    if (!undone)
        return undone;
    if (auto s = tx.commit(); !s)
        return fail(s.error());
    return undone;
}

Result<int> InboxService::refreshStale()
{
    Database& db = m_workspace.db();
    auto tx = db.begin();
    if (!tx)
        return fail(tx.error());
    InboxRepository repo(db);
    int changed = 0;
    constexpr int kPage = 500;
    for (qint64 offset = 0;; offset += kPage) {
        auto page = repo.list({toString(S::Pending), {}, kPage, offset, false});
        if (!page)
            return fail(page.error());
        for (const InboxItem& it : *page) {
            auto stale =
                Applier(m_workspace, m_clock, nullptr, it.hermesProfile()).isStale(it.destination, it.effectiveOp());
            if (!stale) {
                if (stale.error().kind == ErrorKind::Io)
                    return fail(stale.error());
                continue; // an op the applier cannot read is reported when approving it
            }
            if (*stale != it.stale) {
                if (auto s = repo.setStale(it.id, *stale); !s)
                    return fail(s.error());
                ++changed;
            }
        }
        if (qsizetype(page->size()) < kPage)
            break;
    }
    if (auto s = tx->commit(); !s)
        return fail(s.error());
    return changed;
}

} // namespace sediment
