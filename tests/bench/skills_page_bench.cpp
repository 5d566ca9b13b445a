// How long the Skills page takes to show its first page over 100,000 skills (target: 150 ms).
// Usage: QT_QPA_PLATFORM=offscreen skills_page_bench [COUNT]
#include "agents/Agents.h"
#include "skills/SkillsPage.h"
#include "skills/SkillTableModel.h"
#include "store/SkillRepository.h"
#include "util/Clock.h"
#include "util/Time.h"
#include "workspace/Workspace.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTableView>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>

using namespace sediment;

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const int count = argc > 1 ? std::max(1, std::atoi(argv[1])) : 100000;
    QTemporaryDir dir;
    auto ws = Agents::open(dir.path());
    if (!ws)
        return 3;
    const QDateTime now = *time::parseIso(QStringLiteral("2026-06-01T12:00:00Z"));
    {
        auto tx = (*ws)->db().begin();
        SkillRepository repo((*ws)->db());
        for (int i = 0; i < count; ++i) {
            Skill s;
            s.name = QStringLiteral("skill-%1").arg((i * 7919) % count, 6, 10, QLatin1Char('0'));
            s.createdBy = i % 5 == 0 ? QStringLiteral("user") : QStringLiteral("agent");
            s.state = i % 9 == 0 ? QStringLiteral("archived") : QStringLiteral("active");
            s.useCount = i % 13;
            s.createdAt = now.addDays(-300);
            s.lastUsedAt = now.addSecs(-qint64(i) * 97);
            if (!repo.save(s))
                return 3;
        }
        if (!tx || !tx->commit())
            return 3;
    }
    FixedClock clock(now);
    for (int run = 0; run < 3; ++run) {
        QElapsedTimer timer;
        timer.start();
        ui::SkillsPage page(**ws, clock);
        page.resize(1000, 700);
        page.show();
        QApplication::processEvents();
        page.table()->viewport()->repaint(); // the first page of rows is painted, so fetched
        const double ms = double(timer.nsecsElapsed()) / 1e6;
        std::printf("skills page with %d skills: first page shown in %.1f ms (target < 150 ms), "
                    "%d rows listed\n",
                    count, ms, page.model()->rowCount());
        QElapsedTimer sortTimer;
        sortTimer.start();
        page.table()->sortByColumn(ui::SkillTableModel::LastActivityColumn, Qt::DescendingOrder);
        page.table()->viewport()->repaint();
        std::printf("  sort by last activity: %.1f ms\n", double(sortTimer.nsecsElapsed()) / 1e6);
    }
    return 0;
}
