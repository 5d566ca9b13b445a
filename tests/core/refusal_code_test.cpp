// RefusalCode's spelling is persisted (inbox_items.refusal_code), typed (`inbox refuse --reason`)
// and keyed (`R` then 1 to 7, in the table's order): each code keeps the word it has always had,
// and a word that is not one is an error naming it.
#include "model/RefusalCode.h"

#include <QTest>

using namespace sediment;

class RefusalCodeTest final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void theSevenWordsInTheOrderOfTheirDigits()
    {
        QCOMPARE(wordTexts<RefusalCode>(),
                 (QStringList{QStringLiteral("duplicate"), QStringLiteral("wrong"), QStringLiteral("too_specific"),
                              QStringLiteral("stale"), QStringLiteral("unsafe"), QStringLiteral("low_value"),
                              QStringLiteral("other")}));
        QCOMPARE(toString(RefusalCode::TooSpecific), QStringLiteral("too_specific"));
        QCOMPARE(toString(RefusalCode::LowValue), QStringLiteral("low_value"));
    }

    void everyWordRoundTrips()
    {
        for (const QString& text : wordTexts<RefusalCode>()) {
            auto code = parseWord<RefusalCode>(text);
            QVERIFY2(code, qPrintable(text));
            QCOMPARE(toString(*code), text);
            QVERIFY(isWord(text, *code));
        }
        QVERIFY(!isWord(QStringLiteral("other"), RefusalCode::Wrong));
    }

    void anUnknownWordIsAnInvalidErrorNamingIt()
    {
        for (const char* word : {"", "Duplicate", "too-specific", "superseded", "other "}) {
            auto code = parseWord<RefusalCode>(QString::fromLatin1(word));
            QVERIFY2(!code, word);
            QCOMPARE(code.error().kind, ErrorKind::Invalid);
            QCOMPARE(code.error().message, QStringLiteral("unknown refusal reason '%1'").arg(QLatin1String(word)));
        }
    }
};

QTEST_GUILESS_MAIN(RefusalCodeTest)
#include "refusal_code_test.moc"
