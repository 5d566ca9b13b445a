// The quick JSON reader and writer must agree with nlohmann byte for byte: content hashes and the
// audit chain are computed from the writer's canonical text, and stored hashes must not change.
#include "util/JsonReader.h"
#include "util/JsonWriter.h"

#include <QRandomGenerator>
#include <QTest>

using namespace sediment;
using json::JsonReader;
using json::JsonWriter;

namespace {

std::string nlohmannCompact(const Json& v) { return v.dump(-1, ' ', false, Json::error_handler_t::replace); }

std::string nlohmannCanonical(const Json& v)
{
    return nlohmann::json(v).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// What the writer replaced: Python's separators, built with nlohmann's per-value dump.
void nlohmannPython(const Json& v, std::string& out)
{
    if (v.is_object()) {
        out += '{';
        bool first = true;
        for (const auto& [key, item] : v.items()) {
            out += first ? "" : ", ";
            first = false;
            out += Json(key).dump(-1, ' ', false, Json::error_handler_t::replace) + ": ";
            nlohmannPython(item, out);
        }
        out += '}';
    } else if (v.is_array()) {
        out += '[';
        bool first = true;
        for (const auto& item : v) {
            out += first ? "" : ", ";
            first = false;
            nlohmannPython(item, out);
        }
        out += ']';
    } else {
        out += v.dump(-1, ' ', false, Json::error_handler_t::replace);
    }
}

// Texts the reader must read exactly as nlohmann does.
const char* const kValid[] = {
    R"({"target":"memory","op":{"action":"add","content":"Lesson 1: test"},"score":0.8})",
    R"(  {"a" : [1, -2, 3.5, -0, 0, -0.0, 1e3, 2E-2, 1.5e+2, 18446744073709551615, 123456789012345678] } )",
    R"({"dup":1,"other":2,"dup":3})",
    R"({"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":10,"k":11,"l":12,"m":13,"n":14,"o":15,"p":16,"q":17,"a":18,"q":19,"r":20})",
    R"(["\u00e9\u20ac\ud83d\ude00", "\"\\\/\b\f\n\r\t", "\u0000x", "caf\u00E9"])",
    "{\"emoji\":\"\xF0\x9F\x98\x80 \xC3\xA9 e\xCC\x81\"}",
    R"([true,false,null,{},[],[{}],{"a":{}}])",
    R"("just a string")",
    R"(-9223372036854775808)",
    R"(-9223372036854775807)",
    R"(9223372036854775808)",
    R"(0.1)",
    R"(1.7976931348623157e308)",
    R"(4.9e-324)",
};

// Texts nlohmann refuses: the reader must refuse them too (the caller then asks nlohmann).
const char* const kInvalid[] = {
    R"({"a":1,})",
    R"([1,])",
    R"({"a" 1})",
    R"({a:1})",
    R"([01])",
    R"([1.])",
    R"([.5])",
    R"([1e])",
    R"([+1])",
    R"(["\x"])",
    R"(["\ud800"])",
    R"(["\udc00"])",
    R"(["\ud800\u0041"])",
    R"(["\u12"])",
    R"([NaN])",
    R"([Infinity])",
    R"([1e400])",
    R"(tru)",
    R"(nul)",
    R"({"a":1}{"b":2})",
    R"({"a":1} x)",
    "[\"tab\tinside\"]",
    "[\"nl\ninside\"]",
    "[\"\xC3\x28\"]",
    "[\"\xED\xA0\x80\"]",
    R"()",
    R"(   )",
    R"({"a":"unterminated)",
};

Json randomValue(QRandomGenerator& rng, int depth)
{
    const int kind = depth > 3 ? int(rng.bounded(5)) : int(rng.bounded(7));
    switch (kind) {
    case 0:
        return nullptr;
    case 1:
        return rng.bounded(2) == 1;
    case 2:
        return qint64(rng.generate64()) >> rng.bounded(60);
    case 3:
        return rng.generateDouble() * 1000.0 - 500.0;
    case 4: {
        static const char* const pieces[] = {"a",
                                             "Z",
                                             " ",
                                             "\"",
                                             "\\",
                                             "\n",
                                             "\x01",
                                             "\x1f",
                                             "\x7f",
                                             "/",
                                             "\xC3\xA9",
                                             "\xE2\x82\xAC",
                                             "\xF0\x9F\x98\x80",
                                             "\xCC\x81",
                                             "\t"};
        std::string s;
        const int n = int(rng.bounded(8));
        for (int i = 0; i < n; ++i)
            s += pieces[rng.bounded(int(std::size(pieces)))];
        return s;
    }
    case 5: {
        Json a = Json::array();
        const int n = int(rng.bounded(4));
        for (int i = 0; i < n; ++i)
            a.push_back(randomValue(rng, depth + 1));
        return a;
    }
    default: {
        Json o = Json::object();
        const int n = int(rng.bounded(5));
        for (int i = 0; i < n; ++i)
            o[std::string(1, char('a' + rng.bounded(26))) + (rng.bounded(2) ? "\xC3\xA9" : "")] =
                randomValue(rng, depth + 1);
        return o;
    }
    }
}

} // namespace

class JsonTextTest final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void readsWhatNlohmannReadsAsTheSameValue()
    {
        for (const char* text : kValid) {
            const Json expected = Json::parse(text);
            const auto got = JsonReader::tryParse(text);
            QVERIFY2(got.has_value(), text);
            QVERIFY2(*got == expected, text);
            QCOMPARE(got->dump(), expected.dump());
            // Same numeric kinds, not just equal values: validation asks for integers.
            QCOMPARE(got->type(), expected.type());
        }
    }

    void keepsNumberKindsAsNlohmannDoes()
    {
        const auto got = JsonReader::tryParse(R"([0, 7, -7, -0, 0.5])");
        QVERIFY(got.has_value());
        const Json expected = Json::parse(R"([0, 7, -7, -0, 0.5])");
        for (std::size_t i = 0; i < expected.size(); ++i)
            QCOMPARE((*got)[i].type(), expected[i].type());
    }

    void refusesWhatNlohmannRefuses()
    {
        for (const char* text : kInvalid) {
            QVERIFY2(!JsonReader::tryParse(text).has_value(), text);
            QVERIFY2(Json::parse(text, nullptr, false).is_discarded(), text);
        }
    }

    void leavesVeryDeepDocumentsToNlohmann()
    {
        const std::string deep = std::string(200, '[') + std::string(200, ']');
        QVERIFY(!JsonReader::tryParse(deep).has_value());
        QVERIFY(!Json::parse(deep, nullptr, false).is_discarded());
    }

    void leavesNumbersBeyond64BitsToNlohmann()
    {
        for (const char* text : {"18446744073709551616", "-9223372036854775809", "99999999999999999999999"}) {
            QVERIFY2(!JsonReader::tryParse(text).has_value(), text);
            QVERIFY(Json::parse(text).is_number_float());
        }
    }

    void writesWhatNlohmannWritesInEveryStyle()
    {
        QRandomGenerator rng(20261122);
        for (int round = 0; round < 3000; ++round) {
            const Json v = randomValue(rng, 0);
            std::string python;
            nlohmannPython(v, python);
            QCOMPARE(JsonWriter::toString(v, JsonWriter::Style::Compact), nlohmannCompact(v));
            QCOMPARE(JsonWriter::toString(v, JsonWriter::Style::Canonical), nlohmannCanonical(v));
            QCOMPARE(JsonWriter::toString(v, JsonWriter::Style::Python), python);
        }
    }

    void replacesBrokenUtf8AsNlohmannDoes()
    {
        const Json v = {{"k\xC3", "a\xFF\xFE"
                                  "b\xE2\x82"}};
        QCOMPARE(JsonWriter::toString(v, JsonWriter::Style::Compact), nlohmannCompact(v));
        QCOMPARE(JsonWriter::toString(v, JsonWriter::Style::Canonical), nlohmannCanonical(v));
    }

    void roundTripsThroughReaderAndWriter()
    {
        QRandomGenerator rng(7);
        for (int round = 0; round < 1000; ++round) {
            const Json v = randomValue(rng, 0);
            const std::string text = JsonWriter::toString(v, JsonWriter::Style::Python);
            const auto back = JsonReader::tryParse(text);
            QVERIFY2(back.has_value(), text.c_str());
            QCOMPARE(back->dump(), Json::parse(text).dump());
        }
    }
};

QTEST_GUILESS_MAIN(JsonTextTest)
#include "json_text_test.moc"
