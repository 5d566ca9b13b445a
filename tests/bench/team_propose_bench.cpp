// Throughput of `sediment propose` on a team's server, as the agent's own role (granted `agent`,
// its writes passing the server's guards: docs/user-guide.md#what-the-server-enforces) and, beside
// it, as the workspace's owner (whom the guards leave alone): each run a fresh schema, N distinct
// memory proposals as JSON Lines, timed as a whole process; then the medians of RUNS runs.
//
//   team_propose_bench CONNINFO [N=20000] [RUNS=5] [SEDIMENT_BINARY]
//
// CONNINFO: a libpq connection string whose role may create a schema and roles (the test
// server's: tests/support/pg_server.sh start DIR, then $(cat DIR/conninfo)).
#include "agents/Agents.h"
#include "store/Database.h"
#include "store/ReviewerRepository.h"
#include "TeamBenchFolder.h"
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

constexpr const char* kAgentRole = "bench_propose_agent";

// A fresh schema owned by CONNINFO's role, the agent role granted on it; returns the folder to
// propose from (the agent's, or the owner's).
QString prepare(const QTemporaryDir& dir, const QString& conninfo, const QString& schema, bool asAgent)
{
    const QString owner = dir.filePath(schema + QStringLiteral("-owner"));
    bench::writeTeamConfig(owner, conninfo, schema);
    auto ws = Agents::open(owner);
    if (!ws)
        qFatal("%s", qPrintable(ws.error().message));
    const std::string role = QStringLiteral("DO $$ BEGIN CREATE ROLE %1 LOGIN; EXCEPTION WHEN duplicate_object THEN "
                                            "NULL; END $$")
                                 .arg(QLatin1String(kAgentRole))
                                 .toStdString();
    if (!(*ws)->db().exec(role.c_str()))
        qFatal("cannot create the role %s", kAgentRole);
    auto tx = (*ws)->db().begin();
    if (!tx || !ReviewerRepository((*ws)->db()).grant(QLatin1String(kAgentRole), QStringLiteral("agent"))
        || !tx->commit())
        qFatal("cannot grant %s", kAgentRole);
    if (!asAgent)
        return owner;
    const QString agent = dir.filePath(schema + QStringLiteral("-agent"));
    bench::writeTeamConfig(agent, conninfo + QStringLiteral(" user=") + QLatin1String(kAgentRole), schema);
    return agent;
}

double proposeSeconds(const QString& binary, const QString& workspace, const QString& input)
{
    QProcess p;
    QElapsedTimer t;
    t.start();
    p.start(binary, {QStringLiteral("--workspace"), workspace, QStringLiteral("propose"), input});
    p.waitForFinished(-1);
    const double s = double(t.nsecsElapsed()) / 1e9;
    if (p.exitCode() != 0)
        qFatal("propose failed (%d): %s", p.exitCode(), p.readAllStandardError().constData());
    return s;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: team_propose_bench CONNINFO [N] [RUNS] [SEDIMENT_BINARY]\n");
        return 2;
    }
    const QString conninfo = args[1];
    const int n = args.size() > 2 ? args[2].toInt() : 20000;
    const int runs = args.size() > 3 ? args[3].toInt() : 5;
    const QString binary = args.size() > 4 ? args[4] : QStringLiteral(SEDIMENT_BINARY);
    QTemporaryDir dir;
    const QString input = dir.filePath(QStringLiteral("proposals.jsonl"));
    {
        QFile f(input);
        if (!f.open(QIODevice::WriteOnly))
            return 3;
        for (int i = 0; i < n; ++i)
            f.write(QByteArray::fromStdString(
                Json{{"target", "memory"},
                     {"op", {{"action", "add"}, {"content", "bench note " + std::to_string(i)}}},
                     {"rationale", "r"}}
                    .dump()
                + '\n'));
    }
    std::vector<double> agent;
    std::vector<double> owner;
    QStringList schemas;
    for (int r = 0; r < runs; ++r) {
        for (const bool asAgent : {true, false}) {
            const QString schema =
                QStringLiteral("propose_%1_%2_%3").arg(QCoreApplication::applicationPid()).arg(r).arg(asAgent);
            schemas << schema;
            const QString ws = prepare(dir, conninfo, schema, asAgent);
            const double rate = n / proposeSeconds(binary, ws, input);
            (asAgent ? agent : owner).push_back(rate);
            std::printf("run %d %-5s %8.0f proposals/s\n", r + 1, asAgent ? "agent" : "owner", rate);
        }
    }
    std::printf("median of %d runs of %d proposals: agent role %.0f/s, owner %.0f/s (agent/owner %.2f)\n", runs, n,
                median(agent), median(owner), median(agent) / median(owner));
    // The schemas go with the bench.
    auto ws = Agents::open(dir.filePath(schemas.front() + QStringLiteral("-owner")));
    if (ws)
        for (const QString& s : schemas) {
            const std::string drop =
                QStringLiteral("DROP SCHEMA IF EXISTS %1 CASCADE; DROP SCHEMA IF EXISTS %1_api CASCADE")
                    .arg(s)
                    .toStdString();
            (void)(*ws)->db().exec(drop.c_str());
        }
    return 0;
}
