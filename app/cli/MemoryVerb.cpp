// `sediment memory`: the memory store (docs/user-guide.md#memory) on the command line. `memory apply -` is a drop-in
// backend for an agent's memory tool, so its stdout is exactly the tool's result object.
#include "audit/Actor.h"
#include "cli/Context.h"
#include "cli/Verb.h"
#include "memory/MemoryFile.h"
#include "memory/MemoryRequest.h"
#include "memory/MemoryResponse.h"
#include "memory/MemoryService.h"
#include "memory/MemoryStore.h"
#include "memory/UnicodeText.h"
#include "model/Destination.h"
#include "store/Database.h"
#include "util/Clock.h"
#include "util/JsonDepth.h"
#include "workspace/HermesConfig.h"

namespace sediment::cli {

namespace {

const QStringList kTargets{toString(Destination::Memory), toString(Destination::User)};

MemoryStore storeFor(Workspace& ws, const QString& target)
{
    return MemoryStore(target, ws.memoryFile(target), ws.charLimit(target));
}

// Which stores take writes, from a Hermes home's config.yaml (both, when there is none).
MemoryRequest::Enabled enabledStores(Workspace& ws)
{
    const HermesConfig config = HermesConfig::load(ws.path(QStringLiteral("config.yaml")));
    return {config.memoryEnabled, config.userProfileEnabled};
}

// Runs one request and prints its answer: the result object with --json (and for apply),
// else the message and the usage line. Exit 0 done, 1 refused by the store, 2 bad request.
int runRequest(Context& ctx, const Json& details, bool asJson)
{
    if (details.is_discarded())
        return ctx.error(Error::invalid(QStringLiteral("the memory request is not valid JSON")));
    if (!details.is_object())
        return ctx.error(Error::invalid(QStringLiteral("the memory request must be a JSON object")));
    auto ws = ctx.workspace(Database::SyncMode::SyncEachCommit);
    if (!ws)
        return ctx.error(ws.error());
    const auto parsed = MemoryRequest::parse(details, enabledStores(**ws));
    if (parsed.answer || parsed.error) {
        const Json answer = parsed.answer ? *parsed.answer : MemoryResponse::toolError(parsed.error->message);
        const int code = parsed.disabled ? 1 : 2;
        if (asJson)
            ctx.outRaw(MemoryResponse::print(answer, parsed.asciiOnly) + '\n');
        else
            ctx.error(Error::invalid(fromStd(answer.value("error", std::string()))));
        return code;
    }
    const SystemClock clock;
    auto outcome =
        MemoryService(**ws, clock).apply(parsed.request->target, parsed.request->op, Actor::cli(**ws), details);
    if (!outcome)
        return ctx.error(outcome.error());
    if (asJson) {
        ctx.printJson(outcome->result);
    } else if (outcome->success) {
        ctx.out(outcome->message);
        ctx.out(QStringLiteral("%1: %2, %3 entries")
                    .arg(parsed.request->target, fromStd(outcome->result.value("usage", std::string())))
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
    Json request;
    try {
        request = json::parseShallow(input->toStdString(), false);
    } catch (const json::TooDeep&) { // nesting that would exhaust the parser's stack
        request = Json(Json::value_t::discarded);
    }
    return runRequest(ctx, request, true);
}

int runEdit(Context& ctx, const Args& args, const QString& action)
{
    if (args.positional().size() > 1)
        return ctx.usageError(QStringLiteral("memory %1: unexpected argument '%2'").arg(action, args.positional(1)));
    Json request = Json::object();
    request["action"] = toStd(action);
    request["target"] = toStd(args.value(QStringLiteral("--target"), toString(Destination::Memory)));
    if (args.has(QStringLiteral("--content")))
        request["content"] = toStd(args.value(QStringLiteral("--content")));
    if (args.has(QStringLiteral("--old-text")))
        request["old_text"] = toStd(args.value(QStringLiteral("--old-text")));
    return runRequest(ctx, request, args.flag(QStringLiteral("--json")));
}

void printStore(Context& ctx, const QString& target, const Json& shown)
{
    ctx.out(QStringLiteral("%1: %2, %3 entries")
                .arg(target, fromStd(shown.value("usage", std::string())))
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
        return ctx.usageError(QStringLiteral("memory show: unexpected argument '%1'").arg(args.positional(1)));
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
            all[toStd(t)] = toStd(*block);
            if (!block->isEmpty())
                blocks << *block;
            continue;
        }
        auto shown = store.show();
        if (!shown)
            return ctx.error(shown.error());
        all[toStd(t)] = *shown;
        if (!asJson) {
            if (t != targets.first())
                ctx.out(QString());
            printStore(ctx, t, *shown);
        }
    }
    if (asJson)
        ctx.printJson(targets.size() == 1 && !snapshot ? all[toStd(targets.first())] : all);
    else if (snapshot && !blocks.isEmpty())
        ctx.out(blocks.join(QStringLiteral("\n\n")));
    return 0;
}

int runMemory(Context& ctx)
{
    auto args = ctx.parse({QStringLiteral("--target"), QStringLiteral("--content"), QStringLiteral("--old-text")},
                          {QStringLiteral("--snapshot")});
    if (!args)
        return ctx.error(args.error());
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
    const auto named = args->subcommand(QStringLiteral("memory"), QStringLiteral("command"), options.keys());
    if (!named)
        return ctx.error(named.error());
    const QString& sub = *named;
    if (auto ok = args->only(QStringLiteral("memory ") + sub, options.value(sub)); !ok)
        return ctx.error(ok.error());
    if (sub == QLatin1String("apply"))
        return runApply(ctx, *args);
    if (sub == QLatin1String("add") || sub == QLatin1String("replace") || sub == QLatin1String("remove"))
        return runEdit(ctx, *args, sub);
    return runShow(ctx, *args);
}

const VerbRegistration registration({
    QStringLiteral("memory"),
    QStringLiteral("read and change the bounded memory stores (MEMORY.md, USER.md)"),
    QStringLiteral("Usage: sediment memory apply [-|FILE]\n"
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
