#include "cli/Cli.h"
#include "cli/Context.h"
#include "cli/Verb.h"

namespace sediment::cli {

namespace {

int runHelp(Context& ctx)
{
    if (ctx.args().isEmpty()) {
        ctx.outRaw(helpText().toStdString());
        return 0;
    }
    const Verb* verb = VerbRegistry::find(ctx.args().first());
    if (!verb)
        return ctx.usageError(QStringLiteral("no verb '%1' (see 'sediment --help')")
                                  .arg(ctx.args().first()));
    ctx.outRaw(verb->usage.toStdString());
    return 0;
}

const VerbRegistration registration({
    QStringLiteral("help"),
    QStringLiteral("show the help of a verb"),
    QStringLiteral("Usage: sediment help [VERB]\n\nShows the help of VERB, or the list of verbs.\n"),
    &runHelp,
});

} // namespace

} // namespace sediment::cli
