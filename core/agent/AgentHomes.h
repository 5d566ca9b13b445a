#pragma once

#include "agent/AgentHome.h"

#include <memory>
#include <vector>

namespace sediment {

// The agent homes a workspace was opened with (Agents::open plugs every adapter the program
// links). The domain asks it which home speaks an op; with none plugged, every op is the
// domain's own.
class AgentHomes final {
public:
    void add(std::unique_ptr<AgentHome> home);

    // The home whose agent wrote `op` aimed at `destination`, or null.
    const AgentHome* speaking(const QString& destination, const Json& op) const;
    // What the content hash and the duplicate check read of `op`: the op, or the part of it
    // its agent says is the write (AgentHome::identity).
    Json identity(const QString& destination, const Json& op) const;
    // The home named `name` ("hermes"), or null.
    const AgentHome* find(const QString& name) const;
    const std::vector<std::unique_ptr<AgentHome>>& all() const { return m_homes; }

    // No home at all: for a read that needs none (a list shown before a workspace is open).
    static const AgentHomes& none();

private:
    std::vector<std::unique_ptr<AgentHome>> m_homes;
};

} // namespace sediment
