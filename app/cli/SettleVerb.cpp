#include "cli/Context.h"
#include "cli/Verb.h"

#include "store/Database.h"
#include "team/TeamSettler.h"
#include "util/Clock.h"
#include "workspace/FilesHost.h"

#include <QThread>

#include <atomic>
#include <csignal>

namespace sediment::cli {

namespace {

const QString kUsage =
    QStringLiteral("Usage: sediment settle [--watch] [--interval MS] [--json]\n\n"
                   "Finishes what decisions left to do on this host: a decision a killed process left half\n"
                   "written (the decision journal), and, on a team's files host (`sediment team files-host`),\n"
                   "every decision another host's reviewer made, written here through the journal. Every\n"
                   "sediment command does this first; `settle` does only that, and says what it wrote.\n\n"
                   "--watch keeps doing it until interrupted (SIGINT, SIGTERM): the server's notices wake it\n"
                   "within --interval milliseconds (default 250) of a reviewer's decision. It prints one line\n"
                   "(or one JSON object) per pass that wrote something. See docs/user-guide.md#team-mode.\n\n"
                   "Exit codes: 0 done, 2 bad usage, 3 I/O (the server unreachable).\n");

std::atomic<bool> g_stop{false};

void requestStop(int) { g_stop = true; }

void report(Context& ctx, bool json, const TeamSettler::Pass& pass)
{
    if (json) {
        ctx.printJson(pass.toJson());
        return;
    }
    for (const Json& item : pass.items) {
        // An item sent back to pending (its decider lost the right) has nobody's decision to name.
        const QString by = item["decided_by"].is_string() ? fromStd(item["decided_by"].get<std::string>()) : QString();
        const QString line = QStringLiteral("inbox item %1: %2")
                                 .arg(item["id"].get<qint64>())
                                 .arg(fromStd(item["status"].get<std::string>()));
        ctx.out(by.isEmpty() ? line : line + QStringLiteral(" (decided by %1)").arg(by));
    }
}

int runSettle(Context& ctx)
{
    auto args = ctx.parseAtMost(0, {QStringLiteral("--interval")}, {QStringLiteral("--watch")});
    if (!args)
        return ctx.error(args.error());
    bool numeric = false;
    const int interval = args->value(QStringLiteral("--interval"), QStringLiteral("250")).toInt(&numeric);
    if (!numeric || interval < 10 || interval > 60000)
        return ctx.usageError(QStringLiteral("settle: --interval must be a number of milliseconds, 10 to 60000"));
    const bool watch = args->flag(QStringLiteral("--watch"));
    if (!watch && args->has(QStringLiteral("--interval")))
        return ctx.usageError(QStringLiteral("settle: --interval goes with --watch"));
    const bool json = args->flag(QStringLiteral("--json"));
    // Opening the workspace settles the journal (Context::workspace); the team's decisions are
    // written below, so that this verb reports them.
    auto ws = ctx.workspace();
    if (!ws)
        return ctx.error(ws.error());
    const SystemClock clock;
    TeamSettler settler(**ws, clock);
    auto first = settler.settle();
    if (!first)
        return ctx.error(first.error());
    if (!watch) {
        if (json)
            ctx.printJson(first->toJson());
        else
            report(ctx, false, *first);
        return 0;
    }
    auto here = settler.writesHere();
    if (!here)
        return ctx.error(here.error());
    if (!*here)
        ctx.out(QStringLiteral("settle --watch: %1 is not this workspace's files host; watching anyway")
                    .arg(FilesHost::thisHost()));
    report(ctx, json, *first);
    std::signal(SIGINT, requestStop);
    std::signal(SIGTERM, requestStop);
    Database& db = (*ws)->db();
    auto version = db.dataVersion();
    while (!g_stop) {
        QThread::msleep(static_cast<unsigned long>(interval));
        auto now = db.dataVersion();
        if (!now) {
            ctx.error(now.error()); // the server away: said, and tried again next time
            continue;
        }
        if (version && *now == *version)
            continue;
        version = now;
        auto pass = settler.settle();
        if (!pass) {
            ctx.error(pass.error());
            continue;
        }
        if (!pass->items.empty())
            report(ctx, json, *pass);
        std::fflush(stdout);
    }
    return 0;
}

const VerbRegistration registration({
    QStringLiteral("settle"),
    QStringLiteral("write what decisions left to do on this host (a team's files host: --watch)"),
    kUsage,
    &runSettle,
});

} // namespace

} // namespace sediment::cli
