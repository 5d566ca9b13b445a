// `sediment` with no verb starts the desktop app: its own options (--screenshot, --page) given
// wrong, or no display to open a window on, are one line and an exit code, as for every verb.
#include "CliRun.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

namespace {

using clitest::Run;

// The user's settings folder for these runs ($XDG_CONFIG_HOME): never the real one.
QString g_configHome;

// On a machine without a display: DISPLAY, WAYLAND_DISPLAY and QT_QPA_PLATFORM unset.
Run headless(const QString& ws, const QStringList& args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(QString::fromLatin1(name));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), g_configHome);
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(SEDIMENT_BINARY), QStringList{QStringLiteral("--workspace"), ws} + args);
    const bool finished = p.waitForFinished(120000);
    return {finished && p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

} // namespace

class GuiLaunchCliTest final : public QObject {
    Q_OBJECT

    QTemporaryDir m_root;
    QString m_ws;
    QString shot() const { return m_root.filePath(QStringLiteral("shot.png")); }

private Q_SLOTS:
    void initTestCase()
    {
        m_ws = m_root.filePath(QStringLiteral("ws"));
        g_configHome = m_root.filePath(QStringLiteral("config"));
        QCOMPARE(clitest::sediment(m_ws, {QStringLiteral("init")}).code, 0);
    }

    void aScreenshotLeavesTheSavedSettingsAsTheyWere()
    {
        const QString conf = g_configHome + QStringLiteral("/Sediment/Sediment.conf");
        QVERIFY(QDir().mkpath(QFileInfo(conf).path()));
        const QByteArray saved = "[General]\nappearance=light\nrecentWorkspaces=/home/ada/notes\n";
        {
            QFile f(conf);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(saved);
        }
        const Run r = headless(
            m_ws, {QStringLiteral("--screenshot"), shot(), QStringLiteral("--appearance"), QStringLiteral("dark")});
        QVERIFY2(r.code == 0, r.err.constData());
        QFile f(conf);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), saved);
        QFile::remove(shot());
    }

    void anOptionMissingItsValueIsNamed()
    {
        for (const char* option : {"--screenshot", "--page"}) {
            const Run r = headless(m_ws, {QStringLiteral("--screenshot"), shot(), QString::fromLatin1(option)});
            QCOMPARE(r.code, 2);
            const QByteArray expected = QByteArray("sediment: Missing value after '") + option + "'";
            QVERIFY2(r.err.contains(expected), r.err.constData());
            QVERIFY(!QFile::exists(shot()));
        }
    }

    void aScreenshotOfAnUnknownPageFails()
    {
        const Run r =
            headless(m_ws, {QStringLiteral("--screenshot"), shot(), QStringLiteral("--page"), QStringLiteral("nope")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("sediment: no page 'nope' (accepted: inbox, memory"), r.err.constData());
        QVERIFY(!QFile::exists(shot()));
    }

    void aScreenshotNeedsNoDisplay()
    {
        const Run r =
            headless(m_ws, {QStringLiteral("--screenshot"), shot(), QStringLiteral("--page"), QStringLiteral("audit")});
        QVERIFY2(r.code == 0, r.err.constData());
        QFile png(shot());
        QVERIFY(png.open(QIODevice::ReadOnly));
        QVERIFY(png.read(8).startsWith("\x89PNG"));
        png.close();
        QFile::remove(shot());
    }

    void aWindowWithoutADisplayIsRefusedWithoutAnAbort()
    {
        const Run r = headless(m_ws, {QStringLiteral("--page"), QStringLiteral("inbox")});
        QCOMPARE(r.code, 3);
        QCOMPARE(r.err, QByteArray("sediment: no display to open the window on (DISPLAY and WAYLAND_DISPLAY are "
                                   "unset); run a verb ('sediment help'), or --screenshot FILE\n"));
    }
};

QTEST_GUILESS_MAIN(GuiLaunchCliTest)
#include "gui_launch_cli_test.moc"
