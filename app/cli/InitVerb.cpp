#include "agents/Agents.h"
#include "cli/Context.h"
#include "cli/Verb.h"
#include "demo/DemoWorkspace.h"
#include "util/Clock.h"

#include <QDir>

namespace sediment::cli {

namespace {

int runInit(Context& ctx)
{
    auto args = ctx.parseAtMost(1, {}, {QStringLiteral("--demo")});
    if (!args)
        return ctx.error(args.error());
    if (!args->positional().isEmpty() && args->positional(0).trimmed().isEmpty())
        return ctx.error(Error::invalid(QStringLiteral("init: the folder name is empty; give DIR, or no argument "
                                                       "for the selected workspace")));
    const QString dir = args->positional().isEmpty() ? ctx.workspaceDir() : args->positional(0);
    auto ws = Agents::open(dir);
    if (!ws)
        return ctx.error(ws.error());
    for (const char* sub : {"memories", "skills", "brain/inbox", "chantiers/inbox"}) {
        if (!QDir().mkpath((*ws)->path(QString::fromLatin1(sub))))
            return ctx.error(Error::io(QStringLiteral("cannot create %1").arg((*ws)->path(QString::fromLatin1(sub)))));
    }
    Json summary = Json::object();
    summary["workspace"] = toStd((*ws)->root());
    if (args->flag(QStringLiteral("--demo"))) {
        SystemClock clock;
        auto filled = DemoWorkspace::fill(**ws, clock);
        if (!filled)
            return ctx.error(filled.error());
        summary["demo"] = *filled;
    }
    if (args->flag(QStringLiteral("--json"))) {
        ctx.printJson(summary);
    } else {
        ctx.out(QStringLiteral("Workspace ready at %1").arg((*ws)->root()));
        if (summary.contains("demo") && summary["demo"].contains("already_there"))
            ctx.out(QStringLiteral("The demo sample is already there; nothing was added."));
        else if (summary.contains("demo"))
            ctx.out(QStringLiteral("Demo content: %1").arg(fromStd(summary["demo"].dump())));
    }
    return 0;
}

const VerbRegistration registration({
    QStringLiteral("init"),
    QStringLiteral("create a workspace (--demo fills it with a realistic sample)"),
    QStringLiteral("Usage: sediment init [DIR] [--demo] [--json]\n\n"
                   "Creates the workspace DIR (default: the selected workspace) with its database\n"
                   "and folders. With --demo, fills it with a realistic sample: a few hundred\n"
                   "proposals across every destination (some stale, some near the memory budget,\n"
                   "some already decided), memory entries, skills in every state, scars and\n"
                   "decisions with outcomes, so that every screen of the app is populated. The\n"
                   "sample brings its own CLAUDE.md and settings.json, so --demo takes only a\n"
                   "workspace that holds nothing yet (exit 1, nothing changed, otherwise); one it\n"
                   "filled before is left as it is.\n"),
    &runInit,
});

} // namespace

} // namespace sediment::cli
