#include "cli/Context.h"
#include "cli/Verb.h"

#include "store/AuditRepository.h"
#include "store/postgres/ConnInfo.h"
#include "store/StoreCopy.h"
#include "util/AtomicFile.h"
#include "util/Clock.h"

#include <QFile>

#include <nlohmann/json.hpp>

namespace sediment::cli {

namespace {

const QString kUsage =
    QStringLiteral("Usage: sediment migrate --to CONNINFO [--schema NAME] [--json]\n"
                   "       sediment migrate --to sqlite [--json]\n\n"
                   "Copies the workspace's whole store into another one, exactly: every inbox item, audit row,\n"
                   "skill record, scar, decision and journal entry, with its id. --to CONNINFO copies an\n"
                   "embedded workspace (sediment.db) into a team's PostgreSQL database (a libpq connection\n"
                   "string; the password comes from ~/.pgpass, PGPASSFILE or PGPASSWORD), in the schema NAME\n"
                   "(default: sediment). --to sqlite copies a team workspace back into a new sediment.db in\n"
                   "the workspace folder.\n\n"
                   "The target must be empty. The copy is one transaction; its audit chain is verified and\n"
                   "every table's rows counted against the source before sediment.json is switched to the\n"
                   "target. The source is left as it was. See docs/user-guide.md#team-mode.\n\n"
                   "Exit codes: 0 copied, 1 refused (target not empty, copy does not match), 2 bad usage, 3 I/O.\n");

// sediment.json with the store keys set (or removed), every other key kept in its place.
Status pointConfigAt(const QString& path, const QString& conninfo, const QString& schema)
{
    auto bytes = AtomicFile::read(path, true);
    if (!bytes)
        return fail(bytes.error());
    nlohmann::ordered_json config = bytes->isEmpty()
                                        ? nlohmann::ordered_json::object()
                                        : nlohmann::ordered_json::parse(bytes->toStdString(), nullptr, false);
    if (!config.is_object())
        return fail(Error::invalid(QStringLiteral("%1: must be a JSON object").arg(path)));
    if (conninfo.isEmpty()) {
        config.erase("database");
        config.erase("database_schema");
    } else {
        config["database"] = conninfo.toStdString();
        config["database_schema"] = schema.toStdString();
    }
    return AtomicFile::write(path, QByteArray::fromStdString(config.dump(2) + "\n"));
}

Json countsJson(const std::vector<StoreCopy::TableCount>& counts)
{
    Json out = Json::object();
    for (const auto& t : counts)
        out[toStd(t.table)] = t.rows;
    return out;
}

int runMigrate(Context& ctx)
{
    auto args = ctx.parseAtMost(0, {QStringLiteral("--to"), QStringLiteral("--schema")});
    if (!args)
        return ctx.error(args.error());
    const QString to = args->value(QStringLiteral("--to"));
    if (to.isEmpty())
        return ctx.usageError(QStringLiteral("migrate: --to is required: a libpq connection string, or sqlite"));
    const bool toSqlite = to == QLatin1String("sqlite");
    const QString schema = args->value(QStringLiteral("--schema"), QStringLiteral("sediment"));
    if (toSqlite && args->has(QStringLiteral("--schema")))
        return ctx.usageError(QStringLiteral("migrate: --schema names the server's schema; --to sqlite takes none"));
    if (!toSqlite) {
        if (auto ok = ConnInfo::check(to); !ok)
            return ctx.usageError(QStringLiteral("migrate: --to %1").arg(ok.error().message));
        // The same rule as sediment.json's, through its own check.
        const Json probe{{"database_schema", toStd(schema)}};
        if (auto ok = Config::parse(QByteArray::fromStdString(probe.dump()), QStringLiteral("--schema")); !ok)
            return ctx.usageError(QStringLiteral("migrate: --schema must be lower-case letters, digits and _"));
    }
    auto ws = ctx.workspace();
    if (!ws)
        return ctx.error(ws.error());
    Database& from = (*ws)->db();
    if (toSqlite != from.isServer())
        return ctx.error(Error::refused(toSqlite
                                            ? QStringLiteral("migrate: this workspace already lives in sediment.db")
                                            : QStringLiteral("migrate: this workspace already lives on a server (%1); "
                                                             "migrate --to sqlite first")
                                                  .arg(from.describe())));
    const QString dbFile = (*ws)->path(QStringLiteral("sediment.db"));
    if (toSqlite && QFile::exists(dbFile) && QFile(dbFile).size() > 0)
        return ctx.error(Error::refused(QStringLiteral("migrate: %1 already exists; move it away first").arg(dbFile)));
    auto target = toSqlite ? Database::open(dbFile)
                           : Database::open(ServerAddress{to, schema, (*ws)->path(QStringLiteral("sediment-team"))});
    if (!target)
        return ctx.error(target.error());
    auto copied = StoreCopy::copy(from, **target);
    if (!copied)
        return ctx.error(copied.error());
    // The copy is checked before anything points at it.
    auto there = StoreCopy::count(**target);
    if (!there)
        return ctx.error(there.error());
    for (std::size_t i = 0; i < there->size(); ++i)
        if ((*there)[i].rows != (*copied)[i].rows)
            return ctx.error(Error::refused(QStringLiteral("migrate: %1 holds %2 rows of %3 after the copy, not %4")
                                                .arg((*target)->describe())
                                                .arg((*there)[i].rows)
                                                .arg((*there)[i].table)
                                                .arg((*copied)[i].rows)));
    const SystemClock clock;
    auto broken = AuditRepository(**target, clock).verify();
    if (!broken)
        return ctx.error(broken.error());
    if (*broken)
        return ctx.error(Error::refused(QStringLiteral("migrate: the copy's audit chain breaks at row %1: %2")
                                            .arg((*broken)->seq)
                                            .arg((*broken)->why)));
    if (auto s = pointConfigAt((*ws)->path(QStringLiteral("sediment.json")), toSqlite ? QString() : to, schema); !s)
        return ctx.error(s.error());
    if (args->flag(QStringLiteral("--json"))) {
        ctx.printJson(Json{{"to", toSqlite ? "sqlite" : "postgres"},
                           {"store", toStd((*target)->describe())},
                           {"rows", countsJson(*copied)},
                           {"audit_chain", "intact"}});
    } else {
        qint64 total = 0;
        for (const auto& t : *copied)
            total += t.rows;
        ctx.out(QStringLiteral("copied %1 rows into %2; audit chain intact; sediment.json now points there")
                    .arg(total)
                    .arg((*target)->describe()));
        ctx.out(toSqlite ? QStringLiteral("the server's schema is left as it was")
                         : QStringLiteral("%1 is left as it was").arg(dbFile));
    }
    return 0;
}

const VerbRegistration registration({
    QStringLiteral("migrate"),
    QStringLiteral("copy the workspace's store to a team's PostgreSQL server, or back to sediment.db"),
    kUsage,
    &runMigrate,
});

} // namespace

} // namespace sediment::cli
