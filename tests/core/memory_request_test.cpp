#include "memory/MemoryRequest.h"

#include <QTest>

// Json is compared outside QCOMPARE, whose overloads choke on nlohmann's converting templates.
#define JSON_COMPARE(actual, expected)                                                            \
    do {                                                                                          \
        const sediment::Json a_ = (actual);                                                       \
        const sediment::Json e_ = (expected);                                                     \
        QVERIFY2(a_ == e_, (a_.dump() + " != " + e_.dump()).c_str());                             \
    } while (false)

using namespace sediment;

namespace {

QString errorOf(const char* json)
{
    const auto parsed = MemoryRequest::parseText(json);
    return parsed.error ? parsed.error->message : QString();
}

} // namespace

class MemoryRequestTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void requestErrorsUseTheExactTexts_data()
    {
        QTest::addColumn<QString>("request");
        QTest::addColumn<QString>("error");
        QTest::newRow("target") << QStringLiteral(R"({"action":"add","target":"notes","content":"x"})")
                                << QStringLiteral("Invalid target 'notes'. Use 'memory' or 'user'.");
        QTest::newRow("null target") << QStringLiteral(R"({"action":"add","target":null,"content":"x"})")
                                     << QStringLiteral("Invalid target 'None'. Use 'memory' or 'user'.");
        QTest::newRow("add") << QStringLiteral(R"({"action":"add","target":"memory"})")
                             << QStringLiteral("Content is required for 'add' action.");
        QTest::newRow("add empty") << QStringLiteral(R"({"action":"add","content":""})")
                                   << QStringLiteral("Content is required for 'add' action.");
        QTest::newRow("replace old") << QStringLiteral(R"({"action":"replace","content":"x"})")
                                     << QStringLiteral("old_text is required for 'replace' action.");
        QTest::newRow("replace content") << QStringLiteral(R"({"action":"replace","old_text":"x"})")
                                         << QStringLiteral("content is required for 'replace' action.");
        QTest::newRow("remove") << QStringLiteral(R"({"action":"remove","target":"user"})")
                                << QStringLiteral("old_text is required for 'remove' action.");
        QTest::newRow("unknown") << QStringLiteral(R"({"action":"delete","old_text":"x"})")
                                 << QStringLiteral("Unknown action 'delete'. Use: add, replace, remove");
        QTest::newRow("missing action") << QStringLiteral(R"({"content":"x"})")
                                        << QStringLiteral("Unknown action ''. Use: add, replace, remove");
        QTest::newRow("operations shape") << QStringLiteral(R"({"action":"batch","operations":{"a":1}})")
                                          << QStringLiteral("operations must be a list of {action, content?, old_text?} objects.");
    }

    void requestErrorsUseTheExactTexts()
    {
        QFETCH(QString, request);
        QFETCH(QString, error);
        const auto parsed = MemoryRequest::parseText(request.toStdString());
        QVERIFY(!parsed.request);
        QVERIFY(!parsed.malformed);
        QCOMPARE(parsed.error->message, error);
    }

    void targetIsCheckedBeforeTheAction()
    {
        QCOMPARE(errorOf(R"({"action":"nope","target":"x"})"),
                 QStringLiteral("Invalid target 'x'. Use 'memory' or 'user'."));
    }

    void missingTargetMeansMemory()
    {
        const auto parsed = MemoryRequest::parseText(R"({"action":"add","content":"hi"})");
        QVERIFY(parsed.request);
        QCOMPARE(parsed.request->target, QStringLiteral("memory"));
        QCOMPARE(parsed.request->op.content, std::optional<QString>(QStringLiteral("hi")));
    }

    void whitespaceContentPassesTheRequestCheck()
    {
        // Hermes only tests truthiness here; the store then refuses it as empty.
        QVERIFY(MemoryRequest::parseText(R"({"action":"add","content":"  "})").request);
    }

    void batchKeepsEveryOperation()
    {
        const auto parsed = MemoryRequest::parseText(
            R"({"action":"batch","target":"user","operations":[{"action":"add","content":"a"},null,{"action":"remove","old_text":"b"}]})");
        QVERIFY(parsed.request);
        const MemoryOp& op = parsed.request->op;
        QCOMPARE(op.action, QStringLiteral("batch"));
        QCOMPARE(op.operations.size(), size_t(3));
        QCOMPARE(op.operations[1].action, QString());
        QCOMPARE(op.operations[2].oldText, std::optional<QString>(QStringLiteral("b")));
        JSON_COMPARE(op.toJson()["operations"][0]["content"], Json("a"));
    }

    void unparseableOrNonObjectInputIsMalformed()
    {
        QVERIFY(MemoryRequest::parseText("{\"action\":").malformed);
        QVERIFY(MemoryRequest::parseText("[1,2]").malformed);
        QVERIFY(MemoryRequest::parseText("").malformed);
    }

    void leadingByteOrderMarkInContentIsKept()
    {
        // QString::fromUtf8 would drop it, hiding an invisible character from the threat scan.
        const auto parsed = MemoryRequest::parseText("{\"action\":\"add\",\"content\":\"\\ufeffhi\"}");
        QVERIFY(parsed.request);
        QCOMPARE(parsed.request->op.content, std::optional<QString>(QStringLiteral("\uFEFFhi")));
    }

    void nonStringContentIsInvalid()
    {
        QCOMPARE(errorOf(R"({"action":"add","content":42})"),
                 QStringLiteral("content must be a string."));
    }
};

QTEST_GUILESS_MAIN(MemoryRequestTest)
#include "memory_request_test.moc"

