// Calibration over 100,000 reviewed decisions: the computation alone and with the SQL read.
#include "decisions/CalibrationSnapshots.h"
#include "model/Calibration.h"
#include "store/Database.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace sediment;

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    constexpr int kDecisions = 100'000;
    QTemporaryDir dir;
    auto db = Database::open(dir.filePath(QStringLiteral("bench.db")));
    if (!db)
        return 1;
    QRandomGenerator rng(7);
    const char* outcomes[] = {"success", "partial", "failure", "noise", "superseded", "pending"};
    const char* categories[] = {"architecture", "process", "tooling", "security", "integration"};
    {
        auto tx = (*db)->begin();
        auto st = (*db)->prepare("INSERT INTO decisions(description, confidence, category, stakes, "
                                 "outcome, created_at) VALUES ('d', ?, ?, 'medium', ?, '2026-01-01T00:00:00.000Z')");
        if (!tx || !st)
            return 1;
        for (int i = 0; i < kDecisions; ++i) {
            st->reset();
            st->bind(1, double(rng.bounded(101)) / 100.0);
            st->bind(2, categories[rng.bounded(5)]);
            st->bind(3, outcomes[rng.bounded(i % 10 == 0 ? 6 : 3)]);
            if (!st->exec())
                return 1;
        }
        if (!tx->commit())
            return 1;
    }
    SystemClock clock;
    CalibrationSnapshots snapshots(**db, clock);
    std::vector<double> withSql;
    std::vector<double> computeOnly;
    qint64 reviewed = 0;
    for (int round = 0; round < 11; ++round) {
        QElapsedTimer t;
        t.start();
        auto f = snapshots.current();
        withSql.push_back(t.nsecsElapsed() / 1e6);
        if (!f)
            return 1;
        reviewed = f->reviewed;
    }
    std::vector<Calibration::Sample> samples;
    for (int i = 0; i < kDecisions; ++i)
        samples.push_back(
            {double(rng.bounded(101)) / 100.0, Calibration::Outcome(1 + rng.bounded(3)), int(rng.bounded(5))});
    for (int round = 0; round < 11; ++round) {
        QElapsedTimer t;
        t.start();
        const auto f = Calibration::compute(samples);
        computeOnly.push_back(t.nsecsElapsed() / 1e6);
        if (f.reviewed == 0)
            return 1;
    }
    std::sort(withSql.begin(), withSql.end());
    std::sort(computeOnly.begin(), computeOnly.end());
    std::printf("calibration over %d decisions (%lld counted): median %.2f ms with the SQL read, "
                "max %.2f ms\n",
                kDecisions, reviewed, withSql[withSql.size() / 2], withSql.back());
    std::printf("calibration computation alone over %d samples: median %.2f ms\n", kDecisions,
                computeOnly[computeOnly.size() / 2]);
    return 0;
}
