// How long a curator dry run takes over 100,000 skills (target: under 500 ms).
// Usage: curator_bench [COUNT]
#include "agents/Agents.h"
#include "skills/Curator.h"
#include "store/Database.h"
#include "store/SkillRepository.h"
#include "util/Time.h"
#include "workspace/Workspace.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>

using namespace sediment;

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const int count = argc > 1 ? std::max(1, std::atoi(argv[1])) : 100000;
    QTemporaryDir dir;
    auto ws = Agents::open(dir.path());
    if (!ws) {
        std::fprintf(stderr, "%s\n", qPrintable(ws.error().message));
        return 3;
    }
    const QDateTime now = *time::parseIso(QStringLiteral("2026-06-01T12:00:00Z"));
    {
        auto tx = (*ws)->db().begin();
        SkillRepository repo((*ws)->db());
        static const char* const creators[] = {"agent", "agent", "agent", "user", "hub", "bundled"};
        for (int i = 0; i < count; ++i) {
            Skill s;
            s.name = QStringLiteral("skill-%1").arg(i, 6, 10, QLatin1Char('0'));
            s.createdBy = QLatin1String(creators[i % 6]);
            s.pinned = i % 50 == 0;
            s.state = i % 7 == 0 ? QStringLiteral("stale") : QStringLiteral("active");
            s.useCount = i % 4;
            s.createdAt = now.addDays(-200);
            if (s.useCount > 0)
                s.lastUsedAt = now.addSecs(-qint64(i % 150) * 86400 - i % 3600);
            if (i % 3 == 0)
                s.lastViewedAt = now.addSecs(-qint64(i % 40) * 86400);
            if (!repo.save(s)) {
                std::fprintf(stderr, "insert failed\n");
                return 3;
            }
        }
        if (!tx || !tx->commit())
            return 3;
    }
    FixedClock clock(now);
    double best = 1e9;
    CuratorReport last;
    for (int run = 0; run < 5; ++run) {
        QElapsedTimer timer;
        timer.start();
        auto report = Curator(**ws, clock).run(true);
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        if (!report) {
            std::fprintf(stderr, "%s\n", qPrintable(report.error().message));
            return 1;
        }
        best = std::min(best, ms);
        last = std::move(*report);
        std::printf("curator dry run over %d skills: %.1f ms\n", count, ms);
    }
    std::printf("best: %.1f ms (target < 500 ms) — checked %lld, stale %lld, archived %lld, "
                "reactivated %lld, pinned %lld, not agent %lld\n",
                best, qlonglong(last.checked), qlonglong(last.markedStale), qlonglong(last.archived),
                qlonglong(last.reactivated), qlonglong(last.skippedPinned), qlonglong(last.skippedNotAgent));
    return 0;
}
