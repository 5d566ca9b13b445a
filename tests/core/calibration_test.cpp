#include "model/Calibration.h"

#include <QTest>

using namespace sediment;
using O = Calibration::Outcome;

class CalibrationTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void binsFollowNumpyEdgesWithInnerEdgesGoingLow()
    {
        QCOMPARE(Calibration::binOf(0.0), 0);
        QCOMPARE(Calibration::binOf(0.05), 0);
        QCOMPARE(Calibration::binOf(0.1), 0);
        QCOMPARE(Calibration::binOf(0.2), 1);
        // numpy's third edge is 3 * 0.1 = 0.30000000000000004, so 0.3 stays in bin 2.
        QCOMPARE(Calibration::binOf(0.3), 2);
        QCOMPARE(Calibration::binOf(0.30000000000000004), 2);
        QCOMPARE(Calibration::binOf(0.3000000000000001), 3);
        QCOMPARE(Calibration::binOf(0.4), 3);
        QCOMPARE(Calibration::binOf(0.5), 4);
        QCOMPARE(Calibration::binOf(0.6), 5);
        QCOMPARE(Calibration::binOf(0.7), 6);
        QCOMPARE(Calibration::binOf(0.8), 7);
        QCOMPARE(Calibration::binOf(0.9), 8);
        QCOMPARE(Calibration::binOf(0.95), 9);
        QCOMPARE(Calibration::binOf(1.0), 9);
        QCOMPARE(Calibration::edges()[10], 1.0);
        QCOMPARE(Calibration::edges()[3], 3 * 0.1);
    }

    void excludesNoiseSupersededPendingAndAbandoned()
    {
        QVERIFY(!Calibration::target({0.6, O::Noise, 0}));
        QVERIFY(!Calibration::target({0.8, O::Superseded, 0}));
        QVERIFY(!Calibration::target({0.9, O::Pending, 0}));
        QVERIFY(!Calibration::target({0.0, O::Failure, 0}));       // abandoned
        QCOMPARE(*Calibration::target({0.0, O::Success, 0}), 1.0); // not abandoned
        QCOMPARE(*Calibration::target({0.01, O::Failure, 0}), 0.0);
        QCOMPARE(*Calibration::target({0.4, O::Partial, 0}), 0.5);
    }

    void computesHandCheckedFigures()
    {
        // categories: 0 architecture, 1 process, 2 tooling
        const std::vector<Calibration::Sample> samples{
            {0.1, O::Success, 0},  {0.3, O::Failure, 1}, {1.0, O::Success, 0},    {0.7, O::Partial, 2},
            {0.0, O::Failure, 0},  {0.6, O::Noise, 1},   {0.8, O::Superseded, 2}, {0.9, O::Pending, 0},
            {0.35, O::Success, 1}, {0.0, O::Success, 0},
        };
        const auto f = Calibration::compute(samples);
        QCOMPARE(f.reviewed, qint64(6));
        QVERIFY(qAbs(*f.brier - 2.3625 / 6) < 1e-12);
        QVERIFY(qAbs(*f.accuracy - 0.5) < 1e-12);
        QVERIFY(qAbs(*f.ece - 3.05 / 6) < 1e-12);
        QCOMPARE(int(f.bins.size()), 5);
        const int bins[] = {0, 2, 3, 6, 9};
        const qint64 counts[] = {2, 1, 1, 1, 1};
        const double means[] = {0.05, 0.3, 0.35, 0.7, 1.0};
        const double observed[] = {1.0, 0.0, 1.0, 0.5, 1.0};
        for (int i = 0; i < 5; ++i) {
            QCOMPARE(f.bins[size_t(i)].bin, bins[i]);
            QCOMPARE(f.bins[size_t(i)].count, counts[i]);
            QVERIFY(qAbs(f.bins[size_t(i)].meanConfidence - means[i]) < 1e-12);
            QVERIFY(qAbs(f.bins[size_t(i)].observed - observed[i]) < 1e-12);
        }
        QCOMPARE(int(f.byCategory.size()), 3);
        QCOMPARE(f.byCategory[0].first, 0);
        QCOMPARE(f.byCategory[0].second.count, qint64(3));
        QVERIFY(qAbs(f.byCategory[0].second.brier - 1.81 / 3) < 1e-12);
        QVERIFY(qAbs(f.byCategory[0].second.accuracy - 1.0 / 3) < 1e-12);
        QCOMPARE(f.byCategory[1].second.count, qint64(2));
        QVERIFY(qAbs(f.byCategory[1].second.brier - 0.25625) < 1e-12);
        QVERIFY(qAbs(f.byCategory[1].second.accuracy - 0.5) < 1e-12);
        QCOMPARE(f.byCategory[2].first, 2);
        QVERIFY(qAbs(f.byCategory[2].second.brier - 0.04) < 1e-12);
        QCOMPARE(f.byCategory[2].second.accuracy, 1.0);
    }

    void printsTheSpecShapeInOrder()
    {
        const auto f = Calibration::compute({{0.8, O::Success, 3}});
        const std::string dump = json::pythonDump(f.toJson());
        QCOMPARE(QString::fromStdString(dump),
                 QStringLiteral("{\"reviewed\": 1, \"brier\": 0.03999999999999998, \"accuracy\": 1.0, "
                                "\"ece\": 0.19999999999999996, \"bins\": [{\"bin\": 7, \"count\": 1, "
                                "\"mean_confidence\": 0.8, \"observed\": 1.0}], \"by_category\": "
                                "{\"security\": {\"count\": 1, \"brier\": 0.03999999999999998, "
                                "\"accuracy\": 1.0}}}"));
    }

    void emptySetGivesNullFiguresWithAReason()
    {
        const auto f = Calibration::compute({{0.0, O::Failure, 0}, {0.5, O::Noise, 1}});
        QCOMPARE(f.reviewed, qint64(0));
        QVERIFY(!f.brier && !f.accuracy && !f.ece);
        const Json j = f.toJson();
        QVERIFY(j["brier"].is_null());
        QVERIFY(j["ece"].is_null());
        QVERIFY(j["bins"].empty());
        QVERIFY(j["by_category"].empty());
        QVERIFY(!j["reason"].get<std::string>().empty());
        QCOMPARE(Calibration::compute({}).reviewed, qint64(0));
    }

    void partialCountsAsRightAboveHalfAndWrongBelow()
    {
        const auto f = Calibration::compute({{0.5, O::Partial, 0}, {0.49, O::Partial, 0}});
        QCOMPARE(*f.accuracy, 0.5);
        QVERIFY(qAbs(*f.brier - (0.0 + 0.01 * 0.01) / 2) < 1e-15);
    }
};

QTEST_GUILESS_MAIN(CalibrationTest)
#include "calibration_test.moc"
