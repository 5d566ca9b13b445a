#pragma once

// Where the suites' `_pg` twins find the throw-away PostgreSQL server (tests/support), and how a
// workspace folder is pointed at it. Qt only, so that CliRun.h can use it without the core's
// namespace (its `sediment()` runner would clash with it).
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QString>

#include <libpq-fe.h>

#include <optional>

namespace teamtest {

// The server's connection string, when the suite runs against it ($SEDIMENT_TEST_POSTGRES_FILE).
inline std::optional<QString> teamConnInfo()
{
    const QString file = qEnvironmentVariable("SEDIMENT_TEST_POSTGRES_FILE");
    if (file.isEmpty())
        return std::nullopt;
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("SEDIMENT_TEST_POSTGRES_FILE names %s, which cannot be read: is the pg fixture up?", qPrintable(file));
    return QString::fromUtf8(f.readAll()).trimmed();
}

inline bool onServer() { return teamConnInfo().has_value(); }

// One schema per database path: tests that open a fresh file get a fresh schema.
inline QString schemaFor(const QString& path)
{
    return QStringLiteral("t_")
           + QString::fromLatin1(QCryptographicHash::hash(path.toUtf8(), QCryptographicHash::Sha1).toHex().left(24));
}

// A workspace folder's sediment.json made to point at the server (the schema named after the
// folder), keeping every key the test wrote; a file that is not a JSON object (a test of a
// broken configuration) is left as it is.
inline void joinTeamStore(const QString& workspace)
{
    auto conninfo = teamConnInfo();
    if (!conninfo)
        return;
    const QString path = workspace + QStringLiteral("/sediment.json");
    QJsonObject config;
    QFile in(path);
    if (in.exists()) {
        if (!in.open(QIODevice::ReadOnly))
            return;
        const QJsonDocument doc = QJsonDocument::fromJson(in.readAll());
        if (!doc.isObject())
            return;
        config = doc.object();
        if (config.contains(QStringLiteral("database")))
            return;
    }
    config.insert(QStringLiteral("database"), *conninfo);
    config.insert(QStringLiteral("database_schema"), schemaFor(workspace));
    QSaveFile out(path);
    if (out.open(QIODevice::WriteOnly)) {
        out.write(QJsonDocument(config).toJson());
        out.commit();
    }
}

inline void dropSchema(const QString& schema)
{
    PGconn* conn = PQconnectdb(teamConnInfo()->toUtf8().constData());
    const QByteArray sql = "DROP SCHEMA IF EXISTS " + schema.toUtf8() + " CASCADE";
    PQclear(PQexec(conn, sql.constData()));
    PQfinish(conn);
}

// Before a real process runs on `workspace`: against the server, the folder names it. A folder
// seen for the first time (a marker file says it was seen) is a new workspace, so a schema of
// the same name left by an earlier folder at that path (a test that wipes and reuses its
// folder) is dropped first, as the folder's sediment.db would have gone with it.
inline void prepareWorkspace(const QString& workspace)
{
    if (!onServer() || workspace.isEmpty())
        return;
    QDir().mkpath(workspace);
    const QString dir = QDir(workspace).canonicalPath();
    QFile marker(dir + QStringLiteral("/.sediment-test-store"));
    if (!marker.exists()) {
        dropSchema(schemaFor(dir));
        if (marker.open(QIODevice::WriteOnly))
            marker.close();
    }
    joinTeamStore(dir);
}

} // namespace teamtest
