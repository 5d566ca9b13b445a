#include "memory/MemoryRequest.h"
#include "memory/MemoryResponse.h"

#include <QTest>

// Json is compared outside QCOMPARE, whose overloads choke on nlohmann's converting templates.
#define JSON_COMPARE(actual, expected)                                                                                 \
    do {                                                                                                               \
        const sediment::Json a_ = (actual);                                                                            \
        const sediment::Json e_ = (expected);                                                                          \
        QVERIFY2(a_ == e_, (a_.dump() + " != " + e_.dump()).c_str());                                                  \
    } while (false)

using namespace sediment;

namespace {

// The text `memory apply` prints for a request the tool answers without the store.
std::string answerOf(const char* json, MemoryRequest::Enabled enabled = {})
{
    const auto parsed = MemoryRequest::parseText(json, enabled);
    if (!parsed.answer)
        return "<no answer>";
    return MemoryResponse::print(*parsed.answer, parsed.asciiOnly);
}

} // namespace

class MemoryRequestTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void toolErrorsPutErrorFirstAndKeepUnicode_data()
    {
        QTest::addColumn<QString>("request");
        QTest::addColumn<QString>("printed");
        QTest::newRow("add") << QStringLiteral(R"({"action":"add","target":"memory"})")
                             << QStringLiteral(
                                    R"({"error": "Content is required for 'add' action.", "success": false})");
        QTest::newRow("add empty") << QStringLiteral(R"({"action":"add","content":""})")
                                   << QStringLiteral(
                                          R"({"error": "Content is required for 'add' action.", "success": false})");
        QTest::newRow("replace content")
            << QStringLiteral(R"({"action":"replace","old_text":"x"})")
            << QStringLiteral(R"({"error": "content is required for 'replace' action.", "success": false})");
        QTest::newRow("unknown")
            << QStringLiteral(R"({"action":"d\u00e9lete","old_text":"x"})")
            << QStringLiteral(
                   "{\"error\": \"Unknown action 'd\u00e9lete'. Use: add, replace, remove\", \"success\": false}");
        QTest::newRow("null action")
            << QStringLiteral(R"({"action":null})")
            << QStringLiteral(R"({"error": "Unknown action 'None'. Use: add, replace, remove", "success": false})");
        QTest::newRow("missing action")
            << QStringLiteral(R"({"content":"x"})")
            << QStringLiteral(R"({"error": "Unknown action 'None'. Use: add, replace, remove", "success": false})");
        QTest::newRow("empty action")
            << QStringLiteral(R"({"action":"","content":"x"})")
            << QStringLiteral(R"({"error": "Unknown action ''. Use: add, replace, remove", "success": false})");
        QTest::newRow("operations shape")
            << QStringLiteral(R"({"operations":{"a":1}})")
            << QStringLiteral("{\"error\": \"operations must be a list of {action, content?, old_text?} "
                              "objects.\", \"success\": false}");
    }

    void toolErrorsPutErrorFirstAndKeepUnicode()
    {
        QFETCH(QString, request);
        QFETCH(QString, printed);
        QCOMPARE(QString::fromStdString(answerOf(request.toUtf8().constData())), printed);
    }

    void targetErrorsEscapeNonAsciiAsPythonsDefaultDump()
    {
        QCOMPARE(
            answerOf(R"({"action":"add","target":"notes","content":"x"})"),
            std::string(R"({"success": false, "error": "Invalid memory target 'notes'. Use 'memory' or 'user'."})"));
        QCOMPARE(
            answerOf(R"({"action":"add","target":"m\u00e9moire \ud83d\ude00"})"),
            std::string(
                R"({"success": false, "error": "Invalid memory target 'm\u00e9moire \ud83d\ude00'. Use 'memory' or 'user'."})"));
        QCOMPARE(answerOf(R"({"action":"add","target":5})"),
                 std::string(R"({"success": false, "error": "Invalid memory target '5'. Use 'memory' or 'user'."})"));
    }

    void targetIsCheckedBeforeTheAction()
    {
        QCOMPARE(answerOf(R"({"action":"nope","target":"x"})"),
                 std::string(R"({"success": false, "error": "Invalid memory target 'x'. Use 'memory' or 'user'."})"));
    }

    void disabledStoreRefusesEveryWriteWithItsTarget()
    {
        const MemoryRequest::Enabled userOff{true, false};
        QCOMPARE(
            answerOf(R"({"action":"add","target":"user","content":"x"})", userOff),
            std::string(
                R"({"success": false, "error": "Built-in USER.md writes are disabled in memory config.", "target": "user"})"));
        QCOMPARE(
            answerOf(R"({"action":"bogus","target":"memory"})", {false, true}),
            std::string(
                R"({"success": false, "error": "Built-in MEMORY.md writes are disabled in memory config.", "target": "memory"})"));
        QVERIFY(MemoryRequest::parseText(R"({"action":"add","target":"user","content":"x"})", userOff).disabled);
        QVERIFY(MemoryRequest::parseText(R"({"action":"add","content":"x"})", userOff).request);
    }

    void missingOrNullTargetMeansMemory()
    {
        for (const char* json :
             {R"({"action":"add","content":"hi"})", R"({"action":"add","target":null,"content":"hi"})"}) {
            const auto parsed = MemoryRequest::parseText(json);
            QVERIFY(parsed.request);
            QCOMPARE(parsed.request->target, QStringLiteral("memory"));
            QCOMPARE(parsed.request->op.content, std::optional<QString>(QStringLiteral("hi")));
        }
    }

    void newTextStandsInForAnAbsentContent()
    {
        auto parsed = MemoryRequest::parseText(R"({"action":"replace","old_text":"a","new_text":"b"})");
        QVERIFY(parsed.request);
        QCOMPARE(parsed.request->op.content, std::optional<QString>(QStringLiteral("b")));
        parsed = MemoryRequest::parseText(R"({"action":"add","content":null,"new_text":"b"})");
        QCOMPARE(parsed.request->op.content, std::optional<QString>(QStringLiteral("b")));
        // An empty content is given, so the alias is not read.
        QCOMPARE(answerOf(R"({"action":"add","content":"","new_text":"b"})"),
                 std::string(R"({"error": "Content is required for 'add' action.", "success": false})"));
    }

    void replaceOrRemoveWithoutOldTextIsLeftToTheStore()
    {
        // The store answers with its entries, so the request itself passes.
        for (const char* json : {R"({"action":"remove","target":"user"})", R"({"action":"replace"})"}) {
            const auto parsed = MemoryRequest::parseText(json);
            QVERIFY(parsed.request);
            QVERIFY(!parsed.request->op.oldText);
        }
    }

    void whitespaceContentPassesTheRequestCheck()
    {
        // Hermes only tests truthiness here; the store then refuses it as empty.
        QVERIFY(MemoryRequest::parseText(R"({"action":"add","content":"  "})").request);
    }

    void batchKeepsEveryOperationWithAliasAndPin()
    {
        const auto parsed = MemoryRequest::parseText(
            R"({"target":"user","operations":[{"action":"add","content":"a"},null,{"action":"remove","old_text":"b","matched_entry":"b b"},{"action":"add","content":"","new_text":"n"}]})");
        QVERIFY(parsed.request);
        const MemoryOp& op = parsed.request->op;
        QCOMPARE(op.action, QStringLiteral("batch"));
        QCOMPARE(op.operations.size(), size_t(4));
        QCOMPARE(op.operations[1].action, QString());
        QCOMPARE(op.operations[2].oldText, std::optional<QString>(QStringLiteral("b")));
        QCOMPARE(op.operations[2].matchedEntry, std::optional<QString>(QStringLiteral("b b")));
        QCOMPARE(op.operations[3].content, std::optional<QString>(QStringLiteral("n")));
        QVERIFY(op.operations[3].contentFromAlias);
        QVERIFY(!op.operations[0].contentFromAlias);
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
        const auto parsed = MemoryRequest::parseText(R"({"action":"add","content":42})");
        QVERIFY(parsed.error);
        QCOMPARE(parsed.error->message, QStringLiteral("content must be a string."));
    }
};

QTEST_GUILESS_MAIN(MemoryRequestTest)
#include "memory_request_test.moc"
