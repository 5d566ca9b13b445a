#pragma once

#include "model/JournalEntry.h"
#include "util/Clock.h"
#include "util/Error.h"

namespace sediment {

class Database;
class JournalOutcome;

// Settles what a killed writer left in the decision journal, by looking at the target's bytes
// and nothing else: the new bytes → the outcome is committed as it would have been (audit row
// "recovered"); the old bytes → nothing happened (the item stays as it was, audit row
// "interrupted, nothing written"); anything else → the row and its inbox item are flagged
// `needs_attention` with both hashes and the one found, for a human to resolve. It writes no
// file but a skill batch's own (put back from its copies, SkillBatchUndo), so settling twice,
// or being killed while settling, is harmless.
class JournalSettler final {
public:
    JournalSettler(Database& db, const Clock& clock) : m_db(db), m_clock(clock) {}

    struct Report {
        int recovered = 0;
        int rolledBack = 0;
        int needsAttention = 0;
        int total() const { return recovered + rolledBack + needsAttention; }
    };

    // Takes the journal's lock only when a row is open, so a command on a settled workspace pays
    // one query. No transaction may be open on the connection.
    Result<Report> settle();

    // One row of this process's own, whose write failed after it was announced: settled now, as
    // the next command would settle it, except that unchanged bytes are recorded with `why` (a
    // clean failure, not an interruption). The caller holds the journal's lock; no transaction
    // may be open on the connection.
    Status settleFailedWrite(const JournalEntry& entry, const QString& why);

    enum class Finding { New, Old, Neither };
    static Finding classify(const JournalEntry& entry, const std::optional<QByteArray>& onDisk);

private:
    // After the settling transaction commits: a skill batch's copies go once its row is settled.
    static void forgetSettledBatch(const JournalEntry& entry, const std::optional<QByteArray>& onDisk);
    // `nothingWritten`: the rollback's reason when the target holds its old bytes.
    Status settleOne(JournalOutcome& outcome, const JournalEntry& entry, const std::optional<QByteArray>& onDisk,
                     Report& report, const QString& nothingWritten);

    Database& m_db;
    const Clock& m_clock;
};

} // namespace sediment
