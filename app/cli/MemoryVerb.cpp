// `sediment memory`: the §2 memory store on the command line. `memory apply -` is a drop-in
// backend for an agent's memory tool, so its stdout is exactly the tool's result object.
#include "cli/Context.h"
#include "cli/Verb.h"
#include "memory/MemoryFile.h"
#include "memory/MemoryRequest.h"
#include "memory/MemoryResponse.h"
#include "memory/MemoryStore.h"
#include "memory/UnicodeText.h"
#include "store/AuditRepository.h"
#include "store/Database.h"
#include "util/Clock.h"

namespace sediment::cli {

namespace {

const QStringList kTargets{QStringLiteral("memory"), QStringLiteral("user")};

MemoryStore storeFor(Workspace& ws, const QString& target)
{
    return MemoryStore(target, ws.memoryFile(target), ws.charLimit(target));
}

QString actor()
{
    const QString user = qEnvironmentVariable("USER");
    return QStringLiteral("cli:") + (user.isEmpty() ? QStringLiteral("unknown") : user);
}

// The entries an operation took away and the ones it brought, for the audit row.
std::optional<QString> onlyIn(const QStringList& a, const QStringList& b)
{
    QStringList out;
    for (const QString& e : a)
        if (!b.contains(e))
            out << e;
    if (out.isEmpty())
        return std::nullopt;
    return MemoryFile::join(out);
}

// Applies under one database transaction: the audit row is written just before the file is
// replaced and committed just after, under the store's lock, so the log and the store never
// disagree. The commit comes between the rename and the folder sync: with SyncEachCommit its
// WAL sync also makes the rename durable (one filesystem journal commit for both), and a
// failed commit puts the old file back.
Result<MemoryOutcome> applyAudited(Workspace& ws, const MemoryRequest& request, const Json& details)
{
    auto tx = ws.db().begin();
    if (!tx)
        return fail(tx.error());
    const SystemClock clock;
    AuditRepository audit(ws.db(), clock);
    const auto record = [&](const MemoryOutcome& o) -> Status {
        const QStringList before = MemoryFile::parseText(o.fileBefore);
        const QStringList after = MemoryFile::parseText(o.fileAfter);
        AuditEntry e;
        e.actor = actor();
        e.action = QStringLiteral("memory.") + request.op.action;
        e.subjectType = QStringLiteral("memory");
        e.subjectId = request.target;
        e.before = onlyIn(before, after);
        e.after = onlyIn(after, before);
        e.details = details;
        if (auto a = audit.append(std::move(e)); !a)
            return fail(a.error());
        return {};
    };
    const auto commit = [&]() -> Status { return tx->commit(); };
    return storeFor(ws, request.target).apply(request.op, record, commit);
}

// Runs one request and prints its answer: the result object with --json (and for apply),
// else the message and the usage line. Exit 0 done, 1 refused by the store, 2 bad request.
int runRequest(Context& ctx, const MemoryRequest::Parsed& parsed, const Json& details, bool asJson)
{
    if (parsed.malformed)
        return ctx.error(*parsed.error);
    if (!parsed.request) {
        if (!asJson)
            return ctx.error(*parsed.error);
        ctx.printJson(MemoryResponse::failure(parsed.error->message));
        return parsed.error->exitCode();
    }
    auto ws = ctx.workspace(Database::SyncMode::SyncEachCommit);
    if (!ws)
        return ctx.error(ws.error());
    auto outcome = applyAudited(**ws, *parsed.request, details);
    if (!outcome)
        return ctx.error(outcome.error());
    if (asJson) {
        ctx.printJson(outcome->result);
    } else if (outcome->success) {
        ctx.out(outcome->message);
        ctx.out(QStringLiteral("%1: %2, %3 entries")
                    .arg(parsed.request->target, qs(outcome->result.value("usage", std::string())))
                    .arg(outcome->result.value("entry_count", 0)));
    } else {
        ctx.error(Error::refused(outcome->message));
    }
    return outcome->success ? 0 : 1;
}

int runApply(Context& ctx, const Args& args)
{
    if (args.positional().size() > 2)
        return ctx.usageError(QStringLiteral("memory apply: takes one input (a file or -)"));
    auto input = readInput(args.positional(1));
    if (!input)
        return ctx.error(input.error());
    const std::string text = input->toStdString();
    const auto parsed = MemoryRequest::parseText(text);
    const Json details = parsed.malformed ? Json() : Json::parse(text, nullptr, false);
    return runRequest(ctx, parsed, details, true);
}

int runEdit(Context& ctx, const Args& args, const QString& action)
{
    if (args.positional().size() > 1)
        return ctx.usageError(QStringLiteral("memory %1: unexpected argument '%2'")
                                  .arg(action, args.positional(1)));
    Json request = Json::object();
    request["action"] = us(action);
    request["target"] = us(args.value(QStringLiteral("--target"), QStringLiteral("memory")));
    if (args.has(QStringLiteral("--content")))
        request["content"] = us(args.value(QStringLiteral("--content")));
    if (args.has(QStringLiteral("--old-text")))
        request["old_text"] = us(args.value(QStringLiteral("--old-text")));
    return runRequest(ctx, MemoryRequest::parseText(request.dump()), request,
                      args.flag(QStringLiteral("--json")));
}

void printStore(Context& ctx, const QString& target, const Json& shown)
{
    ctx.out(QStringLiteral("%1: %2, %3 entries")
                .arg(target, qs(shown.value("usage", std::string())))
                .arg(shown.value("entry_count", 0)));
    int n = 0;
    for (const auto& entry : shown["entries"]) {
        QString text = UnicodeText::fromUtf8(entry.get<std::string>());
        text.replace(QLatin1Char('\n'), QStringLiteral("\n     "));
        ctx.out(QStringLiteral("%1. %2").arg(++n, 3).arg(text));
    }
}

int runShow(Context& ctx, const Args& args)
{
    if (args.positional().size() > 1)
        return ctx.usageError(
            QStringLiteral("memory show: unexpected argument '%1'").arg(args.positional(1)));
    QStringList targets = kTargets;
    if (args.has(QStringLiteral("--target"))) {
        const QString t = args.value(QStringLiteral("--target"));
        if (!kTargets.contains(t))
            return ctx.usageError(QStringLiteral("Invalid target '%1'. Use 'memory' or 'user'.").arg(t));
        targets = {t};
    }
    auto ws = ctx.workspace(Database::SyncMode::SyncEachCommit);
    if (!ws)
        return ctx.error(ws.error());
    const bool asJson = args.flag(QStringLiteral("--json"));
    const bool snapshot = args.flag(QStringLiteral("--snapshot"));
    Json all = Json::object();
    QStringList blocks;
    for (const QString& t : targets) {
        const MemoryStore store = storeFor(**ws, t);
        if (snapshot) {
            auto block = store.snapshot();
            if (!block)
                return ctx.error(block.error());
            all[us(t)] = us(*block);
            if (!block->isEmpty())
                blocks << *block;
            continue;
        }
        auto shown = store.show();
        if (!shown)
            return ctx.error(shown.error());
        all[us(t)] = *shown;
        if (!asJson) {
            if (t != targets.first())
                ctx.out(QString());
            printStore(ctx, t, *shown);
        }
    }
    if (asJson)
        ctx.printJson(targets.size() == 1 && !snapshot ? all[us(targets.first())] : all);
    else if (snapshot && !blocks.isEmpty())
        ctx.out(blocks.join(QStringLiteral("\n\n")));
    return 0;
}

int runMemory(Context& ctx)
{
    auto args = ctx.parse({QStringLiteral("--target"), QStringLiteral("--content"),
                           QStringLiteral("--old-text")},
                          {QStringLiteral("--snapshot")});
    if (!args)
        return ctx.error(args.error());
    const QString sub = args->positional(0);
    const QString target = QStringLiteral("--target");
    const QString content = QStringLiteral("--content");
    const QString oldText = QStringLiteral("--old-text");
    static const QMap<QString, QStringList> options{
        {QStringLiteral("apply"), {}},
        {QStringLiteral("add"), {target, content}},
        {QStringLiteral("replace"), {target, oldText, content}},
        {QStringLiteral("remove"), {target, oldText}},
        {QStringLiteral("show"), {target, QStringLiteral("--snapshot")}},
    };
    if (options.contains(sub)) {
        if (auto ok = args->only(QStringLiteral("memory ") + sub, options.value(sub)); !ok)
            return ctx.error(ok.error());
    }
    if (sub == QLatin1String("apply"))
        return runApply(ctx, *args);
    if (sub == QLatin1String("add") || sub == QLatin1String("replace")
        || sub == QLatin1String("remove"))
        return runEdit(ctx, *args, sub);
    if (sub == QLatin1String("show"))
        return runShow(ctx, *args);
    return ctx.usageError(sub.isEmpty()
                              ? QStringLiteral("memory: which command? (accepted: %1)")
                                    .arg(options.keys().join(QStringLiteral(", ")))
                              : QStringLiteral("memory: unknown command '%1' (accepted: %2)")
                                    .arg(sub, options.keys().join(QStringLiteral(", "))));
}

const VerbRegistration registration({
    QStringLiteral("memory"),
    QStringLiteral("read and change the bounded memory stores (MEMORY.md, USER.md)"),
    QStringLiteral(
        "Usage: sediment memory apply [-|FILE]\n"
        "       sediment memory add --target T --content S [--json]\n"
        "       sediment memory replace --target T --old-text S --content S [--json]\n"
        "       sediment memory remove --target T --old-text S [--json]\n"
        "       sediment memory show [--target T] [--snapshot] [--json]\n\n"
        "The two bounded stores of the workspace: 'memory' (memories/MEMORY.md) and 'user'\n"
        "(memories/USER.md), byte-compatible with Hermes' memory tool.\n\n"
        "apply reads one request {\"action\",\"target\",\"content\",\"old_text\"} (or a batch\n"
        "{\"action\":\"batch\",\"target\",\"operations\":[...]}) as JSON and prints the tool's result\n"
        "object. add/replace/remove do the same from flags; show lists the entries, or with\n"
        "--snapshot the block the agent sees at its next session start.\n\n"
        "Every change takes the store's lock, writes atomically and is recorded in the audit log.\n"
        "Exit codes: 0 done, 1 refused by the store (over budget, no match, blocked content),\n"
        "2 bad request, 3 workspace or I/O error.\n"),
    &runMemory,
});

} // namespace

} // namespace sediment::cli
