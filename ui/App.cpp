#include "App.h"

#include "agents/Agents.h"
#include "MainWindow.h"
#include "shared/Appearance.h"
#include "workspace/Workspace.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QIcon>
#include <QMessageBox>
#include <QSettings>
#include <QTemporaryDir>

#include <cstdio>

namespace sediment::ui {

int runApp(int argc, char** argv)
{
    // A screenshot needs no screen: render offscreen when there is no display to draw on. A
    // window does, and without one Qt would abort: say so instead.
    bool screenshot = false;
    bool helpOnly = false;
    for (int i = 1; i < argc; ++i) {
        const QByteArray arg(argv[i]);
        screenshot = screenshot || arg.startsWith("--screenshot");
        helpOnly = helpOnly || arg == "--help" || arg == "-h" || arg == "--version" || arg == "-v";
    }
    const bool noDisplay = qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
                           && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
    if (noDisplay && (screenshot || helpOnly)) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    } else if (noDisplay) {
        std::fputs("sediment: no display to open the window on (DISPLAY and WAYLAND_DISPLAY are unset); "
                   "run a verb ('sediment help'), or --screenshot FILE\n",
                   stderr);
        return 3;
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Sediment"));
    QApplication::setOrganizationName(QStringLiteral("Sediment"));
    QApplication::setApplicationVersion(QStringLiteral(SEDIMENT_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/sediment.svg")));
    // A screenshot is the window as the user left it, and leaves it so: it reads a copy of the
    // saved settings (appearance, layout), and what it would save (an --appearance, the
    // workspace among the recent ones, the window's state) goes to that copy.
    QTemporaryDir scratchSettings;
    if (screenshot && scratchSettings.isValid()) {
        const QString own = QSettings().fileName();
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, scratchSettings.path());
        const QString copy = QSettings().fileName();
        QDir().mkpath(QFileInfo(copy).path());
        QFile::copy(own, copy);
    }

    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addVersionOption();
    // runApp is a free function: its texts take the "App" context.
    const QCommandLineOption workspaceOpt(QStringLiteral("workspace"),
                                          QCoreApplication::translate("App", "The workspace folder."),
                                          QCoreApplication::translate("App", "DIR"));
    const QCommandLineOption screenshotOpt(QStringLiteral("screenshot"),
                                           QCoreApplication::translate("App", "Render the window to FILE and exit."),
                                           QCoreApplication::translate("App", "FILE"));
    const QCommandLineOption pageOpt(
        QStringLiteral("page"),
        QCoreApplication::translate("App", "The page to show first: inbox, memory (memory/claude-code: its Claude Code "
                                           "tab), skills, scars, decisions, audit."),
        QCoreApplication::translate("App", "PAGE"));
    const QCommandLineOption appearanceOpt(QStringLiteral("appearance"),
                                           QCoreApplication::translate("App", "system, light or dark."),
                                           QCoreApplication::translate("App", "MODE"));
    parser.addOptions({workspaceOpt, screenshotOpt, pageOpt, appearanceOpt});
    // Parsed here rather than by process(), so that a bad option is one line and exit 2, as
    // for every verb.
    if (!parser.parse(QCoreApplication::arguments())) {
        std::fprintf(stderr, "sediment: %s\n", qPrintable(parser.errorText()));
        return 2;
    }
    if (parser.isSet(QStringLiteral("help")))
        parser.showHelp(0);
    if (parser.isSet(QStringLiteral("version")))
        parser.showVersion();

    if (parser.isSet(appearanceOpt)) {
        const QString mode = parser.value(appearanceOpt).toLower();
        if (mode != QLatin1String("system") && mode != QLatin1String("light") && mode != QLatin1String("dark")) {
            qCritical("sediment: --appearance must be system, light or dark");
            return 2;
        }
        Appearance::apply(mode);
    } else if (Appearance::current() != QLatin1String("system")) {
        Appearance::apply(Appearance::current());
    }

    const QString dir = Workspace::select(parser.value(workspaceOpt));
    auto ws = Agents::open(dir);
    if (!ws) {
        if (parser.isSet(screenshotOpt)) {
            qCritical("sediment: %s", qPrintable(ws.error().message));
            return 3;
        }
        QMessageBox::critical(nullptr, QCoreApplication::translate("App", "Sediment"),
                              QCoreApplication::translate("App", "Cannot open the workspace %1.\n\n%2\n\nCheck that "
                                                                 "the folder exists and is writable, or pass another "
                                                                 "one with --workspace DIR.")
                                  .arg(dir, ws.error().message));
        return 3;
    }
    auto* window = new MainWindow(std::move(*ws));
    window->setAttribute(Qt::WA_DeleteOnClose);
    // An unknown page opens the window on the inbox, with a warning; a screenshot of it, which a
    // script asked for, fails instead.
    if (parser.isSet(pageOpt) && !window->showPage(parser.value(pageOpt))) {
        const QString accepted = window->pageIds().join(QStringLiteral(", "));
        if (parser.isSet(screenshotOpt)) {
            delete window;
            std::fprintf(stderr, "sediment: no page '%s' (accepted: %s)\n", qPrintable(parser.value(pageOpt)),
                         qPrintable(accepted));
            return 2;
        }
        qWarning("sediment: no page '%s' (accepted: %s); showing the inbox", qPrintable(parser.value(pageOpt)),
                 qPrintable(accepted));
    }
    if (parser.isSet(screenshotOpt)) {
        const bool saved = window->saveScreenshot(parser.value(screenshotOpt));
        delete window;
        if (!saved)
            qCritical("sediment: cannot write %s", qPrintable(parser.value(screenshotOpt)));
        return saved ? 0 : 3;
    }
    window->show();
    return QApplication::exec();
}

} // namespace sediment::ui
