#include "inbox/InboxWalk.h"

#include "inbox/InboxService.h"
#include "store/Database.h"
#include "store/InboxRepository.h"
#include "team/TeamRights.h"
#include "util/Time.h"
#include "workspace/Workspace.h"

namespace sediment {

namespace {

// A claim lost to another reviewer who committed between the statement's snapshot and its
// insert is asked for again; each retry sees that claim and moves past it, so a few suffice
// even with many reviewers.
constexpr int kAttempts = 8;

} // namespace

Result<InboxWalk::Next> InboxWalk::next(const QString& reviewer, const InboxFilter& filter)
{
    if (auto s = TeamRights(m_workspace).mayReview(QStringLiteral("claim items to review")); !s)
        return fail(s.error());
    const QDateTime now = m_clock.now();
    const QString nowText = time::toIso(now);
    Next out;
    out.expiresAt = time::toIso(now.addSecs(qint64(kLeaseMinutes) * 60));
    InboxClaimRepository claims(m_workspace.db());
    for (int attempt = 0; attempt < kAttempts && !out.item; ++attempt) {
        auto tx = m_workspace.db().beginClaim();
        if (!tx)
            return fail(tx.error());
        if (auto s = claims.dropSpent(nowText); !s)
            return fail(s.error());
        // Onwards from the item the reviewer holds, so that asking again moves past one left
        // undecided; from the start once the end is reached.
        auto held = claims.heldBy(reviewer, nowText);
        if (!held)
            return fail(held.error());
        auto id = claims.claimNext(reviewer, nowText, out.expiresAt, filter, *held);
        if (id && !*id && *held > 0)
            id = claims.claimNext(reviewer, nowText, out.expiresAt, filter, 0);
        if (!id)
            return fail(id.error());
        // One item at a time: moving on gives the previous one back.
        if (*id)
            if (auto s = claims.releaseOthers(reviewer, **id); !s)
                return fail(s.error());
        if (auto s = tx->commit(); !s)
            return fail(s.error());
        if (!*id) {
            // Nothing left, or lost a race: if another reviewer's claim appeared meanwhile,
            // the next attempt skips it.
            auto others = claims.heldByOthers(reviewer, nowText);
            if (!others)
                return fail(others.error());
            if (*others == out.heldByOthers)
                break;
            out.heldByOthers = *others;
            continue;
        }
        auto item = InboxRepository(m_workspace.db()).find(**id);
        if (!item)
            return fail(item.error());
        out.item = *item;
    }
    auto others = claims.heldByOthers(reviewer, nowText);
    if (!others)
        return fail(others.error());
    out.heldByOthers = *others;
    return out;
}

Result<bool> InboxWalk::release(qint64 id, const QString& reviewer)
{
    auto tx = m_workspace.db().beginClaim();
    if (!tx)
        return fail(tx.error());
    auto released = InboxClaimRepository(m_workspace.db()).release(id, reviewer);
    if (!released)
        return released;
    if (auto s = tx->commit(); !s)
        return fail(s.error());
    return released;
}

Result<std::optional<InboxClaim>> InboxWalk::holder(qint64 id)
{
    return InboxClaimRepository(m_workspace.db()).liveClaim(id, time::toIso(m_clock.now()));
}

} // namespace sediment
