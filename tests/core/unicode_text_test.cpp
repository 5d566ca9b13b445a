#include "memory/UnicodeText.h"

#include <QTest>

using sediment::UnicodeText;

class UnicodeTextTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void stripRemovesEveryPythonWhitespaceCodePoint()
    {
        const char32_t spaces[] = {0x09, 0x0A,   0x0B,   0x0C,   0x0D,   0x1C,   0x1D,   0x1E,   0x1F,   0x20,  0x85,
                                   0xA0, 0x1680, 0x2000, 0x2005, 0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000};
        for (char32_t c : spaces) {
            const QString s = QString::fromUcs4(&c, 1);
            QVERIFY2(UnicodeText::isSpace(c), qPrintable(QString::number(uint(c), 16)));
            QCOMPARE(UnicodeText::strip(s + QStringLiteral("x") + s), QStringLiteral("x"));
        }
    }

    void stripKeepsInvisibleFormatCharacters()
    {
        // U+200B and U+FEFF are not white space for Python: strip() leaves them.
        QCOMPARE(UnicodeText::strip(QStringLiteral("\u200Bx\uFEFF")), QStringLiteral("\u200Bx\uFEFF"));
        QVERIFY(!UnicodeText::isSpace(0x180E));
        QVERIFY(!UnicodeText::isSpace(0x200B));
    }

    void stripOfOnlySpacesIsEmpty() { QCOMPARE(UnicodeText::strip(QStringLiteral(" \t\u00A0\u3000\n")), QString()); }

    void lengthCountsCodePointsNotUtf16Units()
    {
        QCOMPARE(UnicodeText::length(QStringLiteral("abc")), 3);
        QCOMPARE(UnicodeText::length(QStringLiteral("\U0001F600")), 1);       // emoji
        QCOMPARE(UnicodeText::length(QStringLiteral("e\u0301")), 2);          // combining mark
        QCOMPARE(UnicodeText::length(QStringLiteral("\U00020BB7\u00A7")), 2); // astral CJK + §
        QCOMPARE(UnicodeText::length(QStringLiteral("\U0001F468\u200D\U0001F469")), 3);
    }

    void leftNeverSplitsASurrogatePair()
    {
        const QString s = QStringLiteral("a\U0001F600b");
        QCOMPARE(UnicodeText::left(s, 2), QStringLiteral("a\U0001F600"));
        QCOMPARE(UnicodeText::left(s, 10), s);
    }

    void newlinesFollowPythonUniversalNewlines()
    {
        QCOMPARE(UnicodeText::normaliseNewlines(QStringLiteral("a\r\nb\rc\n\r")), QStringLiteral("a\nb\nc\n\n"));
    }

    void thousandsAreGroupedWithCommas()
    {
        QCOMPARE(UnicodeText::groupThousands(0), QStringLiteral("0"));
        QCOMPARE(UnicodeText::groupThousands(999), QStringLiteral("999"));
        QCOMPARE(UnicodeText::groupThousands(2200), QStringLiteral("2,200"));
        QCOMPARE(UnicodeText::groupThousands(1234567), QStringLiteral("1,234,567"));
    }

    void wordCharactersAreLettersNumbersAndUnderscore()
    {
        QVERIFY(UnicodeText::isWordChar(U'_'));
        QVERIFY(UnicodeText::isWordChar(0xE9));   // é
        QVERIFY(UnicodeText::isWordChar(0x0663)); // Arabic-Indic digit three
        QVERIFY(!UnicodeText::isWordChar(U'-'));
        QVERIFY(!UnicodeText::isWordChar(0x0301)); // combining acute: not \w in Python
    }
};

QTEST_GUILESS_MAIN(UnicodeTextTest)
#include "unicode_text_test.moc"
