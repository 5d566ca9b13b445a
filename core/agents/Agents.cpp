#include "agents/Agents.h"

#include "claudecode/ClaudeCodeHome.h"
#include "hermes/HermesHome.h"
#include "workspace/Workspace.h"

namespace sediment {

void Agents::plug(Workspace& workspace)
{
    // Hermes first: the order in which the domain asks which home speaks an op. No two adapters
    // speak the same op, so the order is only the order of their status and recovery.
    workspace.agents().add(std::make_unique<HermesHome>());
    workspace.agents().add(std::make_unique<ClaudeCodeHome>());
}

Result<std::unique_ptr<Workspace>> Agents::open(const QString& dir, Database::SyncMode sync)
{
    auto ws = Workspace::open(dir, sync);
    if (ws)
        plug(**ws);
    return ws;
}

} // namespace sediment
