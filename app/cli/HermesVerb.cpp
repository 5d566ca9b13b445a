#include "audit/Actor.h"
#include "cli/Context.h"
#include "cli/NowOption.h"
#include "cli/Verb.h"

#include "hermes/HermesQueueStatus.h"
#include "hermes/PendingQueue.h"
#include "hermes/StagedOrigin.h"
#include "hermes/StagedSkillWrite.h"
#include "inbox/MemoryWritePlan.h"
#include "model/Destination.h"
#include "store/HermesRepository.h"
#include "store/InboxRepository.h"
#include "workspace/Config.h"
#include "workspace/HermesConfig.h"
#include "workspace/WorkspaceProfiles.h"

namespace sediment::cli {

namespace {

const QString kUsage =
    QStringLiteral("Usage: sediment hermes import-pending [--json]\n"
                   "       sediment hermes list [--json]\n"
                   "       sediment hermes status [--json]\n\n"
                   "Works through a Hermes home's staged write-approval queue. With\n"
                   "memory.write_approval on, Hermes parks each memory write as pending/memory/<id>.json;\n"
                   "with skills.write_approval on, each skill write as pending/skills/<id>.json.\n"
                   "A Hermes root's named profiles (profiles/<name>/) each have their own queue; every\n"
                   "command covers them all, and each decision writes only its own profile's files.\n"
                   "See docs/verbs.md#hermes.\n\n"
                   "  import-pending  imports every staged file into the inbox (once per Hermes id), removes\n"
                   "                  the files of items already decided, and lists the files it cannot parse\n"
                   "                  (they stay where they are); a memory provider plugin's own records\n"
                   "                  (e.g. Mnemosyne's remember/update/forget/invalidate) are named and left\n"
                   "                  for their plugin, never applied to MEMORY.md/USER.md nor removed\n"
                   "  list            the staged writes waiting in the inbox: origin, summary, every operation\n"
                   "                  and the net effect on the store's budget\n"
                   "  status          the limits in force and where they come from, the config.yaml problems,\n"
                   "                  the queue's figures, and per profile and subsystem how many writes wait\n"
                   "                  and how long the oldest has waited (`profiles`, ages in seconds): the\n"
                   "                  staged files not imported yet and the failed ones count; it imports\n"
                   "                  nothing\n\n"
                   "Decide with 'sediment inbox approve ID' / 'sediment inbox refuse ID --reason CODE': an\n"
                   "approval applies the write as Hermes would (a memory write under the memory flock, a\n"
                   "skill write as skill_manage) and then removes the staged file. Before writing it\n"
                   "claims the file (renames it to <id>.json.sediment-<hex>, out of Hermes' listing), so\n"
                   "Hermes or another workspace cannot apply it too; a failed write gives it back. A\n"
                   "file gone before the claim withdraws the item; a claim of another's beside it\n"
                   "(<id>.json.claim, <id>.lock, ...) holds the approval until it is gone.\n\n"
                   "Options:\n"
                   "  --now T   the time stamped on imports and settlements (ISO-8601)\n"
                   "  --json    machine output\n\n"
                   "Exit codes: 0 done, 2 bad usage, 3 workspace or I/O error.\n");

void printWarnings(const Context& ctx, const Workspace& ws, bool json)
{
    if (json)
        return; // in the JSON output instead
    for (const QString& w : ws.warnings())
        ctx.warn(w);
}

Json warningsJson(const Workspace& ws)
{
    Json a = Json::array();
    for (const QString& w : ws.warnings())
        a.push_back(toStd(w));
    return a;
}

int importPending(Context& ctx, const Args& args, Workspace& ws, const Clock& clock)
{
    auto report = PendingQueue(ws, clock).importAll(Actor::cli(ws));
    if (!report)
        return ctx.error(report.error());
    const bool json = args.flag(QStringLiteral("--json"));
    printWarnings(ctx, ws, json);
    if (json) {
        Json j = report->toJson();
        j["warnings"] = warningsJson(ws);
        ctx.printJson(j);
        return 0;
    }
    for (const auto& w : report->imported)
        ctx.out(QStringLiteral("imported %1 as inbox item %2 (%3 %4, %5): %6")
                    .arg(HermesRepository::keyOf(w.hermesId, w.profile))
                    .arg(w.inboxId)
                    .arg(w.action, w.target, w.origin, w.summary.section(QLatin1Char('\n'), 0, 0)));
    for (const auto& s : report->settled)
        ctx.out(QStringLiteral("settled %1 (inbox item %2 %3): staged file %4")
                    .arg(HermesRepository::keyOf(s.hermesId, s.profile))
                    .arg(s.inboxId)
                    .arg(s.inboxStatus, s.fileRemoved             ? QStringLiteral("removed")
                                        : s.keptBecause.isEmpty() ? QStringLiteral("already gone")
                                                                  : QStringLiteral("kept: ") + s.keptBecause));
    for (const auto& w : report->withdrawn)
        ctx.out(QStringLiteral("withdrew inbox item %1: the staged file of %2 disappeared")
                    .arg(w.inboxId)
                    .arg(HermesRepository::keyOf(w.hermesId, w.profile)));
    for (const auto& p : report->unparseable)
        ctx.out(QStringLiteral("cannot use %1pending/%2/%3: %4 (left in place)")
                    .arg(WorkspaceProfiles::prefixOf(p.profile), p.subsystem, p.fileName, p.error));
    for (const auto& p : report->providerRecords)
        ctx.out(p.line(WorkspaceProfiles::prefixOf(p.profile)));
    QString tally = QStringLiteral("%1 imported, %2 waiting for a decision, %3 settled, %4 unusable")
                        .arg(report->imported.size())
                        .arg(report->waiting.size())
                        .arg(report->settled.size())
                        .arg(report->unparseable.size());
    if (!report->providerRecords.empty())
        tally += QStringLiteral(", %1 provider records left for their plugin").arg(report->providerRecords.size());
    ctx.out(tally);
    return 0;
}

// An operation of a plan as `list` shows it: the op's own fields, without the null ones.
Json operationJson(const MemoryWritePlan::Step& step)
{
    Json j = {{"action", toStd(step.action)}};
    if (step.content)
        j["content"] = toStd(*step.content);
    if (step.oldText)
        j["old_text"] = toStd(*step.oldText);
    return j;
}

QString operationLine(const MemoryWritePlan::Step& step)
{
    QString line = QStringLiteral("    ") + step.action;
    if (step.oldText)
        line += QStringLiteral(" '%1'").arg(*step.oldText);
    if (step.content)
        line += (step.action == QLatin1String("replace") ? QStringLiteral(" → ") : QStringLiteral(" ")) + *step.content;
    return line;
}

// Every operation and the budget come from MemoryWritePlan, as in the desktop's detail pane,
// so the two cannot disagree on what a staged write would do.
int list(Context& ctx, const Args& args, Workspace& ws, const Clock& clock)
{
    HermesRepository hermes(ws.db());
    auto records = hermes.unsettled();
    if (!records)
        return ctx.error(records.error());
    InboxRepository inbox(ws.db());
    const bool json = args.flag(QStringLiteral("--json"));
    printWarnings(ctx, ws, json);
    Json out = Json::array();
    for (const auto& r : *records) {
        auto found = inbox.find(r.inboxId);
        if (!found)
            return ctx.error(found.error());
        if (!*found)
            continue;
        const InboxItem& it = **found;
        auto plan = MemoryWritePlan::forItem(ws, it);
        // One profile's unreadable store hides neither the queue nor its own item: the item is
        // listed without a plan and says why; approving it fails with Hermes' refusal.
        QString storeError;
        if (!plan && plan.error().kind == ErrorKind::Io) {
            storeError = plan.error().message;
            plan = std::optional<MemoryWritePlan>();
        }
        if (!plan)
            return ctx.error(plan.error());
        Json operations = Json::array();
        if (*plan)
            for (const MemoryWritePlan::Step& step : (*plan)->steps)
                operations.push_back(operationJson(step));
        Json j = {{"hermes_id", toStd(r.hermesId)},
                  {"profile", toStd(r.profile)},
                  {"inbox_id", it.id},
                  {"status", toStd(it.status)},
                  {"target", toStd(it.destination)},
                  {"origin", it.source.value("origin", Json(nullptr))},
                  {"summary", it.source.value("summary", Json(nullptr))},
                  {"operations", std::move(operations)},
                  {"budget", *plan ? (*plan)->budget.toJson() : Json(nullptr)}};
        if (!storeError.isEmpty())
            j["store_error"] = toStd(storeError);
        if (!json) {
            // A memory write is told by its effect on the budget, a skill write by Hermes' gist
            // of its payload as it stands (a patch may have edited it).
            const QString tail = *plan                   ? (*plan)->budget.text()
                                 : !storeError.isEmpty() ? storeError
                                 : it.goesTo(Destination::Skill) && StagedSkillWrite::isPayload(it.op)
                                     ? StagedSkillWrite::gist(it.op)
                                     : QString();
            ctx.out(QStringLiteral("#%1 %2 [%3] %4 %5 — %6")
                        .arg(it.id)
                        .arg(r.hermesId, it.status, it.destination, fromStd(it.source.value("origin", std::string())),
                             tail));
            // A consolidation is staged even with the gate off: its summary says what it merges.
            if (const auto staged = StagedOrigin::of(it.source); staged && staged->isBackgroundReview())
                ctx.out(QStringLiteral("    Hermes summary: %1").arg(staged->summary));
            if (*plan)
                for (const MemoryWritePlan::Step& step : (*plan)->steps)
                    ctx.out(operationLine(step));
        }
        out.push_back(std::move(j));
    }
    if (json) {
        ctx.printJson(out);
        return 0;
    }
    if (out.empty())
        ctx.out(QStringLiteral("no staged Hermes write is waiting for a decision"));
    // A plugin's records sit in the same folder; named here so nobody mistakes them for lost writes.
    auto scanned = PendingQueue(ws, clock).scan();
    if (!scanned)
        return ctx.error(scanned.error());
    for (const auto& f : *scanned)
        if (f.provider)
            ctx.out(f.provider->line(WorkspaceProfiles::prefixOf(f.profile)));
    return 0;
}

int status(Context& ctx, const Args& args, Workspace& ws, const Clock& clock)
{
    auto own = Config::load(ws.path(QStringLiteral("sediment.json")));
    if (!own)
        return ctx.error(own.error());
    const HermesConfig yaml = HermesConfig::load(ws.path(QStringLiteral("config.yaml")));
    const auto sourceOf = [&](const std::optional<int>& mine, const std::optional<int>& theirs) {
        return mine ? "sediment.json" : theirs ? "config.yaml" : "default";
    };
    auto scanned = PendingQueue(ws, clock).scan();
    if (!scanned)
        return ctx.error(scanned.error());
    int unusable = 0;
    Json providers = Json::array();
    QStringList providerLines;
    for (const auto& f : *scanned) {
        if (f.provider) {
            providers.push_back(f.provider->toJson());
            providerLines << f.provider->line(WorkspaceProfiles::prefixOf(f.profile));
        }
        unusable += f.write || f.provider ? 0 : 1;
    }
    auto records = HermesRepository(ws.db()).all();
    if (!records)
        return ctx.error(records.error());
    QMap<QString, int> byState;
    for (const auto& r : *records)
        ++byState[r.state];
    Json states = Json::object();
    for (const char* s : {"imported", "applied", "refused", "withdrawn"})
        states[s] = byState.value(QLatin1String(s));

    Json j = {{"memory_char_limit", ws.charLimit(toString(Destination::Memory))},
              {"memory_char_limit_from", sourceOf(own->memoryCharLimit, yaml.memoryCharLimit)},
              {"user_char_limit", ws.charLimit(toString(Destination::User))},
              {"user_char_limit_from", sourceOf(own->userCharLimit, yaml.userCharLimit)},
              {"write_approval", orNull(yaml.writeApproval)},
              {"skills_write_approval", orNull(yaml.skillsWriteApproval)},
              {"warnings", warningsJson(ws)},
              {"staged_files", int(scanned->size())},
              {"unparseable_files", unusable},
              {"provider_records", providers},
              {"records", states}};
    auto queue = HermesQueueStatus::read(ws, clock, *scanned);
    if (!queue)
        return ctx.error(queue.error());
    j.update(queue->toJson());
    if (args.flag(QStringLiteral("--json"))) {
        ctx.printJson(j);
        return 0;
    }
    printWarnings(ctx, ws, false);
    ctx.out(QStringLiteral("memory limit: %1 chars (%2)")
                .arg(ws.charLimit(toString(Destination::Memory)))
                .arg(QLatin1String(sourceOf(own->memoryCharLimit, yaml.memoryCharLimit))));
    ctx.out(QStringLiteral("user limit: %1 chars (%2)")
                .arg(ws.charLimit(toString(Destination::User)))
                .arg(QLatin1String(sourceOf(own->userCharLimit, yaml.userCharLimit))));
    const auto gate = [](const std::optional<bool>& on) {
        return on ? (*on ? QStringLiteral("on") : QStringLiteral("off")) : QStringLiteral("unset");
    };
    ctx.out(QStringLiteral("write_approval: %1").arg(gate(yaml.writeApproval)));
    ctx.out(QStringLiteral("skills.write_approval: %1").arg(gate(yaml.skillsWriteApproval)));
    if (providers.empty())
        ctx.out(QStringLiteral("staged files: %1 (%2 unusable)").arg(scanned->size()).arg(unusable));
    else
        ctx.out(QStringLiteral("staged files: %1 (%2 unusable, %3 provider records left for their plugin)")
                    .arg(scanned->size())
                    .arg(unusable)
                    .arg(providers.size()));
    for (const QString& line : providerLines)
        ctx.out(line);
    ctx.out(QStringLiteral("imported: %1 waiting, %2 applied, %3 refused, %4 withdrawn")
                .arg(byState.value(QStringLiteral("imported")))
                .arg(byState.value(QStringLiteral("applied")))
                .arg(byState.value(QStringLiteral("refused")))
                .arg(byState.value(QStringLiteral("withdrawn"))));
    for (const QString& line : queue->lines())
        ctx.out(line);
    return 0;
}

int runHermes(Context& ctx)
{
    auto args = ctx.parse({QStringLiteral("--now")});
    if (!args)
        return ctx.error(args.error());
    if (args->flag(QStringLiteral("--help"))) {
        ctx.outRaw(kUsage.toStdString());
        return 0;
    }
    const auto named =
        args->subcommand(QStringLiteral("hermes"), QStringLiteral("command"),
                         {QStringLiteral("import-pending"), QStringLiteral("list"), QStringLiteral("status")});
    if (!named)
        return ctx.error(named.error());
    const QString& sub = *named;
    if (auto ok = args->atMost(QStringLiteral("hermes ") + sub, 0, 1); !ok)
        return ctx.error(ok.error());
    auto opened = openWithClock(ctx, *args);
    if (!opened)
        return ctx.error(opened.error());
    Workspace& ws = *opened->workspace;
    const Clock& clock = *opened->clock;
    if (sub == QLatin1String("import-pending"))
        return importPending(ctx, *args, ws, clock);
    if (sub == QLatin1String("list"))
        return list(ctx, *args, ws, clock);
    return status(ctx, *args, ws, clock);
}

const VerbRegistration registration({
    QStringLiteral("hermes"),
    QStringLiteral("import and settle a Hermes home's staged memory and skill writes"),
    kUsage,
    &runHermes,
});

} // namespace

} // namespace sediment::cli
