#pragma once

// The same suites against both stores: with $SEDIMENT_TEST_POSTGRES_FILE set (ctest's `*_pg`
// twins, tests/support/pg_server.sh), every database a test opens lives in a schema of its own
// on the throw-away PostgreSQL server, named after the path the test gave it; without it, in
// the SQLite file at that path, as always.
#include "store/Database.h"
#include "workspace/Workspace.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <libpq-fe.h>

#include <optional>

namespace sediment::test {

// The server's connection string, when the suite runs against it.
inline std::optional<QString> teamConnInfo()
{
    const QString file = qEnvironmentVariable("SEDIMENT_TEST_POSTGRES_FILE");
    if (file.isEmpty())
        return std::nullopt;
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("SEDIMENT_TEST_POSTGRES_FILE names %s, which cannot be read: is the pg fixture up?",
               qPrintable(file));
    return QString::fromUtf8(f.readAll()).trimmed();
}

inline bool onServer() { return teamConnInfo().has_value(); }

// One schema per database path: tests that open a fresh file get a fresh schema.
inline QString schemaFor(const QString& path)
{
    return QStringLiteral("t_")
           + QString::fromLatin1(QCryptographicHash::hash(path.toUtf8(), QCryptographicHash::Sha1).toHex().left(24));
}

// The schema standing for a database path: a workspace's sediment.db is the workspace's schema
// (as joinTeamStore names it), any other path one of its own.
inline QString schemaForStore(const QString& path)
{
    const QFileInfo file(path);
    if (file.fileName() == QLatin1String("sediment.db")) {
        const QString dir = QFileInfo(file.absolutePath()).canonicalFilePath();
        return schemaFor(dir.isEmpty() ? file.absolutePath() : dir);
    }
    return schemaFor(path);
}

inline Result<std::unique_ptr<Database>> openStore(const QString& path,
                                                   Database::SyncMode mode = Database::SyncMode::CheckpointOnClose)
{
    if (auto conninfo = teamConnInfo())
        return Database::open(ServerAddress{*conninfo, schemaForStore(path), path});
    return Database::open(path, mode);
}

// Removes what openStore(path) opened: the file, or the schema and every table in it.
inline void removeStore(const QString& path)
{
    auto conninfo = teamConnInfo();
    if (!conninfo) {
        QFile::remove(path);
        return;
    }
    PGconn* conn = PQconnectdb(conninfo->toUtf8().constData());
    const QByteArray sql = "DROP SCHEMA IF EXISTS " + schemaForStore(path).toUtf8() + " CASCADE";
    PQclear(PQexec(conn, sql.constData()));
    PQfinish(conn);
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

// A workspace opened as the product opens it, on the server when the suite runs against it.
inline Result<std::unique_ptr<Workspace>> openWorkspace(const QString& dir,
                                                        Database::SyncMode mode = Database::SyncMode::CheckpointOnClose)
{
    if (onServer()) {
        QDir().mkpath(dir);
        joinTeamStore(QDir(dir).canonicalPath());
    }
    return Workspace::open(dir, mode);
}

} // namespace sediment::test
