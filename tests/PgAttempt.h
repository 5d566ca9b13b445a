#pragma once

// A hostile client's statement against the team test server (docs/user-guide.md#what-the-server-
// enforces): one statement as a login role, over raw libpq or through psql, and what the server
// answered; and the superuser's look at what is stored, to check that nothing changed.
#include "TeamStore.h"

#include <QProcess>
#include <QString>
#include <QStringList>

#include <libpq-fe.h>

namespace sediment::test {

struct Attempt {
    bool refused = false;
    QString message;
};

// One statement as `role`, over raw libpq.
inline Attempt viaLibpq(const QString& role, const QString& sql)
{
    const QByteArray conninfo = (*teamConnInfo() + QStringLiteral(" user=") + role).toUtf8();
    PGconn* conn = PQconnectdb(conninfo.constData());
    Attempt a;
    if (PQstatus(conn) != CONNECTION_OK) {
        a.message = QStringLiteral("no connection: ") + QString::fromUtf8(PQerrorMessage(conn));
        PQfinish(conn);
        return a;
    }
    PGresult* r = PQexec(conn, sql.toUtf8().constData());
    const ExecStatusType status = PQresultStatus(r);
    a.refused = status == PGRES_FATAL_ERROR;
    a.message = QString::fromUtf8(PQresultErrorMessage(r)).trimmed().section(QLatin1Char('\n'), 0, 0);
    PQclear(r);
    PQfinish(conn);
    return a;
}

// The same statement as `role`, through psql, stopping at the first error.
inline Attempt viaPsql(const QString& role, const QString& sql)
{
    QProcess p;
    p.start(QStringLiteral("psql"),
            {QStringLiteral("-X"), QStringLiteral("-q"), QStringLiteral("-v"), QStringLiteral("ON_ERROR_STOP=1"),
             *teamConnInfo() + QStringLiteral(" user=") + role, QStringLiteral("-c"), sql});
    p.waitForFinished(60000);
    Attempt a;
    a.refused = p.exitStatus() == QProcess::NormalExit && p.exitCode() != 0;
    a.message = QString::fromUtf8(p.readAllStandardError()).trimmed().section(QLatin1Char('\n'), 0, 0);
    return a;
}

inline QString superuserScalar(const QString& sql)
{
    PGconn* conn = PQconnectdb(teamConnInfo()->toUtf8().constData());
    PGresult* r = PQexec(conn, sql.toUtf8().constData());
    QString value = PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) > 0
                        ? QString::fromUtf8(PQgetvalue(r, 0, 0))
                        : QStringLiteral("error: ") + QString::fromUtf8(PQresultErrorMessage(r));
    PQclear(r);
    PQfinish(conn);
    return value;
}

inline QStringList superuserColumn(const QString& sql)
{
    PGconn* conn = PQconnectdb(teamConnInfo()->toUtf8().constData());
    PGresult* r = PQexec(conn, sql.toUtf8().constData());
    QStringList values;
    for (int i = 0; PQresultStatus(r) == PGRES_TUPLES_OK && i < PQntuples(r); ++i)
        values << QString::fromUtf8(PQgetvalue(r, i, 0));
    PQclear(r);
    PQfinish(conn);
    return values;
}

} // namespace sediment::test
