#pragma once

#include "inbox/DecisionRecorder.h"
#include "model/InboxItem.h"
#include "team/TeamApprovals.h"
#include "util/Clock.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QString>
#include <QStringList>

#include <initializer_list>
#include <optional>
#include <vector>

namespace sediment {

class Workspace;
class InboxRepository;
struct ApplyResult;
struct MemoryRoom;
class JournalWriteHook;

// The human decisions on inbox items (docs/user-guide.md#inbox): approve, refuse, patch, revert. Each decision is one
// transaction holding the store write's bookkeeping, the item's new status and its audit row
// (actor `human:<reviewer>`), so the three never disagree. A store's refusal is not an error:
// the item becomes `failed` with the store's message and is returned as such. A failed item is
// still open: it may be approved again (the store may take it now), patched or refused, as Hermes
// keeps a staged write whose approval failed until it is approved or rejected.
//
// Errors: Invalid for an unknown item, a bad reason code or an invalid patch; Refused for a
// decision the item's state does not allow (not pending or failed, stale, revert of a changed target);
// Io for workspace trouble.
class InboxService final {
public:
    InboxService(Workspace& workspace, const Clock& clock);
    // m_team holds a reference to m_steps.
    InboxService(const InboxService&) = delete;
    InboxService& operator=(const InboxService&) = delete;

    Result<InboxItem> item(qint64 id);

    // Applies a pending item. On a team's server, an item of a two-person destination is only
    // applied by the approval of a second reviewer: the first is recorded, and the item comes
    // back still pending with that said in its reason.
    Result<InboxItem> approve(qint64 id, const QString& reviewer);
    Result<InboxItem> refuse(qint64 id, const QString& code, const QString& text, const QString& reviewer);
    // `editedOp` is the whole op as the reviewer wants it applied; it is validated like a
    // proposal's op, applied, and kept as `final_op` beside the original.
    Result<InboxItem> patch(qint64 id, const Json& editedOp, const QString& reviewer);
    Result<InboxItem> revert(qint64 id, const QString& reviewer);
    // Approves a memory item that does not fit its store, making room in the same decision: the
    // entries `room` removes or merges and the item's own op are applied as one batch,
    // all-or-nothing, recorded as the item's `final_op` (status `modified`) with one
    // `inbox.make_room` audit row naming the room. Refused, with nothing written, when the write
    // would still not fit or the store would refuse a step; Invalid when `room` names an entry
    // the store does not hold. Only where the files are: on a team whose files live on another
    // host, the reviewer there decides it.
    Result<InboxItem> makeRoom(qint64 id, const MemoryRoom& room, const QString& reviewer);
    // On a team's files host: writes an item another host's reviewer approved (status
    // `approved`), through the decision journal, as that reviewer's decision. A target that
    // changed meanwhile sends the item back to pending, flagged stale.
    Result<InboxItem> applyApproved(qint64 id);
    // Takes back a refusal (the inbox's Ctrl+Z): the item is pending again, its refusal columns
    // cleared, so refusal memory (docs/architecture.md#3-the-gate) stops rejecting its content, and an `inbox.undo_refuse`
    // audit row keeps what was refused, by whom and why. Nothing was written by the refusal, so
    // nothing is rolled back in a store. Refused when the item is not refused, when an identical
    // proposal is already pending again, or for a staged Hermes write whose file the refusal
    // already removed (Hermes has dropped it; re-stage it in Hermes instead).
    Result<InboxItem> undoRefusal(qint64 id, const QString& reviewer);

    // Groups (docs/user-guide.md#groups, GroupDecisions): the pending items aimed at item `id`'s target, oldest
    // first; approving them in order as one decision; keeping `id` and refusing the others as
    // superseded by it.
    Result<std::vector<InboxItem>> groupOf(qint64 id);
    Result<std::vector<InboxItem>> approveGroup(qint64 id, const QString& reviewer);
    Result<std::vector<InboxItem>> keepOnly(qint64 id, const QString& reviewer);

    // Recomputes the stale flag of every pending item; returns how many flags changed.
    Result<int> refreshStale();
    // Whether one item's op still fits its target (no write).
    Result<bool> isStale(const InboxItem& item);

    static const QStringList& refusalCodes();

private:
    Result<Json> validatePatch(const InboxItem& item, const Json& editedOp) const;
    // Records an approval (or a patch) made away from the team's files host as `approved`;
    // that host writes it (applyApproved).
    Result<InboxItem> deferDecision(qint64 id, const QString& reviewer, const std::optional<Json>& editedOp,
                                    const QString& filesHost);
    // That, when the team's files live on another host; nothing when they are here.
    std::optional<Result<InboxItem>> deferredElsewhere(qint64 id, const QString& reviewer,
                                                       const std::optional<Json>& editedOp);
    // A decision that reads or writes the item's files, which only their host may make (`why`
    // says so in the refusal): that check, then the item locked and taken as lockAndTake does.
    Result<DecisionRecorder::Taken> takeWhereTheFilesAre(qint64 id, const QString& why,
                                                         std::initializer_list<InboxStatus> allowed,
                                                         const QString& what, bool checkStale);

    Workspace& m_workspace;
    const Clock& m_clock;
    DecisionRecorder m_steps;
    TeamApprovals m_team;
};

} // namespace sediment
