#pragma once

#include "skills/CuratorReport.h"
#include "skills/CuratorRules.h"
#include "util/Clock.h"
#include "util/Error.h"

namespace sediment {

class Workspace;

// The curator pass (§6): applies CuratorRules to every skill at the injected clock's time.
// A dry run plans and writes nothing (no row, no folder, no file). A real pass moves the
// archived folders, then saves every transition with its audit row and the curator_runs row in
// one transaction; if that transaction fails the folders are moved back. A folder that cannot
// be moved counts in `failed` and leaves its record as it was. Finally the linked Hermes
// .usage.json, if any, receives the transitions.
class Curator final {
public:
    Curator(Workspace& workspace, const Clock& clock);

    Result<CuratorReport> run(bool dryRun);

private:
    Result<CuratorReport> plan(std::vector<Skill>& skills, std::vector<size_t>& planned) const;

    Workspace& m_workspace;
    const Clock& m_clock;
    CuratorThresholds m_thresholds;
};

} // namespace sediment
