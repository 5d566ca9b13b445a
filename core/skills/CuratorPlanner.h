#pragma once

#include "skills/CuratorReport.h"
#include "skills/CuratorRules.h"
#include "skills/Skill.h"

#include <QDateTime>
#include <QStringList>

#include <vector>

namespace sediment {

class HermesCuratorScope;
class SkillFolders;

// A planned pass: the report, and for each step of its plan the record as it is now.
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
    // at the last import).
    static CuratorPlan hermes(const HermesCuratorScope& scope, const std::vector<Skill>& database,
                              const SkillFolders& folders, const QDateTime& now);
};

} // namespace sediment
