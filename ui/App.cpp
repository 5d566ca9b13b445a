#include "App.h"

#include "MainWindow.h"
#include "workspace/Workspace.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QMessageBox>
#include <QTimer>

namespace sediment::ui {

int runApp(int argc, char** argv)
{
    // A screenshot needs no screen: render offscreen when there is no display to draw on.
    bool screenshot = false;
    for (int i = 1; i < argc; ++i)
        screenshot = screenshot || QByteArray(argv[i]).startsWith("--screenshot");
    if (screenshot && qEnvironmentVariableIsEmpty("DISPLAY")
        && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
        && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Sediment"));
    QApplication::setOrganizationName(QStringLiteral("Sediment"));
    QApplication::setApplicationVersion(QStringLiteral(SEDIMENT_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/sediment.svg")));

    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption workspaceOpt(QStringLiteral("workspace"),
                                          QStringLiteral("The workspace folder."),
                                          QStringLiteral("DIR"));
    const QCommandLineOption screenshotOpt(QStringLiteral("screenshot"),
                                           QStringLiteral("Render the window to FILE and exit."),
                                           QStringLiteral("FILE"));
    const QCommandLineOption pageOpt(QStringLiteral("page"),
                                     QStringLiteral("The page to show first."),
                                     QStringLiteral("PAGE"));
    parser.addOptions({workspaceOpt, screenshotOpt, pageOpt});
    parser.process(app);

    const QString dir = Workspace::select(parser.value(workspaceOpt));
    auto ws = Workspace::open(dir);
    if (!ws) {
        QMessageBox::critical(nullptr, QStringLiteral("Sediment"),
                              QStringLiteral("Cannot open the workspace %1.\n\n%2")
                                  .arg(dir, ws.error().message));
        return 3;
    }
    MainWindow window(std::move(*ws));
    if (parser.isSet(pageOpt))
        window.showPage(parser.value(pageOpt));
    if (parser.isSet(screenshotOpt))
        return window.saveScreenshot(parser.value(screenshotOpt)) ? 0 : 3;
    window.show();
    return QApplication::exec();
}

} // namespace sediment::ui
