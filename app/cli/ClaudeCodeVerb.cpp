#include "cli/Context.h"
#include "cli/NowOption.h"
#include "cli/Verb.h"

#include "agent/AgentHomes.h"
#include "claudecode/ClaudeCodeStager.h"
#include "claudecode/ClaudeHookCall.h"
#include "claudecode/ClaudeSettingsHook.h"
#include "claudecode/ClaudeWatchedPaths.h"
#include "workspace/Config.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <cstdio>

namespace sediment::cli {

namespace {

const QString kUsage =
    QStringLiteral("Usage: sediment claude-code hook [--now T]\n"
                   "       sediment claude-code install [--user | --project DIR] [--json]\n"
                   "       sediment claude-code uninstall [--user | --project DIR] [--json]\n"
                   "       sediment claude-code status [--json]\n\n"
                   "hook is Claude Code's PreToolUse hook: it puts Claude Code's writes to its own memory and\n"
                   "directives in the inbox instead of letting them through. It reads the hook's JSON object on\n"
                   "standard input. A Write, Edit or MultiEdit of a watched file is staged as a pending inbox item\n"
                   "(agent claude-code, its session id, cwd and tool_use_id kept in its source) and denied with a\n"
                   "reason Claude Code shows the model:\n"
                   "  {\"hookSpecificOutput\": {\"hookEventName\": \"PreToolUse\", \"permissionDecision\": \"deny\",\n"
                   "   \"permissionDecisionReason\": \"Staged for human review in Sediment as inbox item #N; it\n"
                   "   is written when approved. Do not retry it.\"}}\n"
                   "Approving the item writes exactly what the tool would have written. Any other call (other\n"
                   "tools, files that are not watched) gets no output. The same write staged twice is one item\n"
                   "seen twice, whichever session and folder asked for it; a write a reviewer refused before is\n"
                   "denied again at once.\n\n"
                   "Watched files, destination claude_memory: everything in ~/.claude/projects/<project>/memory/,\n"
                   "and in the autoMemoryDirectory of ~/.claude/settings.json or the project's\n"
                   ".claude/settings.local.json. Destination claude_md: CLAUDE.md, .claude/CLAUDE.md,\n"
                   "CLAUDE.local.md and .claude/rules/**.md in the session's folder, every folder above it and\n"
                   "every folder of its project (its git root), ~/.claude/CLAUDE.md and ~/.claude/rules/**.md.\n"
                   "A link to one of these is a write to it. Approval writes a file only if it is still one of\n"
                   "these once symlinks are resolved, and writes that file, leaving the link a link.\n\n"
                   "When the workspace cannot be used, a watched write is denied with the reason (fail closed),\n"
                   "unless sediment.json sets \"claude_code\": {\"fail_open\": true}: then it gets no output and\n"
                   "Claude Code writes it unreviewed.\n\n"
                   "install merges the hook into a Claude Code settings.json: the user's (~/.claude/settings.json,\n"
                   "--user, the default) or a project's (DIR/.claude/settings.json, --project DIR). It adds one\n"
                   "PreToolUse entry, matcher \"Write|Edit|MultiEdit\", running 'sediment claude-code hook' with\n"
                   "this sediment named by its absolute path (a hook Claude Code cannot start lets the write\n"
                   "through) and --workspace and the workspace's absolute path when one was given; every other key\n"
                   "is kept, a second install changes nothing, one from another sediment or workspace replaces\n"
                   "Sediment's hook in its place, and the old file is kept as settings.json.sediment-backup.\n"
                   "uninstall takes out only Sediment's hooks, however sediment was named in them. status says\n"
                   "whether the hook is in the user's settings, and lists each project with an auto-memory folder\n"
                   "(its files, pending items and the oldest one's age in seconds) and the pending directive\n"
                   "writes.\n"
                   "See docs/verbs.md#claude-code.\n\n"
                   "Options:\n"
                   "  --now T          the time to record (ISO-8601), for reproducible runs\n"
                   "  --user           install in or uninstall from ~/.claude/settings.json (the default)\n"
                   "  --project DIR    install in or uninstall from DIR/.claude/settings.json\n"
                   "  --json           print the outcome as JSON (install, uninstall, status)\n\n"
                   "Exit codes: hook: 0 answered (denied, or let through); 1 standard input is not the hook's\n"
                   "JSON object (one line on stderr; Claude Code then runs the tool). The others: 0 done, 2 bad\n"
                   "usage or a settings.json that is not a JSON object or whose \"hooks\" are not shaped as Claude\n"
                   "Code expects (nothing changed), 3 I/O.\n");

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

Result<QString> settingsFile(const Args& args)
{
    if (args.flag(QStringLiteral("--user")) && args.has(QStringLiteral("--project")))
        return fail(Error::invalid(QStringLiteral("--user and --project exclude each other")));
    if (args.has(QStringLiteral("--project"))) {
        const QString dir = args.value(QStringLiteral("--project"));
        if (!QFileInfo(dir).isDir())
            return fail(Error::invalid(QStringLiteral("--project: '%1' is not a folder").arg(dir)));
        return QFileInfo(dir).absoluteFilePath() + QStringLiteral("/.claude/settings.json");
    }
    return QDir::homePath() + QStringLiteral("/.claude/settings.json");
}

// What Claude Code runs, through a shell: this program by its absolute path, since a hook that
// cannot start (not on the PATH Claude Code was started with) is a non-blocking error to Claude
// Code, which then writes unreviewed. The workspace is named only when it was chosen on the
// command line, so that otherwise the environment's choice applies when the hook runs; named by
// its absolute path, as Claude Code runs its hooks from the project's folder, not from where
// install was run.
QString hookCommand(const Context& ctx)
{
    const QString self = QCoreApplication::applicationFilePath();
    const QString program = self.isEmpty() ? QStringLiteral("sediment")
                                           : ClaudeSettingsHook::shellQuoted(QFileInfo(self).absoluteFilePath());
    const QString chosen = QFileInfo(ctx.workspaceDir()).absoluteFilePath();
    if (chosen == QFileInfo(Workspace::select(QString())).absoluteFilePath())
        return program + QStringLiteral(" claude-code hook");
    return program + QStringLiteral(" --workspace %1 claude-code hook").arg(ClaudeSettingsHook::shellQuoted(chosen));
}

int runSettings(Context& ctx, const Args& args, bool install)
{
    auto file = settingsFile(args);
    if (!file)
        return ctx.error(file.error());
    auto done = install ? ClaudeSettingsHook::install(*file, hookCommand(ctx)) : ClaudeSettingsHook::uninstall(*file);
    if (!done)
        return ctx.error(done.error());
    if (args.flag(QStringLiteral("--json"))) {
        ctx.printJson(Json{{"settings", toStd(done->file)},
                           {"changed", done->changed},
                           {"backup", done->backup.isEmpty() ? Json(nullptr) : Json(toStd(done->backup))}});
        return 0;
    }
    if (!done->changed)
        ctx.out(install ? QStringLiteral("The hook is already in %1; nothing changed.").arg(done->file)
                        : QStringLiteral("No Sediment hook in %1; nothing changed.").arg(done->file));
    else
        ctx.out((install ? QStringLiteral("Hook added to %1").arg(done->file)
                         : QStringLiteral("Hook removed from %1").arg(done->file))
                + (done->backup.isEmpty() ? QStringLiteral(".")
                                          : QStringLiteral(" (the old file is %1).").arg(done->backup)));
    return 0;
}

int runStatus(Context& ctx, const Args& args)
{
    auto clock = clockFromArgs(args);
    if (!clock)
        return ctx.error(clock.error());
    auto ws = ctx.workspace();
    if (!ws)
        return ctx.error(ws.error());
    // Through the agent port, as any agent's status is read.
    const AgentHome* home = (*ws)->agents().find(QStringLiteral("claude_code"));
    if (!home)
        return ctx.error(Error::invalid(QStringLiteral("the Claude Code adapter is not plugged into this workspace")));
    auto status = home->status(**ws, **clock);
    if (!status)
        return ctx.error(status.error());
    if (args.flag(QStringLiteral("--json"))) {
        ctx.printJson(*status);
        return 0;
    }
    const Json& s = *status;
    ctx.out(QStringLiteral("Hook in ~/.claude/settings.json: %1")
                .arg(s["hook_installed_for_user"] == true ? QStringLiteral("yes") : QStringLiteral("no")));
    for (const Json& p : s["projects"])
        ctx.out(QStringLiteral("%1: %2 files, %3 pending")
                    .arg(fromStd(p.value("project", std::string())))
                    .arg(p.value("files", 0))
                    .arg(p.value("pending", 0)));
    ctx.out(QStringLiteral("Directive writes pending: %1").arg(s["directives"].value("pending", 0)));
    return 0;
}

int runClaudeCode(Context& ctx)
{
    auto args = ctx.parse({QStringLiteral("--now"), QStringLiteral("--project")}, {QStringLiteral("--user")});
    if (!args)
        return ctx.error(args.error());
    const auto named = args->subcommand(
        QStringLiteral("claude-code"), QStringLiteral("command"),
        {QStringLiteral("hook"), QStringLiteral("install"), QStringLiteral("uninstall"), QStringLiteral("status")});
    if (!named)
        return ctx.error(named.error());
    if (auto ok = args->atMost(QStringLiteral("claude-code ") + *named, 0, 1); !ok)
        return ctx.error(ok.error());
    if (*named == QLatin1String("install") || *named == QLatin1String("uninstall"))
        return runSettings(ctx, *args, *named == QLatin1String("install"));
    if (*named == QLatin1String("status"))
        return runStatus(ctx, *args);
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
