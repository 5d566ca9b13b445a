#pragma once

#include "model/InboxItem.h"
#include "util/Clock.h"
#include "util/Error.h"

#include <QString>

#include <optional>

namespace sediment {

class Workspace;
class DecisionRecorder;

// What a team's server asks of a decision before it writes (docs/user-guide.md#team-mode): the
// two-person rule of sediment.json's twoPersonDestinations, and the files host, where every
// write happens. An embedded workspace has neither, and every check passes.
class TeamApprovals final {
public:
    TeamApprovals(Workspace& workspace, const Clock& clock, DecisionRecorder& steps);

    // The first approval of a two-person item, recorded: the item as it stays. Nothing when this
    // approval decides (no rule applies, or it is the second).
    Result<std::optional<InboxItem>> gatherApproval(qint64 id, const QString& reviewer);
    // Refused for an item of a two-person destination on a team's server: `what` ("a patch")
    // would apply it on one reviewer's word.
    Status onlyByApproval(const InboxItem& item, const QString& what) const;
    // Refused on a team whose files live on another host: `why` ("a revert writes the files")
    // says what needs them.
    Status onlyWhereTheFilesAre(qint64 id, const QString& why) const;

private:
    Workspace& m_workspace;
    const Clock& m_clock;
    DecisionRecorder& m_steps;
};

} // namespace sediment
