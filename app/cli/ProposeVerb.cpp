#include "cli/Context.h"
#include "cli/NowOption.h"
#include "cli/OutcomePrinter.h"
#include "cli/Verb.h"

#include "review/ProposalSubmission.h"

namespace sediment::cli {

namespace {

const QString kUsage = QStringLiteral(
    "Usage: sediment propose [FILE|-] [--now T] [--json]\n\n"
    "Submits proposals read from FILE, or standard input when FILE is '-' or absent: one\n"
    "JSON object, a JSON array, or JSON Lines. The short form {\"target\", \"op\", \"rationale\",\n"
    "\"score\"} is accepted as is; the general form adds \"destination\", \"id\" and \"source\".\n"
    "Every proposal is validated before any is gated: one invalid proposal fails the whole\n"
    "input and nothing is queued or applied. Texts are sanitised (control characters removed,\n"
    "rationale, titles and memory content cut at 4096 code points); what was changed is listed\n"
    "under \"sanitized\". A proposal identical to a pending one, or with the same id, raises\n"
    "that item's seen count instead of queueing it twice. The gate is sediment.json's \"gate\"\n"
    "(human, score, score-then-human); refusal memory runs first.\n"
    "See docs/verbs.md#propose.\n\n"
    "The score is optional; the score gate rejects a proposal without one.\n\n"
    "Output (--json): {\"path\":\"gate:<chain>\",\"applied\":[...],\"rejected\":[...],\"failed\":[...],\n"
    "\"pending\":[...],\"sanitized\":[...],\"stores\":{...}}, each item with its 1-based index,\n"
    "inbox_id, destination and reason. \"stores\" counts the writes to each store that changed;\n"
    "\"inbox\" counts newly queued items (a reinforced item shows in \"pending\" with its \"seen\").\n\n"
    "Options:\n"
    "  --now T   the time to record (ISO-8601), for reproducible runs\n"
    "  --json    print the outcome as JSON\n\n"
    "Exit codes: 0 every proposal applied or queued; 1 one or more rejected by the gate or\n"
    "refused by a store (the outcome, printed in full, says which); 2 invalid input (nothing\n"
    "changed); 3 I/O, or the gate or a store could not work (what was decided before is printed\n"
    "and kept). Input over 16 MiB is refused.\n");

int runPropose(Context& ctx)
{
    auto args = ctx.parseAtMost(1, {QStringLiteral("--now")});
    if (!args)
        return ctx.error(args.error());
    auto clock = clockFromArgs(*args);
    if (!clock)
        return ctx.error(clock.error());
    // An empty name (a script's unset variable) is not standard input: that is "-" or nothing.
    if (!args->positional().isEmpty() && args->positional(0).isEmpty())
        return ctx.error(Error::invalid(QStringLiteral("propose: the file name is empty; give FILE, or - for "
                                                       "standard input")));
    auto input = readInput(args->positional(0));
    if (!input)
        return ctx.error(input.error());
    auto ws = ctx.workspace();
    if (!ws)
        return ctx.error(ws.error());
    return printOutcome(ctx, args->flag(QStringLiteral("--json")),
                        ProposalSubmission(**ws, **clock).submitBytesKeepingOutcome(*input));
}

const VerbRegistration registration({
    QStringLiteral("propose"),
    QStringLiteral("submit proposals (JSON, array or JSON Lines) to the gate"),
    kUsage,
    &runPropose,
});

} // namespace

} // namespace sediment::cli
