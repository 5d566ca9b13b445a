// pyyaml::Document and pyyaml::Value against Python itself: each YAML text below was loaded once
// with yaml.safe_load (PyYAML 6.0, pure-Python SafeLoader) and its `d` value recorded as Python
// saw it: type(d).__name__, str(d), bool(d), int(d) (empty where int() raises; held to 64 bits)
// and len(d). Hermes reads its config.yaml and a skill's frontmatter that way, so a value
// Sediment acts on must be the one Hermes acts on.
#include "util/pyyaml/Document.h"

#include <QTest>

using namespace sediment;
using pyyaml::Value;

namespace {

// type(value).__name__ for the kinds a Value tells apart.
QString pythonType(const Value& v)
{
    switch (v.kind()) {
    case Value::Kind::Missing:
        return QStringLiteral("<missing>");
    case Value::Kind::None:
        return QStringLiteral("NoneType");
    case Value::Kind::Bool:
        return QStringLiteral("bool");
    case Value::Kind::Int:
        return QStringLiteral("int");
    case Value::Kind::Float:
        return QStringLiteral("float");
    case Value::Kind::Str:
        return QStringLiteral("str");
    case Value::Kind::Bytes:
        return QStringLiteral("bytes");
    case Value::Kind::Timestamp:
        return v.str().contains(QLatin1Char(' ')) ? QStringLiteral("datetime") : QStringLiteral("date");
    case Value::Kind::List:
    case Value::Kind::Pairs:
        return QStringLiteral("list");
    case Value::Kind::Dict:
        return QStringLiteral("dict");
    case Value::Kind::Set:
        return QStringLiteral("set");
    }
    return {};
}

} // namespace

class PyYamlValuesTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void readsEachValueAsPythonDoes_data()
    {
        QTest::addColumn<QString>("yaml");
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("str");
        QTest::addColumn<bool>("truth");
        QTest::addColumn<QString>("integer");
        QTest::addColumn<int>("size");
        const auto row = [](const char16_t* yaml, const char16_t* type, const char16_t* str, bool truth,
                            const char16_t* integer, int size) {
            const QString text = QString::fromUtf16(yaml);
            QTest::newRow(qPrintable(text.mid(3).left(40).replace(QLatin1Char('\n'), QLatin1Char(' '))))
                << text << QString::fromUtf16(type) << QString::fromUtf16(str) << truth << QString::fromUtf16(integer)
                << size;
        };
        row(u"d: plain words", u"str", u"plain words", true, u"", 0);
        row(u"d: yes", u"bool", u"True", true, u"1", 0);
        row(u"d: No", u"bool", u"False", false, u"0", 0);
        row(u"d: on", u"bool", u"True", true, u"1", 0);
        row(u"d: OFF", u"bool", u"False", false, u"0", 0);
        row(u"d: ~", u"NoneType", u"None", false, u"", 0);
        row(u"d: null", u"NoneType", u"None", false, u"", 0);
        row(u"d: ", u"NoneType", u"None", false, u"", 0);
        row(u"d: ''", u"str", u"", false, u"", 0);
        row(u"d: 0", u"int", u"0", false, u"0", 0);
        row(u"d: -0", u"int", u"0", false, u"0", 0);
        row(u"d: 017", u"int", u"15", true, u"15", 0);
        row(u"d: 0o17", u"str", u"0o17", true, u"", 0);
        row(u"d: 0x1F", u"int", u"31", true, u"31", 0);
        row(u"d: 0b101", u"int", u"5", true, u"5", 0);
        row(u"d: 1_000", u"int", u"1000", true, u"1000", 0);
        row(u"d: +12", u"int", u"12", true, u"12", 0);
        row(u"d: 1:30", u"int", u"90", true, u"90", 0);
        row(u"d: -1:30", u"int", u"-90", true, u"-90", 0);
        row(u"d: 190:20:30", u"int", u"685230", true, u"685230", 0);
        row(u"d: 99999999999999999999999", u"int", u"99999999999999999999999", true, u"9223372036854775807", 0);
        row(u"d: -99999999999999999999999", u"int", u"-99999999999999999999999", true, u"-9223372036854775808", 0);
        row(u"d: 1e16", u"str", u"1e16", true, u"", 0);
        row(u"d: 1.0e+16", u"float", u"1e+16", true, u"10000000000000000", 0);
        row(u"d: 1.5", u"float", u"1.5", true, u"1", 0);
        row(u"d: 0.0001", u"float", u"0.0001", true, u"0", 0);
        row(u"d: 0.00001", u"float", u"1e-05", true, u"0", 0);
        row(u"d: 123456789012345678.0", u"float", u"1.2345678901234568e+17", true, u"123456789012345680", 0);
        row(u"d: .inf", u"float", u"inf", true, u"", 0);
        row(u"d: -.Inf", u"float", u"-inf", true, u"", 0);
        row(u"d: .NaN", u"float", u"nan", true, u"", 0);
        row(u"d: 1_000.5", u"float", u"1000.5", true, u"1000", 0);
        row(u"d: 1:30.5", u"float", u"90.5", true, u"90", 0);
        row(u"d: 6.8523015e+5", u"float", u"685230.15", true, u"685230", 0);
        row(u"d: 685.230_15e+03", u"float", u"685230.15", true, u"685230", 0);
        row(u"d: 0.", u"float", u"0.0", false, u"0", 0);
        row(u"d: -0.0", u"float", u"-0.0", false, u"0", 0);
        row(u"d: 2002-12-14", u"date", u"2002-12-14", true, u"", 0);
        row(u"d: 2001-12-14t21:59:43.10-05:00", u"datetime", u"2001-12-14 21:59:43.100000-05:00", true, u"", 0);
        row(u"d: 2001-12-14 21:59:43.10 Z", u"datetime", u"2001-12-14 21:59:43.100000+00:00", true, u"", 0);
        row(u"d: 2001-12-14 21:59:43 +00:00", u"datetime", u"2001-12-14 21:59:43+00:00", true, u"", 0);
        row(u"d: 2001-12-14 21:59:00", u"datetime", u"2001-12-14 21:59:00", true, u"", 0);
        row(u"d: 2001-12-14 21:59:43.1234567 +5:30", u"datetime", u"2001-12-14 21:59:43.123456+05:30", true, u"", 0);
        row(u"d: !!binary YWJj", u"bytes", u"b'abc'", true, u"", 0);
        row(u"d: !!binary J2EiYgpj", u"bytes", u"b'\\'a\"b\\nc'", true, u"", 0);
        row(u"d: !!binary MTI=", u"bytes", u"b'12'", true, u"12", 0);
        row(u"d: !!str 20", u"str", u"20", true, u"20", 0);
        row(u"d: !!int \"0x1F\"", u"int", u"31", true, u"31", 0);
        row(u"d: !!float \"1\"", u"float", u"1.0", true, u"1", 0);
        row(u"d: '20'", u"str", u"20", true, u"20", 0);
        row(u"d: \" 42 \"", u"str", u" 42 ", true, u"42", 0);
        row(u"d: '4_2'", u"str", u"4_2", true, u"42", 0);
        row(u"d: '1e3'", u"str", u"1e3", true, u"", 0);
        row(u"d: \"1.5\"", u"str", u"1.5", true, u"", 0);
        row(u"d: \"tab\\there\"", u"str", u"tab\there", true, u"", 0);
        row(u"d: 'it''s'", u"str", u"it's", true, u"", 0);
        row(u"d: \"both ' and \\\"\"", u"str", u"both ' and \"", true, u"", 0);
        row(u"d: \"caf\\u00e9 \\u0001\"", u"str", u"caf\u00e9 \u0001", true, u"", 0);
        row(u"d: [a, 1, yes, ~, 1.5, 2002-12-14]", u"list", u"['a', 1, True, None, 1.5, datetime.date(2002, 12, 14)]",
            true, u"", 6);
        row(u"d: []", u"list", u"[]", false, u"", 0);
        row(u"d: {}", u"dict", u"{}", false, u"", 0);
        row(u"d: {a: 1, b: [x, {c: d}]}", u"dict", u"{'a': 1, 'b': ['x', {'c': 'd'}]}", true, u"", 2);
        row(u"d: !!set {a, b, a}", u"set", u"{'a', 'b'}", true, u"", 2);
        row(u"d: !!set {}", u"set", u"set()", false, u"", 0);
        row(u"d: !!omap [a: 1, b: 2]", u"list", u"[('a', 1), ('b', 2)]", true, u"", 2);
        row(u"d: !!pairs [a: 1, a: 2]", u"list", u"[('a', 1), ('a', 2)]", true, u"", 2);
        row(u"d: {a: 1, a: 2, b: 3}", u"dict", u"{'a': 2, 'b': 3}", true, u"", 2);
        row(u"d: {1: a, 1.0: b, true: c}", u"dict", u"{1: 'c'}", true, u"", 1);
        row(u"d: &x [*x]", u"list", u"[[...]]", true, u"", 1);
        row(u"d: {1.5: x, .nan: y, 2002-12-14: z, ~: w, !!binary YQ==: v}", u"dict",
            u"{1.5: 'x', nan: 'y', datetime.date(2002, 12, 14): 'z', None: 'w', b'a': 'v'}", true, u"", 5);
        row(u"d: [2001-12-14 21:59:43.10 Z, 2001-12-14t21:59:43-05:00, 2001-12-14 21:59:00, 2001-12-14 21:59:00.5, "
            u"2001-12-14 21:59:43 +01:00]",
            u"list",
            u"[datetime.datetime(2001, 12, 14, 21, 59, 43, 100000, tzinfo=datetime.timezone.utc), "
            u"datetime.datetime(2001, 12, 14, 21, 59, 43, tzinfo=datetime.timezone(datetime.timedelta(days=-1, "
            u"seconds=68400))), datetime.datetime(2001, 12, 14, 21, 59), datetime.datetime(2001, 12, 14, 21, 59, 0, "
            u"500000), datetime.datetime(2001, 12, 14, 21, 59, 43, "
            u"tzinfo=datetime.timezone(datetime.timedelta(seconds=3600)))]",
            true, u"", 5);
        row(u"d: {<<: {a: 1, b: 2}, b: 3}", u"dict", u"{'a': 1, 'b': 3}", true, u"", 2);
        row(u"d: {<<: [{a: 1}, {a: 2, c: 4}], b: 3}", u"dict", u"{'a': 1, 'c': 4, 'b': 3}", true, u"", 3);
        row(u"d: [!!binary YQ==, 'x\\y', \"a'b\", !!binary J2EiYgpj]", u"list",
            u"[b'a', 'x\\\\y', \"a'b\", b'\\'a\"b\\nc']", true, u"", 4);
        row(u"d: |\n  line one\n  line two\n", u"str", u"line one\nline two\n", true, u"", 0);
        row(u"d: >-\n  folded\n  text\n", u"str", u"folded text", true, u"", 0);
    }

    void readsEachValueAsPythonDoes()
    {
        QFETCH(QString, yaml);
        QFETCH(QString, type);
        QFETCH(QString, str);
        QFETCH(bool, truth);
        QFETCH(QString, integer);
        QFETCH(int, size);
        const auto loaded = pyyaml::Document::load(yaml);
        QVERIFY2(loaded.has_value(), qPrintable(loaded ? QString() : loaded.error().message));
        QVERIFY(!loaded->pythonRaises());
        const Value d = loaded->root()[u"d"];
        QCOMPARE(pythonType(d), type);
        if (type == QLatin1String("set")) // a set's order follows Python's hashes; its text's length does not
            QCOMPARE(d.str().size(), str.size());
        else
            QCOMPARE(d.str(), str);
        QCOMPARE(d.truth(), truth);
        const std::optional<long long> n = d.toInt();
        QCOMPARE(n ? QString::number(*n) : QString(), integer);
        QCOMPARE(int(d.size()), size);
    }

    void aScalarKeepsTheTextItWasWrittenAs()
    {
        const auto loaded = pyyaml::Document::load(QStringLiteral("a: yes\nb: '20'\nc: 0x1F\nd: ~\ne: [x]\n"));
        QVERIFY(loaded.has_value());
        const Value root = loaded->root();
        QCOMPARE(root[u"a"].text(), QStringLiteral("yes"));
        QCOMPARE(root[u"b"].text(), QStringLiteral("20"));
        QCOMPARE(root[u"c"].text(), QStringLiteral("0x1F"));
        QCOMPARE(root[u"d"].text(), QStringLiteral("~"));
        QCOMPARE(root[u"e"].text(), QString()); // a list has no text
        QVERIFY(!root[u"missing"].exists());
        QVERIFY(!root[u"missing"][u"deeper"].exists());
        QVERIFY(!root[u"missing"].truth());
        QCOMPARE(root[u"missing"].toInt(), std::nullopt);
        // Only a str key is found by its text: the int key 1 and the bool key true are not "1"/"true".
        const auto keys = pyyaml::Document::load(QStringLiteral("1: int\ntrue: bool\n'1': str\n"));
        QVERIFY(keys.has_value());
        QCOMPARE(keys->root()[u"1"].text(), QStringLiteral("str"));
        QVERIFY(!keys->root()[u"true"].exists());
    }

    void aTextWithoutADocumentIsNone()
    {
        for (const QString& text : {QString(), QStringLiteral("# only a comment\n"), QStringLiteral("---\n...\n")}) {
            const auto loaded = pyyaml::Document::load(text);
            QVERIFY(loaded.has_value());
            QCOMPARE(loaded->root().kind(), Value::Kind::None);
            QCOMPARE(loaded->root().str(), QStringLiteral("None"));
        }
    }

    void aRefusalIsPyYamlsOnOneLineToo()
    {
        const auto loaded = pyyaml::Document::load(QStringLiteral("a: b: c\n"));
        QVERIFY(!loaded.has_value());
        QVERIFY(loaded.error().yamlError);
        QCOMPARE(loaded.error().message, QStringLiteral("mapping values are not allowed here\n"
                                                        "  in \"<unicode string>\", line 1, column 5:\n"
                                                        "    a: b: c\n"
                                                        "        ^"));
        QCOMPARE(loaded.error().oneLine(), QStringLiteral("mapping values are not allowed here (line 1, column 5)"));
        const auto control = pyyaml::Document::load(QStringLiteral("a: \u0001\n"));
        QVERIFY(!control.has_value());
        QCOMPARE(control.error().oneLine(), QStringLiteral("unacceptable character #x0001: special characters are "
                                                           "not allowed (position 3)"));
    }

    void whatPythonItselfRefusesStillReads()
    {
        // datetime.date(2024, 2, 30) raises ValueError, no YAMLError: safe_load raises it, and the
        // values are there as written.
        const auto loaded = pyyaml::Document::load(QStringLiteral("limit: 20\nwhen: 2024-02-30\n"));
        QVERIFY(loaded.has_value());
        QVERIFY(loaded->pythonRaises());
        QCOMPARE(loaded->root()[u"limit"].toInt(), std::optional<long long>(20));
        QCOMPARE(loaded->root()[u"when"].text(), QStringLiteral("2024-02-30"));
        // Nesting past Python's recursion limit: nothing to read.
        const auto deep = pyyaml::Document::load(QString(600, QLatin1Char('[')));
        QVERIFY(!deep.has_value());
        QVERIFY(!deep.error().yamlError);
    }
};

QTEST_APPLESS_MAIN(PyYamlValuesTest)
#include "pyyaml_values_test.moc"
