#pragma once

#include "inbox/InboxItem.h"
#include "util/Clock.h"
#include "util/Error.h"

#include <QString>

namespace sediment {

class Workspace;

// Taking back a human refusal (the inbox's Ctrl+Z after R). §5 gives no state after `refused`,
// and revert is defined as writing a store's previous content back, which a refusal never
// touched; so undoing a refusal is its own transition, refused → pending, in one transaction
// with an `inbox.undo_refuse` audit row that keeps the refusal it erased (code, reason, who,
// when). The item's refusal columns are cleared, so refusal memory (§4) no longer rejects its
// content, and its stale flag is recomputed against the target as it is now.
//
// Refused (nothing changes) when the item is not `refused`, when an identical proposal is
// pending again meanwhile (the inbox keeps one pending item per content, §3), or when the item
// is a staged Hermes write whose file the refusal already removed: Hermes has dropped the write
// and the refusal is settled on its side too.
class RefusalUndo final {
public:
    RefusalUndo(Workspace& workspace, const Clock& clock);

    Result<InboxItem> undo(qint64 id, const QString& reviewer);

private:
    Workspace& m_workspace;
    const Clock& m_clock;
};

} // namespace sediment
