#pragma once

// Hermes-shaped homes for tests: files written whole, and staged records as Hermes writes them
// into pending/<subsystem>/<id>.json.
#include "util/Json.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>

namespace sediment::test {

// Writes a file whole, creating its folder first; false when it could not.
inline bool writeAll(const QString& path, const QByteArray& bytes)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

// The file's bytes, empty when it cannot be read.
inline QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A record staged by Hermes in `home` (a profile's folder): its payload, staged at `at`.
inline bool stageHermesRecord(const QString& home, const char* subsystem, const QString& id, const Json& payload,
                              double at)
{
    const Json r = {
        {"id", id.toStdString()}, {"subsystem", subsystem}, {"action", payload.value("action", std::string())},
        {"summary", "staged"},    {"origin", "foreground"}, {"created_at", at},
        {"payload", payload}};
    return writeAll(home + QStringLiteral("/pending/%1/%2.json").arg(QLatin1String(subsystem), id),
                    QByteArray::fromStdString(r.dump(2)));
}

} // namespace sediment::test
