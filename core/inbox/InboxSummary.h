#pragma once

#include <QString>

namespace sediment {

class AgentHomes;

// A payload in one line, as the inbox list shows it: a memory write's action and text, a skill
// write as Hermes tells it (its gist), a Claude Code write's tool and file, a note's title. Cut
// to 240 characters, whitespace folded.
class InboxSummary final {
public:
    // `agents`: the homes whose adapters tell a write in their agent's words.
    static QString of(const AgentHomes& agents, const QString& destination, const QString& opJson);
};

} // namespace sediment
