#pragma once

#include "model/InboxQuery.h"
#include "util/Error.h"

#include <QString>

#include <optional>

namespace sediment {

class Database;

// A reviewer's hold on a pending item while reading it (docs/user-guide.md#team-mode).
struct InboxClaim {
    qint64 itemId = 0;
    QString reviewer;
    QString claimedAt; // ISO-8601, the clock of the reviewer who claimed it
    QString expiresAt;
};

// The inbox_claims table (schema 11). Reviewers who walk the queue take the next pending item
// nobody else holds; the claim steers the others away until it is released, the item is
// decided (a claim on an item no longer pending counts for nothing, and the next walk drops it)
// or the claim expires. A claim never decides anything: two decisions on one item are
// kept apart by the item's row lock (JournalRepository::lockItem), claims or not.
class InboxClaimRepository final {
public:
    explicit InboxClaimRepository(Database& db) : m_db(db) {}

    // Claims for `reviewer`, until `expiresAt`, the oldest pending item after id `after` that
    // `filter` matches and no other reviewer holds a live claim on (the reviewer's own claims
    // are taken again). On a
    // server the candidates are row-locked with SKIP LOCKED, so reviewers claiming at the same
    // moment each get a different item without waiting for each other; a claim committed by
    // another between this statement's snapshot and its insert is not overwritten: the call
    // then returns none and the caller asks again. The filter's status words are ignored.
    // Runs in the caller's transaction (Database::beginClaim).
    Result<std::optional<qint64>> claimNext(const QString& reviewer, const QString& now, const QString& expiresAt,
                                            const InboxFilter& filter, qint64 after = 0);
    // The item the reviewer claimed last and still holds; 0 when none.
    Result<qint64> heldBy(const QString& reviewer, const QString& now);
    // The live claim on a pending item, if any (a claim on a decided item counts for nothing).
    Result<std::optional<InboxClaim>> liveClaim(qint64 itemId, const QString& now);
    // How many pending items other reviewers hold now.
    Result<qint64> heldByOthers(const QString& reviewer, const QString& now);
    // Drops the reviewer's claim on the item; false when it held none.
    Result<bool> release(qint64 itemId, const QString& reviewer);
    // Drops every claim the reviewer holds but the one on `kept`.
    Status releaseOthers(const QString& reviewer, qint64 kept);
    // Drops the claims that expired, and those of items no longer pending.
    Status dropSpent(const QString& now);

private:
    Database& m_db;
};

} // namespace sediment
