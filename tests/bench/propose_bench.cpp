// Throughput of `sediment propose` against a plain SQLite insert of the same rows.
//
// Usage: propose_bench [N=100000] [SEDIMENT_BINARY]
// Generates N distinct memory-add proposals as JSON Lines, times `sediment propose FILE --json`
// (a real process, human gate, fresh workspace), then times inserting the same N lines into a
// simple table (one transaction, one prepared statement, WAL as Sediment uses), and prints both
// rates and their ratio. Build Release for meaningful figures. The lines are kept short so
// that 100,000 of them stay under the 16 MiB input limit.
//
// `propose` files deferred proposals in the intake (schema 5); moving them into the indexed
// inbox is the desktop's or the next inbox command's work, timed here apart ("filing"), and a
// second batch then shows `propose` against an inbox that already holds the first.
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include "store/Database.h"
#include "store/InboxStaging.h"

#include <sqlite3.h>

#include <sys/resource.h>

#include <cstdio>
#include <optional>
#include <vector>

namespace {

// CPU seconds (user + system) of this process or of its waited-for children: on a shared
// machine the wall clock also measures the neighbours.
double cpuSeconds(int who)
{
    rusage u{};
    getrusage(who, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

std::vector<QByteArray> makeLines(int n, int from = 0)
{
    std::vector<QByteArray> lines;
    lines.reserve(size_t(n));
    for (int i = from; i < from + n; ++i)
        lines.push_back(
            QStringLiteral(
                R"({"target":"memory","op":{"action":"add","content":"Lesson %1: test before pushing"},"rationale":"seen in s%2","score":0.%3,"source":{"agent":"bench"}})")
                .arg(i)
                .arg(i / 100)
                .arg(10 + i % 90)
                .toUtf8());
    return lines;
}

double plainInsert(const QString& path, const std::vector<QByteArray>& lines)
{
    QElapsedTimer t;
    t.start();
    sqlite3* db = nullptr;
    sqlite3_open(QFile::encodeName(path).constData(), &db);
    sqlite3_exec(db,
                 "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
                 "CREATE TABLE rows(id INTEGER PRIMARY KEY, body TEXT NOT NULL);",
                 nullptr, nullptr, nullptr);
    sqlite3_exec(db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(db, "INSERT INTO rows(body) VALUES (?)", -1, &st, nullptr);
    for (const QByteArray& line : lines) {
        sqlite3_bind_text(st, 1, line.constData(), int(line.size()), SQLITE_STATIC);
        sqlite3_step(st);
        sqlite3_reset(st);
    }
    sqlite3_finalize(st);
    sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr);
    sqlite3_close(db);
    return double(t.nsecsElapsed()) / 1e9;
}

bool writeLines(const QString& path, const std::vector<QByteArray>& lines)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    for (const QByteArray& line : lines)
        f.write(line + '\n');
    return true;
}

struct Proposed {
    double seconds = 0; // process start to exit, the whole outcome read
    QByteArray out;
};

// `sediment propose FILE --json` as a harness runs it.
std::optional<Proposed> propose(const QString& binary, const QString& workspace, const QString& input)
{
    QProcess p;
    QElapsedTimer t;
    t.start();
    p.start(binary,
            {QStringLiteral("--workspace"), workspace, QStringLiteral("propose"), input, QStringLiteral("--json")});
    p.waitForFinished(-1);
    Proposed r{0, p.readAllStandardOutput()};
    r.seconds = double(t.nsecsElapsed()) / 1e9;
    if (p.exitCode() != 0) {
        std::fprintf(stderr, "propose failed (%d): %s\n", p.exitCode(), p.readAllStandardError().constData());
        return std::nullopt;
    }
    return r;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const int n = args.size() > 1 ? args[1].toInt() : 100000;
    const QString binary = args.size() > 2 ? args[2] : QStringLiteral(SEDIMENT_BINARY);
    QTemporaryDir dir;
    const std::vector<QByteArray> lines = makeLines(n);
    const QString input = dir.filePath(QStringLiteral("proposals.jsonl"));
    const QString workspace = dir.filePath(QStringLiteral("ws"));
    if (!writeLines(input, lines))
        return 3;
    const auto first = propose(binary, workspace, input);
    if (!first)
        return 1;
    const QByteArray& out = first->out;
    const double proposeSeconds = first->seconds;
    const double proposeCpu = cpuSeconds(RUSAGE_CHILDREN);
    rusage child{};
    getrusage(RUSAGE_CHILDREN, &child); // ru_maxrss: the largest child's peak, in KiB
    const double cpuBefore = cpuSeconds(RUSAGE_SELF);
    const double plainSeconds = plainInsert(dir.filePath(QStringLiteral("plain.db")), lines);
    const double plainCpu = cpuSeconds(RUSAGE_SELF) - cpuBefore;
    const double proposeRate = n / proposeSeconds;
    const double plainRate = n / plainSeconds;
    std::printf("proposals:        %d (JSON Lines, %lld bytes of --json output)\n", n, qint64(out.size()));
    std::printf("sediment propose: %.3f s  %.0f proposals/s (process start to exit)\n", proposeSeconds, proposeRate);
    std::printf("plain insert:     %.3f s  %.0f rows/s\n", plainSeconds, plainRate);
    std::printf("ratio:            %.2fx slower than the plain insert (wall clock)\n", proposeSeconds / plainSeconds);
    std::printf("cpu time:         propose %.3f s (%.0f proposals/s), plain %.3f s (%.0f rows/s), ratio %.2fx\n",
                proposeCpu, n / proposeCpu, plainCpu, n / plainCpu, proposeCpu / plainCpu);
    std::printf("peak memory:      propose %.0f MiB (resident set)\n", double(child.ru_maxrss) / 1024.0);

    // Filing: the intake's rows into inbox_items and its indexes, in one transaction.
    {
        auto db = sediment::Database::open(workspace + QStringLiteral("/sediment.db"));
        if (!db)
            return 1;
        QElapsedTimer f;
        f.start();
        auto filed = sediment::InboxStaging(**db).foldAll();
        if (!filed)
            return 1;
        std::printf(
            "filing:           %.3f s  %lld rows into the indexed inbox (later, by the desktop or an inbox command)\n",
            double(f.nsecsElapsed()) / 1e9, qint64(filed->filed));
    }
    // A second batch of new proposals, into an inbox that holds the first.
    {
        const QString second = dir.filePath(QStringLiteral("more.jsonl"));
        if (!writeLines(second, makeLines(n, n)))
            return 3;
        const auto more = propose(binary, workspace, second);
        if (!more)
            return 1;
        const double s2 = more->seconds;
        std::printf("second batch:     %.3f s  %.0f proposals/s (%d new, beside the first %d pending)\n", s2, n / s2, n,
                    n);
    }
    return 0;
}
