#include "util/ShellCommand.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace sediment;

class ShellCommandTest final : public QObject {
    Q_OBJECT

private:
    static ShellCommand hook(const QString& command, const QString& dir = QString(), int timeoutMs = 10000)
    {
        return ShellCommand{QStringLiteral("test hook"), command, dir, timeoutMs};
    }

private Q_SLOTS:
    void handsStdinToTheCommandAndReturnsItsStdout()
    {
        auto out = hook(QStringLiteral("tr a-z A-Z")).run("hello", QStringLiteral("item 1"));
        QVERIFY(out);
        QCOMPARE(*out, QByteArray("HELLO"));
    }

    void runsInItsFolder()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        auto out = hook(QStringLiteral("pwd -P"), dir.path()).run({}, QStringLiteral("item 1"));
        QVERIFY(out);
        QCOMPARE(QString::fromUtf8(out->trimmed()), QDir(dir.path()).canonicalPath());
    }

    void failsWithTheExitCodeInTheHooksOwnWords()
    {
        auto out = hook(QStringLiteral("exit 3")).run({}, QStringLiteral("decision 7"));
        QVERIFY(!out);
        QCOMPARE(out.error().message, QStringLiteral("test hook failed on decision 7 (exit 3)"));
    }

    void killsACommandPastItsTimeout()
    {
        auto out = hook(QStringLiteral("sleep 5"), QString(), 200).run({}, QStringLiteral("scar 2"));
        QVERIFY(!out);
        QCOMPARE(out.error().message, QStringLiteral("test hook timed out on scar 2"));
    }
};

QTEST_GUILESS_MAIN(ShellCommandTest)
#include "shell_command_test.moc"
