#include "scars/Redactor.h"

#include <QTest>

using namespace sediment;

class RedactTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void redactsEmailAddresses()
    {
        const auto r = Redactor::redact(QStringLiteral("ask jane.doe+ops@example.co.uk now"));
        QCOMPARE(r.text, QStringLiteral("ask [email] now"));
        QCOMPARE(r.emails, 1);
    }

    void redactsPhoneNumbersButNotDates()
    {
        const auto r =
            Redactor::redact(QStringLiteral("call +33 6 12 34 56 78 or (555) 123-4567 before 2026-11-22, v1.2.3"));
        QCOMPARE(r.text, QStringLiteral("call [phone] or [phone] before 2026-11-22, v1.2.3"));
        QCOMPARE(r.phones, 2);
    }

    void redactsKeyLikeTokens()
    {
        const auto r = Redactor::redact(QStringLiteral(
            "key sk-abcdefghijklmnop1234 and ghp_ABCDEFGHIJKLMNOPQRSTUV123456 with "
            "Authorization: Bearer abc.def123ghi and password=hunter2 and "
            "AKIAABCDEFGHIJKLMNOP plus 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"));
        QVERIFY(!r.text.contains(QLatin1String("abcdefghijklmnop1234")));
        QVERIFY(!r.text.contains(QLatin1String("ghp_")));
        QVERIFY(!r.text.contains(QLatin1String("abc.def123ghi")));
        QVERIFY(!r.text.contains(QLatin1String("hunter2")));
        QVERIFY(r.text.contains(QLatin1String("password=[key]")));
        QVERIFY(!r.text.contains(QLatin1String("AKIA")));
        QVERIFY(!r.text.contains(QLatin1String("9f86d081")));
        QCOMPARE(r.keys, 6);
    }

    void leavesOrdinaryProseAndPathsAlone()
    {
        const QString text =
            QStringLiteral("Run core/store/ScarRepository.cpp tests at 0.7 confidence; the_long_identifier_name "
                           "stays readable.");
        const auto r = Redactor::redact(text);
        QCOMPARE(r.text, text);
        QCOMPARE(r.total(), 0);
    }

    void redactsEveryStringInJson()
    {
        Redactor::Result found;
        const Json out =
            Redactor::redactJson(Json{{"text", "mail bob@corp.io"}, {"list", {"tel 0612345678", 3}}}, found);
        QCOMPARE(fromStd(out["text"].get<std::string>()), QStringLiteral("mail [email]"));
        QCOMPARE(fromStd(out["list"][0].get<std::string>()), QStringLiteral("tel [phone]"));
        QCOMPARE(out["list"][1].get<int>(), 3);
        QCOMPARE(found.total(), 2);
    }
};

QTEST_GUILESS_MAIN(RedactTest)
#include "redact_test.moc"
