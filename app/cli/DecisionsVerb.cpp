#include "audit/Actor.h"
#include "cli/Context.h"
#include "cli/SubVerb.h"
#include "cli/Verb.h"
#include "cli/VerbOptions.h"

#include "decisions/AutoReviewer.h"
#include "decisions/CalibrationSnapshots.h"
#include "decisions/DecisionBook.h"
#include "decisions/EscalationList.h"
#include "store/DecisionRepository.h"

namespace sediment::cli {

namespace {

const QString kUsage =
    QStringLiteral("Usage: sediment decisions import [FILE|-] [--now ISO] [--json]\n"
                   "       sediment decisions list [--outcome O|reviewed] [--category C] [--stakes S] [--json]\n"
                   "       sediment decisions show ID [--json]\n"
                   "       sediment decisions review ID --outcome O [--result TEXT] [--reviewer R]\n"
                   "                                    [--superseded-by ID] [--now ISO] [--json]\n"
                   "       sediment decisions calibration [--json]\n"
                   "       sediment decisions snapshot [--now ISO] [--json]\n"
                   "       sediment decisions snapshots [--json]\n"
                   "       sediment decisions auto-review [--signal-cmd CMD] [--dry-run] [--now ISO] [--json]\n"
                   "       sediment decisions escalation [--now ISO] [--json]\n\n"
                   "Decisions an agent made, their outcomes, and how well its confidence was calibrated.\n"
                   "import reads JSON Lines: description, context, pattern, confidence, category\n"
                   "(architecture|process|tooling|security|integration), stakes (low|medium|high|critical),\n"
                   "outcome (pending|success|partial|failure|noise|superseded), outcome_text (or result),\n"
                   "reviewer, reviewed_at, superseded_by, created_at, session, id. A snapshot of the\n"
                   "calibration is taken after every 10 new reviews. auto-review sets an outcome only on an\n"
                   "objective signal of confidence >= 0.7 (reviewer auto). escalation lists unreviewed high or\n"
                   "critical decisions older than 14 days.\n"
                   "See docs/user-guide.md#decisions.\n");

Result<qint64> idArg(const Args& a, const QString& label)
{
    if (auto ok = a.atMost(label, 1); !ok)
        return fail(ok.error());
    return a.id(label, 0, QStringLiteral("decision"));
}

QString line(const Decision& d)
{
    return QStringLiteral("#%1 [%2/%3] conf %4 %5: %6")
        .arg(d.id)
        .arg(d.category, d.stakes)
        .arg(d.confidence, 0, 'g', 3)
        .arg(d.outcome, d.description);
}

QString optNum(const std::optional<double>& v) { return v ? QString::number(*v, 'f', 4) : QStringLiteral("n/a"); }

int runImport(Context& ctx, const QStringList& argv)
{
    auto a = VerbOptions::parse(ctx, argv, {QStringLiteral("--now")}, {}, QStringLiteral("decisions import"));
    if (!a)
        return ctx.error(a.error());
    if (auto ok = a->atMost(1); !ok)
        return ctx.error(ok.error());
    auto clock = a->clock();
    if (!clock)
        return ctx.error(clock.error());
    auto input = readInput((*a)->positional(0));
    if (!input)
        return ctx.error(input.error());
    auto ws = ctx.workspace();
    if (!ws)
        return ctx.error(ws.error());
    auto out = DecisionBook((*ws)->db(), **clock, VerbOptions::actorOf(**ws)).importLines(*input);
    if (!out)
        return ctx.error(out.error());
    printOne(ctx, a->json(), out->toJson(), [&] {
        return QStringLiteral("imported %1 decision(s) (%2 reviewed), skipped %3 already known%4")
            .arg(out->imported)
            .arg(out->reviewed)
            .arg(out->skipped)
            .arg(out->snapshotId ? QStringLiteral("; calibration snapshot %1 taken").arg(*out->snapshotId) : QString());
    });
    return 0;
}

int runList(Context& ctx, const QStringList& argv)
{
    auto a = VerbOptions::parseWithoutOperands(
        ctx, argv, {QStringLiteral("--outcome"), QStringLiteral("--category"), QStringLiteral("--stakes")}, {},
        QStringLiteral("decisions list"));
    if (!a)
        return ctx.error(a.error());
    auto outcome =
        a->choice(QStringLiteral("--outcome"), Decision::outcomes() + QStringList{QStringLiteral("reviewed")});
    if (!outcome)
        return ctx.error(outcome.error());
    auto category = a->choice(QStringLiteral("--category"), Decision::categories());
    if (!category)
        return ctx.error(category.error());
    auto stakes = a->choice(QStringLiteral("--stakes"), Decision::stakesLevels());
    if (!stakes)
        return ctx.error(stakes.error());
    DecisionRepository::Filter f;
    f.outcome = *outcome;
    f.category = *category;
    f.stakes = *stakes;
    auto ws = ctx.workspace();
    if (!ws)
        return ctx.error(ws.error());
    auto rows = DecisionRepository((*ws)->db()).list(f, DecisionRepository::Order::Oldest);
    if (!rows)
        return ctx.error(rows.error());
    printRows(
        ctx, a->json(), *rows, [](const Decision& d) { return d.toJson(); }, line, QStringLiteral("no decisions"));
    return 0;
}

int runShow(Context& ctx, const QStringList& argv)
{
    auto a = VerbOptions::parse(ctx, argv, {}, {}, QStringLiteral("decisions show"));
    if (!a)
        return ctx.error(a.error());
    auto id = idArg(a->args(), QStringLiteral("decisions show"));
    if (!id)
        return ctx.error(id.error());
    auto ws = ctx.workspace();
    if (!ws)
        return ctx.error(ws.error());
    auto d = DecisionRepository((*ws)->db()).get(*id);
    if (!d)
        return ctx.error(d.error());
    if (!*d)
        return ctx.usageError(QStringLiteral("no decision %1").arg(*id));
    if (a->json())
        ctx.printJson((*d)->toJson());
    else
        ctx.outRaw(QString::fromStdString(json::pythonDump((*d)->toJson()) + "\n").toStdString());
    return 0;
}

int runReview(Context& ctx, const QStringList& argv)
{
    auto a = VerbOptions::parse(ctx, argv,
                                {QStringLiteral("--outcome"), QStringLiteral("--result"), QStringLiteral("--reviewer"),
                                 QStringLiteral("--superseded-by"), QStringLiteral("--now")},
                                {}, QStringLiteral("decisions review"));
    if (!a)
        return ctx.error(a.error());
    auto id = idArg(a->args(), QStringLiteral("decisions review"));
    if (!id)
        return ctx.error(id.error());
    if (!(*a)->has(QStringLiteral("--outcome")))
        return ctx.usageError(QStringLiteral("decisions review: --outcome is required (accepted: %1)")
                                  .arg(Decision::outcomes().join(QStringLiteral(", "))));
    if (auto outcome = a->choice(QStringLiteral("--outcome"), Decision::outcomes()); !outcome)
        return ctx.error(outcome.error());
    auto reviewerName = a->nonEmpty(QStringLiteral("--reviewer"));
    if (!reviewerName)
        return ctx.error(reviewerName.error());
    auto clock = a->clock();
    if (!clock)
        return ctx.error(clock.error());
    DecisionBook::Review r;
    r.id = *id;
    r.outcome = (*a)->value(QStringLiteral("--outcome"));
    if ((*a)->has(QStringLiteral("--result")))
        r.text = (*a)->value(QStringLiteral("--result"));
    if ((*a)->has(QStringLiteral("--superseded-by"))) {
        bool ok = false;
        const QString by = (*a)->value(QStringLiteral("--superseded-by"));
        r.supersededBy = by.toLongLong(&ok);
        if (!ok || *r.supersededBy <= 0)
            return ctx.usageError(QStringLiteral("decisions review: --superseded-by '%1' is not a valid decision id "
                                                 "(accepted: a whole number >= 1)")
                                      .arg(by));
    }
    auto ws = ctx.workspace();
    if (!ws)
        return ctx.error(ws.error());
    r.reviewer = (*a)->value(QStringLiteral("--reviewer"), (*ws)->reviewer());
    const QString actor = Actor::reviewing(r.reviewer);
    auto out = DecisionBook((*ws)->db(), **clock, actor).review(r);
    if (!out)
        return ctx.error(out.error());
    printOne(ctx, a->json(), out->toJson(), [&] {
        return QStringLiteral("decision %1: %2 → %3 (reviewer %4)%5")
            .arg(out->decision.id)
            .arg(out->previous, out->decision.outcome, r.reviewer,
                 out->snapshotId ? QStringLiteral("; calibration snapshot %1 taken").arg(*out->snapshotId) : QString());
    });
    return 0;
}

int runCalibration(Context& ctx, const QStringList& argv)
{
    return VerbOptions::runWithoutOperands(
        ctx, argv, {}, {}, QStringLiteral("decisions calibration"),
        [&](VerbOptions& a, const VerbOptions::Session& session) {
            auto f = CalibrationSnapshots(session.workspace->db(), *session.clock).current();
            if (!f)
                return ctx.error(f.error());
            if (a.json()) {
                ctx.printJson(f->toJson());
                return 0;
            }
            ctx.out(QStringLiteral("reviewed %1  Brier %2  accuracy %3  ECE %4")
                        .arg(f->reviewed)
                        .arg(optNum(f->brier), optNum(f->accuracy), optNum(f->ece)));
            if (!f->reason.isEmpty())
                ctx.out(f->reason);
            for (const auto& b : f->bins)
                ctx.out(QStringLiteral("  bin %1 [%2, %3]: %4 decision(s), mean confidence %5, observed %6")
                            .arg(b.bin)
                            .arg(Calibration::edges()[size_t(b.bin)], 0, 'f', 1)
                            .arg(Calibration::edges()[size_t(b.bin) + 1], 0, 'f', 1)
                            .arg(b.count)
                            .arg(b.meanConfidence, 0, 'f', 3)
                            .arg(b.observed, 0, 'f', 3));
            for (const auto& [cat, c] : f->byCategory)
                ctx.out(QStringLiteral("  %1: %2 decision(s), Brier %3, accuracy %4")
                            .arg(Decision::categories().at(cat))
                            .arg(c.count)
                            .arg(c.brier, 0, 'f', 4)
                            .arg(c.accuracy, 0, 'f', 4));
            return 0;
        });
}

int runSnapshot(Context& ctx, const QStringList& argv)
{
    return VerbOptions::runWithoutOperands(
        ctx, argv, {QStringLiteral("--now")}, {}, QStringLiteral("decisions snapshot"),
        [&](VerbOptions& a, const VerbOptions::Session& session) {
            Workspace& ws = *session.workspace;
            auto id = CalibrationSnapshots(ws.db(), *session.clock).take(session.actor);
            if (!id)
                return ctx.error(id.error());
            auto all = DecisionRepository(ws.db()).snapshots();
            if (!all)
                return ctx.error(all.error());
            for (const auto& s : *all) {
                if (s.id != *id)
                    continue;
                printOne(ctx, a.json(), s.toJson(), [&] {
                    return QStringLiteral("snapshot %1 at %2: reviewed %3, Brier %4, ECE %5")
                        .arg(s.id)
                        .arg(s.at)
                        .arg(s.reviewed)
                        .arg(optNum(s.brier), optNum(s.ece));
                });
            }
            return 0;
        });
}

int runSnapshots(Context& ctx, const QStringList& argv)
{
    return VerbOptions::runWithoutOperands(ctx, argv, {}, {}, QStringLiteral("decisions snapshots"),
                                           [&](VerbOptions& a, const VerbOptions::Session& session) {
                                               auto all = DecisionRepository(session.workspace->db()).snapshots();
                                               if (!all)
                                                   return ctx.error(all.error());
                                               printRows(
                                                   ctx, a.json(), *all,
                                                   [](const DecisionRepository::Snapshot& s) { return s.toJson(); },
                                                   [](const DecisionRepository::Snapshot& s) {
                                                       return QStringLiteral("%1  %2  reviewed %3  Brier %4  ECE %5")
                                                           .arg(s.id)
                                                           .arg(s.at)
                                                           .arg(s.reviewed)
                                                           .arg(optNum(s.brier), optNum(s.ece));
                                                   },
                                                   QStringLiteral("no snapshots"));
                                               return 0;
                                           });
}

int runAutoReview(Context& ctx, const QStringList& argv)
{
    return VerbOptions::runWithoutOperands(
        ctx, argv, {QStringLiteral("--signal-cmd"), QStringLiteral("--now")}, {QStringLiteral("--dry-run")},
        QStringLiteral("decisions auto-review"), [&](VerbOptions& a, const VerbOptions::Session& session) {
            AutoReviewer reviewer(session.workspace->db(), *session.clock, session.workspace->root());
            if (a->has(QStringLiteral("--signal-cmd")))
                reviewer.setSignalCommand(a->value(QStringLiteral("--signal-cmd")));
            auto report = reviewer.run(a->flag(QStringLiteral("--dry-run")));
            if (!report)
                return ctx.error(report.error());
            if (a.json()) {
                ctx.printJson(report->toJson());
                return 0;
            }
            ctx.out(QStringLiteral("checked %1 unreviewed decision(s)").arg(report->checked));
            for (const auto& f : report->findings)
                ctx.out(QStringLiteral("  #%1 %2 (%3, confidence %4)%5: %6")
                            .arg(f.decisionId)
                            .arg(f.outcome, f.signal)
                            .arg(f.confidence)
                            .arg(f.applied ? QString() : QStringLiteral(" not applied"), f.explanation));
            return 0;
        });
}

int runEscalation(Context& ctx, const QStringList& argv)
{
    return VerbOptions::runWithoutOperands(
        ctx, argv, {QStringLiteral("--now")}, {}, QStringLiteral("decisions escalation"),
        [&](VerbOptions& a, const VerbOptions::Session& session) {
            auto list = EscalationList::compute(session.workspace->db(), *session.clock);
            if (!list)
                return ctx.error(list.error());
            printRows(
                ctx, a.json(), *list, [](const Decision& d) { return d.toJson(); },
                [](const Decision& d) -> QString { return line(d) + QStringLiteral(" (made %1)").arg(d.createdAt); },
                QStringLiteral("nothing to escalate"));
            return 0;
        });
}

int run(Context& ctx)
{
    static constexpr SubVerb kSubVerbs[] = {
        {"import", runImport},
        {"list", runList},
        {"show", runShow},
        {"review", runReview},
        {"calibration", runCalibration},
        {"snapshot", runSnapshot},
        {"snapshots", runSnapshots},
        {"auto-review", runAutoReview},
        {"escalation", runEscalation},
    };
    return runSubVerb(ctx, QStringLiteral("decisions"), kSubVerbs);
}

const VerbRegistration registration({
    QStringLiteral("decisions"),
    QStringLiteral("import and review decisions; calibration, snapshots, escalation"),
    kUsage,
    &run,
});

} // namespace

} // namespace sediment::cli
