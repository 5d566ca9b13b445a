#pragma once

// A team benchmark's workspace folder: a sediment.json naming the server and the schema.
#include "util/Json.h"

#include <QDir>
#include <QFile>
#include <QString>

namespace sediment::bench {

inline void writeTeamConfig(const QString& dir, const QString& conninfo, const QString& schema)
{
    QDir().mkpath(dir);
    QFile f(dir + QStringLiteral("/sediment.json"));
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(f.fileName()));
    f.write(QByteArray::fromStdString(Json{{"database", toStd(conninfo)}, {"database_schema", toStd(schema)}}.dump()));
}

} // namespace sediment::bench
