#pragma once

#include "store/MemorySnapshotRepository.h"
#include "util/Error.h"

#include <optional>

namespace sediment {

class Clock;
class Workspace;

// A team's memory stores, shared through the database: the files host publishes each profile's
// MEMORY.md and USER.md entries (and limit) whenever a sediment command runs there, so that a
// reviewer on another host previews a memory item's budget from the entries the agent really
// has, not from a file that is not on that machine. Only changed stores are written.
class MemorySnapshots final {
public:
    MemorySnapshots(Workspace& workspace, const Clock& clock) : m_workspace(workspace), m_clock(clock) {}

    // Reads every store of this host and publishes those that changed; how many were written.
    // Call on the files host only (TeamSettler does).
    Result<int> publish();

    // The published snapshot of a store, for a reviewer off the files host; nothing when the
    // files host has not published it yet.
    static Result<std::optional<MemorySnapshot>> published(Workspace& workspace, const QString& destination,
                                                           const QString& profile);

private:
    Workspace& m_workspace;
    const Clock& m_clock;
};

} // namespace sediment
