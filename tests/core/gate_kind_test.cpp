// The workspace's `gate` is one of three words: sediment.json holds them, GateChain builds its
// gates from them and an automatic decision is recorded under gate:<word>. Each keeps its word, the
// order lists them in is fixed, and any other word is refused with a message that names all three.
#include "model/GateKind.h"
#include "workspace/Config.h"

#include <QTest>

using namespace sediment;

class GateKindTest final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void kindsKeepTheirWordsInOrder()
    {
        QCOMPARE(toString(GateKind::Human), QStringLiteral("human"));
        QCOMPARE(toString(GateKind::Score), QStringLiteral("score"));
        QCOMPARE(toString(GateKind::ScoreThenHuman), QStringLiteral("score-then-human"));
        QCOMPARE(wordTexts<GateKind>(),
                 (QStringList{QStringLiteral("human"), QStringLiteral("score"), QStringLiteral("score-then-human")}));
        QCOMPARE(allWords<GateKind>().size(), size_t(3));
    }

    void everyWordRoundTripsAndOthersAreRefused()
    {
        for (const GateKind k : allWords<GateKind>()) {
            auto back = parseWord<GateKind>(toString(k));
            QVERIFY(back && *back == k);
            QVERIFY(isWord(toString(k), k));
        }
        for (const char* word : {"Human", "score_then_human", "", "auto"}) {
            QVERIFY2(!findWord<GateKind>(QString::fromLatin1(word)), word);
            auto r = parseWord<GateKind>(QString::fromLatin1(word));
            QVERIFY2(!r, word);
            QCOMPARE(r.error().message, QStringLiteral("unknown gate '%1'").arg(QString::fromLatin1(word)));
        }
    }

    void theConfigDefaultsToHumanAndNamesEveryWordWhenRefusing()
    {
        auto defaults = Config::parse("{}", QStringLiteral("sediment.json"));
        QVERIFY(defaults);
        QCOMPARE(defaults->gate, QStringLiteral("human"));

        auto score = Config::parse(R"({"gate": "score-then-human"})", QStringLiteral("sediment.json"));
        QVERIFY(score);
        QCOMPARE(score->gate, QStringLiteral("score-then-human"));

        auto bad = Config::parse(R"({"gate": "Score"})", QStringLiteral("sediment.json"));
        QVERIFY(!bad);
        QCOMPARE(bad.error().message,
                 QStringLiteral(R"(sediment.json: key 'gate' must be one of "human", "score", "score-then-human")"));
    }
};

QTEST_GUILESS_MAIN(GateKindTest)
#include "gate_kind_test.moc"
