// `sediment`: the command line. It links QtCore only; with no verb it starts `sediment-gui`.
#include "cli/Cli.h"
#include "cli/HugePageRestart.h"

#include <QCoreApplication>

#include <cstring>

namespace {

// `memory` (an agent runs `memory apply` at every memory write) and `--version` run without a
// QCoreApplication: building one reads a dozen locale files (setlocale) and creates the GLib
// event dispatcher, which costs these short processes a noticeable part of their start-up for
// nothing. Neither uses what needs one (QProcess, timers, QSettings, QStandardPaths, the
// application name), and nothing they print depends on the C library's locale: their text goes
// through Qt and nlohmann, and strerror() stays English, as in the "C" locale they now keep.
// Every other verb still gets its QCoreApplication.
bool runsWithoutApplication(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--workspace") == 0) {
            ++i; // its value
            continue;
        }
        if (std::strncmp(argv[i], "--workspace=", 12) == 0)
            continue;
        // The first other argument is the verb, as Cli::run sees it.
        return std::strcmp(argv[i], "memory") == 0 || std::strcmp(argv[i], "--version") == 0
               || std::strcmp(argv[i], "-V") == 0;
    }
    return false;
}

} // namespace

int main(int argc, char** argv)
{
    sediment::cli::restartWithHugePagesForLargeInput(argc, argv);
    if (runsWithoutApplication(argc, argv)) {
        // What QCoreApplication::arguments() gives on Unix: each argument from the local 8-bit
        // encoding, which Qt 6 takes to be UTF-8.
        QStringList arguments;
        arguments.reserve(argc);
        for (int i = 1; i < argc; ++i)
            arguments << QString::fromLocal8Bit(argv[i]);
        return sediment::cli::run(arguments);
    }
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("sediment"));
    return sediment::cli::run(QCoreApplication::arguments().mid(1));
}
