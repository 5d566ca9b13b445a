// A scar tells of a failure or of a win: scars.kind, `scars add --kind` and the Scars page's
// filter spell the two words alike, and a scar of another kind is refused before it is stored.
#include "model/Scar.h"
#include "model/ScarKind.h"

#include <QTest>

using namespace sediment;

class ScarKindTest final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void kindsKeepTheirWords()
    {
        QCOMPARE(wordTexts<ScarKind>(), (QStringList{QStringLiteral("failure"), QStringLiteral("victory")}));
        QCOMPARE(Scar{}.kind, QStringLiteral("failure"));
        QVERIFY(Scar::isKnownKind(QStringLiteral("victory")));
        QVERIFY(!Scar::isKnownKind(QStringLiteral("Victory")));
        QVERIFY(!Scar::isKnownKind(QString()));
    }

    void aScarOfAnotherKindIsRefusedByName()
    {
        Scar s;
        s.title = QStringLiteral("t");
        s.scope = QStringLiteral("ops");
        QVERIFY(s.validate());
        s.kind = QStringLiteral("win");
        const Status refused = s.validate();
        QVERIFY(!refused);
        QCOMPARE(refused.error().message, QStringLiteral("unknown scar kind 'win' (use failure or victory)"));
    }
};

QTEST_GUILESS_MAIN(ScarKindTest)
#include "scar_kind_test.moc"
