// `sediment skills ...`: the skill records, their telemetry, pins, restore, the curator pass
// and the Hermes .usage.json import (docs/user-guide.md#skills).
#include "audit/Actor.h"
#include "cli/Context.h"
#include "cli/NowOption.h"
#include "cli/Verb.h"
#include "cli/VerbOptions.h"
#include "model/SkillState.h"
#include "skills/Curator.h"
#include "skills/SkillService.h"
#include "store/SkillRepository.h"
#include "util/Time.h"

#include <memory>

namespace sediment::cli {

namespace {

const QString kUsage =
    QStringLiteral("Usage: sediment skills list [--state S] [--created-by C] [--json]\n"
                   "       sediment skills use|view|patch NAME [--now T] [--json]\n"
                   "       sediment skills pin|unpin|restore NAME [--now T] [--json]\n"
                   "       sediment skills curate [--dry-run] [--now T] [--json]\n"
                   "       sediment skills import-hermes [FILE] [--now T] [--json]\n\n"
                   "Skills are agent-made procedures under skills/<name>/SKILL.md. Sediment keeps their record\n"
                   "(created_by, pinned, state, use/view/patch counts and times) and runs Hermes' curator rules:\n"
                   "only agent-created, unpinned skills move; no activity for stale_after_days (30) marks a\n"
                   "skill stale, for archive_after_days (90) archives it to skills/.archive/<name>; a never-used\n"
                   "skill younger than the stale window is left alone; nothing is deleted, restore is manual.\n"
                   "On a Hermes home (a workspace with skills/.usage.json or config.yaml) the pass is Hermes'\n"
                   "curator: config.yaml's curator.stale_after_days and curator.archive_after_days (14 and 30\n"
                   "days when unset, 30 and 90 when not a number; sediment.json overrides), the skills on disk\n"
                   "marked as the agent's, bundled skills too while curator.prune_builtins is on (seeded the\n"
                   "first time they are seen), never hub skills, the built-in plan or a skill any cron job\n"
                   "names. .usage.json is read afresh before each pass and written back as Hermes writes it;\n"
                   "skills/.curator_ledger.jsonl, where it exists, gets a line for every pin, unpin, restore\n"
                   "and transition.\n\n"
                   "  list           the records (--json: an array of the records' fields, times in UTC)\n"
                   "  use|view|patch record one use, view or patch (creates the record on first sight)\n"
                   "  pin|unpin      a pinned skill is never transitioned by the curator\n"
                   "  restore        move an archived skill back to skills/<name> and make it active\n"
                   "  curate         one curator pass; --dry-run shows the same plan and writes nothing\n"
                   "  import-hermes  read a Hermes home's skills/.usage.json (default: this workspace's) and\n"
                   "                 link it: pins, restores and curator transitions are written back to it\n\n"
                   "Options:\n"
                   "  --now T        the clock, ISO-8601 (without offset means UTC); default: now\n"
                   "  --dry-run      curate: plan only\n"
                   "  --state S      list: active, stale or archived\n"
                   "  --created-by C list: agent, user, bundled or hub\n"
                   "  --json         machine-readable output\n");

QString humanTime(const std::optional<QDateTime>& t) { return t ? time::toIso(*t) : QStringLiteral("-"); }

int list(Context& ctx, const Args& args, Workspace& ws)
{
    SkillRepository::ListQuery q;
    q.state = args.value(QStringLiteral("--state"));
    q.createdBy = args.value(QStringLiteral("--created-by"));
    SkillRepository repo(ws.db());
    auto names = repo.names(q);
    if (!names)
        return ctx.error(names.error());
    auto skills = repo.fetch(*names);
    if (!skills)
        return ctx.error(skills.error());
    printRows(
        ctx, args.flag(QStringLiteral("--json")), *skills, [](const Skill& s) { return s.toJson(); },
        [](const Skill& s) {
            return QStringLiteral("%1 %2 %3 %4 uses %5 views %6 patches %7 last %8")
                .arg(s.name.leftJustified(28), s.state.leftJustified(8), s.createdBy.leftJustified(7),
                     s.pinned ? QStringLiteral("pinned") : QStringLiteral("      "))
                .arg(s.useCount)
                .arg(s.viewCount)
                .arg(s.patchCount)
                .arg(humanTime(s.lastActivity()));
        },
        QStringLiteral("no skills"));
    return 0;
}

void warnWriteBack(const Context& ctx, const std::optional<QString>& error)
{
    if (error)
        ctx.warn(QStringLiteral("the database changed but .usage.json was not updated: ") + *error);
}

int change(Context& ctx, const Args& args, const Result<SkillService::Change>& done)
{
    if (!done)
        return ctx.error(done.error());
    for (const QString& w : done->warnings)
        ctx.warn(w);
    warnWriteBack(ctx, done->writeBackError);
    if (args.flag(QStringLiteral("--json"))) {
        ctx.printJson(
            Json{{"changed", done->changed}, {"message", toStd(done->message)}, {"skill", done->skill.toJson()}});
    } else {
        ctx.out(done->message);
    }
    return 0;
}

int curate(Context& ctx, const Args& args, Workspace& ws, const Clock& clock)
{
    auto report = Curator(ws, clock).run(args.flag(QStringLiteral("--dry-run")));
    if (!report)
        return ctx.error(report.error());
    warnWriteBack(ctx, report->writeBackError);
    // A folder that could not be moved is a failure the caller must see in the exit code too.
    const int code = report->failed > 0 ? 1 : 0;
    // A config.yaml Hermes cannot use changes the thresholds in force: the user is told once.
    if (args.flag(QStringLiteral("--json"))) {
        Json j = report->toJson();
        for (const QString& w : ws.warnings())
            j["warnings"].push_back(toStd(w));
        ctx.printJson(j);
        return code;
    }
    for (const QString& w : ws.warnings())
        ctx.warn(w);
    ctx.out(QStringLiteral("%1curator at %2: checked %3, marked stale %4, archived %5, "
                           "reactivated %6, skipped pinned %7, skipped not agent-created %8, "
                           "failed %9")
                .arg(report->dryRun ? QStringLiteral("dry run: ") : QString(), report->at)
                .arg(report->checked)
                .arg(report->markedStale)
                .arg(report->archived)
                .arg(report->reactivated)
                .arg(report->skippedPinned)
                .arg(report->skippedNotAgent)
                .arg(report->failed));
    if (report->hermes)
        ctx.out(QStringLiteral("  Hermes' rules: stale after %1 days, archive after %2 days; "
                               "seeded %3, skipped as named by a cron job %4")
                    .arg(report->staleAfterDays)
                    .arg(report->archiveAfterDays)
                    .arg(report->seeded)
                    .arg(report->skippedCron));
    for (const QString& w : report->warnings)
        ctx.out(QStringLiteral("  warning: %1").arg(w));
    // One write for the whole plan, each line concatenated: a pass over 100,000 skills plans
    // tens of thousands of steps, and a QString::arg and a write each cost a tenth of the pass.
    std::string lines;
    for (const auto& step : report->plan) {
        QString line = u"  " + step.name + u": " + step.from + u" -> " + step.to + u" (" + step.why + u')';
        if (step.error)
            line += u" FAILED: " + *step.error;
        lines += line.toStdString();
        lines += '\n';
    }
    ctx.outRaw(lines);
    return code;
}

int importHermes(Context& ctx, const Args& args, SkillService& service, Workspace& ws)
{
    auto report = service.importHermes(args.positional(1), Actor::cli(ws));
    if (!report)
        return ctx.error(report.error());
    if (args.flag(QStringLiteral("--json"))) {
        ctx.printJson(report->toJson());
        return 0;
    }
    ctx.out(QStringLiteral("imported %1 new and %2 existing skills from %3; pins, restores and "
                           "curator transitions will be written back to it")
                .arg(report->imported)
                .arg(report->updated)
                .arg(report->file));
    for (const auto& s : report->skipped)
        ctx.out(QStringLiteral("  skipped %1: %2").arg(s.name, s.why));
    return 0;
}

// Every option value and argument of a sub-command, checked before the workspace is opened:
// a mistyped state or skill name is refused, never answered with an empty list or a new record.
Status checkArgs(const Args& args, const QString& sub, bool named)
{
    const QString label = QStringLiteral("skills ") + sub;
    const QString now = QStringLiteral("--now");
    QStringList options{now};
    if (sub == QLatin1String("list"))
        options = {QStringLiteral("--state"), QStringLiteral("--created-by")};
    else if (sub == QLatin1String("curate"))
        options << QStringLiteral("--dry-run");
    if (auto ok = args.only(label, options); !ok)
        return ok;
    if (named && args.positional().size() < 2)
        return fail(Error::invalid(QStringLiteral("%1: missing skill NAME").arg(label)));
    if (auto ok = args.atMost(label, named || sub == QLatin1String("import-hermes") ? 1 : 0, 1); !ok)
        return ok;
    // Telemetry makes a record, so its name is one skill_manage could give; pin, unpin and
    // restore name a skill that exists, which on a Hermes home may be any folder's name.
    const bool telemetry = sub == QLatin1String("use") || sub == QLatin1String("view") || sub == QLatin1String("patch");
    if (named && telemetry && !Skill::isValidName(args.positional(1)))
        return fail(Error::invalid(QStringLiteral("%1: '%2' is not a skill name (accepted: [a-z0-9][a-z0-9._-]{0,63})")
                                       .arg(label, args.positional(1))));
    if (named && !telemetry && !Skill::isHermesName(args.positional(1)))
        return fail(Error::invalid(QStringLiteral("%1: '%2' is not a skill name (it must not be empty, start with '.', "
                                                  "or hold '/', '\\' or a control character)")
                                       .arg(label, args.positional(1))));
    const QStringList& states = wordTexts<SkillState>();
    static const QStringList creators{QStringLiteral("agent"), QStringLiteral("user"), QStringLiteral("bundled"),
                                      QStringLiteral("hub")};
    if (auto ok = args.choice(label, QStringLiteral("--state"), states); !ok)
        return fail(ok.error());
    if (auto ok = args.choice(label, QStringLiteral("--created-by"), creators); !ok)
        return fail(ok.error());
    return {};
}

int runSkills(Context& ctx)
{
    auto args = ctx.parse({QStringLiteral("--now"), QStringLiteral("--state"), QStringLiteral("--created-by")},
                          {QStringLiteral("--dry-run")});
    if (!args)
        return ctx.error(args.error());
    const QString sub = args->positional(0);
    static const QStringList named{QStringLiteral("use"), QStringLiteral("view"),  QStringLiteral("patch"),
                                   QStringLiteral("pin"), QStringLiteral("unpin"), QStringLiteral("restore")};
    const QStringList known =
        named + QStringList{QStringLiteral("list"), QStringLiteral("curate"), QStringLiteral("import-hermes")};
    if (auto named = args->subcommand(QStringLiteral("skills"), QStringLiteral("action"), known); !named)
        return ctx.error(named.error());
    if (auto bad = checkArgs(*args, sub, named.contains(sub)); !bad)
        return ctx.error(bad.error());
    auto opened = openWithClock(ctx, *args);
    if (!opened)
        return ctx.error(opened.error());
    Workspace& workspace = *opened->workspace;
    const Clock& clock = *opened->clock;
    SkillService service(workspace, clock);
    const QString name = args->positional(1);

    if (sub == QLatin1String("list")) {
        // On a Hermes home: what .usage.json says now, and every skill on disk.
        auto synced = service.syncHermes(Actor::cli(workspace));
        if (!synced)
            return ctx.error(synced.error());
        if (*synced)
            for (const QString& w : (*synced)->warnings)
                ctx.warn(w);
        return list(ctx, *args, workspace);
    }
    if (sub == QLatin1String("curate"))
        return curate(ctx, *args, workspace, clock);
    if (sub == QLatin1String("import-hermes"))
        return importHermes(ctx, *args, service, workspace);
    if (sub == QLatin1String("pin") || sub == QLatin1String("unpin"))
        return change(ctx, *args, service.setPinned(name, sub == QLatin1String("pin"), Actor::cli(workspace)));
    if (sub == QLatin1String("restore"))
        return change(ctx, *args, service.restore(name, Actor::cli(workspace)));

    const auto kind = sub == QLatin1String("use")    ? SkillService::Telemetry::Use
                      : sub == QLatin1String("view") ? SkillService::Telemetry::View
                                                     : SkillService::Telemetry::Patch;
    auto recorded = service.record(kind, name);
    if (!recorded)
        return ctx.error(recorded.error());
    if (args->flag(QStringLiteral("--json")))
        ctx.printJson(recorded->toJson());
    else
        ctx.out(QStringLiteral("recorded %1 of %2 (uses %3, views %4, patches %5)")
                    .arg(sub, name)
                    .arg(recorded->useCount)
                    .arg(recorded->viewCount)
                    .arg(recorded->patchCount));
    return 0;
}

const VerbRegistration registration({
    QStringLiteral("skills"),
    QStringLiteral("skill records, telemetry, pins, the curator and the Hermes import"),
    kUsage,
    &runSkills,
});

} // namespace

} // namespace sediment::cli
