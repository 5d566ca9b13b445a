// Importing Hermes' staged queues across profiles: 10,000 staged memory records spread over 20
// profiles (the root and 19 named ones), imported into a fresh workspace in one pass, then the
// pass the app's watcher repeats when nothing is new. Usage: hermes_import_bench [PROFILES]
// [RECORDS_PER_PROFILE] (default 20 500). CPU time is printed beside wall time: on a shared
// machine the wall time mostly measures the other processes.
#include "agents/Agents.h"
#include "hermes/PendingQueue.h"
#include "util/Clock.h"
#include "workspace/Workspace.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>

#include <cstdio>
#include <ctime>

using namespace sediment;

namespace {

void writeRecord(const QString& folder, int profile, int n)
{
    const QString id = QStringLiteral("%1%2").arg(profile, 2, 16, QLatin1Char('0')).arg(n, 6, 16, QLatin1Char('0'));
    const std::string content = "Fact " + std::to_string(n) + " of profile " + std::to_string(profile)
                                + ": the build cache lives under /var/cache/build-" + std::to_string(n) + ".";
    const Json j = {{"id", toStd(id)},
                    {"subsystem", "memory"},
                    {"action", "add"},
                    {"summary", "add to memory: " + content},
                    {"origin", "background_review"},
                    {"created_at", 1788940800.0 + profile * 1000 + n},
                    {"payload", {{"action", "add"}, {"target", "memory"}, {"content", content}}}};
    QFile f(folder + QLatin1Char('/') + id + QStringLiteral(".json"));
    if (f.open(QIODevice::WriteOnly))
        f.write(QByteArray::fromStdString(j.dump(2)));
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const int profiles = argc > 1 ? std::atoi(argv[1]) : 20;
    const int perProfile = argc > 2 ? std::atoi(argv[2]) : 500;
    QTemporaryDir dir;
    for (int p = 0; p < profiles; ++p) {
        const QString home = p == 0 ? dir.path() : dir.path() + QStringLiteral("/profiles/p%1").arg(p);
        const QString folder = home + QStringLiteral("/pending/memory");
        QDir().mkpath(folder);
        QFile cfg(home + QStringLiteral("/config.yaml"));
        if (cfg.open(QIODevice::WriteOnly))
            cfg.write("memory:\n  memory_char_limit: 2200\n  write_approval: true\n");
        for (int n = 0; n < perProfile; ++n)
            writeRecord(folder, p, n);
    }
    auto ws = Agents::open(dir.path());
    if (!ws) {
        std::fprintf(stderr, "%s\n", qPrintable(ws.error().message));
        return 3;
    }
    SystemClock clock;
    PendingQueue queue(**ws, clock);
    const auto cpuMs = [] { return double(std::clock()) * 1000.0 / CLOCKS_PER_SEC; };
    QElapsedTimer t;
    t.start();
    double cpu = cpuMs();
    auto first = queue.importAll(QStringLiteral("bench"));
    const qint64 importMs = t.elapsed();
    const double importCpu = cpuMs() - cpu;
    if (!first) {
        std::fprintf(stderr, "%s\n", qPrintable(first.error().message));
        return 3;
    }
    t.restart();
    cpu = cpuMs();
    auto again = queue.importAll(QStringLiteral("bench"));
    const qint64 againMs = t.elapsed();
    const double againCpu = cpuMs() - cpu;
    std::printf("profiles %d, staged records %d\n", profiles, profiles * perProfile);
    std::printf("first import: %lld ms wall, %.0f ms cpu (%zu imported, %zu unusable)\n", importMs, importCpu,
                first->imported.size(), first->unparseable.size());
    std::printf("re-import, nothing new: %lld ms wall, %.0f ms cpu (%zu waiting)\n", againMs, againCpu,
                again ? again->waiting.size() : size_t(0));
    return first->imported.size() == size_t(profiles * perProfile) ? 0 : 1;
}
