// A decision's outcome, category and stakes are closed sets of words: decisions.* holds them,
// imported records and `decisions list --json` carry them, and calibration reads outcomes and
// categories by their order. Each keeps its word, the order is fixed, and a word that is not one
// is refused by name.
#include "model/Calibration.h"
#include "model/Decision.h"
#include "model/DecisionOutcome.h"

#include <QTest>

using namespace sediment;

class DecisionWordsTest final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void outcomesKeepTheirWordsInOrder()
    {
        const QStringList expected{QStringLiteral("pending"), QStringLiteral("success"), QStringLiteral("partial"),
                                   QStringLiteral("failure"), QStringLiteral("noise"),   QStringLiteral("superseded")};
        QCOMPARE(wordTexts<DecisionOutcome>(), expected);
        QCOMPARE(Decision::outcomes(), expected);
        QCOMPARE(toString(DecisionOutcome::Superseded), QStringLiteral("superseded"));
        QCOMPARE(Decision{}.outcome, QStringLiteral("pending"));
        QVERIFY(!Decision{}.isReviewed());
    }

    void everyWordRoundTripsAndOthersAreRefused()
    {
        for (const DecisionOutcome o : allWords<DecisionOutcome>()) {
            auto back = parseWord<DecisionOutcome>(toString(o));
            QVERIFY(back && *back == o);
            Decision d;
            d.setOutcome(o);
            QVERIFY(d.hasOutcome(o));
            QCOMPARE(d.isReviewed(), o != DecisionOutcome::Pending);
        }
        for (const char* word : {"Success", "failed", "", "ok"}) {
            auto r = parseWord<DecisionOutcome>(QString::fromLatin1(word));
            QVERIFY2(!r, word);
            QCOMPARE(r.error().message, QStringLiteral("unknown decision outcome '%1'").arg(QString::fromLatin1(word)));
        }
    }

    void categoriesAndStakesKeepTheirWordsInOrder()
    {
        QCOMPARE(Decision::categories(),
                 (QStringList{QStringLiteral("architecture"), QStringLiteral("process"), QStringLiteral("tooling"),
                              QStringLiteral("security"), QStringLiteral("integration")}));
        QCOMPARE(Decision::stakesLevels(), (QStringList{QStringLiteral("low"), QStringLiteral("medium"),
                                                        QStringLiteral("high"), QStringLiteral("critical")}));
        for (const DecisionCategory c : allWords<DecisionCategory>())
            QCOMPARE(Calibration::categoryOf(toString(c).toStdString()), int(c));
        QCOMPARE(parseWord<DecisionStakes>(QStringLiteral("High")).error().message,
                 QStringLiteral("unknown stakes 'High'"));
        QCOMPARE(parseWord<DecisionCategory>(QStringLiteral("ops")).error().message,
                 QStringLiteral("unknown decision category 'ops'"));
    }

    void calibrationReadsTheSameWords()
    {
        for (const DecisionOutcome o : allWords<DecisionOutcome>())
            QVERIFY(Calibration::outcomeOf(toString(o).toStdString()) == o);
        // A word from a newer version counts as not reviewed, never as a guess.
        QVERIFY(Calibration::outcomeOf("regressed") == DecisionOutcome::Pending);
    }

    void anImportedRecordKeepsItsOutcomeOrIsRefused()
    {
        const QString at = QStringLiteral("2026-01-01T00:00:00.000Z");
        auto ok = Decision::fromJson(Json::parse(R"({"description": "d", "outcome": "partial", "confidence": 0.5,
            "category": "process", "stakes": "low"})"),
                                     at);
        QVERIFY2(ok, ok ? "" : qPrintable(ok.error().message));
        QVERIFY(ok->hasOutcome(DecisionOutcome::Partial));
        QCOMPARE(ok->category, toString(DecisionCategory::Process));
        QCOMPARE(ok->stakes, toString(DecisionStakes::Low));
        auto unstaked = Decision::fromJson(Json::parse(R"({"description": "d", "confidence": 0.5,
            "category": "tooling"})"),
                                           at);
        QVERIFY(unstaked);
        QCOMPARE(unstaked->stakes, QStringLiteral("medium"));
        auto bad = Decision::fromJson(Json::parse(R"({"description": "d", "outcome": "won", "confidence": 0.5,
            "category": "process", "stakes": "low"})"),
                                      at);
        QVERIFY(!bad);
        QVERIFY2(bad.error().message.contains(QStringLiteral("outcome")), qPrintable(bad.error().message));
    }
};

QTEST_GUILESS_MAIN(DecisionWordsTest)
#include "decision_words_test.moc"
