#include "cli/Context.h"
#include "cli/Verb.h"

#include "stats/StatsReport.h"
#include "util/Clock.h"

namespace sediment::cli {

namespace {

const QString kUsage =
    QStringLiteral("Usage: sediment stats [--json]\n\n"
                   "Figures derived from the database at call time, each naming its table: inbox items by\n"
                   "status and destination (inbox_items, with the pending ones `propose` filed in inbox_intake\n"
                   "that no inbox command has moved yet), skills by state (skills), scars (scars), decisions\n"
                   "reviewed (decisions), audit rows and whether the hash chain is intact (audit_log), the last\n"
                   "curator run (curator_runs). Nothing is cached.\n"
                   "See docs/verbs.md.\n\n"
                   "Exit codes: 0 done, 2 bad usage, 3 I/O.\n");

int runStats(Context& ctx)
{
    auto args = ctx.parseAtMost(0, {});
    if (!args)
        return ctx.error(args.error());
    auto ws = ctx.workspace();
    if (!ws)
        return ctx.error(ws.error());
    SystemClock clock;
    auto stats = StatsReport((*ws)->db(), clock).compute();
    if (!stats)
        return ctx.error(stats.error());
    if (args->flag(QStringLiteral("--json")))
        ctx.printJson(*stats);
    else
        ctx.out(StatsReport::render(*stats));
    return 0;
}

const VerbRegistration registration({
    QStringLiteral("stats"),
    QStringLiteral("figures derived from the database, each naming its table"),
    kUsage,
    &runStats,
});

} // namespace

} // namespace sediment::cli
