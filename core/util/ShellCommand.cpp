#include "util/ShellCommand.h"

#include <QProcess>

namespace sediment {

Result<QByteArray> ShellCommand::run(const QByteArray& input, const QString& subject) const
{
    QProcess p;
    p.setProgram(QStringLiteral("/bin/sh"));
    p.setArguments({QStringLiteral("-c"), command});
    p.setWorkingDirectory(dir);
    p.start();
    if (!p.waitForStarted(timeoutMs))
        return fail(Error::io(QStringLiteral("%1 did not start: %2").arg(name, command)));
    p.write(input);
    p.closeWriteChannel();
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished(1000);
        return fail(Error::io(QStringLiteral("%1 timed out on %2").arg(name, subject)));
    }
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return fail(Error::io(QStringLiteral("%1 failed on %2 (exit %3)").arg(name, subject).arg(p.exitCode())));
    return p.readAllStandardOutput();
}

} // namespace sediment
