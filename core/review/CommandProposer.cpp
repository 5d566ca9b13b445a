#include "review/CommandProposer.h"

#include "proposal/ProposalParser.h"

#include <QDeadlineTimer>
#include <QProcess>

#include <csignal>
#include <unistd.h>

namespace sediment {

namespace {

constexpr qint64 kMaxOutputBytes = 16 * 1024 * 1024;

QString firstLine(const QByteArray& bytes)
{
    const QString text = QString::fromUtf8(bytes).trimmed();
    const QString line = text.section(QLatin1Char('\n'), 0, 0).trimmed();
    return line.left(200);
}

// The command runs in its own process group so that a time-out kills the whole pipeline, not
// just the shell.
void killGroup(QProcess& p)
{
    if (p.processId() > 0)
        ::kill(-pid_t(p.processId()), SIGKILL);
    p.kill();
    p.waitForFinished(5000);
}

} // namespace

CommandProposer::CommandProposer(QString command, std::chrono::milliseconds timeout)
    : m_command(std::move(command))
    , m_timeout(timeout)
{}

Result<std::vector<Json>> CommandProposer::propose(const QString& summary)
{
    if (m_command.trimmed().isEmpty())
        return fail(Error::invalid(QStringLiteral("proposer command is empty")));
    QProcess process;
    process.setProgram(QStringLiteral("/bin/sh"));
    process.setArguments({QStringLiteral("-c"), m_command});
    process.setChildProcessModifier([] { ::setsid(); });
    process.start();
    if (!process.waitForStarted(10000))
        return fail(Error::io(QStringLiteral("proposer command could not start: %1").arg(process.errorString())));

    Json request = Json::object();
    request["summary"] = toStd(summary);
    const std::string body = request.dump(-1, ' ', false, Json::error_handler_t::replace) + '\n';
    process.write(body.data(), qint64(body.size()));
    process.closeWriteChannel();

    const QDeadlineTimer deadline(m_timeout);
    QByteArray out;
    while (process.state() != QProcess::NotRunning) {
        if (deadline.hasExpired()) {
            killGroup(process);
            return fail(Error::io(
                QStringLiteral("proposer command timed out after %1 s").arg(double(m_timeout.count()) / 1000.0)));
        }
        process.waitForFinished(int(std::min<qint64>(deadline.remainingTime(), 100)));
        out += process.readAllStandardOutput();
        if (out.size() > kMaxOutputBytes) {
            killGroup(process);
            return fail(Error::io(QStringLiteral("proposer output is larger than 16 MiB")));
        }
    }
    out += process.readAllStandardOutput();
    const QByteArray err = process.readAllStandardError();
    if (process.exitStatus() == QProcess::CrashExit)
        return fail(Error::io(QStringLiteral("proposer command crashed%1")
                                  .arg(err.isEmpty() ? QString() : QStringLiteral(": ") + firstLine(err))));
    if (process.exitCode() != 0)
        return fail(Error::io(QStringLiteral("proposer command exited with code %1%2")
                                  .arg(process.exitCode())
                                  .arg(err.isEmpty() ? QString() : QStringLiteral(": ") + firstLine(err))));
    if (out.size() > kMaxOutputBytes)
        return fail(Error::io(QStringLiteral("proposer output is larger than 16 MiB")));
    auto proposals = ProposalParser::parse(out);
    if (!proposals)
        return fail(Error::invalid(QStringLiteral("proposer output is malformed: %1").arg(proposals.error().message)));
    return proposals;
}

} // namespace sediment
