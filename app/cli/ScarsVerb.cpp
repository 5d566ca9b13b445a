#include "cli/Context.h"
#include "cli/SubVerb.h"
#include "cli/Verb.h"
#include "cli/VerbOptions.h"

#include "model/ScarKind.h"
#include "scars/ScarBook.h"
#include "scars/ScarRecall.h"
#include "scars/ScarSuggester.h"
#include "store/ScarRepository.h"
#include "util/Time.h"

#include <memory>

namespace sediment::cli {

namespace {

const QString kUsage =
    QStringLiteral("Usage: sediment scars add --kind failure|victory --title T [--lesson L] [--context C]\n"
                   "                          [--importance 0-10] [--not-learnable] [--source S] [--scope S]\n"
                   "                          [--now ISO] [--json]\n"
                   "       sediment scars list [--query Q] [--scope S] [--kind K] [--min-importance N]\n"
                   "                           [--archived] [--limit N] [--json]\n"
                   "       sediment scars recall QUERY [--scope S] [--k N] [--now ISO] [--json]\n"
                   "       sediment scars suggest [--limit N] [--proposer-cmd CMD] [--now ISO] [--json]\n"
                   "       sediment scars archive-unrecalled --older-than DAYS [--dry-run] [--now ISO] [--json]\n\n"
                   "Scars are lessons learned from failures and victories. recall over-fetches 50\n"
                   "full-text matches and re-ranks them by similarity x (1 + importance/10) x exp(-age/365),\n"
                   "where similarity = bm25 / best bm25 among the candidates (the best match is 1); what it\n"
                   "serves has its recall count bumped. archive-unrecalled archives only scars never recalled.\n"
                   "suggest turns learnable scars into inbox proposals (personal data redacted first).\n"
                   "See docs/user-guide.md#scars.\n");

QString line(const Scar& s)
{
    return QStringLiteral("#%1 [%2 %3/10 %4] %5%6 — recalled %7×")
        .arg(s.id)
        .arg(s.kind)
        .arg(s.importance)
        .arg(s.scope, s.title, s.archived ? QStringLiteral(" (archived)") : QString())
        .arg(s.recallCount);
}

int runAdd(Context& ctx, const QStringList& argv)
{
    auto a = VerbOptions::parseWithoutOperands(ctx, argv,
                                               {QStringLiteral("--kind"), QStringLiteral("--title"),
                                                QStringLiteral("--lesson"), QStringLiteral("--context"),
                                                QStringLiteral("--importance"), QStringLiteral("--source"),
                                                QStringLiteral("--scope"), QStringLiteral("--now")},
                                               {QStringLiteral("--not-learnable")}, QStringLiteral("scars add"));
    if (!a)
        return ctx.error(a.error());
    if (auto kind = a->choice(QStringLiteral("--kind"), wordTexts<ScarKind>()); !kind)
        return ctx.error(kind.error());
    auto clock = a->clock();
    if (!clock)
        return ctx.error(clock.error());
    auto importance = a->integer(QStringLiteral("--importance"), 5, 0, 10);
    if (!importance)
        return ctx.error(importance.error());
    Scar s;
    s.kind = (*a)->value(QStringLiteral("--kind"), toString(ScarKind::Failure));
    s.title = (*a)->value(QStringLiteral("--title"));
    s.lesson = (*a)->value(QStringLiteral("--lesson"));
    s.context = (*a)->value(QStringLiteral("--context"));
    s.importance = *importance;
    s.learnable = !(*a)->flag(QStringLiteral("--not-learnable"));
    if ((*a)->has(QStringLiteral("--source")))
        s.source = (*a)->value(QStringLiteral("--source"));
    s.scope = (*a)->value(QStringLiteral("--scope"), QStringLiteral("general"));
    if (auto v = s.validate(); !v)
        return ctx.error(v.error());
    auto session = a->session(ctx);
    if (!session)
        return ctx.error(session.error());
    auto stored = ScarBook(session->workspace->db(), *session->clock, session->actor).add(s);
    if (!stored)
        return ctx.error(stored.error());
    printOne(ctx, a->json(), stored->toJson(), [&] { return QStringLiteral("scar %1 recorded").arg(stored->id); });
    return 0;
}

int runList(Context& ctx, const QStringList& argv)
{
    auto a = VerbOptions::parse(ctx, argv,
                                {QStringLiteral("--query"), QStringLiteral("--scope"), QStringLiteral("--kind"),
                                 QStringLiteral("--min-importance"), QStringLiteral("--limit")},
                                {QStringLiteral("--archived")}, QStringLiteral("scars list"));
    if (!a)
        return ctx.error(a.error());
    if (auto ok = a->atMost(1); !ok)
        return ctx.error(ok.error());
    ScarRepository::Filter f;
    f.text = (*a)->value(QStringLiteral("--query"), (*a)->positional(0));
    f.scope = (*a)->value(QStringLiteral("--scope"));
    f.kind = (*a)->value(QStringLiteral("--kind"));
    if (auto kind = a->choice(QStringLiteral("--kind"), wordTexts<ScarKind>()); !kind)
        return ctx.error(kind.error());
    auto minImp = a->integer(QStringLiteral("--min-importance"), 0, 0, 10);
    if (!minImp)
        return ctx.error(minImp.error());
    f.minImportance = *minImp;
    f.includeArchived = (*a)->flag(QStringLiteral("--archived"));
    auto limit = a->integer(QStringLiteral("--limit"), -1, 0, 1'000'000'000);
    if (!limit)
        return ctx.error(limit.error());
    auto ws = ctx.workspace();
    if (!ws)
        return ctx.error(ws.error());
    auto rows = ScarRepository((*ws)->db()).list(f, ScarRepository::Order::Newest, *limit);
    if (!rows)
        return ctx.error(rows.error());
    printRows(
        ctx, a->json(), *rows, [](const Scar& s) { return s.toJson(); }, line, QStringLiteral("no scars"));
    return 0;
}

int runRecall(Context& ctx, const QStringList& argv)
{
    auto a = VerbOptions::parse(ctx, argv, {QStringLiteral("--scope"), QStringLiteral("--k"), QStringLiteral("--now")},
                                {}, QStringLiteral("scars recall"));
    if (!a)
        return ctx.error(a.error());
    const QString query = (*a)->positional().join(QLatin1Char(' '));
    if (query.trimmed().isEmpty())
        return ctx.usageError(QStringLiteral("scars recall: a QUERY is required"));
    auto k = a->integer(QStringLiteral("--k"), 5, 1, 1000);
    if (!k)
        return ctx.error(k.error());
    auto session = a->session(ctx);
    if (!session)
        return ctx.error(session.error());
    auto hits =
        ScarRecall(session->workspace->db(), *session->clock).recall(query, (*a)->value(QStringLiteral("--scope")), *k);
    if (!hits)
        return ctx.error(hits.error());
    if (a->json()) {
        Json arr = Json::array();
        for (const auto& h : *hits)
            arr.push_back(h.toJson());
        ctx.printJson(arr);
        return 0;
    }
    if (hits->empty())
        ctx.out(QStringLiteral("no scar matches"));
    for (const auto& h : *hits) {
        ctx.out(QStringLiteral("%1  %2").arg(h.score, 0, 'f', 3).arg(line(h.scar)));
        if (!h.scar.lesson.isEmpty())
            ctx.out(QStringLiteral("       lesson: %1").arg(h.scar.lesson));
        ctx.out(QStringLiteral("       why: %1").arg(h.why()));
    }
    return 0;
}

int runSuggest(Context& ctx, const QStringList& argv)
{
    auto a = VerbOptions::parseWithoutOperands(ctx, argv,
                                               {QStringLiteral("--limit"), QStringLiteral("--proposer-cmd"),
                                                QStringLiteral("--now"), QStringLiteral("--timeout")},
                                               {}, QStringLiteral("scars suggest"));
    if (!a)
        return ctx.error(a.error());
    auto limit = a->integer(QStringLiteral("--limit"), 10, 1, 100000);
    if (!limit)
        return ctx.error(limit.error());
    auto timeout = a->integer(QStringLiteral("--timeout"), 60, 1, 3600);
    if (!timeout)
        return ctx.error(timeout.error());
    auto session = a->session(ctx);
    if (!session)
        return ctx.error(session.error());
    ScarSuggester suggester(*session->workspace, *session->clock, session->actor);
    if ((*a)->has(QStringLiteral("--proposer-cmd")))
        suggester.setProposerCommand((*a)->value(QStringLiteral("--proposer-cmd")), *timeout * 1000);
    auto out = suggester.suggest(*limit);
    if (!out)
        return ctx.error(out.error());
    if (a->json()) {
        ctx.printJson(out->toJson());
        return 0;
    }
    if (out->suggestions.empty())
        ctx.out(QStringLiteral("no learnable scar waits for a suggestion"));
    for (const auto& s : out->suggestions)
        ctx.out(QStringLiteral("scar %1 → inbox item %2 (%3)")
                    .arg(s.scarId)
                    .arg(s.inboxId ? QString::number(*s.inboxId) : QStringLiteral("-"), s.status));
    if (out->redacted > 0)
        ctx.out(QStringLiteral("%1 piece(s) of personal data redacted").arg(out->redacted));
    return 0;
}

int runArchive(Context& ctx, const QStringList& argv)
{
    auto a =
        VerbOptions::parseWithoutOperands(ctx, argv, {QStringLiteral("--older-than"), QStringLiteral("--now")},
                                          {QStringLiteral("--dry-run")}, QStringLiteral("scars archive-unrecalled"));
    if (!a)
        return ctx.error(a.error());
    if (!(*a)->has(QStringLiteral("--older-than")))
        return ctx.usageError(QStringLiteral("scars archive-unrecalled: --older-than DAYS is required"));
    auto days = a->integer(QStringLiteral("--older-than"), 0, 0, 1'000'000);
    if (!days)
        return ctx.error(days.error());
    auto session = a->session(ctx);
    if (!session)
        return ctx.error(session.error());
    const bool dry = (*a)->flag(QStringLiteral("--dry-run"));
    auto done = ScarBook(session->workspace->db(), *session->clock, session->actor).archiveUnrecalled(*days, dry);
    if (!done)
        return ctx.error(done.error());
    if (a->json()) {
        Json ids = Json::array();
        for (const Scar& s : *done)
            ids.push_back(s.id);
        ctx.printJson(Json{{"archived", ids}, {"count", done->size()}, {"dry_run", dry}});
        return 0;
    }
    ctx.out(QStringLiteral("%1 %2 scar(s) never recalled and older than %3 days")
                .arg(dry ? QStringLiteral("would archive") : QStringLiteral("archived"))
                .arg(done->size())
                .arg(*days));
    return 0;
}

int run(Context& ctx)
{
    static constexpr SubVerb kSubVerbs[] = {
        {"add", runAdd},
        {"list", runList},
        {"recall", runRecall},
        {"suggest", runSuggest},
        {"archive-unrecalled", runArchive},
    };
    return runSubVerb(ctx, QStringLiteral("scars"), kSubVerbs);
}

const VerbRegistration registration({
    QStringLiteral("scars"),
    QStringLiteral("record, recall, archive and learn from scars"),
    kUsage,
    &run,
});

} // namespace

} // namespace sediment::cli
