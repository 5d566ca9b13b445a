#include "decisions/CalibrationSnapshots.h"
#include "FreshDatabase.h"
#include "model/Calibration.h"
#include "store/Database.h"
#include "store/DecisionRepository.h"
#include "util/Json.h"

#include <QTemporaryDir>
#include <QTest>

using namespace sediment;

// What the calibration read hands to the computation: only outcomes that can count, in id
// order (the summation order), with the category as its index in Decision::categories().
class CalibrationSamplesTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<Database> m_db;
    FixedClock m_clock{QDateTime(QDate(2026, 6, 1), QTime(12, 0), Qt::UTC)};

    qint64 add(double confidence, const QString& outcome, const QString& category)
    {
        Decision d;
        d.description = QStringLiteral("d");
        d.confidence = confidence;
        d.category = category;
        d.stakes = QStringLiteral("medium");
        d.outcome = outcome;
        d.createdAt = QStringLiteral("2026-01-01T00:00:00.000Z");
        auto id = DecisionRepository(*m_db).insert(d);
        if (!id)
            qFatal("insert failed");
        return *id;
    }

private Q_SLOTS:
    void init() { test::reopenFreshDatabase(m_dir, m_db, QStringLiteral("c.db")); }

    void readsOnlyCountableOutcomesInIdOrder()
    {
        add(0.9, QStringLiteral("failure"), QStringLiteral("security"));
        add(0.8, QStringLiteral("pending"), QStringLiteral("process"));
        add(0.7, QStringLiteral("success"), QStringLiteral("architecture"));
        add(0.6, QStringLiteral("noise"), QStringLiteral("process"));
        add(0.5, QStringLiteral("partial"), QStringLiteral("integration"));
        add(0.4, QStringLiteral("superseded"), QStringLiteral("tooling"));
        add(0.3, QStringLiteral("success"), QStringLiteral("tooling"));
        add(0.2, QStringLiteral("partial"), QStringLiteral("process"));
        auto samples = DecisionRepository(*m_db).calibrationSamples();
        QVERIFY(samples);
        QCOMPARE(samples->size(), size_t(5));
        using O = Calibration::Outcome;
        const std::vector<std::tuple<double, O, int>> want{{0.9, O::Failure, 3},
                                                           {0.7, O::Success, 0},
                                                           {0.5, O::Partial, 4},
                                                           {0.3, O::Success, 2},
                                                           {0.2, O::Partial, 1}};
        for (size_t i = 0; i < want.size(); ++i) {
            QCOMPARE((*samples)[i].confidence, std::get<0>(want[i]));
            QVERIFY((*samples)[i].outcome == std::get<1>(want[i]));
            QCOMPARE((*samples)[i].category, std::get<2>(want[i]));
        }
    }

    void anUnknownCategoryStillCountsOverallButInNoCategory()
    {
        add(0.9, QStringLiteral("success"), QStringLiteral("astrology"));
        add(0.9, QStringLiteral("success"), QStringLiteral("tooling"));
        auto figures = CalibrationSnapshots(*m_db, m_clock).current();
        QVERIFY(figures);
        QCOMPARE(figures->reviewed, qint64(2));
        QCOMPARE(figures->byCategory.size(), size_t(1));
        QCOMPARE(figures->byCategory.front().first, 2);
        QCOMPARE(figures->byCategory.front().second.count, qint64(1));
    }

    void storedFiguresEqualTheComputationOverTheSameSamples()
    {
        const QStringList outcomes = Decision::outcomes();
        const QStringList categories = Decision::categories();
        for (int i = 0; i < 200; ++i)
            add(double((i * 37) % 101) / 100.0, outcomes[i % outcomes.size()], categories[(i / 3) % categories.size()]);
        auto samples = DecisionRepository(*m_db).calibrationSamples();
        auto figures = CalibrationSnapshots(*m_db, m_clock).current();
        QVERIFY(samples && figures);
        const auto direct = Calibration::compute(*samples);
        QCOMPARE(figures->reviewed, direct.reviewed);
        QVERIFY(figures->reviewed > 0);
        QCOMPARE(*figures->brier, *direct.brier);
        QCOMPARE(*figures->ece, *direct.ece);
        QCOMPARE(json::pythonDump(figures->toJson()), json::pythonDump(direct.toJson()));
    }

    void outcomeAndCategoryNamesMapFromTheirBytes()
    {
        using O = Calibration::Outcome;
        QVERIFY(Calibration::outcomeOf("success") == O::Success);
        QVERIFY(Calibration::outcomeOf("partial") == O::Partial);
        QVERIFY(Calibration::outcomeOf("failure") == O::Failure);
        QVERIFY(Calibration::outcomeOf("noise") == O::Noise);
        QVERIFY(Calibration::outcomeOf("superseded") == O::Superseded);
        QVERIFY(Calibration::outcomeOf("pending") == O::Pending);
        QVERIFY(Calibration::outcomeOf("Success") == O::Pending);
        QVERIFY(Calibration::parseOutcome(QStringLiteral("partial")) == O::Partial);
        for (int i = 0; i < Decision::categories().size(); ++i)
            QCOMPARE(Calibration::categoryOf(Decision::categories()[i].toStdString()), i);
        QCOMPARE(Calibration::categoryOf("astrology"), -1);
        QCOMPARE(Calibration::categoryOf(""), -1);
    }
};

QTEST_GUILESS_MAIN(CalibrationSamplesTest)
#include "calibration_samples_test.moc"
