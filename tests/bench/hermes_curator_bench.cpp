// How long a curator dry run takes on a Hermes home of COUNT skills (default 100,000), RECORDS of
// them with a .usage.json record (default: all but the bundled tenth). Every pass reads
// .usage.json, config.yaml, the manifests and cron/jobs.json afresh and walks skills/**/SKILL.md,
// as Hermes' curator does. The database holds what earlier passes synced from the file, as it
// does in a home the curator has run on, so the pass reads what a used workspace holds.
//
// Usage: hermes_curator_bench [COUNT [RECORDS]] [--home DIR] [--runs N]
//   --home DIR  builds the home in DIR once and reuses it afterwards (A/B runs of two builds on
//               the very same files); a temporary folder otherwise.
//   --runs N    timed passes (default 11); the median and the best are printed.
// A record is about 250 bytes in Hermes' format, so the 16 MiB limit on an input
// (docs/architecture.md#files) admits about 60,000 records: past that the pass is refused and only its two growing parts are timed.
#include "agents/Agents.h"
#include "skills/Curator.h"
#include "skills/HermesUsageFile.h"
#include "skills/SkillWalk.h"
#include "store/Database.h"
#include "store/SkillRepository.h"
#include "util/Time.h"
#include "workspace/Workspace.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <optional>

using namespace sediment;

namespace {

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

bool makeHome(const QString& home, int count, int records, const QDateTime& now)
{
    nlohmann::json usage = nlohmann::json::object();
    QByteArray manifest;
    QByteArray jobs = "{\"jobs\": [";
    int recorded = 0;
    for (int i = 0; i < count; ++i) {
        const QString name = QStringLiteral("skill-%1").arg(i, 6, 10, QLatin1Char('0'));
        const QString folder = home + QStringLiteral("/skills/") + name;
        if (!QDir().mkpath(folder)
            || !writeFile(folder + QStringLiteral("/SKILL.md"),
                          "---\nname: " + name.toUtf8() + "\ndescription: bench\n---\nbody\n"))
            return false;
        if (i % 10 == 9) { // bundled, no record: seeded
            manifest += name.toUtf8() + ":abc\n";
            continue;
        }
        if (recorded == records)
            continue; // made by hand, never used: no record, so not the curator's
        ++recorded;
        auto& rec = usage[name.toStdString()];
        rec["created_by"] = i % 5 == 0 ? nlohmann::json(nullptr) : nlohmann::json("agent");
        rec["use_count"] = i % 4;
        rec["view_count"] = 0;
        rec["patch_count"] = 0;
        rec["pinned"] = i % 50 == 0;
        rec["state"] = i % 7 == 0 ? "stale" : "active";
        rec["archived_at"] = nullptr;
        rec["created_at"] = HermesUsageFile::hermesTime(now.addDays(-200)).toStdString();
        rec["last_used_at"] =
            HermesUsageFile::hermesTime(now.addSecs(-qint64(i % 150) * 86400 - i % 3600)).toStdString();
        if (i % 100 == 1)
            jobs += (jobs.endsWith('[') ? "" : ", ") + QByteArray("{\"skills\": [\"") + name.toUtf8() + "\"]}";
    }
    jobs += "]}";
    return writeFile(home + QStringLiteral("/skills/.usage.json"),
                     QByteArray::fromStdString(HermesUsageFile::serialize(usage)))
           && writeFile(home + QStringLiteral("/skills/.bundled_manifest"), manifest)
           && QDir().mkpath(home + QStringLiteral("/cron")) && writeFile(home + QStringLiteral("/cron/jobs.json"), jobs)
           && writeFile(home + QStringLiteral("/config.yaml"), "curator:\n  enabled: true\n");
}

// What earlier passes left in the database: every record of the file, as a pass syncs it.
bool syncDatabase(Workspace& ws, const QString& home, const QDateTime& now)
{
    QFile f(home + QStringLiteral("/skills/.usage.json"));
    if (!f.open(QIODevice::ReadOnly))
        return false;
    auto parsed = HermesUsageFile::parse(f.readAll(), {}, now);
    if (!parsed)
        return false;
    SkillRepository skills(ws.db());
    auto known = skills.all();
    if (!known || known->size() >= parsed->skills.size())
        return bool(known);
    auto tx = ws.db().begin();
    if (!tx)
        return false;
    for (const Skill& s : parsed->skills) {
        if (!skills.save(s))
            return false;
    }
    return bool(tx->commit());
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    std::vector<int> numbers;
    QString homeArg;
    int runs = 11;
    for (int k = 1; k < argc; ++k) {
        if (std::strcmp(argv[k], "--home") == 0 && k + 1 < argc)
            homeArg = QString::fromLocal8Bit(argv[++k]);
        else if (std::strcmp(argv[k], "--runs") == 0 && k + 1 < argc)
            runs = std::max(1, std::atoi(argv[++k]));
        else
            numbers.push_back(std::max(1, std::atoi(argv[k])));
    }
    const int count = numbers.size() > 0 ? numbers[0] : 100000;
    const int records = numbers.size() > 1 ? std::min(numbers[1], count) : count;
    QTemporaryDir tmp;
    const QString home = homeArg.isEmpty() ? tmp.path() : QDir(homeArg).absolutePath();
    const QDateTime now = *time::parseIso(QStringLiteral("2026-06-01T12:00:00Z"));
    if (!QFileInfo(home + QStringLiteral("/skills/.usage.json")).isFile()) {
        QElapsedTimer made;
        made.start();
        if (!makeHome(home, count, records, now)) {
            std::fprintf(stderr, "cannot write the home\n");
            return 3;
        }
        std::printf("made the home in %s (%.1f s)\n", qPrintable(home), double(made.elapsed()) / 1000);
    }
    auto ws = Agents::open(home);
    if (!ws) {
        std::fprintf(stderr, "%s\n", qPrintable(ws.error().message));
        return 3;
    }
    if (!syncDatabase(**ws, home, now)) {
        std::fprintf(stderr, "cannot sync the database\n");
        return 3;
    }
    FixedClock clock(now);
    std::vector<double> times;
    CuratorReport last;
    bool refused = false;
    for (int run = 0; run < runs; ++run) {
        QElapsedTimer timer;
        timer.start();
        auto report = Curator(**ws, clock).run(true);
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        if (!report) {
            std::fprintf(stderr, "the pass stopped: %s\n", qPrintable(report.error().message));
            refused = true;
            break;
        }
        times.push_back(ms);
        last = std::move(*report);
        std::printf("Hermes curator dry run over %d skills: %.1f ms\n", count, ms);
    }
    // The parts that grow with the home, timed alone: the walk of skills/**/SKILL.md, reading
    // .usage.json, and the database's skills.
    QElapsedTimer part;
    part.start();
    const auto found = SkillWalk::under(home + QStringLiteral("/skills"));
    const double walkMs = double(part.nsecsElapsed()) / 1e6;
    QFile usageFile(home + QStringLiteral("/skills/.usage.json"));
    usageFile.open(QIODevice::ReadOnly);
    part.restart();
    const auto parsed = HermesUsageFile::parse(usageFile.readAll(), {}, now);
    const double usageMs = double(part.nsecsElapsed()) / 1e6;
    std::printf("of which: the walk %.1f ms (%zu skills), reading .usage.json %.1f ms (%lld bytes, %zu records)\n",
                walkMs, found.size(), usageMs, qlonglong(usageFile.size()),
                parsed ? parsed->skills.size() : std::size_t(0));
    if (refused) {
        std::printf("walk + .usage.json: %.1f ms of the pass's two growing parts\n", walkMs + usageMs);
        return 1;
    }
    std::printf("median: %.1f ms, best %.1f ms over %zu passes (target < 500 ms) — checked %lld, stale %lld, "
                "archived %lld, reactivated %lld, seeded %lld, pinned %lld, cron %lld, not curated %lld\n",
                median(times), *std::min_element(times.begin(), times.end()), times.size(), qlonglong(last.checked),
                qlonglong(last.markedStale), qlonglong(last.archived), qlonglong(last.reactivated),
                qlonglong(last.seeded), qlonglong(last.skippedPinned), qlonglong(last.skippedCron),
                qlonglong(last.skippedNotAgent));
    return 0;
}
