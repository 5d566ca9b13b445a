#include "cli/Clock.h"
#include "cli/Context.h"
#include "cli/Verb.h"

#include "claudecode/ClaudeCodeStager.h"
#include "claudecode/ClaudeHookCall.h"
#include "claudecode/ClaudeWatchedPaths.h"
#include "workspace/Config.h"

#include <QDir>
#include <QFileInfo>

#include <cstdio>

namespace sediment::cli {

namespace {

const QString kUsage =
    QStringLiteral("Usage: sediment claude-code hook\n\n"
                   "Claude Code's PreToolUse hook: puts Claude Code's writes to its own memory and directives\n"
                   "in the inbox instead of letting them through. It reads the hook's JSON object on standard\n"
                   "input. A Write, Edit or MultiEdit of a watched file is staged as a pending inbox item\n"
                   "(agent claude-code, its session id, cwd and tool_use_id kept in its source) and denied\n"
                   "with a reason Claude Code shows the model:\n"
                   "  {\"hookSpecificOutput\": {\"hookEventName\": \"PreToolUse\", \"permissionDecision\": \"deny\",\n"
                   "   \"permissionDecisionReason\": \"Staged for human review in Sediment as inbox item #N; it\n"
                   "   is written when approved. Do not retry it.\"}}\n"
                   "Approving the item writes exactly what the tool would have written. Any other call (other\n"
                   "tools, files that are not watched) gets no output. The same write staged twice is one item\n"
                   "seen twice; a write a reviewer refused before is denied again at once.\n\n"
                   "Watched files, destination claude_memory: everything in ~/.claude/projects/<project>/memory/,\n"
                   "and in the autoMemoryDirectory of ~/.claude/settings.json or the project's\n"
                   ".claude/settings.local.json. Destination claude_md: CLAUDE.md, .claude/CLAUDE.md,\n"
                   "CLAUDE.local.md and .claude/rules/**.md in the session's folder and every folder above it,\n"
                   "~/.claude/CLAUDE.md and ~/.claude/rules/**.md. Approval writes a file only if it is still\n"
                   "one of these once symlinks are resolved.\n\n"
                   "When the workspace cannot be used, a watched write is denied with the reason (fail closed),\n"
                   "unless sediment.json sets \"claude_code\": {\"fail_open\": true}: then it gets no output and\n"
                   "Claude Code writes it unreviewed.\n"
                   "See docs/verbs.md#claude-code.\n\n"
                   "Options:\n"
                   "  --now T   the time to record (ISO-8601), for reproducible runs\n\n"
                   "Exit codes: 0 answered (denied, or let through); 1 standard input is not the hook's JSON\n"
                   "object (one line on stderr; Claude Code then runs the tool).\n");

// The one answer the hook gives: deny, with the reason Claude Code shows the model.
int deny(Context& ctx, const QString& reason)
{
    Json answer = Json::object();
    answer["hookSpecificOutput"] = Json::object();
    answer["hookSpecificOutput"]["hookEventName"] = "PreToolUse";
    answer["hookSpecificOutput"]["permissionDecision"] = "deny";
    answer["hookSpecificOutput"]["permissionDecisionReason"] = toStd(reason);
    ctx.printJson(answer);
    return 0;
}

int badInput(const QString& message)
{
    QString line = QStringLiteral("sediment: claude-code hook: ") + message;
    line.replace(QLatin1Char('\n'), QLatin1Char(' '));
    std::fputs((line + QLatin1Char('\n')).toUtf8().constData(), stderr);
    return 1;
}

// The workspace could not take the write: denied with the reason, unless the workspace's
// configuration opts out (fail_open), read on its own since the workspace did not open.
int unusable(Context& ctx, const Error& e)
{
    auto config = Config::load(ctx.workspaceDir() + QStringLiteral("/sediment.json"));
    if (config && config->claudeCodeFailOpen)
        return 0;
    return deny(ctx, QStringLiteral("Sediment could not stage this write for human review (%1), so it is "
                                    "not written. Ask the user to check Sediment's workspace.")
                         .arg(e.message));
}

int runHook(Context& ctx, const Args& args)
{
    auto clock = clockFromArgs(args);
    if (!clock)
        return ctx.error(clock.error());
    auto input = readInput(QStringLiteral("-"));
    if (!input)
        return badInput(input.error().message);
    auto call = ClaudeHookCall::parse(*input);
    if (!call)
        return badInput(call.error().message);
    if (!call->isFileWrite())
        return 0;
    const QString filePath = call->filePath();
    const QString cwd = QFileInfo(call->cwd).isAbsolute() ? call->cwd : QFileInfo(filePath).absolutePath();
    const QString home = QDir::homePath();
    const auto kind = ClaudeWatchedPaths(home, cwd).classify(filePath);
    if (!kind)
        return 0;
    auto ws = ctx.workspace(Database::SyncMode::SyncEachCommit);
    if (!ws)
        return unusable(ctx, ws.error());
    auto staged = ClaudeCodeStager(**ws, **clock, home).stage(*call, *kind);
    if (!staged) {
        if (staged.error().kind != ErrorKind::Invalid)
            return unusable(ctx, staged.error());
        return deny(ctx, QStringLiteral("Sediment cannot stage this write for human review (%1), so it is not "
                                        "written.")
                             .arg(staged.error().message));
    }
    if (staged->refused)
        return deny(ctx, QStringLiteral("A reviewer already refused this same write in Sediment (inbox item #%1: "
                                        "%2); it is not written. Do not retry it.")
                             .arg(staged->id)
                             .arg(*staged->refused));
    return deny(ctx, QStringLiteral("Staged for human review in Sediment as inbox item #%1; it is written when "
                                    "approved. Do not retry it.")
                         .arg(staged->id));
}

int runClaudeCode(Context& ctx)
{
    auto args = ctx.parse({QStringLiteral("--now")});
    if (!args)
        return ctx.error(args.error());
    const auto named =
        args->subcommand(QStringLiteral("claude-code"), QStringLiteral("command"), {QStringLiteral("hook")});
    if (!named)
        return ctx.error(named.error());
    if (auto ok = args->atMost(QStringLiteral("claude-code ") + *named, 0, 1); !ok)
        return ctx.error(ok.error());
    return runHook(ctx, *args);
}

const VerbRegistration registration({
    QStringLiteral("claude-code"),
    QStringLiteral("stage Claude Code's memory and directive writes for review (its hook)"),
    kUsage,
    &runClaudeCode,
});

} // namespace

} // namespace sediment::cli
