// Recall over one million scars: median latency of recall(k=5) for a set of queries.
// The fixture is built once in /tmp (or $SEDIMENT_RECALL_FIXTURE) and reused across runs.
#include "scars/ScarRecall.h"
#include "store/Database.h"
#include "util/Time.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QRandomGenerator>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace sediment;

namespace {

constexpr int kScars = 1'000'000;

// A vocabulary of made-up words: word i is used with a Zipf-like frequency, so some queries hit
// many scars and others few, as real text does.
QString word(int i)
{
    static const char* syllables[] = {"ka", "lo", "mi", "ra", "te", "su", "no", "vi",
                                      "da", "pe", "zo", "fu", "gi", "ha", "ju", "be"};
    QString w;
    int n = i + 1;
    while (n > 0) {
        w += QLatin1String(syllables[n % 16]);
        n /= 16;
    }
    return w;
}

bool build(const QString& path)
{
    auto db = Database::open(path);
    if (!db)
        return false;
    auto& d = **db;
    std::printf("building %d scars in %s (once)...\n", kScars, qPrintable(path));
    QElapsedTimer t;
    t.start();
    QRandomGenerator rng(42);
    const QDateTime base(QDate(2026, 1, 1), QTime(0, 0), Qt::UTC);
    auto tx = d.begin();
    auto st = d.prepare("INSERT INTO scars(kind, title, context, lesson, importance, scope, created_at) "
                        "VALUES (?,?,?,?,?,?,?)");
    if (!tx || !st)
        return false;
    auto text = [&](int words) {
        QStringList out;
        for (int i = 0; i < words; ++i) {
            // Skewed towards small indices: a few common words, a long tail of rare ones.
            const double u = rng.generateDouble();
            out << word(int(std::pow(u, 3.0) * 20000));
        }
        return out.join(QLatin1Char(' '));
    };
    for (int i = 0; i < kScars; ++i) {
        st->reset();
        st->bind(1, rng.bounded(2) ? "failure" : "victory");
        st->bind(2, text(6)).bind(3, text(20)).bind(4, text(12));
        st->bind(5, int(rng.bounded(11)));
        st->bind(6, rng.bounded(4) == 0 ? "ci" : "general");
        st->bind(7, time::toIso(base.addSecs(-qint64(rng.bounded(3 * 365 * 86400)))));
        if (!st->exec())
            return false;
    }
    if (!tx->commit())
        return false;
    std::printf("built in %.1f s\n", t.elapsed() / 1000.0);
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QString path = qEnvironmentVariable("SEDIMENT_RECALL_FIXTURE", QStringLiteral("/tmp/sediment-recall-1m.db"));
    if (!QFile::exists(path) && !build(path)) {
        std::fprintf(stderr, "cannot build the fixture\n");
        return 1;
    }
    auto db = Database::open(path);
    if (!db)
        return 1;
    {
        auto n = (*db)->prepare("SELECT COUNT(*) FROM scars");
        if (!n || !*n->step())
            return 1;
        std::printf("scars: %lld\n", n->int64(0));
    }
    FixedClock clock(QDateTime(QDate(2026, 6, 1), QTime(0, 0), Qt::UTC));
    ScarRecall recall(**db, clock);
    // Queries of one to three words across the frequency range (common, medium, rare).
    const QStringList queries{
        word(5000) + QLatin1Char(' ') + word(9000),
        word(2000),
        word(12000) + QLatin1Char(' ') + word(300),
        word(7000) + QLatin1Char(' ') + word(15000) + QLatin1Char(' ') + word(19000),
        word(900),
        word(4000) + QLatin1Char(' ') + word(11000),
        word(16000),
        word(3000) + QLatin1Char(' ') + word(8000),
    };
    for (const bool bump : {false, true}) {
        std::vector<double> ms;
        for (int round = 0; round < 5; ++round) {
            for (const QString& q : queries) {
                QElapsedTimer t;
                t.start();
                auto hits = recall.recall(q, round % 2 ? QStringLiteral("ci") : QString(), 5, bump);
                ms.push_back(t.nsecsElapsed() / 1e6);
                if (!hits) {
                    std::fprintf(stderr, "recall failed: %s\n", qPrintable(hits.error().message));
                    return 1;
                }
            }
        }
        std::sort(ms.begin(), ms.end());
        std::printf("recall k=5 over %d scars%s: median %.2f ms, p90 %.2f ms, max %.2f ms (%zu runs)\n", kScars,
                    bump ? " with the recall bump" : " (preview, no bump)", ms[ms.size() / 2], ms[ms.size() * 9 / 10],
                    ms.back(), ms.size());
    }
    return 0;
}
