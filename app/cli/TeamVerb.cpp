#include "audit/Actor.h"
#include "audit/AuditAction.h"
#include "audit/AuditRow.h"
#include "cli/Context.h"
#include "cli/Verb.h"

#include "store/AuditRepository.h"
#include "store/ReviewerRepository.h"
#include "store/TeamSettingsRepository.h"
#include "team/TeamRights.h"
#include "util/Clock.h"
#include "workspace/FilesHost.h"

namespace sediment::cli {

namespace {

const QString kUsage =
    QStringLiteral("Usage: sediment team [list] [--json]\n"
                   "       sediment team grant ROLE RIGHT [--json]\n"
                   "       sediment team files-host [HOST | --clear] [--json]\n\n"
                   "A team's reviewers, on a workspace that lives on a PostgreSQL server (sediment.json\n"
                   "\"database\"). Each reviewer is the database role it logs in as; RIGHT is viewer (reads),\n"
                   "agent (proposes and stages; the files host's role), reviewer (decides) or admin (also\n"
                   "decides the admin_destinations and grants rights). The role that created the workspace's\n"
                   "schema owns it and is its first admin; a role not listed has no access. `grant` gives\n"
                   "the role exactly the server privileges of its right; the server enforces every right.\n"
                   "`list` also says who you are. Granting is audited (team.grant).\n\n"
                   "files-host HOST (admins) names the host whose sediment commands write the workspace's\n"
                   "files, the agent's: a decision made on another host is recorded as approved, and written\n"
                   "by the next sediment command on HOST (or its `sediment settle --watch`). A host goes by\n"
                   "$SEDIMENT_HOST, else its host name. --clear lets every host write its own folder again;\n"
                   "without HOST it prints the files host.\n"
                   "See docs/user-guide.md#team-mode.\n\n"
                   "Exit codes: 0 done, 1 refused (not an admin), 2 bad usage, 3 I/O.\n");

// A team change's audit row, by this session's reviewer, inside the caller's transaction.
Status audit(Workspace& ws, const Clock& clock, AuditAction action, AuditSubject subject, const QString& subjectId,
             const std::optional<QString>& before, const std::optional<QString>& after)
{
    AuditEntry e = AuditRow::of(Actor::human(ws), action, subject, subjectId);
    e.before = before;
    e.after = after;
    auto logged = AuditRepository(ws.db(), clock).append(e);
    if (!logged)
        return fail(logged.error());
    return {};
}

int list(Context& ctx, bool json, Workspace& ws)
{
    auto all = ReviewerRepository(ws.db()).all();
    if (!all)
        return ctx.error(all.error());
    auto mine = TeamRights(ws).rightsOf(ws.reviewer());
    if (!mine)
        return ctx.error(mine.error());
    if (json) {
        Json rows = Json::array();
        for (const auto& r : *all)
            rows.push_back(Json{{"role", toStd(r.role)},
                                {"rights", toStd(r.rights)},
                                {"granted_by", toStd(r.grantedBy)},
                                {"granted_at", toStd(r.grantedAt)}});
        ctx.printJson(Json{{"you", toStd(ws.reviewer())}, {"your_rights", toStd(*mine)}, {"reviewers", rows}});
        return 0;
    }
    ctx.out(QStringLiteral("you are %1 (%2)").arg(ws.reviewer(), *mine));
    for (const auto& r : *all)
        ctx.out(QStringLiteral("%1\t%2\tgranted by %3 at %4").arg(r.role, r.rights, r.grantedBy, r.grantedAt));
    return 0;
}

int grant(Context& ctx, bool json, Workspace& ws, const QString& role, const QString& rights)
{
    if (auto ok = TeamRights(ws).mayAdminister(QStringLiteral("grant rights")); !ok)
        return ctx.error(ok.error());
    // A role the server does not know is a mistyped name, not a failure of the server.
    auto known = ReviewerRepository(ws.db()).roleExists(role);
    if (!known)
        return ctx.error(known.error());
    if (!*known)
        return ctx.error(Error::invalid(QStringLiteral("team grant: the server has no role '%1' (create it first: "
                                                       "CREATE ROLE %1 LOGIN)")
                                            .arg(role)));
    const SystemClock clock;
    auto tx = ws.db().begin();
    if (!tx)
        return ctx.error(tx.error());
    auto before = ReviewerRepository(ws.db()).grant(role, rights);
    if (!before)
        return ctx.error(before.error());
    if (auto logged = audit(ws, clock, AuditAction::TeamGrant, AuditSubject::Reviewer, role, *before, rights); !logged)
        return ctx.error(logged.error());
    if (auto s = tx->commit(); !s)
        return ctx.error(s.error());
    if (json)
        ctx.printJson(Json{{"role", toStd(role)}, {"rights", toStd(rights)}, {"was", toStd(*before)}});
    else
        ctx.out(QStringLiteral("%1 is now %2 (was %3)").arg(role, rights, *before));
    return 0;
}

int filesHost(Context& ctx, const Args& args, Workspace& ws)
{
    const bool json = args.flag(QStringLiteral("--json"));
    const bool clear = args.flag(QStringLiteral("--clear"));
    const QString host = args.positional(1).trimmed();
    if (!clear && args.positional().size() < 2) {
        auto current = FilesHost::configured(ws);
        if (!current)
            return ctx.error(current.error());
        if (json)
            ctx.printJson(Json{{"files_host", orNull(*current)}, {"this_host", toStd(FilesHost::thisHost())}});
        else
            ctx.out(*current ? QStringLiteral("files host: %1 (this host: %2)").arg(**current, FilesHost::thisHost())
                             : QStringLiteral("no files host: every host writes its own folder"));
        return 0;
    }
    if (clear == !host.isEmpty())
        return ctx.usageError(QStringLiteral("team files-host: give HOST or --clear"));
    if (auto ok = TeamRights(ws).mayAdminister(QStringLiteral("set the files host")); !ok)
        return ctx.error(ok.error());
    const SystemClock clock;
    auto before = FilesHost::configured(ws);
    if (!before)
        return ctx.error(before.error());
    auto tx = ws.db().begin();
    if (!tx)
        return ctx.error(tx.error());
    const std::optional<QString> value = clear ? std::nullopt : std::optional<QString>(host);
    if (auto s = TeamSettingsRepository(ws.db()).set(QLatin1String(FilesHost::kKey), value); !s)
        return ctx.error(s.error());
    if (auto logged = audit(ws, clock, AuditAction::TeamFilesHost, AuditSubject::Team, QLatin1String(FilesHost::kKey),
                            *before, value);
        !logged)
        return ctx.error(logged.error());
    if (auto s = tx->commit(); !s)
        return ctx.error(s.error());
    if (json)
        ctx.printJson(Json{{"files_host", orNull(value)}});
    else
        ctx.out(value ? QStringLiteral("files host: %1").arg(*value)
                      : QStringLiteral("no files host: every host writes its own folder"));
    return 0;
}

int runTeam(Context& ctx)
{
    auto args = ctx.parse({}, {QStringLiteral("--clear")});
    if (!args)
        return ctx.error(args.error());
    const QString sub = args->positional().isEmpty() ? QStringLiteral("list") : args->positional(0);
    if (sub != QLatin1String("list") && sub != QLatin1String("grant") && sub != QLatin1String("files-host"))
        return ctx.usageError(QStringLiteral("team: unknown sub-command '%1' (list, grant, files-host)").arg(sub));
    if (sub != QLatin1String("files-host") && args->flag(QStringLiteral("--clear")))
        return ctx.usageError(QStringLiteral("team %1: --clear belongs to files-host").arg(sub));
    const bool granting = sub == QLatin1String("grant");
    const int operands = granting ? 2 : sub == QLatin1String("files-host") ? 1 : 0;
    if (auto ok = args->atMost(QStringLiteral("team ") + sub, operands, 1); !ok)
        return ctx.error(ok.error());
    if (granting && args->positional().size() != 3)
        return ctx.usageError(QStringLiteral("team grant: give ROLE and RIGHT (viewer, agent, reviewer or admin)"));
    if (granting && !TeamRights::isRight(args->positional(2)))
        return ctx.usageError(QStringLiteral("team grant: RIGHT must be viewer, agent, reviewer or admin, not '%1'")
                                  .arg(args->positional(2)));
    if (granting && args->positional(1).trimmed().isEmpty())
        return ctx.usageError(QStringLiteral("team grant: ROLE must not be empty"));
    auto ws = ctx.workspace();
    if (!ws)
        return ctx.error(ws.error());
    if (!(*ws)->db().isServer())
        return ctx.error(
            Error::refused(QStringLiteral("team: this workspace lives in sediment.db, on one machine; "
                                          "`sediment migrate --to CONNINFO` moves it to a team's server")));
    if (sub == QLatin1String("files-host"))
        return filesHost(ctx, *args, **ws);
    const bool json = args->flag(QStringLiteral("--json"));
    return granting ? grant(ctx, json, **ws, args->positional(1), args->positional(2)) : list(ctx, json, **ws);
}

const VerbRegistration registration({
    QStringLiteral("team"),
    QStringLiteral("a team's reviewers and their rights (workspaces on a PostgreSQL server)"),
    kUsage,
    &runTeam,
});

} // namespace

} // namespace sediment::cli
