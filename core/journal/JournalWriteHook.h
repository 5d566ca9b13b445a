#pragma once

#include "apply/WriteHook.h"
#include "model/JournalEntry.h"
#include "store/Database.h"
#include "util/Clock.h"

#include <optional>

namespace sediment {

// The decision journal's first step for a decision taken through an Applier: when the applier
// knows the bytes it will write, the hook commits the journal row, then opens the transaction
// that will record the outcome, so that whatever the applier writes to the database after the
// file (a skill's registry record) joins that outcome. The caller fills the entry's subject and
// outcome beforehand and, once the applier returns, commits through transaction().
class JournalWriteHook final : public WriteHook {
public:
    // `root`: the workspace folder, against which an inbox outcome records the target's path.
    JournalWriteHook(Database& db, const Clock& clock, QString root, JournalEntry entry);

    Status beforeWrite(const QString& absolutePath, const std::optional<QByteArray>& current,
                       const std::optional<QByteArray>& next) override;

    bool announced() const { return m_entry.id != 0; }
    // The applier's write failed after the row was announced: the outcome's transaction rolls
    // back and the row is settled now from the target's bytes (JournalSettler::settleFailedWrite),
    // so the log says the write failed and why rather than, at the next command, that a decision
    // was interrupted. Returns `why` for the caller to return; a settle that fails itself leaves
    // the row to the next command. Nothing to do when no row was announced.
    Error writeFailed(const Error& why);
    // Why the journal refused to announce the write: another decision of the same item got
    // there first (a reviewer on another machine). Not the store's refusal: the decision is
    // lost, and nothing of it may be recorded.
    const std::optional<Error>& lostTo() const { return m_lostTo; }
    JournalEntry& entry() { return m_entry; }
    // The outcome's transaction, open once announced().
    std::optional<Transaction>& transaction() { return m_tx; }

private:
    Database& m_db;
    const Clock& m_clock;
    QString m_root;
    JournalEntry m_entry;
    std::optional<Transaction> m_tx;
    std::optional<Error> m_lostTo;
};

} // namespace sediment
