#pragma once

#include "model/InboxItem.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QString>

#include <vector>

namespace sediment {

class AgentHomes;

// Items aimed at the same target (docs/user-guide.md#groups): a skill, a
// memory entry, a CLAUDE.md file, a settings key, a note, a Claude Code memory file, in one
// profile. The key is what the inbox lists together and what a group decision takes as one.
// A write in an agent's own words (a Hermes skill write) aims where its adapter says (`agents`).
class InboxGroup final {
public:
    // The target an item writes to, as a key: equal keys are one group. Never empty; a Hermes
    // skill batch (several skills) is a group of its own.
    static QString keyOf(const AgentHomes& agents, const InboxItem& item);
    // The target for a reader: "skill 'deploy'", "MEMORY.md entry 'Use uv…'", "settings key
    // 'model'", "CLAUDE.md".
    static QString labelOf(const AgentHomes& agents, const InboxItem& item);

    // Whether a group of this destination can be approved as one decision: memory and user
    // writes (one memory batch) and Hermes skill writes (one skill_manage batch).
    static bool combinable(const AgentHomes& agents, const InboxItem& item);
    // The op that applies `items` (one group, oldest first) in order, all or nothing: the
    // store's own batch of their ops. Refused when they are not one group, are fewer than two,
    // or cannot be combined (a batch among them, a destination without batches).
    static Result<Json> combinedOp(const AgentHomes& agents, const std::vector<InboxItem>& items);
    // The member ids a combined op records under "group" (empty for any other op).
    static std::vector<qint64> membersOf(const Json& op);
};

} // namespace sediment
