#pragma once

// The same suites against both stores: with $SEDIMENT_TEST_POSTGRES_FILE set (ctest's `*_pg`
// twins, tests/support/pg_server.sh), every database a test opens lives in a schema of its own
// on the throw-away PostgreSQL server, named after the path the test gave it; without it, in
// the SQLite file at that path, as always.
#include "agents/Agents.h"
#include "store/Database.h"
#include "TeamConfig.h"
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

using teamtest::joinTeamStore;
using teamtest::onServer;
using teamtest::schemaFor;
using teamtest::teamConnInfo;

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

// A statement on the test server as its superuser (roles, grants, killing a session: the
// server's business); the server's message, empty when it ran.
inline QString serverExec(const QString& sql)
{
    PGconn* conn = PQconnectdb(teamConnInfo()->toUtf8().constData());
    PGresult* r = PQexec(conn, sql.toUtf8().constData());
    const ExecStatusType status = PQresultStatus(r);
    QString error;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
        error = QString::fromUtf8(PQresultErrorMessage(r));
    PQclear(r);
    PQfinish(conn);
    return error;
}

// A login role on the test server, made once: its rights come from a workspace's grant.
inline QString createLoginRole(const QString& role)
{
    return serverExec(
        QStringLiteral("DO $$ BEGIN CREATE ROLE %1 LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$")
            .arg(role));
}

// Statements run on a workspace's store as another writer would (a test's forger, a hand edit):
// the sediment.db at `dbPath`, or the server schema its folder's sediment.json names.
inline Status execIn(const QString& dbPath, const Sql& sql)
{
    auto db = openStore(dbPath);
    if (!db)
        return fail(db.error());
    return (*db)->exec(sql);
}

inline qint64 scalarIn(const QString& dbPath, const Sql& sql)
{
    auto db = openStore(dbPath);
    if (!db)
        return -1;
    auto v = (*db)->scalar(sql);
    return v ? *v : -1;
}

// A workspace opened as the product opens it, on the server when the suite runs against it.
inline Result<std::unique_ptr<Workspace>> openWorkspace(const QString& dir,
                                                        Database::SyncMode mode = Database::SyncMode::CheckpointOnClose)
{
    teamtest::prepareWorkspace(dir);
    return Agents::open(dir, mode);
}

} // namespace sediment::test
