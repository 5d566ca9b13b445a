#include "cli/Context.h"
#include "cli/NowOption.h"
#include "cli/OutcomePrinter.h"
#include "cli/Verb.h"

#include "review/CommandProposer.h"
#include "review/ProposalSubmission.h"

#include <QFile>

namespace sediment::cli {

namespace {

const QString kUsage = QStringLiteral(
    "Usage: sediment review --summary-file F --proposer-cmd CMD [--timeout SECONDS] [--now T] [--json]\n\n"
    "Runs the review kernel on a session summary: CMD is run through /bin/sh -c with\n"
    "{\"summary\": ...} on its standard input and must print proposals (JSON, array or JSON\n"
    "Lines) on its standard output; they then go through the same path as 'sediment propose'.\n"
    "A blank summary, or no proposals, is \"Nothing to save.\". A crash, a non-zero exit, a\n"
    "time-out or malformed output fails the pass with nothing written.\n"
    "See docs/architecture.md#3-the-gate.\n\n"
    "Options:\n"
    "  --summary-file F   the summary ('-' for standard input)\n"
    "  --proposer-cmd CMD the proposer command\n"
    "  --timeout SECONDS  the proposer's time limit (default 60)\n"
    "  --now T            the time to record (ISO-8601)\n"
    "  --json             print the outcome as JSON (the shape of 'propose --json')\n\n"
    "Exit codes: 0 every proposal applied or queued; 1 one or more rejected or failed (the outcome\n"
    "says which); 2 bad usage, invalid or malformed proposals; 3 I/O, proposer failure (crash,\n"
    "exit status, time-out), or a gate that could not decide.\n");

int runReview(Context& ctx)
{
    auto args = ctx.parseAtMost(0, {QStringLiteral("--summary-file"), QStringLiteral("--proposer-cmd"),
                                    QStringLiteral("--timeout"), QStringLiteral("--now")});
    if (!args)
        return ctx.error(args.error());
    if (!args->has(QStringLiteral("--summary-file")) || !args->has(QStringLiteral("--proposer-cmd")))
        return ctx.usageError(QStringLiteral("review needs --summary-file F and --proposer-cmd CMD"));
    auto clock = clockFromArgs(*args);
    if (!clock)
        return ctx.error(clock.error());
    std::chrono::milliseconds timeout = CommandProposer::kDefaultTimeout;
    if (args->has(QStringLiteral("--timeout"))) {
        bool ok = false;
        const double seconds = args->value(QStringLiteral("--timeout")).toDouble(&ok);
        if (!ok || !(seconds > 0) || seconds > 86400)
            return ctx.usageError(
                QStringLiteral("review: --timeout must be a number of seconds in (0, 86400] (got '%1')")
                    .arg(args->value(QStringLiteral("--timeout"))));
        timeout = std::chrono::milliseconds(qint64(seconds * 1000));
    }
    auto summary = readInput(args->value(QStringLiteral("--summary-file")));
    if (!summary)
        return ctx.error(summary.error());
    auto ws = ctx.workspace();
    if (!ws)
        return ctx.error(ws.error());
    CommandProposer proposer(args->value(QStringLiteral("--proposer-cmd")), timeout);
    return printOutcome(ctx, args->flag(QStringLiteral("--json")),
                        ProposalSubmission(**ws, **clock).reviewKeepingOutcome(QString::fromUtf8(*summary), proposer));
}

const VerbRegistration registration({
    QStringLiteral("review"),
    QStringLiteral("run the review kernel: summary -> proposer command -> gate -> stores"),
    kUsage,
    &runReview,
});

} // namespace

} // namespace sediment::cli
