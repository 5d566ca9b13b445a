#pragma once

#include "audit/AuditAction.h"
#include "audit/AuditEntry.h"
#include "inbox/InboxItem.h"
#include "journal/JournalEntry.h"
#include "store/Database.h"
#include "util/Clock.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QString>
#include <QStringList>

#include <initializer_list>
#include <optional>

namespace sediment {

class Workspace;
class InboxRepository;
struct ApplyResult;
struct MemoryRoom;
class JournalWriteHook;

// The human decisions on inbox items (docs/user-guide.md#inbox): approve, refuse, patch, revert. Each decision is one
// transaction holding the store write's bookkeeping, the item's new status and its audit row
// (actor `human:<reviewer>`), so the three never disagree. A store's refusal is not an error:
// the item becomes `failed` with the store's message and is returned as such.
//
// Errors: Invalid for an unknown item, a bad reason code or an invalid patch; Refused for a
// decision the item's state does not allow (not pending, stale, revert of a changed target);
// Io for workspace trouble.
class InboxService final {
public:
    InboxService(Workspace& workspace, const Clock& clock);

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

    // Recomputes the stale flag of every pending item; returns how many flags changed.
    Result<int> refreshStale();
    // Whether one item's op still fits its target (no write).
    Result<bool> isStale(const InboxItem& item);

    static const QStringList& refusalCodes();

private:
    // A decision's opening, said once: its transaction begun, then its item loaded and its
    // status checked against `allowed` ("inbox item 7 is applied; only pending items can be
    // approved", `what` being "be approved"). Nothing is written yet, so an error here leaves
    // the item as it was; the caller commits `tx` once the decision is recorded. Callers make
    // their InboxRepository after this, so its statements are gone before `tx` ends.
    struct Opened {
        Transaction tx;
        InboxItem item;
    };
    // `checkRights`: false only when writing a decision a reviewer with the right already made.
    Result<Opened> open(qint64 id, std::initializer_list<InboxStatus> allowed, const QString& what,
                        bool checkRights = true);
    // Records an approval (or a patch) made away from the team's files host as `approved`;
    // that host writes it (applyApproved).
    Result<InboxItem> deferDecision(qint64 id, const QString& reviewer, const std::optional<Json>& editedOp,
                                    const QString& filesHost);
    Result<InboxItem> load(InboxRepository& repo, qint64 id);
    // The first approval of a two-person item, recorded: the item as it stays. Nothing when this
    // approval decides (no rule applies, or it is the second).
    Result<std::optional<InboxItem>> gatherApproval(qint64 id, const QString& reviewer);
    // Whether the item's target changed since it was proposed, so that writing it now would
    // write something the reviewer did not read.
    Result<bool> isOutdated(const InboxItem& it);
    // Loads the item under `allowed`, refuses a stale one when asked, and ends the read so that
    // the decision's journal row can commit on its own. The caller holds the journal's lock.
    Result<InboxItem> takeForDecision(qint64 id, std::initializer_list<InboxStatus> allowed, const QString& what,
                                      bool checkStale);
    // Applies the item's op through the decision journal and records the outcome.
    // `details`: keys added to the audit row's details (make room: the room).
    Result<InboxItem> applyAndRecord(InboxItem item, const QString& reviewer, AuditAction action,
                                     InboxStatus successStatus, const Json& details = Json::object());
    // The journal row of a decision about to write: its subject and the outcome to commit.
    JournalEntry journalFor(const InboxItem& decided, const QString& reviewer, AuditAction action,
                            const QString& fromStatus, const Json& details = Json::object()) const;
    // The third step: the outcome through the journal when a file was written, else the
    // decision alone.
    Result<InboxItem> record(JournalWriteHook& hook, const InboxItem& item, const QString& reviewer, AuditAction action,
                             const QString& fromStatus, const ApplyResult& result,
                             const Json& details = Json::object());
    AuditEntry auditEntry(const InboxItem& item, const QString& reviewer, AuditAction action, const QString& fromStatus,
                          const ApplyResult* result, const Json& details = Json::object()) const;
    Status audit(const InboxItem& item, const QString& reviewer, AuditAction action, const QString& fromStatus,
                 const ApplyResult* result, const Json& details = Json::object());
    Result<Json> validatePatch(const InboxItem& item, const Json& editedOp) const;
    // Refused for an item of a two-person destination on a team's server: `what` ("a patch")
    // would apply it on one reviewer's word.
    Status onlyByApproval(const InboxItem& item, const QString& what) const;
    // Refused on a team whose files live on another host: `why` ("a revert writes the files")
    // says what needs them.
    Status onlyWhereTheFilesAre(qint64 id, const QString& why) const;
    void settleHermes(qint64 id, const QString& reviewer);

    Workspace& m_workspace;
    const Clock& m_clock;
};

} // namespace sediment
