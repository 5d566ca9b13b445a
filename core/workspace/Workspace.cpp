#include "workspace/Workspace.h"

#include "model/Destination.h"
#include "workspace/HermesConfig.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

namespace sediment {

Workspace::Workspace(QString root, Config config, std::unique_ptr<Database> db)
    : m_root(std::move(root))
    , m_config(std::move(config))
    , m_db(std::move(db))
{}

QString Workspace::select(const QString& flag)
{
    if (!flag.isEmpty())
        return flag;
    const QString env = qEnvironmentVariable("SEDIMENT_WORKSPACE");
    if (!env.isEmpty())
        return env;
    return QDir::homePath() + QStringLiteral("/.local/share/sediment");
}

Result<std::unique_ptr<Workspace>> Workspace::open(const QString& dir, Database::SyncMode sync)
{
    const QFileInfo info(dir);
    if (info.exists() && !info.isDir())
        return fail(Error::io(QStringLiteral("workspace %1 is not a folder").arg(dir)));
    if (!QDir().mkpath(dir))
        return fail(Error::io(QStringLiteral("cannot create workspace folder %1").arg(dir)));
    const QString root = QFileInfo(dir).canonicalFilePath();
    auto config = Config::load(root + QStringLiteral("/sediment.json"));
    if (!config)
        return fail(config.error());
    // A Hermes home's config.yaml supplies the limits sediment.json leaves unset (docs/verbs.md#hermes),
    // and its other keys (curator, write approval) even when sediment.json sets both: its problem
    // is always worth a warning.
    QStringList warnings;
    const auto hermes = HermesConfig::load(root + QStringLiteral("/config.yaml"));
    if (!hermes.problem.isEmpty())
        warnings << hermes.problem;
    if (!config->memoryCharLimit || !config->userCharLimit) {
        if (!config->memoryCharLimit)
            config->memoryCharLimit = hermes.memoryCharLimit.value_or(2200);
        if (!config->userCharLimit)
            config->userCharLimit = hermes.userCharLimit.value_or(1375);
    }
    // Team mode keeps every table on the server: no sediment.db is made here.
    auto db = config->database.isEmpty() ? Database::open(root + QStringLiteral("/sediment.db"), sync)
                                         : Database::open(ServerAddress{config->database, config->databaseSchema,
                                                                        root + QStringLiteral("/sediment-team")});
    if (!db)
        return fail(db.error());
    std::unique_ptr<Workspace> ws(new Workspace(root, std::move(*config), std::move(*db)));
    ws->m_warnings = std::move(warnings);
    return ws;
}

QString Workspace::path(const QString& relative) const { return m_root + QLatin1Char('/') + relative; }

QString Workspace::memoryFile(const QString& target) const
{
    return path(isWord(target, Destination::User) ? QStringLiteral("memories/USER.md")
                                                  : QStringLiteral("memories/MEMORY.md"));
}

int Workspace::charLimit(const QString& target) const
{
    return isWord(target, Destination::User) ? m_config.userCharLimit.value_or(1375)
                                             : m_config.memoryCharLimit.value_or(2200);
}

QString Workspace::reviewer() const
{
    // On a team's server the reviewer is the database role this session logged in as: the
    // server vouches for it, where a name in a shared sediment.json could be anybody's.
    if (m_db->isServer())
        return m_db->sessionRole();
    if (!m_config.reviewer.isEmpty())
        return m_config.reviewer;
    QString user = qEnvironmentVariable("USER");
    if (user.isEmpty())
        user = qEnvironmentVariable("LOGNAME");
    return user.isEmpty() ? QStringLiteral("founder") : user;
}

} // namespace sediment
