#pragma once

#include "model/InboxItem.h"
#include "model/InboxQuery.h"
#include "store/InboxClaimRepository.h"
#include "util/Clock.h"
#include "util/Error.h"

#include <QString>

#include <optional>

namespace sediment {

class Workspace;

// Reviewers walking the queue together (docs/user-guide.md#team-mode): each asks for the next
// pending item, oldest first onwards from the one it holds (then from the start again), and
// gets one that nobody else is reading, claimed in its name for kLeaseMinutes. The claim ends when the item is decided, when the reviewer asks for the
// next one or releases it, or when it lapses (a reviewer who walked away holds nothing for
// long). Deciding never depends on claims: any reviewer with the right may still decide any
// item, and the item's row lock keeps two decisions apart.
class InboxWalk final {
public:
    static constexpr int kLeaseMinutes = 15;

    InboxWalk(Workspace& workspace, const Clock& clock) : m_workspace(workspace), m_clock(clock) {}

    struct Next {
        std::optional<InboxItem> item; // none: nothing left that nobody else holds
        QString expiresAt;             // when the claim on `item` lapses
        qint64 heldByOthers = 0;       // pending items other reviewers hold now
    };
    // Claims the next item `filter` matches, then releases the reviewer's other claims (its
    // status words are ignored: only pending items are walked). A viewer is refused, naming the
    // right needed. The caller folds the staging table first, as every inbox command does.
    Result<Next> next(const QString& reviewer, const InboxFilter& filter = {});
    // Gives the item back to the queue before its claim lapses; false when the reviewer held
    // no claim on it.
    Result<bool> release(qint64 id, const QString& reviewer);
    // Who is reading the item now, if anyone.
    Result<std::optional<InboxClaim>> holder(qint64 id);

private:
    Workspace& m_workspace;
    const Clock& m_clock;
};

} // namespace sediment
