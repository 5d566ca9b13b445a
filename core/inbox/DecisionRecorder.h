#pragma once

#include "audit/AuditAction.h"
#include "model/AuditEntry.h"
#include "model/InboxItem.h"
#include "model/JournalEntry.h"
#include "store/Database.h"
#include "util/Clock.h"
#include "util/Error.h"
#include "util/FileLock.h"
#include "util/Json.h"

#include <QString>

#include <initializer_list>
#include <memory>
#include <vector>

namespace sediment {

class Workspace;
class InboxRepository;
struct ApplyResult;
class JournalWriteHook;
class AgentClaim;

// The steps every inbox decision is made of (docs/architecture.md): open the item and check that
// it may be decided, write its op through the decision journal, then record the outcome with its
// audit row. InboxService's decisions (approve, patch, make room, refuse, revert, a team's
// deferred approval) are these steps in their own orders, so a file and its decision are kept
// together in one place.
class DecisionRecorder final {
public:
    DecisionRecorder(Workspace& workspace, const Clock& clock);

    // The other items a group decision (InboxGroup) decides with its leader's write: each
    // already given its new status, reason and decider, with the status it was decided from.
    struct Member {
        InboxItem item;
        QString fromStatus;

        // `item` decided with its leader: its new status and reason, when and by whom.
        static Member decided(InboxItem item, InboxStatus to, QString reason, const std::optional<QString>& at,
                              const QString& reviewer)
        {
            const QString from = item.status;
            item.setStatus(to);
            item.stale = false;
            item.reason = std::move(reason);
            item.decidedAt = at;
            item.decidedBy = reviewer;
            return {std::move(item), from};
        }
    };

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
    // Whether the item's target changed since it was proposed, so that writing it now would
    // write something the reviewer did not read.
    Result<bool> isOutdated(const InboxItem& it);
    // Loads the item under `allowed`, refuses a stale one when asked, and ends the read so that
    // the decision's journal row can commit on its own. The caller holds the journal's lock.
    Result<InboxItem> takeForDecision(qint64 id, std::initializer_list<InboxStatus> allowed, const QString& what,
                                      bool checkStale);
    // How a decision on one item starts: the journal's lock, then the item taken under it
    // (takeForDecision). The lock is held for as long as the caller keeps `lock`.
    struct Taken {
        FileLock lock;
        InboxItem item;
    };
    Result<Taken> lockAndTake(qint64 id, std::initializer_list<InboxStatus> allowed, const QString& what,
                              bool checkStale);
    // Applies the item's op through the decision journal and records the outcome.
    // `details`: keys added to the audit row's details (make room: the room).
    Result<InboxItem> applyAndRecord(InboxItem item, const QString& reviewer, AuditAction action,
                                     InboxStatus successStatus, const Json& details = Json::object(),
                                     const std::vector<Member>& members = {});
    // The journal row of a decision about to write: its subject and the outcome to commit.
    JournalEntry journalFor(const InboxItem& decided, const QString& reviewer, AuditAction action,
                            const QString& fromStatus, const Json& details = Json::object()) const;
    // Adds the members to a journal row's outcome: their new state and their own audit rows,
    // committed with the leader's in one transaction (JournalOutcome).
    void addMembers(JournalEntry& entry, const std::vector<Member>& members, const QString& reviewer,
                    AuditAction action, const Json& details) const;
    // The third step: the outcome through the journal when a file was written, else the
    // decision alone.
    Result<InboxItem> record(JournalWriteHook& hook, const InboxItem& item, const QString& reviewer, AuditAction action,
                             const QString& fromStatus, const ApplyResult& result, const Json& details = Json::object(),
                             const std::vector<Member>& members = {});
    // The decision's audit row, in the caller's transaction.
    Status audit(const InboxItem& item, const QString& reviewer, AuditAction action, const QString& fromStatus,
                 const ApplyResult* result, const Json& details = Json::object());
    // applyAndRecord, then, when the decision is recorded, settleAgents: an approval's whole write.
    Result<InboxItem> write(InboxItem item, const QString& reviewer, AuditAction action, InboxStatus successStatus,
                            const Json& details = Json::object());
    // A group decision's write: the leader's op (the group's combined op) written as write()
    // does, every member's record claimed with the leader's, and the members decided in the
    // same outcome, applied when the leader is and untouched otherwise.
    Result<InboxItem> writeGroup(InboxItem leader, std::vector<Member> members, const QString& reviewer,
                                 const Json& details);
    // Tells every agent home that a decided item is settled (its staged file goes), where the
    // files are; a failure is left to the next import.
    void settleAgents(qint64 id, const QString& reviewer);

private:
    // Takes the item's staged record out of its agent's listing (AgentHome::claim), if it is one.
    Result<std::vector<std::unique_ptr<AgentClaim>>> claim(qint64 id);
    AuditEntry auditEntry(const InboxItem& item, const QString& reviewer, AuditAction action, const QString& fromStatus,
                          const ApplyResult* result, const Json& details = Json::object()) const;

    Workspace& m_workspace;
    const Clock& m_clock;
};

} // namespace sediment
