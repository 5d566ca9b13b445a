#pragma once

#include "model/InboxItem.h"
#include "util/Clock.h"
#include "util/Error.h"

#include <QString>

namespace sediment {

class Workspace;
class InboxRepository;

// Taking back a human refusal (the inbox's Ctrl+Z after R). docs/user-guide.md#inbox gives no state after `refused`,
// and revert is defined as writing a store's previous content back, which a refusal never
// touched; so undoing a refusal is its own transition, refused → pending, with an
// `inbox.undo_refuse` audit row that keeps the refusal it erased (code, reason, who, when), in
// the transaction of InboxService::undoRefusal, which loads the item and checks it is refused.
// The item's refusal columns are cleared, so refusal memory (docs/architecture.md#3-the-gate) no longer rejects its content,
// and its stale flag is recomputed against the target as it is now.
//
// Refused (nothing changes) when an identical proposal is pending again meanwhile (the inbox
// keeps one pending item per content, docs/verbs.md#propose), or when the item is a staged Hermes write whose file
// the refusal already removed: Hermes has dropped the write and the refusal is settled on its
// side too.
class RefusalUndo final {
public:
    RefusalUndo(Workspace& workspace, const Clock& clock);

    // `it` is refused and was loaded inside the caller's transaction, which the caller commits
    // when this succeeds; `repo` works in that transaction.
    Result<InboxItem> undo(InboxRepository& repo, InboxItem it, const QString& reviewer);

private:
    Workspace& m_workspace;
    const Clock& m_clock;
};

} // namespace sediment
