#pragma once

#include "model/Skill.h"
#include "skills/CuratorReport.h"
#include "util/Clock.h"
#include "util/Error.h"

#include <optional>
#include <vector>

namespace sediment {

class Workspace;
struct CuratorPlan;

// The curator pass at the injected clock's time. On a Hermes home it follows Hermes'
// curator (config.yaml's thresholds, bundled skills seeded then curated, hub skills, the
// protected built-in and skills named by cron jobs left alone) over the skills on disk and a
// fresh read of .usage.json; elsewhere Sediment's rules over its own records.
// A dry run plans and writes nothing (no row, no folder, no file). A real pass moves the
// archived folders, then saves every transition with its audit row and the curator_runs row in
// one transaction; if that transaction fails the folders are moved back. A folder that cannot
// be moved counts in `failed` and leaves its record as it was. Finally .usage.json receives the
// transitions, and Hermes' skill ledger, where there is one, a line for each.
class Curator final {
public:
    Curator(Workspace& workspace, const Clock& clock);

    Result<CuratorReport> run(bool dryRun);

private:
    // `hermesUsage` is set to the .usage.json read when the workspace is a Hermes home. A dry
    // run's plan leaves out what only a write needs (the records to sync).
    Result<CuratorPlan> plan(const QDateTime& now, bool dryRun, std::optional<QString>& hermesUsage);
    // The files a committed pass updates after the database: .usage.json and the ledger.
    // Built-ins it archived go to the suppression list.
    void writeFiles(CuratorReport& report, const std::vector<Skill>& changed, const std::optional<QString>& hermesUsage,
                    const QStringList& bundledArchives, const QDateTime& now);

    Workspace& m_workspace;
    const Clock& m_clock;
};

} // namespace sediment
