// HermesUsageScanner, the quick reader of .usage.json: whenever it answers, its answer is the
// full parser's (HermesUsageFile::parseTree), field for field; for what it does not read it
// answers nothing and parse falls back. Also time::parseIsoUtcFast against time::parseIso.
#include "fuzz/UsageParsedText.h"
#include "skills/HermesUsageScanner.h"
#include "util/Time.h"

#include <QTest>

using namespace sediment;
using sediment::test::describeParsed;

namespace {

const HermesUsageFile::Provenance kProvenance{{QStringLiteral("bundled-one")}, {QStringLiteral("hub-one")}};

QDateTime now() { return *time::parseIso(QStringLiteral("2026-06-01T12:00:00Z")); }

} // namespace

class UsageScannerTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void answersAsTheFullParser_data()
    {
        QTest::addColumn<QByteArray>("text");
        // As Hermes writes it: sorted keys, indent 2, isoformat times with microseconds.
        QTest::newRow("hermes") << QByteArray(R"({
  "alpha": {
    "archived_at": null,
    "created_at": "2026-01-10T08:00:00.123456+00:00",
    "created_by": "agent",
    "last_patched_at": null,
    "last_used_at": "2026-05-20T09:30:00.999999+00:00",
    "last_viewed_at": null,
    "patch_count": 0,
    "pinned": false,
    "state": "active",
    "use_count": 4,
    "view_count": 2
  },
  "beta": {
    "created_at": "2026-01-01T00:00:00",
    "pinned": true,
    "state": "stale",
    "use_count": 0
  }
})");
        QTest::newRow("empty object") << QByteArray("{}");
        QTest::newRow("empty record") << QByteArray(R"({"a": {}})");
        QTest::newRow("compact") << QByteArray(R"({"a":{"use_count":1,"state":"archived"},"b":{}})");
        QTest::newRow("unsorted records and keys")
            << QByteArray(R"({"zed": {"view_count": 3, "use_count": 1}, "abc": {"pinned": null}})");
        QTest::newRow("unknown keys, agent_created")
            << QByteArray(R"({"a": {"zz": "x", "agent_created": true, "aa": 7, "mm": null, "nn": false}})");
        QTest::newRow("agent_created false") << QByteArray(R"({"a": {"agent_created": false, "created_by": "user"}})");
        QTest::newRow("provenance") << QByteArray(R"({"bundled-one": {}, "hub-one": {}, "hub-one-x": {}})");
        QTest::newRow("provenance overridden") << QByteArray(R"({"bundled-one": {"created_by": "agent"}})");
        QTest::newRow("empty and other times")
            << QByteArray(R"({"a": {"created_at": "", "last_used_at": "2026-05-21T10:00:00.5+02:00",
                          "last_viewed_at": "2026-05-21 10:00", "last_patched_at": "2026-05-21T10:00:00Z",
                          "archived_at": " 2026-05-21T10:00:00 "}})");
        QTest::newRow("fraction forms") << QByteArray(
            R"({"a": {"created_at": "2026-02-28T23:59:59.1", "last_used_at": "2026-02-28T23:59:59,123456789",
                          "last_viewed_at": "1970-01-01T00:00:00-00:00", "last_patched_at": "0001-01-01T00:00:00+0000"}})");
        QTest::newRow("whitespace everywhere") << QByteArray(" \r\n\t{ \"a\" : { \"use_count\" : 0 } , \"b\":{} } \n");
        // Declined by the scanner; the result is the full parser's either way.
        QTest::newRow("escape") << QByteArray(R"({"a": {"state": "act\u0069ve"}})");
        QTest::newRow("non-ascii") << QByteArray("{\"a\": {\"note\": \"caf\xc3\xa9\"}}");
        QTest::newRow("nested") << QByteArray(R"({"a": {"claims": [{"id": "x"}]}})");
        QTest::newRow("fraction count") << QByteArray(R"({"a": {"use_count": 2.9}})");
        QTest::newRow("negative count") << QByteArray(R"({"a": {"use_count": -1}})");
        QTest::newRow("huge count") << QByteArray(R"({"a": {"use_count": 123456789012345678901}})");
        QTest::newRow("exponent") << QByteArray(R"({"a": {"use_count": 1e2}})");
        QTest::newRow("leading zero") << QByteArray(R"({"a": {"use_count": 01}})");
        QTest::newRow("duplicate record") << QByteArray(R"({"a": {"use_count": 1}, "a": {"use_count": 2}})");
        QTest::newRow("duplicate key") << QByteArray(R"({"a": {"use_count": 1, "use_count": 2}})");
        QTest::newRow("duplicate unknown key") << QByteArray(R"({"a": {"x": 1, "x": 2}})");
        QTest::newRow("bad name") << QByteArray(R"({"Bad Name": {}, "ok": {}})");
        QTest::newRow("record not an object") << QByteArray(R"({"a": 5, "b": {}})");
        QTest::newRow("bad state") << QByteArray(R"({"a": {"state": "gone"}})");
        QTest::newRow("bad creator") << QByteArray(R"({"a": {"created_by": "robot"}})");
        QTest::newRow("pinned as a number") << QByteArray(R"({"a": {"pinned": 1}})");
        QTest::newRow("count as text") << QByteArray(R"({"a": {"use_count": "3"}})");
        QTest::newRow("bad time") << QByteArray(R"({"a": {"created_at": "2026-02-30T00:00:00"}})");
        QTest::newRow("time not text") << QByteArray(R"({"a": {"created_at": 5}})");
        QTest::newRow("trailing junk") << QByteArray(R"({"a": {}} x)");
        QTest::newRow("trailing comma") << QByteArray(R"({"a": {},})");
        QTest::newRow("bom") << QByteArray("\xef\xbb\xbf{\"a\": {}}");
        QTest::newRow("array") << QByteArray("[]");
        QTest::newRow("truncated") << QByteArray(R"({"a": {"use_count": 1)");
        QTest::newRow("literal run-on") << QByteArray(R"({"a": {"pinned": truex}})");
    }

    void answersAsTheFullParser()
    {
        QFETCH(QByteArray, text);
        const auto quick = HermesUsageScanner::tryScan(std::string_view(text.constData(), std::size_t(text.size())),
                                                       kProvenance, now());
        const auto full = HermesUsageFile::parseTree(text, kProvenance, now());
        const auto chosen = HermesUsageFile::parse(text, kProvenance, now());
        QCOMPARE(chosen.has_value(), full.has_value());
        if (!full) {
            QVERIFY(!quick); // what the full parser refuses, the scanner never answers
            QCOMPARE(chosen.error().message, full.error().message);
            return;
        }
        QCOMPARE(describeParsed(*chosen), describeParsed(*full));
        if (quick)
            QCOMPARE(describeParsed(*quick), describeParsed(*full));
    }

    // The shapes Hermes writes must take the quick way, or the figure it exists for is lost.
    void takesTheQuickWayForWhatHermesWrites()
    {
        const QByteArray text = R"({
  "a": {"archived_at": null, "created_at": "2026-01-10T08:00:00.123456+00:00", "created_by": "agent",
        "last_used_at": "2026-05-20T09:30:00", "pinned": false, "state": "stale", "use_count": 4},
  "b": {"agent_created": true, "some_future_key": "x"}
})";
        const auto quick = HermesUsageScanner::tryScan(std::string_view(text.constData(), std::size_t(text.size())),
                                                       kProvenance, now());
        QVERIFY(quick);
        QCOMPARE(quick->skills.size(), std::size_t(2));
        QVERIFY(quick->agentMarked.contains(QStringLiteral("a")));
        QVERIFY(quick->agentMarked.contains(QStringLiteral("b")));
        for (const char* declined : {R"({"a": {"x": [1]}})", R"({"a": {"s": "\n"}})", R"({"A": {}})"})
            QVERIFY(!HermesUsageScanner::tryScan(declined, kProvenance, now()));
    }

    void fastTimesAreParseIsosTimes_data()
    {
        QTest::addColumn<QString>("text");
        for (const char* s :
             {"2026-05-20T09:30:00", "2026-05-20 09:30:00", "2026-05-20T09:30:00Z", "2026-05-20T09:30:00+00:00",
              "2026-05-20T09:30:00-00:00", "2026-05-20T09:30:00+0000", "2026-05-20T09:30:00.1",
              "2026-05-20T09:30:00.123456+00:00", "2026-05-20T09:30:00,5Z", "2024-02-29T23:59:59.999999999",
              "1969-12-31T23:59:59.999", "0001-01-01T00:00:00", "9999-12-31T23:59:59"})
            QTest::newRow(s) << QString::fromLatin1(s);
    }

    void fastTimesAreParseIsosTimes()
    {
        QFETCH(QString, text);
        const auto fast = time::parseIsoUtcFast(text.toStdString());
        const auto slow = time::parseIso(text);
        QVERIFY(fast);
        QVERIFY(slow);
        QCOMPARE(*fast, *slow);
        QCOMPARE(fast->timeSpec(), slow->timeSpec());
        QCOMPARE(time::toIso(*fast), time::toIso(*slow));
    }

    void fastTimesDeclineTheRest()
    {
        for (const char* s :
             {"2026-05-20", "2026-05-20T09:30", "2026-05-20T09:30:00+02:00", " 2026-05-20T09:30:00",
              "2026-05-20T09:30:00 ", "2026-02-30T00:00:00", "2026-05-20T24:00:00", "2026-05-20T09:60:00",
              "2026-05-20T09:30:60", "0000-01-01T00:00:00", "2026-05-20T09:30:00.", "2026-05-20T09:30:00.1234567890",
              "2026-05-20T09:30:00x", "２026-05-20T09:30:00", ""})
            QVERIFY2(!time::parseIsoUtcFast(s), s);
    }
};

QTEST_GUILESS_MAIN(UsageScannerTest)
#include "usage_scanner_test.moc"
