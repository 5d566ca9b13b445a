#include "cli/Context.h"
#include "cli/InboxItemView.h"
#include "cli/NowOption.h"
#include "cli/Verb.h"
#include "cli/VerbOptions.h"
#include "util/JsonDepth.h"

#include "inbox/AttentionResolver.h"
#include "inbox/InboxService.h"
#include "inbox/InboxWalk.h"
#include "inbox/MemoryRoom.h"
#include "inbox/Preflight.h"
#include "model/InboxQuery.h"
#include "store/InboxReadModel.h"
#include "store/InboxRepository.h"
#include "store/InboxStaging.h"
#include "workspace/FilesHost.h"

#include <algorithm>
#include <map>

namespace sediment::cli {

namespace {

// Joined rather than filled in with arg(), which would scan these 6 KB for markers at every start
// of the program, whatever the verb.
const QString kUsage =
    QStringLiteral(
        "Usage: sediment inbox list [QUERY] [--status S] [--destination D] [--json]\n"
        "       sediment inbox show ID [--json]\n"
        "       sediment inbox approve ID [--make-room F] [--json]\n"
        "       sediment inbox approve-group ID [--json]\n"
        "       sediment inbox keep ID [--json]\n"
        "       sediment inbox refuse ID --reason CODE [--text T] [--json]\n"
        "       sediment inbox patch ID --file F [--json]\n"
        "       sediment inbox revert ID [--json]\n"
        "       sediment inbox unrefuse ID [--json] [--reviewer NAME]\n"
        "       sediment inbox refresh-stale [--json]\n"
        "       sediment inbox resolve ID --keep-file|--restore [--json]\n"
        "       sediment inbox next [QUERY] [--json]\n"
        "       sediment inbox release ID [--json]\n\n"
        "The human decisions on deferred proposals. A pending item is approved (applied to its\n"
        "store), refused with a reason code, or patched (the edited op in F, '-' for stdin, is\n"
        "validated and applied, the item keeping both ops). A failed item stays open: it can be\n"
        "approved again, patched or refused. An applied or modified item can be\n"
        "reverted while its target still holds what it wrote. A refused item can be unrefused: the\n"
        "refusal is taken back (nothing was written, so nothing is rolled back), the item is pending\n"
        "again and refusal memory stops rejecting its content; the audit row inbox.undo_refuse keeps\n"
        "what was refused, by whom and why. An item whose target changed since it was proposed is\n"
        "stale: it cannot be approved until patched.\n"
        "See docs/user-guide.md#inbox.\n\n"
        "A memory write that does not fit its store can be approved with --make-room F: F ('-' for\n"
        "stdin) names whole entries as the store holds them now, to remove and to merge,\n"
        "  {\"remove\": [\"entry\", ...], \"merge\": [{\"entries\": [\"a\", \"b\"], \"into\": \"a and b\"}]}\n"
        "and the room and the write are applied as one batch, all or nothing (the item becomes\n"
        "modified, its final op that batch, with one inbox.make_room audit row). A room that still\n"
        "leaves the store over its limit is refused and nothing is written.\n\n"
        "Items aimed at the same target (a skill, a memory entry, a CLAUDE.md file, a settings\n"
        "key, a note) are a group; the query group:target lists them together, the largest group\n"
        "first. approve-group applies ID's pending group in order, oldest first, as one decision\n"
        "through the journal, all or nothing, each item with its own inbox.approve audit row\n"
        "(memory and Hermes skill writes; the store's batch, so a group that would fail as a whole\n"
        "writes nothing and says why). keep refuses the group's other pending items, reason other,\n"
        "as superseded by ID, and leaves ID pending.\n\n"
        "A decision that writes a file is journaled; a process killed while writing is settled by\n"
        "the next command. When the target then holds neither the bytes before nor the bytes after\n"
        "the decision, the item needs_attention: resolve it with --keep-file (the file stays as it\n"
        "is, the decision counts as done) or --restore (the bytes from before are written back and\n"
        "the item returns to its previous state).\n\n"
        "Reviewers sharing a queue walk it with next: it claims for you, for ")
    + QString::number(InboxWalk::kLeaseMinutes)
    + QStringLiteral(
        " minutes, the next\n"
        "pending item (oldest first, onwards from the one you hold) that QUERY (the inbox's query\n"
        "language, status words aside) matches and no other reviewer holds, gives back the one you\n"
        "held, and shows it; release gives it back sooner, and a decision ends it. A claim decides\n"
        "nothing: it keeps reviewers who walk the queue on different items, at the same moment too.\n\n"
        "Proposals `propose` filed since the last inbox command are moved into the inbox first\n"
        "(the desktop app does the same in the background), so every subcommand sees them.\n\n"
        "list takes the same QUERY as next, the inbox's query language (free text, dest:, status:,\n"
        "score>=, agent:, is:stale, profile:, group:target, - to negate; docs/user-guide.md#inbox-query-language), "
        "over\n"
        "every status unless it names some; --status and --destination narrow it. A query that\n"
        "does not parse is bad usage: nothing is listed and nothing changes. Each pending item\n"
        "carries its preflight (with --json, \"preflight\": {\"verdict\", \"message\", \"of\",\n"
        "\"similar_to\", \"unsafe\"}): what approving it would do now, applies, fails (with the\n"
        "store's or the agent's message), stale, duplicate (of an older pending item) or present\n"
        "(the store holds it), and what the threat and secret scans found in the text it would\n"
        "write; is:dead (fails or stale), is:dup (duplicate or present), is:ok (applies) and\n"
        "is:unsafe select by it.\n\n"
        "Refusal codes: duplicate, wrong, too_specific, stale, unsafe, low_value, other (other needs\n"
        "--text).\n\n"
        "Options:\n"
        "  --status S        list only items with that status (pending, applied, failed, refused,\n"
        "                    modified, reverted, rejected, needs_attention)\n"
        "  --destination D   list only items for that destination\n"
        "  --make-room F     approve, removing or merging the memory entries F names (see above)\n"
        "  --reviewer NAME   who decides (default: sediment.json's reviewer, else the login name)\n"
        "  --now T           the decision time (ISO-8601), for reproducible runs\n"
        "  --json            print the item (or the list) as JSON after the change\n\n"
        "Exit codes: 0 done, 1 refused, failed or stale, 2 bad usage or invalid input, 3 I/O.\n");

// The items QUERY matches, in id order, through the read model that serves the window's search.
Result<std::vector<InboxItem>> matching(Workspace& ws, const InboxFilter& filter)
{
    auto ids = InboxReadModel(ws.db()).allIds(filter, {});
    if (!ids)
        return fail(ids.error());
    return InboxRepository(ws.db()).findMany(*ids);
}

int list(Context& ctx, const Args& args, Workspace& ws, InboxService& service, const Clock& clock,
         const InboxRepository::ListQuery& q, const std::optional<InboxFilter>& filter)
{
    // Staleness is derived from the targets at call time, never trusted from an old flag.
    if (auto refreshed = service.refreshStale(); !refreshed)
        return ctx.error(refreshed.error());
    auto items = filter ? matching(ws, *filter) : InboxRepository(ws.db()).list(q);
    if (!items)
        return ctx.error(items.error());
    // What approving each pending item would do now, for the whole queue (duplicates are found
    // across it); only where the files are: elsewhere there is nothing true to say.
    const bool byVerdict = filter && filter->needsVerdicts();
    std::map<qint64, PreflightVerdict> verdicts;
    if (byVerdict
        || std::ranges::any_of(*items, [](const InboxItem& it) { return it.hasStatus(InboxStatus::Pending); })) {
        auto elsewhere = FilesHost::elsewhere(ws);
        if (!elsewhere)
            return ctx.error(elsewhere.error());
        if (!*elsewhere) {
            auto run = Preflight(ws, clock).runAll();
            if (!run)
                return ctx.error(run.error());
            verdicts = std::move(*run);
        } else if (byVerdict) {
            return ctx.error(Error::refused(QStringLiteral("inbox list: is:dead, is:dup, is:ok and group:target are "
                                                           "known where the files are (%1)")
                                                .arg(**elsewhere)));
        }
    }
    const auto verdictOf = [&](const InboxItem& it) -> const PreflightVerdict* {
        const auto v = verdicts.find(it.id);
        return v == verdicts.end() ? nullptr : &v->second;
    };
    if (byVerdict)
        std::erase_if(*items, [&](const InboxItem& it) {
            const PreflightVerdict* v = verdictOf(it);
            return !Preflight::passes(filter->preflight, v) || (filter->groupByTarget && (!v || v->group.empty()));
        });
    if (filter && filter->groupByTarget)
        std::ranges::stable_sort(*items, [&](const InboxItem& a, const InboxItem& b) {
            return verdictOf(a)->groupRank(a.id) < verdictOf(b)->groupRank(b.id);
        });
    printRows(
        ctx, args.flag(QStringLiteral("--json")), *items,
        [&](const InboxItem& it) {
            Json j = it.toJson();
            const PreflightVerdict* v = verdictOf(it);
            j["preflight"] = v ? v->toJson() : Json(nullptr);
            return j;
        },
        InboxItemView::line,
        QStringLiteral("No inbox items%1%2.")
            .arg(q.status.isEmpty() ? QString() : QStringLiteral(" with status ") + q.status,
                 filter ? QStringLiteral(" matching the query") : QString()));
    return 0;
}

// `show`, and what `next` claimed: the item with who holds it, if anyone does.
int show(Context& ctx, const Args& args, Workspace& ws, InboxService& service, const Clock& clock, qint64 id)
{
    auto it = service.item(id);
    if (!it)
        return ctx.error(it.error());
    if (it->hasStatus(InboxStatus::Pending)) {
        auto stale = service.isStale(*it);
        if (stale)
            it->stale = *stale;
    }
    auto claim = InboxWalk(ws, clock).holder(id);
    if (!claim)
        return ctx.error(claim.error());
    if (args.flag(QStringLiteral("--json"))) {
        Json j = InboxItemView::toJson(ws, *it, true);
        j["claim"] = InboxItemView::claimToJson(*claim);
        ctx.printJson(j);
        return 0;
    }
    InboxItemView::print(ctx, ws, *it);
    if (*claim)
        ctx.out(QStringLiteral("Claimed: by %1 until %2").arg((*claim)->reviewer, (*claim)->expiresAt));
    return 0;
}

int next(Context& ctx, const Args& args, Workspace& ws, InboxService& service, const Clock& clock,
         const QString& reviewer, const InboxFilter& filter)
{
    auto walked = InboxWalk(ws, clock).next(reviewer, filter);
    if (!walked)
        return ctx.error(walked.error());
    if (walked->item)
        return show(ctx, args, ws, service, clock, walked->item->id);
    if (args.flag(QStringLiteral("--json")))
        ctx.printJson(Json{{"item", nullptr}, {"held_by_others", walked->heldByOthers}});
    else
        ctx.out(QStringLiteral("Nothing left to review: no pending item%1 is free (%2 held by other reviewers).")
                    .arg(args.positional(1).isEmpty() ? QString() : QStringLiteral(" matching the query"))
                    .arg(walked->heldByOthers));
    return 0;
}

// Prints a decided item; a failed one is exit 1 with the store's message on stderr.
int report(Context& ctx, const Args& args, Workspace& ws, const InboxItem& it, const QString& done)
{
    const bool failed = it.hasStatus(InboxStatus::Failed);
    if (args.flag(QStringLiteral("--json")))
        ctx.printJson(InboxItemView::toJson(ws, it, false));
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

// What a sub-command was given, every value checked before the workspace is opened, so that a
// mistyped status, reason or id changes nothing and is never answered with an empty list.
struct Checked {
    InboxRepository::ListQuery query;
    qint64 id = 0;
    QString reason;
    QString reviewer;                  // empty: the workspace's
    Json edited;                       // patch: the edited op
    std::optional<MemoryRoom> room;    // approve --make-room
    InboxFilter walk;                  // next: the query
    std::optional<InboxFilter> listed; // list QUERY, with --status and --destination folded in
};

// The JSON document in FILE ('-': stdin), for `what` ("the edited op").
Result<Json> readJsonInput(const QString& path, const QString& label, const QString& what)
{
    auto bytes = readInput(path);
    if (!bytes)
        return fail(bytes.error());
    Json doc;
    try {
        doc = json::parseShallow(std::string_view(bytes->constData(), std::size_t(bytes->size())), false);
    } catch (const json::TooDeep&) {
        return fail(Error::invalid(QStringLiteral("%1: %2 nests arrays and objects deeper than %3 levels")
                                       .arg(label, what)
                                       .arg(json::kMaxDepth)));
    }
    if (doc.is_discarded())
        return fail(Error::invalid(QStringLiteral("%1: %2 is not valid JSON")
                                       .arg(label, path == QLatin1String("-") ? QStringLiteral("stdin") : path)));
    return doc;
}

Result<Checked> checkArgs(const Args& args, const QString& sub)
{
    const QString label = QStringLiteral("inbox ") + sub;
    const QString now = QStringLiteral("--now");
    const QString reviewer = QStringLiteral("--reviewer");
    const QString reason = QStringLiteral("--reason");
    const QString file = QStringLiteral("--file");
    static const QMap<QString, QStringList> options{
        {QStringLiteral("list"), {QStringLiteral("--status"), QStringLiteral("--destination"), now}},
        {QStringLiteral("show"), {now}},
        {QStringLiteral("approve"), {QStringLiteral("--make-room"), reviewer, now}},
        {QStringLiteral("approve-group"), {reviewer, now}},
        {QStringLiteral("keep"), {reviewer, now}},
        {QStringLiteral("refuse"), {reason, QStringLiteral("--text"), reviewer, now}},
        {QStringLiteral("patch"), {file, reviewer, now}},
        {QStringLiteral("revert"), {reviewer, now}},
        {QStringLiteral("unrefuse"), {reviewer, now}},
        {QStringLiteral("refresh-stale"), {now}},
        {QStringLiteral("resolve"), {QStringLiteral("--keep-file"), QStringLiteral("--restore"), reviewer, now}},
        {QStringLiteral("next"), {reviewer, now}},
        {QStringLiteral("release"), {reviewer, now}},
    };
    if (auto ok = args.only(label, options.value(sub)); !ok)
        return fail(ok.error());
    const bool listing = sub == QLatin1String("list") || sub == QLatin1String("refresh-stale");
    const bool walking = sub == QLatin1String("next");
    if (auto ok = args.atMost(label, sub == QLatin1String("refresh-stale") ? 0 : 1, 1); !ok)
        return fail(ok.error());
    Checked in;
    if (walking) {
        auto filter = InboxQuery::parse(args.positional(1));
        if (!filter)
            return fail(Error::invalid(QStringLiteral("inbox next: %1").arg(filter.error().message)));
        if (filter->allStatuses || !filter->status.isEmpty())
            return fail(Error::invalid(QStringLiteral("inbox next: the walk takes pending items only; "
                                                      "leave status words out of the query")));
        in.walk = std::move(*filter);
    }
    auto status = args.choice(label, QStringLiteral("--status"), wordTexts<InboxStatus>());
    if (!status)
        return fail(status.error());
    in.query.status = *status;
    auto destination = args.choice(label, QStringLiteral("--destination"), wordTexts<Destination>());
    if (!destination)
        return fail(destination.error());
    in.query.destination = *destination;
    if (sub == QLatin1String("list") && !args.positional(1).isEmpty()) {
        auto filter = InboxQuery::parse(args.positional(1));
        if (!filter)
            return fail(Error::invalid(QStringLiteral("inbox list: %1").arg(filter.error().message)));
        // A second status (or destination) would be an alternative to the query's, not a
        // narrowing: each is said once.
        if ((!in.query.status.isEmpty() && !filter->status.include.isEmpty())
            || (!in.query.destination.isEmpty() && !filter->destination.include.isEmpty()))
            return fail(Error::invalid(QStringLiteral("inbox list: say the status and the destination once, "
                                                      "in QUERY or with --status and --destination")));
        if (!in.query.status.isEmpty())
            filter->status.include << in.query.status;
        if (!in.query.destination.isEmpty())
            filter->destination.include << in.query.destination;
        in.listed = std::move(*filter);
    }
    auto who = args.nonEmpty(label, reviewer);
    if (!who)
        return fail(who.error());
    in.reviewer = *who;
    if (sub == QLatin1String("refuse") && !args.has(reason))
        return fail(Error::invalid(QStringLiteral("inbox refuse: --reason CODE is required (accepted: %1)")
                                       .arg(InboxService::refusalCodes().join(QStringLiteral(", ")))));
    auto code = args.choice(label, reason, InboxService::refusalCodes());
    if (!code)
        return fail(code.error());
    in.reason = *code;
    if (sub == QLatin1String("resolve")
        && args.flag(QStringLiteral("--keep-file")) == args.flag(QStringLiteral("--restore")))
        return fail(Error::invalid(QStringLiteral("inbox resolve: say --keep-file or --restore")));
    if (sub == QLatin1String("patch") && !args.has(file))
        return fail(
            Error::invalid(QStringLiteral("inbox patch: --file F is required (the edited op as JSON, '-' for stdin)")));
    if (!listing && !walking) {
        auto id = args.id(label, 1, QStringLiteral("inbox item"));
        if (!id)
            return fail(id.error());
        in.id = *id;
    }
    if (sub == QLatin1String("patch")) {
        auto edited = readJsonInput(args.value(file), label, QStringLiteral("the edited op"));
        if (!edited)
            return fail(edited.error());
        in.edited = std::move(*edited);
    }
    if (args.has(QStringLiteral("--make-room"))) {
        auto doc = readJsonInput(args.value(QStringLiteral("--make-room")), label, QStringLiteral("the room"));
        if (!doc)
            return fail(doc.error());
        auto room = MemoryRoom::fromJson(*doc);
        if (!room)
            return fail(room.error());
        in.room = std::move(*room);
    }
    return in;
}

int runInbox(Context& ctx)
{
    auto args = ctx.parse({QStringLiteral("--status"), QStringLiteral("--destination"), QStringLiteral("--reason"),
                           QStringLiteral("--text"), QStringLiteral("--file"), QStringLiteral("--reviewer"),
                           QStringLiteral("--make-room"), QStringLiteral("--now")},
                          {QStringLiteral("--keep-file"), QStringLiteral("--restore")});
    if (!args)
        return ctx.error(args.error());
    const QString sub = args->positional(0);
    if (args->flag(QStringLiteral("--help"))) {
        ctx.outRaw(kUsage.toStdString());
        return 0;
    }
    static const QStringList known{
        QStringLiteral("list"),     QStringLiteral("show"),          QStringLiteral("approve"),
        QStringLiteral("refuse"),   QStringLiteral("patch"),         QStringLiteral("revert"),
        QStringLiteral("unrefuse"), QStringLiteral("refresh-stale"), QStringLiteral("resolve"),
        QStringLiteral("next"),     QStringLiteral("release"),       QStringLiteral("approve-group"),
        QStringLiteral("keep")};
    if (auto named = args->subcommand(QStringLiteral("inbox"), QStringLiteral("action"), known); !named)
        return ctx.error(named.error());
    auto checked = checkArgs(*args, sub);
    if (!checked)
        return ctx.error(checked.error());
    const Checked& in = *checked;

    auto opened = openWithClock(ctx, *args);
    if (!opened)
        return ctx.error(opened.error());
    Workspace& ws = *opened->workspace;
    const Clock& clock = *opened->clock;
    // Proposals `propose` filed since the last inbox command join inbox_items first, so that
    // every subcommand sees them as the items they are (schema 5).
    if (auto folded = InboxStaging(ws.db()).foldAll(); !folded)
        return ctx.error(folded.error());
    InboxService service(ws, clock);
    // On a team's server the reviewer is the database role: nobody decides in another's name.
    if (ws.db().isServer() && !in.reviewer.isEmpty() && in.reviewer != ws.reviewer())
        return ctx.usageError(QStringLiteral("inbox %1: on a team's server you decide as your database role (%2); "
                                             "--reviewer cannot name another")
                                  .arg(sub, ws.reviewer()));
    const QString reviewer = in.reviewer.isEmpty() ? ws.reviewer() : in.reviewer;

    if (sub == QLatin1String("list"))
        return list(ctx, *args, ws, service, clock, in.query, in.listed);
    if (sub == QLatin1String("show"))
        return show(ctx, *args, ws, service, clock, in.id);
    if (sub == QLatin1String("next"))
        return next(ctx, *args, ws, service, clock, reviewer, in.walk);
    if (sub == QLatin1String("release")) {
        if (auto it = service.item(in.id); !it) // an id that names nothing is a mistake, not "no claim"
            return ctx.error(it.error());
        auto released = InboxWalk(ws, clock).release(in.id, reviewer);
        if (!released)
            return ctx.error(released.error());
        if (args->flag(QStringLiteral("--json")))
            ctx.printJson(Json{{"id", in.id}, {"released", *released}});
        else if (*released)
            ctx.out(QStringLiteral("Inbox item %1 released: another reviewer may take it.").arg(in.id));
        else
            ctx.out(QStringLiteral("Inbox item %1: %2 held no claim on it.").arg(in.id).arg(reviewer));
        return 0;
    }
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

    if (sub == QLatin1String("approve-group") || sub == QLatin1String("keep")) {
        const bool approving = sub == QLatin1String("approve-group");
        auto decidedAll = approving ? service.approveGroup(in.id, reviewer) : service.keepOnly(in.id, reviewer);
        if (!decidedAll)
            return ctx.error(decidedAll.error());
        if (args->flag(QStringLiteral("--json"))) {
            Json out = Json::array();
            for (const InboxItem& it : *decidedAll)
                out.push_back(InboxItemView::toJson(ws, it, false));
            ctx.printJson(out);
            return 0;
        }
        for (const InboxItem& it : *decidedAll)
            ctx.out(QStringLiteral("Inbox item %1 %2: %3")
                        .arg(it.id)
                        .arg(approving ? QStringLiteral("applied") : QStringLiteral("refused"),
                             it.reason.value_or(QString())));
        return 0;
    }

    Result<InboxItem> decided;
    QString done;
    if (sub == QLatin1String("approve") && in.room) {
        decided = service.makeRoom(in.id, *in.room, reviewer);
        done = QStringLiteral("applied with room made");
    } else if (sub == QLatin1String("approve")) {
        decided = service.approve(in.id, reviewer);
        done = !decided                                    ? QString()
               : decided->hasStatus(InboxStatus::Pending)  ? QStringLiteral("approved, still pending")
               : decided->hasStatus(InboxStatus::Approved) ? QStringLiteral("approved")
                                                           : QStringLiteral("applied");
    } else if (sub == QLatin1String("refuse")) {
        decided = service.refuse(in.id, in.reason, args->value(QStringLiteral("--text")), reviewer);
        done = QStringLiteral("refused");
    } else if (sub == QLatin1String("patch")) {
        decided = service.patch(in.id, in.edited, reviewer);
        done = decided && decided->hasStatus(InboxStatus::Approved) ? QStringLiteral("patched")
                                                                    : QStringLiteral("patched and applied");
    } else if (sub == QLatin1String("resolve")) {
        const bool keep = args->flag(QStringLiteral("--keep-file"));
        decided = AttentionResolver(ws, clock).resolve(
            in.id, keep ? AttentionResolver::Choice::KeepFile : AttentionResolver::Choice::Restore, reviewer);
        done = keep ? QStringLiteral("resolved (file kept)") : QStringLiteral("resolved (file restored)");
    } else if (sub == QLatin1String("unrefuse")) {
        decided = service.undoRefusal(in.id, reviewer);
        done = QStringLiteral("is pending again (refusal undone)");
    } else {
        decided = service.revert(in.id, reviewer);
        done = QStringLiteral("reverted");
    }
    if (!decided)
        return ctx.error(decided.error());
    return report(ctx, *args, ws, *decided, done);
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
