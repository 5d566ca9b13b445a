#pragma once

#include "agent/AgentHomes.h"
#include "store/Database.h"
#include "util/Error.h"
#include "workspace/Config.h"

#include <QString>
#include <QStringList>

#include <memory>

namespace sediment {

// A workspace folder (docs/user-guide.md#opening-a-workspace): the database, the configuration and the stores' files. Everything
// is created lazily, so any command works on an empty folder.
class Workspace final {
public:
    // --workspace DIR, else $SEDIMENT_WORKSPACE, else ~/.local/share/sediment.
    static QString select(const QString& flag);

    static Result<std::unique_ptr<Workspace>> open(const QString& dir,
                                                   Database::SyncMode sync = Database::SyncMode::CheckpointOnClose);

    const QString& root() const { return m_root; }
    const Config& config() const { return m_config; }
    // A team's rights as its server holds them (TeamPolicy), in place of this host's file's.
    void adoptTeamPolicy(const QStringList& adminDestinations, const QStringList& twoPersonDestinations)
    {
        m_config.adminDestinations = adminDestinations;
        m_config.twoPersonDestinations = twoPersonDestinations;
    }
    Database& db() { return *m_db; }
    // The agent homes plugged into this workspace (Agents::open), through which the domain
    // reaches an agent's staged queue and applies its writes.
    AgentHomes& agents() { return m_agents; }
    const AgentHomes& agents() const { return m_agents; }

    QString path(const QString& relative) const;
    QString memoryFile(const QString& target) const; // "memory" or "user"
    int charLimit(const QString& target) const;
    QString reviewer() const; // the configured reviewer, else the login name
    // Problems found while opening that did not stop it (a malformed config.yaml, docs/verbs.md#hermes), for the
    // CLI and the status bar to report.
    const QStringList& warnings() const { return m_warnings; }

private:
    Workspace(QString root, Config config, std::unique_ptr<Database> db);

    QString m_root;
    Config m_config;
    std::unique_ptr<Database> m_db;
    AgentHomes m_agents;
    QStringList m_warnings;
};

} // namespace sediment
