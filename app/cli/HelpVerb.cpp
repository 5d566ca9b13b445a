#include "cli/Cli.h"
#include "cli/Context.h"
#include "cli/Verb.h"

namespace sediment::cli {

namespace {

int runHelp(Context& ctx)
{
    auto args = ctx.parseAtMost(1, {});
    if (!args)
        return ctx.error(args.error());
    const bool json = args->flag(QStringLiteral("--json"));
    if (args->positional().isEmpty()) {
        if (!json) {
            ctx.outRaw(helpText().toStdString());
            return 0;
        }
        Json verbs = Json::array();
        for (const Verb& v : VerbRegistry::all())
            verbs.push_back(Json{{"name", toStd(v.name)}, {"summary", toStd(v.summary)}});
        ctx.printJson(Json{{"usage", toStd(helpText())}, {"verbs", std::move(verbs)}});
        return 0;
    }
    const Verb* verb = VerbRegistry::find(args->positional(0));
    if (!verb) {
        QStringList names;
        for (const Verb& v : VerbRegistry::all())
            names << v.name;
        return ctx.usageError(QStringLiteral("help: no verb '%1' (accepted: %2)")
                                  .arg(args->positional(0), names.join(QStringLiteral(", "))));
    }
    if (json)
        ctx.printJson(
            Json{{"verb", toStd(verb->name)}, {"summary", toStd(verb->summary)}, {"usage", toStd(verb->usage)}});
    else
        ctx.outRaw(verb->usage.toStdString());
    return 0;
}

const VerbRegistration registration({
    QStringLiteral("help"),
    QStringLiteral("show the help of a verb"),
    QStringLiteral("Usage: sediment help [VERB] [--json]\n\nShows the help of VERB, or the list of verbs. With --json: "
                   "{\"verb\", \"summary\",\n"
                   "\"usage\"} for a verb, {\"usage\", \"verbs\": [{\"name\", \"summary\"}, ...]} for the list.\n"),
    &runHelp,
});

} // namespace

} // namespace sediment::cli
