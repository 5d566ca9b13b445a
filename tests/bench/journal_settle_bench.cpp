// Settling on open (docs/architecture.md#durability): 10,000 unsettled journal rows (or the count given as the first
// argument) left by killed writers, over inbox items of ten files, a third of them recovered, a
// third rolled back, a third needing attention. Prints the time JournalSettler takes on them,
// as the first command after the crash would spend it; the target is under one second.
#include "agents/Agents.h"
#include "journal/JournalSettler.h"
#include "store/Database.h"
#include "store/InboxRepository.h"
#include "store/JournalRepository.h"
#include "util/Clock.h"
#include "workspace/Workspace.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>

#include <cstdio>
#include <cstdlib>

using namespace sediment;

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const int rows = argc > 1 ? std::atoi(argv[1]) : 10000;
    QTemporaryDir dir;
    auto ws = Agents::open(dir.path());
    if (!ws)
        return 3;
    Database& db = (*ws)->db();
    const SystemClock clock;
    {
        auto tx = db.begin();
        InboxRepository items(db);
        JournalRepository journal(db);
        for (int f = 0; f < 10; ++f) {
            QFile file(dir.filePath(QStringLiteral("file%1.md").arg(f)));
            if (!file.open(QIODevice::WriteOnly))
                return 3;
            file.write("new bytes\n");
        }
        for (int i = 0; i < rows; ++i) {
            InboxItem it;
            it.destination = QStringLiteral("claude_md");
            it.op = Json{{"before", ""}, {"after", "rule " + std::to_string(i)}};
            it.contentHash = QString::number(i);
            it.createdAt = QStringLiteral("2026-11-23T08:00:00.000Z");
            auto id = items.insert(it);
            if (!id)
                return 3;
            JournalEntry e;
            e.subjectType = QStringLiteral("inbox_item");
            e.subjectId = QString::number(*id);
            e.itemId = *id;
            e.targetPath = dir.filePath(QStringLiteral("file%1.md").arg(i % 10));
            const int kind = i % 3; // 0 recovered, 1 rolled back, 2 needs attention
            e.expected = kind == 1 ? QByteArray("new bytes\n") : QByteArray("old bytes\n");
            e.written = kind == 0 ? QByteArray("new bytes\n") : QByteArray("other bytes\n");
            e.createdAt = QStringLiteral("2026-11-23T08:00:00.000Z");
            e.outcome = Json{{"item", {{"id", *id}, {"status", "applied"}, {"decided_by", "bench"}}},
                             {"audit",
                              {{"actor", "human:bench"},
                               {"action", "inbox.approve"},
                               {"subject_type", "inbox_item"},
                               {"subject_id", std::to_string(*id)},
                               {"details", Json::object()}}}};
            if (!journal.insert(e))
                return 3;
        }
        if (!tx || !tx->commit())
            return 3;
    }
    QElapsedTimer timer;
    timer.start();
    auto report = JournalSettler(db, clock).settle();
    const double ms = double(timer.nsecsElapsed()) / 1e6;
    if (!report)
        return 3;
    std::printf("settled %d rows (%d recovered, %d rolled back, %d need attention) in %.1f ms\n", report->total(),
                report->recovered, report->rolledBack, report->needsAttention, ms);
    return report->total() == rows && ms < 1000.0 ? 0 : 1;
}
