#pragma once

#include "model/Skill.h"
#include "skills/CuratorReport.h"
#include "skills/CuratorRules.h"

#include <QDateTime>
#include <QHash>
#include <QStringList>

#include <vector>

namespace sediment {

class HermesCuratorScope;
class SkillFolders;

// A planned pass: the report and, for a pass that writes, each step's record as it is now
// (a Hermes dry run leaves targets, seeds and synced empty).
struct CuratorPlan {
    CuratorReport report;
    std::vector<Skill> targets;
    std::vector<Skill> seeds;    // Hermes: bundled skills to record for the first time
    std::vector<Skill> synced;   // Hermes: the .usage.json records, to refresh the database with
    QStringList bundledArchives; // Hermes: built-ins the pass archives, to suppress
};

// Decides what a curator pass does, writing nothing.
class CuratorPlanner final {
public:
    // Sediment's rules: every agent-created record in the database, wherever its folder is.
    static CuratorPlan sediment(const std::vector<Skill>& all, const SkillFolders& folders,
                                const CuratorThresholds& thresholds, const QDateTime& now);

    // Hermes' apply_automatic_transitions: the skills on disk that Hermes' curator manages,
    // with their .usage.json records, pins included (the database's are what the file said
    // at the last import). `archivePaths`: where Sediment put each archived folder, which the
    // file does not say. Only the plan of a pass that writes carries the records it writes
    // (targets, seeds, synced): a dry run of 100,000 skills has no use for copies of them.
    enum class Pass { Write, DryRun };
    static CuratorPlan hermes(const HermesCuratorScope& scope, const QHash<QString, QString>& archivePaths,
                              const SkillFolders& folders, const QDateTime& now, Pass pass);
};

} // namespace sediment
