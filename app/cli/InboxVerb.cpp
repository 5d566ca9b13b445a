#include "cli/Clock.h"
#include "cli/Context.h"
#include "cli/Verb.h"

#include "inbox/AttentionResolver.h"
#include "inbox/BudgetPreview.h"
#include "inbox/InboxService.h"
#include "store/InboxIntake.h"
#include "store/InboxRepository.h"

namespace sediment::cli {

namespace {

const QString kUsage = QStringLiteral(
    "Usage: sediment inbox list [--status S] [--destination D] [--json]\n"
    "       sediment inbox show ID [--json]\n"
    "       sediment inbox approve ID [--json]\n"
    "       sediment inbox refuse ID --reason CODE [--text T] [--json]\n"
    "       sediment inbox patch ID --file F [--json]\n"
    "       sediment inbox revert ID [--json]\n"
    "       sediment inbox unrefuse ID [--json] [--reviewer NAME]\n"
    "       sediment inbox refresh-stale [--json]\n"
    "       sediment inbox resolve ID --keep-file|--restore [--json]\n\n"
    "The human decisions on deferred proposals (§5). A pending item is approved (applied to its\n"
    "store), refused with a reason code, or patched (the edited op in F, '-' for stdin, is\n"
    "validated and applied, the item keeping both ops). An applied or modified item can be\n"
    "reverted while its target still holds what it wrote. A refused item can be unrefused: the\n"
    "refusal is taken back (nothing was written, so nothing is rolled back), the item is pending\n"
    "again and refusal memory stops rejecting its content; the audit row inbox.undo_refuse keeps\n"
    "what was refused, by whom and why. An item whose target changed since it was proposed is\n"
    "stale: it cannot be approved until patched.\n\n"
    "A decision that writes a file is journaled; a process killed while writing is settled by\n"
    "the next command. When the target then holds neither the bytes before nor the bytes after\n"
    "the decision, the item needs_attention: resolve it with --keep-file (the file stays as it\n"
    "is, the decision counts as done) or --restore (the bytes from before are written back and\n"
    "the item returns to its previous state).\n\n"
    "Proposals `propose` filed since the last inbox command are moved into the inbox first\n"
    "(the desktop app does the same in the background), so every subcommand sees them.\n\n"
    "Refusal codes: duplicate, wrong, too_specific, stale, unsafe, low_value, other (other needs\n"
    "--text).\n\n"
    "Options:\n"
    "  --status S        list only items with that status (pending, applied, failed, refused,\n"
    "                    modified, reverted, rejected, needs_attention)\n"
    "  --destination D   list only items for that destination\n"
    "  --reviewer NAME   who decides (default: sediment.json's reviewer, else the login name)\n"
    "  --now T           the decision time (ISO-8601), for reproducible runs\n"
    "  --json            print the item (or the list) as JSON after the change\n\n"
    "Exit codes: 0 done, 1 refused, failed or stale, 2 bad usage or invalid input, 3 I/O.\n");

QString oneLine(QString s, int max)
{
    s.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return s.size() > max ? s.left(max - 1) + QStringLiteral("…") : s;
}

QString scoreText(const InboxItem& it)
{
    return it.score ? QString::number(*it.score) : QStringLiteral("-");
}

Json itemJson(Workspace& ws, const InboxItem& it, bool withBudget)
{
    Json j = it.toJson();
    if (withBudget) {
        auto budget = BudgetPreview::forItem(ws, it);
        j["budget"] = budget && *budget ? (*budget)->toJson() : Json(nullptr);
    }
    return j;
}

Result<qint64> parseId(const Args& args, const QString& sub)
{
    const QString text = args.positional(1);
    if (text.isEmpty())
        return fail(Error::invalid(QStringLiteral("inbox %1: which item? (sediment inbox %1 ID)").arg(sub)));
    bool ok = false;
    const qint64 id = text.startsWith(QLatin1Char('#')) ? text.mid(1).toLongLong(&ok) : text.toLongLong(&ok);
    if (!ok || id <= 0)
        return fail(Error::invalid(QStringLiteral("inbox %1: '%2' is not an item id").arg(sub, text)));
    if (args.positional().size() > 2)
        return fail(Error::invalid(QStringLiteral("inbox %1: unexpected argument '%2'")
                                       .arg(sub, args.positional(2))));
    return id;
}

int list(Context& ctx, const Args& args, Workspace& ws, InboxService& service)
{
    // Staleness is derived from the targets at call time, never trusted from an old flag.
    if (auto refreshed = service.refreshStale(); !refreshed)
        return ctx.error(refreshed.error());
    InboxRepository repo(ws.db());
    InboxRepository::ListQuery q;
    q.status = args.value(QStringLiteral("--status"));
    q.destination = args.value(QStringLiteral("--destination"));
    auto items = repo.list(q);
    if (!items)
        return ctx.error(items.error());
    if (args.flag(QStringLiteral("--json"))) {
        Json out = Json::array();
        for (const InboxItem& it : *items)
            out.push_back(it.toJson());
        ctx.printJson(out);
        return 0;
    }
    if (items->empty()) {
        ctx.out(QStringLiteral("No inbox items%1.")
                    .arg(q.status.isEmpty() ? QString() : QStringLiteral(" with status ") + q.status));
        return 0;
    }
    for (const InboxItem& it : *items)
        ctx.out(QStringLiteral("%1  %2  %3  score %4  seen %5%6  %7")
                    .arg(QString::number(it.id).rightJustified(5), it.status.leftJustified(8),
                         it.destination.leftJustified(14), scoreText(it).leftJustified(4))
                    .arg(it.seen)
                    .arg(it.stale ? QStringLiteral("  STALE") : QString(), oneLine(it.rationale, 70)));
    return 0;
}

void printItem(Context& ctx, Workspace& ws, const InboxItem& it)
{
    ctx.out(QStringLiteral("Inbox item %1: %2%3").arg(it.id).arg(it.status, it.stale ? QStringLiteral(" (stale)") : QString()));
    ctx.out(QStringLiteral("Destination: %1").arg(it.destination));
    ctx.out(QStringLiteral("Op: %1").arg(qs(json::pythonDump(it.op))));
    if (it.finalOp)
        ctx.out(QStringLiteral("Final op: %1").arg(qs(json::pythonDump(*it.finalOp))));
    ctx.out(QStringLiteral("Rationale: %1").arg(it.rationale));
    ctx.out(QStringLiteral("Score: %1").arg(scoreText(it)));
    ctx.out(QStringLiteral("Seen: %1").arg(it.seen));
    ctx.out(QStringLiteral("Provenance: %1").arg(qs(json::pythonDump(it.source))));
    ctx.out(QStringLiteral("Created: %1").arg(it.createdAt));
    if (it.stale)
        ctx.out(QStringLiteral("Stale: yes, its target changed since it was proposed; patch it "
                               "before approving"));
    else
        ctx.out(QStringLiteral("Stale: no"));
    if (auto budget = BudgetPreview::forItem(ws, it); budget && *budget)
        ctx.out(QStringLiteral("Budget: %1%2").arg((*budget)->text(),
                                                   (*budget)->over ? QStringLiteral(" (over the limit)") : QString()));
    if (it.targetPath)
        ctx.out(QStringLiteral("Target: %1").arg(*it.targetPath));
    if (it.reason)
        ctx.out(QStringLiteral("Reason: %1%2").arg(*it.reason,
                                                   it.refusalCode ? QStringLiteral(" [%1]").arg(*it.refusalCode) : QString()));
    if (it.decidedAt)
        ctx.out(QStringLiteral("Decided: %1 by %2").arg(*it.decidedAt, it.decidedBy.value_or(QString())));
}

int show(Context& ctx, const Args& args, Workspace& ws, InboxService& service)
{
    auto id = parseId(args, QStringLiteral("show"));
    if (!id)
        return ctx.error(id.error());
    auto it = service.item(*id);
    if (!it)
        return ctx.error(it.error());
    if (it->status == QLatin1String("pending")) {
        auto stale = service.isStale(*it);
        if (stale)
            it->stale = *stale;
    }
    if (args.flag(QStringLiteral("--json")))
        ctx.printJson(itemJson(ws, *it, true));
    else
        printItem(ctx, ws, *it);
    return 0;
}

// Prints a decided item; a failed one is exit 1 with the store's message on stderr.
int report(Context& ctx, const Args& args, Workspace& ws, const InboxItem& it, const QString& done)
{
    const bool failed = it.status == QLatin1String("failed");
    if (args.flag(QStringLiteral("--json")))
        ctx.printJson(itemJson(ws, it, false));
    else if (!failed)
        ctx.out(QStringLiteral("Inbox item %1 %2%3")
                    .arg(it.id)
                    .arg(done, it.reason ? QStringLiteral(": ") + *it.reason : QString()));
    if (failed)
        return ctx.error(Error::refused(QStringLiteral("inbox item %1 failed: %2")
                                            .arg(it.id)
                                            .arg(it.reason.value_or(QStringLiteral("the store refused")))));
    return 0;
}

int runInbox(Context& ctx)
{
    auto args = ctx.parse({QStringLiteral("--status"), QStringLiteral("--destination"),
                           QStringLiteral("--reason"), QStringLiteral("--text"),
                           QStringLiteral("--file"), QStringLiteral("--reviewer"),
                           QStringLiteral("--now")},
                          {QStringLiteral("--keep-file"), QStringLiteral("--restore")});
    if (!args)
        return ctx.error(args.error());
    const QString sub = args->positional(0);
    if (args->flag(QStringLiteral("--help")) || sub.isEmpty()) {
        ctx.outRaw(kUsage.toStdString());
        return sub.isEmpty() && !args->flag(QStringLiteral("--help")) ? 2 : 0;
    }
    static const QStringList known{QStringLiteral("list"),   QStringLiteral("show"),
                                   QStringLiteral("approve"), QStringLiteral("refuse"),
                                   QStringLiteral("patch"),  QStringLiteral("revert"),
                                   QStringLiteral("unrefuse"), QStringLiteral("refresh-stale"),
                                   QStringLiteral("resolve")};
    if (!known.contains(sub))
        return ctx.usageError(QStringLiteral("inbox: unknown action '%1' (use %2)")
                                  .arg(sub, known.join(QStringLiteral(", "))));
    if (sub == QLatin1String("refuse") && !args->has(QStringLiteral("--reason")))
        return ctx.usageError(QStringLiteral("inbox refuse: --reason CODE is required (%1)")
                                  .arg(InboxService::refusalCodes().join(QStringLiteral(", "))));
    if (sub == QLatin1String("resolve")
        && args->flag(QStringLiteral("--keep-file")) == args->flag(QStringLiteral("--restore")))
        return ctx.usageError(QStringLiteral("inbox resolve: say --keep-file or --restore"));
    if (sub == QLatin1String("patch") && !args->has(QStringLiteral("--file")))
        return ctx.usageError(QStringLiteral("inbox patch: --file F is required (the edited op as JSON, '-' for stdin)"));

    auto clock = clockFromArgs(*args);
    if (!clock)
        return ctx.error(clock.error());
    auto ws = ctx.workspace();
    if (!ws)
        return ctx.error(ws.error());
    // Proposals `propose` filed since the last inbox command join inbox_items first, so that
    // every subcommand sees them as the items they are (schema 5).
    if (auto folded = InboxIntake((*ws)->db()).foldAll(); !folded)
        return ctx.error(folded.error());
    InboxService service(**ws, **clock);
    const QString reviewer = args->value(QStringLiteral("--reviewer"), (*ws)->reviewer());

    if (sub == QLatin1String("list"))
        return list(ctx, *args, **ws, service);
    if (sub == QLatin1String("show"))
        return show(ctx, *args, **ws, service);
    if (sub == QLatin1String("refresh-stale")) {
        auto changed = service.refreshStale();
        if (!changed)
            return ctx.error(changed.error());
        if (args->flag(QStringLiteral("--json")))
            ctx.printJson(Json{{"changed", *changed}});
        else
            ctx.out(QStringLiteral("%1 stale flag(s) changed.").arg(*changed));
        return 0;
    }

    auto id = parseId(*args, sub);
    if (!id)
        return ctx.error(id.error());
    Result<InboxItem> decided;
    QString done;
    if (sub == QLatin1String("approve")) {
        decided = service.approve(*id, reviewer);
        done = QStringLiteral("applied");
    } else if (sub == QLatin1String("refuse")) {
        decided = service.refuse(*id, args->value(QStringLiteral("--reason")),
                                 args->value(QStringLiteral("--text")), reviewer);
        done = QStringLiteral("refused");
    } else if (sub == QLatin1String("patch")) {
        const QString file = args->value(QStringLiteral("--file"));
        auto bytes = readInput(file);
        if (!bytes)
            return ctx.error(bytes.error());
        Json edited = Json::parse(bytes->toStdString(), nullptr, false);
        if (edited.is_discarded())
            return ctx.usageError(QStringLiteral("inbox patch: %1 is not valid JSON")
                                      .arg(file == QLatin1String("-") ? QStringLiteral("stdin") : file));
        decided = service.patch(*id, edited, reviewer);
        done = QStringLiteral("patched and applied");
    } else if (sub == QLatin1String("resolve")) {
        const bool keep = args->flag(QStringLiteral("--keep-file"));
        decided = AttentionResolver(**ws, **clock)
                      .resolve(*id, keep ? AttentionResolver::Choice::KeepFile
                                         : AttentionResolver::Choice::Restore,
                               reviewer);
        done = keep ? QStringLiteral("resolved (file kept)") : QStringLiteral("resolved (file restored)");
    } else if (sub == QLatin1String("unrefuse")) {
        decided = service.undoRefusal(*id, reviewer);
        done = QStringLiteral("is pending again (refusal undone)");
    } else {
        decided = service.revert(*id, reviewer);
        done = QStringLiteral("reverted");
    }
    if (!decided)
        return ctx.error(decided.error());
    return report(ctx, *args, **ws, *decided, done);
}

const VerbRegistration registration({
    QStringLiteral("inbox"),
    QStringLiteral("list, show and decide deferred proposals (approve, refuse, patch, revert, "
                   "unrefuse)"),
    kUsage,
    &runInbox,
});

} // namespace

} // namespace sediment::cli
