#include "cli/Cli.h"

#include "cli/Context.h"
#include "cli/Verb.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <unistd.h>
#include <vector>

namespace sediment::cli {

namespace {

// With no verb, hand over to the GUI executable that sits beside this one, so the command line
// never loads the Widgets and Charts libraries.
int startGui(const QStringList& arguments)
{
    const QString self = QFileInfo(QStringLiteral("/proc/self/exe")).symLinkTarget();
    const QString gui = QFileInfo(self).absolutePath() + QStringLiteral("/sediment-gui");
    if (!QFileInfo(gui).isExecutable()) {
        std::fprintf(stderr, "sediment: the desktop app (%s) is not installed\n", qPrintable(gui));
        return 3;
    }
    std::vector<QByteArray> storage;
    storage.push_back(QFile::encodeName(gui));
    for (const QString& a : arguments)
        storage.push_back(a.toLocal8Bit());
    std::vector<char*> argv;
    for (QByteArray& b : storage)
        argv.push_back(b.data());
    argv.push_back(nullptr);
    ::execv(argv[0], argv.data());
    std::fprintf(stderr, "sediment: cannot start %s\n", qPrintable(gui));
    return 3;
}

void print(const QString& text) { std::fputs(text.toStdString().c_str(), stdout); }

} // namespace

QString version() { return QStringLiteral("sediment " SEDIMENT_VERSION); }

QString helpText()
{
    QString text =
        QStringLiteral("Usage: sediment [--workspace DIR] VERB [ARGS...]\n"
                       "       sediment [--workspace DIR] [--screenshot FILE [--page PAGE]]\n\n"
                       "Sediment is the human gate of an AI agent's learning loop: agents propose, a gate\n"
                       "disposes, approved writes sediment into the stores, and every decision is audited.\n"
                       "With no verb it opens the desktop app.\n\n"
                       "Global options:\n"
                       "  --workspace DIR   the workspace (else $SEDIMENT_WORKSPACE, else ~/.local/share/sediment)\n"
                       "  --json            machine-readable output (every verb)\n"
                       "  --version         print the version\n"
                       "  --help            this help; 'sediment help VERB' for one verb\n\n"
                       "Verbs:\n");
    for (const Verb& v : VerbRegistry::all())
        text += QStringLiteral("  %1%2\n").arg(v.name.leftJustified(12), v.summary);
    text += QStringLiteral("\nExit codes: 0 done, 1 refused or failed, 2 bad usage or invalid "
                           "input, 3 workspace or I/O error.\n");
    return text;
}

int run(const QStringList& arguments)
{
    QStringList rest;
    QString workspaceFlag;
    bool json = false;
    for (int i = 0; i < arguments.size(); ++i) {
        const QString& a = arguments[i];
        if (a == QLatin1String("--workspace")) {
            if (i + 1 >= arguments.size() || arguments[i + 1].isEmpty()) {
                std::fputs("sediment: option --workspace needs a value\n", stderr);
                return 2;
            }
            workspaceFlag = arguments[++i];
        } else if (a.startsWith(QLatin1String("--workspace="))) {
            workspaceFlag = a.mid(12);
            if (workspaceFlag.isEmpty()) {
                std::fputs("sediment: option --workspace needs a value\n", stderr);
                return 2;
            }
        } else if (a == QLatin1String("--json") && rest.isEmpty()) {
            // A global option before the verb, as the help lists it: the verb's own --json.
            json = true;
        } else {
            rest << a;
        }
    }
    if (json) {
        if (rest.isEmpty() || rest.first().startsWith(QLatin1String("--"))) {
            std::fputs("sediment: --json needs a verb (sediment --json VERB ...)\n", stderr);
            return 2;
        }
        if (!rest.contains(QStringLiteral("--json")))
            rest << QStringLiteral("--json");
    }
    if (rest.isEmpty() || rest.first().startsWith(QLatin1String("--screenshot"))
        || rest.first().startsWith(QLatin1String("--page"))) {
        if (!rest.contains(QStringLiteral("--help")) && !rest.contains(QStringLiteral("--version"))) {
            // The workspace first: an option missing its value at the end then stays missing,
            // rather than taking "--workspace" for its value.
            QStringList forward;
            if (!workspaceFlag.isEmpty())
                forward << QStringLiteral("--workspace") << workspaceFlag;
            return startGui(forward + rest);
        }
    }
    const QString verbName = rest.first();
    if (verbName == QLatin1String("--version") || verbName == QLatin1String("-V")) {
        print(version() + QLatin1Char('\n'));
        return 0;
    }
    if (verbName == QLatin1String("--help") || verbName == QLatin1String("-h")) {
        print(helpText());
        return 0;
    }
    const Verb* verb = VerbRegistry::find(verbName);
    if (!verb) {
        QStringList names;
        for (const Verb& v : VerbRegistry::all())
            names << v.name;
        std::fprintf(stderr, "sediment: unknown verb '%s' (accepted: %s)\n", qPrintable(verbName),
                     qPrintable(names.join(QStringLiteral(", "))));
        return 2;
    }
    Context ctx(verbName, rest.mid(1), workspaceFlag);
    if (ctx.args().contains(QStringLiteral("--help"))) {
        print(verb->usage);
        return 0;
    }
    // Where no workspace is yet, what this command would create: taken away again if it
    // refuses its input, since bad input changes nothing.
    const QString dir = QFileInfo(ctx.workspaceDir()).absoluteFilePath();
    const bool newWorkspace = verbName != QLatin1String("init")
                              && !QFileInfo::exists(dir + QStringLiteral("/sediment.db"))
                              && !QFileInfo::exists(dir + QStringLiteral("/sediment.json"));
    QString created; // the outermost folder of its path that does not exist yet, if any
    QStringList there;
    if (newWorkspace) {
        for (QString path = dir; !QFileInfo::exists(path) && QFileInfo(path).path() != path;
             path = QFileInfo(path).path())
            created = path;
        there = QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
    }
    const int code = verb->run(ctx);
    if (code == 2 && newWorkspace)
        ctx.dropNewWorkspace(created, there);
    // An answer that did not reach its reader (a full disk) is a failure the caller must hear
    // of: the verb's work is done, but what it printed (an inbox id, an outcome) is lost.
    const bool flushed = std::fflush(stdout) == 0;
    const int why = errno;
    if (code == 0 && (!flushed || std::ferror(stdout))) {
        std::fprintf(stderr, "sediment: cannot write the output: %s\n",
                     !flushed ? std::strerror(why) : "a write to standard output failed");
        return 3;
    }
    return code;
}

} // namespace sediment::cli
