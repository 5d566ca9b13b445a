#pragma once

#include "model/InboxItem.h"
#include "util/Clock.h"
#include "util/Error.h"

#include <QString>

#include <vector>

namespace sediment {

class Workspace;

// What approving a group would do (docs/user-guide.md#groups): its items' combined op (InboxGroup) run
// by the code that approves, stopped before its first write, so the result is the final file
// against today's, or the store's refusal of the whole. Writes nothing.
class GroupPreview final {
public:
    struct Combined {
        QString label;   // the file, "MEMORY.md" or "skills/<name>/SKILL.md"
        QString before;  // today's text
        QString after;   // the text once every item is applied in order
        QString refusal; // the store's or Hermes' message when the group would not apply
        bool applies() const { return refusal.isEmpty(); }
    };

    GroupPreview(Workspace& workspace, const Clock& clock) : m_workspace(workspace), m_clock(clock) {}

    // `items`: one group, oldest first. An Error when they cannot be combined at all.
    Result<Combined> of(const std::vector<InboxItem>& items) const;

private:
    Workspace& m_workspace;
    const Clock& m_clock;
};

} // namespace sediment
