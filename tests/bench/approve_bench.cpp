// Times InboxService::approve (apply + status change + audit row, one transaction each) over
// 1,000 memory items and 1,000 claude_md items in a fresh workspace; prints the median and p95
// per approval in milliseconds. Target: under 10 ms.
#include "agents/Agents.h"
#include "inbox/InboxService.h"
#include "store/InboxRepository.h"
#include "util/Clock.h"
#include "workspace/Workspace.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace sediment;

namespace {

constexpr int kItems = 1000;

std::vector<qint64> seed(Workspace& ws, const char* destination, int count)
{
    std::vector<qint64> ids;
    InboxRepository repo(ws.db());
    auto tx = ws.db().begin();
    for (int i = 0; i < count; ++i) {
        InboxItem it;
        it.destination = QString::fromLatin1(destination);
        const std::string text = "Bench lesson number " + std::to_string(i) + ": keep the diff small.";
        it.op = it.destination == QLatin1String("memory")
                    ? Json{{"action", "add"}, {"content", text}}
                    : Json{{"path", "CLAUDE.md"}, {"before", ""}, {"after", "- " + text}};
        it.contentHash = QString::fromLatin1(destination) + QString::number(i);
        it.createdAt = QStringLiteral("2026-11-22T05:00:00.000Z");
        if (auto id = repo.insert(it))
            ids.push_back(*id);
    }
    if (tx)
        (void)tx->commit();
    return ids;
}

void report(const char* label, std::vector<double> ms, int failures)
{
    std::sort(ms.begin(), ms.end());
    if (ms.empty()) {
        std::printf("%-10s no approvals timed\n", label);
        return;
    }
    const double median = ms[ms.size() / 2];
    const double p95 = ms[std::min(ms.size() - 1, size_t(double(ms.size()) * 0.95))];
    std::printf("%-10s %zu approvals  median %.3f ms  p95 %.3f ms  max %.3f ms  failures %d\n", label, ms.size(),
                median, p95, ms.back(), failures);
}

void bench(Workspace& ws, const Clock& clock, const char* destination)
{
    const std::vector<qint64> ids = seed(ws, destination, kItems);
    InboxService service(ws, clock);
    std::vector<double> ms;
    int failures = 0;
    QElapsedTimer timer;
    for (qint64 id : ids) {
        timer.start();
        auto it = service.approve(id, QStringLiteral("bench"));
        ms.push_back(double(timer.nsecsElapsed()) / 1e6);
        if (!it || it->status != QLatin1String("applied"))
            ++failures;
    }
    report(destination, std::move(ms), failures);
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    QTemporaryDir dir;
    // A budget large enough that a thousand entries fit: the figure is the approval's cost.
    QFile config(dir.path() + QStringLiteral("/sediment.json"));
    if (!config.open(QIODevice::WriteOnly))
        return 3;
    config.write(R"({"memory_char_limit": 1000000})");
    config.close();
    auto ws = Agents::open(dir.path());
    if (!ws) {
        std::fprintf(stderr, "approve_bench: %s\n", qPrintable(ws.error().message));
        return 3;
    }
    SystemClock clock;
    bench(**ws, clock, "memory");
    bench(**ws, clock, "claude_md");
    return 0;
}
