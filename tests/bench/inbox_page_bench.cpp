// Inbox page with one million pending items: the free-text index's catch-up (from scratch, as the
// page runs it), time to the first painted page, scroll to the end, every word of the query
// language (each filter applied kRounds times, medians printed), the preflight's words over
// verdicts handed to the page as a finished run hands them, and resident memory.
// Usage: inbox_page_bench [WORKSPACE_DIR] (default /tmp/sediment-bench-1m; filled once with a
// bulk insert in one transaction).
#include "agents/Agents.h"
#include "inbox/InboxPage.h"
#include "inbox/InboxPreflight.h"
#include "inbox/InboxTableModel.h"
#include "inbox/InboxUpkeep.h"
#include "inbox/PreflightVerdict.h"
#include "store/Database.h"
#include "util/Clock.h"
#include "workspace/Workspace.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLineEdit>
#include <QScrollBar>
#include <QTableView>

#include <sqlite3.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>
#include <random>
#include <vector>

using namespace sediment;

namespace {

constexpr qint64 kRows = 1'000'000;
// Each filter is applied this many times, in rounds over the whole list: more filters than the
// model remembers counts for (8) lie between two runs of one filter, so every run counts afresh.
constexpr int kRounds = 5;

qint64 rssKiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toLongLong();
    return -1;
}

bool fill(const QString& dbPath)
{
    sqlite3* db = nullptr;
    if (sqlite3_open(QFile::encodeName(dbPath).constData(), &db) != SQLITE_OK)
        return false;
    sqlite3_stmt* count = nullptr;
    sqlite3_prepare_v2(db, "SELECT COUNT(*) FROM inbox_items", -1, &count, nullptr);
    sqlite3_step(count);
    const qint64 have = sqlite3_column_int64(count, 0);
    sqlite3_finalize(count);
    if (have >= kRows) {
        sqlite3_close(db);
        return true;
    }
    std::printf("filling %s with %lld pending items…\n", qPrintable(dbPath), kRows - have);
    QElapsedTimer t;
    t.start();
    sqlite3_exec(db, "BEGIN", nullptr, nullptr, nullptr);
    sqlite3_stmt* ins = nullptr;
    sqlite3_prepare_v2(db,
                       "INSERT INTO inbox_items(destination, op_json, content_hash, rationale, "
                       "score, agent, session, status, created_at) "
                       "VALUES (?,?,?,?,?,?,?,'pending',?)",
                       -1, &ins, nullptr);
    static const char* dests[] = {"memory",      "user",  "claude_md",     "settings_json",
                                  "brain_inbox", "skill", "chantier_outil"};
    static const char* agents[] = {"scout", "owl", "night-shift", "curator-bot", "reviewer"};
    std::mt19937 rng(7);
    for (qint64 i = have; i < kRows; ++i) {
        const char* d = dests[i % 7];
        const std::string op = "{\"action\":\"add\",\"content\":\"lesson " + std::to_string(i)
                               + ": prefer small, reversible changes and run the tests first\"}";
        const std::string hash = std::to_string(i);
        sqlite3_bind_text(ins, 1, d, -1, SQLITE_STATIC);
        sqlite3_bind_text(ins, 2, op.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(ins, 3, hash.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(ins, 4, "seen in several sessions", -1, SQLITE_STATIC);
        sqlite3_bind_double(ins, 5, double(rng() % 1000) / 1000.0);
        sqlite3_bind_text(ins, 6, agents[i % 5], -1, SQLITE_STATIC);
        sqlite3_bind_text(ins, 7, "bench", -1, SQLITE_STATIC);
        sqlite3_bind_text(ins, 8, "2026-03-01T09:00:00.000Z", -1, SQLITE_STATIC);
        sqlite3_step(ins);
        sqlite3_reset(ins);
    }
    sqlite3_finalize(ins);
    const bool ok = sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close(db);
    std::printf("filled in %.1f s\n", double(t.elapsed()) / 1000.0);
    return ok;
}

// What `profile:` and `is:stale` select: one item in ten came from a Hermes profile (three of
// them), one in two hundred is stale. Added once, also to a workspace filled before they were.
bool fillProfilesAndStale(const QString& dbPath)
{
    sqlite3* db = nullptr;
    if (sqlite3_open(QFile::encodeName(dbPath).constData(), &db) != SQLITE_OK)
        return false;
    sqlite3_stmt* count = nullptr;
    sqlite3_prepare_v2(db, "SELECT COUNT(*) FROM hermes_staged", -1, &count, nullptr);
    sqlite3_step(count);
    const qint64 have = sqlite3_column_int64(count, 0);
    sqlite3_finalize(count);
    bool ok = true;
    if (have == 0) {
        std::printf("adding profiles and stale items…\n");
        ok = sqlite3_exec(db,
                          "BEGIN;"
                          "INSERT INTO hermes_staged(hermes_id, file_name, inbox_id, imported_at, profile) "
                          "SELECT 'bench-' || id, 'bench-' || id || '.json', id, created_at, "
                          "CASE id % 3 WHEN 0 THEN 'default' WHEN 1 THEN 'work' ELSE 'night' END "
                          "FROM inbox_items WHERE id % 10 = 0;"
                          "UPDATE inbox_items SET stale = 1 WHERE id % 200 = 7;"
                          "COMMIT;",
                          nullptr, nullptr, nullptr)
             == SQLITE_OK;
    }
    sqlite3_close(db);
    return ok;
}

// CPU time of this thread in ms: on a shared machine the wall clock also measures the
// neighbours, so each figure is printed both ways.
double cpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

// Runs the event loop until the table's viewport has painted, returns the elapsed ms.
double untilPainted(QTableView* table, const QElapsedTimer& since)
{
    table->viewport()->repaint();
    QApplication::processEvents();
    return double(since.nsecsElapsed()) / 1e6;
}

// Runs the event loop until the model has read every id of its filter (the scroll bar is then
// final), or for at most kLoadLimitMs; returns the elapsed ms since `since`, negative when the
// limit cut it short (the next filter then stops the read).
constexpr double kLoadLimitMs = 10'000;

double untilLoaded(ui::InboxTableModel* model, const QElapsedTimer& since)
{
    while (model->isLoading()) {
        if (double(since.nsecsElapsed()) / 1e6 > kLoadLimitMs)
            return -1;
        QApplication::processEvents(QEventLoop::AllEvents, 50);
    }
    return double(since.nsecsElapsed()) / 1e6;
}

// Empties the free-text index and catches it up again with the page's own pacing, from the
// event loop: the total, and each slice's write transaction (what a `propose` may wait for).
bool timeCatchUp(Database& db)
{
    if (!db.exec("INSERT INTO inbox_text(inbox_text) VALUES('delete-all'); "
                 "UPDATE inbox_text_mark SET upto = 0;"))
        return false;
    ui::InboxUpkeep catchUp(db);
    std::vector<double> sliceMs;
    std::vector<qint64> sliceRows;
    bool failed = false;
    QObject::connect(&catchUp, &ui::InboxUpkeep::sliceDone, [&](const InboxTextIndex::Progress& p, qint64 ns) {
        sliceMs.push_back(double(ns) / 1e6);
        sliceRows.push_back(p.indexed);
    });
    QObject::connect(&catchUp, &ui::InboxUpkeep::failed, [&](const QString& message) {
        std::fprintf(stderr, "catch-up failed: %s\n", qPrintable(message));
        failed = true;
    });
    QElapsedTimer t;
    t.start();
    const double cpu = cpuMs();
    catchUp.start();
    while (catchUp.isRunning() && !failed)
        QApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    const double total = double(t.nsecsElapsed()) / 1e6;
    const double totalCpu = cpuMs() - cpu;
    if (sliceMs.empty())
        return !failed;
    qint64 rows = 0;
    for (qint64 n : sliceRows)
        rows += n;
    std::vector<double> sorted = sliceMs;
    std::sort(sorted.begin(), sorted.end());
    std::vector<qint64> sortedRows = sliceRows;
    std::sort(sortedRows.begin(), sortedRows.end());
    double inTransactions = 0;
    for (double ms : sliceMs)
        inTransactions += ms;
    std::printf("text index catch-up          %9.1f ms (cpu %.1f; %lld rows in %zu slices, %.1f ms "
                "of them in write transactions)\n",
                total, totalCpu, rows, sliceMs.size(), inTransactions);
    std::printf("  per slice                  median %.1f ms, p90 %.1f ms, max %.1f ms; median "
                "%lld rows\n",
                sorted[sorted.size() / 2], sorted[sorted.size() * 9 / 10], sorted.back(),
                sortedRows[sortedRows.size() / 2]);
    return !failed;
}

// Verdicts for every pending item, as a finished preflight run hands them to the page
// (InboxPreflight::updated, then InboxTableModel::setVerdicts): a run over a million items takes
// far longer than the bench, so they are made up here, in the proportions of preflight_bench's
// queue. By id: a fifth fails and a twentieth is stale (is:dead), a tenth repeats an older item
// and a twentieth is already present (is:dup), the rest applies (is:ok); one in fifty is flagged
// unsafe besides.
std::map<qint64, PreflightVerdict> madeUpVerdicts(Database& db)
{
    std::map<qint64, PreflightVerdict> verdicts;
    auto st = db.prepare("SELECT id FROM inbox_items WHERE status = 'pending' ORDER BY id");
    if (!st)
        return verdicts;
    (void)st->forEachRow([&](const Statement& row) {
        const qint64 id = row.int64(0);
        PreflightVerdict v;
        if (id % 5 == 1)
            v.kind = PreflightKind::Fails;
        else if (id % 20 == 4)
            v.kind = PreflightKind::Stale;
        else if (id % 10 == 2)
            v.kind = PreflightKind::Duplicate;
        else if (id % 20 == 6)
            v.kind = PreflightKind::Present;
        if (v.kind == PreflightKind::Duplicate)
            v.of = id - 1;
        if (id % 50 == 3)
            v.unsafe = QStringLiteral("bench: a made-up finding");
        verdicts.emplace_hint(verdicts.end(), id, std::move(v));
    });
    return verdicts;
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    // Figures as they come: the filters take minutes.
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    QApplication::setOrganizationName(QStringLiteral("SedimentBench"));
    const QString dir = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral("/tmp/sediment-bench-1m");
    {
        auto ws = Agents::open(dir); // creates the schema
        if (!ws) {
            std::fprintf(stderr, "cannot open %s\n", qPrintable(dir));
            return 3;
        }
    }
    if (!fill(dir + QStringLiteral("/sediment.db")) || !fillProfilesAndStale(dir + QStringLiteral("/sediment.db")))
        return 3;
    auto ws = Agents::open(dir);
    if (!ws)
        return 3;
    if (!timeCatchUp((*ws)->db()))
        return 3;
    const qint64 rssBefore = rssKiB();
    SystemClock clock;

    QElapsedTimer t;
    t.start();
    double cpu = cpuMs();
    ui::InboxPage page(**ws, clock);
    page.resize(1200, 800);
    page.show();
    const double firstPage = untilPainted(page.table(), t);
    const double firstPageCpu = cpuMs() - cpu;
    const int firstRows = page.model()->rowCount();

    // Straight after the first paint, as a user pressing End would: if the model were still
    // reading ids, the end reached is not the real one, and the figure below says so.
    t.restart();
    cpu = cpuMs();
    page.table()->scrollToBottom();
    const double toEnd = untilPainted(page.table(), t);
    const double toEndCpu = cpuMs() - cpu;
    const int rowsAtEnd = page.model()->rowCount();
    const qint64 lastId = page.model()->idAt(rowsAtEnd - 1);
    t.restart();
    const double firstLoaded = untilLoaded(page.model(), t);
    const int rows = page.model()->rowCount();
    const bool endWasFinal = rowsAtEnd == rows && lastId == page.model()->idAt(rows - 1);

    t.restart();
    cpu = cpuMs();
    page.table()->scrollToTop();
    const double toTop = untilPainted(page.table(), t);
    const double toTopCpu = cpuMs() - cpu;

    struct Run {
        double ms, msCpu, all, allCpu;
        int shown, rows;
    };
    auto query = [&](const char* text) {
        QElapsedTimer q;
        q.start();
        const double before = cpuMs();
        page.searchBox()->setText(QString::fromUtf8(text));
        page.applyQuery();
        Run run{};
        run.ms = untilPainted(page.table(), q);
        run.msCpu = cpuMs() - before;
        run.shown = page.model()->rowCount();
        run.all = untilLoaded(page.model(), q);
        run.allCpu = cpuMs() - before;
        run.rows = page.model()->rowCount();
        return run;
    };
    const auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    };
    std::printf("rows                         %9d (%d at the first paint, all %.1f ms after scrolling)\n", rows,
                firstRows, firstLoaded);
    std::printf("first page painted           %9.1f ms (cpu %.1f)\n", firstPage, firstPageCpu);
    std::printf("scroll to end painted        %9.1f ms (cpu %.1f) (last id %lld%s)\n", toEnd, toEndCpu, lastId,
                endWasFinal ? ", the real end" : ", NOT the real end: ids were still being read");
    std::printf("scroll to top painted        %9.1f ms (cpu %.1f)\n", toTop, toTopCpu);
    // Every word of the query language (core/model/InboxQuery.cpp), alone, negated and combined.
    static constexpr std::array filters{
        "dest:memory",
        "destination:memory,skill",
        "agent:owl,scout",
        "-dest:memory",
        "status:pending",
        "-status:refused",
        "status:all",
        "agent:owl",
        "-agent:owl",
        "profile:work",
        "-profile:work",
        "is:stale",
        "is:outdated",
        "-is:stale",
        "score>=0.9",
        "score>0.9",
        "score<0.1",
        "score<=0.1",
        "score=0.5",
        "score:0.5",
        "score<0.9",
        "-score>=0.9",
        "score>=0.4 score<0.6",
        "dest:claude_md score>=0.9",
        "agent:owl score>=0.5",
        "profile:work score>=0.9",
        "is:stale score>=0.5",
        "lesson 999999",
        "\"lesson 99999\"",
        // Common words through the trigram index: the first rows at once, the rest streaming in.
        "owl",
        "lesson",
        "-lesson",
        "",
    };
    const auto timeAll = [&](auto names) {
        std::vector<std::vector<Run>> runs(names.size());
        for (int round = 0; round < kRounds; ++round)
            for (size_t i = 0; i < names.size(); ++i)
                runs[i].push_back(query(names[i]));
        for (size_t i = 0; i < names.size(); ++i) {
            std::vector<double> ms, msCpu, all, allCpu;
            for (const Run& r : runs[i]) {
                ms.push_back(r.ms);
                msCpu.push_back(r.msCpu);
                all.push_back(r.all);
                allCpu.push_back(r.allCpu);
            }
            const Run& last = runs[i].back();
            std::printf("filter %-28s %8d rows %7.1f ms (cpu %6.1f); ", names[i], last.shown, median(ms),
                        median(msCpu));
            if (median(all) < 0)
                std::printf("all NOT read in %.0f ms (%d rows by then)\n", kLoadLimitMs, last.rows);
            else
                std::printf("all %8d rows %7.1f ms (cpu %6.1f)\n", last.rows, median(all), median(allCpu));
        }
    };
    std::printf("filters, median of %d runs: painted (first page) and all rows read\n", kRounds);
    timeAll(filters);
    // The preflight's words are answered from the verdicts the page holds (InboxTableModel::
    // readByVerdict), not by the store: the verdicts are handed to the model as a finished run
    // hands them, then each word is timed like the filters above, from Enter to the first page
    // painted.
    const auto verdicts = madeUpVerdicts((*ws)->db());
    page.model()->setVerdicts(&verdicts);
    static constexpr std::array verdictFilters{
        "is:dead",
        "is:dup",
        "is:ok",
        "is:unsafe",
        "-is:ok",
        "is:dead,dup",
        "dest:memory is:dead",
        "is:ok score>=0.9",
        "status:all is:unsafe",
    };
    std::printf("preflight words, %zu verdicts given (the page's own run over the queue: %s), median of %d runs\n",
                verdicts.size(), page.preflight()->hasRun() ? "done, and it replaced them" : "not done", kRounds);
    timeAll(verdictFilters);
    if (page.preflight()->hasRun())
        std::printf("the page's own preflight ended during the preflight words: its verdicts were used\n");
    t.restart();
    cpu = cpuMs();
    page.table()->scrollToBottom();
    const double again = untilPainted(page.table(), t);
    std::printf("scroll to end again          %9.1f ms (cpu %.1f)\n", again, cpuMs() - cpu);
    {
        // The model alone, without the page's widgets: what reading the default view's ids costs.
        t.restart();
        cpu = cpuMs();
        ui::InboxTableModel alone((*ws)->db(), ui::InboxTableModel::Pacing{10'000, 15, 16 * 1024});
        std::printf("model alone, every id read   %9.1f ms (cpu %.1f, %d rows%s)\n", double(t.nsecsElapsed()) / 1e6,
                    cpuMs() - cpu, alone.rowCount(), alone.isLoading() ? ", still reading" : "");
    }
    std::printf("RSS before page              %9lld KiB\n", rssBefore);
    std::printf("RSS after all                %9lld KiB\n", rssKiB());
    // The page's preflight of a million items is still running on its thread, and its
    // destructor would wait for the run to end: leave without destroying anything.
    std::fflush(stdout);
    std::_Exit(0);
}
