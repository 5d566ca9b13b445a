#include "proposal/ProposalParser.h"

#include <QTest>

using namespace sediment;

class ProposalParserTest final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void parsesOneObject()
    {
        auto r = ProposalParser::parse(R"({"target":"memory","op":{"action":"add","content":"x"},"score":0.8})");
        QVERIFY(r.has_value());
        QCOMPARE(r->size(), size_t(1));
        QCOMPARE((*r)[0]["target"].get<std::string>(), std::string("memory"));
    }

    void parsesPrettyPrintedObjectOverSeveralLines()
    {
        auto r = ProposalParser::parse("{\n  \"target\": \"user\",\n  \"op\": {}\n}\n");
        QVERIFY(r.has_value());
        QCOMPARE(r->size(), size_t(1));
    }

    void parsesArray()
    {
        auto r = ProposalParser::parse(R"([{"a":1},{"a":2},{"a":3}])");
        QVERIFY(r.has_value());
        QCOMPARE(r->size(), size_t(3));
        QCOMPARE((*r)[2]["a"].get<int>(), 3);
    }

    void parsesJsonLinesSkippingBlankLines()
    {
        auto r = ProposalParser::parse("{\"a\":1}\n\n   \n{\"a\":2}\r\n{\"a\":3}");
        QVERIFY(r.has_value());
        QCOMPARE(r->size(), size_t(3));
        QCOMPARE((*r)[1]["a"].get<int>(), 2);
    }

    void namesTheMalformedLine()
    {
        auto r = ProposalParser::parse("{\"a\":1}\n{\"a\":2}\n{\"a\":\n");
        QVERIFY(!r.has_value());
        QCOMPARE(r.error().kind, ErrorKind::Invalid);
        QVERIFY2(r.error().message.startsWith(QLatin1String("line 3: malformed JSON")), qPrintable(r.error().message));
    }

    void rejectsInvalidUtf8NamingTheLine()
    {
        auto r = ProposalParser::parse(QByteArray("{\"a\":1}\n{\"a\":\"\xC3\x28\"}\n"));
        QVERIFY(!r.has_value());
        QCOMPARE(r.error().message, QStringLiteral("line 2: input is not valid UTF-8"));
        QVERIFY(!ProposalParser::parse(QByteArray("[\"\xED\xA0\x80\"]")).has_value()); // surrogate
        QVERIFY(!ProposalParser::parse(QByteArray("[\"\xC0\xAF\"]")).has_value());     // overlong
    }

    void explainsNaNAndInfinity()
    {
        auto r = ProposalParser::parse(R"({"target":"memory","score":NaN})");
        QVERIFY(!r.has_value());
        QVERIFY2(r.error().message.contains(QLatin1String("NaN and Infinity are not valid JSON numbers")),
                 qPrintable(r.error().message));
        auto inf = ProposalParser::parse(R"([{"score":-Infinity}])");
        QVERIFY(!inf.has_value());
        QVERIFY(inf.error().message.contains(QLatin1String("NaN and Infinity")));
    }

    void blankInputHasNoProposals()
    {
        auto r = ProposalParser::parse(" \n\t\n");
        QVERIFY(r.has_value());
        QVERIFY(r->empty());
    }

    void malformedArrayIsAnError()
    {
        auto r = ProposalParser::parse("[{\"a\":1},");
        QVERIFY(!r.has_value());
        QVERIFY(r.error().message.startsWith(QLatin1String("malformed JSON")));
    }

    // The scan skips ASCII a word at a time: a bad byte is found, on the right line, wherever it
    // falls in a word and whatever valid multi-byte text comes before it.
    void findsTheLineOfAnInvalidByteAtEveryOffset()
    {
        const QByteArray valid = QByteArray("{\"a\":\"caf\xC3\xA9 \xF0\x9F\xA6\x8A\"}\n{\"b\":1}\n\n");
        QCOMPARE(ProposalParser::firstInvalidUtf8Line(valid.constData(), valid.size()), 0);
        for (int shift = 0; shift < 12; ++shift) {
            QByteArray text = valid + QByteArray(shift, ' ') + QByteArray("\"x\xFFy\"\n{}\n");
            QCOMPARE(ProposalParser::firstInvalidUtf8Line(text.constData(), text.size()), 4);
            text = valid + QByteArray(shift, 'z') + QByteArray("\xE2\x82"); // cut short at the end
            QCOMPARE(ProposalParser::firstInvalidUtf8Line(text.constData(), text.size()), 4);
        }
        const QByteArray first("\x80{}\n{}\n");
        QCOMPARE(ProposalParser::firstInvalidUtf8Line(first.constData(), first.size()), 1);
    }
};

QTEST_GUILESS_MAIN(ProposalParserTest)
#include "proposal_parser_test.moc"
