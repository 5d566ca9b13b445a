#pragma once

#include "store/Database.h"
#include "util/Error.h"

#include <QString>

#include <memory>

namespace sediment {

class Workspace;

// The agent adapters a program links, plugged into the workspaces it opens: Hermes and Claude
// Code (docs/architecture.md#agent-homes). The domain knows only the port (AgentHome); this is
// the one place that names every adapter, above them all, so adding an agent is adding its
// folder and a line here.
class Agents final {
public:
    // Adds a home of every adapter to `workspace`.
    static void plug(Workspace& workspace);
    // Workspace::open, with every adapter plugged.
    static Result<std::unique_ptr<Workspace>> open(const QString& dir,
                                                   Database::SyncMode sync = Database::SyncMode::CheckpointOnClose);
};

} // namespace sediment
