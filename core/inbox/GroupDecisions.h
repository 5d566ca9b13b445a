#pragma once

#include "model/InboxItem.h"
#include "util/Clock.h"
#include "util/Error.h"

#include <QString>

#include <vector>

namespace sediment {

class Workspace;
class DecisionRecorder;
class TeamApprovals;
class InboxService;

// The decisions on a group of items aimed at one target (docs/user-guide.md#groups,
// docs/user-guide.md#groups): approving them in order as one decision through the journal, all
// or nothing, each item with its own audit row; keeping only one and refusing the others as
// superseded by it. InboxService's facade forwards here.
class GroupDecisions final {
public:
    GroupDecisions(Workspace& workspace, const Clock& clock, DecisionRecorder& steps, TeamApprovals& team,
                   InboxService& inbox);

    // The pending items aimed at the same target as item `id` (itself included, whatever its
    // status), oldest first.
    Result<std::vector<InboxItem>> groupOf(qint64 id);
    // Applies item `id`'s group in order, as one decision: the combined op (InboxGroup) is
    // written through the journal as the oldest item's `final_op`, every other item becomes
    // `applied` in the same transaction. Refused, nothing written, when the group has one item,
    // an item is stale or cannot be combined, or the store would refuse the whole (its message).
    Result<std::vector<InboxItem>> approve(qint64 id, const QString& reviewer);
    // Refuses every other pending item of `id`'s group, reason `other`, note "superseded by
    // inbox item N"; `id` stays pending for the reviewer to decide.
    Result<std::vector<InboxItem>> keepOnly(qint64 id, const QString& reviewer);

private:
    // Item `id`'s group, once `id` itself is found open (`open`, `what` as DecisionRecorder::open
    // says them); refused when the item is alone in it, `alone` saying what to do instead.
    Result<std::vector<InboxItem>> openGroup(qint64 id, std::initializer_list<InboxStatus> open, const QString& what,
                                             const QString& alone);

    Workspace& m_workspace;
    const Clock& m_clock;
    DecisionRecorder& m_steps;
    TeamApprovals& m_team;
    InboxService& m_inbox;
};

} // namespace sediment
