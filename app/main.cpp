// `sediment`: the command line. It links QtCore only; with no verb it starts `sediment-gui`.
#include "cli/HugePageRestart.h"
#include "cli/Cli.h"

#include <QCoreApplication>

int main(int argc, char** argv)
{
    sediment::cli::restartWithHugePagesForLargeInput(argc, argv);
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("sediment"));
    return sediment::cli::run(QCoreApplication::arguments().mid(1));
}
