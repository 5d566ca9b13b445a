// Inbox page with one million pending items: time to the first painted page, scroll to the end,
// a query filter, and resident memory. Usage: inbox_page_bench [WORKSPACE_DIR] (default
// /tmp/sediment-bench-1m; filled once with a bulk insert in one transaction).
#include "models/InboxTableModel.h"
#include "pages/InboxPage.h"
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

#include <cstdio>
#include <random>

using namespace sediment;

namespace {

constexpr qint64 kRows = 1'000'000;

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
    static const char* dests[] = {"memory", "user", "claude_md", "settings_json", "brain_inbox",
                                  "skill", "chantier_outil"};
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

// Runs the event loop until the table's viewport has painted, returns the elapsed ms.
double untilPainted(QTableView* table, const QElapsedTimer& since)
{
    table->viewport()->repaint();
    QApplication::processEvents();
    return double(since.nsecsElapsed()) / 1e6;
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("SedimentBench"));
    const QString dir = argc > 1 ? QString::fromLocal8Bit(argv[1])
                                 : QStringLiteral("/tmp/sediment-bench-1m");
    {
        auto ws = Workspace::open(dir); // creates the schema
        if (!ws) {
            std::fprintf(stderr, "cannot open %s\n", qPrintable(dir));
            return 3;
        }
    }
    if (!fill(dir + QStringLiteral("/sediment.db")))
        return 3;
    auto ws = Workspace::open(dir);
    if (!ws)
        return 3;
    const qint64 rssBefore = rssKiB();
    SystemClock clock;

    QElapsedTimer t;
    t.start();
    ui::InboxPage page(**ws, clock);
    page.resize(1200, 800);
    page.show();
    const double firstPage = untilPainted(page.table(), t);
    const int rows = page.model()->rowCount();

    t.restart();
    page.table()->scrollToBottom();
    const double toEnd = untilPainted(page.table(), t);
    const qint64 lastId = page.model()->idAt(rows - 1);

    t.restart();
    page.table()->scrollToTop();
    const double toTop = untilPainted(page.table(), t);

    auto query = [&](const char* text) {
        QElapsedTimer q;
        q.start();
        page.searchBox()->setText(QString::fromUtf8(text));
        page.applyQuery();
        const double ms = untilPainted(page.table(), q);
        std::printf("filter %-34s %9d rows  %8.1f ms\n", text, page.model()->rowCount(), ms);
    };

    std::printf("rows                         %9d\n", rows);
    std::printf("first page painted           %9.1f ms\n", firstPage);
    std::printf("scroll to end painted        %9.1f ms (last id %lld)\n", toEnd, lastId);
    std::printf("scroll to top painted        %9.1f ms\n", toTop);
    query("dest:memory");
    query("agent:owl");
    query("dest:claude_md score>=0.9");
    query("is:stale");
    query("lesson 999999");
    query("");
    t.restart();
    page.table()->scrollToBottom();
    std::printf("scroll to end again          %9.1f ms\n", untilPainted(page.table(), t));
    std::printf("RSS before page              %9lld KiB\n", rssBefore);
    std::printf("RSS after all                %9lld KiB\n", rssKiB());
    return 0;
}
