// Reviewers racing over one team's inbox (docs/user-guide.md#team-mode): REVIEWERS processes,
// each in a workspace folder of its own (as on separate machines: no shared lock file), approve
// every one of ITEMS pending notes on one PostgreSQL schema, each in its own shuffled order.
// Every item must be decided exactly once: one applied status, one inbox.approve audit row, one
// note file across all folders, and the winners' count equal to ITEMS. Prints the decide
// latency (every attempt, and the winning ones): median, p99, max.
// MODE `race` (the default) has every reviewer try every item; `walk` has each one take its
// items from the queue with `inbox next` (InboxWalk: claims, SKIP LOCKED) and decide only
// those, as reviewers sharing a queue would: then no attempt should be lost, and the claim's
// own latency is printed too.
//
//   team_race_bench CONNINFO [ITEMS=10000] [REVIEWERS=4] [MODE=race|walk]
//
// CONNINFO: a libpq connection string whose role may create a schema (the test server's:
// tests/support/pg_server.sh start DIR, then $(cat DIR/conninfo)).
#include "agents/Agents.h"
#include "inbox/InboxService.h"
#include "inbox/InboxWalk.h"
#include "store/Database.h"
#include "store/InboxRepository.h"
#include "store/ReviewerRepository.h"
#include "TeamBenchFolder.h"
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

// One reviewer: approves every item in its own order; prints "W ms" for a win, "L ms" for a
// loss (told who decided), "E message" for anything else.
// One reviewer walking the queue: claims the next item, approves it, until none is left;
// prints "C ms" for each claim, then W/L/E for the decision as above.
int walker(const QString& dir)
{
    auto ws = Agents::open(dir);
    if (!ws) {
        std::printf("E %s\n", qPrintable(ws.error().message));
        return 3;
    }
    SystemClock clock;
    InboxService service(**ws, clock);
    InboxWalk walk(**ws, clock);
    const QString me = (*ws)->reviewer();
    QElapsedTimer t;
    for (;;) {
        t.start();
        auto next = walk.next(me);
        if (!next) {
            std::printf("E %s\n", qPrintable(next.error().message));
            return 3;
        }
        std::printf("C %.3f\n", double(t.nsecsElapsed()) / 1e6);
        if (!next->item)
            return 0;
        t.start();
        auto r = service.approve(next->item->id, me);
        const double ms = double(t.nsecsElapsed()) / 1e6;
        if (r && r->hasStatus(InboxStatus::Applied))
            std::printf("W %.3f\n", ms);
        else if (!r && r.error().kind == ErrorKind::Refused)
            std::printf("L %.3f %s\n", ms, qPrintable(r.error().message));
        else
            std::printf("E %s\n", r ? qPrintable(r->status) : qPrintable(r.error().message));
    }
}

int reviewer(const QString& dir, int items, unsigned seed)
{
    auto ws = Agents::open(dir);
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
        if (r && r->hasStatus(InboxStatus::Applied))
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
    if (args.size() >= 3 && args[1] == QLatin1String("--walker"))
        return walker(args[2]);
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: team_race_bench CONNINFO [ITEMS] [REVIEWERS] [race|walk]\n");
        return 2;
    }
    const QString conninfo = args[1];
    const int items = args.size() > 2 ? args[2].toInt() : 10000;
    const int reviewers = args.size() > 3 ? args[3].toInt() : 4;
    const bool walking = args.size() > 4 && args[4] == QLatin1String("walk");
    if (args.size() > 4 && !walking && args[4] != QLatin1String("race")) {
        std::fprintf(stderr, "team_race_bench: unknown mode '%s' (accepted: race, walk)\n", qPrintable(args[4]));
        return 2;
    }
    QTemporaryDir dir;
    const QString schema = QStringLiteral("race_%1").arg(QCoreApplication::applicationPid());
    for (int r = 0; r < reviewers; ++r)
        bench::writeTeamConfig(dir.filePath(QStringLiteral("reviewer%1").arg(r)), conninfo, schema);
    {
        auto ws = Agents::open(dir.filePath(QStringLiteral("reviewer0")));
        if (!ws)
            qFatal("%s", qPrintable(ws.error().message));
        // Reviewers are different people: a claim is its reviewer's, and one role's claims are
        // all its own. Each but the first (the workspace's owner) gets a login role of its own,
        // granted the right to decide as a team grants it, so that its decisions pass the
        // server's guards as a real reviewer's do (the bench's role creates them, as the test
        // server's superuser may).
        {
            for (int r = 1; r < reviewers; ++r) {
                const QString role = QStringLiteral("race_walker%1").arg(r);
                const std::string sql =
                    QStringLiteral(
                        "DO $$ BEGIN CREATE ROLE %1 LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$")
                        .arg(role)
                        .toStdString();
                if (!(*ws)->db().exec(sql.c_str()))
                    qFatal("cannot create the role %s", qPrintable(role));
                // The right, and exactly its privileges, through the server's grant function.
                auto tx = (*ws)->db().begin();
                if (!tx || !ReviewerRepository((*ws)->db()).grant(role, QStringLiteral("reviewer")) || !tx->commit())
                    qFatal("cannot grant %s", qPrintable(role));
                bench::writeTeamConfig(dir.filePath(QStringLiteral("reviewer%1").arg(r)),
                                       conninfo + QStringLiteral(" user=") + role, schema);
            }
        }
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
        const QString folder = dir.filePath(QStringLiteral("reviewer%1").arg(r));
        p->start(QCoreApplication::applicationFilePath(),
                 walking ? QStringList{QStringLiteral("--walker"), folder}
                         : QStringList{QStringLiteral("--reviewer"), folder, QString::number(items),
                                       QString::number(1000 + r)});
        procs.push_back(std::move(p));
    }
    std::vector<double> all, wins, claims;
    int won = 0, lost = 0, errors = 0;
    QString firstError;
    QString firstLoss; // what the first loser was told (walk mode)
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
            const QByteArray rest = line.mid(2);
            const qsizetype space = rest.indexOf(' ');
            const double ms = (space < 0 ? rest : rest.left(space)).toDouble();
            if (line[0] == 'L' && space >= 0 && firstLoss.isEmpty())
                firstLoss = QString::fromUtf8(rest.mid(space + 1));
            if (line[0] == 'C') {
                claims.push_back(ms);
                continue;
            }
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
    auto ws = Agents::open(dir.filePath(QStringLiteral("reviewer0")));
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
    std::printf(
        "%s: %d reviewers x %d items in %.1f s: won %d, told-who-won %d, errors %d%s%s\n", walking ? "walk" : "race",
        reviewers, items, seconds, won, lost, errors,
        firstError.isEmpty() ? "" : " (first: ", firstError.isEmpty() ? "" : qPrintable(firstError + QLatin1Char(')')));
    std::printf("applied %lld, inbox.approve audit rows %lld, items decided twice %lld, note files %lld\n", applied,
                auditRows, twice, files);
    std::printf("decide latency, every attempt: median %.2f ms  p99 %.2f ms  max %.2f ms\n", percentile(all, 0.5),
                percentile(all, 0.99), percentile(all, 1.0));
    std::printf("decide latency, winning ones:  median %.2f ms  p99 %.2f ms\n", percentile(wins, 0.5),
                percentile(wins, 0.99));
    if (!firstLoss.isEmpty())
        std::printf("first loser was told: %s\n", qPrintable(firstLoss));
    if (walking)
        std::printf("claim latency (inbox next):    median %.2f ms  p99 %.2f ms  (%zu claims)\n",
                    percentile(claims, 0.5), percentile(claims, 0.99), claims.size());
    (void)db.exec(("DROP SCHEMA " + schema.toStdString() + " CASCADE").c_str());
    const bool exact =
        won == items && applied == items && auditRows == items && twice == 0 && files == items && errors == 0;
    std::printf("%s\n", exact ? "every item decided exactly once" : "MISMATCH");
    return exact ? 0 : 1;
}
