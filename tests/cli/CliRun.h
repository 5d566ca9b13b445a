#pragma once

// Runs the built `sediment` as a real process on a workspace, as an agent harness would.
#include "TeamConfig.h"

#include <QDir>
#include <QProcess>
#include <QStringList>

#include <nlohmann/json.hpp>

namespace clitest {

struct Run {
    int code = -1; // the exit code; -1 when the process crashed or did not finish
    QByteArray out;
    QByteArray err;

    // Standard output as JSON (discarded when it is not JSON).
    nlohmann::ordered_json json() const { return nlohmann::ordered_json::parse(out.constData(), nullptr, false); }
};

// The binary on `ws` as the folder is, `env` ("NAME=value") added to its environment.
inline Run runAsIs(const QString& ws, const QStringList& args, const QByteArray& input = {},
                   const QStringList& env = {})
{
    QProcess p;
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    for (const QString& kv : env)
        e.insert(kv.section(QLatin1Char('='), 0, 0), kv.section(QLatin1Char('='), 1));
    p.setProcessEnvironment(e);
    p.start(QStringLiteral(SEDIMENT_BINARY), QStringList{QStringLiteral("--workspace"), ws} + args);
    p.waitForStarted();
    p.write(input);
    p.closeWriteChannel();
    const bool finished = p.waitForFinished(120000);
    const int code = finished && p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return {code, p.readAllStandardOutput(), p.readAllStandardError()};
}

inline Run sediment(const QString& ws, const QStringList& args, const QByteArray& input = {})
{
    // Against the team server, the workspace's configuration names it before every run.
    teamtest::prepareWorkspace(ws);
    return runAsIs(ws, args, input);
}

} // namespace clitest
