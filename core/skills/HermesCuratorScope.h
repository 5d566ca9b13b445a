#pragma once

#include "model/Skill.h"
#include "skills/CuratorRules.h"
#include "skills/HermesUsageFile.h"
#include "skills/SkillWalk.h"
#include "util/Error.h"
#include "util/Json.h"

#include <QDateTime>
#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>

#include <vector>

namespace sediment {

class Workspace;

// The thresholds a curator pass uses, and where they come from.
struct CuratorSettings {
    bool hermesHome = false;
    CuratorThresholds thresholds;
    bool pruneBuiltins = true; // Hermes homes only: bundled skills are curated too
    QString source;            // one phrase for the Skills page: "config.yaml", "sediment.json", ...

    // sediment.json's thresholds win; on a Hermes home config.yaml's curator.* fill the rest,
    // elsewhere 30 and 90 days.
    static CuratorSettings of(const Workspace& workspace);
};

// What Hermes' curator knows about a Hermes home's skills, read afresh from its files: the
// skills on disk (skills/**/SKILL.md, named by their frontmatter), the .usage.json records,
// the bundled manifest, the hub lock and the skills cron jobs name. A workspace is a Hermes
// home when it has skills/.usage.json or config.yaml.
class HermesCuratorScope final {
public:
    // Why the curator leaves a skill alone, or None when it may transition it.
    enum class Protection { None, Pinned, CronJob, Hub, ProtectedBuiltin, Bundled, NotAgent };

    using LiveSkill = SkillWalk::Found;

    static bool isHermesHome(const QString& root);

    // `usagePath` is the .usage.json to read (a missing file has no records). A file that is
    // not a JSON object of records is an error: the pass must not run on data it cannot read.
    static Result<HermesCuratorScope> load(const QString& root, const QString& usagePath,
                                           const CuratorSettings& settings, const QDateTime& now);

    const std::vector<LiveSkill>& liveSkills() const { return m_live; }
    const QString& usagePath() const { return m_usagePath; }
    const QStringList& warnings() const { return m_warnings; }
    const CuratorSettings& settings() const { return m_settings; }

    // The .usage.json record, when the file has one.
    const Skill* record(const QString& name) const;
    const QHash<QString, Skill>& records() const { return m_records; }

    // Hermes' eligibility (hub, the protected built-in, bundled without prune_builtins, no
    // agent mark), then pinned, then named by a cron job. None: the rules decide.
    Protection protection(const QString& name) const;
    bool eligible(const QString& name) const; // curated at all (pinned and cron ones count)
    bool namedByCron(const QString& name) const { return m_cron.contains(name); }
    bool bundled(const QString& name) const { return m_provenance.bundled.contains(name); }

    static QString describe(Protection p);

    // The skills whose state and pin Hermes' set_state and set_pinned never write, whatever
    // their record says: Hub, ProtectedBuiltin, Bundled (while prune_builtins is off), else None.
    // Read from the provenance files alone, without walking skills/.
    static Protection upstreamOwned(const HermesUsageFile::Provenance& provenance, const CuratorSettings& settings,
                                    const QString& name);

private:
    CuratorSettings m_settings;
    QString m_usagePath;
    HermesUsageFile::Provenance m_provenance;
    QSet<QString> m_cron;
    QSet<QString> m_agentMarked; // created_by "agent" or agent_created true in the file
    QHash<QString, Skill> m_records;
    std::vector<LiveSkill> m_live;
    QStringList m_warnings;
};

} // namespace sediment
