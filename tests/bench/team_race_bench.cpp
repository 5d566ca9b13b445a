// Reviewers racing over one team's inbox (docs/user-guide.md#team-mode): REVIEWERS processes,
// each in a workspace folder of its own (as on separate machines: no shared lock file), approve
// every one of ITEMS pending notes on one PostgreSQL schema, each in its own shuffled order.
// Every item must be decided exactly once: one applied status, one inbox.approve audit row, one
// note file across all folders, and the winners' count equal to ITEMS. Prints the decide
// latency (every attempt, and the winning ones): median, p99, max.
//
//   team_race_bench CONNINFO [ITEMS=10000] [REVIEWERS=4]
//
// CONNINFO: a libpq connection string whose role may create a schema (the test server's:
// tests/support/pg_server.sh start DIR, then $(cat DIR/conninfo)).
#include "inbox/InboxService.h"
#include "store/Database.h"
#include "store/InboxRepository.h"
#include "util/Clock.h"
#include "workspace/Workspace.h"

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <random>
#include <vector>

using namespace sediment;

namespace {

void writeConfig(const QString& dir, const QString& conninfo, const QString& schema)
{
    QDir().mkpath(dir);
    QFile f(dir + QStringLiteral("/sediment.json"));
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write %s", qPrintable(f.fileName()));
    f.write(QByteArray::fromStdString(Json{{"database", us(conninfo)}, {"database_schema", us(schema)}}.dump()));
}

// One reviewer: approves every item in its own order; prints "W ms" for a win, "L ms" for a
// loss (told who decided), "E message" for anything else.
int reviewer(const QString& dir, int items, unsigned seed)
{
    auto ws = Workspace::open(dir);
    if (!ws) {
        std::printf("E %s\n", qPrintable(ws.error().message));
        return 3;
    }
    std::vector<qint64> ids;
    for (int i = 1; i <= items; ++i)
        ids.push_back(i);
    std::shuffle(ids.begin(), ids.end(), std::mt19937(seed));
    SystemClock clock;
    InboxService service(**ws, clock);
    QElapsedTimer t;
    for (qint64 id : ids) {
        t.start();
        auto r = service.approve(id, (*ws)->reviewer());
        const double ms = double(t.nsecsElapsed()) / 1e6;
        if (r && r->status == QLatin1String("applied"))
            std::printf("W %.3f\n", ms);
        else if (!r && r.error().kind == ErrorKind::Refused)
            std::printf("L %.3f\n", ms);
        else
            std::printf("E %s\n", r ? qPrintable(r->status) : qPrintable(r.error().message));
    }
    return 0;
}

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, std::size_t(double(v.size()) * p))];
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() >= 5 && args[1] == QLatin1String("--reviewer"))
        return reviewer(args[2], args[3].toInt(), args[4].toUInt());
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: team_race_bench CONNINFO [ITEMS] [REVIEWERS]\n");
        return 2;
    }
    const QString conninfo = args[1];
    const int items = args.size() > 2 ? args[2].toInt() : 10000;
    const int reviewers = args.size() > 3 ? args[3].toInt() : 4;
    QTemporaryDir dir;
    const QString schema = QStringLiteral("race_%1").arg(QCoreApplication::applicationPid());
    for (int r = 0; r < reviewers; ++r)
        writeConfig(dir.filePath(QStringLiteral("reviewer%1").arg(r)), conninfo, schema);
    {
        auto ws = Workspace::open(dir.filePath(QStringLiteral("reviewer0")));
        if (!ws)
            qFatal("%s", qPrintable(ws.error().message));
        InboxRepository repo((*ws)->db());
        auto tx = (*ws)->db().begin();
        for (int i = 0; i < items; ++i) {
            InboxItem it;
            it.destination = QStringLiteral("brain_inbox");
            it.op = Json{{"title", "Race note " + std::to_string(i)}, {"text", "decided once"}};
            it.contentHash = QStringLiteral("race%1").arg(i);
            it.createdAt = QStringLiteral("2026-11-23T00:00:00.000Z");
            if (!repo.insert(it))
                qFatal("seeding failed");
        }
        if (!tx || !tx->commit())
            qFatal("seeding failed");
    }
    QElapsedTimer wall;
    wall.start();
    std::vector<std::unique_ptr<QProcess>> procs;
    for (int r = 0; r < reviewers; ++r) {
        auto p = std::make_unique<QProcess>();
        p->start(QCoreApplication::applicationFilePath(),
                 {QStringLiteral("--reviewer"), dir.filePath(QStringLiteral("reviewer%1").arg(r)),
                  QString::number(items), QString::number(1000 + r)});
        procs.push_back(std::move(p));
    }
    std::vector<double> all, wins;
    int won = 0, lost = 0, errors = 0;
    QString firstError;
    for (auto& p : procs) {
        p->waitForFinished(-1);
        for (const QByteArray& line : p->readAllStandardOutput().split('\n')) {
            if (line.size() < 2)
                continue;
            if (line[0] == 'E') {
                ++errors;
                if (firstError.isEmpty())
                    firstError = QString::fromUtf8(line.mid(2));
                continue;
            }
            const double ms = line.mid(2).toDouble();
            all.push_back(ms);
            if (line[0] == 'W') {
                ++won;
                wins.push_back(ms);
            } else {
                ++lost;
            }
        }
    }
    const double seconds = double(wall.elapsed()) / 1000.0;
    auto ws = Workspace::open(dir.filePath(QStringLiteral("reviewer0")));
    if (!ws)
        qFatal("%s", qPrintable(ws.error().message));
    Database& db = (*ws)->db();
    const qint64 applied = *db.scalar("SELECT COUNT(*) FROM inbox_items WHERE status = 'applied'");
    const qint64 auditRows = *db.scalar("SELECT COUNT(*) FROM audit_log WHERE action = 'inbox.approve'");
    const qint64 twice = *db.scalar("SELECT COUNT(*) FROM (SELECT subject_id FROM audit_log WHERE action = "
                                    "'inbox.approve' GROUP BY subject_id HAVING COUNT(*) > 1) AS dup");
    qint64 files = 0;
    for (int r = 0; r < reviewers; ++r) {
        QDirIterator it(dir.filePath(QStringLiteral("reviewer%1/brain/inbox").arg(r)), QDir::Files);
        while (it.hasNext()) {
            it.next();
            ++files;
        }
    }
    std::printf("%d reviewers x %d items in %.1f s: won %d, told-who-won %d, errors %d%s%s\n", reviewers, items,
                seconds, won, lost, errors, firstError.isEmpty() ? "" : " (first: ",
                firstError.isEmpty() ? "" : qPrintable(firstError + QLatin1Char(')')));
    std::printf("applied %lld, inbox.approve audit rows %lld, items decided twice %lld, note files %lld\n",
                applied, auditRows, twice, files);
    std::printf("decide latency, every attempt: median %.2f ms  p99 %.2f ms  max %.2f ms\n", percentile(all, 0.5),
                percentile(all, 0.99), percentile(all, 1.0));
    std::printf("decide latency, winning ones:  median %.2f ms  p99 %.2f ms\n", percentile(wins, 0.5),
                percentile(wins, 0.99));
    (void)db.exec(("DROP SCHEMA " + schema.toStdString() + " CASCADE").c_str());
    const bool exact = won == items && applied == items && auditRows == items && twice == 0 && files == items
                       && errors == 0;
    std::printf("%s\n", exact ? "every item decided exactly once" : "MISMATCH");
    return exact ? 0 : 1;
}
