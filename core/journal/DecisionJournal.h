#pragma once

#include "model/JournalEntry.h"
#include "util/Clock.h"
#include "util/Error.h"
#include "util/FileLock.h"

namespace sediment {

class Database;
class JournalRepository;

// The first step of every decision that writes a file: the journal row, committed on its own
// before the file is touched, so that a process killed at any later moment leaves enough behind
// for the next one to tell what happened (JournalSettler). The writer holds the journal's lock
// from before this row until its outcome is committed; a settler takes the same lock, so it
// never mistakes a live writer's row for a dead one's.
class DecisionJournal final {
public:
    DecisionJournal(Database& db, const Clock& clock) : m_db(db), m_clock(clock) {}

    // The workspace-wide lock of journaled writes, a sidecar of the database file.
    static Result<FileLock> lock(const Database& db);
    // The same lock without waiting: nullopt while a decision holds it.
    static Result<std::optional<FileLock>> tryLock(const Database& db);

    // Commits the row in a transaction of its own (none may be open on the connection) and
    // returns its id, the entry's id filled.
    Result<qint64> announce(JournalEntry& entry) const;

    // The refusal for a decision of `itemId` while `claim`, another decision's row, is open.
    static Error claimed(qint64 itemId, const JournalEntry& claim);
    // Refuses, naming who decided and when, unless the item (its row locked until the
    // transaction ends) is still at `fromStatus` and no other decision's row claims it. Called
    // inside the write transaction that records a decision.
    static Status stillAt(JournalRepository& journal, qint64 item, const std::optional<QString>& fromStatus);

private:
    static Status checkStillUndecided(JournalRepository& journal, const JournalEntry& entry);

    Database& m_db;
    const Clock& m_clock;
};

} // namespace sediment
