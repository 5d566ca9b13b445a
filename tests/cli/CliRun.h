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

inline Run sediment(const QString& ws, const QStringList& args, const QByteArray& input = {})
{
    // Against the team server, the workspace's configuration names it before every run.
    teamtest::prepareWorkspace(ws);
    QProcess p;
    p.start(QStringLiteral(SEDIMENT_BINARY), QStringList{QStringLiteral("--workspace"), ws} + args);
    p.waitForStarted();
    p.write(input);
    p.closeWriteChannel();
    const bool finished = p.waitForFinished(120000);
    const int code = finished && p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return {code, p.readAllStandardOutput(), p.readAllStandardError()};
}

} // namespace clitest
