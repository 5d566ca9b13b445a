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
    if (ctx.args().size() > 1)
        return ctx.usageError(
            QStringLiteral("help: unexpected argument '%1' (takes at most one VERB)").arg(ctx.args().at(1)));
    const Verb* verb = VerbRegistry::find(ctx.args().first());
    if (!verb) {
        QStringList names;
        for (const Verb& v : VerbRegistry::all())
            names << v.name;
        return ctx.usageError(QStringLiteral("help: no verb '%1' (accepted: %2)")
                                  .arg(ctx.args().first(), names.join(QStringLiteral(", "))));
    }
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
