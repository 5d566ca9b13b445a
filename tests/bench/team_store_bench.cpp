// The team's PostgreSQL store side by side with the embedded SQLite one, in one run
// (docs/user-guide.md#team-mode):
//   1. `sediment propose FILE --json` of N proposals (a real process), per store: rate and ratio;
//   2. an inbox of ROWS pending items (seeded in SQL, as a fleet's months of proposals would
//      leave it): the first page of the default view and of four filters, median of 5 runs each.
//
//   team_store_bench CONNINFO [N=100000] [ROWS=1000000]
//
// CONNINFO: a role that may create a schema (tests/support/pg_server.sh start DIR).
#include "agents/Agents.h"
#include "model/InboxQuery.h"
#include "store/Database.h"
#include "store/InboxReadModel.h"
#include "util/Json.h"
#include "workspace/Workspace.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace sediment;

namespace {

void writeConfig(const QString& dir, const Json& config)
{
    QFile f(dir + QStringLiteral("/sediment.json"));
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(f.fileName()));
    f.write(QByteArray::fromStdString(config.dump()));
}

double propose(const QString& workspace, const QString& input)
{
    QProcess p;
    QElapsedTimer t;
    t.start();
    p.start(QStringLiteral(SEDIMENT_BINARY),
            {QStringLiteral("--workspace"), workspace, QStringLiteral("propose"), input, QStringLiteral("--json")});
    p.waitForFinished(-1);
    if (p.exitCode() != 0)
        qFatal("propose failed: %s", p.readAllStandardError().constData());
    return double(t.nsecsElapsed()) / 1e9;
}

// ROWS pending items straight in SQL: ids 1..ROWS, five destinations, forty agents, scores.
Status seed(Database& db, qint64 rows)
{
    const std::string rowsText = std::to_string(rows);
    const std::string sqlite =
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < " + rowsText
        + ") "
          "INSERT INTO inbox_items(id, destination, op_json, content_hash, rationale, score, agent, status, "
          "created_at, hash_key) SELECT i, CASE i % 5 WHEN 0 THEN 'memory' WHEN 1 THEN 'user' WHEN 2 THEN "
          "'brain_inbox' WHEN 3 THEN 'skill' ELSE 'claude_md' END, '{\"action\":\"add\",\"content\":\"lesson ' || i "
          "|| '\"}', 'h' || i, 'seen in session ' || (i / 100), (i % 100) / 100.0, 'agent' || (i % 40), 'pending', "
          "'2026-11-01T00:00:00.000Z', i FROM n";
    const std::string postgres =
        "INSERT INTO inbox_items(id, destination, op_json, content_hash, rationale, score, agent, status, "
        "created_at, hash_key) SELECT i, CASE i % 5 WHEN 0 THEN 'memory' WHEN 1 THEN 'user' WHEN 2 THEN "
        "'brain_inbox' WHEN 3 THEN 'skill' ELSE 'claude_md' END, '{\"action\":\"add\",\"content\":\"lesson ' || i "
        "|| '\"}', 'h' || i, 'seen in session ' || (i / 100), (i % 100) / 100.0, 'agent' || (i % 40), 'pending', "
        "'2026-11-01T00:00:00.000Z', i FROM generate_series(1, "
        + rowsText + ") AS i";
    if (auto s = db.exec(db.isServer() ? postgres.c_str() : sqlite.c_str()); !s)
        return s;
    // What autovacuum does after a bulk insert: statistics, and the visibility map that lets
    // a count read the index alone.
    return db.isServer() ? db.exec("VACUUM ANALYZE inbox_items") : db.exec("ANALYZE");
}

double medianMs(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// The first page (100 rows) of a filter, as the inbox shows it: count, ids, rows.
double firstPage(Database& db, const QString& query)
{
    auto filter = InboxQuery::parse(query);
    if (!filter)
        qFatal("bad query %s", qPrintable(query));
    // As the inbox page reads a query: one that names no status shows pending items.
    if (filter->status.isEmpty() && !filter->allStatuses)
        filter->status.include = {QStringLiteral("pending")};
    std::vector<double> runs;
    for (int k = 0; k < 5; ++k) {
        QElapsedTimer t;
        t.start();
        InboxReadModel model(db);
        auto n = model.count(*filter);
        auto ids = model.pageIds(*filter, InboxReadModel::Sort{}, 0, 100);
        if (!n || !ids)
            qFatal("%s", qPrintable(!n ? n.error().message : ids.error().message));
        auto rows = model.rows(*ids);
        if (!rows)
            qFatal("%s", qPrintable(rows.error().message));
        runs.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    return medianMs(runs);
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: team_store_bench CONNINFO [N] [ROWS]\n");
        return 2;
    }
    const QString conninfo = args[1];
    const int n = args.size() > 2 ? args[2].toInt() : 100000;
    const qint64 rows = args.size() > 3 ? args[3].toLongLong() : 1000000;
    QTemporaryDir dir;
    const QString schema = QStringLiteral("bench_%1").arg(QCoreApplication::applicationPid());
    const QString input = dir.filePath(QStringLiteral("proposals.jsonl"));
    {
        QFile f(input);
        if (!f.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(input));
        for (int i = 0; i < n; ++i)
            f.write(
                QStringLiteral(
                    R"({"target":"memory","op":{"action":"add","content":"Lesson %1: test before pushing"},"rationale":"seen in s%2","score":0.%3,"source":{"agent":"bench"}})"
                    "\n")
                    .arg(i)
                    .arg(i / 100)
                    .arg(10 + i % 90)
                    .toUtf8());
    }
    struct Store {
        const char* name;
        QString dir;
    };
    std::vector<Store> stores{{"sqlite", dir.filePath(QStringLiteral("sqlite"))},
                              {"postgres", dir.filePath(QStringLiteral("postgres"))},
                              {"sqlite-1M", dir.filePath(QStringLiteral("sqlite-1M"))},
                              {"postgres-1M", dir.filePath(QStringLiteral("postgres-1M"))}};
    for (const Store& s : stores)
        QDir().mkpath(s.dir);
    writeConfig(stores[1].dir, Json{{"database", toStd(conninfo)}, {"database_schema", toStd(schema)}});
    writeConfig(stores[3].dir,
                Json{{"database", toStd(conninfo)}, {"database_schema", toStd(schema + QStringLiteral("_m"))}});

    std::printf("propose of %d proposals (a real process each):\n", n);
    double rate[2] = {0, 0};
    for (int s = 0; s < 2; ++s) {
        const double seconds = propose(stores[std::size_t(s)].dir, input);
        rate[s] = n / seconds;
        std::printf("  %-9s %.2f s  %.0f proposals/s\n", stores[std::size_t(s)].name, seconds, rate[s]);
    }
    std::printf("  postgres / sqlite: %.2f\n", rate[1] / rate[0]);

    std::printf("inbox of %lld pending items, first page (count + 100 ids + rows), median of 5:\n", rows);
    const QStringList queries{QString(), QStringLiteral("dest:memory"), QStringLiteral("agent:agent7"),
                              QStringLiteral("score>=0.9"), QStringLiteral("lesson 99999")};
    std::vector<double> ms[2];
    for (int s = 0; s < 2; ++s) {
        auto ws = Agents::open(stores[std::size_t(2 + s)].dir);
        if (!ws)
            qFatal("%s", qPrintable(ws.error().message));
        QElapsedTimer t;
        t.start();
        if (auto seeded = seed((*ws)->db(), rows); !seeded)
            qFatal("%s", qPrintable(seeded.error().message));
        std::printf("  %-11s seeded in %.1f s\n", stores[std::size_t(2 + s)].name, double(t.elapsed()) / 1000.0);
        for (const QString& q : queries)
            ms[s].push_back(firstPage((*ws)->db(), q));
        if (s == 1)
            (void)(*ws)->db().exec(
                ("DROP SCHEMA " + schema.toStdString() + "_m CASCADE; DROP SCHEMA " + schema.toStdString() + " CASCADE")
                    .c_str());
    }
    for (int q = 0; q < queries.size(); ++q)
        std::printf("  %-14s sqlite %8.1f ms   postgres %8.1f ms   ratio %.2f\n",
                    queries[q].isEmpty() ? "(pending)" : qPrintable(queries[q]), ms[0][std::size_t(q)],
                    ms[1][std::size_t(q)], ms[1][std::size_t(q)] / ms[0][std::size_t(q)]);
    return 0;
}
