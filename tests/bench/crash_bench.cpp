// The large kill -9 run (docs/architecture.md#durability): 2,000 kills (or the count given as the first argument) spread
// over every journaled path, each followed by a settling command and a comparison of every file
// with its decision. Prints the disagreements per path; the figure to reach is zero.
#include "../crash/CrashHarness.h"

#include <QCoreApplication>

#include <cstdio>
#include <cstdlib>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const int target = argc > 1 ? std::atoi(argv[1]) : 2000;
    crash::Harness harness(quint32(std::time(nullptr)));
    // Enough items that approvals never run out before the kills do.
    // A second argument sets the items per destination instead (a large queue, few kills).
    if (!harness.setUp(argc > 2 ? std::atoi(argv[2]) : target / 4 + 10)) {
        std::fprintf(stderr, "cannot set up the workspace\n");
        return 3;
    }
    std::map<QString, crash::PathTally> tally;
    int kills = 0;
    for (int run = 0; kills < target && run < target * 5; ++run) {
        const QString path = crash::Harness::paths()[run % crash::Harness::paths().size()];
        crash::PathTally& t = tally[path];
        const int before = t.kills;
        if (!harness.runOnce(path, t))
            return 3;
        kills += t.kills - before;
        if (t.kills != before && kills % 100 == 0) {
            int sofar = 0;
            for (const auto& [name, each] : tally)
                sofar += each.disagreements;
            std::printf("%d kills, %d disagreements so far\n", kills, sofar);
            std::fflush(stdout);
        }
    }
    int disagreements = 0;
    for (const auto& [path, t] : tally) {
        std::printf("%-13s runs %5d kills %5d disagreements %d\n", qPrintable(path), t.runs, t.kills, t.disagreements);
        disagreements += t.disagreements;
    }
    std::printf("total kills %d disagreements %d\n", kills, disagreements);
    for (const QString& n : harness.notes().mid(0, 20))
        std::printf("  %s\n", qPrintable(n));
    return disagreements == 0 ? 0 : 1;
}
