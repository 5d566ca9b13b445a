#pragma once

#include "model/InboxItem.h"
#include "util/Clock.h"
#include "util/Error.h"

namespace sediment {

class Workspace;

// Resolves by hand an inbox item the journal flagged `needs_attention` (its target held neither
// the bytes before nor the bytes after the decision when a killed process was settled). The
// human chooses, Sediment never guesses:
//  - KeepFile: the file stays as it is now; the decision is recorded as done, with the file's
//    present bytes as what it wrote (so a later revert checks against them);
//  - Restore: the bytes the file held before the decision are written back and the item returns
//    to the state it had before it (pending for an approval).
// Either way one `inbox.resolve` audit row says which, with the hashes, and the journal row goes.
class AttentionResolver final {
public:
    enum class Choice { KeepFile, Restore };

    AttentionResolver(Workspace& workspace, const Clock& clock);

    Result<InboxItem> resolve(qint64 id, Choice choice, const QString& reviewer);

private:
    Workspace& m_workspace;
    const Clock& m_clock;
};

} // namespace sediment
