#pragma once

#include "memory/MemoryStore.h"
#include "util/Clock.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QString>

namespace sediment {

class Workspace;

// The one audited, journaled way to change a bounded store: `sediment memory apply|add|replace|
// remove` and the desktop's memory page both call it. Under the journal's lock and the store's
// flock it commits a journal row naming the bytes found and the bytes to write, replaces the
// file, then commits the audit row and closes the journal row in one transaction. A process
// killed anywhere in between leaves a row that the next one settles (JournalSettler).
class MemoryService final {
public:
    MemoryService(Workspace& workspace, const Clock& clock);

    // `actor` as the audit log names it (`cli:<user>`, `human:<reviewer>`); `details` is kept in
    // the audit row as given. A refusal by the store is a failure outcome, as MemoryStore::apply.
    Result<MemoryOutcome> apply(const QString& target, const MemoryOp& op, const QString& actor, const Json& details);

private:
    Workspace& m_workspace;
    const Clock& m_clock;
};

} // namespace sediment
