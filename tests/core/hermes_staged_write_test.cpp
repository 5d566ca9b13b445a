// Parsing one staged Hermes record (docs/verbs.md#hermes): the single and batch shapes, Hermes' defaults, the
// unknown fields kept as provenance, sanitising, and one clear reason for each unusable file.
#include "hermes/StagedSkillWrite.h"
#include "hermes/StagedWrite.h"
#include "util/JsonDepth.h"

#include <QTest>

using namespace sediment;

class HermesStagedWriteTest : public QObject {
    Q_OBJECT

private:
    static QString errorOf(const char* json)
    {
        auto w = StagedWrite::parse(QByteArray(json), QStringLiteral("0badf00d.json"));
        return w ? QStringLiteral("<parsed>") : w.error().message;
    }
    static QString skillErrorOf(const QByteArray& json)
    {
        auto w = StagedSkillWrite::parse(json, QStringLiteral("0badf00d.json"));
        return w ? QStringLiteral("<parsed>") : w.error().message;
    }

private Q_SLOTS:
    void parsesTheSingleShapeHermesWrites()
    {
        auto w = StagedWrite::parse(
            R"({"id":"fdb7ce9d","subsystem":"memory","action":"add","summary":"add to memory: x",)"
            R"("origin":"background_review","created_at":1788943580.578,)"
            R"("payload":{"action":"add","target":"user","content":"  likes tea  ","old_text":null}})",
            QStringLiteral("fdb7ce9d.json"));
        QVERIFY(w.has_value());
        QCOMPARE(w->id, QStringLiteral("fdb7ce9d"));
        QCOMPARE(w->target, QStringLiteral("user"));
        QCOMPARE(w->origin, QStringLiteral("background_review"));
        QVERIFY(w->op == (Json{{"action", "add"}, {"content", "  likes tea  "}}));
        QVERIFY(!w->isBatch());
        QCOMPARE(w->source().value("created_at", 0.0), 1788943580.578);
        QCOMPARE(w->source().value("staged_file", ""), std::string("pending/memory/fdb7ce9d.json"));
        QVERIFY(w->unknown.empty());
    }

    void parsesABatch()
    {
        auto w = StagedWrite::parse(R"({"id":"b1","payload":{"action":"batch","target":"memory","operations":[)"
                                    R"({"action":"add","content":"a"},{"action":"remove","old_text":"b"}]}})",
                                    QStringLiteral("b1.json"));
        QVERIFY(w.has_value());
        QVERIFY(w->isBatch());
        // A record staged before Hermes pinned entries: the missing pin is kept, as null.
        QVERIFY(w->op["operations"][1] == (Json{{"action", "remove"}, {"old_text", "b"}, {"matched_entry", nullptr}}));
    }

    void keepsThePinnedEntryVerbatim()
    {
        auto w =
            StagedWrite::parse("{\"id\":\"p1\",\"payload\":{\"action\":\"replace\",\"target\":\"memory\","
                               "\"content\":\"new\",\"old_text\":\"tab\",\"matched_entry\":\"  tab\\there\\u0007\"}}",
                               QStringLiteral("p1.json"));
        QVERIFY(w.has_value());
        QCOMPARE(w->op.value("matched_entry", std::string()), std::string("  tab\there\a"));
        QVERIFY(!w->unknown.contains("payload_extra"));
        auto b = StagedWrite::parse(
            R"({"id":"p2","payload":{"action":"batch","operations":[)"
            R"({"action":"add","new_text":"aliased"},{"action":"remove","old_text":"x","matched_entry":"x y"}]}})",
            QStringLiteral("p2.json"));
        QVERIFY(b.has_value());
        QCOMPARE(b->op["operations"][0].value("content", std::string()), std::string("aliased"));
        QCOMPARE(b->op["operations"][1].value("matched_entry", std::string()), std::string("x y"));
        QCOMPARE(errorOf(R"({"payload":{"action":"remove","old_text":"x","matched_entry":3}})"),
                 QStringLiteral("matched_entry must be a string"));
    }

    void appliesHermesDefaultsForMissingFields()
    {
        auto w = StagedWrite::parse(R"({"payload":{"action":"add","content":"x"}})", QStringLiteral("abcd1234.json"));
        QVERIFY(w.has_value());
        QCOMPARE(w->id, QStringLiteral("abcd1234"));
        QCOMPARE(w->target, QStringLiteral("memory"));
        QCOMPARE(w->origin, QStringLiteral("foreground"));
        QVERIFY(w->createdAt.is_null());
    }

    void keepsUnknownFields()
    {
        auto w =
            StagedWrite::parse(R"({"id":"u1","model":"m","payload":{"action":"add","content":"x","confidence":0.4}})",
                               QStringLiteral("u1.json"));
        QVERIFY(w.has_value());
        QCOMPARE(w->source().value("model", ""), std::string("m"));
        QCOMPARE(w->source()["payload_extra"].value("confidence", 0.0), 0.4);
    }

    void keepsTheStagedTextsAsTheyAreAndSanitisesOnlyTheSummary()
    {
        const std::string content = "a\u0007b\r\nc" + std::string(5000, 'x');
        const Json record = {
            {"id", "c1"}, {"summary", "add\u0007 it"}, {"payload", {{"action", "add"}, {"content", content}}}};
        auto w = StagedWrite::parse(QByteArray::fromStdString(record.dump()), QStringLiteral("c1.json"));
        QVERIFY(w.has_value());
        QCOMPARE(w->op.value("content", ""), content);
        QCOMPARE(w->summary, QStringLiteral("add it"));
        QCOMPARE(w->sanitized.size(), size_t(1));
        QCOMPARE(w->sanitized[0].value("field", ""), std::string("summary"));
    }

    void refusesUnusableRecordsWithOneReason()
    {
        QVERIFY(errorOf("{\"id\": ").startsWith(QLatin1String("not valid JSON: ")));
        QCOMPARE(errorOf("[1,2]"), QStringLiteral("the record is not a JSON object"));
        QCOMPARE(errorOf(R"({"id":"x"})"), QStringLiteral("payload is missing or not an object"));
        QCOMPARE(errorOf(R"({"id":"../etc","payload":{}})"), QStringLiteral("id '../etc' is not a pending id"));
        QCOMPARE(errorOf(R"({"subsystem":"skills","payload":{"action":"add","content":"x"}})"),
                 QStringLiteral("subsystem must be \"memory\""));
        QCOMPARE(errorOf(R"({"payload":{"action":"add","target":"notes","content":"x"}})"),
                 QStringLiteral("Invalid memory target 'notes'. Use 'memory' or 'user'."));
        QCOMPARE(errorOf(R"({"payload":{"action":"add","content":""}})"),
                 QStringLiteral("Content is required for 'add' action."));
        QCOMPARE(errorOf(R"({"payload":{"action":"replace","old_text":"a"}})"),
                 QStringLiteral("content is required for 'replace' action."));
        QCOMPARE(errorOf(R"({"payload":{"action":"remove"}})"),
                 QStringLiteral("old_text is required for 'remove' action."));
        QCOMPARE(errorOf(R"({"payload":{"action":"wipe"}})"),
                 QStringLiteral("Unknown action 'wipe'. Use: add, replace, remove"));
        QCOMPARE(errorOf(R"({"payload":{"action":"add","content":7}})"), QStringLiteral("content must be a string"));
        QCOMPARE(errorOf(R"({"payload":{"action":"batch","operations":[]}})"),
                 QStringLiteral("a batch needs a non-empty list of operations"));
        QCOMPARE(
            errorOf(
                R"({"payload":{"action":"batch","operations":[{"action":"add","content":"a"},{"action":"replace","content":"b"}]}})"),
            QStringLiteral("operation 2: old_text is required for 'replace' action."));
        QCOMPARE(errorOf(R"({"created_at":"yesterday","payload":{"action":"add","content":"x"}})"),
                 QStringLiteral("created_at must be a number of seconds"));
    }

    // Both queues open their records the same way (StagedEnvelope): the skill reader once let a
    // number out of range or a deep nesting escape as an exception instead of a reason.
    void refusesUnusableSkillRecordsWithTheSameReasons()
    {
        const QByteArray payload = R"("payload":{"action":"create","name":"x","content":"y"})";
        QCOMPARE(skillErrorOf("{" + payload + "}"), QStringLiteral("<parsed>"));
        QCOMPARE(skillErrorOf("\xEF\xBB\xBF{" + payload + "}"), QStringLiteral("<parsed>"));
        QCOMPARE(skillErrorOf("[1]"), QStringLiteral("the record is not a JSON object"));
        QCOMPARE(skillErrorOf(R"({"id":"../x",)" + payload + "}"), QStringLiteral("id '../x' is not a pending id"));
        QCOMPARE(skillErrorOf(R"({"id":7,)" + payload + "}"), QStringLiteral("id must be a string"));
        QCOMPARE(skillErrorOf(R"({"subsystem":"memory",)" + payload + "}"),
                 QStringLiteral("subsystem must be \"skills\""));
        QVERIFY(skillErrorOf(R"({"created_at":1e999,)" + payload + "}").startsWith(QLatin1String("not valid JSON: ")));
        const QByteArray deep = QByteArray(json::kMaxDepth + 5, '[') + QByteArray(json::kMaxDepth + 5, ']');
        QCOMPARE(skillErrorOf(R"({"extra":)" + deep + "," + payload + "}"),
                 QStringLiteral("not valid JSON: nested deeper than %1 levels").arg(json::kMaxDepth));
        QCOMPARE(errorOf(R"({"extra":1e999,"payload":{"action":"add","content":"x"}})").left(16),
                 QStringLiteral("not valid JSON: "));
    }
};

QTEST_GUILESS_MAIN(HermesStagedWriteTest)
#include "hermes_staged_write_test.moc"
